"""The draughts engine over the Hub protocol (version 2, as spoken by the engine Scan), so that
draughts GUIs and test harnesses can use it:  python -m game.cli hub

GUI -> engine:  hub | init | set-param name=N value=V | new-game |
                pos [pos=W<50 squares: w b W B e>] [moves="32-28 19-23 ..."] |
                level [depth=D] [nodes=N] [move-time=S] [time=S [inc=S] [moves=N]] [infinite] |
                go [think|ponder|analyze] | ping | ponder-hit | stop | quit
engine -> GUI:  id name=... version=... | param ... | wait | ready | pong |
                info depth=D score=S nodes=N time=T nps=X pv="..." | done move=M [ponder=M] |
                error message="..."
Parameters (set-param): variant (normal only) and level, the computer's level 1-10 or easy, medium,
hard (3, 6, 10; default 10, the full engine). Levels 1-9 search their own node budget, which a
`level` command's time or nodes only caps.
Moves are written 32-28, and captures start x end x captured squares (28x19x23), as in Hub.
The 8x8 variants: `set-param name=variant value=russian|brazilian|english` (or `hub --option
variant=...` on the command line); positions then hold 32 squares ("normal" is international).
"""

from __future__ import annotations

import math
import shlex
import sys
import threading

from game.ai.contract import TOP_LEVEL, Limits
from game.ai.draughts.player import ENGINE
from game.ai.levels import LEVEL_COUNT
from game.ai.levels import parse_level as parse_strength
from game.ai.timeman import TimeManager
from game.rules import draughts as R
from game.rules import draughts_variants as V
from game.rules.common import PositionError, parse_count

NAME = "Qipan draughts"
VERSION = "1.0"


def parse_position(text: str, variant: V.Variant = V.INTERNATIONAL) -> R.State:
    """Hub position: side to move (W/B) then the 50 squares (w b W B e; 32 on 8x8)."""
    n = variant.geometry.n
    if len(text) != n + 1 or text[0].upper() not in "WB":
        raise PositionError(f"a Hub position is W or B followed by {n} squares")
    pieces = {}
    for i, ch in enumerate(text[1:]):
        if ch in "wbWB":
            pieces[i + 1] = ch
        elif ch not in "e.-":
            raise PositionError(f"unknown square character {ch!r} in Hub position")
    return R.from_pieces(pieces, text[0].lower(), variant)


def format_position(state) -> str:
    cells = ["e"] * state.variant.geometry.n
    for sq, code in state.pieces().items():
        cells[sq - 1] = code
    return state.to_move.upper() + "".join(cells)


def parse_move(state, text: str):
    """A Hub move (start-end, start x end x captured...) or any PDN form."""
    nums = [int(n) for n in text.replace("-", "x").split("x") if n.strip().isascii() and n.strip().isdigit()]
    if "x" in text and len(nums) >= 2:
        for m in state.legal_moves():
            if m.start == nums[0] and m.end == nums[1] and (len(nums) == 2 or set(nums[2:]) == set(m.captures)):
                if len(nums) > 2 or sum(1 for o in state.legal_moves() if (o.start, o.end) == (m.start, m.end)) == 1:
                    return m
    from game.rules.draughts_pdn import match_move

    return match_move(state, text)


MAX_LINE = 64 * 1024  # longer command lines are refused unread (a real "pos" line is under 2 KiB)
MAX_DEPTH = 99
_LEVEL_INTS = {"depth": (1, MAX_DEPTH), "nodes": (1, 10**12), "moves": (0, 10**4)}
_LEVEL_SECONDS = {"move-time": False, "time": False, "inc": True}  # key -> whether 0 is allowed


