"""What the three computer players share: level settings, the search budget, human-like mistakes."""

from __future__ import annotations

import gc
import math
import random
import time

from game.ai.contract import LEVEL_TIME


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

    __slots__ = ("nodes", "limit", "deadline", "check_every", "_next_check", "stop", "_most", "_read")

    late = 0.0  # how far past their deadlines recent timed searches ended (seconds, decaying)

    def __init__(self, time_limit=None, nodes=None, check_every=256, stop=None, start=None):
        """start: when the move's clock started (perf_counter), if before this budget is made."""
        self.nodes = 0
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
            if self.stop is not None and self.nodes >= self._next_check:  # a Hub's stop
                self._next_check = self.nodes + self.check_every
                if self.stop():
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
            return self.nodes >= self.limit
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
