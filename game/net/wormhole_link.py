"""Our line protocol carried through a Magic Wormhole (docs/ONLINE.md, docs/PROTOCOL.md).

A wormhole pairs two programs that know the same short code (`7-crossover-clockwork`) through a
mailbox server: SPAKE2 turns the code into a key (a wrong guess burns the code), and every
message is encrypted with it (NaCl secretbox), so the server only relays ciphertext. Here one
wormhole is one connection of game.net.session: WormholeConnection has the interface of
link.LineConnection (state, pump(), send_line(), close(), ...), so the same sessions, with all
their checks, play over the LAN or through a wormhole.

Threads: Twisted runs in one background thread (reactor_call()); the UI, the session runner or
the command line never wait for it. What the reactor receives is split into lines and queued
(at most MAX_INBOX bytes: a flooding peer is cut off); pump() takes them in the caller's thread.
Lines to send are batched: all the lines queued before the reactor's next turn go as one
wormhole message.
"""

from __future__ import annotations

import hashlib
import hmac
import threading
import time
import weakref
from collections import deque

from game.net.link import OVERSIZED, LineSplitter

#: our application id: wormholes of other programs never meet ours on a shared server
APPID = "qipan.game/v1"
#: the library's public mailbox server (what `wormhole send` uses)
PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
#: bytes received and not yet pumped before we stop listening to a flooding peer
MAX_INBOX = 256 * 1024
#: bytes handed up per pump, so a burst cannot stall a frame
READ_PER_PUMP = 64 * 1024
#: the largest wormhole message we take (one batch of lines)
MAX_MESSAGE = 64 * 1024
#: seconds a wormhole may wait for verification after the other side's key message came
STALE_KEY = 3.0
#: the word count of an allocated code (after the number): 7-crossover-clockwork
CODE_WORDS = 2

_reactor = None
_reactor_lock = threading.Lock()
#: every WormholeConnection of this program (wait_closes() looks for closes still on their way)
_connections: weakref.WeakSet = weakref.WeakSet()
_connections_lock = threading.Lock()


def reactor():
    """Twisted's reactor, running in its own daemon thread (started on first use)."""
    global _reactor
    with _reactor_lock:
        if _reactor is None:
            from twisted.internet import reactor as r

            started = threading.Event()
            r.callWhenRunning(started.set)
            thread = threading.Thread(
                target=r.run, kwargs={"installSignalHandlers": False}, name="qipan-wormhole", daemon=True
            )
            thread.start()
            started.wait(10)
            _reactor = r
        return _reactor


def reactor_call(fn, *args, **kwargs) -> None:
    """Run fn(*args) in the reactor's thread, soon; never waits."""
    reactor().callFromThread(fn, *args, **kwargs)


def normalize_wormhole_code(text: str) -> str:
    """A typed code as wormhole wants it: lower case, words joined by single dashes
    (`7 Crossover clockwork` -> `7-crossover-clockwork`)."""
    words = [w for w in text.strip().lower().replace("-", " ").split() if w]
    return "-".join(words)


def code_problem(code: str) -> str | None:
    """Why a typed code cannot be a wormhole code (None when it can)."""
    if not code:
        return "empty"
    number = code.split("-", 1)[0]
    if not number.isdigit() or "-" not in code:
        return "a code starts with a number, then words: 7-crossover-clockwork"
    if not code.isascii() or len(code) > 120:
        return "letters, digits and dashes only"
    return None


def word_completions(prefix: str) -> list[str]:
    """The codes that complete a partly typed one from wormhole's word list (the words of an
    allocated code alternate between two lists), sorted; [] while the number is not typed."""
    from wormhole._wordlist import PGPWordList

    code = normalize_wormhole_code(prefix)
    if prefix.endswith((" ", "-")) and code:
        code += "-"
    number, _, words = code.partition("-")
    if not number.isdigit() or not _:
        return []
    found = PGPWordList().get_completions(words, num_words=CODE_WORDS)
    return sorted(f"{number}-{w}" for w in found)


def spell(code: str) -> list[str]:
    """The parts of a code to read aloud: the number, then each word."""
    return [part for part in code.split("-") if part]


# ---- codes for resuming, derived from a game's secret -----------------------------------------
#: seconds of one resume slot: a resume code is valid for its slot (both clocks roughly agree)
SLOT = 30.0
#: the host also listens on the neighbouring slot this long before and after its boundary
SLOT_GRACE = 10.0


