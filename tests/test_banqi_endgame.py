"""Banqi endgame tables: known positions, agreement with the rules module (every move of random
positions, and a plain minimax to the depth the no-progress counter leaves), the counter itself,
and the hard engine playing the tables' moves."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import choose_move  # noqa: E402
from game.ai.banqi import endgame as E
from game.ai.banqi import player as A
from game.rules import banqi as B
from game.rules.common import find_move
from tests.test_banqi_rules import caps_except, play


def state(pieces: dict, side="r", quiet=0, limit=60):
    """A public state with only `pieces` ({square name: letter}) on the board, nothing face down."""
    board = ["."] * 32
    for sq, c in pieces.items():
        board[B.parse_square(sq)] = c
    text = "/".join("".join(board[r * 8 : (r + 1) * 8]) for r in range(3, -1, -1))
    return B.from_text(f"{text} {side} {caps_except(''.join(pieces.values()))} {quiet}", no_progress=limit)


def codes(s):
    return [E.CODE.get(c, 0) for c in s.board]


def side_of(s):
    return 0 if s.to_move == "r" else 1


def probe(s, quiet=None):
    return E.probe(codes(s), side_of(s), s.quiet if quiet is None else quiet, s.options["no_progress"])


def table_move(s):
    a, b = E.best_move(codes(s), side_of(s), s.quiet, s.options["no_progress"])
    return next(m for m in s.legal_moves() if m.path == (a, b))


def table_line(s):
    """Both sides play the tables' moves until the game ends: (final state, plies played)."""
    n = 0
    while s.result() is None:
        s = s.play(table_move(s))
        n += 1
    return s, n


# ---- known positions ------------------------------------------------------------------------------
def test_chariot_wins_against_a_lone_soldier_when_the_parity_is_right():
    s = state({"a1": "R", "g4": "p"})  # distance 9, red to move: the soldier is driven into a corner
    result, d = probe(s)
    assert result == 1 and d == 17
    end, plies = table_line(s)
    assert end.result() == B.Result("r", "no_pieces") and plies == d  # taking the last piece is the zeroing move
    # distance 10, red to move: neither side can ever take (no passing keeps the parity): a draw
    assert probe(state({"a1": "R", "h4": "p"})) == (0, 0)


def test_general_cannot_take_a_soldier():
    for k in range(32):
        for p in range(32):
            if k == p:
                continue
            board = [0] * 32
            board[k], board[p] = E.CODE["K"], E.CODE["p"]
            assert E.probe(board, 0, 0, 60)[0] != 1  # red (the general) never wins
            assert E.probe(board, 1, 0, 60)[0] != -1
    s = state({"a1": "K", "a2": "p"})
    assert not any(m.kind == "capture" for m in s.legal_moves())
    assert probe(state({"a1": "K", "a2": "p"}, side="b")) == (1, 1)  # the soldier takes the general


def test_cannon_needs_exactly_one_screen():
    assert probe(state({"a1": "C", "a3": "p"})) == (0, 0)  # no screen: nobody can ever take
    s = state({"a1": "C", "a2": "P", "a4": "n"})
    assert probe(s) == (1, 1) and table_move(s) == B.Move("capture", (0, 24))
    s = state({"a1": "C", "a2": "n"})  # adjacent: no capture, while the horse takes the cannon
    assert not any(m.kind == "capture" for m in s.legal_moves())
    assert probe(state({"a1": "C", "a2": "n"}, side="b")) == (1, 1)


def test_side_without_a_legal_action_loses():
    s = state({"a1": "p", "a2": "R", "b1": "N"}, side="b")
    assert s.result() == B.Result("r", "no_moves") and probe(s) == (-1, 0)
    # two cannons cannot take the soldier (adjacent, no screen) but can wall it in
    s = state({"a1": "p", "a2": "C", "c1": "C"}, quiet=59, limit=60)
    assert probe(s) == (1, 1)  # the counter reaches 60, but no legal action is checked first
    assert table_move(s) == B.Move("move", (2, 1))
    assert s.play(table_move(s)).result() == B.Result("r", "no_moves")


@pytest.mark.parametrize("limit", [40, 60, 180])
def test_no_progress_counter_is_respected(limit):
    s = state({"a1": "R", "g4": "p"}, limit=limit)
    _, d = probe(s)
    assert probe(s, quiet=limit - d) == (1, d)
    assert probe(s, quiet=limit - d + 1) == (0, 0)
    late = state({"a1": "R", "g4": "p"}, quiet=limit - d + 1, limit=limit)
    end, _ = table_line(late)  # the soldier's best defence reaches the limit
    assert end.result().winner is None
    end, plies = table_line(state({"a1": "R", "g4": "p"}, quiet=limit - d, limit=limit))
    assert end.result().winner == "r" and plies == d


# ---- agreement with the rules module ------------------------------------------------------------------
SQUARES = [B.square_name(p) for p in range(32)]


