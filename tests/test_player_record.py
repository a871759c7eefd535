"""The player's record (game.player_record): the estimate's maths, which games count, the file
(atomic, a broken one kept as record.json.bak with a notice and a fresh record)."""

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import storage
from game.ai.levels import LEVEL_NAMES, LevelInfo
from game.match import Match
from game.player_record import (
    K_MIN,
    STREAK_FOR_NEXT,
    PlayerRecord,
    expected,
    game_score,
    k_factor,
    ladder_key,
    nearest_level,
    updated,
)


def test_expected_score_is_elo():
    assert expected(1500, 1500) == pytest.approx(0.5)
    assert expected(1900, 1500) == pytest.approx(10 / 11)  # 400 points: ten to one
    assert expected(1500, 1900) == pytest.approx(1 / 11)


def test_k_shrinks_with_games_to_its_floor():
    assert k_factor(0) == 200 and k_factor(2) == 100
    assert [k_factor(n) for n in range(30)] == sorted((k_factor(n) for n in range(30)), reverse=True)
    assert k_factor(10) == 400 / 12 and k_factor(11) == K_MIN and k_factor(500) == K_MIN


def test_first_game_starts_at_the_level_rating():
    assert updated(None, 0, 1450.0, 1.0) == pytest.approx(1450 + 200 * 0.5)
    assert updated(None, 0, 1450.0, 0.0) == pytest.approx(1450 - 100)
    assert updated(None, 0, 1450.0, 0.5) == pytest.approx(1450)


def test_update_against_a_much_stronger_level():
    # 1380 beats a level of 1780 (expected 1/11): with 20 games behind it, K = 32
    after = updated(1380.0, 20, 1780.0, 1.0)
    assert after == pytest.approx(1380 + 32 * (1 - 1 / 11))


@given(
    st.floats(-2000, 4000),
    st.integers(0, 100),
    st.floats(-2000, 4000),
    st.sampled_from([0.0, 0.5, 1.0]),
)
def test_a_win_never_lowers_a_loss_never_raises(rating, n, opponent, score):
    after = updated(rating, n, opponent, score)
    if score == 1.0:
        assert after >= rating
    elif score == 0.0:
        assert after <= rating
    assert abs(after - rating) <= k_factor(n)


RATINGS = [620, 780, 930, 1080, 1220, 1450, 1600, 1760, 1950, 2250]


def _ratings(table):
    """A source of current ratings for PlayerRecord(ratings=...): {ladder key: ten ratings}, the
    other ladders not measured."""
    return lambda game, options: table.get(ladder_key(game, options), [None] * 10)


def test_add_counts_results_and_estimate():
    rec = PlayerRecord(ratings=_ratings({"draughts": RATINGS}))
    out = rec.add("draughts", {}, 6, 1.0)
    assert (out.level_rating, out.before, out.after, out.rated) == (1450, None, pytest.approx(1550), 1)
    out = rec.add("draughts", {}, 6, 0.0)
    assert out.before == pytest.approx(1550) and out.after < out.before
    lad = rec.ladder("draughts", {"first": "w"})  # who moves first shares the game's ladder
    assert (lad.tally(6).wins, lad.tally(6).losses, lad.games, lad.rated) == (1, 1, 2, 2)
    assert rec.ladder("palace", {"palaces": 4}).games == 0  # another game: nothing yet


def test_an_unmeasured_level_counts_results_not_the_estimate():
    rec = PlayerRecord(ratings=_ratings({"banqi": [None, None, None, None, 1200] + [None] * 5}))
    out = rec.add("banqi", {}, 2, 1.0)
    assert (out.level_rating, out.before, out.after, out.rated) == (None, None, None, 0)
    rec.add("banqi", {}, 5, 0.0)
    out = rec.add("banqi", {}, 2, 1.0)
    assert out.before == out.after == pytest.approx(1100)
    assert rec.ladder("banqi").tally(2).wins == 2 and rec.ladder("banqi").rated == 1


def test_streak_and_the_next_level_offer():
    rec = PlayerRecord(ratings=_ratings({"draughts": RATINGS}))
    offers = [rec.add("draughts", {}, 4, s).offer_next for s in (1, 1, 0.5, 1, 1, 1, 1)]
    assert offers == [False, False, False, False, False, True, True]
    assert STREAK_FOR_NEXT == 3
    assert rec.add("draughts", {}, 4, 0.0).tally.streak == 0
    # a run at another level is its own; level 10 has no next
    for _ in range(3):
        out = rec.add("draughts", {}, 10, 1.0)
    assert out.tally.streak == 3 and not out.offer_next
    assert rec.ladder("draughts").tally(4).streak == 0


