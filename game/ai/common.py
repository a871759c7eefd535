"""What the three computer players share: level settings, the search budget, human-like mistakes.

The ten levels (game.ai.levels) are one mechanism here: each engine keeps a table of ten
LevelRow (its own numbers, as data in its package); levels 1-9 search a node budget (Budget with
a clock only as a cap) at most `depth` plies deep, see captures only `quiescence` plies past the
horizon, and choose with pick_level_move: a seeded noise on each root move's value (a fuzzier
sense of the position), now and then the values of the iteration one ply shallower (a threat
overlooked), a softmax among what is left, but never a move its own view scores a clear loss
below its best (a piece left for the taking that any player would see)."""

from __future__ import annotations

import gc
import math
import random
import time
from dataclasses import dataclass

from game.ai.contract import LEVEL_CAP, LEVEL_TIME


class SearchStopped(Exception):
    """Raised inside a search when its budget is spent; the caller keeps its last full iteration."""


# A timed search stops this much before its limit (at most 10% of it): the clock is read only
# every few hundred nodes and the move still has to be handed over, so the move ends in time.
# On a loaded machine the process is also paused for whole time slices; Budget.finish() learns
# how late searches end and widens the margin (up to a quarter of the limit) while that lasts.
TIME_MARGIN = 0.02
MAX_MARGIN_SHARE = 0.25
CLOCK_GAP = 0.004  # seconds between clock readings at most, as far as the nodes' pace allows


