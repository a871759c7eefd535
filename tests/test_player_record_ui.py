"""The player's record in the window: the setup's level row (1-10, names, ratings, the estimate
and the level nearest it), a finished game counted once, the result screen's line and the next
level offered after three wins, watch mode's two levels, a broken record file."""

import json

import pygame
import pytest

from game import storage
from game.ai import levels
from game.player_record import PlayerRecord, Tally, fitted
from game.scenes.board.watch_table import WatchTable
from game.scenes.screens.record_text import estimate_text, level_text, outcome_text, tally_text
from game.scenes.screens.result import ResultScene
from game.scenes.screens.setup import DEFAULT_LEVEL, SetupScene

RATINGS = [620, 780, 930, 1080, 1220, 1450, 1600, 1760, 1950, 2250]


@pytest.fixture
def rated(monkeypatch):
    """A measured draughts ladder (the shipped table may not have one yet)."""
    table = {
        "ladders": [
            {
                "game": "draughts",
                "options": {},
                "levels": [
                    {"level": n, "rating": r, "low": r - 40, "high": r + 40, "games": 400}
                    for n, r in zip(range(1, 11), RATINGS)
                ],
            }
        ]
    }
    monkeypatch.setattr(levels, "_TABLE", table)
    return table


@pytest.fixture
def unmeasured(monkeypatch):
    """No level measured (as for a board nobody has measured yet)."""
    monkeypatch.setattr(levels, "_TABLE", {"ladders": []})


def _write_record(rec: PlayerRecord) -> None:
    storage.save_player_record(rec)


def _record_with(estimate_games, level=6, streak=0):
    """A record whose draughts estimate is made by games against `level` (its rating in the
    table of the test: `rated`)."""
    rec = PlayerRecord()
    for score in estimate_games:
        rec.add("draughts", {}, level, score)
    for _ in range(streak):
        rec.add("draughts", {}, level, 1.0)
    return rec


def _setup(driver, game="draughts") -> SetupScene:
    setup = driver.app.open("setup", game)
    driver.step()
    assert isinstance(setup, SetupScene)
    return setup


# ---- the setup --------------------------------------------------------------------------------
def test_without_a_record_the_setup_offers_the_default_level_unmeasured(driver, unmeasured):
    setup = _setup(driver)
    assert setup.level.value == DEFAULT_LEVEL == 3
    main, sub = setup._level_texts(3)
    assert main == "3 · Casual · not measured" and sub == ""
    assert setup._estimate_note() == ""
    driver.step(2)  # drawn without error


def test_the_setup_offers_the_level_nearest_the_estimate(driver, rated):
    rec = _record_with([0.0, 0.0, 0.0, 0.0])  # four losses to level 6 (1450): about 1251
    estimate = rec.ladder("draughts").estimate
    _write_record(rec)
    driver.app.kept_record.record = None  # read the file again
    setup = _setup(driver)
    expected = min(range(1, 11), key=lambda n: (abs(RATINGS[n - 1] - estimate), n))
    assert setup.level.value == expected == 5
    assert setup._estimate_note() == f"Your estimate {round(estimate)} · 4 games"
    assert setup._level_texts(6) == ("6 · Intermediate · ≈1450", "You: 0 won · 0 drawn · 4 lost")
    driver.app.settings["lang"] = "zh"
    assert setup._level_texts(6) == ("6 · 中级 · ≈1450", "你：0 胜 0 和 4 负")
    assert setup._estimate_note() == f"你的估计 {round(estimate)} · 4 局"


def test_an_estimate_made_on_other_ratings_is_shown_rebased(driver, rated):
    """A record written when the ladder's ratings were 150 points higher: the setup shows the
    estimate re-derived from the results on the table's ratings, and the next game goes on from it."""
    old = [r + 150 for r in RATINGS]
    rec = PlayerRecord(ratings=lambda game, options: old)
    for score in (1.0, 1.0, 0.0, 0.5, 1.0):
        rec.add("draughts", {}, 6, score)
    _write_record(rec)
    driver.app.kept_record.record = None  # read the file again
    setup = _setup(driver)
    rebased = fitted({6: Tally(3, 1, 1)}, tuple(map(float, RATINGS)))
    assert rebased is not None and abs(rebased - rec.ladder("draughts").estimate) > 100
    assert setup._estimate_note() == f"Your estimate {round(rebased)} · 5 games"
    assert setup.level.value == min(range(1, 11), key=lambda n: (abs(RATINGS[n - 1] - rebased), n))
    board, result = _end_game(driver, level=6, win=True)
    assert board.table.outcome.before == pytest.approx(rebased)
    assert result.record.lines("en")[0].startswith(f"You beat level 6 (≈1450); your estimate {round(rebased)} → ")


