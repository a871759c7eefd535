"""The ten levels: what every entry point accepts, how levels 1-9 spend their budget (a node count,
the same answer whatever the clock), the shared mistake mechanism, and the command-line contracts
of issue 60 (levels, bestmove --level, selfplay --white/--black/--swap/--openings)."""

import io
import json
import random
import subprocess
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import games
from game.ai import choose_move
from game.ai.common import LevelRow, level_budget, pick_level_move
from game.ai.contract import LEVEL_CAP, LEVEL_TIME, Limits
from game.ai.draughts.hub import Hub
from game.ai.levels import LEVEL_NUMBERS, level_label, parse_level
from game.match import Match
from game.record import GameRecord

BUSY = {
    "palace": ".-.-./-...-/..W../.WBW./.W.W./.WWW./..B../-...-/.-.-. b 8 0",
    "draughts": "W:W27,28,31,32,33,34,35,36,37,38,39,40,41,43,44,45,46,48:B3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,22",
    "banqi": "xcRnPxAB/pxCx.rxx/CxPxrpPx/xcapPxNx b p 2",
}


def _state(name):
    return games.get(name).rules.from_text(BUSY[name])


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=600)


# ---- what a level may be written as ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("given", "number"), [(1, 1), (10, 10), ("7", 7), (" 4 ", 4), ("easy", 3), ("Medium", 6), ("HARD", 10)]
)
def test_a_level_is_a_number_1_to_10_or_one_of_the_three_names(given, number):
    assert parse_level(given) == number
    assert Limits(level=given).level == number


@pytest.mark.parametrize("bad", [0, 11, -1, "0", "11", "x", "", "3.0", 3.0, True, None, "١"])
def test_anything_else_is_refused(bad):
    with pytest.raises(ValueError):
        Limits(level=bad)


def test_every_level_has_a_default_time_and_a_label_in_both_languages():
    assert set(LEVEL_TIME) == set(LEVEL_NUMBERS)
    assert level_label("medium", "en") == "6 Intermediate" and level_label(10, "zh") == "10 大师"


@pytest.mark.parametrize(("old", "number"), [("easy", 3), ("medium", 6), ("hard", 10)])
def test_saves_with_the_old_level_names_still_load(old, number):
    text = (
        '{"format": "qipan-game", "version": 1, "game": "draughts", "options": {},'
        ' "start": {"text": "W:W31-50:B1-20"}, "moves": ["32-27"], "redo": [], "mode": "computer",'
        f' "human_seat": 0, "level": "{old}", "end": null}}'
    )
    match = Match.from_record(GameRecord.from_json(text))
    assert match.level == number and match.seats[1].level == number
    assert json.loads(match.to_record().to_json())["level"] == number  # saved as the number from now on


# ---- every level of every game plays a legal move, the same one for the same seed ----------------------
@pytest.mark.parametrize("name", games.NAMES)
@pytest.mark.parametrize("level", LEVEL_NUMBERS)
def test_each_level_plays_a_legal_move_under_a_node_budget_repeatably(name, level):
    state = _state(name)
    engine = games.get(name).engine
    first = engine.search(state, Limits(level, nodes=20_000, seed=11))
    again = engine.search(state, Limits(level, nodes=20_000, seed=11))
    assert first.move in state.legal_moves()
    assert str(again.move) == str(first.move) and again.nodes == first.nodes


@pytest.mark.parametrize("name", games.NAMES)
@pytest.mark.parametrize("level", [1, 4, 7, 9])
def test_levels_1_to_9_spend_a_node_budget_whatever_the_clock_says(name, level):
    # the time given only caps the level's own node budget: with time to spare, the same move
    state = _state(name)
    engine = games.get(name).engine
    moves = {str(engine.search(state, Limits(level, time=t, seed=5)).move) for t in (60.0, 600.0)}
    found = engine.search(state, Limits(level, time=60.0, seed=5))
    assert len(moves) == 1 and found.nodes == engine.search(state, Limits(level, time=900.0, seed=5)).nodes
    assert choose_move(state, level, time_limit=120.0, seed=5) == found.move


def test_the_cap_of_a_node_budget_level_is_its_level_cap_or_the_time_given():
    # a busy machine must still spend the level's nodes (bench/bench_level_cap.py): the default cap
    # is LEVEL_CAP, three times the level's LEVEL_TIME; a caller's time caps instead; nodes, none
    row = LevelRow(3, 5_000)
    for level in range(1, 10):
        assert LEVEL_CAP[level] == 3 * LEVEL_TIME[level]
        before = time.perf_counter()
        budget = level_budget(row, Limits(level))
        assert budget.limit == 5_000 and budget.capped is not None
        assert before + LEVEL_CAP[level] <= budget.capped <= time.perf_counter() + LEVEL_CAP[level]
    given = level_budget(row, Limits(9, time=0.25))
    assert given.capped is not None and given.capped <= time.perf_counter() + 0.25
    assert level_budget(row, Limits(9, nodes=100)).capped is None


