"""The registry of games: one description per game, which shared code asks instead of comparing
names. Pure Python, no pygame (each game's view is keyed to the same name in game.scenes.views).

    from game import games
    info = games.get("banqi")           # GameInfo; ValueError naming the choices for an unknown name
    info.rules, info.engine, info.sides, info.options, info.hidden, info.dealt
    state = info.new_state(options, seed=7)
    games.of_state(state).name          # "banqi"
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from game import ai, rules
from game.ai.contract import LEVELS, Engine
from game.rules.common import Move, PositionError, check_options, option_text

__all__ = ["GAMES", "LEVELS", "NAMES", "GameInfo", "get", "of_state"]


@dataclass(frozen=True)
class GameInfo:
    """What shared code may know of one game.

    rules:  the rules module (new_game, from_text, to_text, OPTIONS, SIDES, states)
    engine: the computer player (game.ai.contract.Engine), game.ai.<name>.ENGINE, imported on
            first use: the window's process never searches (the worker does)
    hidden: players see only part of the position: the computer gets rules.public_state(state),
            and a network guest is told what each revealing move turns up (rules' HIDDEN)
    dealt:  a new game is dealt from a seed (the start is saved as {"seed": N}, not as a text)
    perft:  the rules module counts leaf positions (perft) on a fast internal path
    pdn:    its games can be written as PDN (game.record.match_pdn): the board offers Export PDN
    """

    name: str
    rules: ModuleType
    hidden: bool = False
    dealt: bool = False
    perft: bool = True
    pdn: bool = False

    @property
    def engine(self) -> Engine:
        return ai.engine_of(self.name)

    @property
    def sides(self) -> tuple[str, str]:
        return self.rules.SIDES

    @property
    def options(self) -> tuple:
        return self.rules.OPTIONS

    def check_options(self, given: dict | None = None) -> dict:
        """The full option dict: `given` over the defaults (PositionError for a bad one)."""
        return check_options(self.options, dict(given or {}))

    def options_from_texts(self, texts: list[str]) -> dict:
        """{key: value} from `K=V` texts (the command line's --option), each value matched to one
        of the option's choices, case-insensitively; PositionError naming the choices otherwise."""
        known = {o.key: o for o in self.options}
        out = {}
        for item in texts:
            key, sep, text = item.partition("=")
            if not sep or key.strip() not in known:
                raise PositionError(f"unknown option {item!r}; expected K=V with K one of {', '.join(known)}")
            opt = known[key.strip()]
            match = [c for c in opt.choices if option_text(c).lower() == text.strip().lower()]
            if not match:
                raise PositionError(
                    f"option {opt.key} cannot be {text!r}; choices: {', '.join(map(option_text, opt.choices))}"
                )
            out[opt.key] = match[0]
        return out

    def title_key(self, options: dict | None = None) -> str:
        """The text key of the game's name under `options`: "games.<name>", or where the rules
        name an option that makes another game of it (rules.TITLE_OPTION: the draughts variant)
        and it is not at its default, "<name>.name.<value>" ("draughts.name.russian")."""
        option = next((o for o in self.options if o.key == getattr(self.rules, "TITLE_OPTION", None)), None)
        value = None if option is None else (options or {}).get(option.key, option.default)
        if option is None or value == option.default or value not in option.choices:  # a damaged save's
            return f"games.{self.name}"
        return f"{self.name}.name.{value}"

    def ladder_options(self, options: dict | None = None) -> dict[str, str]:
        """The options that choose the levels' rating scale (Option.ladder), every one with its
        value as text, defaults filled in: how game.ai.levels' table and the record name a ladder."""
        full = self.check_options(options)
        return {o.key: str(full[o.key]) for o in self.options if o.ladder}

    def new_state(self, options: dict | None = None, seed: int | None = None) -> Any:
        """The start position; a dealt game uses `seed` (None: a random deal)."""
        opts = self.check_options(options)
        return self.rules.new_game(seed=seed, **opts) if self.dealt else self.rules.new_game(**opts)

    def public_start(self, options: dict | None = None) -> Any:
        """A dealt game's start as a player sees it (everything face down)."""
        return self.rules.public_state(self.new_state(options, seed=0))

    def public(self, state: Any) -> Any:
        """What the player to move may know of `state` (what the computer is given)."""
        return self.rules.public_state(state) if self.hidden else state

    def playable(self, state: Any, seed: int | None = None) -> Any:
        """A state a new game can start from: a hidden-information position gets a layout dealt
        from its public view (what a player sees of it is all that counts)."""
        return self.rules.deal(self.rules.public_state(state), seed) if self.hidden else state

    def reveals(self, move: Move) -> bool:
        """True when `move` turns up hidden information."""
        return self.hidden and self.rules.reveals(move)

    def other_side(self, side: str) -> str:
        a, b = self.sides
        return b if side == a else a


# one entry per game module of game.rules (found there, in menu order); what differs is the module's
# own data (HIDDEN, DEALT, PERFT, PDN)
GAMES: dict[str, GameInfo] = {
    name: GameInfo(
        name,
        module,
        hidden=getattr(module, "HIDDEN", False),
        dealt=getattr(module, "DEALT", False),
        perft=getattr(module, "PERFT", True),
        pdn=getattr(module, "PDN", False),
    )
    for name, module in ((name, rules.module(name)) for name in rules.GAMES)
}
#: the games in menu order
NAMES = tuple(GAMES)


def get(name: str) -> GameInfo:
    """The description of game `name`; ValueError naming the choices for an unknown one."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; expected one of {', '.join(NAMES)}") from None


def of_state(state: Any) -> GameInfo:
    """The game a rules state belongs to."""
    for info in GAMES.values():
        if isinstance(state, info.rules.State):
            return info
    raise TypeError(f"not a game state: {type(state).__name__}")