def test_a_level_chosen_this_session_is_kept(driver, rated):
    _write_record(_record_with([0.0, 0.0]))
    setup = _setup(driver)
    suggested = setup.level.value
    driver.click(setup.level.arrows()[2].center)  # the right arrow: one level up
    assert setup.level.value == suggested + 1 and setup.level_chosen
    driver.app.pop()
    again = _setup(driver)
    assert again.level.value == suggested + 1


def test_the_level_row_stops_at_its_ends_and_takes_keys_and_names(driver):
    setup = _setup(driver)
    setup.focus.focus(setup.level)
    for _ in range(12):
        driver.key(pygame.K_LEFT)
    assert setup.level.value == 1
    for _ in range(12):
        driver.key(pygame.K_RIGHT)
    assert setup.level.value == 10
    setup.level.set("medium")
    assert setup.level.value == 6
    setup.level.set("eleven")  # not a level: unchanged
    assert setup.level.value == 6


def test_another_palace_board_has_its_own_ladder_and_suggestion(driver, monkeypatch):
    table = {
        "ladders": [
            {"game": "palace", "options": {"palaces": 2}, "levels": [{"level": 8, "rating": 1500, "games": 50}]},
            {"game": "palace", "options": {"palaces": 4}, "levels": [{"level": 2, "rating": 1500, "games": 50}]},
        ]
    }
    monkeypatch.setattr(levels, "_TABLE", table)
    rec = PlayerRecord()
    rec.add("palace", {"palaces": 2}, 8, 0.5)
    rec.add("palace", {"palaces": 4}, 2, 0.5)
    _write_record(rec)
    setup = _setup(driver, "palace")
    board = setup.option_widgets[0]
    assert board.value == 2 and setup.level.value == 8
    board.set(4)
    assert setup.level.value == 2  # not chosen by the player: follows the board's ladder
    board.set(1)
    assert setup.level.value == DEFAULT_LEVEL  # no estimate on one palace


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_level_row_fits_its_row(rated, size, lang):
    from tests.conftest import Driver

    _write_record(_record_with([1.0, 0.0, 0.5], streak=2))
    d = Driver(("--windowed", "--lang", lang), size=size)
    try:
        setup = _setup(d)
        left, middle, right = setup.level.arrows()
        assert setup.level.rect.contains(left.union(right))
        assert right.right <= setup.mode.rect.right
        main, sub = setup._level_texts(setup.level.value)
        size_px = min(setup.level.size, int(setup.level.rect.h * 0.46))
        assert d.app.text(main, size_px).get_width() <= middle.w - 2 * max(5, middle.h // 5)
        d.step(2)
    finally:
        d.close()


# ---- a game counted, the result screen ------------------------------------------------------------
def _end_game(driver, level=6, win=True, human_seat=0):
    """A game against the computer at `level` ended by a resignation after a move or two: the
    computer's (win) or the player's."""
    app = driver.app
    board = app.new_game("draughts", {}, mode="computer", human_seat=human_seat, level=level)
    driver.step()
    m = board.match
    board.cancel_all()
    if m.seat_to_move != human_seat:
        board.table.play(m.legal_moves()[0])
    board.table.play(m.legal_moves()[0])  # the player's move
    board.cancel_all()
    if win:
        m.resign()  # the computer, to move, resigns
        board.table.autosave()
    else:
        board.table.play(m.legal_moves()[0])  # the computer's move, then the player resigns
        board.cancel_all()
        board.table.resign()
    board.changed()
    driver.wait(lambda: isinstance(app.top, ResultScene))
    return board, app.top


def test_a_lost_game_is_counted_once_and_said_on_the_result_screen(driver, rated):
    board, result = _end_game(driver, level=6, win=False)
    out = board.table.outcome
    assert out is not None and (out.level, out.score, out.before) == (6, 0.0, None)
    assert out.after == pytest.approx(1450 - 100)
    assert result.record.lines("en") == [
        "You lost to level 6 (≈1450); your first estimate: 1350",
        "Against level 6: 0 won · 0 drawn · 1 lost",
    ]
    assert result.record.next_btn is None
    saved, notice = storage.load_player_record()
    assert notice is None and saved.ladder("draughts").tally(6).losses == 1
    # taking the end back and finishing again does not count the game twice
    driver.key(pygame.K_ESCAPE)
    board.table.undo()
    assert not board.match.over and board.table.outcome is None
    board.cancel_all()
    board.match.resign()
    board.table.autosave()
    board.changed()
    assert storage.load_player_record()[0].ladder("draughts").games == 1
    driver.wait(lambda: isinstance(driver.top, ResultScene))
    assert driver.top.record.lines("en") == []  # the first end was counted, and said then


def test_a_game_against_an_unmeasured_level_keeps_the_estimate(driver, monkeypatch):
    only_6 = {"game": "draughts", "options": {}, "levels": [{"level": 6, "rating": 1450, "games": 400}]}
    monkeypatch.setattr(levels, "_TABLE", {"ladders": [only_6]})
    rec = PlayerRecord()
    rec.add("draughts", {}, 6, 1.0)
    _write_record(rec)
    board, result = _end_game(driver, level=2, win=True)
    assert result.record.lines("en")[0] == "You beat level 2 (not measured); your estimate stays 1550"
    assert result.record.lines("zh")[0] == "你战胜了第 2 级（未测定）；估计不变（1550）"
    assert storage.load_player_record()[0].ladder("draughts").tally(2).wins == 1


def test_three_wins_in_a_row_offer_the_next_level(driver, rated):
    _write_record(_record_with([0.5], level=4, streak=2))
    board, result = _end_game(driver, level=4, win=True, human_seat=1)
    out = board.table.outcome
    assert out.tally.streak == 3 and out.offer_next
    lines = result.record.lines("en")
    assert lines[0].startswith("You beat level 4 (≈1080); your estimate ")
    assert lines[1] == "Against level 4: 3 won · 1 drawn · 0 lost · 3 wins in a row"
    btn = result.record.next_btn
    assert btn is not None and btn in result.buttons and btn.text() == "Try level 5 · Improver"
    assert result.focus.current() is result.rematch_btn  # the plain choice stays the default
    driver.step(40)  # the box has popped in: the buttons are drawn and take clicks
    assert result.box.contains(btn.rect) and not btn.rect.colliderect(result.rematch_btn.rect)
    driver.click(btn.rect.center)
    new = driver.top
    assert new is not board and new.match.mode == "computer"
    assert new.match.human_seat == 1 and new.match.seats[0].level == 5
    assert driver.app.choices.last_setup("draughts")["level"] == 5
    driver.step(3)


def test_no_offer_above_level_ten(driver, rated):
    _write_record(_record_with([], level=10, streak=2))
    board, result = _end_game(driver, level=10, win=True)
    assert board.table.outcome.tally.streak == 3 and result.record.next_btn is None


def test_hotseat_games_do_not_count(driver):
    app = driver.app
    board = app.new_game("draughts", {}, mode="hotseat")
    driver.step()
    board.table.play(board.match.legal_moves()[0])
    board.table.resign()
    board.changed()
    driver.wait(lambda: isinstance(app.top, ResultScene))
    assert board.table.outcome is None and app.top.record.lines("en") == []
    assert not storage.player_record_path().exists()


def test_a_broken_record_file_is_kept_and_said(driver):
    path = storage.player_record_path()
    path.write_text('{"format": "qipan-player-record", "version": 1, "ladders": {"draughts": 7}}')
    driver.app.kept_record.record = None
    setup = _setup(driver)
    assert "could not be read" in driver.app._toast[0] and "record.json.bak" in driver.app._toast[0]
    assert path.with_name("record.json.bak").exists() and setup._estimate_note() == ""
    driver.app.back_to_menu()
    _end_game(driver, level=3, win=True)
    assert json.loads(path.read_text())["ladders"]["draughts"]["levels"]["3"]["wins"] == 1


# ---- the texts --------------------------------------------------------------------------------------
def test_record_texts_in_both_languages():
    rec = PlayerRecord(ratings=lambda game, options: RATINGS)
    out = rec.add("draughts", {}, 6, 0.5)
    assert outcome_text(out, "en") == "You drew with level 6 (≈1450); your first estimate: 1450"
    out = rec.add("draughts", {}, 7, 1.0)
    assert outcome_text(out, "en") == f"You beat level 7 (≈1600); your estimate 1450 → {round(out.after)}"
    assert outcome_text(out, "zh") == f"你战胜了第 7 级（≈1600）；你的估计 1450 → {round(out.after)}"
    assert estimate_text(rec.ladder("draughts"), "en") == f"Your estimate {round(out.after)} · 2 games"
    assert estimate_text(PlayerRecord().ladder("banqi"), "en") == ""
    unrated = PlayerRecord(ratings=lambda game, options: [None] * 10)
    unrated.add("banqi", {}, 1, 0.0)
    assert estimate_text(unrated.ladder("banqi"), "zh") == "1 局 · 尚无估计"
    assert outcome_text(unrated.add("banqi", {}, 1, 0.0), "en") == "You lost to level 1 (not measured)"
    assert tally_text(rec.ladder("draughts").tally(5), "en") == ""
    info = levels.ladder("banqi")[9]
    assert level_text(info, "zh").startswith("10 · 大师 · ")


# ---- watch mode -------------------------------------------------------------------------------------
def test_watch_mode_gives_each_side_a_level(driver):
    app = driver.app
    app.ai_nodes = 100
    setup = _setup(driver)
    setup.mode.set("watch")
    assert setup.level2 in setup.widgets and setup._estimate_note() == ""
    setup.level.set(8)
    setup.focus.focus(setup.level2)
    for _ in range(3):
        driver.key(pygame.K_LEFT)  # 3 -> 1, and no further
    setup.series.set(2)
    setup.start()
    board = driver.top
    assert isinstance(board.table, WatchTable)
    assert (board.match.seats[0].level, board.match.seats[1].level) == (8, 1)
    text = " ".join(t for t, _ in board.table.status_lines("en"))
    assert "Computer A (8 Strong)" in text and "Computer B (1 Beginner)" in text
    board.table.toggle_pause()
    driver.step(3)


# ---- saves ------------------------------------------------------------------------------------------
def test_an_old_autosave_with_a_level_name_continues_and_counts_at_its_number(driver):
    """An autosave written before the ten levels ("level": "easy") is continued from the menu at
    level 3; the game goes on being saved with the number, and its end counts at level 3."""
    old = {
        "format": "qipan-game",
        "version": 1,
        "game": "draughts",
        "options": {},
        "start": {"text": "W:W31-50:B1-20"},
        "moves": ["32-28", "18-22"],
        "redo": [],
        "mode": "computer",
        "human_seat": 0,
        "level": "easy",
        "end": None,
    }
    storage.autosave_path().write_text(json.dumps(old))
    menu = driver.top
    menu.refresh()
    menu.continue_game()
    board = driver.top
    assert board.match.ply == 2 and board.match.seats[1].level == 3 and board.match.level == 3
    board.table.play(board.match.legal_moves()[0])
    board.cancel_all()
    storage.flush_autosave()
    assert json.loads(storage.autosave_path().read_text())["level"] == 3
    board.match.resign()  # the computer, to move, resigns
    board.table.autosave()
    board.changed()
    driver.wait(lambda: isinstance(driver.top, ResultScene))
    assert board.table.outcome.level == 3 and board.table.outcome.score == 1.0
    assert storage.load_player_record()[0].ladder("draughts").tally(3).wins == 1


def test_a_record_written_by_another_copy_of_the_game_is_read_again(driver):
    setup = _setup(driver)  # the record is read (empty)
    assert setup.player_ladder().games == 0
    other = PlayerRecord()  # meanwhile another running copy counts a palace game
    other.add("palace", {"palaces": 2}, 5, 1.0)
    _write_record(other)
    driver.app.back_to_menu()
    _end_game(driver, level=3, win=True)
    saved = storage.load_player_record()[0]
    assert saved.ladder("palace", {"palaces": 2}).games == 1 and saved.ladder("draughts").games == 1


def test_a_failed_write_keeps_the_game_for_the_next(driver, monkeypatch):
    def full(record):
        raise storage.SaveError("storage.record_write_failed", why="No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(storage, "save_player_record", full)
        _end_game(driver, level=3, win=True)
        assert "could not be saved" in driver.app._toast[0]
    driver.app.back_to_menu()
    _end_game(driver, level=3, win=False)
    assert storage.load_player_record()[0].ladder("draughts").tally(3).games == 2
