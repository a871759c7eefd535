"""The player's record against the computer: per game and variant, the results against each level
and an estimate of the player's rating on the scale the levels were measured on (game.ai.levels).

    rec = PlayerRecord()           # ratings: game.ai.levels' table (PlayerRecord(ratings=...) to give others)
    out = rec.add("draughts", {}, level=6, score=1.0)
    out.level_rating, out.before, out.after   # R, None, R + 100 (the first game starts at the level's R)
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
separate scale; the others (who moves first, draw rules, banqi's equal trades) share the game's.

The scale. Ladders are re-measured (a refit, a new beginner) and their ratings move, sometimes by
hundreds of points; an estimate made on the old ratings would then point at the wrong level. So each
ladder keeps `scale`, the ten ratings its estimate was made on, and the record takes the current
ratings from one source, `ratings(game, options)` (a PlayerRecord's argument; by default
shipped_ratings: game.ai.levels' table, a damaged table read as "not measured"). Every way to a
ladder (ladder(), add(), the `ladders` view, to_json) goes through one step, _current(): when the
ladder's scale differs from the current ratings, its estimate is re-derived from its results per
level under the current ratings (fitted(): the maximum-likelihood rating under the same Elo model,
with one drawn game against the level most played added as a weak prior, so that all wins or all
losses stay finite), the scale becomes the current one, and the count of rated games stays; later
games go on with the running Elo from there. Levels now "not measured" are left out; when none of
the levels played is measured the estimate becomes None (the rated count stays; the next rated game
starts again at its level's rating). A ladder without rated games just takes the current scale.
Equal ratings leave the running Elo untouched. Why when a ladder is read rather than once on load: a
record made in memory, or read before the ratings changed, goes through the same step, and no
estimate can be shown, moved by a game or written without it. Reading never writes: the file keeps
the old scale (and each reading re-derives the same) until the next counted game writes it. Files of
format version 1 have no scale: it is unknown, and each ladder with rated games is re-derived once.

Pure Python, no pygame; the file is storage.py's (load/save_player_record).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import games
from game.ai.levels import LEVEL_COUNT, LEVEL_NUMBERS, LevelInfo, parse_level
from game.ai.levels import ladder as measured_ladder

FORMAT = "qipan-player-record"
#: 2: each ladder keeps its `scale` (version 1 files load, their scale unknown)
VERSION = 2

#: the ten ratings of a ladder, weakest level first (None: not measured)
Scale = tuple[float | None, ...]
#: where the current ratings come from: (game, options) -> the ladder's ten ratings
Ratings = Callable[[str, Mapping[str, Any]], Sequence[Any]]

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


def shipped_ratings(game: str, options: Mapping[str, Any]) -> Scale:
    """The ten ratings of a ladder as game.ai.levels gives them; a damaged ratings table reads as
    "not measured" (as the setup shows it)."""
    try:
        return _as_scale([info.rating for info in measured_ladder(game, options)])
    except (ValueError, KeyError, TypeError):
        return (None,) * LEVEL_COUNT


def _rating_or_none(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if not _RATING_RANGE[0] <= value <= _RATING_RANGE[1]:  # (before float(): 10**400 overflows it)
        return None
    return float(value)  # (NaN fails the range test above)


def _as_scale(values: Sequence[Any]) -> Scale:
    """Ten ratings as the record keeps them: floats, None for a level not measured (and for a
    value that is no rating: not a number, not finite, out of range). ValueError: not ten."""
    if len(values) != LEVEL_COUNT:
        raise ValueError(f"expected {LEVEL_COUNT} ratings, got {len(values)}")
    return tuple(None if v is None else _rating_or_none(v) for v in values)


def fitted(levels_played: Mapping[int, Tally], scale: Scale) -> float | None:
    """The rating that makes the results most likely under the Elo model of expected(): the r at
    which the expected scores against the measured levels played add up to the scores made. One
    drawn game against the measured level most played (the weaker on a tie) is added first, a weak
    prior that keeps all wins or all losses finite. Levels not measured in `scale` are left out;
    None when no measured level was played. The sum of expected scores grows with r, so a
    bisection finds it."""
    played: list[tuple[float, int, float]] = []  # (rating, games, score) of each measured level played
    for level, t in sorted(levels_played.items()):
        rating = scale[level - 1]
        if rating is not None and t.games > 0:
            played.append((rating, t.games, t.wins + 0.5 * t.draws))
    if not played:
        return None
    most = max(range(len(played)), key=lambda i: (played[i][1], -i))
    rows = [(r, n + (i == most), s + 0.5 * (i == most)) for i, (r, n, s) in enumerate(played)]
    total = sum(s for _, _, s in rows)

    def excess(r: float) -> float:  # expected minus made: grows with r, one root
        return sum(n * expected(r, opp) for opp, n, _ in rows) - total

    # the most a valid file holds, 3 * 10**10 games all won, stand 400 * log10(6 * 10**10 + 1) < 4,400
    # above the level: the root is inside
    lo, hi = min(r for r, _, _ in rows) - 6000.0, max(r for r, _, _ in rows) + 6000.0
    while hi - lo > 1e-6:
        mid = (lo + hi) / 2
        if excess(mid) < 0:
            lo = mid
        else:
            hi = mid
    return min(max((lo + hi) / 2, _RATING_RANGE[0]), _RATING_RANGE[1])


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
    rated games made it, the results against each level that was played, and the scale (the ten
    ratings) the estimate is on (None: unknown, from a version 1 file)."""

    game: str
    options: dict[str, str] = field(default_factory=dict)
    estimate: float | None = None
    rated: int = 0
    levels: dict[int, Tally] = field(default_factory=dict)
    scale: Scale | None = None

    def rebase(self, scale: Scale) -> None:
        """Put the estimate on `scale` (the ladder's current ratings): re-derived from the results
        (fitted()) when the ratings changed since it was made and there are rated games; the
        running Elo is left as it is when they did not change."""
        if scale == self.scale:
            return
        if self.rated:
            self.estimate = fitted(self.levels, scale)
        self.scale = scale

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
    """Every ladder the player has a record in, by ladder_key, each on the scale of the current
    ratings: `ratings(game, options)` gives a ladder's ten ratings (shipped_ratings by default)."""

    def __init__(self, ladders: Mapping[str, Ladder] | None = None, ratings: Ratings = shipped_ratings):
        self._ladders: dict[str, Ladder] = dict(ladders or {})
        self._ratings = ratings

    def _current(self, key: str) -> Ladder:
        """The stored ladder `key`, rebased on its current ratings (the one way to a stored ladder)."""
        lad = self._ladders[key]
        lad.rebase(_as_scale(self._ratings(lad.game, lad.options)))
        return lad

    @property
    def ladders(self) -> dict[str, Ladder]:
        """Every ladder played, by ladder_key, on its current scale."""
        return {key: self._current(key) for key in sorted(self._ladders)}

    def ladder(self, game: str, options: Mapping[str, Any] | None = None) -> Ladder:
        """The player's ladder of `game` under `options`, on its current scale (an empty one when
        nothing was played; not stored until add())."""
        key = ladder_key(game, options)
        if key in self._ladders:
            return self._current(key)
        chosen = ladder_options(game, options)
        return Ladder(game, chosen, scale=_as_scale(self._ratings(game, chosen)))

    def add(self, game: str, options: Mapping[str, Any] | None, level: int, score: float) -> Outcome:
        """Count one finished game against `level` (score 1, 0.5 or 0 for the player), rated at
        the level's current rating (results only when it is not measured)."""
        if level not in LEVEL_NUMBERS:
            raise ValueError(f"level {level!r} out of range")
        if score not in (0.0, 0.5, 1.0):
            raise ValueError(f"score {score!r}: expected 0, 0.5 or 1")
        key = ladder_key(game, options)
        lad = self.ladder(game, options)
        self._ladders[key] = lad
        assert lad.scale is not None  # (rebased or new: on the current scale)
        level_rating = lad.scale[level - 1]
        tally = lad.levels.setdefault(level, Tally())
        tally.add(score)
        before = lad.estimate
        if level_rating is not None:
            lad.estimate = updated(before, lad.rated, level_rating, score)
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
                    "scale": list(lad.scale or ()),
                }
                for key, lad in self.ladders.items()
            },
        }

    @classmethod
    def from_json(cls, data: Any, ratings: Ratings = shipped_ratings) -> PlayerRecord:
        """The record a file's parsed JSON holds (rebased on `ratings` as its ladders are read);
        ValueError naming what does not fit."""
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
            lad = _ladder(raw, version)
            if ladder_key(lad.game, lad.options) != key:
                raise ValueError(f"ladder {key!r}")
            out[key] = lad
        return cls(out, ratings)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _MAX_COUNT


def _ladder(raw: Any, version: int) -> Ladder:
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
    # an estimate needs rated games; from version 2 rated games may have none (after a rebase on
    # ratings where no level played is measured)
    if not _count(rated) or (estimate is not None and rated == 0) or (version == 1 and estimate is None and rated):
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
    scale = None  # version 1: made on a scale nobody noted, re-derived once
    if version >= 2:
        values = raw.get("scale")
        if not (
            isinstance(values, list)
            and len(values) == LEVEL_COUNT
            and all(v is None or _rating_or_none(v) is not None for v in values)
        ):
            raise ValueError("scale")
        scale = _as_scale(values)
    return Ladder(raw["game"], dict(options), None if estimate is None else float(estimate), rated, levels, scale)


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
