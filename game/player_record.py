"""The player's record against the computer: per game and variant, the results against each level
and an estimate of the player's rating on the scale the levels were measured on (game.ai.levels).

    rec = PlayerRecord()
    out = rec.add("draughts", {}, level=6, score=1.0, level_rating=1450.0)
    out.before, out.after          # None -> 1482.0 (the first estimate starts at the level's rating)
    rec.ladder("draughts", {}).estimate, rec.ladder("draughts", {}).tally(6).wins
    PlayerRecord.from_json(rec.to_json())

The estimate is a plain Elo rating: after a game against a level of rating R, with score S (1 win,
0.5 draw, 0 loss) and the expected score E = 1 / (1 + 10 ** ((R - r) / 400)), r becomes
r + K (S - E). K is 400 / (n + 2) after n rated games, never less than K_MIN = 32: 200 for the
first game, 100 for the third, 32 from the eleventh on, so the estimate moves fast while it knows
little and then settles. The first rated game starts the estimate at the level's rating. A game
against a level nobody measured yet (rating None) counts in the results but leaves the estimate.

Which games count is the board's decision (game/scenes/board/table.py): a finished game against
the computer from the game's own start, counted once, when it first ends; a resignation is a loss.

Each game has one ladder per value of the options its rules mark Option.ladder (the draughts
variant, the palace family's number of palaces, banqi's chain captures, chariot rush and Hong Kong
order), as bench/bench_levels.py measures them: options that change the game this much make a
separate scale; the others (who moves first, draw rules, banqi's equal trades) share the game's. Pure Python, no pygame; the file is storage.py's (load/save_player_record).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game import games
from game.ai.levels import LEVEL_NUMBERS, LevelInfo, parse_level

FORMAT = "qipan-player-record"
VERSION = 1

K_MIN = 32.0
#: wins in a row at a level after which the result screen offers the next level
STREAK_FOR_NEXT = 3

_MAX_COUNT = 10**9  # more games than anyone plays: a larger number is a damaged file
_RATING_RANGE = (-10_000.0, 20_000.0)


def ladder_options(game: str, options: Mapping[str, Any] | None) -> dict[str, str]:
    """The options (as text) that choose the game's ladder (its rules' Option.ladder: the draughts
    variant, the palace family's board) where they differ from the default, whose ladder is the
    game's own. ValueError for an unknown game."""
    given = options or {}
    return {
        o.key: str(given[o.key])
        for o in games.get(game).options
        if o.ladder and o.key in given and str(given[o.key]) != str(o.default)
    }


def ladder_key(game: str, options: Mapping[str, Any] | None = None) -> str:
    """The record's key of a game's ladder: "draughts", "palace:palaces=4"."""
    chosen = ladder_options(game, options)
    return game + "".join(f":{k}={v}" for k, v in sorted(chosen.items()))


def expected(rating: float, opponent: float) -> float:
    """The Elo expected score of `rating` against `opponent`."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def k_factor(rated_games: int) -> float:
    """K for the next game of a player with `rated_games` rated games behind the estimate."""
    return max(K_MIN, 400.0 / (rated_games + 2))


def updated(rating: float | None, rated_games: int, opponent: float, score: float) -> float:
    """The estimate after one game (None: no estimate yet, it starts at the opponent's rating)."""
    r = opponent if rating is None else rating
    return r + k_factor(rated_games) * (score - expected(r, opponent))


@dataclass
class Tally:
    """Results against one level, from the player's side; `streak`: wins in a row (at this level)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    streak: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, score: float) -> None:
        if score >= 1.0:
            self.wins += 1
            self.streak += 1
        elif score <= 0.0:
            self.losses += 1
            self.streak = 0
        else:
            self.draws += 1
            self.streak = 0


@dataclass
class Ladder:
    """The player's record in one game (and variant): estimate (None until a rated game), how many
    rated games made it, and the results against each level that was played."""

    game: str
    options: dict[str, str] = field(default_factory=dict)
    estimate: float | None = None
    rated: int = 0
    levels: dict[int, Tally] = field(default_factory=dict)

    def tally(self, level: int) -> Tally:
        """The results against `level` (a fresh, empty tally when it was never played)."""
        return self.levels.get(level) or Tally()

    @property
    def games(self) -> int:
        return sum(t.games for t in self.levels.values())


@dataclass(frozen=True)
class Outcome:
    """What one counted game changed: its level, the level's rating (None: not measured), the
    player's score, the estimate before and after (after == before for an unmeasured level), the
    tally at that level after the game and whether to offer the next level."""

    game: str
    options: dict[str, str]
    level: int
    level_rating: float | None
    score: float
    before: float | None
    after: float | None
    tally: Tally
    rated: int

    @property
    def offer_next(self) -> bool:
        return self.tally.streak >= STREAK_FOR_NEXT and self.level < LEVEL_NUMBERS[-1]


class PlayerRecord:
    """Every ladder the player has a record in, by ladder_key."""

    def __init__(self, ladders: dict[str, Ladder] | None = None):
        self.ladders: dict[str, Ladder] = dict(ladders or {})

    def ladder(self, game: str, options: Mapping[str, Any] | None = None) -> Ladder:
        """The player's ladder of `game` under `options` (an empty one when nothing was played;
        not stored until add())."""
        return self.ladders.get(ladder_key(game, options)) or Ladder(game, ladder_options(game, options))

    def add(
        self, game: str, options: Mapping[str, Any] | None, level: int, score: float, level_rating: float | None
    ) -> Outcome:
        """Count one finished game against `level` (score 1, 0.5 or 0 for the player)."""
        if level not in LEVEL_NUMBERS:
            raise ValueError(f"level {level!r} out of range")
        if score not in (0.0, 0.5, 1.0):
            raise ValueError(f"score {score!r}: expected 0, 0.5 or 1")
        key = ladder_key(game, options)
        lad = self.ladders.setdefault(key, Ladder(game, ladder_options(game, options)))
        tally = lad.levels.setdefault(level, Tally())
        tally.add(score)
        before = lad.estimate
        if level_rating is not None:
            lad.estimate = updated(before, lad.rated, float(level_rating), score)
            lad.rated += 1
        return Outcome(
            game,
            dict(lad.options),
            level,
            level_rating,
            score,
            before,
            lad.estimate,
            Tally(tally.wins, tally.draws, tally.losses, tally.streak),
            lad.rated,
        )

    # ---- the file's contents ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "ladders": {
                key: {
                    "game": lad.game,
                    "options": dict(lad.options),
                    "estimate": None if lad.estimate is None else round(lad.estimate, 2),
                    "rated": lad.rated,
                    "levels": {
                        str(level): {"wins": t.wins, "draws": t.draws, "losses": t.losses, "streak": t.streak}
                        for level, t in sorted(lad.levels.items())
                    },
                }
                for key, lad in sorted(self.ladders.items())
            },
        }

    @classmethod
    def from_json(cls, data: Any) -> PlayerRecord:
        """The record a file's parsed JSON holds; ValueError naming what does not fit."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a Qipan player record")
        version = data.get("version")
        if not isinstance(version, int) or not _count(version) or version < 1:
            raise ValueError("version")
        if version > VERSION:
            raise ValueError(f"written by a newer version (format {version})")
        ladders = data.get("ladders")
        if not isinstance(ladders, dict):
            raise ValueError("ladders")
        out = {}
        for key, raw in ladders.items():
            lad = _ladder(raw)
            if ladder_key(lad.game, lad.options) != key:
                raise ValueError(f"ladder {key!r}")
            out[key] = lad
        return cls(out)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _MAX_COUNT


