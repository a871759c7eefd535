"""The player's record when a ladder is re-measured (game.player_record): each ladder keeps the
ratings its estimate was made on; when the current ratings differ, the estimate is re-derived from
the results per level by maximum likelihood, and the running Elo goes on from there."""

import json
import math

import numpy as np
import pytest

from game import storage
from game.ai import levels
from game.player_record import VERSION, PlayerRecord, Tally, expected, fitted, ladder_key, nearest_level

#: English checkers' ladder before and after its beginner changed (level_ratings.json, 2026-11-29)
OLD_ENGLISH = [1152, 1349, 1548, 1785, 2000, 2235, 2348, 2546, 2679, 2856]
NEW_ENGLISH = [972, 1049, 1235, 1364, 1525, 1629, 1755, 1880, 1988, 2175]
ENGLISH = {"variant": "english"}


class Ratings:
    """A source of current ratings (PlayerRecord(ratings=...)) that can be re-measured."""

    def __init__(self, table):
        self.table = dict(table)

    def __call__(self, game, options):
        return self.table.get(ladder_key(game, options), [None] * 10)


def levels_info(ratings):
    """A ladder as game.ai.levels gives it, with these ratings (for nearest_level)."""
    return [levels.LevelInfo(n, levels.LEVEL_NAMES[n], r, None, None, 10) for n, r in zip(range(1, 11), ratings)]


def _log_likelihood(r, tallies, scale):
    total = 0.0
    for level, t in tallies.items():
        rating = scale[level - 1]
        if rating is None:
            continue
        e = expected(r, rating)
        total += (t.wins + 0.5 * t.draws) * math.log(e) + (t.losses + 0.5 * t.draws) * math.log(1 - e)
    return total


def _grid_best(tallies, scale):
    """The rating of most likelihood on a 0.05-point grid (the prior draw included as fitted()
    says: one draw against the measured level most played, the weaker on a tie)."""
    played = {lv: t for lv, t in tallies.items() if scale[lv - 1] is not None and t.games}
    most = max(sorted(played), key=lambda lv: played[lv].games)
    with_prior = dict(played)
    t = played[most]
    with_prior[most] = Tally(t.wins, t.draws + 1, t.losses)
    grid = np.arange(-1000.0, 5000.0, 0.05)
    values = [_log_likelihood(r, with_prior, scale) for r in grid]
    return float(grid[int(np.argmax(values))])


def _english_player(ratings):
    """A player who beat the old level 3 more often than not, and lost most games at level 4."""
    rec = PlayerRecord(ratings=ratings)
    for level, scores in ((2, [1, 1, 1]), (3, [1, 0, 1, 1, 0.5, 1, 0, 1]), (4, [0, 0, 1, 0, 0.5])):
        for score in scores:
            rec.add("draughts", ENGLISH, level, float(score))
    return rec


# ---- the fit ------------------------------------------------------------------------------------
def test_fitted_is_the_most_likely_rating():
    scale = tuple(float(r) for r in NEW_ENGLISH)
    tallies = {2: Tally(3, 0, 0), 3: Tally(5, 1, 2), 4: Tally(1, 1, 3)}
    r = fitted(tallies, scale)
    assert r == pytest.approx(_grid_best(tallies, scale), abs=0.1)
    assert 1235 < r < 1364  # better than level 3, worse than level 4 on the new ratings


def test_even_results_at_one_level_give_its_rating():
    scale = tuple(float(r) for r in NEW_ENGLISH)
    assert fitted({5: Tally(4, 2, 4)}, scale) == pytest.approx(1525, abs=1e-4)


def test_all_wins_and_all_losses_stay_finite():
    scale = tuple(float(r) for r in NEW_ENGLISH)
    # five wins and the prior draw: 5.5 of 6, expected 11/12 at 400 * log10(11) above the level
    assert fitted({3: Tally(wins=5)}, scale) == pytest.approx(1235 + 400 * math.log10(11), abs=1e-4)
    assert fitted({3: Tally(losses=5)}, scale) == pytest.approx(1235 - 400 * math.log10(11), abs=1e-4)
    huge = fitted({10: Tally(wins=10**9), 9: Tally(wins=10**9)}, scale)
    assert huge is not None and math.isfinite(huge) and 2175 < huge < 2175 + 4400


