"""Banqi's house rules choose ladders of their own (issue 62): which measured ladder the program
shows under which options (game.ai.levels), how bench/bench_levels.py writes one beside the
standard ladder, and the rows each level plays under a house rule."""

import json
import os
import subprocess
import sys

import pytest

from game import games
from game.ai import levels
from game.ai.banqi.player import HOUSE_LEVELS, LEVELS, level_row
from game.player_record import ladder_key

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))

import bench_levels as B  # noqa: E402

HOUSE = {"chain": True, "chariot": "rush", "ranking": "hongkong"}
MEASURED = (("chain", True), ("chariot", "rush"), ("ranking", "hongkong"))


def _ladder(options, base):
    return {
        "game": "banqi",
        "options": options,
        "levels": [{"level": n, "rating": base + 100 * n, "games": 16} for n in range(1, 11)],
    }


@pytest.fixture
def table(monkeypatch):
    """A standard banqi ladder (options {}, as the shipped one) and one under chain captures."""
    data = {
        "ladders": [
            _ladder({}, 800),
            _ladder({"chain": "True", "chariot": "step", "ranking": "standard"}, 900),
            _ladder({"variant": "russian"}, 700) | {"game": "draughts"},
        ]
    }
    monkeypatch.setattr(levels, "_TABLE", data)
    return data


def _ratings(options):
    return [row.rating for row in levels.ladder("banqi", options)]


def test_the_house_rules_measured_apart_choose_the_ladder_and_the_others_do_not():
    info = games.get("banqi")
    assert info.ladder_options({}) == {"chain": "False", "chariot": "step", "ranking": "standard"}
    assert info.ladder_options({"chain": True, "trade": True, "no_progress": 40}) == {
        "chain": "True",
        "chariot": "step",
        "ranking": "standard",
    }
    assert ladder_key("banqi", {}) == ladder_key("banqi", {"trade": True, "repetition": "draw"}) == "banqi"
    assert ladder_key("banqi", {"chariot": "rush"}) == "banqi:chariot=rush"  # the player's record too


def test_each_ladder_is_shown_under_its_own_rules_and_a_combination_unmeasured_shows_none(table):
    standard = [900 + 100 * n - 100 for n in range(1, 11)]
    assert _ratings({}) == standard
    assert _ratings(games.get("banqi").check_options({})) == standard  # defaults named: the same ladder
    assert _ratings({"trade": True, "no_progress": 180}) == standard  # rules that choose no ladder
    assert _ratings({"chain": True}) == [1000 + 100 * n - 100 for n in range(1, 11)]
    assert _ratings({"chain": True, "trade": True}) == _ratings({"chain": True})
    # no ladder measured: not measured rather than the standard ladder's figures
    assert _ratings({"ranking": "hongkong"}) == [None] * 10
    assert _ratings({"chain": True, "chariot": "rush"}) == [None] * 10
    assert levels.rating("banqi", 3, {"chain": True, "ranking": "hongkong"}) is None
    # the other games: an entry's option left out stands at its default
    assert levels.ladder("draughts", {"variant": "russian"})[0].rating == 800
    assert levels.ladder("draughts", {})[0].rating is None


def test_bench_writes_a_house_ladder_beside_the_standard_one_and_replaces_only_its_own(tmp_path, table):
    path = tmp_path / "ratings.json"
    path.write_text(json.dumps(table))
    ratings = {str(n): (1000.0 + n, 990.0, 1010.0, 16) for n in range(1, 11)}
    rush = games.get("banqi").ladder_options({"chariot": "rush"})
    B.write_table("banqi", rush, ratings, {"date": "d"}, str(path))
    ladders = json.loads(path.read_text())["ladders"]
    assert [e["options"] for e in ladders if e["game"] == "banqi"] == [
        {},
        {"chain": "False", "chariot": "rush", "ranking": "standard"},
        {"chain": "True", "chariot": "step", "ranking": "standard"},
    ]
    assert next(e for e in ladders if e["options"] == {}) == table["ladders"][0]  # the standard: untouched
    # the standard ladder written again (its defaults named) replaces the one of options {}
    B.write_table("banqi", games.get("banqi").ladder_options({}), ratings, {"date": "d"}, str(path))
    ladders = json.loads(path.read_text())["ladders"]
    assert len([e for e in ladders if e["game"] == "banqi"]) == 3
    assert not any(e["options"] == {} for e in ladders)


def test_a_house_rule_row_is_played_under_that_rule_only():
    for (key, value), rows in HOUSE_LEVELS.items():
        assert (key, value) in MEASURED
        for level, row in rows.items():
            assert level_row(level, {key: value}) == row
            assert level_row(level, {}) == LEVELS[level]
            assert games.get("banqi").engine.level_row(level, {key: value}) == row
    for level in LEVELS:
        assert level_row(level, {"trade": True}) == LEVELS[level]


def test_the_shipped_table_has_a_ladder_for_each_house_rule_measured_apart():
    shipped = levels._load_table()
    # the standard ladder names its options' defaults (as --write writes it since house rules chose ladders)
    plain = games.get("banqi").ladder_options({})
    standard = next(e for e in shipped["ladders"] if e["game"] == "banqi" and e["options"] in ({}, plain))
    assert [row.rating for row in levels.ladder("banqi", {})] == [r["rating"] for r in standard["levels"]]
    for key, value in MEASURED:
        entry = levels._entry("banqi", {key: value})
        assert entry is not None and entry is not standard and len(entry["levels"]) == 10
        assert entry["options"] == games.get("banqi").ladder_options({key: value})
    assert all(levels._entry("banqi", {"chain": True, key: value}) is None for key, value in MEASURED[1:])


def test_levels_on_the_command_line_shows_the_house_rules_ladder():
    def cli(*opts):
        out = subprocess.run(
            [sys.executable, "-m", "game.cli", "levels", "banqi", *opts, "--json"], capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        return [row["rating"] for row in json.loads(out.stdout)]

    standard = cli()
    chain = cli("--option", "chain=true")
    assert None not in standard and None not in chain and chain != standard
    assert cli("--option", "trade=true") == standard
    assert cli("--option", "chain=true", "--option", "ranking=hongkong") == [None] * 10


def test_the_setup_screen_shows_the_ladder_of_the_rules_chosen(driver, table):
    setup = driver.app.open("setup", "banqi")
    driver.step()
    widget = {o.key: w for o, w in zip(setup.rules.OPTIONS, setup.option_widgets)}
    assert setup._level_texts(3)[0].endswith("1100")  # the standard ladder: 800 + 100 a level
    widget["chain"].set(True)
    assert setup._level_texts(3)[0].endswith("1200")  # chain captures' own
    widget["ranking"].set("hongkong")
    assert setup._level_texts(3)[0].endswith("not measured")  # two house rules: no ladder measured