class Budget:
    """A search budget: a node count (deterministic) or a wall-clock deadline.

    With nodes given, the clock is ignored so that the same call gives the same answer on any
    machine. Call tick() once per node; it raises SearchStopped when the budget is spent.
    The clock is read only every `check_every` nodes to keep tick() cheap.

    A timed budget stops early by a margin that its finish() calls widen on a loaded machine (see
    TIME_MARGIN). It first freezes the objects alive now out of the cyclic collector's reach
    (gc.freeze): the search tables kept between moves hold millions of acyclic tuples, and a full
    collection over them took up to 0.33 s in the middle of a 0.5 s move.
    """

    __slots__ = ("nodes", "limit", "deadline", "check_every", "_next_check", "stop", "_most", "_read", "capped")

    late = 0.0  # how far past their deadlines recent timed searches ended (seconds, decaying)

    def __init__(self, time_limit=None, nodes=None, check_every=256, stop=None, start=None, cap=None):
        """start: when the move's clock started (perf_counter), if before this budget is made.
        cap: seconds a node budget may take at most (a level's budget on a slow machine); the
        answer is the same on any machine fast enough to spend the nodes within it."""
        self.nodes = 0
        self.capped = None if nodes is None or cap is None else time.perf_counter() + cap
        self.stop = stop  # a callable asked with the clock: True ends the search (pondering)
        self.limit = nodes
        self.deadline = None
        if nodes is None and time_limit is not None:
            gc.freeze()
            margin = min(MAX_MARGIN_SHARE * time_limit, max(min(TIME_MARGIN, 0.1 * time_limit), Budget.late))
            self.deadline = (time.perf_counter() if start is None else start) + time_limit - margin
        self.check_every = check_every
        self._next_check = check_every
        self._most = check_every  # the clock is read at least every check_every nodes, more often
        self._read = time.perf_counter()  # when nodes are slow (king captures in an endgame)

    def tick(self):
        self.nodes += 1
        if self.limit is not None:
            if self.nodes > self.limit:
                raise SearchStopped
            if (self.stop is not None or self.capped is not None) and self.nodes >= self._next_check:
                self._next_check = self.nodes + self.check_every  # a Hub's stop, a level's cap
                if self.stop is not None and self.stop():
                    raise SearchStopped
                if self.capped is not None and time.perf_counter() >= self.capped:
                    raise SearchStopped
        elif self.nodes >= self._next_check:
            now, self.check_every = self.paced(self.check_every, self._most)
            self._next_check = self.nodes + self.check_every
            if self.deadline is not None and now >= self.deadline:
                raise SearchStopped
            if self.stop is not None and self.stop():
                raise SearchStopped

    def paced(self, every: int, most: int) -> tuple[float, int]:
        """Read the clock: (now, nodes until the next reading), `every` halved when this reading
        came more than CLOCK_GAP after the last one (slow nodes), doubled back up to `most` when
        well within it."""
        now = time.perf_counter()
        gap, self._read = now - self._read, now
        every = max(1, every)
        if gap > CLOCK_GAP:
            every = max(1, every // 2)
        elif gap < CLOCK_GAP / 4 and every < most:
            every = min(most, 2 * every)
        return now, every

    def finish(self) -> None:
        """Call when the move is ready to hand over (its line built too): how late it was teaches
        the next budgets their margin (the worst recent lateness, fading by a tenth per search)."""
        if self.deadline is not None and self.stop is None:
            late = time.perf_counter() - self.deadline
            Budget.late = max(1.2 * late, 0.9 * Budget.late, 0.0)

    def spent(self) -> bool:
        """True when the budget is used up (checked between iterations, never raises)."""
        if self.limit is not None:
            return self.nodes >= self.limit or (self.capped is not None and time.perf_counter() >= self.capped)
        return self.deadline is not None and time.perf_counter() >= self.deadline


def resolve_time(level: int, time_limit):
    return LEVEL_TIME[level] if time_limit is None else time_limit


def pick_with_mistakes(scored, rng: random.Random, temperature: float):
    """Pick from [(score, move), ...] (higher is better for the mover) by a softmax.

    temperature 0 takes the best (first best on ties); larger temperatures make human-like
    mistakes: close alternatives are often chosen, clearly bad moves seldom.
    Scores are in the engine's own units; the temperature is in the same units.
    """
    if not scored:
        raise ValueError("no moves to choose from")
    best = max(s for s, _ in scored)
    if temperature <= 0:
        for s, m in scored:
            if s == best:
                return m
    weights = [math.exp((s - best) / temperature) for s, _ in scored]
    return rng.choices([m for _, m in scored], weights=weights, k=1)[0]


@dataclass(frozen=True)
class LevelRow:
    """How one level of one game plays (each engine's LEVELS: ten rows, level 1 first).

    depth:       plies at most (the root's iterations)
    nodes:       the node budget of a move (None: level 10, the full engine on its clock)
    quiescence:  capture plies searched past the horizon (the captures it sees coming)
    noise:       the spread (standard deviation) of a seeded noise on each root move's value,
                 in the engine's units: a fuzzier sense of the position
    temperature: the softmax temperature among the root moves (pick_with_mistakes), same units
    overlook:    the chance that a move is chosen on the values of one ply less (the last reply,
                 a threat, not seen)
    guard:       a move its own view values this much below its best is never chosen (a piece
                 given away that any player would see); None: no mistakes to guard
    tables:      the opening book and the endgame tables; in the palace game, which has neither,
                 the ending's technique (the kings' hunt for the last soldiers)
    """

    depth: int
    nodes: int | None
    quiescence: int = 99
    noise: float = 0.0
    temperature: float = 0.0
    overlook: float = 0.0
    guard: float | None = None
    tables: bool = False

    @property
    def errs(self) -> bool:
        """The level picks among its root values with mistakes (else it plays its best)."""
        return self.noise > 0 or self.temperature > 0 or self.overlook > 0


def level_budget(row: LevelRow, limits) -> Budget:
    """The budget of a search at `row` under game.ai.contract.Limits: the level's node budget
    (a caller's nodes only lower it; its time, or the level's LEVEL_CAP, only caps it), or for
    the full engine (nodes None) the caller's nodes or clock."""
    if row.nodes is None:
        return Budget(time_limit=limits.seconds, nodes=limits.nodes, stop=limits.stop)
    nodes = row.nodes if limits.nodes is None else min(row.nodes, limits.nodes)
    cap = None if limits.nodes is not None else LEVEL_CAP[limits.level] if limits.time is None else limits.time
    return Budget(nodes=nodes, stop=limits.stop, cap=cap)


def pick_level_move(scored, shallower, rng: random.Random, row: LevelRow):
    """The move a level plays from its root values: scored [(value, move)] of its deepest
    iteration, shallower those of the one before (None when there was none). See LevelRow."""
    view = scored
    if shallower and row.overlook > 0 and rng.random() < row.overlook:
        view = shallower  # the last ply unseen: a threat overlooked
    if row.guard is not None:
        best = max(v for v, _ in view)
        view = [(v, m) for v, m in view if v >= best - row.guard]
    if row.noise > 0:
        view = [(v + rng.gauss(0.0, row.noise), m) for v, m in view]
    return pick_with_mistakes(view, rng, row.temperature)
