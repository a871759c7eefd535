"""The draughts engine: game.ai.contract's Engine over the search of game.ai.draughts.search.

Levels 1-7 value every move a few plies deep on a node budget and pick with human-like mistakes;
8-9 run the compiled search (numba, where installed) on a node budget, 9 with the opening book;
10 deepens as far as its time allows and thinks on the opponent's time (ponder). The rows:
game.ai.draughts.levels (one table per variant: rows(name)). Pure Python, no pygame.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from game.ai.common import LevelRow, SearchStopped, level_budget, pick_level_move, resolve_time
from game.ai.contract import EngineBase, Limits, SearchResult, over_result
from game.ai.draughts import book, fast, fast8
from game.ai.draughts import search as S
from game.ai.draughts.eval import evaluation_id
from game.ai.draughts.family import board_of, board_of_variant
from game.ai.draughts.levels import rows
from game.ai.levels import parse_level
from game.ai.timeman import TimePlan
from game.rules import draughts_variants as V


def squash(score: float) -> float:
    """A score in centi-men as a value in [-1, 1]."""
    if score > S.MATE - 200:
        return 1.0
    if score < 200 - S.MATE:
        return -1.0
    return math.tanh(score / 300.0)


def score_text(score: float) -> str:
    if abs(score) > S.MATE - 200:
        return f"{'mover' if score > 0 else 'opponent'} wins in {S.MATE - abs(score)} plies"
    if abs(score) > fast.WIN_BAND:
        return f"{'mover' if score > 0 else 'opponent'} wins (endgame database)"
    return f"{score / 100:+.2f} men"


class DraughtsEngine(EngineBase):
    #: its time manager's figures (game/ai/timeman.py): a game lasts about 45 of its moves
    time_plan = TimePlan(moves=45)

    can_ponder = True

    def level_row(self, level: Any, options: Mapping | None = None) -> LevelRow:
        variant = V.get((options or {}).get("variant", V.OPTION.default))
        return rows(variant.name)[parse_level(level)]

    def measured_with(self, options: Mapping | None = None, level: int | None = None) -> dict:
        # 10x10 plays the evaluation QIPAN_DRAUGHTS_EVAL chooses; the 8x8 boards have one
        variant = V.get((options or {}).get("variant", V.OPTION.default))
        return {"eval": evaluation_id()} if variant.size == 10 else {}

    def search(self, position: Any, limits: Limits) -> SearchResult:
        board = board_of(position)
        row = rows(board.variant.name)[limits.level]  # the rows of the board's variant
        tables10 = board.tables10  # 8x8: no book or endgame tables
        if not row.errs and limits.level >= S.COMPILED_FROM and (tables10 or fast8.available()):
            # compiled, the kept tables made, the book read: before the clock
            S.warm(kept=limits.nodes is None and row.nodes is None, board=board)
            book.load()
        started = time.perf_counter()
        if position.result() is not None:
            return over_result(position)
        if row.errs and len(position.legal_moves()) > 1:
            return self._with_mistakes(position, limits, row, started)
        if row.tables and tables10 and _plays_from_book(limits):
            chosen = book.choose(position, random.Random(limits.seed))
            if chosen is not None:
                return _book_result(chosen, started)

        def iteration(search: Any, depth: int, score: int, nodes: int, mv: Any) -> None:
            assert limits.on_iteration is not None
            move = S._to_move(position, mv)
            spent = time.perf_counter() - started
            line = S.pv(search, position, move)
            limits.on_iteration(
                SearchResult(move, squash(score), score_text(score), depth, nodes, spent, line, raw=score)
            )

        mv, score, depth, nodes, search = _analyse(
            position, limits, iteration if limits.on_iteration else None, started
        )
        move = S._to_move(position, mv)
        line = S.pv(search, position, move)
        search.budget.finish()  # after the line: its few ms are part of the move's time
        return SearchResult(
            move, squash(score), score_text(score), depth, nodes, time.perf_counter() - started, line, raw=score
        )

    def _with_mistakes(self, position: Any, limits: Limits, row: LevelRow, started: float):
        """Levels 1-7: every root move valued 1, 2, ... plies deep (the plain search, captures
        seen row.quiescence plies past the horizon) on the level's node budget, one picked with
        human-like mistakes from the deepest iteration finished (pick_level_move)."""
        rng = random.Random(limits.seed)
        budget = level_budget(row, limits)
        board = board_of(position)
        search = S.Search(budget, position.history[:-1], board=board)
        search.quiescence = row.quiescence
        legal = position.legal_moves()
        depth = row.depth if limits.depth is None else min(row.depth, limits.depth)
        done: list = []
        shallower = None
        reached = 0
        for d in range(1, depth + 1):
            try:
                scored = [(S._child_score(search, position, board.internal(m), d), m) for m in legal]
            except SearchStopped:
                break
            shallower, done, reached = done, scored, d
        budget.finish()
        if not done:  # not even one ply valued: the first move (a budget of a few nodes)
            move = legal[0]
            return SearchResult(move, 0.0, score_text(0), 0, budget.nodes, time.perf_counter() - started, (move,))
        move = pick_level_move(done, shallower, rng, row)
        score = next(s for s, m in done if m is move)
        values = {str(m): squash(s) for s, m in done}
        return SearchResult(
            move,
            squash(score),
            score_text(score),
            reached,
            budget.nodes,
            time.perf_counter() - started,
            (move,),
            values,
            (f"chose: with mistakes among the moves valued (level {limits.level})",),
        )

    def warm(self, progress: Callable[[float], None] | None = None, options: Mapping | None = None) -> None:
        variant = V.get((options or {}).get("variant", V.INTERNATIONAL.name))
        board = board_of_variant(variant)
        if board.tables10:
            S.warm(progress)
            book.load()  # read once here, not on the first move's clock
        else:  # an 8x8 variant compiles copies of its own (fast8), 25-40 s the first time
            S.warm(progress, board=board)

    def ponder(self, position: Any, stop: Callable[[], bool]) -> None:
        S.ponder(position, stop)


def _plays_from_book(limits: Limits) -> bool:
    """A move to play (or a hint), not an analysis: those want the search's own view of every
    move, at the depth they ask for."""
    return not limits.root_values and limits.on_iteration is None and limits.depth is None


def _book_result(chosen: tuple, started: float) -> SearchResult:
    move, score, near = chosen
    return SearchResult(
        move,
        squash(score),
        score_text(score),
        0,
        0,
        time.perf_counter() - started,
        (move,),
        {str(m): squash(s) for m, s in near},
        (f"chose: from the opening book, among {len(near)} moves within {book.MARGIN / 100:.2f} men of its best",),
        raw=score,
    )


def _analyse(position: Any, limits: Limits, info: Any, started: float) -> tuple:
    row = rows(board_of(position).variant.name)[limits.level]
    return S.run(
        position,
        limits.level,
        resolve_time(limits.level, limits.time) if limits.nodes is None else None,
        limits.nodes,
        info,
        limits.depth,
        limits.stop,
        started,
        finish=False,
        budget=None if row.nodes is None else level_budget(row, limits),
    )


ENGINE = DraughtsEngine()
