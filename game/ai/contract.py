"""The one contract every game's engine implements, and the one way its results are written.

    from game.ai.contract import Limits, SearchResult
    result = engine.search(position, Limits(level=10, time=0.5))
    result.move, result.value, result.score, result.depth, result.nodes, result.time, result.pv

An engine is found through the registry (game.games.get(name).engine). Best move, hint, analysis,
review, pondering, the Hub engine, watch mode and the worker all call search(); the numbers a
result carries are those of the search that chose its move: nobody searches a second time to
describe the first. Pure Python, no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from game.ai.levels import LEVEL_NUMBERS, parse_level
from game.ai.timeman import DEFAULT_PLAN, TimePlan

#: the computer's levels, weakest first (game.ai.levels: their names, the old names easy/medium/hard)
LEVELS = LEVEL_NUMBERS
#: the strongest level: the full engine on its clock (the others play on node budgets)
TOP_LEVEL = LEVEL_NUMBERS[-1]
# Default thinking time per level, in seconds, when the caller gives neither time nor nodes. Levels
# 1-9 search a node budget of their own (each engine's LEVELS table); this time only caps it, on a
# machine too slow to spend the budget in time.
LEVEL_TIME = {1: 0.5, 2: 0.5, 3: 0.5, 4: 1.0, 5: 1.0, 6: 2.0, 7: 2.0, 8: 2.0, 9: 2.0, 10: 2.5}
# The longest a level 1-9 move may take when the caller gives no time: three times LEVEL_TIME.
# A cap of LEVEL_TIME itself cut four-palace level 9 short in 4 of 8 positions at load 4.6
# (bench/bench_level_cap.py), so that a busy machine played it weaker than its measured rating;
# this one leaves the node budget whole there and cuts only on a machine several times slower.
LEVEL_CAP = {level: 3 * seconds for level, seconds in LEVEL_TIME.items()}


@dataclass(frozen=True)
class Limits:
    """What a search may spend, and how it should play.

    level:       1-10, or its text: a digit string or easy | medium | hard (3, 6, 10); kept as the
                 int (game.ai.levels.parse_level; ValueError for anything else). Levels 1-9 search
                 a node budget of their own and pick with human-like mistakes; 10 is the full engine
    time:        seconds on the clock (None with nodes None: the level's LEVEL_TIME); for levels 1-9
                 only a cap on their node budget (None: the level's LEVEL_CAP)
    nodes:       stop after this many nodes instead of by the clock: the same call gives the same
                 answer on any machine (levels 1-9: at most their own budget)
    depth:       stop after this many plies (None: as deep as the budget allows)
    stop:        asked now and then; True ends the search (pondering, a cancelled analysis)
    seed:        makes the level's random choices repeatable
    root_values: fill SearchResult.values for every root move it can (review, hints)
    on_iteration: called with a SearchResult after each finished iteration (analysis streams them)
    """

    level: int = TOP_LEVEL
    time: float | None = None
    nodes: int | None = None
    depth: int | None = None
    stop: Callable[[], bool] | None = None
    seed: int | None = None
    root_values: bool = False
    on_iteration: Callable[[SearchResult], None] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", parse_level(self.level))

    @property
    def seconds(self) -> float | None:
        """The clock budget: None under a node budget, else the given time or the level's."""
        if self.nodes is not None:
            return None
        return LEVEL_TIME[self.level] if self.time is None else self.time


@dataclass(frozen=True)
class SearchResult:
    """What one search found, all of it from that search.

    move:   the move chosen (a rules Move), None when the game is over
    value:  the position for the side to move in [-1, 1] (+1 winning)
    score:  the engine's own score as text (men, soldiers, Banqi material units, "wins in N")
    depth:  plies of the deepest iteration finished (a Banqi flip's chance node counts as one)
    nodes:  nodes searched; time: seconds used
    pv:     the principal variation, pv[0] == move (for a weaker level's mistake, just the move)
    values: {notation: value in [-1, 1]} of root moves, where the engine gives them (all but the
            best are often upper bounds: a cut search proves a move worse, not how much)
    notes:  game-specific extra lines ("key: value"), printed after the common ones
    raw:    the engine's own score as a number (draughts: centi-men), for protocols that want one
    """

    move: Any
    value: float
    score: str
    depth: int
    nodes: int
    time: float
    pv: tuple[Any, ...] = ()
    values: Mapping[str, float] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    raw: float = 0.0

    def lines(self) -> list[str]:
        """The notes as `key: value` lines, always in this order, then the game's own lines."""
        return [
            f"score: {self.score}",
            f"depth: {self.depth}",
            f"nodes: {self.nodes}",
            f"time: {self.time:.3f}",
            "pv: " + " ".join(str(m) for m in self.pv),
            *self.notes,
        ]

    def to_json(self) -> dict[str, Any]:
        """The result as `bestmove --json` prints it (pv a list of notations, time in seconds, notes
        the game's own lines as lines() prints them after pv, [] when there are none)."""
        return {
            "move": None if self.move is None else str(self.move),
            "score": self.score,
            "value": round(self.value, 4),
            "depth": self.depth,
            "nodes": self.nodes,
            "time": round(self.time, 4),
            "pv": [str(m) for m in self.pv],
            "notes": list(self.notes),
        }


@runtime_checkable
class Engine(Protocol):
    """A game's computer player. `search` is the one entry point; the rest are optional abilities
    with safe defaults in EngineBase."""

    #: the engine thinks on the opponent's time (ponder does something)
    can_ponder: bool

    def search(self, position: Any, limits: Limits) -> SearchResult:
        """The move for the side to move in `position` within `limits`, and what backs it.
        Raises ValueError when the game is over and a move is asked of a weaker level."""
        ...

    def warm(self, progress: Callable[[float], None] | None = None, options: Mapping | None = None) -> None:
        """Prepare before the first timed move (compile, load tables) for a game under the rule
        `options` (a draughts variant compiles a search of its own); progress(done in 0..1)."""
        ...

    def ponder(self, position: Any, stop: Callable[[], bool]) -> None:
        """Think on the opponent's time in `position` until stop() says so."""
        ...

    def flip_chances(self, position: Any) -> list[tuple[str, float]]:
        """[(piece letter, probability)] of what a revealing move turns up (hidden games)."""
        ...


class EngineBase:
    """Defaults for the optional abilities of Engine: nothing to warm, no pondering, nothing
    hidden."""

    can_ponder = False
    #: the figures of its time manager on a clock (game/ai/timeman.py)
    time_plan: TimePlan = DEFAULT_PLAN

    def warm(self, progress: Callable[[float], None] | None = None, options: Mapping | None = None) -> None:
        if progress is not None:
            progress(1.0)

    def ponder(self, position: Any, stop: Callable[[], bool]) -> None:
        return None

    def flip_chances(self, position: Any) -> list[tuple[str, float]]:
        return []

    def level_row(self, level: Any, options: Mapping | None = None) -> Any:
        """The row (game.ai.common.LevelRow) `level` plays under the rule `options` (a game's full
        options; None: the defaults): what bench/bench_levels.py records with each game, so that
        games of a row since changed are not fitted. None where the engine has no level rows."""
        return None

    def measured_with(self, options: Mapping | None = None, level: int | None = None) -> dict:
        """What level `level`'s play depends on beside its row under the rule `options` (a choice
        of evaluation as a fingerprint, a level's own start of a technique): recorded with each
        row by bench/bench_levels.py, so that games played under another are not fitted either.
        {} where nothing else; without a level, only what holds for every level."""
        return {}


def over_result(state: Any, to_move_value: float | None = None) -> SearchResult:
    """The result for a position whose game is over: no move, the value of the outcome for the
    side to move."""
    res = state.result()
    if to_move_value is None:
        to_move_value = 0.0 if res is None or res.winner is None else (1.0 if res.winner == state.to_move else -1.0)
    return SearchResult(None, to_move_value, "game over", 0, 0, 0.0)
