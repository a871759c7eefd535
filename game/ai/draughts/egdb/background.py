"""Build endgame tables in a process of their own, for the app's Settings: the window keeps drawing
(and the computer keeps playing) while the generator solves 85 million positions. Pure Python, no
pygame; the process is started like the computer's worker (game/worker.py: multiprocessing,
"spawn", so it works the same on every system and in the built app, whose main.py calls
freeze_support).

    job = TableBuild(pieces=4)           # out: the per-user folder, egdb.user_dir()
    job.start()
    ...each frame: job.poll()            # job.state, job.fraction (0..1), job.error
    job.cancel()                         # ends the process at once; nothing half-written stays

The file is written whole or not at all (egdb.write_file: a temporary file named after the
building process, renamed when complete): a cancel, a failure, or the app's death (the process
watches its parent) removes what was begun. A process that searches picks the new table up by
itself (egdb.tables looks for new files while one is missing).
"""

from __future__ import annotations

import errno
import multiprocessing as mp
import os
import shutil
import signal
import threading
import time
from pathlib import Path
from typing import Any

from game.ai.draughts import egdb as E

IDLE, PREPARING, BUILDING, DONE, FAILED, CANCELLED = "idle", "preparing", "building", "done", "failed", "cancelled"
#: what a build costs, for the player to decide: about seconds, MB on the disk, MB of memory
COST = {2: (5, 0.1, 50), 3: (10, 0.1, 60), 4: (60, 8, 400)}
#: less free disk than this (bytes) and the build does not start
DISK_NEEDED = 20_000_000


def covered() -> int:
    """The most pieces the table files present cover (2..k all there), without loading them."""
    top = 0
    for pieces in range(2, E.MAX_PIECES + 1):
        if E.find_file(pieces) is None:
            break
        top = pieces
    return top


def file_size(pieces: int) -> int:
    """Bytes of the table file of `pieces` pieces, 0 if missing."""
    path = E.find_file(pieces)
    try:
        return path.stat().st_size if path is not None else 0
    except OSError:
        return 0


def remove_parts(out: Path, pid: int) -> None:
    """Remove the temporary files the process `pid` began in `out` (egdb.part_name)."""
    try:
        for path in out.glob(f".egdb*.bin.{pid}.part"):
            try:
                path.unlink()
            except OSError:
                pass
    except OSError:
        pass


def _watch_parent(out: Path, interval: float = 0.2) -> None:
    """End this process, and remove its temporary file, soon after the app is gone."""
    parent = mp.parent_process()
    ppid = os.getppid() if os.name == "posix" else None
    while True:
        if parent is not None:
            parent.join(interval)
            gone = not parent.is_alive()
        else:
            time.sleep(interval)
            gone = False
        if gone or (ppid is not None and os.getppid() != ppid):
            remove_parts(out, os.getpid())
            os._exit(1)  # the generator holds the main thread in compiled code


def run(conn, pieces: int, out: str) -> None:
    """The building process: messages ("stage", name), ("fraction", 0..1), ("line", text), then
    ("done", path) or ("failed", kind, detail); kind: "memory", "disk", "io" or "error"."""
    folder = Path(out)
    threading.Thread(target=_watch_parent, args=(folder,), name="qipan-egdb-watchdog", daemon=True).start()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:  # the window and the computer's moves come first
        os.nice(10)
    except (AttributeError, OSError):
        pass

    def send(*message) -> None:
        try:
            conn.send(message)
        except (OSError, BrokenPipeError):
            os._exit(1)

    try:
        folder.mkdir(parents=True, exist_ok=True)
        if shutil.disk_usage(folder).free < DISK_NEEDED:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        from game.ai.draughts.egdb import build as G
        from game.ai.jit import compile_lock

        send("stage", PREPARING)
        with compile_lock("draughts"):  # numba compiles the generator (once; cached) as the search's warm-up does
            G.build(2, {}, None, {})
        send("stage", BUILDING)
        path = G.build_file(pieces, folder, lambda line: send("line", line), lambda f: send("fraction", f))
        send("done", str(path))
    except MemoryError:
        send("failed", "memory", "")
    except OSError as exc:
        full = exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
        send("failed", "disk" if full else "io", exc.strerror or str(exc))
    except Exception as exc:  # noqa: BLE001 -- reported to the player, the app goes on
        send("failed", "error", f"{type(exc).__name__}: {exc}")
    finally:
        remove_parts(folder, os.getpid())


class TableBuild:
    """One build of the `pieces`-piece tables into `out` in a child process."""

    def __init__(self, pieces: int = E.MAX_PIECES, out: Path | str | None = None, start_method: str = "spawn"):
        self.pieces = pieces
        self.out = Path(out) if out is not None else E.user_dir()
        self._ctx: Any = mp.get_context(start_method)
        self._proc: Any = None  # the multiprocessing Process while it lives
        self._conn: Any = None  # the receiving end of its pipe
        self.state = IDLE
        self.fraction = 0.0  # of the whole job (solving, then compressing and writing)
        self.error: tuple[str, str] | None = None  # (kind, detail) when FAILED; kind also "killed"
        self.path: Path | None = None  # the file written, when DONE
        self.lines: list[str] = []  # the generator's progress lines (as the command line prints them)

    @property
    def running(self) -> bool:
        return self.state in (PREPARING, BUILDING)

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def start(self) -> None:
        if self.running:
            return
        parent, child = self._ctx.Pipe(duplex=False)
        proc = self._ctx.Process(target=run, args=(child, self.pieces, str(self.out)), name="qipan-egdb", daemon=True)
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        self.state, self.fraction, self.error, self.path, self.lines = PREPARING, 0.0, None, None, []

    def _take(self, msg: tuple) -> None:
        kind = msg[0]
        if kind == "stage":
            self.state = msg[1]
        elif kind == "fraction":
            self.fraction = float(msg[1])
        elif kind == "line":
            self.lines = [*self.lines[-49:], msg[1]]
        elif kind == "done":
            self.state, self.fraction, self.path = DONE, 1.0, Path(msg[1])
        elif kind == "failed":
            self.state, self.error = FAILED, (msg[1], msg[2])

    def poll(self) -> str:
        """Read what the process reported (never blocks); the state."""
        if self._conn is not None:
            try:
                while self.running and self._conn.poll():
                    self._take(self._conn.recv())
            except (EOFError, OSError):
                self._conn.close()
                self._conn = None
        if self._proc is not None and not self._proc.is_alive():
            self._finish()
        return self.state

    @property
    def alive(self) -> bool:
        """The process has not ended yet (it may have reported its end already)."""
        return self._proc is not None

    def _finish(self) -> None:
        """The process ended: reap it; an end without a word is a failure."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            try:
                while self.running and conn.poll():  # its last words
                    self._take(conn.recv())
            except (EOFError, OSError):
                pass
            conn.close()
        proc.join(0.5)
        if self.running:
            code = proc.exitcode
            self.state, self.error = FAILED, ("killed", "" if code is None else str(code))
        if self.state != DONE:
            remove_parts(self.out, proc.pid)

    def cancel(self) -> None:
        """Stop the build now; what it began is removed."""
        proc = self._proc
        if proc is None:
            return
        if proc.is_alive():
            proc.terminate()
            proc.join(2)
            if proc.is_alive():
                proc.kill()
                proc.join(1)
        self._proc = None
        remove_parts(self.out, proc.pid)
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self.running:
            self.state = CANCELLED

    close = cancel