def parse_level(args: dict) -> dict:
    """The typed settings of a `level` command; PositionError (one line) for a bad or unknown value,
    so that the previous level stays and a later search never fails on it."""
    level: dict[str, float] = {}
    for key, value in args.items():
        if key in _LEVEL_INTS:
            low, high = _LEVEL_INTS[key]
            n = parse_count(value, key, high)
            if n < low:
                raise PositionError(f"{key} must be at least {low}")
            level[key] = n
        elif key in _LEVEL_SECONDS:
            try:
                x = float(value) if value.isascii() and len(value) <= 30 else math.nan
            except ValueError:
                x = math.nan
            if not math.isfinite(x) or x < 0 or (x == 0 and not _LEVEL_SECONDS[key]) or x > 10**6:
                raise PositionError(f"{key} must be a finite number of seconds above 0, not {value[:30]!r}")
            level[key] = x
        elif key == "infinite" and not value:
            level[key] = True
        else:
            raise PositionError(
                f"unknown level setting {key}={value[:30]}" if value else f"unknown level setting {key}"
            )
    return level


def _one_line(exc) -> str:
    """An exception as the text of one Hub error line (no quotes, no line breaks)."""
    text = str(exc).replace('"', "'")
    return text.splitlines()[0][:200] if text.strip() else type(exc).__name__


def parse_line(line: str):
    try:
        tokens = shlex.split(line)
    except ValueError:
        tokens = line.split()
    if not tokens:
        return "", {}
    args = {}
    for tok in tokens[1:]:
        key, _, value = tok.partition("=")
        args[key] = value
    return tokens[0], args


#: the Hub protocol's names of the variants (Scan's "normal" is international draughts)
HUB_VARIANTS = {"normal": "international", "russian": "russian", "brazilian": "brazilian", "english": "english"}