def resume_code(secret: str, slot: int) -> str:
    """The wormhole code both sides of a game derive from its secret for one time slot: a
    nameplate of 9 digits (far above the small numbers a server hands out) and a 40-digit hex
    password. Only the two players know the secret, so nobody else can take the code."""
    digest = hmac.new(secret.encode("ascii"), f"qipan|resume|{slot}".encode("ascii"), hashlib.sha256).hexdigest()
    nameplate = 100_000_000 + int(digest[:12], 16) % 900_000_000
    return f"{nameplate}-{digest[12:52]}"


def slot_at(now: float) -> int:
    return int(now // SLOT)


class WormholeConnection:
    """One wormhole as a line connection. States: connecting (no code yet, or waiting for the
    other side), open (the other side proved the same code: its first message decrypted),
    closed (close_reason says why; fatal holds a protocol error code, such as wrong_code, when
    trying again with the same code is pointless)."""

    def __init__(self, relay_url: str, code: str | None = None, clock=time.monotonic):
        """code None: ask the server for a new code (code is set when it comes)."""
        self.relay_url = relay_url
        self.code = code
        self.state = "connecting"
        self.close_reason = ""
        self.fatal: str | None = None
        self.error_kind = ""  # "wrong_code", "unreachable", "server" or "" for a close of ours
        self.clock = clock
        self.opened_at: float | None = None
        self.keyed_at: float | None = None  # when the other side's key message came (not yet verified)
        self._lock = threading.Lock()
        self._lines: deque = deque()
        self._queued = 0  # bytes in _lines
        self._splitter = LineSplitter()
        self._outbox: list[str] = []
        self._flush_scheduled = False
        self._w = None
        self._closed = threading.Event()  # set once the wormhole is closed at the server too
        self.messages_out = self.messages_in = 0
        with _connections_lock:
            _connections.add(self)
        reactor_call(self._start)

    # ---- the interface of LineConnection -------------------------------------------------------
    @property
    def open(self) -> bool:
        return self.state == "open"

    def peer(self) -> str:
        return "wormhole"

    def send_line(self, line: str) -> None:
        with self._lock:
            if self.state == "closed":
                return
            self._outbox.append(line)
            schedule = self.state == "open" and not self._flush_scheduled
            if schedule:
                self._flush_scheduled = True
        if schedule:
            reactor_call(self._flush)

    def pump(self) -> list:
        out: list = []
        budget = READ_PER_PUMP
        with self._lock:
            while self._lines and budget > 0:
                line = self._lines.popleft()
                size = 1 if line is OVERSIZED else len(line) + 1
                self._queued -= size
                budget -= size
                out.append(line)
        return out

    def flush(self) -> None:
        pass  # lines go at the reactor's next turn by themselves

    def flush_and_close(self, reason: str = "closed") -> None:
        self.close(reason)  # close() sends what is queued first

    def shutdown_write(self) -> None:
        pass

    def close(self, reason: str = "closed") -> None:
        with self._lock:
            if self.state == "closed":
                return
            was_open = self.state == "open"
            self.state = "closed"
            self.close_reason = reason
            outbox, self._outbox = self._outbox, []
        reactor_call(self._close, outbox if was_open else [])

    # ---- in the reactor's thread ---------------------------------------------------------------
    def _start(self) -> None:
        import wormhole

        if self.state == "closed":
            return
        try:
            w = self._w = wormhole.create(APPID, self.relay_url, reactor())
        except Exception as exc:  # a malformed URL
            self._failed_with("unreachable", f"cannot reach the mailbox server ({exc})")
            return
        if self.code is None:
            w.allocate_code(CODE_WORDS)
            w.get_code().addCallbacks(self._got_code, self._failed)
        else:
            try:
                w.set_code(self.code)
            except Exception as exc:
                self._failed_with("wrong_code", f"not a wormhole code ({exc})", fatal="wrong_code")
                return
        w.get_unverified_key().addCallbacks(self._keyed, lambda _f: None)
        w.get_verifier().addCallbacks(self._verified, self._failed)
        w.get_message().addCallbacks(self._received, self._failed)

    def _got_code(self, code: str) -> None:
        self.code = code

    def _keyed(self, _key) -> None:
        self.keyed_at = self.clock()

    def stale(self, now: float, limit: float = STALE_KEY) -> bool:
        """Keyed but unverified for `limit` seconds: the key message came from a side that has
        gone (an earlier attempt on the same resume code, a guest that left during the key
        exchange). A fresh wormhole is needed."""
        return self.state == "connecting" and self.keyed_at is not None and now - self.keyed_at > limit

    def _verified(self, _verifier) -> None:
        with self._lock:
            if self.state != "connecting":
                return
            self.state = "open"
            self.opened_at = self.clock()
        self._flush()

    def _received(self, data: bytes) -> None:
        if self.state == "closed":
            return
        self.messages_in += 1
        lines: list = []
        if len(data) > MAX_MESSAGE:
            lines.append(OVERSIZED)
        else:
            self._splitter.take(data, lines)
        size = sum(1 if line is OVERSIZED else len(line) + 1 for line in lines)
        with self._lock:
            self._lines.extend(lines)
            self._queued += size
            flooded = self._queued > MAX_INBOX
        if flooded:
            self.close("the other side sends faster than the game can read")
            return
        self._w.get_message().addCallbacks(self._received, self._failed)

    def _flush(self) -> None:
        with self._lock:
            self._flush_scheduled = False
            if self.state != "open" or not self._outbox:
                return
            data, self._outbox = "".join(line + "\n" for line in self._outbox), []
        self.messages_out += 1
        self._w.send_message(data.encode("ascii"))

    def _failed(self, failure) -> None:
        from wormhole.errors import ServerConnectionError, ServerError, WormholeClosed, WrongPasswordError

        if failure.check(WrongPasswordError):
            self._failed_with("wrong_code", "wrong code: the other side used another code", fatal="wrong_code")
        elif failure.check(ServerConnectionError):
            self._failed_with("unreachable", f"cannot reach the mailbox server {self.relay_url}")
        elif failure.check(ServerError):
            self._failed_with("server", f"the mailbox server refused: {failure.value}")
        elif failure.check(WormholeClosed):
            self._failed_with("", "the wormhole was closed")
        else:
            self._failed_with("server", f"wormhole failure: {failure.getErrorMessage()}")

    def _failed_with(self, kind: str, reason: str, fatal: str | None = None) -> None:
        with self._lock:
            if self.state == "closed":
                return
            self.state = "closed"
            self.close_reason = reason
            self.error_kind = kind
            self.fatal = fatal
        self._close([])

    def _close(self, outbox: list[str]) -> None:
        w, self._w = self._w, None
        if w is None:
            self._closed.set()
            return
        if outbox:
            w.send_message("".join(line + "\n" for line in outbox).encode("ascii"))
        d = w.close()  # after the messages before it: the server has them when it answers
        d.addErrback(lambda _f: None)  # an unhappy close (lonely, scary) is already reported
        d.addBoth(lambda _r: self._closed.set())

    def wait_closed(self, timeout: float = 5.0) -> bool:
        """Wait (not in a frame!) until close() reached the server, so that what we sent last
        is in the mailbox before this program ends; False after timeout."""
        return self._closed.wait(timeout)


def wait_closes(relay_url: str, timeout: float = 5.0) -> bool:
    """Wait until every wormhole of this program closed on relay_url has had the server's answer
    to its close (False after timeout). Stopping a server before that leaves those wormholes
    reconnecting to it, with growing pauses, for the rest of the program's life: wormhole keeps
    trying until the server has the close."""
    with _connections_lock:
        closing = [c for c in _connections if c.relay_url == relay_url and c.state == "closed"]
    deadline = time.monotonic() + timeout
    return all(c.wait_closed(max(0.0, deadline - time.monotonic())) for c in closing)


def test_mailbox(relay_url: str, timeout: float = 10.0):
    """Start a check that the mailbox server at relay_url answers (its welcome message).
    Returns a MailboxCheck: poll .result (None while waiting, then (ok, text))."""
    return MailboxCheck(relay_url, timeout)


class MailboxCheck:
    def __init__(self, relay_url: str, timeout: float):
        self.result: tuple[bool, str] | None = None
        self.relay_url = relay_url
        self.timeout = timeout
        reactor_call(self._start)

    def _start(self) -> None:
        import wormhole

        try:
            w = wormhole.create(APPID, self.relay_url, reactor())
        except Exception as exc:
            self.result = (False, str(exc))
            return
        self._timer = reactor().callLater(self.timeout, self._done, w, (False, "no answer"))
        w.get_welcome().addCallbacks(
            lambda welcome: self._done(w, (True, str(welcome.get("motd", "")) if isinstance(welcome, dict) else "")),
            lambda f: self._done(w, (False, f.getErrorMessage())),
        )

    def _done(self, w, result) -> None:
        if self.result is not None:
            return
        self.result = result
        if self._timer.active():
            self._timer.cancel()
        w.close().addErrback(lambda _f: None)
