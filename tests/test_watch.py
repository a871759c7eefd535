"""The computer against itself: pause, step, speed, a series with colours swapped and a tally."""

import pygame

from game.match import COMPUTER, Match
from game.scenes.board.watch_table import WatchTable
from game.scenes.screens.result import ResultScene


def test_watch_seats_and_record():
    m = Match.new("draughts", mode="watch", levels=("hard", "easy"), times=(0.5, None))
    assert m.mode == "watch" and [s.kind for s in m.seats] == [COMPUTER, COMPUTER]
    assert (m.seats[0].level, m.seats[0].time, m.seats[1].level) == (10, 0.5, 3)
    assert m.to_record().mode == "hotseat"  # saved to look back at, as between two players


def test_pause_step_and_resume(driver):
    app = driver.app
    app.ai_nodes = 200
    scene = app.watch_game("palace", levels=("easy", "easy"))
    table = scene.table
    assert isinstance(table, WatchTable) and table.autosave_on is False
    driver.key(pygame.K_SPACE)  # pause at once
    assert table.paused
    driver.step(30)
    assert scene.ply == 0 and not scene.seats[0].thinking
    driver.key(pygame.K_s)  # one move
    driver.wait(lambda: scene.ply == 1)
    driver.step(60)
    assert scene.ply == 1 and not any(s.thinking for s in scene.seats)
    driver.key(pygame.K_PLUS)
    assert table.speed == 2.0
    driver.key(pygame.K_SPACE)
    driver.wait(lambda: scene.ply >= 3)


def test_a_series_swaps_the_engines_and_keeps_the_tally(driver, monkeypatch):
    import game.scenes.board.watch_table as W

    monkeypatch.setattr(W, "NEXT_GAME_PAUSE", 0.05)
    app = driver.app
    app.ai_nodes = 150
    # a short game: two kings against two men, one move from the end
    from game.rules import draughts

    start = draughts.from_text("W:WK46,K47:B5")
    scene = app.watch_game("draughts", levels=("hard", "easy"), games=2, start_state=start)
    table = scene.table
    first = scene.match
    driver.wait(lambda: table.played >= 1, seconds=60)
    driver.wait(lambda: scene.match is not first or table.played >= 2, seconds=30)
    second = scene.match
    assert second.seats == (first.seats[1], first.seats[0])  # the engines swapped colours
    driver.wait(lambda: table.played >= 2, seconds=60)
    assert sum(table.tally) == 2
    driver.wait(lambda: isinstance(driver.top, ResultScene), seconds=30)


def test_banqi_plays_each_deal_twice(driver, monkeypatch):
    import game.scenes.board.watch_table as W

    monkeypatch.setattr(W, "NEXT_GAME_PAUSE", 0.0)
    app = driver.app
    scene = app.watch_game("banqi", levels=("easy", "easy"), games=2, seed=99)
    first = scene.match
    first.resign() if first.can_resign() else first.agree_draw()  # end the first game at once
    driver.wait(lambda: scene.match is not first, seconds=10)
    assert scene.match.start == {"seed": 99} == first.start
    assert scene.match.seats == (first.seats[1], first.seats[0])


def test_the_setup_screen_starts_a_watched_series(driver):
    from game.scenes.screens.setup import SetupScene

    app = driver.app
    app.ai_nodes = 100
    setup = app.open("setup", "draughts")
    driver.step()
    assert isinstance(setup, SetupScene)
    setup.mode.set("watch")
    setup._changed()
    assert setup.level2 in setup.widgets and setup.side not in setup.widgets
    setup.level.set("hard")
    setup.level2.set("easy")
    setup.time1.set(0.5)
    setup.series.set(10)
    setup.start()
    board = driver.top
    assert isinstance(board.table, WatchTable) and board.table.series == 10
    assert (board.match.seats[0].level, board.match.seats[0].time, board.match.seats[1].level) == (10, 0.5, 3)
