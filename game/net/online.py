"""Online play: the host and guest sessions of game.net over Magic Wormhole (docs/ONLINE.md).

The line protocol, its handshake and every check are those of game.net.session; only where
connections come from changes:

- The host's "listener" is a set of doors, each a wormhole waiting for the other player: one with
  a code the mailbox server hands out (shown to the player, `7-crossover-clockwork`), and, while
  a game with a secret waits for its guest, doors on the resume codes derived from that secret
  (wormhole_link.resume_code, one per 30 s slot: both computers find them without anyone typing).
  A door whose wormhole verifies becomes a connection that the HostSession greets as usual. A
  wrong guess burns the code: the host is told ("refused", wrong_code) and a fresh code is made
  at once ("code" event).
- The guest connects with the typed code for a first join, and with the resume code of the
  current slot to resume (after a drop, or from its autosave after a restart).

The join code of the line handshake (PROOF code) is the wormhole code itself, so the game's secret
comes from it as on the LAN.
"""

from __future__ import annotations

import time

from game.net import protocol as P
from game.net import wormhole_link as W
from game.net.guest import GuestSession
from game.net.host import HostSession
from game.net.session import Event

#: seconds before a door that could not reach the mailbox server is tried again
DOOR_RETRY = 5.0
#: seconds a code door may stay keyed without the other side's proof (it left mid-exchange):
#: then the code is dropped and a fresh one shown
CODE_STALE = 20.0
#: seconds a first join may take to meet the host through the server (resume attempts keep the
#: session's silence limit: they are tried again and again)
CONNECT_LIMIT = 30.0


class WormholeListener:
    """The host's doors (see the module's docstring); accept() hands over a verified one."""

    port = 0  # HostSession reads it (no TCP port online)

    def __init__(self, relay_url: str, clock=time.time):
        self.relay_url = relay_url
        self.clock = clock  # wall clock: resume slots must agree between two computers
        self.code_door: W.WormholeConnection | None = None
        self.resume_doors: dict[int, W.WormholeConnection] = {}
        self.want_code = True
        self.secret: str | None = None
        self.events: list[Event] = []
        self.code: str | None = None  # the code of the open code door, once the server gave it
        self.fault = ""  # the last reason the server could not be used ("" once it works)
        self._retry_at = 0.0
        self._closed = False

    def want(self, code: bool, secret: str | None) -> None:
        """What to listen for: a code door (no guest seated or handshaking), resume doors for the
        game with this secret (None: none)."""
        self.want_code = code
        self.secret = secret

    def accept(self):
        if self._closed:
            return None
        now = self.clock()
        door = self.code_door
        if door is not None and door.stale(time.monotonic(), CODE_STALE):
            door.close("the other side left during the key exchange")
            self.code_door = door = None
            self.code = None
        if door is not None:
            if door.open:
                self.code_door = None
                return door
            if door.state == "closed":
                self.code_door = None
                self._door_failed(door, now)
            elif door.code and door.code != self.code:
                self.code = door.code
                self.fault = ""
                self.events.append(Event("code", {"code": door.code}))
        mono = time.monotonic()
        for slot, door in list(self.resume_doors.items()):
            if door.open:
                del self.resume_doors[slot]
                return door
            if door.stale(mono):  # met a side of an earlier attempt: start afresh
                door.close("stale")
            if door.state == "closed":
                del self.resume_doors[slot]
                if door.error_kind in ("unreachable", "server"):  # not again at once: in a while
                    self._retry_at = now + DOOR_RETRY
        self._open_doors(now)
        return None

    def _door_failed(self, door, now: float) -> None:
        if door.error_kind == "wrong_code":
            self.events.append(Event("refused", {"peer": "wormhole", "code": P.E_PROOF}))
        elif door.error_kind:
            self.fault = door.close_reason
            self.events.append(Event("unreachable", {"reason": door.close_reason}))
            self._retry_at = now + DOOR_RETRY
        self.code = None

    def _open_doors(self, now: float) -> None:
        if self.want_code and self.code_door is None and now >= self._retry_at:
            self.code_door = W.WormholeConnection(self.relay_url)
        elif not self.want_code and self.code_door is not None:
            self.code_door.close("no longer needed")
            self.code_door, self.code = None, None
        slots = set()
        if self.secret and now >= self._retry_at:
            slots = {W.slot_at(now - W.SLOT_GRACE), W.slot_at(now + W.SLOT_GRACE)}
        for slot in list(self.resume_doors):
            if slot not in slots:
                self.resume_doors.pop(slot).close("slot over")
        for slot in slots - set(self.resume_doors):
            self.resume_doors[slot] = W.WormholeConnection(self.relay_url, W.resume_code(self.secret, slot))

    def close(self) -> None:
        self._closed = True
        for door in [self.code_door, *self.resume_doors.values()]:
            if door is not None:
                door.close("closed")
        self.code_door, self.resume_doors = None, {}


