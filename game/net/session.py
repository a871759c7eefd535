"""A network game session: the host or the guest end of one connection, driven by pump().

The UI (or a test) calls pump() often (every frame); it returns the Events that happened since
the last call. Before any game line, the guest proves it knows the host's join code or the
game's secret (an HMAC over a nonce from each side, never the key itself); the host handshakes
with several connections at once and only a proven one takes the guest's seat. Local actions (play, resign, offer_draw, ...) send their line at once and change
the local game; the peer's lines are checked (protocol.parse_line, then the session's state, the
turn, the ply number and the rules) and anything wrong is answered with an ERROR line while the
game stays as it was. The host is the authority on the record: after a dropped connection the
guest reconnects by itself and the host sends the whole move list again (RESUME ... SYNCED).

The two ends are game.net.host.HostSession and game.net.guest.GuestSession; this module holds what
they share. See docs/PROTOCOL.md for the lines and the flow.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.net import protocol as P
from game.net.game import NetGame
from game.net.link import OVERSIZED, LineConnection
from game.net.netclock import SessionClock, ended_on_time, split_extras
from game.net.talk import PHRASE_BURST, PHRASE_EVERY, PHRASE_SLACK, RateLimit, Talk
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
_FINAL_REFUSALS = (P.E_PROOF, P.E_VERSION, "no_code", "fake_host", "unreachable")


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
    ended       the game is over (info: result; a flag fall declared by the host too)
    rematch_offer     the other player offers a rematch of the finished game (info: id)
    rematch_declined  the other player declined ours
    rematch_agreed    both want it: the host offers the new game, seats swapped, and the guest
                      accepts it without asking again ("started" follows on both sides)
    phrase      the other player sent a quick phrase (info: n, an index of protocol.PHRASES)
    paused      the connection dropped or the peer left (info: reason)
    peer_error  the peer rejected one of our lines (info: code, text)
    rejected    we rejected one of the peer's lines (info: code, text)
    failed      the guest could not reach the host at all (info: reason)
    """

    kind: str
    info: dict = field(default_factory=dict)


class SessionError(Exception):
    """A local action that is not possible now (not your turn, no game, waiting for an answer)."""


class Session(SessionClock, Talk):
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
        # a rematch question after the end: the id of the finished game; ours and theirs
        self.my_rematch: str | None = None
        self.their_rematch: str | None = None
        self._say = RateLimit(PHRASE_BURST, PHRASE_EVERY, clock)  # the phrases we send
        self._heard = RateLimit(PHRASE_BURST + PHRASE_SLACK, PHRASE_EVERY, clock)  # and receive

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
        return (
            self.phase == "playing"
            and self.game is not None
            and self.game.result() is None
            and self.game.seat_to_move == self.my_seat
            and self.pending_flip is None
        )

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
        self._tend_clock()  # a flag that fell before the lines now waiting came is declared first
        self._pump_connection()
        self._tend_clock()
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
        """Leave: say BYE and hang up (the game stays saved and can be resumed). A connection that
        is still connecting is closed too: a wormhole left so would keep its code claimed at the
        mailbox server, and reconnect to it for the rest of the program's life."""
        if self.conn is not None:
            if self.conn.open and self._hello:
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

    def _on_move(self, ply, text, *extra) -> None:
        piece, left = split_extras(extra)
        game = self._playing()
        if game.result() is not None:
            if ended_on_time(game) and ply == game.ply:
                return  # a move that crossed the host's FLAG on the wire: the flag stands
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
        seconds = self._check_left(game, left)
        if self.role == "host" and flip:
            piece = game.reveal(move)
        try:
            state = game.apply(move, piece, seconds)
        except PositionError as exc:
            raise P.ProtocolError(P.E_ILLEGAL, str(exc)) from None
        if self.role == "host" and flip:
            self._send("REVEAL", ply, text, piece)
        self._send_clock()  # the host's figures of the guest's move (nothing on the guest)
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
            self.my_rematch = self.their_rematch = None
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
        self._send_clock()  # the host's figures of that position (nothing on the guest)
        self._emit("undone", ply=target, state=self.game.state)
        self._save()

    # ---- after the end: a rematch; at any time: quick phrases (receiving them: talk.Talk) ------------
    def can_offer_rematch(self) -> bool:
        game = self.game
        return (
            self.connected
            and game is not None
            and game.result() is not None
            and self.phase in ("playing", "declined")
            and self.my_rematch is None
        )

    def offer_rematch(self) -> None:
        """Offer the same game again with the seats swapped (accepts theirs if they offered)."""
        if self.their_rematch is not None:
            self.answer_rematch(True)
            return
        if not self.can_offer_rematch():
            raise SessionError("no rematch can be offered now")
        self.my_rematch = self.game.id
        self._send("REMATCH", "OFFER", self.game.id)

    def answer_rematch(self, accept: bool) -> None:
        if self.their_rematch is None or not self.connected:
            raise SessionError("no rematch offer to answer")
        game_id, self.their_rematch = self.their_rematch, None
        self._send("REMATCH", "ACCEPT" if accept else "DECLINE", game_id)
        if accept:
            self._rematch_agreed()

    def rematch_starting(self) -> bool:
        """Both agreed to a rematch and its game has not started yet."""
        return False

    def can_say(self) -> bool:
        return self.connected and self.game is not None and self._say.ready()

    def say(self, n: int) -> None:
        """Send quick phrase n (an index of protocol.PHRASES); SessionError when it is too soon."""
        if not 0 <= n < len(P.PHRASES):
            raise SessionError(f"no phrase {n}")
        if not self.connected or self.game is None:
            raise SessionError("no game on the table")
        if not self._say.take():
            raise SessionError("wait a moment before the next phrase")
        self._send("PHRASE", n)

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
        self._tend_clock()  # the host's own flag may have fallen
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
        mover = game.seat_to_move
        state = game.apply(move, piece)
        self._send("MOVE", ply, str(move), *([piece] if piece else []), *self._left_arg(mover))
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
        return (
            self.phase == "playing"
            and self.game is not None
            and self.game.result() is None
            and self.my_undo is None
            and self.pending_flip is None
            and self.undo_target() is not None
        )

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


def version_refusal(name, version) -> str:
    """The text of ERROR version: what both sides run, and what to do about it."""
    return f"this is {P.NAME} {P.VERSION}, not {name} {version}: both computers need the same version of Qipan"