@st.composite
def positions(draw, max_pieces=3):
    n = draw(st.integers(2, max_pieces))
    red = draw(st.lists(st.sampled_from("KABRNCP"), min_size=1, max_size=n - 1))
    black = [
        c.lower() for c in draw(st.lists(st.sampled_from("KABRNCP"), min_size=n - len(red), max_size=n - len(red)))
    ]
    if red.count("K") > 1 or black.count("k") > 1:
        red, black = ["R"], black[:1]
    squares = draw(
        st.lists(st.sampled_from(SQUARES), min_size=len(red) + len(black), max_size=len(red) + len(black), unique=True)
    )
    limit = draw(st.sampled_from([40, 60, 180]))
    quiet = draw(st.integers(0, limit - 1))
    return dict(zip(squares, red + black)), draw(st.sampled_from("rb")), quiet, limit


def verdict(child, mover):
    """(result for `mover`, plies to its conversion) after a move into `child`."""
    res = child.result()
    if res is not None:
        return (0, 0) if res.winner is None else ((1, 1) if res.winner == mover else (-1, 1))
    r, d = probe(child)
    return -r, (1 if child.quiet == 0 else 1 + d)


@settings(max_examples=200, deadline=None)
@given(positions())
def test_every_position_agrees_with_its_moves_under_the_rules(pos):
    pieces, side, quiet, limit = pos
    s = state(pieces, side, quiet, limit)
    r, d = probe(s)
    if s.result() is not None:  # only "no legal action" can end an all-revealed position at once
        assert s.result().reason == "no_moves" and (r, d) == (-1, 0)
        return
    outcomes = [verdict(s.play(m), s.to_move) for m in s.legal_moves()]
    wins = [k for v, k in outcomes if v == 1]
    if r == 1:
        assert wins and d == min(wins)
    elif r == -1:
        assert all(v == -1 for v, _ in outcomes) and d == max(k for _, k in outcomes)
    else:
        assert not wins and not all(v == -1 for v, _ in outcomes) and d == 0


def minimax(s):
    """The value for the side to move by a plain search through the rules (a capture into a
    smaller signature is valued by its table); the counter bounds the depth."""
    res = s.result()
    if res is not None:
        return 0 if res.winner is None else (1 if res.winner == s.to_move else -1)
    best = -1
    for m in s.legal_moves():
        c = s.play(m)
        v = -(probe(c)[0] if m.kind == "capture" and c.result() is None else minimax(c))
        if v > best:
            best = v
            if best == 1:
                break
    return best


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(1, 3))
def test_agrees_with_a_plain_minimax_when_the_counter_leaves_few_plies(pos, left):
    pieces, side, _, limit = pos
    s = state(pieces, side, limit - left, limit)
    assert minimax(s) == probe(s)[0]


def test_every_signature_of_two_pieces_and_some_of_three_solve():
    keys = E.signatures(2)
    assert len(keys) == 28 and len(E.signatures(3)) == 189
    for key in keys + [((1, 4), (7,)), ((2, 2), (3,))]:
        tab = E.table(key, 40)
        assert max(tab.dtz) <= 40
    assert not any(E.table(((1,), (2,)), 40).res)  # soldier against cannon: nobody can ever take


# ---- in play ----------------------------------------------------------------------------------------------
def test_hard_plays_the_table_move_and_converts():
    s = state({"a1": "R", "g4": "p"})
    _, d = probe(s)
    n = 0
    while s.result() is None:
        r, dd = probe(s)
        m = choose_move(s, level="hard", nodes=300, seed=0)
        child = s.play(m)
        if child.result() is None:  # each move keeps the win one ply nearer, each reply the longest
            assert probe(child) == (-r, dd - 1)
        s = child
        n += 1
    assert s.result().winner == "r" and n == d


def test_root_ranking_sees_a_repetition_the_opponent_can_make():
    s = state({"a1": "R", "g4": "p"})
    s = play(s, "a1-a2", "g4-g3", "a2-a1", "g3-g4", "a1-a2", "g4-g3")
    back = s.play(find_move(s, "a2-a1"))
    assert probe(back)[0] == -1  # by the tables black is lost, but g3-g4 repeats the start a third time
    scores = {str(m): v for v, m in E.rank_root(s)}
    assert scores["a2-a1"] == 0 and max(scores.values()) >= A.WIN - 1000
    assert str(choose_move(s, level="hard", nodes=300, seed=0)) != "a2-a1"


def test_search_scores_a_capture_into_a_won_table_position(monkeypatch):
    # black to move in R against p, lost at the longest distance; before it, the chariot takes a horse
    lost = max(
        (E.probe(b, 1, 0, 60)[1], r, p)
        for r in range(32)
        for p in range(32)
        if r != p
        for b in [[E.CODE["R"] if i == r else E.CODE["p"] if i == p else 0 for i in range(32)]]
        if E.probe(b, 1, 0, 60)[0] == -1
    )
    d, r, p = lost
    frm = next(q for q in B.NEIGHBOURS[r] if q != p)
    s = state({B.square_name(frm): "R", B.square_name(r): "n", B.square_name(p): "p"})
    ranked, _, _, _ = A.analyse(s, "hard", nodes=2000, seed=0)
    assert ranked[0][0] >= A.WIN - 1000 and ranked[0][1][2] == B.Move("capture", (frm, r))
    monkeypatch.setattr(E, "MAX_PIECES", 0)  # without the tables the search sees no win that far
    ranked, _, _, _ = A.analyse(s, "hard", nodes=2000, seed=0)
    assert ranked[0][0] < A.WIN - 1000