def test_ladders_per_variant_key():
    assert ladder_key("draughts", {"first": "w"}) == "draughts"
    assert ladder_key("palace", {"palaces": 4, "target": 0}) == "palace:palaces=4"
    assert ladder_key("draughts", {"variant": "russian"}) == "draughts:variant=russian"
    rec = PlayerRecord(ratings=_ratings({"palace:palaces=4": RATINGS}))
    rec.add("palace", {"palaces": 4}, 3, 1.0)
    assert rec.ladder("palace", {"palaces": 2}).games == 0
    assert rec.ladder("palace", {"palaces": 4}).games == 1


def test_json_round_trip_and_damaged_contents():
    ratings = _ratings({"draughts": RATINGS})
    rec = PlayerRecord(ratings=ratings)
    rec.add("draughts", {}, 6, 1.0)
    rec.add("palace", {"palaces": 4}, 2, 0.5)
    back = PlayerRecord.from_json(json.loads(json.dumps(rec.to_json())), ratings)
    assert back.to_json() == rec.to_json()
    good = rec.to_json()
    for damage in (
        lambda d: d.update(format="qipan-settings"),
        lambda d: d.update(version=99),
        lambda d: d.update(ladders=[]),
        lambda d: d["ladders"]["draughts"].update(estimate="high"),
        lambda d: d["ladders"]["draughts"].update(estimate=float("inf")),
        lambda d: d["ladders"]["draughts"].update(estimate=10**400),
        lambda d: d["ladders"]["draughts"].update(rated=0),
        lambda d: d["ladders"]["draughts"]["levels"].update({"11": {"wins": 1}}),
        lambda d: d["ladders"]["draughts"]["levels"]["6"].update(wins=-1),
        lambda d: d["ladders"]["draughts"]["levels"]["6"].update(streak=5),
        lambda d: d["ladders"].update({"palace": d["ladders"].pop("palace:palaces=4")}),
    ):
        data = json.loads(json.dumps(good))
        damage(data)
        with pytest.raises(ValueError):
            PlayerRecord.from_json(data, ratings)


def _info(ratings):
    return [LevelInfo(n, LEVEL_NAMES[n], r, None, None, 10 if r else 0) for n, r in zip(range(1, 11), ratings)]


def test_nearest_level():
    ladder = _info([600, 800, 950, 1100, 1250, 1400, 1550, 1700, 1900, 2200])
    assert nearest_level(ladder, None) is None
    assert nearest_level(ladder, 1380) == 6
    assert nearest_level(ladder, 875) == 2  # a tie: the weaker level
    assert nearest_level(ladder, 3000) == 10 and nearest_level(ladder, -50) == 1
    assert nearest_level(_info([None] * 10), 1380) is None
    assert nearest_level(_info([None, None, 900, None, None, 1500, None, None, None, None]), 1300) == 6


# ---- which games count ------------------------------------------------------------------------
def _finish(m, resign=False):
    if resign:
        m.resign()
        return m
    while not m.over:
        m.play(m.legal_moves()[0])
    return m


def test_a_resignation_is_a_loss_for_the_resigner():
    m = Match.new("draughts", mode="computer", human_seat=0, level="hard")
    m.play(m.legal_moves()[0])
    m.play(m.legal_moves()[0])
    m.resign()  # the human resigns on their move
    assert game_score(m) == (10, 0.0)


def test_the_computers_resignation_and_an_agreed_draw():
    m = Match.new("draughts", mode="computer", human_seat=0, level="easy")
    m.play(m.legal_moves()[0])
    m.play(m.legal_moves()[0])
    m.play(m.legal_moves()[0])
    m.resign()  # the computer's move: it resigns
    assert game_score(m) == (3, 1.0)
    d = Match.new("draughts", mode="computer", human_seat=1, level="medium")
    for _ in range(4):
        d.play(d.legal_moves()[0])
    d.agree_draw()
    assert game_score(d) == (6, 0.5)


