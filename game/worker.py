"""The computer thinks in a separate process so the window keeps drawing at 60 frames per second.

    w = Worker()
    rid = w.request("move", state, level=10, time_limit=None, seed=None, nodes=None, ponder=True)
    ...each frame: for answer in w.poll(): ...   # {"id": rid, "kind": "move", "result": "c8-c7", "error": None}
    w.cancel()    # stop at once: the process is terminated, and a fresh one started
    w.close()

Every request goes to the game's engine (game.ai.contract: engine.search(position, limits)).
Kinds: "move" (result: the move's notation, found again with game.rules.common.find_move),
"evaluate" (result: float in [-1, 1] for the side to move), "analyse" (a game.analysis.Analysis;
with stream=True each finished iteration also comes as an answer with "partial": True) and
"report" (a game.ai.contract.SearchResult, one position of a game review). After a timed "move"
at hard asked with ponder=True, the child thinks on the opponent's time (engine.ponder, draughts)
until the next request arrives. A "move" on a clock passes clock={"player": key, "left": seconds,
"inc": seconds, "base": seconds, "moves": own moves so far} instead of time_limit: the child's
time manager for that player (game/ai/timeman.py) decides how long to think. While the engine prepares (compiles), Worker.preparing says how
far it is. An exception in the search comes back as error (its text), never as a hung
request. No pygame here: the child imports only the rules and the AI.
"""

from __future__ import annotations

import multiprocessing as mp
import signal
import threading
import time

from game.ai.contract import TOP_LEVEL, Limits
from game.ai.timeman import TimeManager

#: a warm-up (numba compiling the draughts search) is shown as "preparing" once it lasts this long
PREPARING_SHOWN_AFTER = 0.5


def _watch_parent(interval: float = 0.2) -> None:
    """End this process within `interval` seconds of its parent's death (a killed app must not
    leave a search running on). Two signs, either suffices: multiprocessing's parent sentinel
    (a pipe on POSIX, the process handle on Windows) and, on POSIX, a changed parent pid."""
    import os

    parent = mp.parent_process()
    ppid = os.getppid() if os.name == "posix" else None
    while True:
        if parent is not None:
            parent.join(interval)  # returns at once when the parent is gone
            gone = not parent.is_alive()
        else:
            time.sleep(interval)
            gone = False
        if gone or (ppid is not None and os.getppid() != ppid):
            os._exit(0)  # the search holds the main thread; only a hard exit ends it at once


def _quietly(func, *args) -> None:
    try:
        func(*args)
    except Exception:  # noqa: BLE001 -- the request that needs it will report the failure
        pass


