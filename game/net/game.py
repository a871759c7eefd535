"""The game both computers play: a Match (game.match) with what the network adds to it: the game's
id, the host's seat, the start position as offered, and the Banqi host's secret deal.

Both sides keep a NetGame and check every move against the rules through the Match. Seat 0 is the
player who moves first from the start position, seat 1 the other. For Banqi the host holds the
true layout (its secret seed), the guest only the public view and plays each flip with the piece
the host reveals. The host's seed never leaves the host.
"""

from __future__ import annotations

import secrets

from game import games
from game.clock import TimeControl
from game.match import REMOTE, Match, SeatSpec
from game.record import SaveError
from game.rules.common import PositionError, find_move


def new_game_id() -> str:
    return secrets.token_hex(8)


class NetGame(Match):
    """One network game as one side sees it (the host's seat is played here by the host)."""

    def __init__(
        self,
        game: str,
        game_id: str,
        options: dict,
        host_seat: int,
        position: str = "start",
        secret_seed: int | None = None,
        hidden: bool = False,
        control: TimeControl | None = None,
    ):
        info = games.get(game)
        options = info.check_options(options)
        self.id = game_id
        self.host_seat = host_seat
        self.position = position
        self.hidden = hidden  # the guest of a hidden-information game: the layout is unknown here
        self.secret_seed = secret_seed  # a dealt game's host only: the deal (saved, never sent)
        if info.dealt:
            if position != "start":
                raise PositionError(f"a {game} network game starts from a new deal")
            if hidden:
                start_state, start = info.public_start(options), None
            else:
                if self.secret_seed is None:
                    self.secret_seed = secrets.randbits(64)
                start_state, start = None, {"seed": self.secret_seed}
        else:
            start_state, start = None, {} if position == "start" else {"text": position}
        super().__init__(game, options, start_state=start_state, start=start, control=control)
        if self.state.result() is not None:
            raise PositionError("the game is already over in this position")

    def seated(self, my_seat: int) -> NetGame:
        """Mark the other seat as the remote player's."""
        seats = [SeatSpec(), SeatSpec()]
        seats[1 - my_seat] = SeatSpec(REMOTE)
        self.seats = (seats[0], seats[1])
        return self

    # ---- the names the session uses ----------------------------------------------------------
    @property
    def name(self) -> str:
        return self.game

    @property
    def plies(self) -> list[tuple[str, str | None]]:
        """[(notation, revealed piece or None)] of every move played."""
        return list(zip(self.texts, self.pieces, strict=True))

    @property
    def control(self) -> TimeControl | None:
        """The time control (None: a game without clocks)."""
        return None if self.clock is None else self.clock.control

    @property
    def end_state(self):
        return self.state if self.ending is not None else None

    def is_flip(self, move) -> bool:
        return self.info.reveals(move)

    def find(self, text: str):
        """The legal move with notation `text`; PositionError if there is none."""
        if self.result() is not None:
            raise PositionError("the game is over")
        return find_move(self.state, text)

    def apply(self, move, piece: str | None = None, left: float | None = None):
        """Play `move`; a revealing move needs `piece` on the guest; `left`: the mover's time left
        as the host measured it (on the guest). Returns the new state."""
        return self.play(move, piece, left)

    # ---- saving ---------------------------------------------------------------------------------
    def record(self) -> dict:
        """Plain data (JSON) from which from_record() rebuilds the game."""
        r = self.result()
        return {
            "game": self.name,
            "id": self.id,
            "options": dict(self.options),
            "host_seat": self.host_seat,
            "position": self.position,
            "hidden": self.hidden,
            "secret_seed": self.secret_seed,
            "plies": [list(p) for p in self.plies],
            "over": None if self.ending is None or r is None else [r.winner, str(r.reason)],
            "clock": self.clock_record(),
        }

    @classmethod
    def from_record(cls, data) -> NetGame:  # type: ignore[override]
        """From record(); PositionError or ValueError (a ClockError too) when it does not fit."""
        clock = data.get("clock")
        game = cls(
            data["game"],
            data["id"],
            data["options"],
            int(data["host_seat"]),
            data["position"],
            data.get("secret_seed"),
            bool(data.get("hidden")),
            TimeControl.from_json(clock["control"]) if clock else None,
        )
        try:
            game.replay([t for t, _ in data["plies"]], [p for _, p in data["plies"]])
        except SaveError as exc:
            raise PositionError(str(exc)) from None
        if clock:  # what each seat had left in every position, and at the moment of saving
            times = [(float(a), float(b)) for a, b in clock["times"]]
            if len(times) == len(game.states):
                game.times = times
            game.clock.set(tuple(clock.get("now") or game.times[-1]))
        over = data.get("over")
        if over:
            try:
                game._apply_ending({"winner": over[0], "reason": over[1]})
            except SaveError:
                raise PositionError("the saved ending does not fit the game") from None
        return game