def test_games_that_do_not_count():
    unfinished = Match.new("draughts", mode="computer", human_seat=0, level="medium")
    assert game_score(unfinished) is None
    hotseat = Match.new("draughts", mode="hotseat")
    hotseat.play(hotseat.legal_moves()[0])
    hotseat.resign()
    assert game_score(hotseat) is None
    from game.rules import draughts

    custom = Match.new(
        "draughts", mode="computer", human_seat=0, level="medium", start_state=draughts.from_text("W:W31,32:B1")
    )
    custom.play(custom.legal_moves()[0])
    custom.resign()
    assert game_score(custom) is None


def test_a_banqi_deal_counts():
    m = Match.new("banqi", mode="computer", human_seat=0, level="easy", seed=5)
    _finish(m)
    scored = game_score(m)
    assert scored is not None and scored[0] == 3 and scored[1] in (0.0, 0.5, 1.0)


# ---- the file -----------------------------------------------------------------------------------
def test_file_round_trip(_qipan_home):
    rec, notice = storage.load_player_record()
    assert notice is None and rec.ladders == {}
    rec.add("draughts", {}, 6, 1.0)  # rated on the shipped ratings, which the file is read on
    storage.save_player_record(rec)
    assert storage.player_record_path() == _qipan_home / "record.json"
    back, notice = storage.load_player_record()
    assert notice is None and back.to_json() == rec.to_json()
    assert [p.name for p in _qipan_home.iterdir()] == ["record.json"]  # no temp file left


@pytest.mark.parametrize(
    "content",
    [b"{not json", b'{"format": "qipan-settings", "lang": "en"}', b"\xff\xfe", b'{"format": "qipan-player-record"}'],
)
def test_a_broken_file_is_kept_and_a_fresh_record_started(_qipan_home, content):
    storage.set_message_lang("en")
    path = storage.player_record_path()
    path.write_bytes(content)
    rec, notice = storage.load_player_record()
    assert rec.ladders == {}
    assert "could not be read" in notice and "record.json.bak" in notice
    assert (_qipan_home / "record.json.bak").read_bytes() == content
    assert not path.exists()
    rec.add("draughts", {}, 1, 1.0)
    storage.save_player_record(rec)  # the next game starts the new file; the broken one stays
    assert storage.load_player_record()[1] is None
    assert (_qipan_home / "record.json.bak").read_bytes() == content


def test_a_folder_of_that_name_is_left_alone(_qipan_home):
    storage.set_message_lang("en")
    storage.player_record_path().mkdir()
    rec, notice = storage.load_player_record()
    assert rec.ladders == {} and "folder" in notice
    assert storage.player_record_path().is_dir()
    with pytest.raises(storage.SaveError):
        storage.save_player_record(rec)


def test_a_failed_write_leaves_the_old_file_whole(_qipan_home, monkeypatch):
    rec = PlayerRecord()
    rec.add("draughts", {}, 6, 1.0)
    storage.save_player_record(rec)
    before = storage.player_record_path().read_bytes()

    def crash(*args, **kwargs):
        raise OSError(28, "No space left on device")

    rec.add("draughts", {}, 6, 0.0)
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", crash)  # the write dies before the rename
        with pytest.raises(storage.SaveError) as err:
            storage.save_player_record(rec)
    assert "No space left" in str(err.value)
    assert storage.player_record_path().read_bytes() == before
    assert [p.name for p in _qipan_home.iterdir()] == ["record.json"]  # the temp file is gone


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(_json, _json, _json)
def test_any_contents_give_a_record_or_a_value_error(ladder, levels_, tally):
    """Whatever a damaged or hostile file holds, reading it gives a record or ValueError (which
    storage turns into the notice and the .bak), never another exception."""
    for data in (
        ladder,
        {"format": "qipan-player-record", "version": 1, "ladders": ladder},
        {
            "format": "qipan-player-record",
            "version": 1,
            "ladders": {"draughts": {"game": "draughts", "levels": levels_}},
        },
        {
            "format": "qipan-player-record",
            "version": 1,
            "ladders": {"draughts": {"game": "draughts", "estimate": tally, "rated": 1, "levels": {"3": tally}}},
        },
    ):
        try:
            rec = PlayerRecord.from_json(data)
        except ValueError:
            continue
        assert PlayerRecord.from_json(rec.to_json()).to_json() == rec.to_json()
