"""Helpers for the network tests: real endpoints on 127.0.0.1, pumped until a condition holds."""

from __future__ import annotations

import random
import socket
import time

from game.net import protocol as P
from game.net.guest import GuestSession
from game.net.host import HostSession

LIMIT = 10.0  # seconds any wait may take before the test fails


def pump_until(sessions, cond, limit=LIMIT, log=None):
    """Pump every session until cond() is true; returns the events seen ([(session, Event)])."""
    events = [] if log is None else log
    end = time.monotonic() + limit
    while True:
        for s in sessions:
            for e in s.pump():
                events.append((s, e))
        if cond():
            return events
        if time.monotonic() > end:
            raise AssertionError(
                f"timed out; phases {[s.phase for s in sessions]}, events "
                f"{[(s.role, e.kind, e.info) for s, e in events[-8:]]}"
            )
        time.sleep(0.001)


def kinds(events, session=None):
    return [e.kind for s, e in events if session is None or s is session]


class Pair:
    """A host and a guest connected on loopback, with the offered game accepted."""

    def __init__(self, game, options=None, host_seat=0, position="start", saves=False, start=True):
        from game.net import saves as net_saves

        save = net_saves.autosave if saves else None
        self.host = HostSession(bind="127.0.0.1", autosave=save)
        self.host.set_offer(game, options or {}, host_seat, position)
        self.guest = GuestSession("127.0.0.1", self.host.port, autosave=save, code=self.host.code)
        self.events = []
        if start:
            self.wait(lambda: self.guest.phase == "offered")
            self.guest.accept()
            self.wait(lambda: self.host.phase == "playing")

    @property
    def sessions(self):
        return (self.host, self.guest)

    def wait(self, cond, limit=LIMIT):
        return pump_until(self.sessions, cond, limit, self.events)

    def settled(self) -> bool:
        h, g = self.host.game, self.guest.game
        return h is not None and g is not None and h.plies == g.plies and self.guest.pending_flip is None

    def mover(self):
        return self.host if self.host.my_turn() else self.guest

    def play_random(self, rng: random.Random, max_plies: int):
        """Both sides play seeded random legal moves until the end or max_plies."""
        n = 0
        while self.host.game.result() is None and n < max_plies:
            side = self.mover()
            side.play(rng.choice(side.game.state.legal_moves()))
            self.wait(lambda: self.host.game.ply == self.guest.game.ply and self.guest.pending_flip is None)
            n += 1
        return n

    def close(self):
        for s in self.sessions:
            s.close()


class RawPeer:
    """A hand-driven socket speaking (or abusing) the protocol."""

    def __init__(self, port=None, server=False):
        if server:
            self.listener = socket.socket()
            self.listener.bind(("127.0.0.1", 0))
            self.listener.listen(1)
            self.port = self.listener.getsockname()[1]
            self.sock = None
        else:
            self.sock = socket.create_connection(("127.0.0.1", port), timeout=LIMIT)
            self.sock.setblocking(False)
        self.buf = b""

    def accept(self, sessions):
        self.listener.setblocking(False)
        box = {}

        def got():
            try:
                box["s"], _ = self.listener.accept()
            except BlockingIOError:
                return False
            return True

        pump_until(sessions, got)
        self.sock = box["s"]
        self.sock.setblocking(False)

    def send(self, data):
        if isinstance(data, str):
            data = data.encode() + b"\n"
        self.sock.sendall(data)

    def lines(self):
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    self.buf += b"\0EOF\n"
                    break
                self.buf += chunk
        except (BlockingIOError, InterruptedError):
            pass
        *done, self.buf = self.buf.split(b"\n")
        return [d.decode() for d in done]

    def expect(self, sessions, pred, log=None):
        """Pump until a received line satisfies pred; returns that line (lines before it are kept
        in log)."""
        box = {}

        def seen():
            for line in self.lines():
                if log is not None:
                    log.append(line)
                if pred(line):
                    box["line"] = line
                    return True
            return False

        pump_until(sessions, seen)
        return box["line"]

    def join(self, sessions, code, log=None):
        """Say HELLO and prove `code` (the host's join code, or a wrong one) as a guest would;
        returns (host nonce, our nonce, game ref of the CHALLENGE)."""
        self.send(f"HELLO {P.NAME} {P.VERSION}")
        earlier = [line for line in (log or []) if line.startswith("CHALLENGE")]  # already read
        challenge = (
            earlier[0] if earlier else self.expect(sessions, lambda line: line.startswith("CHALLENGE"), log)
        ).split()
        host_nonce, ref = challenge[1], challenge[2]
        nonce = P.new_nonce()
        self.send(f"PROOF code {nonce} {P.proof(code, 'guest', host_nonce, nonce, ref)}")
        return host_nonce, nonce, ref

    def close(self):
        if self.sock is not None:
            self.sock.close()
        if getattr(self, "listener", None) is not None:
            self.listener.close()


def run_guest_process(port: int, seed: int, code: str) -> int:
    """Body of a guest program in its own process (see test_net_session): accept the offer, play
    seeded random moves until the game ends, print the record, leave. Exit status 0 on success."""
    guest = GuestSession("127.0.0.1", port, code=code)
    rng = random.Random(seed)
    pump_until([guest], lambda: guest.phase == "offered")
    guest.accept()
    end = time.monotonic() + 60
    while guest.game.result() is None and time.monotonic() < end:
        guest.pump()
        if guest.my_turn():
            guest.play(rng.choice(guest.game.state.legal_moves()))
        time.sleep(0.001)
    pump_until([guest], lambda: True)
    print(" ".join(text + (piece or "") for text, piece in guest.game.plies), flush=True)
    guest.close()
    return 0 if guest.game.result() is not None else 1
