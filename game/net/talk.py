"""What the players say besides their moves (protocol version 4, docs/PROTOCOL.md): the rematch
question after the end of a game, and the quick phrases.

REMATCH OFFER|ACCEPT|DECLINE <id> asks for the finished game `<id>` again with the seats swapped,
over the same connection; once both agree the host offers the new game (game.net.host) and the
guest, who agreed, accepts it without asking its player again (game.net.guest). PHRASE <n> is one
of protocol.PHRASES by number, so each side shows it in its own language and there is no free
text; a flood beyond the rate limit is dropped with ERROR too_fast, which counts against the peer
as any bad line does (session.MAX_ERRORS).

Talk is the part of game.net.session.Session that receives these lines (a mixin, as
netclock.SessionClock); the local actions (offer_rematch, answer_rematch, say) are the session's.
"""

from __future__ import annotations

from game.net import protocol as P
from game.net.game import NetGame

#: quick phrases: a burst of PHRASE_BURST, then one per PHRASE_EVERY seconds; a sender keeps to
#: it, a receiver drops what comes faster and allows PHRASE_SLACK more in a burst, since lines
#: sent apart may arrive together
PHRASE_BURST = 3
PHRASE_EVERY = 2.0
PHRASE_SLACK = 2


class RateLimit:
    """A token bucket: `burst` at once, then one more every `every` seconds."""

    def __init__(self, burst: int, every: float, clock):
        self.burst, self.every, self.clock = burst, every, clock
        self.tokens = float(burst)
        self.at = clock()

    def _fill(self) -> None:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) / self.every)
        self.at = now

    def ready(self) -> bool:
        self._fill()
        return self.tokens >= 1.0

    def take(self) -> bool:
        """Use one token if there is one."""
        if not self.ready():
            return False
        self.tokens -= 1.0
        return True


class Talk:
    """Receiving REMATCH and PHRASE lines. Needs the session's game, phase, my_rematch,
    their_rematch, _heard (a RateLimit), _emit, and _rematch_agreed (what each end does then)."""

    def _finished(self) -> NetGame:
        game = self.game
        if game is None or game.result() is None or self.phase not in ("playing", "declined"):
            raise P.ProtocolError(P.E_STATE, "a rematch is offered after the end of a game")
        return game

    def _on_rematch(self, what, game_id) -> None:
        game = self._finished()
        if game_id != game.id:
            raise P.ProtocolError(P.E_SYNC, f"game {game_id} is not the game just played")
        if what == "OFFER":
            if self.my_rematch == game_id:  # both offered, the lines crossed: both want it
                self.my_rematch = None
                self._rematch_agreed()
                return
            if self.their_rematch is not None:
                raise P.ProtocolError(P.E_STATE, "a rematch offer is already pending")
            self.their_rematch = game_id
            self._emit("rematch_offer", id=game_id)
            return
        if self.my_rematch != game_id:
            raise P.ProtocolError(P.E_STATE, "no rematch offer of yours is pending")
        self.my_rematch = None
        if what == "ACCEPT":
            self._rematch_agreed()
        else:
            self._emit("rematch_declined")

    def _rematch_agreed(self) -> None:
        """Both players want the rematch: the host offers the new game (the guest waits for it)."""
        self._emit("rematch_agreed")

    def _on_phrase(self, n) -> None:
        if self.game is None:
            raise P.ProtocolError(P.E_STATE, "phrases are for a game on the table")
        if not self._heard.take():
            raise P.ProtocolError(P.E_TOO_FAST, "quick phrases come too fast: dropped")
        self._emit("phrase", n=n)