class Hub:
    def __init__(self, out=sys.stdout, variant: str = "international"):
        self.out = out
        self.lock = threading.Lock()
        self.variant = V.get(variant)
        self.state = R.new_game(variant=variant)
        self.level: dict = {"move-time": 1.0}
        self.strength = TOP_LEVEL  # set-param name=level: the computer's level, 1-10
        self.thread: threading.Thread | None = None
        self.stopping: threading.Event | None = None  # set by stop(): the running search ends
        # the clock of `level time=... inc=...` (time: what is left now), managed as in play
        self.timeman = TimeManager(ENGINE.time_plan)

    def send(self, line: str):
        with self.lock:
            self.out.write(line + "\n")
            self.out.flush()

    # ---- search ----------------------------------------------------------------------------------
    def _limits(self):
        lv = self.level  # already checked by parse_level
        depth = lv.get("depth", 64)
        if "nodes" in lv:
            return None, lv["nodes"], depth
        if "infinite" in lv:
            return None, None, depth
        if "time" in lv:  # what is left on our clock; moves: until the next time control (0: none)
            return self.timeman.allot(lv["time"], lv.get("inc", 0.0), int(lv.get("moves", 0)) or None), None, depth
        if "move-time" in lv:
            return lv["move-time"], None, depth
        return (None if "depth" in lv else 1.0), None, depth

    def _think(self, state, ponder, stop):
        def info(found):
            el = max(1e-6, found.time)
            pv = " ".join(m.hub() for m in found.pv)
            self.send(
                f"info depth={found.depth} score={found.raw / 100:.2f} nodes={found.nodes} time={el:.2f} "
                f'nps={found.nodes / el:.0f} pv="{pv}"'
            )

        # everything inside the try: whatever fails, the GUI gets its "done"
        try:
            seconds, nodes, depth = self._limits()
            if ponder or (seconds is None and nodes is None):  # until stopped (or the depth is reached)
                seconds, nodes = math.inf, None
            found = ENGINE.search(
                state, Limits(self.strength, seconds, nodes, depth, stop=stop.is_set, on_iteration=info)
            )
            if not ponder and "time" in self.level:
                self.timeman.done(found, found.time, seconds)
            ponder_text = f" ponder={found.pv[1].hub()}" if len(found.pv) > 1 else ""
            self.send(f"done move={found.move.hub()}{ponder_text}")
        except Exception as exc:  # never leave the GUI waiting
            self.send(f'error message="{_one_line(exc)}"')
            self.send("done")

    def stop(self, wait=None):
        """Stop a running search; wait: seconds to wait for it at most (None: until it answered)."""
        if self.stopping is not None:
            self.stopping.set()
        if self.thread is not None:
            self.thread.join(wait)
            self.thread = None

    # ---- commands -----------------------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        try:
            return self._handle(line)
        except Exception as exc:  # noqa: BLE001 -- a bad line is answered, never the end of the engine
            self.send(f'error message="{_one_line(exc)}"')
            return True

    def _handle(self, line: str) -> bool:
        cmd, args = parse_line(line.strip())
        if not cmd:
            return True
        if cmd == "hub":
            self.send(f'id name="{NAME}" version={VERSION} author="Qipan" country=CN')
            current = next(k for k, v in HUB_VARIANTS.items() if v == self.variant.name)
            self.send(f'param name=variant value={current} type=enum values="{" ".join(HUB_VARIANTS)}"')
            self.send(f"param name=level value={self.strength} type=int min=1 max={LEVEL_COUNT}")
            self.send("wait")
        elif cmd == "init":
            self.send("ready")
        elif cmd == "ping":
            self.send("pong")
        elif cmd == "set-param":
            if args.get("name") == "level":
                try:
                    self.strength = parse_strength(args.get("value", ""))
                except ValueError as exc:  # the level set before stays
                    self.send(f'error message="{_one_line(exc)}"')
            elif args.get("name") == "variant":
                name = HUB_VARIANTS.get(args.get("value", "normal"))
                if name is None:
                    self.send(f'error message="variant {args.get("value")} is not supported"')
                elif name != self.variant.name:
                    self.stop()
                    self.variant = V.get(name)
                    self.state = R.new_game(variant=name)
        elif cmd == "new-game":
            self.stop()
            self.state = R.new_game(variant=self.variant.name)
            self.timeman = TimeManager(ENGINE.time_plan)
        elif cmd == "pos":
            self.stop()
            try:
                v = self.variant
                state = parse_position(args["pos"], v) if "pos" in args else R.new_game(variant=v.name)
                for text in args.get("moves", "").split():
                    state = state.play(parse_move(state, text))
                self.state = state
            except PositionError as exc:
                self.send(f'error message="{exc}"')
        elif cmd == "level":
            try:
                self.level = parse_level(args)
            except PositionError as exc:
                self.send(f'error message="{exc}"')
        elif cmd == "go":
            self.stop()
            if self.state.result() is not None or not self.state.legal_moves():
                self.send('error message="the game is over in this position"')
                self.send("done")
                return True
            mode = next(iter(args), "think")
            ponder = mode in ("ponder", "analyze")
            try:
                ENGINE.warm(None, {"variant": self.variant.name})  # before the clock starts
            except Exception as exc:  # noqa: BLE001 -- the GUI waits for done whatever went wrong
                self.send(f'error message="{_one_line(exc)}"')
                self.send("done")
                return True
            # the stop flag exists before the thread starts, so that a stop right after go reaches it
            self.stopping = threading.Event()
            self.thread = threading.Thread(target=self._think, args=(self.state, ponder, self.stopping), daemon=True)
            self.thread.start()
        elif cmd == "stop":
            self.stop()
        elif cmd == "ponder-hit":
            pass  # the ponder search keeps running until the GUI sends stop
        elif cmd == "quit":
            self.stop()
            return False
        else:
            self.send(f'error message="unknown command {cmd}"')
        return True


def read_lines(stream, limit=MAX_LINE):
    """The lines of a binary stream as text. A line longer than `limit` bytes gives None, its
    rest read and dropped in pieces, so that it is never held in memory whole."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while True:
                rest = stream.readline(limit)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None
            continue
        yield line.decode("utf-8", errors="replace")


def main(stdin=None, variant: str = "international") -> int:
    hub = Hub(variant=variant)
    for line in read_lines(stdin if stdin is not None else sys.stdin.buffer):
        if line is None:
            hub.send(f'error message="line longer than {MAX_LINE} bytes ignored"')
        elif not hub.handle(line):
            return 0
    hub.stop(wait=0.5)  # end of input: the GUI is gone, so stop any search and leave at once
    return 0


if __name__ == "__main__":
    sys.exit(main())
