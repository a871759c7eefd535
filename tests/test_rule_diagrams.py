"""The rules screen's diagrams: every position is legal and every picture shows what it claims."""

import pygame
import pytest

from game import games
from game.rules import banqi, draughts, palace
from game.scenes.screens import rule_diagrams as R
from game.scenes.screens.rules import load_rules, parse


def _move(key):
    d = R.BY_KEY[key]
    state = R.position(d)
    move = R.find_move(state, d.move)
    assert move is not None, f"{d.move} is not legal in {d.position}"
    return state, move


def test_every_diagram_position_parses_and_its_move_is_legal():
    for d in R.DIAGRAMS:
        state = R.position(d)
        assert state is not None
        if d.move:
            assert R.find_move(state, d.move) is not None, d.key


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("game", games.NAMES)
def test_every_diagram_is_placed_in_its_rules_text(game, lang):
    blocks, note = load_rules(game, lang)
    assert note is None
    placed = [label for kind, _, label, _ in blocks if kind == "diagram"]
    assert placed == [d.key for d in R.DIAGRAMS if d.game == game]
    assert parse("![diagram](diagram:palace-jump)") == [("diagram", 0, "palace-jump", "")]


def test_the_start_diagrams_are_the_starts():
    for game in games.NAMES:
        d = R.BY_KEY[f"{game}-start"]
        assert d.position is None and d.move is None


def test_palace_jump_captures_one_soldier():
    state, move = _move("palace-jump")
    assert move.captured and state.play(move).captures == state.captures + 1


def test_palace_drop_phase_drops_only():
    state = R.position(R.BY_KEY["palace-drop"])
    assert state.to_move == "w" and state.hand > 0 and R.BY_KEY["palace-drop"].drops
    assert state.legal_moves() and all(len(m.path) == 1 for m in state.legal_moves())


def test_palace_trapped_kings_lose():
    d = R.BY_KEY["palace-trapped"]
    state = R.position(d)
    assert state.to_move == "b" and state.legal_moves() == []
    assert state.result().winner == "w" and state.captures < 7
    assert sorted(d.rings) == sorted(state.kings)


def test_draughts_maximum_capture_takes_the_most():
    state, move = _move("draughts-max")
    assert len(move.captures) == 2
    assert all(len(m.captures) <= 2 for m in state.legal_moves())
    # the other man could take one piece if it were alone: a shorter capture the rule forbids
    alone = draughts.from_text("W:W39:B23,32,34")
    assert [len(m.captures) for m in alone.legal_moves()] == [1]
    assert all(m.path[0] == 37 for m in state.legal_moves())


def test_draughts_flying_king_takes_from_afar():
    state, move = _move("draughts-king")
    assert state.piece_at(46) == "W" and len(move.captures) == 1
    landings = {m.path[-1] for m in state.legal_moves()}
    assert len(landings) > 1 and move.path[-1] in landings
    # the captured piece is far from the king, over empty squares: it flew
    assert tuple(move.captures) == (28,) and all(state.piece_at(sq) is None for sq in (41, 37, 32))


def test_draughts_turkish_strike_cannot_jump_a_piece_twice():
    state, move = _move("draughts-turkish")
    assert len(move.captures) == 4 and move.path[0] == move.path[-1]
    assert max(len(m.captures) for m in state.legal_moves()) == 4
    # back on its square the man stands next to the first piece it took, with the square behind it
    # free: only the Turkish-strike rule stops a fifth jump
    first = move.captures[0]
    landing = move.path[1]
    assert state.play(move).piece_at(landing) is None and state.piece_at(first) == "b"


def test_banqi_flip_is_a_flip():
    state, move = _move("banqi-flip")
    assert move.kind == "flip"


def test_banqi_cannon_captures_over_exactly_one_screen():
    state, move = _move("banqi-cannon")
    a, b = move.path
    assert move.kind == "capture" and state.board[a].upper() == "C"
    assert a // 8 == b // 8
    between = [state.board[p] for p in range(min(a, b) + 1, max(a, b))]
    assert sum(c != banqi.EMPTY for c in between) == 1
    assert abs(a - b) > 1  # not the piece next to it


