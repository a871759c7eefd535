"""The palace search answers node for node as it did before its speed-up: the golden data
(tests/data/palace_search_golden.json) was written by tools/make_palace_search_golden.py from the
search of commit 866fc60 (main before the speed-up), and every faster version must give the same
nodes counted, depth reached, root values of every iteration, chosen move and principal variation
for every case of tests/palace_search_cases.py (one, two and four palaces; soldiers in hand,
chains of jumps, compulsory captures, black near its target, kings nearly shut in; levels 1-10 with
several seeds), each search on the row it played then (kept in the data: re-spacing the levels'
rows changes what a level plays, not the search). The levels' ratings were measured with that
search, so it must not change."""

from __future__ import annotations

import json
import os

import palace_search_cases as C
import pytest

from game.ai.common import LevelRow
from game.rules import palace as P

PATH = os.path.join(os.path.dirname(__file__), "data", "palace_search_golden.json")
with open(PATH, encoding="utf-8") as _f:
    GOLDEN = json.load(_f)


def test_the_data_covers_every_board_and_the_awkward_positions():
    cases = GOLDEN["cases"]
    assert GOLDEN["made_at"].startswith("866fc60") and GOLDEN["top_nodes"] == C.TOP_NODES
    assert [c["name"] for c in cases] == [g[0] for g in C.GAMES]
    boards = {c["options"].get("palaces", 2) for c in cases}
    assert boards == {1, 2, 4}
    states = [C.replay(c["options"], c["moves"]) for c in cases]
    assert any(s.hand > 0 and s.captures > 0 for s in states)
    assert any(max(len(m.captured) for m in s.legal_moves()) >= 3 for s in states)
    assert any(s.captures == s.win_captures - 1 for s in states)
    levels = {r["level"] for c in cases for r in c["runs"]}
    assert levels == set(range(1, 11))
    assert all(r["nodes"] > 0 and r["scored"] for c in cases for r in c["runs"])


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=[c["name"] for c in GOLDEN["cases"]])
def test_the_search_answers_as_before_its_speed_up(case):
    state = C.replay(case["options"], case["moves"])
    assert P.to_text(state) == case["position"]
    for want in case["runs"]:
        row = LevelRow(**want["row"])  # the row the data was made with (levels' rows are re-spaced)
        got = json.loads(json.dumps(C.record(state, want["level"], want["seed"], row)))
        what = f"{case['name']} level {want['level']} seed {want['seed']}"
        for field in ("nodes", "depth", "chosen", "pv"):
            assert got.get(field) == want.get(field), f"{what}: {field}"
        assert got["iterations"] == want["iterations"], f"{what}: the root values of an iteration"
        assert got == want, what