def _serve(conn, warm_game: tuple[str, dict] | None = None) -> None:
    """The child's loop: one request at a time, answered in order."""
    threading.Thread(target=_watch_parent, name="qipan-ai-watchdog", daemon=True).start()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:  # the window's frame loop comes first when the cores are busy
        import os

        os.nice(5)
    except (AttributeError, OSError):
        pass
    from game import analysis, games

    sending = threading.Lock()  # the warm-up thread reports progress while a request answers

    def send(message: dict) -> bool:
        try:
            with sending:
                conn.send(message)
            return True
        except (EOFError, OSError, BrokenPipeError):
            return False

    def warm(game: str, options: dict | None = None) -> None:
        # numba says nothing while it compiles: the progress is reported only when it takes a while
        # (a cached load takes a fraction of a second and shows nothing)
        start = time.perf_counter()

        def progress(done: float) -> None:
            if done >= 1.0 or time.perf_counter() - start > PREPARING_SHOWN_AFTER:
                send({"id": 0, "kind": "preparing", "game": game, "result": done, "error": None})

        games.get(game).engine.warm(progress, options)

    # the games (and the options that choose what an engine compiles, e.g. a draughts variant)
    # whose engines this process has begun to warm
    prepared: set[tuple[str, str]] = set()

    def prepared_key(game: str, options: dict | None) -> tuple[str, str]:
        return game, repr(sorted(games.get(game).ladder_options(options).items()))

    managers: dict = {}  # a time manager per player on a clock (its "player" key)

    def prepare(game: str, options: dict | None = None) -> None:
        # compile (or load) what the game's engine compiles while the player looks at the board;
        # a timed move that comes first waits for it before its clock starts
        key = prepared_key(game, options)
        if key not in prepared:
            prepared.add(key)
            threading.Thread(target=_quietly, args=(warm, game, options), name="qipan-ai-warm", daemon=True).start()

    if warm_game is not None:
        prepare(*warm_game)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        rid, kind, state, params = msg
        if kind == "warm":  # another game opened in this process (Worker.start): no answer
            try:
                prepare(state, params.get("options"))
            except Exception:  # noqa: BLE001 -- a game or options it does not know: nothing to prepare
                pass
            continue
        after = None  # the position to think about on the opponent's time, if any
        try:
            info = games.of_state(state)
            if not any(name == info.name for name, _ in prepared):
                # warmed here, so that its progress shows while it compiles
                prepared.add(prepared_key(info.name, None))
                warm(info.name)
            if kind == "move":
                ponder = params.pop("ponder", False)
                clock = params.pop("clock", None)
                time_limit = params.get("time_limit")
                manager = None
                if clock is not None and params.get("nodes") is None:
                    manager = managers.get(clock["player"])
                    if manager is None or manager.plan is not info.engine.time_plan:
                        manager = managers[clock["player"]] = TimeManager(info.engine.time_plan, clock.get("base"))
                    manager.moves = int(clock.get("moves", manager.moves))
                    time_limit = manager.allot(float(clock["left"]), float(clock.get("inc", 0.0)))
                limits = Limits(
                    params.get("level", 6),
                    time_limit,
                    params.get("nodes"),
                    seed=params.get("seed"),
                )
                asked = time.perf_counter()
                found = info.engine.search(info.public(state), limits)
                if manager is not None:
                    manager.done(found, time.perf_counter() - asked, time_limit)
                move = found.move
                if move is None:
                    raise ValueError("no legal move: the game is over")
                result = str(move)
                if ponder and limits.level == TOP_LEVEL and limits.nodes is None and info.engine.can_ponder:
                    after = state.play(move)
            elif kind == "evaluate":
                result = float(
                    info.engine.search(
                        info.public(state),
                        Limits(TOP_LEVEL, params.get("time_limit", 0.5), params.get("nodes"), seed=0),
                    ).value
                )
            elif kind == "analyse":  # game.analysis.Analysis: value, best line, depth, nodes
                if params.pop("stream", False):  # each finished iteration as it comes, then the last
                    params["on_iteration"] = lambda a, rid=rid: send(
                        {"id": rid, "kind": "analyse", "result": a, "error": None, "partial": True}
                    )
                result = analysis.analyse(state, **params)
            elif kind == "report":  # game.analysis.search: one position of a game review
                result = analysis.search(state, **params)
            else:
                raise ValueError(f"unknown request {kind!r}")
            answer = {"id": rid, "kind": kind, "result": result, "error": None}
        except Exception as exc:  # sent back to the UI, which falls back gracefully
            answer = {"id": rid, "kind": kind, "result": None, "error": f"{type(exc).__name__}: {exc}"}
        if not send(answer):
            return
        if after is not None:
            try:  # until the next request arrives; a failure here costs only the head start
                info.engine.ponder(after, conn.poll)
            except Exception:  # noqa: BLE001
                pass


