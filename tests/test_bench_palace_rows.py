"""bench/bench_palace_rows.py: trial rows load, replace only levels 1-9, and keep their games apart."""

import dataclasses
import json
import os
import sys

import pytest
import statsmodels.api  # noqa: F401  (its import sets warning filters; before the test's own)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))

import bench_levels  # noqa: E402
import bench_palace_rows as T  # noqa: E402

from game.ai.common import LevelRow  # noqa: E402
from game.ai.palace import search  # noqa: E402


def test_every_trial_gives_nine_rows_and_keeps_the_boards_level_10():
    with open(T.TRIALS, encoding="utf-8") as f:
        names = [n for n in json.load(f) if not n.startswith("_")]
    assert names
    for name in names:
        palaces, rows = T.trial_rows(name)
        assert len(rows) == 10 and all(isinstance(r, LevelRow) for r in rows)
        assert rows[9] == search.LEVELS[palaces][9]
        assert all(r.nodes is not None for r in rows[:9])


# two games cannot determine the fit the bench prints after them
@pytest.mark.filterwarnings("ignore")
def test_a_trial_plays_its_rows_and_refuses_the_shipped_games_file(tmp_path):
    palaces, rows = T.trial_rows("one-low")
    assert rows[3] != search.LEVELS[palaces][3]  # the trial's level 4 is not the shipped one
    shipped_games = bench_levels.games_file("palace", {"palaces": palaces})
    with pytest.raises(SystemExit):
        T.main(["one-low", "--file", shipped_games, "--fit-only"])
    shipped_rows = search.LEVELS[palaces]
    out = tmp_path / "trial.jsonl"
    T.main(["one-low", "--file", str(out), "--games", "2", "--jobs", "1", "--pairs", "4-5"])
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(games) == 2
    for g in games:
        assert g["rows"]["4"] == json.loads(json.dumps(dataclasses.asdict(rows[3])))
        assert g["rows"]["5"] == json.loads(json.dumps(dataclasses.asdict(rows[4])))
    assert search.LEVELS[palaces] is shipped_rows  # the shipped rows back once the trial is over


def test_a_trial_may_say_where_each_levels_hunt_begins_for_its_run_only(monkeypatch):
    seen = []
    monkeypatch.setattr(bench_levels, "main", lambda argv: seen.append(search.HUNT_FROM.get(4)) or 0)
    before = dict(search.HUNT_FROM)
    assert T.trial_hunt_from("four-hunt") is None  # a trial that does not say keeps the engine's
    assert T.trial_hunt_from("four-hunt24") == (24,) * 10
    graded = T.trial_hunt_from("four-graded")
    assert graded is not None and len(graded) == 10 and list(graded) == sorted(graded)
    for name in ("four-hunt24", "four-graded", "four-hunt"):
        T.main([name, "--file", "unused.jsonl", "--fit-only"])
    assert seen == [(24,) * 10, graded, before.get(4)]  # what the bench's games were played under
    assert search.HUNT_FROM == before  # and the engine's own back afterwards