# ---- the shared mistake mechanism ---------------------------------------------------------------------------
@given(
    st.lists(st.integers(-500, 500), min_size=1, max_size=30),
    st.integers(0, 2**32),
    st.floats(0, 100),
    st.floats(0, 100),
)
def test_a_level_never_picks_a_move_its_own_view_calls_a_clear_loss(values, seed, noise, temperature):
    row = LevelRow(2, 1000, noise=noise, temperature=temperature, guard=120.0)
    scored = [(v, i) for i, v in enumerate(values)]
    move = pick_level_move(scored, None, random.Random(seed), row)
    assert values[move] >= max(values) - 120.0


@pytest.mark.parametrize("game", ["draughts", "palace", "banqi"])
def test_every_level_that_errs_has_a_guard_under_every_ladder(game):
    """Never a random throw of a piece any player would see: every row of levels 1-9 that picks
    with mistakes, under each value of each option that chooses a ladder, keeps a guard."""
    info = games.get(game)
    ladders = [{}] + [{o.key: c} for o in info.options if o.ladder for c in o.choices]
    for options in ladders:
        for level in LEVEL_NUMBERS:
            row = info.engine.level_row(level, options)
            assert not row.errs or row.guard is not None, (game, options, level, row)


def test_a_level_without_mistakes_plays_its_best_and_overlooking_uses_the_shallower_view():
    scored = [(50, "a"), (40, "b"), (-300, "c")]
    assert pick_level_move(scored, None, random.Random(1), LevelRow(3, 1000)) == "a"
    shallower = [(90, "c"), (10, "a")]
    row = LevelRow(3, 1000, overlook=1.0, guard=50.0)
    assert pick_level_move(scored, shallower, random.Random(1), row) == "c"  # the reply was not seen


# ---- the command line -----------------------------------------------------------------------------------------
def test_levels_json_lists_the_ten_levels_with_their_keys():
    for args in (["palace", "--option", "palaces=4"], ["draughts"], ["banqi"]):
        out = _cli("levels", *args, "--json")
        assert out.returncode == 0, out.stderr
        rows = json.loads(out.stdout)
        assert [r["level"] for r in rows] == list(LEVEL_NUMBERS)
        for r in rows:
            assert set(r) == {"level", "name", "rating", "games"}
            assert set(r["name"]) == {"en", "zh"} and isinstance(r["games"], int)
            assert r["rating"] is None or isinstance(r["rating"], int)
    text = _cli("levels", "banqi")
    assert text.returncode == 0 and len(text.stdout.splitlines()) == 10


@pytest.mark.parametrize("bad", ["0", "11", "x"])
def test_a_bad_level_is_one_line_on_stderr_and_exit_2(bad):
    for args in (
        ["bestmove", "draughts", "W:W31-50:B1-20", "--level", bad],
        ["selfplay", "palace", "--white", bad, "--black", "1"],
        ["selfplay", "palace", "--white", "1", "--black", bad],
    ):
        out = _cli(*args)
        assert out.returncode == 2 and out.stdout == ""
        assert len(out.stderr.strip().splitlines()) == 1 and "level" in out.stderr


def test_bestmove_takes_a_level_number_or_name():
    for level in ("2", "easy"):
        out = _cli("bestmove", "palace", BUSY["palace"], "--level", level, "--nodes", "3000", "--seed", "1")
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines()[0] in {str(m) for m in _state("palace").legal_moves()}


def test_selfplay_names_the_levels_swaps_sides_and_pairs_openings():
    out = _cli(
        "selfplay", "palace", "--white", "2", "--black", "easy", "--games", "4", "--swap", "--openings", "3",
        "--seed", "9", "--max-plies", "30", "--json",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [(g["white"], g["black"]) for g in lines] == [(2, 3), (3, 2), (2, 3), (3, 2)]
    assert lines[0]["opening"] == lines[1]["opening"] and lines[2]["opening"] == lines[3]["opening"]
    assert len(lines[0]["opening"]) == 3 and lines[0]["opening"] != lines[2]["opening"]
    plain = _cli("selfplay", "palace", "--white", "1", "--black", "1", "--seed", "2", "--max-plies", "10", "--json")
    game = json.loads(plain.stdout)
    assert (game["white"], game["black"]) == (1, 1) and "opening" not in game


# ---- the Hub engine's level -----------------------------------------------------------------------------------
def test_the_hub_engine_takes_a_level_and_refuses_a_bad_one():
    out = io.StringIO()
    hub = Hub(out)
    hub.handle("hub")
    assert "param name=level value=10 type=int min=1 max=10" in out.getvalue()
    hub.handle("set-param name=level value=easy")
    assert hub.strength == 3
    hub.handle("set-param name=level value=7")
    assert hub.strength == 7
    hub.handle("set-param name=level value=11")
    assert hub.strength == 7 and out.getvalue().splitlines()[-1].startswith("error message=")
