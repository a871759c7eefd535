"""What the three rules modules share: results, variant options, errors, move lookup."""
from __future__ import annotations

from dataclasses import dataclass, field


class PositionError(ValueError):
    """A malformed position text, move or file. The message is one line naming what is wrong."""


@dataclass(frozen=True)
class Result:
    """How a game ended.

    winner: the winning side's token (as in the position text and state.to_move), None for a draw.
    reason: a short machine key ("captures", "blocked", "no_moves", "repetition", "no_progress",
            "resign", "agreement", "perpetual_chase", ...). Display text comes from game.i18n.
    """

    winner: str | None
    reason: str


@dataclass(frozen=True)
class Option:
    """A named variant option (a *(choice)* of the rules files), shown on the new-game screen.

    key:      keyword argument of new_game() / from_text()
    default:  the value the rules file gives as default
    choices:  the allowed values, in display order
    label:    {"en": ..., "zh": ...}
    choice_labels: {value: {"en": ..., "zh": ...}} (missing values are shown with str(value))
    """

    key: str
    default: object
    choices: tuple
    label: dict
    choice_labels: dict = field(default_factory=dict)


def defaults(options) -> dict:
    """{key: default} of a sequence of Option."""
    return {o.key: o.default for o in options}


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