class WormholeHostSession(HostSession):
    """The host of an online game. Events besides HostSession's: code (info: code) when a new
    code is ready to show, unreachable (info: reason) when the mailbox server cannot be used
    (tried again every few seconds)."""

    def __init__(self, relay_url: str, autosave=None, clock=time.monotonic, wall_clock=time.time):
        self.relay_url = relay_url
        super().__init__(autosave=autosave, clock=clock, listener=WormholeListener(relay_url, wall_clock))
        self.code = ""  # no code until the mailbox server hands one out

    @property
    def wormhole_code(self) -> str | None:
        return self.listener.code

    def pump(self) -> list[Event]:
        listener = self.listener
        seated = self.conn is not None and self.conn.open
        resumable = self.game is not None and self.secret and not seated
        listener.want(code=not seated and not self._pending, secret=self.secret if resumable else None)
        events = super().pump()  # accepts, handshakes, plays
        if listener.code:
            self.code = P.normalize_code(listener.code)
        events += listener.events
        listener.events = []
        return events

    def record(self):
        data = super().record()
        if data is not None:
            data.update(online=True, relay=self.relay_url, port=None)
        return data


class WormholeGuestSession(GuestSession):
    """The guest of an online game: code is the wormhole code typed by the player (a first
    join); resume: (game id, secret) of a game this computer plays (from its autosave)."""

    def __init__(
        self,
        relay_url: str,
        code: str = "",
        resume: tuple[str, str] | None = None,
        autosave=None,
        clock=time.monotonic,
        wall_clock=time.time,
    ):
        known = {resume[0]: resume[1]} if resume else None
        wcode = W.normalize_wormhole_code(code)
        super().__init__("wormhole", 0, autosave=autosave, clock=clock, known=known, code=wcode)
        self.relay_url = relay_url
        self.wormhole_code = wcode
        self.wall_clock = wall_clock
        self._resume_secret = resume[1] if resume else None
        self._connect_started = 0.0
        self.ever_connected = False

    def _open_connection(self):
        self._connect_started = self.clock()
        secret = self.secret if self.game is not None and self.secret else self._resume_secret
        if secret:
            code = W.resume_code(secret, W.slot_at(self.wall_clock()))
        else:
            code = self.wormhole_code
        return W.WormholeConnection(self.relay_url, code)

    def pump(self) -> list[Event]:
        conn = self.conn
        if isinstance(conn, W.WormholeConnection) and conn.stale(time.monotonic()):
            conn.close("no answer from the other side")
        first_join = self.game is None and not self._resume_secret
        if (
            first_join
            and isinstance(conn, W.WormholeConnection)
            and conn.state == "connecting"
            and self.clock() - self._connect_started < CONNECT_LIMIT
        ):
            self._last_in = self.clock()  # a slow server or network: the session's limit starts later
        if conn is not None and conn.state == "closed" and isinstance(conn, W.WormholeConnection):
            if conn.fatal and not (self.game is not None or self._resume_secret):
                self._refused = conn.fatal  # a wrong code: trying again would burn another
            elif conn.error_kind == "unreachable" and self.game is None and not self._resume_secret:
                self._refused = "unreachable"
        events = super().pump()
        for ev in events:
            if ev.kind == "connected":
                self.ever_connected = True
        return events

    def _dropped(self, reason: str) -> None:
        conn_never_opened = self.conn is not None and getattr(self.conn, "opened_at", 0) is None
        if conn_never_opened and self.game is None and not self._resume_secret and not self._refused:
            reason = "nobody is waiting with this code"
        super()._dropped(reason)

    def record(self):
        data = super().record()
        if data is not None:
            data.update(online=True, relay=self.relay_url, address=None)
        return data
