"""Audit fixes in the rules: the draughts endgame clocks (FMJD art. 6.3 and 6.4)."""

import pytest

from game.rules import banqi, palace
from game.rules import draughts as d
from game.rules.common import PositionError, parse_count


def _play(fen, moves):
    state = d.from_text(fen)
    for text in moves:
        state = state.play(text)
    return state


def test_five_move_count_stops_when_a_capture_leaves_uncovered_material():
    # 1 king + 1 man v 1 king starts the 5-move count; 39x22 leaves a lone king against a lone
    # man, which no draw article covers, so the count must stop and White wins with 28x50.
    pdn = '[FEN "W:WK50:B24,K47"] 1. 50-39 47-33 2. 39x22 24-30 3. 22-13 30-35 4. 13-19 35-40 5. 19-28 40-44 *'
    state = d.from_text(pdn)
    assert state.result() is None
    assert [str(m) for m in state.legal_moves()] == ["28x50"]
    assert state.clocks == (-1, -1)
    assert [str(m) for m in d.from_text("W:WK28:B44").legal_moves()] == ["28x50"]


def test_promotion_back_into_covered_material_starts_a_fresh_count():
    state = _play("B:WK28:B39", [])
    assert state.clocks == (-1, -1)
    state = _play("B:WK50:B39", ["39-43", "50-44", "43-48"])  # the man promotes: 1 king v 1 king
    assert state.clocks == (-1, 10)


def test_capture_inside_five_move_material_goes_on_counting():
    # 2 kings v 1 king, then Black takes a king: 1 king v 1 king is the same art. 6.4 ending,
    # whose 5 moves run from its start (not restarted by the capture).
    state = _play("W:WK50,K45:BK1", ["50-11", "1-6", "11-17", "6x22"])
    assert state.clocks == (-1, 6)
    plies = 4
    while state.result() is None:
        state = state.play(state.legal_moves()[0])
        plies += 1
    assert plies == 10 and state.result().reason == "endgame_5"


def test_capture_from_sixteen_to_five_move_material_keeps_both_counts():
    state = _play("W:WK50,K45,K40:BK1", ["40-35", "1-6", "50-11", "6x17"])
    # the 16-move maximum stays valid (28 plies left) and the 5-move count starts (10 plies)
    assert state.clocks == (28, 10)
    assert state.draw_counter() == ("endgame_5", 10)


# ---- ASCII digits only in position texts ----------------------------------------------------------
PALACE_START = ".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. b 16 0"


@pytest.mark.parametrize("text", ["W:W３１:B1", "W:W31:B1-٣", "W:W31:B¹", "W:W31-5０:B1", "W:W" + "9" * 5000 + ":B1"])
def test_draughts_fen_takes_ascii_digits_only(text):
    with pytest.raises(PositionError) as info:
        d.from_text(text)
    assert "\n" not in str(info.value) and len(str(info.value)) < 120


@pytest.mark.parametrize(
    "hand, caps, plies",
    [("²", "0", "0"), ("１６", "0", "0"), ("16", "٠", "0"), ("16", "0", "³"), ("16", "0", "9" * 5000)],
)
def test_palace_counts_take_ascii_digits_only(hand, caps, plies):
    text = PALACE_START.rsplit(" ", 2)[0] + f" {hand} {caps} {plies}"
    with pytest.raises(PositionError) as info:
        palace.from_text(text)
    assert "\n" not in str(info.value) and len(str(info.value)) < 120


@pytest.mark.parametrize("plies", ["²", "１", "٣", "9" * 5000])
def test_banqi_plies_take_ascii_digits_only(plies):
    with pytest.raises(PositionError) as info:
        banqi.from_text(f"xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - - {plies}")
    assert "\n" not in str(info.value) and len(str(info.value)) < 120


def test_parse_count():
    assert parse_count(" 007 ", "n", 10) == 7
    for bad in ("", "-1", "1.0", "²", "１", "11", "1" * 5000, None):
        with pytest.raises(PositionError):
            parse_count(bad, "n", 10)
    assert d.from_text("W:W31 - 33:B1").pieces() == {31: "w", 32: "w", 33: "w", 1: "b"}
    assert palace.to_text(palace.from_text(PALACE_START)).startswith(PALACE_START[:20])