def test_levels_not_measured_are_left_out():
    scale = (None, None, 1235.0) + (None,) * 7
    assert fitted({1: Tally(wins=9), 3: Tally(2, 0, 2)}, scale) == pytest.approx(1235, abs=1e-4)
    assert fitted({1: Tally(wins=9)}, scale) is None
    assert fitted({}, scale) is None


# ---- a ladder re-measured ---------------------------------------------------------------------------
def test_a_remeasured_ladder_rebases_the_estimate_from_the_results():
    ratings = Ratings({"draughts:variant=english": OLD_ENGLISH})
    rec = _english_player(ratings)
    old = rec.ladder("draughts", ENGLISH)
    running = old.estimate
    assert nearest_level(levels_info(OLD_ENGLISH), running) == 3
    tallies = {lv: Tally(t.wins, t.draws, t.losses) for lv, t in old.levels.items()}

    ratings.table["draughts:variant=english"] = NEW_ENGLISH  # the ladder re-anchored
    lad = rec.ladder("draughts", ENGLISH)
    assert lad.rated == 16 and lad.games == 16
    assert lad.scale == tuple(float(r) for r in NEW_ENGLISH)
    assert lad.estimate == pytest.approx(_grid_best(tallies, lad.scale), abs=0.1)
    assert nearest_level(levels_info(NEW_ENGLISH), lad.estimate) in (3, 4)
    # the running Elo on the old ratings would have pointed two levels or more too high
    assert nearest_level(levels_info(NEW_ENGLISH), running) >= 5
    # the next game goes on with the running Elo from the rebased estimate
    rebased = lad.estimate
    out = rec.add("draughts", ENGLISH, 4, 1.0)
    assert out.before == rebased and out.level_rating == 1364
    assert out.after == pytest.approx(rebased + 32 * (1 - expected(rebased, 1364)))
    assert out.rated == 17


def test_unchanged_ratings_keep_the_running_elo():
    ratings = Ratings({"draughts:variant=english": NEW_ENGLISH})
    rec = _english_player(ratings)
    running = rec.ladder("draughts", ENGLISH).estimate
    assert running != pytest.approx(fitted(rec.ladder("draughts", ENGLISH).levels, tuple(map(float, NEW_ENGLISH))))
    back = PlayerRecord.from_json(json.loads(json.dumps(rec.to_json())), Ratings(ratings.table))
    assert back.ladder("draughts", ENGLISH).estimate == round(running, 2)
    assert back.to_json() == rec.to_json()


def test_other_ladders_are_left_alone():
    ratings = Ratings({"draughts:variant=english": OLD_ENGLISH, "draughts": NEW_ENGLISH})
    rec = _english_player(ratings)
    rec.add("draughts", {}, 6, 1.0)
    international = rec.ladder("draughts").estimate
    ratings.table["draughts:variant=english"] = NEW_ENGLISH
    assert rec.ladder("draughts").estimate == international
    assert rec.ladders["draughts:variant=english"].scale == tuple(map(float, NEW_ENGLISH))


def test_levels_no_longer_measured_and_no_measured_level_left():
    ratings = Ratings({"banqi": OLD_ENGLISH})
    rec = PlayerRecord(ratings=ratings)
    for level, score in ((2, 1.0), (2, 0.0), (5, 0.5), (5, 0.0)):
        rec.add("banqi", {}, level, score)
    ratings.table["banqi"] = [None] * 4 + NEW_ENGLISH[4:]  # level 2 not measured any more
    assert rec.ladder("banqi").estimate == pytest.approx(fitted({5: Tally(0, 1, 1)}, (None,) * 4 + (1525.0,)))
    ratings.table["banqi"] = [None] * 10
    lad = rec.ladder("banqi")
    assert (lad.estimate, lad.rated, lad.games) == (None, 4, 4)
    back = PlayerRecord.from_json(json.loads(json.dumps(rec.to_json())), ratings)  # None with rated games
    assert back.ladder("banqi").estimate is None and back.ladder("banqi").rated == 4
    ratings.table["banqi"] = NEW_ENGLISH  # measured again: derived from the results once more
    assert rec.ladder("banqi").estimate == pytest.approx(
        fitted(rec.ladder("banqi").levels, tuple(map(float, NEW_ENGLISH)))
    )


