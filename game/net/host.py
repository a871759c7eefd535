"""The host's end of a network game: it listens, handshakes with several connections at once
(only one that proves the join code or the game's secret takes the guest's seat), offers the game
and keeps the record. See game.net.session for what both ends share and docs/PROTOCOL.md.
"""

from __future__ import annotations

import time

from game import games
from game.clock import TimeControl
from game.net import protocol as P
from game.net import session as S
from game.net.game import NetGame, new_game_id
from game.net.link import OVERSIZED, LineConnection, Listener
from game.net.netclock import ended_on_time
from game.net.session import Event, Session, SessionError, version_refusal


class HostSession(Session):
    """The host: listens, offers a game, holds the authoritative record (and the Banqi deal)."""

    role = "host"

    def __init__(
        self,
        port: int = 0,
        bind: str = "0.0.0.0",
        autosave=None,
        clock=time.monotonic,
        code: str | None = None,
        listener=None,
    ):
        """code: the join code a first guest must prove (shown beside the address); a new random
        one when not given. listener: where connections come from (accept(), close(), port), a
        TCP Listener on bind:port when not given (game.net.online gives a wormhole one)."""
        super().__init__(autosave, clock)
        self.listener = listener if listener is not None else Listener(bind, port)
        self.port = self.listener.port
        self.phase = "waiting"
        self.code = P.normalize_code(code) if code else P.new_join_code()
        self._offer: NetGame | None = None
        self._pending: list[_Pending] = []  # connections still handshaking, none holds the seat
        self._closing: list[tuple[LineConnection, float]] = []  # refused: ERROR sent, closing
        self._code_check_after = 0.0  # clock time before which no code proof is checked

    @property
    def offer_game(self) -> NetGame | None:
        """The game offered and not yet accepted."""
        return self._offer

    def set_offer(
        self,
        game: str,
        options: dict | None = None,
        host_seat: int = 0,
        position: str = "start",
        control: TimeControl | None = None,
    ) -> NetGame:
        """Choose the game to offer (sent to the guest at once if one is connected): before the
        first game, after a decline, or after the end of a game (a rematch). control: the time
        control (None: no clocks)."""
        if self.game is not None and self.game.result() is None:
            raise SessionError("a game is in progress")
        games.get(game)  # unknown game -> ValueError
        self._offer = self._adopt(NetGame(game, new_game_id(), options or {}, host_seat, position, control=control))
        if self.connected:
            self._send_offer()
        return self._offer

    def resume_game(self, game: NetGame, secret: str | None = None) -> None:
        """Continue a saved game: the guest who proves its secret (or the join code) gets RESUME
        and the record. secret: the game's secret from the autosave."""
        self.game = self._adopt(game)
        self.secret = secret
        self.phase = "paused"
        self._dropped_at = self.clock()  # as after a drop: the clock to move runs GRACE s at most

    def pump(self) -> list[Event]:
        now = self.clock()
        conn = self.listener.accept()
        while conn is not None:
            if self.conn is not None and self.conn.open:  # one guest at a time
                self._refuse(conn, P.E_BUSY, "this host already has a guest")
            else:
                self._greet(conn, now)
            conn = self.listener.accept()
        for pending in list(self._pending):
            self._pump_pending(pending, now)
        for conn, until in list(self._closing):
            conn.pump()  # read and drop what it still sends, so our ERROR is not lost in a reset
            if conn.state == "closed" or now > until:
                conn.close("refused")
                self._closing.remove((conn, until))
        return super().pump()

    # ---- the handshake of a new connection ------------------------------------------------------
    def _greet(self, conn: LineConnection, now: float) -> None:
        if len(self._pending) >= S.MAX_PENDING:
            oldest = self._pending.pop(0)
            self._refuse(oldest.conn, P.E_TIMEOUT, "too many connections at once")
        ref = self.game.id if self.game is not None and self.secret else "-"
        pending = _Pending(conn, now, ref)
        self._pending.append(pending)
        game = self.game if self.game is not None and self.game.result() is None else self._offer
        conn.send_line(P.format_message("HELLO", P.NAME, P.VERSION, *([game.name] if game else [])))
        conn.send_line(P.format_message("CHALLENGE", pending.nonce, ref))

    def _refuse(self, conn: LineConnection, code: str, text: str) -> None:
        """Send ERROR and hang up without waiting: the connection lingers a moment, read and
        dropped, so that the peer reads the ERROR before the end of the stream."""
        conn.send_line(P.error_line(code, text))
        conn.shutdown_write()
        self._closing.append((conn, self.clock() + S.LINGER))

    def _pump_pending(self, pending: _Pending, now: float) -> None:
        conn = pending.conn
        lines = conn.pump()
        if conn.state == "closed":
            self._pending.remove(pending)
            return
        if pending.refuse_at is not None:  # a wrong proof: answered once its delay is over
            if now >= pending.refuse_at:
                self._pending.remove(pending)
                self._refuse(conn, P.E_PROOF, "wrong join code or game secret")
            return
        if pending.proof is not None:  # a code proof waiting for its turn
            if now >= pending.check_at:
                self._check_proof(pending, now)
            return
        if now - pending.since > S.HANDSHAKE_LIMIT:
            self._pending.remove(pending)
            self._refuse(conn, P.E_TIMEOUT, f"HELLO and PROOF must come within {S.HANDSHAKE_LIMIT:g} s")
            return
        for i, raw in enumerate(lines):
            if self.conn is conn:  # proven and seated: the rest is game traffic
                self._last_in = self.clock()
                for rest in lines[i:]:
                    if self.conn is conn:
                        self._receive(rest)
                return
            if pending not in self._pending or pending.refuse_at is not None or pending.proof is not None:
                return
            self._pending_line(pending, raw)

    def _pending_line(self, pending: _Pending, raw) -> None:
        try:
            if raw is OVERSIZED:
                raise P.ProtocolError(P.E_TOO_LONG, f"line over {P.MAX_LINE} bytes")
            msg = P.parse_line(P.decode(raw))
        except P.ProtocolError as exc:
            self._pending_error(pending, exc.code, str(exc))
            return
        command = msg.command
        if command == "HELLO":
            name, version = msg.args[:2]
            if pending.hello:
                self._pending_error(pending, P.E_STATE, "HELLO twice")
            elif name != P.NAME or version != P.VERSION:
                self._pending.remove(pending)
                self._refuse(pending.conn, P.E_VERSION, version_refusal(name, version))
                self._emit("refused", peer=pending.address, code=P.E_VERSION)
            else:
                pending.hello = True
        elif command in ("PING", "PONG"):
            pass  # a keep-alive does not make the handshake last longer
        elif command in ("BYE", "ERROR"):
            self._pending.remove(pending)
            pending.conn.close("the other side left during the handshake")
        elif command == "PROOF" and pending.hello:
            now = self.clock()
            pending.proof = msg.args
            pending.check_at = max(now, self._code_check_after) if msg.args[0] == "code" else now
            if pending.check_at - now > S.MAX_PROOF_WAIT:
                self._pending.remove(pending)
                self._refuse(pending.conn, P.E_BUSY, "too many wrong codes lately, try again")
            elif pending.check_at <= now:
                self._check_proof(pending, now)
            else:  # queued behind a wrong one: the next code proof waits one turn more
                self._code_check_after = pending.check_at + S.WRONG_PROOF_DELAY
        else:
            self._pending_error(pending, P.E_STATE, "say HELLO, then PROOF of the join code")

    def _check_proof(self, pending: _Pending, now: float) -> None:
        kind, guest_nonce, mac = pending.proof
        if kind == "code":
            key = self.code
        else:  # the secret of the game named in CHALLENGE (none: "-")
            key = self.secret if pending.ref != "-" and self.game is not None and self.game.id == pending.ref else None
        if key and P.proof_ok(mac, key, "guest", pending.nonce, guest_nonce, pending.ref):
            self._seat(pending, (kind, key, pending.nonce, guest_nonce, pending.ref))
            return
        pending.refuse_at = now + S.WRONG_PROOF_DELAY
        if kind == "code":
            self._code_check_after = max(self._code_check_after, now + S.WRONG_PROOF_DELAY)
        self._emit("refused", peer=pending.address, code=P.E_PROOF)

    def _pending_error(self, pending: _Pending, code: str, text: str) -> None:
        pending.errors += 1
        if pending.errors > S.MAX_HANDSHAKE_ERRORS:
            self._pending.remove(pending)
            self._refuse(pending.conn, code, "too many bad lines")
        else:
            pending.conn.send_line(P.error_line(code, text))

    def _seat(self, pending: _Pending, auth: tuple) -> None:
        """A proven connection takes the guest's seat (unless another proven one has it)."""
        self._pending.remove(pending)
        if self.conn is not None and self.conn.open:
            self._refuse(pending.conn, P.E_BUSY, "this host already has a guest")
            return
        self.conn = pending.conn
        self._hello = self._authed = True
        self._auth = auth
        self._errors = self._peer_errors = 0
        self._last_in = self._last_out = self.clock()
        _, key, host_nonce, guest_nonce, ref = auth
        self._send("PROVEN", P.proof(key, "host", host_nonce, guest_nonce, ref))
        self.peer = pending.conn.peer()
        self._emit("connected", peer=self.peer)
        self._after_hello()

    def _after_hello(self) -> None:
        if self._offer is not None:  # a first game, or a rematch after the last one
            self._send_offer()
        elif self.game is not None:  # the game goes on (or the guest learns how it ended)
            self._send_resume()

    def _announce(self, command: str, game: NetGame) -> None:
        wire = P.options_to_wire(game.options)
        self._send(command, game.id, game.name, str(game.host_seat), wire, P.clock_to_wire(game.control), game.position)

    def _send_offer(self) -> None:
        self._announce("OFFER", self._offer)
        self.phase = "offered"

    def _send_resume(self) -> None:
        game = self.game
        self._announce("RESUME", game)
        timed = game.clock is not None and len(game.times) == game.ply + 1
        for i, (text, piece) in enumerate(game.plies):
            left = [P.Left(P.to_ms(game.times[i + 1][i % 2]))] if timed else []
            self._send("PLAYED", i, text, *([piece] if piece else []), *left)
        self._send_clock()
        if game.end_state is not None:  # ended by resignation, agreement or time: the guest must know
            self._send("SYNCED", game.id, game.ply, "time" if ended_on_time(game) else game.result().reason)
        else:
            self._send("SYNCED", game.id, game.ply)
        self.phase = "resuming"

    def _on_accept(self, game_id) -> None:
        if self.phase == "offered" and self._offer is not None and game_id == self._offer.id:
            self.game, self._offer = self._offer, None
            self.secret = self._secret_on_accept(game_id)
            self.my_rematch = self.their_rematch = None
            self.phase = "playing"
            self._emit("started", game=self.game)
            self._save()
        elif self.phase == "resuming" and game_id == self.game.id:
            secret = self._secret_on_accept(game_id)
            self.phase = "playing"
            self._emit("resumed", game=self.game)
            self._pay_flag()
            if secret != self.secret:  # resumed by a guest who had the code: the old secret ends
                self.secret = secret
                self._save()
        else:
            raise P.ProtocolError(P.E_STATE, "no offer with this id is open")

    def _rematch_agreed(self) -> None:
        """Both want a rematch: offer the game just played again, the seats swapped (the guest,
        who agreed, accepts it without asking its player again)."""
        super()._rematch_agreed()
        old = self.game
        self.set_offer(old.name, dict(old.options), 1 - old.host_seat, old.position, old.control)

    def rematch_starting(self) -> bool:
        return self._offer is not None and self.game is not None and self.game.result() is not None

    def _on_decline(self, game_id) -> None:
        if self.phase in ("offered", "resuming") and game_id == (self._offer or self.game).id:
            self.phase = "declined"
            self._emit("declined")
        else:
            raise P.ProtocolError(P.E_STATE, "no offer with this id is open")

    def _dropped(self, reason: str) -> None:
        self._dropped_at = self.clock()
        self.conn = None
        self._hello = self._authed = False
        self._auth = None
        self.pending_flip = None
        self.my_draw = self.their_draw = self.my_undo = self.their_undo = None
        self.my_rematch = self.their_rematch = None  # questions lapse; an agreed rematch is _offer
        if self.game is not None:  # also after the end: a returning guest learns how it ended
            self.phase = "paused"
            self._emit("paused", reason=reason)
        elif self.phase != "closed":
            self.phase = "waiting"
            self._emit("paused", reason=reason)

    def close(self, reason="closed") -> None:
        super().close(reason)
        for conn in [p.conn for p in self._pending] + [c for c, _ in self._closing]:
            conn.close(reason)
        self._pending, self._closing = [], []
        self.listener.close()

    def _record_extra(self) -> dict:
        return {"port": self.port, "secret": self.secret}


class _Pending:
    """A connection to the host that has not proven itself yet: it never holds the seat."""

    def __init__(self, conn: LineConnection, now: float, ref: str):
        self.conn = conn
        self.since = now
        self.ref = ref  # the game id sent in CHALLENGE, or "-"
        self.nonce = P.new_nonce()
        self.hello = False
        self.errors = 0
        self.refuse_at: float | None = None  # after a wrong proof: when its ERROR goes out
        self.proof: tuple | None = None  # (kind, guest nonce, mac) of its PROOF
        self.check_at = 0.0  # when that proof is checked (code proofs wait their turn)
        self.address = conn.peer().rsplit(":", 1)[0]
