"""The game both computers play: rules, options, who sits where, and the list of plies.

Both sides keep a NetGame and check every ply against the rules. Seat 0 is the player who moves
first from the start position, seat 1 the other (all three games alternate strictly, so seat
ply % 2 is to move after `ply` plies). For Banqi the host holds the true layout (new_game(seed)),
the guest only the public view (from_text of the all-face-down start) and applies each flip with
the piece the host reveals (state.play_flip). The host's seed never leaves the host.
"""
from __future__ import annotations

import secrets

from game.rules import module
from game.rules.common import PositionError, check_options, find_move

BANQI_START = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - - 0"


def new_game_id() -> str:
    return secrets.token_hex(8)


class NetGame:
    """One network game as one side sees it.

    plies: [(notation, piece or None)] (piece: the letter a Banqi flip revealed)
    states: [start, after ply 1, ...] (true layout for the Banqi host, public view for the guest)
    end_state: the last state ended by request (state.resign() / state.agree_draw()), else None
    """

    def __init__(self, game: str, game_id: str, options: dict, host_seat: int, position: str = "start",
                 secret_seed: int | None = None, hidden: bool = False):
        self.rules = module(game)
        self.name = game
        self.id = game_id
        self.options = check_options(self.rules.OPTIONS, options)
        self.host_seat = host_seat
        self.position = position
        self.secret_seed = secret_seed  # Banqi host only: the deal (saved, never sent)
        self.hidden = hidden  # Banqi guest: the layout is unknown here
        if game == "banqi":
            if position != "start":
                raise PositionError("a Banqi network game starts from the face-down deal")
            if hidden:
                start = self.rules.from_text(BANQI_START, **self.options)
            else:
                if self.secret_seed is None:
                    self.secret_seed = secrets.randbits(64)
                start = self.rules.new_game(seed=self.secret_seed, **self.options)
        elif position == "start":
            start = self.rules.new_game(**self.options)
        else:
            start = self.rules.from_text(position, **self.options)
        if start.result() is not None:
            raise PositionError("the game is already over in this position")
        self.states = [start]
        self.plies: list[tuple[str, str | None]] = []
        self.end_state = None

    # ---- reading --------------------------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    @property
    def ply(self) -> int:
        return len(self.plies)

    def seat_to_move(self) -> int:
        return self.ply % 2

    def result(self) -> Result | None:
        return (self.end_state or self.state).result()

    def is_flip(self, move) -> bool:
        return self.name == "banqi" and len(move.path) == 1

    def side_of_seat(self, seat: int):
        """The side token a seat plays (None in Banqi while colours are not yet given)."""
        for i, st in enumerate(self.states):
            if i % 2 == seat and st.to_move is not None:
                return st.to_move
        sides = self.rules.SIDES
        if self.name != "banqi":
            first = self.states[0].to_move
            return first if seat == 0 else next(s for s in sides if s != first)
        return None

    # ---- changing -------------------------------------------------------------------------------
    def find(self, text: str):
        """The legal move with notation `text`; PositionError if there is none."""
        if self.result() is not None:
            raise PositionError("the game is over")
        return find_move(self.state, text)

    def reveal(self, move) -> str | None:
        """The piece a flip turns up (Banqi host), else None."""
        if not self.is_flip(move) or self.hidden:
            return None
        return self.rules.flip_piece(self.state, move.path[0])

    def apply(self, move, piece: str | None = None):
        """Play `move` (legal in the current state). A Banqi flip needs `piece` on the guest and,
        when given on the host, must match the layout. Returns the new state."""
        if self.is_flip(move):
            if piece is None:
                if self.hidden:
                    raise PositionError("a flip needs the revealed piece")
                piece = self.rules.flip_piece(self.state, move.path[0])
            new = self.state.play_flip(move.path[0], piece)
        elif piece is not None:
            raise PositionError("only a Banqi flip reveals a piece")
        else:
            new = self.state.play(move)
        self.states.append(new)
        self.plies.append((str(move), piece))
        return new

    def undo_to(self, ply: int) -> None:
        del self.states[ply + 1:]
        del self.plies[ply:]

    def agree_draw(self) -> Result:
        self.end_state = self.state.agree_draw()
        return self.result()

    def resign(self) -> Result:
        """The player to move gives up (the rules' state.resign())."""
        self.end_state = self.state.resign()
        return self.result()

    def can_resign(self) -> bool:
        return self.result() is None and self.state.can_resign()

    # ---- saving ---------------------------------------------------------------------------------
    def record(self) -> dict:
        """Plain data (JSON) from which from_record() rebuilds the game."""
        return {
            "game": self.name, "id": self.id, "options": dict(self.options),
            "host_seat": self.host_seat, "position": self.position, "hidden": self.hidden,
            "secret_seed": self.secret_seed, "plies": [list(p) for p in self.plies],
            "over": None if self.end_state is None else [self.result().winner, self.result().reason],
        }

    @classmethod
    def from_record(cls, data: dict) -> "NetGame":
        game = cls(data["game"], data["id"], data["options"], int(data["host_seat"]), data["position"],
                   data.get("secret_seed"), bool(data.get("hidden")))
        for text, piece in data["plies"]:
            game.apply(find_move(game.state, text), piece)
        over = data.get("over")
        if over:
            if over[1] == "resign":
                if not game.can_resign():
                    raise PositionError("a resignation where none is allowed")
                game.resign()
            else:
                game.agree_draw()
            if (game.result().winner, game.result().reason) != tuple(over):
                raise PositionError("the saved ending does not fit the game")
        return game
