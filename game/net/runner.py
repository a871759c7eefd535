"""Keep a session's connection alive whatever the UI is doing.

The UI pumps nothing itself: a SessionRunner pumps the session in a background thread (every
10 ms), so PINGs are answered and the guest reconnects while the player reads the rules, sits in a
dialog or drags the window. The UI takes the events with events() once per frame and calls the
session's actions through call(), both under one lock, so the session is only ever touched by one
thread at a time.
"""

from __future__ import annotations

import threading
from collections import deque

from game.net.session import Event


class SessionRunner:
    def __init__(self, session, interval: float = 0.01):
        self.session = session
        self.interval = interval
        self.lock = threading.RLock()
        self._events: deque = deque()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"qipan-net-{session.role}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            with self.lock:
                if self._stop.is_set():
                    break
                try:
                    events = self.session.pump()
                except Exception as exc:  # a bug must not kill the thread silently
                    events = [Event("failed", {"reason": f"{type(exc).__name__}: {exc}"})]
                    self._stop.set()
            self._events.extend(events)

    def events(self) -> list:
        """The events since the last call (oldest first)."""
        out = []
        while self._events:
            out.append(self._events.popleft())
        return out

    def call(self, name: str, *args, **kwargs):
        """session.<name>(*args) under the lock (SessionError passes through)."""
        with self.lock:
            return getattr(self.session, name)(*args, **kwargs)

    def read(self, fn):
        """fn(session) under the lock: a consistent look at several attributes."""
        with self.lock:
            return fn(self.session)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def stop(self, reason: str = "closed") -> None:
        """Say BYE, close the connection (and the host's listening socket), end the thread."""
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=1.0)
        with self.lock:
            self.session.close(reason)
        from game.net import saves

        saves.flush()  # the last autosave is on disk before the scene goes