def test_a_ladder_without_rated_games_takes_the_new_scale():
    ratings = Ratings({})
    rec = PlayerRecord(ratings=ratings)
    rec.add("palace", {"palaces": 4}, 3, 1.0)
    ratings.table["palace:palaces=4"] = NEW_ENGLISH
    lad = rec.ladder("palace", {"palaces": 4})
    assert (lad.estimate, lad.rated, lad.scale) == (None, 0, tuple(map(float, NEW_ENGLISH)))
    out = rec.add("palace", {"palaces": 4}, 3, 1.0)  # the first rated game starts at the level
    assert (out.before, out.after) == (None, pytest.approx(1235 + 100))


# ---- the file ---------------------------------------------------------------------------------------
def _v1_file():
    """A record as version 1 wrote it (no scale): the estimate made on the old English ratings."""
    return {
        "format": "qipan-player-record",
        "version": 1,
        "ladders": {
            "draughts:variant=english": {
                "game": "draughts",
                "options": {"variant": "english"},
                "estimate": 1450.3,
                "rated": 10,
                "levels": {
                    "2": {"wins": 2, "draws": 0, "losses": 0, "streak": 2},
                    "3": {"wins": 4, "draws": 1, "losses": 3, "streak": 1},
                },
            },
            "palace": {"game": "palace", "options": {}, "estimate": None, "rated": 0, "levels": {"5": {"wins": 1}}},
        },
    }


def test_an_old_file_loads_and_is_rebased_once(_qipan_home):
    assert VERSION == 2
    storage.player_record_path().write_text(json.dumps(_v1_file()))
    rec, notice = storage.load_player_record()
    assert notice is None
    shipped = tuple(float(i.rating) if i.rating is not None else None for i in levels.ladder("draughts", ENGLISH))
    lad = rec.ladder("draughts", ENGLISH)
    tallies = {2: Tally(2, 0, 0), 3: Tally(4, 1, 3)}
    assert lad.estimate == pytest.approx(fitted(tallies, shipped)) and lad.estimate != 1450.3
    assert lad.rated == 10 and lad.tally(3).streak == 1 and lad.scale == shipped
    assert rec.ladder("palace").estimate is None and rec.ladder("palace").tally(5).wins == 1
    storage.save_player_record(rec)  # written in version 2 with the scale: not re-derived again
    data = json.loads(storage.player_record_path().read_text())
    assert data["version"] == 2
    assert data["ladders"]["draughts:variant=english"]["scale"] == list(shipped)
    again, notice = storage.load_player_record()
    assert notice is None and again.to_json() == rec.to_json()


def test_rated_games_without_an_estimate_only_from_version_2():
    data = _v1_file()
    data["ladders"]["draughts:variant=english"]["estimate"] = None  # version 1 never wrote this
    with pytest.raises(ValueError, match="rated"):
        PlayerRecord.from_json(data)
    data["version"] = 2  # a rebase onto ratings with no level played measured writes it
    for lad in data["ladders"].values():
        lad["scale"] = [None] * 10
    rec = PlayerRecord.from_json(data, Ratings({}))
    assert rec.ladder("draughts", ENGLISH).estimate is None and rec.ladder("draughts", ENGLISH).rated == 10


@pytest.mark.parametrize(
    "damage",
    [
        lambda lad: lad.pop("scale"),
        lambda lad: lad.update(scale=None),
        lambda lad: lad.update(scale="972,1049"),
        lambda lad: lad.update(scale=NEW_ENGLISH[:9]),
        lambda lad: lad.update(scale=NEW_ENGLISH + [2300]),
        lambda lad: lad.update(scale=["972"] + NEW_ENGLISH[1:]),
        lambda lad: lad.update(scale=[True] + NEW_ENGLISH[1:]),
        lambda lad: lad.update(scale=[10**400] + NEW_ENGLISH[1:]),
    ],
)
def test_a_damaged_scale_is_a_damaged_file(_qipan_home, damage):
    storage.set_message_lang("en")
    rec = PlayerRecord()
    rec.add("draughts", ENGLISH, 3, 1.0)
    data = rec.to_json()
    damage(data["ladders"]["draughts:variant=english"])
    text = json.dumps(data)
    with pytest.raises(ValueError, match="scale"):
        PlayerRecord.from_json(json.loads(text))
    storage.player_record_path().write_text(text)
    back, notice = storage.load_player_record()
    assert back.ladders == {}
    assert "could not be read" in notice and "record.json.bak" in notice
    assert (_qipan_home / "record.json.bak").read_text() == text
