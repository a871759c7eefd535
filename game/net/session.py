"""A network game session: the host or the guest end of one connection, driven by pump().

The UI (or a test) calls pump() often (every frame); it returns the Events that happened since
the last call. Before any game line, the guest proves it knows the host's join code or the
game's secret (an HMAC over a nonce from each side, never the key itself); the host handshakes
with several connections at once and only a proven one takes the guest's seat. Local actions (play, resign, offer_draw, ...) send their line at once and change
the local game; the peer's lines are checked (protocol.parse_line, then the session's state, the
turn, the ply number and the rules) and anything wrong is answered with an ERROR line while the
game stays as it was. The host is the authority on the record: after a dropped connection the
guest reconnects by itself and the host sends the whole move list again (RESUME ... SYNCED).

See docs/PROTOCOL.md for the lines and the flow.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from game import games
from game.net import protocol as P
from game.net.game import NetGame, new_game_id
from game.net.link import OVERSIZED, LineConnection, Listener, resolve
from game.rules.common import PositionError, Result

#: seconds without sending anything before a PING
PING_EVERY = 3.0
#: seconds without hearing anything before the connection counts as dropped
SILENCE_LIMIT = 12.0
#: seconds between the guest's reconnection attempts
RETRY_EVERY = 2.0
#: ERROR lines we send on one connection before we hang up on a peer that keeps sending junk
MAX_ERRORS = 50
#: seconds a new connection has, from its arrival, to say HELLO and prove the code or secret
HANDSHAKE_LIMIT = 5.0
#: seconds before a wrong proof is answered: slows guessing, while the host goes on meanwhile.
#: Code proofs are also checked one per this delay after a wrong one (whatever the connection),
#: or a guesser would learn a right guess at once from PROVEN and never wait for a refusal.
WRONG_PROOF_DELAY = 2.0
#: longest wait for that turn; beyond it (many wrong guesses queued) a code proof gets busy
MAX_PROOF_WAIT = 4.0
#: connections handshaking with the host at once; the oldest gives way to a newer one
MAX_PENDING = 8
#: bad lines a connection may send before it has proven itself
MAX_HANDSHAKE_ERRORS = 5
#: seconds a refused connection is kept open for reading, so that its ERROR line arrives
LINGER = 2.0
#: guest: how often, and how many times, it tries again when the host has another guest
BUSY_RETRIES = 3
BUSY_RETRY_EVERY = 3.0
#: what the guest stops on instead of reconnecting (the refusal would only come again)
_FINAL_REFUSALS = (P.E_PROOF, P.E_VERSION, "no_code", "fake_host")


@dataclass
class Event:
    """Something the UI should show. kind, then details in info:

    connected   a peer said HELLO and proved the join code or the game secret (info: peer)
    refused     host: a connection was turned away (info: peer address, code: wrong_code when its
                proof was wrong, version for another protocol version)
    busy        guest: the host has another guest; we try again (info: attempt, of)
    offer       guest: the host's offer (info: game, options, host_seat, position, resume)
    declined    host: the guest refused the offer
    started     the game begins (both sides), resumed: it goes on after a reconnection
    move        a ply was added (info: move, seat, piece, state); on the Banqi guest also its own
                flip once the host revealed the piece
    draw_offer / draw_declined, undo_request / undo_declined, undone (info: ply)
    ended       the game is over (info: result)
    paused      the connection dropped or the peer left (info: reason)
    peer_error  the peer rejected one of our lines (info: code, text)
    rejected    we rejected one of the peer's lines (info: code, text)
    failed      the guest could not reach the host at all (info: reason)
    """

    kind: str
    info: dict = field(default_factory=dict)


class SessionError(Exception):
    """A local action that is not possible now (not your turn, no game, waiting for an answer)."""


class Session:
    role = ""

    def __init__(self, autosave=None, clock=time.monotonic):
        self.conn: LineConnection | None = None
        self.phase = "idle"
        self.game: NetGame | None = None
        self.peer = ""
        self.autosave = autosave  # callable(record dict) or None
        self.clock = clock
        self._events: list[Event] = []
        self._hello = False
        self._authed = False  # the peer proved the key (the host's seat holder is always proven)
        self._auth = None  # (key kind, key, host nonce, guest nonce, game ref) of the proof
        self._refused = None  # guest: why the host turned us away (an ERROR code), if it did
        self.secret: str | None = None  # the game's secret (derived, never sent; autosaved)
        self._errors = self._peer_errors = 0
        self._last_in = self._last_out = clock()
        self._ping = 0
        # pending questions: ("draw", ply) / ("undo", target ply); ours and theirs
        self.my_draw: int | None = None
        self.their_draw: int | None = None
        self.my_undo: int | None = None
        self.their_undo: int | None = None
        self.pending_flip: tuple[int, int] | None = None  # Banqi guest: (ply, point) awaiting REVEAL

    # ---- what the UI reads ----------------------------------------------------------------------
    @property
    def my_seat(self) -> int:
        if self.game is None:
            raise SessionError("no game")
        return self.game.host_seat if self.role == "host" else 1 - self.game.host_seat

    @property
    def connected(self) -> bool:
        return self.conn is not None and self.conn.open and self._hello and self._authed

    def my_turn(self) -> bool:
        return (self.phase == "playing" and self.game is not None and self.game.result() is None
                and self.game.seat_to_move == self.my_seat and self.pending_flip is None)

    def waiting_for_answer(self) -> bool:
        return self.my_draw is not None or self.my_undo is not None

    def record(self) -> dict | None:
        if self.game is None:
            return None
        data = self.game.record()
        data["role"] = self.role
        data.update(self._record_extra())
        return data

    # ---- the loop -------------------------------------------------------------------------------
    def pump(self) -> list[Event]:
        """Do all pending network work; return the events since the last call."""
        self._pump_connection()
        out, self._events = self._events, []
        return out

    def _pump_connection(self) -> None:
        conn = self.conn
        if conn is None:
            return
        lines = conn.pump()
        if lines:
            self._last_in = self.clock()
        for raw in lines:  # also the lines that came just before the other side hung up
            if self.conn is not conn:
                break
            self._receive(raw)
        if self.conn is conn:
            if conn.state == "closed":
                self._dropped(conn.close_reason)
            else:  # open or still connecting
                now = self.clock()
                if now - self._last_in > SILENCE_LIMIT:
                    conn.close("no answer from the other side")
                    self._dropped(conn.close_reason)
                elif self._hello and now - self._last_out > PING_EVERY:
                    self._ping = self._ping % 999_999 + 1
                    self._send("PING", self._ping)
        if conn.open:
            conn.flush()

    def close(self, reason="closed") -> None:
        """Leave: say BYE and hang up (the game stays saved and can be resumed)."""
        if self.conn is not None and self.conn.open:
            if self._hello:
                self.conn.send_line(P.format_message("BYE"))
            self.conn.flush_and_close(reason)
        self.conn = None
        self.phase = "closed"

    # ---- sending --------------------------------------------------------------------------------
    def _send(self, command, *args) -> None:
        if self.conn is not None and self.conn.open:
            self.conn.send_line(P.format_message(command, *args))
            self._last_out = self.clock()

    def _reject(self, code: str, text: str) -> None:
        self._events.append(Event("rejected", {"code": code, "text": text}))
        if self.conn is not None and self.conn.open:
            self.conn.send_line(P.error_line(code, text))
            self._last_out = self.clock()
            self._errors += 1
            if self._errors > MAX_ERRORS:
                self.conn.close("too many bad lines from the other side")

    def _emit(self, kind, **info) -> None:
        self._events.append(Event(kind, info))

    def _save(self) -> None:
        if self.autosave is not None and self.game is not None:
            self.autosave(self.record())

    # ---- receiving ------------------------------------------------------------------------------
    def _receive(self, raw) -> None:
        try:
            if raw is OVERSIZED:
                raise P.ProtocolError(P.E_TOO_LONG, f"line over {P.MAX_LINE} bytes")
            msg = P.parse_line(P.decode(raw))
        except P.ProtocolError as exc:
            self._reject(exc.code, str(exc))
            return
        if msg.command == "ERROR":
            self._emit("peer_error", code=msg.args[0], text=msg.args[1])
            self._peer_errors += 1
            if msg.args[0] in P.FATAL_CODES and self.conn is not None:
                self._refused = msg.args[0]
                self.conn.close(f"refused by the other side: {msg.args[0]}")
            elif self._peer_errors > MAX_ERRORS and self.conn is not None:
                self.conn.close("too many errors from the other side")
            return
        if msg.command == "HELLO":
            self._on_hello(msg)
            return
        if not self._hello:
            self._reject(P.E_STATE, "say HELLO first")
            return
        if msg.command == "PING":
            self._send("PONG", msg.args[0])
            return
        if msg.command == "PONG":
            return
        if not self._authed and msg.command not in ("BYE", "CHALLENGE", "PROVEN"):
            self._reject(P.E_STATE, "the join code or the game secret must be proven first")
            return
        if msg.command == "BYE":
            self.conn.close("the other player left")
            return
        handler = getattr(self, "_on_" + msg.command.lower(), None)
        if handler is None:
            self._reject(P.E_STATE, f"{msg.command} is not sent to the {self.role}")
            return
        try:
            handler(*msg.args)
        except P.ProtocolError as exc:
            self._reject(exc.code, str(exc))
        except (PositionError, ValueError, TypeError, KeyError, IndexError) as exc:
            # the rules refused something in a way the checks above did not foresee
            self._reject(P.E_ILLEGAL, f"{msg.command} refused: {exc}")

    def _on_hello(self, msg) -> None:
        name, version = msg.args[:2]
        if self._hello:
            self._reject(P.E_STATE, "HELLO twice")
            return
        if name != P.NAME or version != P.VERSION:
            self._reject(P.E_VERSION, version_refusal(name, version))
            self._refused = P.E_VERSION
            self.conn.flush_and_close("the other side speaks another protocol version")
            return
        self._hello = True
        self.peer = self.conn.peer()
        self._after_hello()

    def _after_hello(self) -> None:
        pass

    def _secret_on_accept(self, game_id: str) -> str:
        """The secret of the game accepted on this connection: kept when the connection was
        proven with that game's secret, else derived afresh from the proven key and both nonces
        (a first game, a rematch, or a game resumed by someone the host gave its code to)."""
        if self._auth is None:
            raise SessionError("the connection is not proven")
        kind, key, host_nonce, guest_nonce, ref = self._auth
        if kind == "game" and ref == game_id:
            return key
        return P.game_secret(key, game_id, host_nonce, guest_nonce)

    def _dropped(self, reason: str) -> None:
        raise NotImplementedError

    def _record_extra(self) -> dict:
        return {}

    # ---- game messages (both directions) --------------------------------------------------------
    def _playing(self) -> NetGame:
        if self.phase != "playing" or self.game is None:
            raise P.ProtocolError(P.E_STATE, "no game in progress")
        return self.game

    def _on_move(self, ply, text, piece=None) -> None:
        game = self._playing()
        if game.result() is not None:
            raise P.ProtocolError(P.E_OVER, "the game is over")
        their_seat = 1 - self.my_seat
        if game.seat_to_move != their_seat or self.pending_flip is not None:
            raise P.ProtocolError(P.E_TURN, f"it is not your turn at ply {game.ply}")
        if ply != game.ply:
            raise P.ProtocolError(P.E_SYNC, f"ply {ply} sent, the game is at ply {game.ply}")
        try:
            move = game.find(text)
        except PositionError as exc:
            raise P.ProtocolError(P.E_ILLEGAL, str(exc)) from None
        flip = game.is_flip(move)
        if self.role == "host" and piece is not None:
            raise P.ProtocolError(P.E_MALFORMED, "only the host names a revealed piece")
        if self.role == "guest" and flip and piece is None:
            raise P.ProtocolError(P.E_MALFORMED, "a flip must name the piece it reveals")
        if piece is not None and not flip:
            raise P.ProtocolError(P.E_MALFORMED, "only a Banqi flip names a piece")
        if self.role == "host" and flip:
            piece = game.reveal(move)
        try:
            state = game.apply(move, piece)
        except PositionError as exc:
            raise P.ProtocolError(P.E_ILLEGAL, str(exc)) from None
        if self.role == "host" and flip:
            self._send("REVEAL", ply, text, piece)
        self._after_ply()
        self._emit("move", move=move, seat=their_seat, piece=piece, state=state)
        self._check_end()
        self._save()

    def _after_ply(self) -> None:
        """A ply was played: draw offers lapse; an undo request stays (see PROTOCOL.md)."""
        self.my_draw = self.their_draw = None

    def _check_end(self) -> None:
        result = self.game.result()
        if result is not None:
            self.my_draw = self.their_draw = self.my_undo = self.their_undo = None
            self._emit("ended", result=result)

    def _on_resign(self) -> None:
        game = self._playing()
        if game.result() is not None:
            raise P.ProtocolError(P.E_OVER, "the game is over")
        if game.seat_to_move != 1 - self.my_seat or self.pending_flip is not None:
            raise P.ProtocolError(P.E_TURN, "resign on your own turn")
        if not game.can_resign():
            raise P.ProtocolError(P.E_STATE, "resignation is not allowed yet")
        game.resign()
        self._check_end()
        self._save()

    def _on_draw(self, what, ply) -> None:
        game = self._playing()
        if game.result() is not None:
            raise P.ProtocolError(P.E_OVER, "the game is over")
        if what == "OFFER":
            if ply != game.ply:
                return  # crossed with a move: the offer lapsed with that move
            if self.their_draw is not None:
                raise P.ProtocolError(P.E_STATE, "a draw offer is already pending")
            self.their_draw = ply
            self._emit("draw_offer", ply=ply)
            return
        if self.my_draw is None or self.my_draw != ply:
            if ply != game.ply:
                return  # an answer to an offer that lapsed
            raise P.ProtocolError(P.E_STATE, "no draw offer of yours is pending")
        self.my_draw = None
        if what == "ACCEPT":
            game.agree_draw()
            self._check_end()
            self._save()
        else:
            self._emit("draw_declined", ply=ply)

    def _undo_target_ok(self, target: int, seat: int) -> bool:
        game = self.game
        return 0 <= target < game.ply and game.ply - target <= 2 and target % 2 == seat

    def _on_undo(self, what, target) -> None:
        game = self._playing()
        if game.result() is not None:
            raise P.ProtocolError(P.E_OVER, "the game is over")
        if what == "REQUEST":
            if not self._undo_target_ok(target, 1 - self.my_seat):
                raise P.ProtocolError(P.E_STATE, f"cannot go back to ply {target} from ply {game.ply}")
            self.their_undo = target
            self._emit("undo_request", ply=target)
            return
        if self.my_undo != target:
            raise P.ProtocolError(P.E_STATE, "no undo request of yours is pending")
        self.my_undo = None
        if what == "ACCEPT":
            self._undo(target)
        else:
            self._emit("undo_declined", ply=target)

    def _undo(self, target: int) -> None:
        self.game.undo_to(target)
        self.my_draw = self.their_draw = None
        self.pending_flip = None
        self._emit("undone", ply=target, state=self.game.state)
        self._save()

    # ---- local actions --------------------------------------------------------------------------
    def _require_game(self) -> NetGame:
        if self.phase != "playing" or self.game is None:
            raise SessionError("no game in progress")
        if self.game.result() is not None:
            raise SessionError("the game is over")
        return self.game

    def play(self, move):
        """Play our move (a legal move of game.state). Returns the new state, or None for a Banqi
        guest flip (it is played when the host's REVEAL arrives, as a 'move' event)."""
        game = self._require_game()
        if not self.my_turn():
            raise SessionError("not your turn")
        if self.waiting_for_answer():
            raise SessionError("waiting for the answer to your question")
        try:
            move = game.find(str(move))
        except PositionError as exc:  # e.g. a click on a board that has not shown the last change
            raise SessionError(str(exc)) from None
        ply = game.ply
        self._decline_pending()
        if game.is_flip(move) and self.role == "guest":
            self.pending_flip = (ply, move.path[0])
            self._send("MOVE", ply, str(move))
            return None
        piece = game.reveal(move)
        state = game.apply(move, piece)
        self._send("MOVE", ply, str(move), piece) if piece else self._send("MOVE", ply, str(move))
        self._after_ply()
        self._check_end()
        self._save()
        return state

    def _decline_pending(self) -> None:
        """Moving instead of answering declines the other player's question."""
        if self.their_draw is not None:
            self._send("DRAW", "DECLINE", self.their_draw)
            self.their_draw = None
        if self.their_undo is not None:
            self._send("UNDO", "DECLINE", self.their_undo)
            self.their_undo = None

    def can_resign(self) -> bool:
        return self.my_turn() and not self.waiting_for_answer() and self.game.can_resign()

    def resign(self) -> Result:
        """Give up, on our own turn (as the rules' state.resign(): the player to move resigns)."""
        game = self._require_game()
        if not self.my_turn():
            raise SessionError("not your turn")
        if self.waiting_for_answer():  # an accept could cross the resignation on the wire
            raise SessionError("waiting for the answer to your question")
        if not game.can_resign():
            raise SessionError("resignation is not allowed yet")
        self._decline_pending()
        self._send("RESIGN")
        result = game.resign()
        self._check_end()
        self._save()
        return result

    def offer_draw(self) -> None:
        game = self._require_game()
        if self.my_draw is not None:
            raise SessionError("your draw offer is already pending")
        if self.their_draw is not None:
            self.answer_draw(True)
            return
        self.my_draw = game.ply
        self._send("DRAW", "OFFER", game.ply)

    def answer_draw(self, accept: bool) -> None:
        game = self._require_game()
        if self.pending_flip is not None:
            raise SessionError("wait until your flip is revealed")
        if self.their_draw is None:
            raise SessionError("no draw offer to answer")
        ply, self.their_draw = self.their_draw, None
        self._send("DRAW", "ACCEPT" if accept else "DECLINE", ply)
        if accept:
            game.agree_draw()
            self._check_end()
            self._save()

    def can_request_undo(self) -> bool:
        return (self.phase == "playing" and self.game is not None and self.game.result() is None
                and self.my_undo is None and self.pending_flip is None
                and self.undo_target() is not None)

    def undo_target(self) -> int | None:
        """The ply our undo request would go back to: before our last move."""
        game = self.game
        for target in (game.ply - 1, game.ply - 2):
            if target >= 0 and target % 2 == self.my_seat:
                return target
        return None

    def request_undo(self) -> int:
        self._require_game()
        if not self.can_request_undo():
            raise SessionError("nothing of yours to take back")
        self.my_undo = self.undo_target()
        self._send("UNDO", "REQUEST", self.my_undo)
        return self.my_undo

    def answer_undo(self, accept: bool) -> None:
        self._require_game()
        if self.pending_flip is not None:
            raise SessionError("wait until your flip is revealed")
        if self.their_undo is None:
            raise SessionError("no undo request to answer")
        target, self.their_undo = self.their_undo, None
        self._send("UNDO", "ACCEPT" if accept else "DECLINE", target)
        if accept:
            self._undo(target)


class HostSession(Session):
    """The host: listens, offers a game, holds the authoritative record (and the Banqi deal)."""

    role = "host"

    def __init__(self, port: int = 0, bind: str = "0.0.0.0", autosave=None, clock=time.monotonic,
                 code: str | None = None):
        """code: the join code a first guest must prove (shown beside the address); a new random
        one when not given."""
        super().__init__(autosave, clock)
        self.listener = Listener(bind, port)
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

    def set_offer(self, game: str, options: dict | None = None, host_seat: int = 0,
                  position: str = "start") -> NetGame:
        """Choose the game to offer (sent to the guest at once if one is connected): before the
        first game, after a decline, or after the end of a game (a rematch)."""
        if self.game is not None and self.game.result() is None:
            raise SessionError("a game is in progress")
        games.get(game)  # unknown game -> ValueError
        self._offer = NetGame(game, new_game_id(), options or {}, host_seat, position)
        if self.connected:
            self._send_offer()
        return self._offer

    def resume_game(self, game: NetGame, secret: str | None = None) -> None:
        """Continue a saved game: the guest who proves its secret (or the join code) gets RESUME
        and the record. secret: the game's secret from the autosave."""
        self.game = game
        self.secret = secret
        self.phase = "paused"

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
        if len(self._pending) >= MAX_PENDING:
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
        self._closing.append((conn, self.clock() + LINGER))

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
        if now - pending.since > HANDSHAKE_LIMIT:
            self._pending.remove(pending)
            self._refuse(conn, P.E_TIMEOUT, f"HELLO and PROOF must come within {HANDSHAKE_LIMIT:g} s")
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
            if pending.check_at - now > MAX_PROOF_WAIT:
                self._pending.remove(pending)
                self._refuse(pending.conn, P.E_BUSY, "too many wrong codes lately, try again")
            elif pending.check_at <= now:
                self._check_proof(pending, now)
            else:  # queued behind a wrong one: the next code proof waits one turn more
                self._code_check_after = pending.check_at + WRONG_PROOF_DELAY
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
        pending.refuse_at = now + WRONG_PROOF_DELAY
        if kind == "code":
            self._code_check_after = max(self._code_check_after, now + WRONG_PROOF_DELAY)
        self._emit("refused", peer=pending.address, code=P.E_PROOF)

    def _pending_error(self, pending: _Pending, code: str, text: str) -> None:
        pending.errors += 1
        if pending.errors > MAX_HANDSHAKE_ERRORS:
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
        self._send(command, game.id, game.name, str(game.host_seat), P.options_to_wire(game.options),
                   game.position)

    def _send_offer(self) -> None:
        self._announce("OFFER", self._offer)
        self.phase = "offered"

    def _send_resume(self) -> None:
        game = self.game
        self._announce("RESUME", game)
        for i, (text, piece) in enumerate(game.plies):
            self._send("PLAYED", i, text, piece) if piece else self._send("PLAYED", i, text)
        if game.end_state is not None:  # ended by resignation or agreement: the guest must know
            self._send("SYNCED", game.id, game.ply, game.result().reason)
        else:
            self._send("SYNCED", game.id, game.ply)
        self.phase = "resuming"

    def _on_accept(self, game_id) -> None:
        if self.phase == "offered" and self._offer is not None and game_id == self._offer.id:
            self.game, self._offer = self._offer, None
            self.secret = self._secret_on_accept(game_id)
            self.phase = "playing"
            self._emit("started", game=self.game)
            self._save()
        elif self.phase == "resuming" and game_id == self.game.id:
            secret = self._secret_on_accept(game_id)
            self.phase = "playing"
            self._emit("resumed", game=self.game)
            if secret != self.secret:  # resumed by a guest who had the code: the old secret ends
                self.secret = secret
                self._save()
        else:
            raise P.ProtocolError(P.E_STATE, "no offer with this id is open")

    def _on_decline(self, game_id) -> None:
        if self.phase in ("offered", "resuming") and game_id == (self._offer or self.game).id:
            self.phase = "declined"
            self._emit("declined")
        else:
            raise P.ProtocolError(P.E_STATE, "no offer with this id is open")

    def _dropped(self, reason: str) -> None:
        self.conn = None
        self._hello = self._authed = False
        self._auth = None
        self.pending_flip = None
        self.my_draw = self.their_draw = self.my_undo = self.their_undo = None
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


def version_refusal(name, version) -> str:
    """The text of ERROR version: what both sides run, and what to do about it."""
    return (f"this is {P.NAME} {P.VERSION}, not {name} {version}: "
            "both computers need the same version of Qipan")


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
            if self._target is None:
                self._target = resolve(*self.address)
            self.conn = LineConnection.connect_to(self._target)
        except OSError as exc:
            self.conn = None
            self._dropped(f"cannot connect ({exc.strerror or exc})")
            return
        self.conn.send_line(P.format_message("HELLO", P.NAME, P.VERSION))

    def pump(self) -> list[Event]:
        if self.conn is None and self.phase in ("connecting", "paused") and self.clock() >= self._next_try:
            self._connect()
        return super().pump()

    def _dropped(self, reason: str) -> None:
        self.conn = None
        self._hello = self._authed = False
        self._auth = None
        self.pending_flip = None
        self.my_draw = self.their_draw = self.my_undo = self.their_undo = None
        self._resume = None
        refused, self._refused = self._refused, None
        if refused in _FINAL_REFUSALS:
            self.phase = "closed"
            self._emit("failed", reason=reason)
        elif refused == P.E_BUSY and self._busy_tries < BUSY_RETRIES:
            self._busy_tries += 1
            self._emit("busy", attempt=self._busy_tries, of=BUSY_RETRIES)
            self._next_try = self.clock() + BUSY_RETRY_EVERY
            if self.phase != "paused":
                self.phase = "connecting"
        elif self.game is not None and self.phase in ("playing", "paused"):
            if self.phase == "playing":
                self._emit("paused", reason=reason)
            self.phase = "paused"
            self._next_try = self.clock() + RETRY_EVERY
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

    def _announced(self, game_id, game, seat, options, position, resume) -> None:
        finished = self.phase == "playing" and self.game is not None and self.game.result() is not None
        if self.phase not in ("connecting", "offered", "paused", "declined") and not finished:
            raise P.ProtocolError(P.E_STATE, "an offer during a game")
        try:
            info = games.get(game)
            opts = P.options_from_wire(options, info.options)
            candidate = NetGame(game, game_id, opts, int(seat), position, hidden=info.hidden)
        except PositionError as exc:
            raise P.ProtocolError(P.E_OPTIONS, str(exc)) from None
        self.offer = {"id": game_id, "game": game, "options": opts, "host_seat": int(seat),
                      "position": position, "resume": resume}
        return candidate

    def _on_offer(self, game_id, game, seat, options, position) -> None:
        self._announced(game_id, game, seat, options, position, False)
        self._resume = None
        self.phase = "offered"
        self._emit("offer", **self.offer)

    def _on_resume(self, game_id, game, seat, options, position) -> None:
        self._resume = self._announced(game_id, game, seat, options, position, True)

    def _on_played(self, ply, text, piece=None) -> None:
        game = self._resume
        if game is None:
            raise P.ProtocolError(P.E_STATE, "PLAYED without RESUME")
        if ply != game.ply:
            raise P.ProtocolError(P.E_SYNC, f"record ply {ply}, expected {game.ply}")
        try:
            move = game.find(text)
            if game.is_flip(move) != (piece is not None):
                raise PositionError("a flip, and only a flip, names its piece")
            game.apply(move, piece)
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
            self.game = NetGame(o["game"], o["id"], o["options"], o["host_seat"], o["position"],
                                hidden=games.get(o["game"]).hidden)
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

    def _record_extra(self) -> dict:
        return {"address": list(self.address), "secret": self.secret}
