"""What the three rules modules share: the move protocol, results and end reasons, the one
resignation / draw-agreement implementation, variant options, errors, move lookup."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, Self


class PositionError(ValueError):
    """A malformed position text, move or file. The message is one line naming what is wrong."""


class Move(Protocol):
    """What every game's move offers: `path`, the points a player touches (a drop or flip is one
    point, a step (from, to), a capture chain every landing), and str(move), its notation."""

    @property
    def path(self) -> tuple[int, ...]: ...


class EndReason(StrEnum):
    """Why a game ended: one table for the three games (a StrEnum, so it equals and is saved as
    its plain key). Each game's view words it for players (e.g. "palace.result.captures")."""

    CAPTURES = "captures"  # palace: the kings took enough soldiers
    BLOCKED = "blocked"  # palace: both kings are trapped
    WHITE_BLOCKED = "white_blocked"  # palace: the soldiers cannot move
    NO_MOVES = "no_moves"  # the side to move has no legal move
    NO_PIECES = "no_pieces"  # banqi: the side to move has nothing left
    REPETITION = "repetition"
    NO_PROGRESS = "no_progress"
    NO_PROGRESS_KINGS = "no_progress_kings"  # draughts: 25 moves of kings only
    ENDGAME_16 = "endgame_16"  # draughts: the 16-move endgame rule
    ENDGAME_5 = "endgame_5"  # draughts: the 5-move endgame rule
    PERPETUAL_CHASE = "perpetual_chase"  # banqi
    RESIGN = "resign"
    AGREEMENT = "agreement"
    TIME = "time"  # a player's clock ran out (game/clock.py)
    TIME_DRAW = "time_draw"  # ... but the other side could not possibly win any more


#: the endings a player asks for, as opposed to those the rules declare
REQUESTED_ENDINGS = (EndReason.RESIGN, EndReason.AGREEMENT)
#: the endings of a clock that ran out
TIME_ENDINGS = (EndReason.TIME, EndReason.TIME_DRAW)


@dataclass(frozen=True)
class Result:
    """How a game ended.

    winner: the winning side's token (as in the position text and state.to_move), None for a draw.
    reason: an EndReason (a plain string key such as "resign" compares equal to it).
    """

    winner: str | None
    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", EndReason(self.reason))


class EndsOnRequest:
    """Resignation and draw by agreement, the same in the three games. A state class provides
    SIDES (its two side tokens), to_move, result() and _ended(result) (the same position, ended);
    it may narrow _resign_allowed() (Banqi: only after its first plies)."""

    SIDES: Sequence[str]
    to_move: Any

    def result(self) -> Result | None:
        raise NotImplementedError

    def _ended(self, result: Result) -> Self:
        raise NotImplementedError

    def _resign_allowed(self) -> bool:
        return True

    def is_dead_draw(self) -> bool:
        """Neither side can win any more, whatever they play (a game may say so; most never do)."""
        return False

    def can_win(self, side: str) -> bool:
        """`side` could still win by some series of legal moves (a game narrows it where its
        rules can tell; the flag-fall rule of docs/CLOCK.md asks it)."""
        return not self.is_dead_draw()

    def out_of_time(self, flag_draw: bool = True) -> Self:
        """The side to move ran out of time: the other side wins "time", or with flag_draw the
        game is drawn ("time_draw") when the other side cannot possibly win."""
        if self.result() is not None:
            raise PositionError("the game is over")
        a, b = self.SIDES
        if self.to_move is None:  # no colours yet (Banqi before its first flip): nobody can be named
            return self._ended(Result(None, EndReason.TIME_DRAW))
        other = b if self.to_move == a else a
        if flag_draw and not self.can_win(other):
            return self._ended(Result(None, EndReason.TIME_DRAW))
        return self._ended(Result(other, EndReason.TIME))

    def can_resign(self) -> bool:
        """The side to move may resign now (never in a finished game)."""
        return self.result() is None and self.to_move is not None and self._resign_allowed()

    def resign(self) -> Self:
        """The side to move gives up: the other side wins by "resign"."""
        if not self.can_resign():
            raise PositionError("resignation is not allowed here" if self.result() is None else "the game is over")
        a, b = self.SIDES
        return self._ended(Result(b if self.to_move == a else a, EndReason.RESIGN))

    def agree_draw(self) -> Self:
        """Both players agree to a draw."""
        if self.result() is not None:
            raise PositionError("the game is over")
        return self._ended(Result(None, EndReason.AGREEMENT))


