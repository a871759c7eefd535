"""Chess clocks: a time control (base and Fischer increment, a base per seat for a handicap) and
the running clock of a game. Pure Python, no pygame; the time source is injected, so that tests
and the network guest drive it by hand.

    tc = TimeControl.parse("300+5")           # 5 minutes + 5 s a move; TimeControl.preset("5+3")
    clock = Clock(tc, now=time.monotonic)
    clock.start(0)                             # seat 0's time runs
    clock.press()                              # seat 0 moved: increment added, seat 1's time runs
    clock.left(1), clock.flagged()             # seconds left; the seat whose time is out, or None
    clock.pause(); clock.resume()              # a question or menu is open, the window is away

The clock knows seats (seat 0 moves first), not colours; game.match.Match keeps what was left
after every move (undo restores it, saves and PDN export carry it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

#: the presets offered in every new-game setup, minutes + seconds (as players write them)
PRESETS = ("1+1", "3+2", "5+3", "10+5", "15+10", "30+20")
#: tenths of a second are shown below this many seconds, and the low-time warning starts
LOW_TIME = 10.0
MAX_BASE = 6 * 3600.0  # seconds; a longer base is refused (and a save holding one is damaged)
MAX_INC = 600.0


class ClockError(ValueError):
    """A time control that cannot be used; the message is one line naming what is wrong."""


def _seconds(text: str, what: str, high: float) -> float:
    t = text.strip()
    try:
        value = float(t) if t.isascii() and 0 < len(t) <= 20 else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or value > high:
        raise ClockError(f"{what} must be a number of seconds from 0 to {high:g}, not {text[:20]!r}")
    return value


@dataclass(frozen=True)
class TimeControl:
    """base: seconds each seat starts with; inc: seconds added after each of its moves;
    bases: (seat 0, seat 1) when they differ (a handicap), else None;
    flag_draw: the named option "flag_draw": a flag fall is a draw, not a loss, when the other
    side cannot possibly win any more (each game's rules say when: docs/CLOCK.md)."""

    base: float
    inc: float = 0.0
    bases: tuple[float, float] | None = None
    flag_draw: bool = True

    def __post_init__(self) -> None:
        for v in (self.base, self.inc, *(self.bases or ())):
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v) or v < 0:
                raise ClockError("a time control's seconds must be finite numbers of 0 or more")
        if self.inc > MAX_INC or max(self.base, *(self.bases or (0, 0))) > MAX_BASE:
            raise ClockError(f"a base is at most {MAX_BASE:g} s and an increment at most {MAX_INC:g} s")
        if max(self.start_times()) <= 0 and self.inc <= 0:
            raise ClockError("a time control needs some time: a base or an increment above 0")
        if min(self.start_times()) <= 0:
            raise ClockError("each side's base must be above 0")

    @classmethod
    def parse(cls, text: str, flag_draw: bool = True) -> TimeControl:
        """'BASE+INC' in seconds, decimals allowed ("240+0.1"); ClockError for anything else."""
        base, sep, inc = str(text).partition("+")
        if not sep:
            raise ClockError(f"a clock is BASE+INC in seconds (e.g. 300+5), not {str(text)[:20]!r}")
        return cls(_seconds(base, "the base", MAX_BASE), _seconds(inc, "the increment", MAX_INC), None, flag_draw)

    @classmethod
    def preset(cls, name: str) -> TimeControl:
        """One of PRESETS, written minutes+seconds ("5+3": 300 s + 3 s)."""
        if name not in PRESETS:
            raise ClockError(f"unknown preset {name!r}; expected one of {', '.join(PRESETS)}")
        minutes, _, inc = name.partition("+")
        return cls(float(minutes) * 60, float(inc))

    def start_times(self) -> tuple[float, float]:
        return self.bases if self.bases is not None else (self.base, self.base)

    def handicap(self, seat0: float, seat1: float) -> TimeControl:
        """The same increment with a base of its own for each seat."""
        return TimeControl(max(seat0, seat1), self.inc, (float(seat0), float(seat1)), self.flag_draw)

    def label(self) -> str:
        """As players write it: minutes+seconds ("5+3"), a handicap "5/3+3"."""

        def minutes(s: float) -> str:
            return f"{s / 60:g}" if s >= 60 else f"{s:g}s"

        bases = self.start_times()
        head = minutes(bases[0]) if bases[0] == bases[1] else f"{minutes(bases[0])}/{minutes(bases[1])}"
        return f"{head}+{self.inc:g}"

    def pdn_tag(self) -> str:
        """The PDN/PGN [TimeControl] value: seconds "BASE+INC" (seat 0's base under a handicap)."""
        return f"{self.start_times()[0]:g}+{self.inc:g}"

    def to_json(self) -> dict:
        data: dict = {"base": self.base, "inc": self.inc}
        if self.bases is not None:
            data["bases"] = list(self.bases)
        if not self.flag_draw:
            data["flag_draw"] = False
        return data

    @classmethod
    def from_json(cls, data) -> TimeControl:
        """From to_json(); ClockError for anything else."""
        if not isinstance(data, dict) or not set(data) <= {"base", "inc", "bases", "flag_draw"}:
            raise ClockError("not a time control")
        bases = data.get("bases")
        if bases is not None:
            if not isinstance(bases, list) or len(bases) != 2:
                raise ClockError("not a time control")
            bases = (bases[0], bases[1])
        flag_draw = data.get("flag_draw", True)
        if not isinstance(flag_draw, bool):
            raise ClockError("not a time control")
        return cls(data.get("base", -1), data.get("inc", 0.0), bases, flag_draw)


