"""The computer's ten levels: their numbers, names, the three old names, and their measured ratings.

    from game.ai.levels import parse_level, level_name, ladder
    parse_level("medium") -> 6;  parse_level("7") -> 7;  parse_level(0) raises ValueError
    level_name(6) -> {"en": "Intermediate", "zh": "中级"};  level_label(6, "zh") -> "6 中级"
    ladder("draughts", options) -> [LevelInfo(level, name, rating, low, high, games), ...]

Level 10 is the full-strength engine on its clock; levels 1-9 play on node budgets, so a level is
equally strong on any machine (each engine reads what a level means from its own package). The
ratings are those bench/bench_levels.py measured and wrote to level_ratings.json beside this file;
a ladder nobody measured yet has ratings of None, and the screens say "not measured". Options
marked Option.ladder choose the ladder (the draughts variant, the palace board, banqi's chain
captures, chariot rush and Hong Kong order); under a combination nobody measured (two banqi house
rules at once) every level is "not measured": no other rules' ratings are shown for them.
Pure Python, no pygame.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from game import rules

LEVEL_COUNT = 10
LEVEL_NUMBERS = tuple(range(1, LEVEL_COUNT + 1))

#: each level's name, weakest first
LEVEL_NAMES: dict[int, dict[str, str]] = {
    1: {"en": "Beginner", "zh": "入门"},
    2: {"en": "Novice", "zh": "新手"},
    3: {"en": "Casual", "zh": "初级"},
    4: {"en": "Amateur", "zh": "业余"},
    5: {"en": "Improver", "zh": "进阶"},
    6: {"en": "Intermediate", "zh": "中级"},
    7: {"en": "Advanced", "zh": "高级"},
    8: {"en": "Strong", "zh": "强手"},
    9: {"en": "Expert", "zh": "专家"},
    10: {"en": "Master", "zh": "大师"},
}

#: the three names of earlier versions (saves, the Hub engine and scripts use them)
ALIASES: dict[str, int] = {"easy": 3, "medium": 6, "hard": 10}

RATINGS_FILE = "level_ratings.json"


def parse_level(value: Any) -> int:
    """The level number (1-10) of an int, a digit string or one of ALIASES; ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"unknown level {value!r}")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        text = value.strip().lower()
        if text in ALIASES:
            return ALIASES[text]
        if not text.isdigit() or not text.isascii():
            raise ValueError(f"unknown level {value!r}; expected 1-{LEVEL_COUNT} or {', '.join(ALIASES)}")
        number = int(text)
    else:
        raise ValueError(f"unknown level {value!r}")
    if not 1 <= number <= LEVEL_COUNT:
        raise ValueError(f"level {number} out of range; expected 1-{LEVEL_COUNT} or {', '.join(ALIASES)}")
    return number


def level_arg(text: str) -> int:
    """An argparse type: a level as parse_level reads it; a bad one is an ArgumentTypeError, which
    the command line prints as one line (exit status 2)."""
    import argparse

    try:
        return parse_level(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def level_name(level: Any) -> dict[str, str]:
    """{"en": ..., "zh": ...} of a level (any form parse_level takes)."""
    return dict(LEVEL_NAMES[parse_level(level)])


def level_label(level: Any, lang: str = "en") -> str:
    """The level as a player reads it: "6 Intermediate", "6 中级" (en for an unknown language)."""
    number = parse_level(level)
    names = LEVEL_NAMES[number]
    return f"{number} {names.get(lang, names['en'])}"


@dataclass(frozen=True)
class LevelInfo:
    """One level of a game's ladder as measured: rating None when not measured yet."""

    level: int
    name: Mapping[str, str]
    rating: float | None
    low: float | None  # the 95% interval of the rating
    high: float | None
    games: int

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "name": dict(self.name),
            "rating": None if self.rating is None else round(self.rating),
            "games": self.games,
        }


def _load_table() -> dict[str, Any]:
    try:
        text = resources.files("game.ai").joinpath(RATINGS_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {"ladders": []}
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("ladders"), list):
        raise ValueError(f"{RATINGS_FILE}: expected an object with a list of ladders")
    return data


_TABLE: dict[str, Any] | None = None


def table() -> dict[str, Any]:
    """The shipped ratings table (read once)."""
    global _TABLE
    if _TABLE is None:
        _TABLE = _load_table()
    return _TABLE


def ladder_values(game: str, options: Mapping[str, Any]) -> dict[str, str]:
    """{key: value as text} of every option of `game` that chooses a ladder (its rules'
    Option.ladder), an option not given standing at its default."""
    return {o.key: str(options.get(o.key, o.default)) for o in rules.module(game).OPTIONS if o.ladder}


def _entry(game: str, options: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The measured ladder of `game` under `options`: the entry whose options choose the same
    ladder, i.e. equal the given ones on every option that chooses a ladder (Option.ladder: the
    draughts variant, the palace board, banqi's house rules measured apart), an option the entry
    or the caller does not name standing at its default (a ladder with options {} is the game's
    standard one). An entry naming an option that chooses no ladder must match it too. None when
    no ladder was measured under these options (two banqi house rules at once): no ratings
    rather than another rule's."""
    wanted = ladder_values(game, options)
    for entry in table()["ladders"]:
        if entry.get("game") != game:
            continue
        named = entry.get("options", {})
        if ladder_values(game, named) == wanted and all(
            str(options.get(k, "")) == str(v) for k, v in named.items() if k not in wanted
        ):
            return entry
    return None


def ladder(game: str, options: Mapping[str, Any] | None = None) -> list[LevelInfo]:
    """The ten levels of `game` under `options`, with their measured ratings where there are any."""
    entry = _entry(game, options or {})
    measured = {} if entry is None else {int(row["level"]): row for row in entry.get("levels", [])}
    rows = []
    for level in LEVEL_NUMBERS:
        row = measured.get(level, {})
        rows.append(
            LevelInfo(
                level,
                LEVEL_NAMES[level],
                row.get("rating"),
                row.get("low"),
                row.get("high"),
                int(row.get("games", 0)),
            )
        )
    return rows


def rating(game: str, level: Any, options: Mapping[str, Any] | None = None) -> float | None:
    """The measured rating of one level (None when not measured)."""
    return ladder(game, options)[parse_level(level) - 1].rating
