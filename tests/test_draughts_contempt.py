"""Contempt: when the computer chooses its own move in a game, a draw counts a little below
level for it (search.CONTEMPT); hints, analysis and review keep draws at 0."""

import pytest

from game.ai.contract import Limits
from game.ai.draughts import fast as F
from game.ai.draughts import search as A
from game.ai.draughts.player import ENGINE
from game.rules import draughts as R


def shuffled():
    """Two kings and a man each; the kings have gone out and back, so White's 48-42 repeats the
    position of four plies ago (a draw in the tree), and other moves keep the game going."""
    s = R.from_text("W:WK48,K49,36:BK3,K2,15")
    for m in ("48-42", "3-8", "42-48", "8-3"):
        s = s.play(m)
    return s


def test_a_draw_is_worth_below_level_only_to_the_side_that_plays():
    assert A.draw_score(False, True) == A.draw_score(False, False) == 0
    assert A.draw_score(True, True) == -A.CONTEMPT < 0  # White plays: a draw is worse for White
    assert A.draw_score(True, False) == A.CONTEMPT  # Black plays: with White to move, better


@pytest.mark.parametrize("draw_white", [0, -20, 20])
def test_both_searches_score_a_repetition_as_the_draw_score(draw_white):
    """The compiled search and the plain one it is tested against agree on the value, whatever a
    draw is worth; where it is worth more than going on, the repetition is chosen and scored so."""
    F.warm()
    s = shuffled()
    repeat = R.internal(next(m for m in s.legal_moves() if str(m) == "48-42"))
    for depth in (1, 2, 3, 4):
        plain = A.Search(A.Budget(nodes=10**8), s.history[:-1], None, draw_white).root(s, depth)
        fast = A.FastSearch(A.Budget(nodes=10**8), s.history[:-1], None, draw_white).root(s, depth)
        assert fast == plain, (depth, draw_white)
        if draw_white == 20:
            assert fast[0] == repeat and fast[1] == 20
        else:
            assert fast[0] != repeat and fast[1] < 20


def test_only_the_computers_own_move_is_chosen_with_contempt():
    """The engine's notes say when a draw counted below level; a hint or analysis has none, and
    with contempt a drawn line reads below 0 for the mover."""
    s = shuffled()
    played = ENGINE.search(s, Limits("hard", nodes=20000, playing=True))
    judged = ENGINE.search(s, Limits("hard", nodes=20000))
    assert any(line.startswith("contempt: a draw counts -0.20 men") for line in played.notes)
    assert not any(line.startswith("contempt") for line in judged.notes)
    assert str(played.move) != "48-42"  # it does not take the repetition, even at equal value


def test_pondering_keeps_the_contempt_of_the_side_that_moved(monkeypatch):
    """ponder() searches with the opponent to move, into the tables the next move keeps: its
    draws must be the side that moved's, as in that next search."""
    s = shuffled().play("49-43")  # Black to move now; White pondering
    seen = []
    real = A.make_search

    def spy(budget, keys=(), tables="fresh", draw_white=0):
        seen.append(draw_white)
        return real(budget, keys, tables, draw_white)

    monkeypatch.setattr(A, "make_search", spy)
    A.ponder(s, lambda: False, 0.2)
    assert seen == [A.draw_score(True, True)]
