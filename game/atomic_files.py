"""Files written whole or not at all: atomic_write_text (game.atomic_write: a temporary file in the
same folder, flushed and fsynced, then os.replace), and BackgroundWriter, which does that in a
thread so that a frame never waits for the disk. Pure Python (no pygame)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from game.atomic_write import atomic_write_text
from game.record import SaveError

__all__ = ["BackgroundWriter", "atomic_write_text"]


class BackgroundWriter:
    """Writes files atomically in a thread, so that the autosave after a move (an fsync: several
    milliseconds, more on a busy disk) never delays a frame. Only the newest text of a path is
    written; flush() waits for everything submitted. A failure is raised by the next submit() or
    flush(). At interpreter exit, pending writes are finished (atexit)."""

    def __init__(self):
        self.cond = threading.Condition()
        self.pending: dict = {}
        self.busy = None  # the path being written
        self.errors: dict = {}  # path -> SaveError of its last failed write, not yet reported
        self.pid = None

    def _start(self) -> None:
        if self.pid != os.getpid():  # first use, or in a forked child: a thread of our own
            self.pid = os.getpid()
            self.pending.clear()
            self.busy = None
            threading.Thread(target=self._run, name="qipan-autosave", daemon=True).start()

    def _run(self) -> None:
        while True:
            with self.cond:
                while not self.pending:
                    self.cond.wait()
                path = next(iter(self.pending))
                text = self.pending.pop(path)
                self.busy = path
            error = None
            try:
                atomic_write_text(path, text)
            except OSError as exc:
                error = SaveError("storage.write_failed", why=exc.strerror or type(exc).__name__)
            with self.cond:
                self.busy = None
                if error is not None:
                    self.errors[path] = error
                else:
                    self.errors.pop(path, None)
                self.cond.notify_all()

    def _raise_error(self, path) -> None:
        error = (
            self.errors.pop(Path(path), None)
            if path is not None
            else (self.errors.pop(next(iter(self.errors))) if self.errors else None)
        )
        if error is not None:
            raise error

    def take_error(self, path):
        """The failure of the last write of `path` not yet reported (and forget it), else None.
        Cheap enough for every frame."""
        if not self.errors or self.pid != os.getpid():
            return None
        with self.cond:
            return self.errors.pop(Path(path), None)

    def submit(self, path: Path, text: str) -> None:
        with self.cond:
            self._start()
            self.pending[Path(path)] = text
            self.cond.notify_all()
            self._raise_error(path)

    def flush(self, path=None, discard: bool = False, timeout: float = 30.0) -> None:
        """Wait until `path` (None: every path) is written; discard: drop its pending text instead."""
        with self.cond:
            if self.pid != os.getpid():
                return
            if discard and path is not None:
                self.pending.pop(Path(path), None)
            self.cond.wait_for(
                lambda: (
                    (not self.pending if path is None else Path(path) not in self.pending)
                    and (self.busy is None if path is None else self.busy != Path(path))
                ),
                timeout,
            )
            self._raise_error(path)
