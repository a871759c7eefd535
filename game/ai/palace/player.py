"""The palace engine: game.ai.contract's Engine over game.ai.palace.search.

Levels 1-9 search their node budget as deep as their row says (game.ai.palace.search.LEVELS) and
pick among the root moves with human-like mistakes (game.ai.common.pick_level_move); level 10
plays its best. Pure Python, no pygame.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from game.ai.common import LevelRow, pick_level_move
from game.ai.contract import EngineBase, Limits, SearchResult, over_result
from game.ai.palace import search as S
from game.ai.timeman import TimePlan
from game.rules import palace as rules
from game.rules.common import check_options


def _result(search: Any, state: Any, scored: list, move: Any, started: float, notes: tuple = ()) -> SearchResult:
    score = next(v for v, m in scored if m is move)
    line = S.pv(search, state, move) if move is scored[0][1] else (move,)
    return SearchResult(
        move,
        S.squash(score),
        S.score_text(score),
        search.depth_done,
        search.budget.nodes,
        time.perf_counter() - started,
        line,
        {str(m): S.squash(v) for v, m in scored},
        notes,
    )


class PalaceEngine(EngineBase):
    #: its time manager's figures (game/ai/timeman.py): a game lasts about 35 of its moves
    time_plan = TimePlan(moves=35)

    def level_row(self, level: Any, options: Mapping | None = None) -> LevelRow:
        return S.level_row(level, int(check_options(rules.OPTIONS, dict(options or {}))["palaces"]))

    def measured_with(self, options: Mapping | None = None, level: int | None = None) -> dict:
        # a board whose levels begin the kings' hunt each at its own point (search.HUNT_FROM) names
        # it in the rows of the levels that hunt; elsewhere nothing (every start HUNT_SOLDIERS)
        palaces = int(check_options(rules.OPTIONS, dict(options or {}))["palaces"])
        starts = S.HUNT_FROM.get(palaces)
        if starts is None or level is None or not S.level_row(level, palaces).tables:
            return {}
        return {"hunt_from": starts[level - 1]}

    def search(self, position: Any, limits: Limits) -> SearchResult:
        started = time.perf_counter()
        if position.result() is not None:
            return over_result(position)

        def iteration(search: Any, depth: int, scored: list) -> None:
            assert limits.on_iteration is not None
            limits.on_iteration(_result(search, position, scored, scored[0][1], started))

        search, scored, rng, row = S.run(position, limits, iteration if limits.on_iteration else None)
        if not scored:  # not even depth 1 finished: the first move, valued by the static view
            move = position.legal_moves()[0]
            score = search.static(position.black, position.white, position.to_move, position.hand, position.captures)
            return SearchResult(
                move,
                S.squash(score),
                S.score_text(score),
                0,
                search.budget.nodes,
                time.perf_counter() - started,
                (move,),
            )
        move = pick_level_move(scored, search.shallower, rng, row) if row.errs else scored[0][1]
        notes = ("chose: with mistakes among the moves valued",) if move is not scored[0][1] else ()
        return _result(search, position, scored, move, started, notes)


ENGINE = PalaceEngine()
