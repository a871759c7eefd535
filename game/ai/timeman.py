"""The computer's time manager: how long to think on a move when it plays on a clock. Pure
Python, no pygame. Every game's engine carries a TimePlan (its `time_plan`, the game's own
figures: how many moves a game lasts, how much more an unclear position gets); the worker, watch
mode, `python -m game.cli selfplay` and the Hub engine's `level time=... inc=...` all ask a
TimeManager:

    tm = TimeManager(engine.time_plan)
    seconds = tm.allot(left=58.2, inc=0.5)   # before the search: Limits(level, time=seconds)
    tm.done(result, spent)                    # after it: what it found, the seconds the clock lost

The share: what is left (less a safety margin that is never spent) over the moves still to come,
plus most of the increment; more when the last searches' values swung (an unclear position),
never more than a fifth of what is left; and the lateness seen on this machine (a loaded one
answers late) taken off the next searches, so that the computer does not lose on time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MIN_MOVE = 0.01  # seconds: a search always gets this much


@dataclass(frozen=True)
class TimePlan:
    """A game's figures for its time manager.

    moves:      the computer's own moves in a typical game (the budget is spread over them)
    min_moves:  never plan for fewer moves still to come than this
    unclear:    factor for an unclear position (the value swung by more than `swing`)
    swing:      a change of the search's value (-1..1) between two own moves that makes a
                position unclear
    max_share:  at most this share of what is left on one move
    reserve:    seconds never spent (the safety margin), and this share of the base, the larger
    reserve_share: see reserve
    """

    moves: int = 40
    min_moves: int = 20
    unclear: float = 1.6
    swing: float = 0.12
    max_share: float = 0.2
    reserve: float = 0.5
    reserve_share: float = 0.1


DEFAULT_PLAN = TimePlan()


class TimeManager:
    """One player's time management through a game (it remembers its moves and its lateness)."""

    def __init__(self, plan: TimePlan = DEFAULT_PLAN, base: float | None = None) -> None:
        self.plan = plan
        self.base = base  # the time control's base (the reserve grows with it), None: unknown
        self.moves = 0  # own moves made so far
        self.late = 0.0  # seconds recent moves took beyond their allotment (decaying)
        self.values: list[float] = []  # the value of each own search, latest last

    def reserve(self) -> float:
        share = self.plan.reserve_share * self.base if self.base is not None else 0.0
        return max(self.plan.reserve, share)

    def unclear(self) -> bool:
        """The last two searches' values differ by more than the plan's swing."""
        v = self.values
        return len(v) >= 2 and abs(v[-1] - v[-2]) > self.plan.swing

    def allot(self, left: float, inc: float = 0.0, to_go: int | None = None) -> float:
        """Seconds for the search of the next move with `left` on the clock and `inc` to come
        (`to_go`: moves until the next time control, when the control has one)."""
        plan = self.plan
        usable = left - self.reserve() - self.late
        if usable <= inc * 0.5:  # in the reserve: live on (part of) the increment
            return max(MIN_MOVE, min(inc * 0.5, left * 0.05) - self.late)
        planned = max(plan.min_moves, plan.moves - self.moves)
        to_go = planned if not to_go else max(1, min(planned, to_go))
        share = usable / to_go + inc * 0.8
        if self.unclear():
            share *= plan.unclear
        share = min(share, usable * plan.max_share)
        return max(MIN_MOVE, share - self.late)

    def done(self, result: Any = None, spent: float | None = None, allotted: float | None = None) -> None:
        """After a move: its search result (its value) and, when known, the seconds the clock lost
        and the seconds allotted (the lateness learnt is taken off the next moves)."""
        self.moves += 1
        if result is not None:
            self.values.append(float(result.value))
            del self.values[:-4]
        if spent is not None and allotted is not None:
            over = max(0.0, spent - allotted)
            self.late = max(over, self.late * 0.7)
