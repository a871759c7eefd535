"""bench/bench_levels.py: which kept games a fit takes, and how long a game may run per board."""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))

import bench_levels as B  # noqa: E402

from game.ai.draughts.eval import evaluation_id  # noqa: E402
from game.ai.draughts.player import DraughtsEngine  # noqa: E402


def _game(first, second, seed=26, top_nodes=None, top_time=0.3):
    return {"first": first, "second": second, "seed": seed, "top_nodes": top_nodes, "top_time": top_time}


def test_level_10s_budget_filters_only_the_games_level_10_played():
    done = [
        _game("8", "9", top_nodes=40_000),  # played while level 10 was benched on 40,000 nodes
        _game("9", "10", top_nodes=40_000),
        _game("10", "9", top_nodes=200_000),
        _game("8", "9", seed=27, top_nodes=200_000),
        _game("greedy", "1", top_time=0.3),
    ]
    kept = B.fitted(done, 26, (None, 200_000))
    assert kept == [done[0], done[2], done[4]]
    assert B.fitted(done, 26, (None, 40_000)) == [done[0], done[1], done[4]]
    assert B.fitted(done, 26, (0.3, None)) == [done[0], done[4]]


def test_four_palaces_may_run_longer_than_the_other_boards():
    # four palaces drop 48 soldiers and take up to 60: their games ran 170-960 plies
    assert B.max_plies("palace", {"palaces": 4}) > 960
    assert B.max_plies("palace", {}) == B.max_plies("palace", {"palaces": 2}) == B.MAX_PLIES["palace"]
    assert B.max_plies("palace", {"palaces": 1}) == B.MAX_PLIES["palace"]
    assert B.max_plies("banqi", {}) == B.MAX_PLIES["banqi"]


def test_a_game_of_a_row_since_changed_is_neither_fitted_nor_counted_as_played():
    rows = B.level_rows("banqi", {"chariot": "rush"})
    assert set(rows) == {str(n) for n in range(1, 11)} and rows["1"] != B.level_rows("banqi", {})["1"]
    old = dict(rows["2"], noise=rows["2"]["noise"] + 1.0)
    now = _game("1", "2") | {"rows": {"1": rows["1"], "2": rows["2"]}, "index": 0}
    then = _game("2", "1") | {"rows": {"1": rows["1"], "2": old}, "index": 0}
    unrecorded = _game("greedy", "2") | {"index": 0}  # kept from before rows were recorded
    greedy = _game("greedy", "1") | {"rows": {"1": rows["1"]}, "index": 0}
    assert B.fitted([now, then, unrecorded, greedy], 26, (0.3, None), rows) == [now, unrecorded, greedy]
    assert B.fitted([now, then], 26, (0.3, None)) == [now, then]  # no rows given: any
    args = argparse.Namespace(game="banqi", games=2, seed=26, pairs="1-2", plies=2, top_time=0.3, top_nodes=None)
    jobs = B.schedule(args, {"chariot": "rush"}, [now, then])
    assert [(j["first"], j["second"]) for j in jobs] == [("2", "1")]  # the old row's game plays again
    assert jobs[0]["rows"] == {"2": rows["2"], "1": rows["1"]}


def test_every_engine_names_the_row_its_search_plays():
    for name, options in (("draughts", {"variant": "russian"}), ("palace", {"palaces": 4}), ("banqi", {})):
        rows = B.level_rows(name, options)
        assert len(rows) == 10 and rows["10"]["nodes"] is None and rows["1"]["nodes"] > 0
    assert B.level_rows("draughts", {"variant": "russian"}) != B.level_rows("draughts", {})


def test_a_game_played_under_another_evaluation_is_stale(monkeypatch):
    """10x10 draughts has a choice of evaluations: its rows name the one they play with, so the
    ladder's games under the former default are played again rather than fitted."""
    rows = B.level_rows("draughts", {})
    assert {r["eval"] for r in rows.values()} == {evaluation_id()}
    kept = _game("1", "2") | {"rows": {"1": rows["1"], "2": rows["2"]}, "index": 0}
    assert B.same_rows(kept, rows)
    monkeypatch.setattr(DraughtsEngine, "measured_with", lambda self, options=None, level=None: {"eval": "another"})
    assert not B.same_rows(kept, B.level_rows("draughts", {}))
    monkeypatch.undo()
    assert "eval" not in B.level_rows("draughts", {"variant": "russian"})["1"]  # one evaluation there


def test_each_palace_board_writes_its_own_ladder(tmp_path):
    path = str(tmp_path / "ratings.json")
    ratings = {str(lv): (1000.0 + 100 * lv, 900.0, 1200.0 + 100 * lv, 16) for lv in range(1, 11)}
    for palaces in ("2", "1", "2"):
        B.write_table("palace", {"palaces": palaces}, ratings, {"command": palaces}, path)
    with open(path, encoding="utf-8") as f:
        ladders = json.load(f)["ladders"]
    assert [e["options"] for e in ladders] == [{"palaces": "1"}, {"palaces": "2"}]
    assert [len(e["levels"]) for e in ladders] == [10, 10]


def test_english_checkers_beginner_plays_on_a_board_with_the_rules_moves():
    """py-draughts' American checkers, captures made mandatory and seen from the other side, offers
    exactly the rules' English moves along random games, and its engine's move is one of them."""
    import random

    from game import games

    info = games.get("draughts")
    greedy = B.make_player("draughts", B.GREEDY, 0.3, options={"variant": "english"})
    for seed in range(12):
        rng = random.Random(seed)
        state, played = info.new_state({"variant": "english"}), []
        while state.result() is None and len(played) < 120:
            ours = {(m.start, m.end, tuple(sorted(m.captures))) for m in state.legal_moves()}
            assert {greedy.key(x) for x in greedy.board(played).legal_moves} == ours
            move = rng.choice(state.legal_moves()) if len(played) % 10 else greedy.move(state, played, seed)
            state, played = state.play(move), played + [move]


def test_a_palace_game_played_under_another_start_of_the_hunt_is_stale(monkeypatch):
    """Four palaces' levels with `tables` hunt the last soldiers from a start of their own where the
    board names one (search.HUNT_FROM): their rows record it, the other levels' rows do not."""
    from game.ai.palace import search as palace_search

    four = {"palaces": 4}
    rows = B.level_rows("palace", four)
    assert all("hunt_from" not in r for r in rows.values())  # no start of its own: the rows as before
    kept = _game("7", "8") | {"rows": {"7": rows["7"], "8": rows["8"]}, "index": 0}
    assert B.same_rows(kept, rows)
    monkeypatch.setitem(palace_search.HUNT_FROM, 4, tuple(range(11, 21)))
    moved = B.level_rows("palace", four)
    assert moved["8"]["hunt_from"] == 18 and moved["10"]["hunt_from"] == 20
    assert "hunt_from" not in moved["7"] and moved["7"] == rows["7"]  # 7 does not hunt
    assert not B.same_rows(kept, moved)
    assert B.level_rows("palace", {}) == B.level_rows("palace", {"palaces": 2})  # other boards as they were
