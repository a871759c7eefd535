"""What each step of the 8x8 draughts lessons teaches, judged by the rules code: the step's move does
what its text says under its variant, and the same position read under another variant's rules
shows the difference (a move the variant refuses or allows). The texts exist in both languages.
(tests/test_lesson.py plays every step by clicks and checks that every other move is refused.)"""

import pytest

from game import games
from game.i18n import STRINGS
from game.rules import draughts as D
from game.rules import draughts_variants as V
from game.scenes.screens.rule_diagrams import find_move
from game.scenes.views import lessons

INFO = games.get("draughts")
BY_VARIANT = {dict(lesson.options)["variant"]: lesson for lesson in lessons("draughts")}


def states(variant):
    """[(step, the state the step starts from)] of the variant's lesson, played as scripted."""
    lesson = BY_VARIANT[variant]
    opts = lesson.rule_options(INFO.check_options)
    state, out = INFO.new_state(opts, seed=lesson.seed), []
    for step in lesson.steps:
        if step.position:
            state = D.from_text(step.position, **step.rule_options(opts))
        out.append((step, state))
        state = state.play(find_move(state, step.moves[0]))
        if step.reply:
            state = state.play(find_move(state, step.reply))
    return out


def at(variant, n):
    """(accepted moves, every legal move, the position text) of step n (1-based)."""
    step, state = states(variant)[n - 1]
    return [find_move(state, m) for m in step.moves], state.legal_moves(), D.to_text(state)


def under(variant, text):
    """The legal moves of a position text read under another variant."""
    return D.from_text(text, variant=variant).legal_moves()


def ends(moves):
    return {(m.path[0], m.path[-1]) for m in moves}


def row(square):
    return V.GEOMETRY[8].row_col(square)[0]  # from the top: White moves up, Black down


def test_every_8x8_variant_has_its_lesson_on_its_own_board():
    assert set(BY_VARIANT) == set(V.VARIANTS)
    for name, lesson in BY_VARIANT.items():
        assert len(lesson.steps) >= (4 if name == "international" else 6)
        for _step, state in states(name):
            assert state.variant.name == name and state.variant.size == (10 if name == "international" else 8)


@pytest.mark.parametrize("variant", list(V.VARIANTS))
def test_the_player_plays_one_side_the_one_the_lesson_draws_at_the_bottom(variant):
    lesson = BY_VARIANT[variant]
    side = lesson.side or "w"  # the draughts view's own bottom side
    assert side == V.get(variant).first
    assert all(state.to_move == side for _, state in states(variant))


@pytest.mark.parametrize("variant", ["russian", "brazilian", "english"])
def test_the_texts_of_every_step_exist_in_both_languages(variant):
    lesson = BY_VARIANT[variant]
    keys = [lesson.done] + [k for step in lesson.steps for k in (step.say, step.wrong)]
    for key in keys:
        assert key.startswith(f"lesson.draughts.{variant}.")
        assert STRINGS[key]["en"].strip() and STRINGS[key]["zh"].strip(), key
    for step in lesson.steps:  # the squares to click are named in both
        for notation in step.moves[:1]:
            first = notation.replace(":", "-").replace("x", "-").split("-")[0]
            assert first in STRINGS[step.say]["en"] and first in STRINGS[step.say]["zh"], (step.say, first)
    assert "8×8" in STRINGS[lesson.steps[0].say]["en"]


# ---- Russian ---------------------------------------------------------------------------------------
def test_russian_white_moves_first_on_named_squares():
    (move,), legal, text = at("russian", 1)
    assert text.startswith("W:") and str(move) == "c3-d4" and not move.is_capture


def test_russian_men_capture_backwards():
    (move,), legal, text = at("russian", 2)
    assert legal == [move] and move.is_capture and row(move.end) > row(move.start)
    assert not any(m.is_capture for m in under("english", text))  # English men take forward only


def test_russian_free_choice_of_capture():
    (move,), legal, text = at("russian", 3)
    assert len(move.captures) == 1 and max(len(m.captures) for m in legal) == 2
    assert (move.start, move.end) not in ends(under("brazilian", text))  # the majority rule would refuse it


def test_russian_kings_fly_and_take_from_afar():
    moves, legal, text = at("russian", 4)
    assert set(moves) == set(legal) and len(moves) == 3
    for m in moves:
        assert m.is_capture and len(m.path) == 2
        taken = m.captures[0]
        assert abs(row(taken) - row(m.start)) > 1 and abs(row(m.end) - row(taken)) >= 1


