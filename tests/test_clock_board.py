"""The clocks on the board (game/scenes/board/clocks.py), driven frame by frame: headless, every
frame is 1/60 s of the board's time, so nothing here depends on the machine's speed."""

import pygame
import pytest

from game.clock import TimeControl
from game.record import GameRecord
from game.scenes.widgets import Dialog


def frames(seconds: float) -> int:
    return round(seconds * 60)


def test_clock_runs_for_the_side_to_move_and_pauses(driver):
    scene = driver.app.new_game("draughts", {}, mode="hotseat", control=TimeControl(60, 2))
    clock = scene.match.clock
    driver.step(frames(3))
    assert clock.running is None  # the first moves are not timed
    for _ in range(2):
        scene.table.play(scene.legal_moves()[0])
        driver.step(frames(1))
    assert clock.times() == (pytest.approx(61, abs=0.1), 62)  # their increments only
    driver.step(frames(2))
    assert clock.running == 0
    assert clock.left(0) == pytest.approx(59, abs=0.1) and clock.left(1) == 62
    scene.table.play(scene.legal_moves()[0])  # white moves: +2 s, black's time runs
    driver.step(frames(1))
    assert clock.left(0) == pytest.approx(61, abs=0.1) and clock.left(1) == pytest.approx(61, abs=0.1)
    # a question over the board stops the clocks
    driver.app.push(Dialog(driver.app, lambda: "?", [], [(lambda: "OK", None)]))
    driver.step(frames(5))
    assert clock.left(1) == pytest.approx(61, abs=0.1)
    driver.app.pop()
    # so does a window that lost the focus
    driver.post(pygame.WINDOWFOCUSLOST)
    driver.step(frames(5))
    assert clock.left(1) == pytest.approx(61, abs=0.1)
    driver.post(pygame.WINDOWFOCUSGAINED)
    driver.step(frames(1) + 1)
    assert clock.left(1) < 61


def test_flag_fall_ends_the_game_on_time(driver):
    scene = driver.app.new_game("draughts", {}, mode="hotseat", control=TimeControl(1, 0))
    for _ in range(2):
        scene.table.play(scene.legal_moves()[0])
        driver.settle(30)
    driver.step(frames(1.2))
    r = scene.match.result()
    assert r is not None and r.reason == "time" and r.winner == "b"
    driver.settle(30)
    assert "lost on time" in scene.clocks.result_text(r, "en")
    assert driver.app.top is not scene  # the result screen opened


def test_undo_against_the_computer_restores_the_clocks_and_saves_carry_them(driver):
    scene = driver.app.new_game("palace", {}, mode="computer", human_seat=0, level="easy", control=TimeControl(300, 5))
    driver.step(frames(2))
    scene.table.play(scene.legal_moves()[0])
    driver.wait(lambda: scene.match.ply == 2)
    driver.settle(30)
    times = scene.match.times
    assert len(times) == 3 and times[1][0] == 305  # the first move is not timed: its increment only
    scene.table.undo()
    assert scene.match.ply == 0 and scene.match.clock.times() == (300, 300)
    rec = GameRecord.from_json(scene.record().to_json())
    assert rec.clock["control"] == {"base": 300, "inc": 5} and len(rec.clock["times"]) == 1
    assert driver.app.open_game(rec)
    again = driver.app.top
    assert again.match.clock is not None and again.match.clock.times() == (300, 300)


def test_setup_offers_presets_custom_and_handicap(driver):
    from game.scenes.screens.setup import time_control

    assert time_control(None, 5, 3, None, True) is None
    assert time_control("3+2", 5, 3, (0, 0.5), False) == TimeControl(180, 2)  # a preset as it is
    custom = time_control("custom", 0.5, 1, (1, 0.5), False)
    assert custom.start_times() == (30, 15) and custom.inc == 1 and not custom.flag_draw
    setup = driver.app.open("setup", "banqi")
    setup.clock.value = "custom"
    setup._changed("custom")  # choosing Custom opens its own screen with the setup's choices
    custom_screen = driver.app.top
    assert custom_screen is not setup and setup.handicap in custom_screen.widgets
    setup.clock_base.value, setup.clock_inc.value, setup.handicap.value = 2, 1, (0, 0.25)
    custom_screen.submit()
    assert driver.app.top is setup and "30s/2+1" in setup._custom_text()
    setup.clock.value = "1+1"
    setup._changed("1+1")
    setup.start()
    driver.step(2)
    board = driver.app.top
    assert board.match.clock is not None and board.match.clock.control == TimeControl(60, 1)