def _ladder(raw: Any) -> Ladder:
    if not isinstance(raw, dict) or not isinstance(raw.get("game"), str):
        raise ValueError("ladder")
    options = raw.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise ValueError("ladder options")
    estimate = raw.get("estimate")
    if estimate is not None and not (
        isinstance(estimate, (int, float))
        and not isinstance(estimate, bool)
        and _RATING_RANGE[0] <= estimate <= _RATING_RANGE[1]  # (before isfinite: 10**400 overflows it)
        and math.isfinite(estimate)
    ):
        raise ValueError("estimate")
    rated = raw.get("rated", 0)
    if not _count(rated) or (estimate is None) != (rated == 0):
        raise ValueError("rated")
    levels_raw = raw.get("levels", {})
    if not isinstance(levels_raw, dict):
        raise ValueError("levels")
    levels = {}
    for name, t in levels_raw.items():
        if not (isinstance(name, str) and name.isdigit() and int(name) in LEVEL_NUMBERS):
            raise ValueError(f"level {name!r}")
        if not isinstance(t, dict) or not all(_count(t.get(k, 0)) for k in ("wins", "draws", "losses", "streak")):
            raise ValueError(f"level {name}")
        tally = Tally(t.get("wins", 0), t.get("draws", 0), t.get("losses", 0), t.get("streak", 0))
        if tally.streak > tally.wins:
            raise ValueError(f"level {name} streak")
        levels[int(name)] = tally
    return Ladder(raw["game"], dict(options), None if estimate is None else float(estimate), rated, levels)


def game_score(match: Any) -> tuple[int, float] | None:
    """(the computer's level, the player's score) of a finished game.match.Match that counts in
    the record: one human against the computer, from the game's own start (a new deal in a dealt
    game), ended by the rules, a resignation (a loss), an agreed draw or a clock; else None (a
    game not finished, a hot-seat or watched game, a custom position)."""
    if match.mode != "computer" or match.human_seat is None or not match.over:
        return None
    info = match.info
    if info.dealt:
        if "seed" not in match.start:
            return None
    elif info.rules.to_text(match.start_state) != info.rules.to_text(info.new_state(match.options)):
        return None  # (texts of the states: a save may spell the same start another way)
    computer = match.seats[1 - match.human_seat]
    try:
        level = parse_level(computer.level if computer.level is not None else match.level)
    except ValueError:
        return None
    result = match.result()
    if result.winner is None:
        return level, 0.5
    seat = match.winner_seat()
    if seat is None:
        return None
    return level, 1.0 if seat == match.human_seat else 0.0


def nearest_level(ladder: list[LevelInfo], estimate: float | None) -> int | None:
    """The measured level whose rating is nearest `estimate` (the weaker on a tie); None when there
    is no estimate or no level was measured."""
    if estimate is None:
        return None
    measured = [info for info in ladder if info.rating is not None]
    if not measured:
        return None
    return min(measured, key=lambda info: (abs(float(info.rating or 0.0) - estimate), info.level)).level