def test_russian_a_man_crowned_in_a_capture_goes_on_as_a_king():
    moves, legal, text = at("russian", 5)
    for m in moves:
        assert m.crowned and len(m.captures) == 2 and row(m.path[1]) == 0  # through the far row
    assert max(len(m.captures) for m in under("brazilian", text)) == 1  # there it would stop as a man


def test_russian_turkish_strike_jumped_pieces_block_until_the_move_ends():
    moves, legal, text = at("russian", 6)
    state = D.from_text(text, variant="russian")
    black = [sq for sq, code in state.pieces().items() if code in "bB"]
    assert set(moves) == set(legal) and len(black) == 3
    for m in moves:
        assert len(m.captures) == 2
        left = [sq for sq in black if sq not in m.captures]
        # with the jumped pieces gone the king could go on and take the third: they block it
        free = D.from_text(f"W:WK{m.end}:B{','.join(map(str, left))}", variant="russian")
        assert any(x.is_capture and x.start == m.end for x in free.legal_moves())


# ---- Brazilian ------------------------------------------------------------------------------------
def test_brazilian_white_moves_first_on_numbered_squares():
    (move,), legal, text = at("brazilian", 1)
    assert text.startswith("W:") and str(move) == "22-18"


def test_brazilian_men_capture_backwards():
    (move,), legal, text = at("brazilian", 2)
    assert legal == [move] and move.is_capture and row(move.end) > row(move.start)


def test_brazilian_majority_rule():
    (move,), legal, text = at("brazilian", 3)
    assert legal == [move] and len(move.captures) == 2
    assert min(len(m.captures) for m in under("russian", text)) == 1  # free choice would allow one


def test_brazilian_majority_counts_a_king_as_one_piece():
    (move,), legal, text = at("brazilian", 4)
    state = D.from_text(text, variant="brazilian")
    assert legal == [move] and all(state.pieces()[sq] == "b" for sq in move.captures) and len(move.captures) == 2
    takes_king = [m for m in under("russian", text) if any(state.pieces()[sq] == "B" for sq in m.captures)]
    assert takes_king and all(len(m.captures) == 1 for m in takes_king)


def test_brazilian_flying_king_under_the_majority_rule():
    moves, legal, text = at("brazilian", 5)
    assert set(moves) == set(legal) and all(len(m.captures) == 2 for m in moves)
    assert any(len(m.captures) == 1 and m.start == moves[0].start for m in under("russian", text))


def test_brazilian_a_man_passing_the_far_row_stays_a_man():
    (move,), legal, text = at("brazilian", 6)
    assert legal == [move] and row(move.path[1]) == 0 and not move.crowned
    after = D.from_text(text, variant="brazilian").play(move)
    assert after.pieces()[move.end] == "w"
    assert all(m.crowned for m in under("russian", text))  # Russian crowns it on the way


# ---- English checkers ---------------------------------------------------------------------------
def test_english_black_moves_first_on_squares_1_to_32():
    (move,), legal, text = at("english", 1)
    assert text == "B:W21-32:B1-12" and str(move) == "11-15"
    (capture,), legal, text = at("english", 2)
    assert legal == [capture] and str(capture) == "15x22"  # capturing is compulsory


def test_english_men_capture_forward_only():
    (move,), legal, text = at("english", 3)
    assert legal == [move] and row(move.end) > row(move.start)  # Black's forward is down
    assert any(m.start == move.start and row(m.end) < row(m.start) for m in under("russian", text))


def test_english_kings_move_one_square():
    (move,), legal, text = at("english", 4)
    assert legal == [move] and abs(row(move.end) - row(move.start)) == 2 and row(move.end) < row(move.start)
    flying = under("russian", text)  # a flying king would take the piece two squares off
    assert any(m.start == move.start and m.captures != move.captures for m in flying)


def test_english_any_capture_may_be_chosen():
    (move,), legal, text = at("english", 5)
    assert len(move.captures) == 1 and max(len(m.captures) for m in legal) == 2
    assert (move.start, move.end) not in ends(under("brazilian", text))


def test_english_a_capture_must_be_completed():
    moves, legal, text = at("english", 6)
    assert set(moves) == set(legal) and all(len(m.captures) == 2 and len(m.path) == 3 for m in moves)
    assert not any(m.end == moves[0].path[1] for m in legal)  # no stopping after the first jump


def test_english_crowning_ends_the_move():
    (move,), legal, text = at("english", 7)
    assert legal == [move] and move.crowned and len(move.captures) == 1
    after = D.from_text(text, variant="english").play(move)
    again = D.from_text(D.to_text(after).replace("W:", "B:", 1), variant="english")
    assert any(m.is_capture and m.start == move.end for m in again.legal_moves())  # the king could go on
    assert max(len(m.captures) for m in under("russian", text)) == 2  # Russian would go on as a king