@dataclass(frozen=True)
class Option:
    """A named variant option (a *(choice)* of the rules files), shown on the new-game screen.

    key:      keyword argument of new_game() / from_text()
    default:  the value the rules file gives as default
    choices:  the allowed values, in display order
    label:    {"en": ..., "zh": ...}
    choice_labels: {value: {"en": ..., "zh": ...}} (missing values are shown with str(value))
    ladder:   the computer's levels are measured apart under each value (another board or rule
              family plays too differently for one rating scale): game.ai.levels, the record
    only_when: ((key, value), ...) of other options under which this one acts (none: always); the
              setup screen hides it otherwise (draughts' who moves first: international only)
    narrowed_by, choices_under: the key of another option and {its value: the choices that mean
              something under it}; the screens offer only those (the palace openings a board has).
              A value outside them is still accepted and plays as the default.
    """

    key: str
    default: object
    choices: tuple
    label: dict
    choice_labels: dict = field(default_factory=dict)
    ladder: bool = False
    only_when: tuple = ()
    narrowed_by: str = ""
    choices_under: dict = field(default_factory=dict)

    def acts(self, chosen: dict) -> bool:
        """True when the option has an effect under the `chosen` options."""
        return all(chosen.get(key) == value for key, value in self.only_when)

    def offered(self, chosen: dict) -> tuple:
        """The choices worth offering under the `chosen` options, in display order."""
        if not self.narrowed_by:
            return self.choices
        under = self.choices_under.get(chosen.get(self.narrowed_by), self.choices)
        return tuple(c for c in self.choices if c in under)

    def settled(self, chosen: dict):
        """The value this option plays with under the `chosen` options: the default where it has no
        effect or its chosen value is not offered there."""
        value = chosen.get(self.key, self.default)
        return value if self.acts(chosen) and value in self.offered(chosen) else self.default


def defaults(options) -> dict:
    """{key: default} of a sequence of Option."""
    return {o.key: o.default for o in options}


def settle(options, chosen: dict) -> dict:
    """{key: Option.settled} of every option: what the screens pass on from their rows."""
    return {o.key: o.settled(chosen) for o in options}


def option_text(value) -> str:
    """An option value as `--option K=V` takes it and the options list prints it (true/false for
    a yes-or-no option)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def check_options(options, given: dict) -> dict:
    """Merge `given` over the defaults; unknown keys or values outside choices raise PositionError."""
    known = {o.key: o for o in options}
    merged = defaults(options)
    for key, value in given.items():
        if key not in known:
            raise PositionError(f"unknown option {key!r}")
        if value not in known[key].choices:
            raise PositionError(f"option {key!r} cannot be {value!r}")
        merged[key] = value
    return merged


def find_move(state, text: str):
    """The legal move of `state` whose notation is `text` (surrounding blanks ignored).

    Raises PositionError naming the move when it is not legal here.
    """
    text = text.strip()
    for move in state.legal_moves():
        if str(move) == text:
            return move
    raise PositionError(f"illegal move {text!r} in this position")


def parse_count(text: str, what: str, high: int) -> int:
    """The non-negative whole number `text` (ASCII digits 0-9 only) for the field `what`, at most
    `high`. str.isdigit() and int() also take full-width, Arabic-Indic or superscript digits, and
    int() refuses very long numbers with its own error: both end here as one-line PositionErrors."""
    t = text.strip() if isinstance(text, str) else ""
    if not t or not (t.isascii() and t.isdigit()):
        shown = text if len(str(text)) <= 20 else str(text)[:20] + "..."
        raise PositionError(f"{what} must be a number written with the digits 0-9, not {shown!r}")
    # compared as text first so that a number thousands of digits long is never converted
    if len(t.lstrip("0")) > len(str(high)) or int(t) > high:
        shown = t if len(t) <= 20 else t[:20] + "..."
        raise PositionError(f"{what} must be at most {high}, not {shown}")
    return int(t)
