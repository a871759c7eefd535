"""The guest's end of a network game: it connects, proves the join code or the game's secret,
sees the offer, accepts, and reconnects by itself after a drop. See game.net.session and
docs/PROTOCOL.md.
"""

from __future__ import annotations

import time

from game import games
from game.net import protocol as P
from game.net import session as S
from game.net.game import NetGame
from game.net.link import LineConnection, resolve
from game.net.netclock import ended_on_time, split_extras
from game.net.session import Event, Session, SessionError
from game.rules.common import PositionError


class GuestSession(Session):
    """The guest: connects, sees the offer, accepts; reconnects by itself after a drop."""

    role = "guest"

    def __init__(self, host: str, port: int, autosave=None, clock=time.monotonic, known=None, code=""):
        """known: {game id: secret} of games this guest already plays (its autosave): proven with
        the secret and resumed without asking when the host resumes one of them.
        code: the join code the host shows (typed by the player), for a first join."""
        super().__init__(autosave, clock)
        self.address = (host, port)
        self.known = {gid: secret for gid, secret in dict(known or {}).items() if secret}
        self.code = P.normalize_code(code)
        self._busy_tries = 0
        self.offer: dict | None = None
        #: the finished game whose rematch both players agreed: its OFFER is accepted without asking
        self.rematch_agreed: str | None = None
        self._resume: NetGame | None = None
        self._target = None  # the host's address once looked up (reused on reconnection)
        self._next_try = 0.0
        self.phase = "connecting"  # the first pump() connects (in the runner's thread, not the UI's)

    def _connect(self) -> None:
        self._hello = self._authed = False
        self._auth = self._refused = None
        self._errors = self._peer_errors = 0
        self._last_in = self._last_out = self.clock()
        try:
            self.conn = self._open_connection()
        except OSError as exc:
            self.conn = None
            self._dropped(f"cannot connect ({exc.strerror or exc})")
            return
        self.conn.send_line(P.format_message("HELLO", P.NAME, P.VERSION))

    def _open_connection(self):
        """A new connection to the host (game.net.online opens a wormhole instead)."""
        if self._target is None:
            self._target = resolve(*self.address)
        return LineConnection.connect_to(self._target)

    def pump(self) -> list[Event]:
        if self.conn is None and self.phase in ("connecting", "paused") and self.clock() >= self._next_try:
            self._connect()
        return super().pump()

    def _dropped(self, reason: str) -> None:
        self._dropped_at = self.clock()
        self.conn = None
        self._hello = self._authed = False
        self._auth = None
        self.pending_flip = None
        self.my_draw = self.their_draw = self.my_undo = self.their_undo = None
        self.their_rematch = None  # their question lapses; ours, or an agreement, waits for the host
        self._resume = None
        refused, self._refused = self._refused, None
        if refused in S._FINAL_REFUSALS:
            self.phase = "closed"
            self._emit("failed", reason=reason)
        elif refused == P.E_BUSY and self._busy_tries < S.BUSY_RETRIES:
            self._busy_tries += 1
            self._emit("busy", attempt=self._busy_tries, of=S.BUSY_RETRIES)
            self._next_try = self.clock() + S.BUSY_RETRY_EVERY
            if self.phase != "paused":
                self.phase = "connecting"
        elif self.game is not None and self.phase in ("playing", "paused"):
            if self.phase == "playing":
                self._emit("paused", reason=reason)
            self.phase = "paused"
            self._next_try = self.clock() + S.RETRY_EVERY
        else:
            self.phase = "closed"
            self._emit("failed", reason=reason)

    def _on_challenge(self, host_nonce, ref) -> None:
        if self._auth is not None:
            raise P.ProtocolError(P.E_STATE, "CHALLENGE twice")
        kind, key = "game", None
        if ref != "-":  # the host resumes a game: its secret, if we play it
            if self.game is not None and self.game.id == ref and self.secret:
                key = self.secret
            else:
                key = self.known.get(ref)
        if not key:
            kind, key = "code", self.code
        if not key:
            self._refused = "no_code"
            self.conn.close("the host asks for its join code")
            return
        guest_nonce = P.new_nonce()
        self._auth = (kind, key, host_nonce, guest_nonce, ref)
        self._send("PROOF", kind, guest_nonce, P.proof(key, "guest", host_nonce, guest_nonce, ref))

    def _on_proven(self, mac) -> None:
        if self._auth is None or self._authed:
            raise P.ProtocolError(P.E_STATE, "PROVEN without a PROOF")
        _, key, host_nonce, guest_nonce, ref = self._auth
        if not P.proof_ok(mac, key, "host", host_nonce, guest_nonce, ref):
            self._refused = "fake_host"  # it does not know the code: not the host we were told
            self.conn.close("the host could not prove it knows the code")
            return
        self._authed = True
        self._busy_tries = 0
        self._emit("connected", peer=self.peer)

    def _announced(self, game_id, game, seat, options, clock, position, resume) -> NetGame:
        finished = self.phase == "playing" and self.game is not None and self.game.result() is not None
        if self.phase not in ("connecting", "offered", "paused", "declined") and not finished:
            raise P.ProtocolError(P.E_STATE, "an offer during a game")
        try:
            info = games.get(game)
            opts = P.options_from_wire(options, info.options)
            control = P.clock_from_wire(clock)
            candidate = NetGame(game, game_id, opts, int(seat), position, hidden=info.hidden, control=control)
        except PositionError as exc:
            raise P.ProtocolError(P.E_OPTIONS, str(exc)) from None
        self._adopt(candidate)
        self.offer = {
            "id": game_id,
            "game": game,
            "options": opts,
            "host_seat": int(seat),
            "position": position,
            "resume": resume,
            "control": control,
        }
        return candidate

    def _on_offer(self, game_id, game, seat, options, clock, position) -> None:
        candidate = self._announced(game_id, game, seat, options, clock, position, False)
        self._resume = None
        # the rematch both agreed to (after a drop: the one we offered, if the host took it)
        agreed = self.game is not None and self.game.id in (self.rematch_agreed, self.my_rematch)
        rematch = agreed and self._is_rematch(candidate)
        self.rematch_agreed = self.my_rematch = self.their_rematch = None
        self.phase = "offered"
        if rematch:
            self.accept()
        else:
            self._emit("offer", **self.offer)

    def _is_rematch(self, new: NetGame) -> bool:
        """The game just played again, seats swapped (anything else is asked like an offer)."""
        old = self.game
        return (
            new.name == old.name
            and new.options == old.options
            and new.position == old.position
            and new.control == old.control
            and new.host_seat == 1 - old.host_seat
        )

    def _rematch_agreed(self) -> None:
        super()._rematch_agreed()
        self.rematch_agreed = self.game.id

    def rematch_starting(self) -> bool:
        return self.rematch_agreed is not None

    def can_offer_rematch(self) -> bool:
        return self.rematch_agreed is None and super().can_offer_rematch()

    def _on_resume(self, game_id, game, seat, options, clock, position) -> None:
        self._resume = self._announced(game_id, game, seat, options, clock, position, True)
        self.rematch_agreed = self.my_rematch = self.their_rematch = None  # the host's word: no rematch

    def _on_played(self, ply, text, *extra) -> None:
        piece, left = split_extras(extra)
        game = self._resume
        if game is None:
            raise P.ProtocolError(P.E_STATE, "PLAYED without RESUME")
        if ply != game.ply:
            raise P.ProtocolError(P.E_SYNC, f"record ply {ply}, expected {game.ply}")
        try:
            move = game.find(text)
            if game.is_flip(move) != (piece is not None):
                raise PositionError("a flip, and only a flip, names its piece")
            game.apply(move, piece, self._check_left(game, left))
        except PositionError as exc:
            self._resume = None
            raise P.ProtocolError(P.E_ILLEGAL, f"record ply {ply}: {exc}") from None

    def _on_synced(self, game_id, plies, ending=None) -> None:
        game = self._resume
        if game is None or game.id != game_id or game.ply != plies:
            self._resume = None
            raise P.ProtocolError(P.E_SYNC, "the record does not match RESUME")
        if ending is not None:
            try:
                if ending == "resign":
                    if not game.can_resign():
                        raise PositionError("no resignation is possible here")
                    game.resign()
                elif ending == "time":
                    if game.clock is None:
                        raise PositionError("a game without a clock cannot end on time")
                    game.out_of_time(game.clock.control.flag_draw)
                else:
                    game.agree_draw()
            except PositionError as exc:
                self._resume = None
                raise P.ProtocolError(P.E_ILLEGAL, f"the record's ending: {exc}") from None
        if (self.game is not None and self.game.id == game_id) or game_id in self.known:
            self.game, self._resume = game, None
            self.secret = self._secret_on_accept(game_id)
            self._send("ACCEPT", game_id)
            self.phase = "playing"
            self._emit("resumed", game=game)
            if game.result() is not None:
                self._emit("ended", result=game.result())
            self._save()
        else:  # a game this guest does not know: ask the player like an offer
            self.offer["plies"] = game.ply
            self.phase = "offered"
            self._emit("offer", **self.offer)

    def accept(self) -> NetGame:
        """Take the offered game."""
        if self.phase != "offered" or self.offer is None:
            raise SessionError("no offer to accept")
        o = self.offer
        if self._resume is not None and self._resume.id == o["id"]:
            self.game, self._resume = self._resume, None
            kind = "resumed"
        else:
            info = games.get(o["game"])
            self.game = self._adopt(
                NetGame(
                    o["game"],
                    o["id"],
                    o["options"],
                    o["host_seat"],
                    o["position"],
                    hidden=info.hidden,
                    control=o["control"],
                )
            )
            kind = "started"
        self.secret = self._secret_on_accept(o["id"])
        self._send("ACCEPT", o["id"])
        self.phase = "playing"
        self._emit(kind, game=self.game)
        self._save()
        return self.game

    def decline(self) -> None:
        if self.phase != "offered" or self.offer is None:
            raise SessionError("no offer to decline")
        self._send("DECLINE", self.offer["id"])
        self.phase = "declined"

    def _on_reveal(self, ply, square, piece) -> None:
        game = self._playing()
        if self.pending_flip is None:
            raise P.ProtocolError(P.E_STATE, "no flip of ours awaits a piece")
        want_ply, point = self.pending_flip
        try:
            move = game.find(square)
            if ply != want_ply or move.path != (point,):
                raise P.ProtocolError(P.E_SYNC, f"REVEAL for {square} at ply {ply} does not match our flip")
            state = game.apply(move, piece)
        except PositionError as exc:
            raise P.ProtocolError(P.E_ILLEGAL, str(exc)) from None
        self.pending_flip = None
        self._after_ply()
        self._emit("move", move=move, seat=self.my_seat, piece=piece, state=state)
        self._check_end()
        self._save()

    # ---- the host's clock figures ---------------------------------------------------------------
    def _on_clock(self, ply, ms0, ms1) -> None:
        """Both seats' time as the host measured it after `ply` plies: taken as it is."""
        game = self._resume if self._resume is not None else self._playing()
        if game.clock is None:
            raise P.ProtocolError(P.E_STATE, "this game has no clock")
        if ply < game.ply and game is self.game:
            return  # our move crossed it: the host's figures of that move follow
        if ply != game.ply:
            raise P.ProtocolError(P.E_SYNC, f"CLOCK for ply {ply}, the game is at ply {game.ply}")
        times = (ms0 / 1000, ms1 / 1000)
        if game is self.game and game.ply > 0 and (game.ply - 1) % 2 == self.my_seat:
            game.times[-1] = times  # the host's measure of our move replaces our estimate of it
        game.clock.set(times, game.clock.running)
        if game is self.game:
            self._tend_clock()
            self._save()

    def _on_flag(self, ply, seat) -> None:
        """The host declares that the player to move at `ply` ran out of time: the game ends on
        both sides (a move of ours that crossed the FLAG on the wire is taken back: the host
        never played it)."""
        game = self._playing()
        if game.clock is None:
            raise P.ProtocolError(P.E_STATE, "this game has no clock")
        if game.result() is not None:
            if ended_on_time(game):
                return
            raise P.ProtocolError(P.E_OVER, "the game is over")
        seat = int(seat)
        if ply % 2 != seat:
            raise P.ProtocolError(P.E_SYNC, f"seat {seat} is not to move at ply {ply}")
        crossed = ply == game.ply - 1 and seat == self.my_seat
        if ply != game.ply and not crossed:
            raise P.ProtocolError(P.E_SYNC, f"FLAG for ply {ply}, the game is at ply {game.ply}")
        if crossed:
            game.undo_to(ply)
        self.pending_flip = None
        game.out_of_time(game.clock.control.flag_draw)
        self.my_draw = self.their_draw = self.my_undo = self.their_undo = None
        self._emit("ended", result=game.result())
        self._save()

    def _record_extra(self) -> dict:
        return {"address": list(self.address), "secret": self.secret}
