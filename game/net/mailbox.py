"""A Magic Wormhole mailbox server of our own, as a child process (tests, the benchmark, a club).

    with LocalMailbox() as box:      # twist wormhole-mailbox on a free loopback port
        url = box.url                # ws://127.0.0.1:PORT/v1

It runs the real server of the package magic-wormhole-mailbox-server (requirements-dev.txt), so
tests meet the same server players do; `python -m twisted wormhole-mailbox --port=tcp:4000` is
the command docs/ONLINE.md gives for a club's own server.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.net import wormhole_link


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:
    """Linux: the server ends when the program that started it ends, even if that one is killed."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class LocalMailbox:
    """A mailbox server on host:port (a free loopback port by default); its database in a
    temporary folder unless db is given (a file keeps the mailboxes across a restart)."""

    def __init__(self, port: int | None = None, host: str = "127.0.0.1", db: str | None = None):
        self.host = host
        self.port = port or free_port(host)
        self._tmp = tempfile.TemporaryDirectory(prefix="qipan-mailbox-") if db is None else None
        self.db = db or str(Path(self._tmp.name) / "channels.sqlite")  # type: ignore[union-attr]
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}/v1"

    def start(self, timeout: float = 30.0) -> LocalMailbox:
        command = [
            sys.executable,
            "-m",
            "twisted",
            "--log-file=-",
            "wormhole-mailbox",
            f"--port=tcp:{self.port}:interface={self.host}",
            f"--channel-db={self.db}",
        ]
        log = open(os.devnull, "wb")  # noqa: SIM115 - kept for the child's life
        self.proc = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the mailbox server ended at once (exit {self.proc.returncode})")
            try:
                with socket.create_connection((self.host, self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the mailbox server did not listen on {self.host}:{self.port} within {timeout:g} s")

    def stop(self) -> None:
        """Stop the server, once the wormholes this program closed on it have had its answer
        (wormhole_link.wait_closes: a close cut off would reconnect to the gone server forever)."""
        if self.proc is not None and self.proc.poll() is None:
            wormhole_link.wait_closes(self.url)
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def restart(self) -> None:
        """Stop and start again on the same port with the same database (a server restart)."""
        self.stop()
        self.start()

    def close(self) -> None:
        self.stop()
        if self._tmp is not None:
            self._tmp.cleanup()

    def __enter__(self) -> LocalMailbox:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()