class Clock:
    """The two seats' time. At most one seat's time runs; it stops while paused or held.

    now: the time source (seconds, monotonic); tests and the network guest pass their own.
    """

    def __init__(self, control: TimeControl, now: Callable[[], float] = time.monotonic) -> None:
        self.control = control
        self.now = now
        self._left = list(control.start_times())
        self.running: int | None = None  # the seat whose turn it is (its time runs unless stopped)
        self._since: float | None = None  # when the running seat's time last started to run
        self.paused = False
        self.held = False  # the running seat has answered; its move is on its way (no time runs)

    # ---- reading ------------------------------------------------------------------------------
    def left(self, seat: int) -> float:
        """Seconds `seat` has left now (never below 0)."""
        value = self._left[seat]
        if seat == self.running and self._since is not None:
            value -= self.now() - self._since
        return max(0.0, value)

    def times(self) -> tuple[float, float]:
        return self.left(0), self.left(1)

    def ticking(self) -> bool:
        """A seat's time is running now."""
        return self._since is not None

    def flagged(self) -> int | None:
        """The seat whose time is out (only the running one can be), or None."""
        if self.running is not None and self.left(self.running) <= 0:
            return self.running
        return None

    # ---- changing -----------------------------------------------------------------------------
    def _settle(self) -> None:
        if self.running is not None and self._since is not None:
            self._left[self.running] = self.left(self.running)
        self._since = None

    def _run(self) -> None:
        self._since = self.now() if self.running is not None and not self.paused and not self.held else None

    def start(self, seat: int) -> None:
        """`seat` is to move: its time runs (unless paused)."""
        self._settle()
        self.running, self.held = seat, False
        self._run()

    def stop(self) -> None:
        """No seat's time runs (the game is over, or waits to start)."""
        self._settle()
        self.running, self.held = None, False

    def press(self) -> float:
        """The running seat has moved: its time stops, its increment is added and the other
        seat's time runs. Returns what the mover has left."""
        seat = self.running
        if seat is None:
            return 0.0
        self._settle()
        self._left[seat] += self.control.inc
        self.running, self.held = 1 - seat, False
        self._run()
        return self._left[seat]

    def hold(self) -> None:
        """The running seat has answered (the computer's move waits for the board to settle):
        its time stops until press()."""
        self._settle()
        self.held = True

    def pause(self) -> None:
        if not self.paused:
            self._settle()
            self.paused = True

    def resume(self) -> None:
        if self.paused:
            self.paused = False
            self._run()

    def set(self, times: tuple[float, float], running: int | None = None) -> None:
        """Both seats' time (a position taken back, a network figure); `running` is to move."""
        self._since = None
        self._left = [max(0.0, float(times[0])), max(0.0, float(times[1]))]
        self.running, self.held = running, False
        self._run()


def format_time(seconds: float) -> str:
    """A clock face: h:mm:ss, m:ss, and tenths under LOW_TIME (9.4)."""
    s = max(0.0, seconds)
    if s < LOW_TIME:
        return f"{math.floor(s * 10) / 10:.1f}"
    whole = int(s)
    h, rest = divmod(whole, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def pdn_clock(seconds: float) -> str:
    """A PDN/PGN %clk value, h:mm:ss with tenths when under a minute (0:00:09.4)."""
    s = max(0.0, seconds)
    whole = int(s)
    h, rest = divmod(whole, 3600)
    m, sec = divmod(rest, 60)
    if s < 60:
        return f"{h}:{m:02d}:{math.floor(s * 10) / 10:04.1f}"
    return f"{h}:{m:02d}:{sec:02d}"
