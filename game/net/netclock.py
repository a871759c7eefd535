"""The clocks of a network game (protocol version 3, docs/PROTOCOL.md and docs/CLOCK.md).

The host's clock is the authority. The host measures both players' time on its own clock (its
session's time source): the guest's thinking time runs from the moment the host played (and sent)
its move to the moment the guest's MOVE arrives, so the network's delay counts against the guest.
Each host MOVE carries the host's time left after it (`t=<ms>`); each guest MOVE is answered with
`CLOCK <ply> <ms> <ms>`, both seats' time as the host measured it, which the guest takes as it
is. The guest's clocks run between messages as an estimate and never end the game: the host
alone declares a flag fall, with `FLAG <ply> <seat>`, and both sides end the game "lost on time"
(or drawn by the time control's flag_draw rule, State.can_win, as in a local game).

As on the board of a local game, the clocks start once each side has made its first move
(FIRST_TIMED_PLY). When the connection drops, the clock of the player to move keeps running for
GRACE seconds at most (the player to move may go on thinking at the board): a flag that falls in
that time is declared by the host, and the guest learns it when it comes back (SYNCED ... time).
After GRACE the clocks stop and the game is held open, saved, until the guest returns; then the
clock of the player to move runs again from the host's figure.

SessionClock is the part of game.net.session.Session that keeps the clocks (a mixin, so that the
session's module stays readable); the host and guest modules call its hooks.
"""

from __future__ import annotations

from game.net import protocol as P
from game.rules.common import TIME_ENDINGS

#: seconds the clock of the player to move keeps running after the connection dropped
GRACE = 60.0
#: the clocks start once each side has moved (as game.scenes.board.clocks.FIRST_TIMED_PLY)
FIRST_TIMED_PLY = 2


def ended_on_time(game) -> bool:
    r = game.result() if game is not None else None
    return r is not None and str(r.reason) in TIME_ENDINGS


class SessionClock:
    """Clock keeping for Session (see the module's docstring). Needs the session's game, role,
    clock (time source), connected, phase, _send, _emit, _save."""

    _dropped_at: float | None = None  # when the connection last dropped (None: never)
    _flag_owed: tuple[int, int] | None = None  # host: a FLAG the guest could not be sent yet

    def _adopt(self, game):
        """The game's clock runs on this session's time source (tests inject theirs)."""
        if game is not None and game.clock is not None:
            game.clock.now = self.clock
        return game

    # ---- what the board reads -----------------------------------------------------------------
    def clock_figures(self):
        """((seat 0 s, seat 1 s), the seat whose time runs or None) now, or None without a clock."""
        game = self.game
        if game is None or game.clock is None:
            return None
        clock = game.clock
        return clock.times(), (clock.running if clock.ticking() else None)

    def holding(self) -> bool:
        """The connection has been down for GRACE seconds or more: the clocks wait."""
        return not self.connected and self._dropped_at is not None and self.clock() - self._dropped_at >= GRACE

    # ---- keeping it -----------------------------------------------------------------------------
    def _tend_clock(self) -> None:
        """Start the clock of the player to move (from FIRST_TIMED_PLY on), stop it GRACE seconds
        into a drop, and, on the host, declare a flag fall."""
        game = self.game
        if game is None or game.clock is None or game.result() is not None:
            return
        if self.phase not in ("playing", "paused", "resuming"):
            return
        clock = game.clock
        if game.ply >= FIRST_TIMED_PLY:
            game.start_clock()
        if self.role == "host" and clock.flagged() == game.seat_to_move:
            self._declare_flag()
            return
        if self.holding():
            if not clock.paused:
                ticking, seat = clock.ticking(), clock.running
                clock.pause()
                over = self.clock() - (self._dropped_at + GRACE)
                if ticking and seat is not None and over > 0:  # charge GRACE, not the pump's delay
                    times = list(clock.times())
                    times[seat] += over
                    clock.set((times[0], times[1]), seat)
        elif clock.paused:
            clock.resume()

    def _declare_flag(self) -> None:
        """Host: the player to move has no time left; the game ends, and the guest is told (now,
        or when it comes back)."""
        game = self.game
        ply, seat = game.ply, game.seat_to_move
        game.out_of_time(game.clock.control.flag_draw)
        self.my_draw = self.their_draw = self.my_undo = self.their_undo = None
        if self.connected and self.phase == "playing":
            self._send("FLAG", ply, str(seat))
        else:  # told by SYNCED when the guest comes back, or after the ACCEPT of a resume under way
            self._flag_owed = (ply, seat)
        self._emit("ended", result=game.result())
        self._save()

    def _pay_flag(self) -> None:
        """Host, once a resumed game is accepted: the FLAG declared while the guest was resuming
        (a guest that learnt it from SYNCED ignores it)."""
        owed, self._flag_owed = self._flag_owed, None
        if owed is not None and ended_on_time(self.game):
            self._send("FLAG", owed[0], str(owed[1]))

    def _left_arg(self, seat: int) -> list:
        """Host: [t=<ms>] of `seat`'s time left after its move, for its MOVE or PLAYED line."""
        game = self.game
        if self.role != "host" or game is None or game.clock is None:
            return []
        return [P.Left(P.to_ms(game.times[-1][seat]))]

    def _check_left(self, game, left):
        """A received MOVE's or PLAYED's time left -> seconds (None without one); only the host
        sends it, and it must in a game on a clock."""
        if left is None:
            if self.role == "guest" and game.clock is not None:
                raise P.ProtocolError(P.E_ARGS, "a move in a game on a clock carries the mover's time left (t=<ms>)")
            return None
        if self.role == "host":
            raise P.ProtocolError(P.E_MALFORMED, "only the host measures the clocks")
        if game.clock is None:
            raise P.ProtocolError(P.E_MALFORMED, "this game has no clock")
        return int(left) / 1000

    def _send_clock(self) -> None:
        """Host: CLOCK with both seats' time now (after a guest's move, an undo, in a resume)."""
        game = self.game
        if self.role != "host" or game is None or game.clock is None:
            return
        t0, t1 = game.clock.times()
        self._send("CLOCK", game.ply, P.to_ms(t0), P.to_ms(t1))


def split_extras(extra) -> tuple[str | None, P.Left | None]:
    """The optional tokens of MOVE / PLAYED -> (revealed piece or None, time left or None)."""
    lefts = [a for a in extra if isinstance(a, P.Left)]
    pieces = [a for a in extra if not isinstance(a, P.Left)]
    if len(lefts) > 1 or len(pieces) > 1:
        raise P.ProtocolError(P.E_MALFORMED, "one piece and one time left at most")
    return (pieces[0] if pieces else None), (lefts[0] if lefts else None)