def test_banqi_soldier_takes_the_general_not_the_other_way():
    state, move = _move("banqi-soldier")
    a, b = move.path
    assert move.kind == "capture" and state.board[a] == "P" and state.board[b] == "k"
    black = banqi.from_text(R.BY_KEY["banqi-soldier"].position.replace(" r ", " b "))
    assert not [m for m in black.legal_moves() if m.kind == "capture"]


def test_every_diagram_renders():
    pygame.init()
    pygame.display.set_mode((64, 64))
    for d in R.DIAGRAMS:
        for lang in ("zh", "en"):
            pic = R.render(d, (400, 260), lang)
            assert pic.get_width() > 100 and pic.get_height() > 100
            assert R.caption(d, lang) != d.caption


def test_palace_points_named_in_the_diagrams():
    assert R.BY_KEY["palace-trapped"].rings == (palace.parse_point("c8"), palace.parse_point("c2"))


# ---- the 8x8 variants: each diagram is read under its variant and shows the rule it names ------------
def _under(key, variant):
    """The diagram's position read under another variant (what the rule changes)."""
    return draughts.from_text(R.BY_KEY[key].position, variant=variant)


def test_the_variant_diagrams_are_drawn_on_their_variants_board():
    for key, variant in (
        ("draughts-russian", "russian"),
        ("draughts-brazilian", "brazilian"),
        ("draughts-english-man", "english"),
        ("draughts-english-king", "english"),
    ):
        state = R.position(R.BY_KEY[key])
        assert state.variant.name == variant and state.variant.size == 8, key
        view = R.view_of(R.BY_KEY[key], state)  # drawn on that variant's board, not the 10x10 one
        assert view.variant.name == variant and view.points() == list(range(1, 33)), key
    assert R.view_of(R.BY_KEY["draughts-max"], R.position(R.BY_KEY["draughts-max"])).size == 10


def test_draughts_russian_man_crowned_mid_capture_goes_on_as_a_king():
    state, move = _move("draughts-russian")
    assert state.piece_at(9) == "w" and tuple(move.captures) == (6, 11)
    assert move.path[1] == 2  # it lands on d8, the crowning row, mid-capture
    after = state.play(move)
    assert after.piece_at(move.path[-1]) == "W"
    # the second piece stands two squares away from d8 (e7 empty): only a flying king reaches it
    assert state.piece_at(7) is None
    # under the Brazilian rules the same man stops on d8 (it took one piece and is crowned there)
    assert [str(m) for m in _under("draughts-russian", "brazilian").legal_moves()] == ["9x2"]


def test_draughts_brazilian_majority_rule_on_8x8():
    state, move = _move("draughts-brazilian")
    assert len(move.captures) == 2 and [str(m) for m in state.legal_moves()] == ["23x7"]
    # the shorter capture exists: Russian free choice allows it
    russian = _under("draughts-brazilian", "russian")
    assert sorted(len(m.captures) for m in russian.legal_moves()) == [1, 2]


def test_draughts_english_men_capture_forward_only():
    state, move = _move("draughts-english-man")
    assert [str(m) for m in state.legal_moves()] == ["18x9"] and tuple(move.captures) == (14,)
    assert state.piece_at(23) == "b" and state.piece_at(27) is None  # behind it, free beyond
    # a Russian man would take the piece behind it too
    assert {tuple(m.captures) for m in _under("draughts-english-man", "russian").legal_moves()} == {(14,), (23,)}


def test_draughts_english_king_steps_one_square():
    state, move = _move("draughts-english-king")
    assert state.piece_at(29) == "W" and [str(m) for m in state.legal_moves()] == ["29-25"]
    # a flying king would take 18 from afar
    assert all(m.captures == (18,) for m in _under("draughts-english-king", "russian").legal_moves())