class Worker:
    """One AI process, started on the first request; requests are answered in order."""

    def __init__(self, start_method: str = "spawn"):
        self._ctx = mp.get_context(start_method)
        self._proc = None
        self._conn = None
        self._next_id = 0
        self.pending: set[int] = set()
        self._sent: dict[int, tuple] = {}  # the message of every pending request, in the order sent
        # the game (and its rule options) whose engine a new process prepares (start)
        self._warm: tuple[str, dict] | None = None
        self._preparing: float | None = None

    @property
    def preparing(self) -> float | None:
        """While the process prepares the computer player (the first hard draughts game of a
        version compiles its search for 6-15 s): the share done, 0..1 (an estimate). Else None.
        Updated by poll()."""
        return self._preparing

    @property
    def busy(self) -> bool:
        return bool(self.pending)

    def start(self, game: str | None = None, options: dict | None = None) -> None:
        """Start the process now (e.g. when a game against the computer opens) to hide its start-up;
        with `game`, this and later processes also prepare that game's engine under its rule
        `options` (game.ai's Engine.warm: a draughts variant compiles a search of its own)."""
        wanted = None if game is None else (game, dict(options or {}))
        if self._proc is not None and self._proc.is_alive():
            if wanted is not None and wanted != self._warm:
                self._warm = wanted
                try:  # not a request: nothing answers it, nothing waits for it
                    self._conn.send((0, "warm", game, {"options": wanted[1]}))
                except (OSError, BrokenPipeError):
                    pass  # the next request finds the process gone and starts one that prepares it
            return
        if wanted is not None:
            self._warm = wanted
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=_serve, args=(child, self._warm), name="qipan-ai", daemon=True)
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent

    def request(self, kind: str, state, **params) -> int:
        self.start()
        self._next_id += 1
        rid = self._next_id
        self._send((rid, kind, state, params))
        return rid

    def _send(self, msg: tuple) -> None:
        try:
            self._conn.send(msg)
            sent = [msg]
        except (OSError, BrokenPipeError):  # the process died: a fresh one gets every request still pending
            sent = [*self._sent.values(), msg]
            self._kill()
            self.start()
            for m in sent:
                self._conn.send(m)
        for m in sent:
            self.pending.add(m[0])
            self._sent[m[0]] = m

    def poll(self) -> list[dict]:
        """Answers that have arrived (never blocks)."""
        out = []
        if self._conn is None:
            return out
        try:
            while self._conn.poll():
                answer = self._conn.recv()
                if answer["kind"] == "preparing":
                    self._preparing = None if answer["result"] >= 1.0 else float(answer["result"])
                elif answer["id"] in self.pending:
                    if not answer.get("partial"):  # a streamed analysis's iteration: more to come
                        self.pending.discard(answer["id"])
                        self._sent.pop(answer["id"], None)
                    out.append(answer)
        except (EOFError, OSError):
            dead = sorted(self.pending)
            self._kill()
            out.extend({"id": rid, "kind": None, "result": None, "error": "the AI process stopped"} for rid in dead)
        return out

    def cancel(self, rid: int | None = None) -> None:
        """Forget request `rid` (None: all). A search still running is stopped at once by ending
        the process; the other requests still pending (e.g. the computer's move while an analysis
        is cancelled) are sent again to the fresh process, so none of them is lost."""
        if rid is not None and rid not in self.pending:
            return
        if self.pending:
            keep = [msg for r, msg in self._sent.items() if r != rid] if rid is not None else []
            self._kill()
            self.start()  # a fresh process warms up now, so the next answer is not late
            for msg in keep:
                self._send(msg)

    def _kill(self) -> None:
        self._preparing = None
        self.pending.clear()
        self._sent.clear()
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass
        if proc is not None and proc.is_alive():
            proc.terminate()  # SIGTERM ends a pure-Python search at once
            proc.join(0.2)
            if proc.is_alive():
                proc.kill()

    def close(self) -> None:
        if self._conn is not None and not self.pending:
            try:
                self._conn.send(None)
            except (OSError, BrokenPipeError):
                pass
            if self._proc is not None:
                self._proc.join(0.3)
        self._kill()
