"""Clocks in the network screens (headless app): the host's setup has the local setup's Clock row
(and its custom screen) and fits a 1024x640 window, the offer shows the time control before the
guest accepts, the board shows the host's figures, and a flag fall declared by the host ends the
game on the app's board "lost on time"."""

import time

import pygame
import pytest
from conftest import Driver
from net_helpers import pump_until
from test_label_layout import check_choice, resize

from game.clock import TimeControl
from game.net import saves
from game.net.guest import GuestSession
from game.net.host import HostSession
from game.scenes.board.net_table import NetTable
from game.scenes.lobbies import network as N
from game.scenes.lobbies import online as O
from game.scenes.widgets import Choice


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setattr(
        N, "open_host", lambda port=0, bind=None: HostSession(port=0, bind="127.0.0.1", autosave=saves.autosave)
    )
    monkeypatch.setattr("os.fsync", lambda fd: None)


def wait(driver, cond, others=(), seconds=10.0):
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, f"timed out; top scene {type(driver.top).__name__}"
        for s in others:
            s.pump()
        driver.step()
        time.sleep(0.002)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("scene", [N.HostSetupScene, O.OnlineSetupScene])
def test_the_hosts_setup_has_the_clock_row_and_fits_1024x640(lang, scene):
    d = Driver(size=(1024, 640))
    try:
        app = d.app
        app.set_lang(lang)
        setup = scene(app)
        app.push(setup)
        for game in ("palace", "draughts", "banqi"):
            setup.game.set(game)
            setup._game_changed(game)
            for size in ((1024, 640), (1280, 800)):
                resize(d, size)
                shown = [w for w in setup.widgets if w.visible]
                assert setup.clock_rows.clock in shown
                for i, a in enumerate(shown):  # nothing overlaps, everything is in the window
                    assert not any(a.rect.colliderect(b.rect) for b in shown[i + 1 :]), (game, size)
                    assert a.rect.top >= 0 and a.rect.bottom <= size[1], (game, size, a.rect)
                for w in shown:
                    if isinstance(w, Choice):
                        check_choice(app, w)
                setup.draw(app.screen)
    finally:
        d.close()


def test_the_host_chooses_a_preset_or_custom_and_the_guest_sees_it_before_accepting(driver):
    app = driver.app
    setup = N.HostSetupScene(app)
    app.push(setup)
    driver.step()
    setup.game.set("draughts")
    setup._game_changed("draughts")
    rows = setup.clock_rows
    rows.clock.value = "custom"
    rows.changed("custom")  # Custom opens the local setup's custom clock screen, with these rows
    custom = app.top
    assert type(custom).__name__ == "ClockSetupScene" and rows.handicap in custom.widgets
    rows.clock_base.value, rows.clock_inc.value, rows.flag_draw.value = 1, 2, False
    custom.submit()
    assert app.top is setup and "1+2" in rows.custom_text()
    rows.clock.value = "3+2"
    rows.changed("3+2")
    setup.open()
    host_scene = app.top
    assert isinstance(host_scene, N.HostWaitScene)
    session = host_scene.net.session
    assert session.offer_game.control == TimeControl(180, 2)
    assert any("3+2" in line[0] for line in host_scene.lines())
    assert app.choices.net_offer["clock"] == "3+2"  # remembered for the next game
    guest = GuestSession("127.0.0.1", session.port, code=session.code)
    try:
        wait(driver, lambda: guest.phase == "offered", [guest])
        assert guest.offer["control"] == TimeControl(180, 2)
    finally:
        guest.close()


def test_the_join_screen_shows_the_clock_and_the_board_shows_the_hosts_figures(driver):
    app = driver.app
    host = HostSession(bind="127.0.0.1")
    host.set_offer("draughts", {}, 1, control=TimeControl(60, 1, None, False))
    try:
        join = N.JoinScene(app, f"127.0.0.1:{host.port}", code=host.code)
        app.push(join)
        join.connect()
        wait(driver, lambda: join.offer is not None, [host])
        text = " ".join(line[0] for line in join.lines())
        assert "Clock: 1+1" in text and "a flag fall always loses" in text
        join.accept()
        wait(driver, lambda: isinstance(getattr(app.top, "table", None), NetTable) and host.phase == "playing", [host])
        board = app.top
        for _ in range(3):
            if board.human_turn():
                board.table.play(board.legal_moves()[0])
            else:
                host.play(host.game.state.legal_moves()[0])
            wait(driver, lambda: host.game.ply == len(board.moves) and board.anim is None, [host])
        wait(driver, lambda: board.match.clock.running is not None, [host])  # ply 3: the clocks run
        session_times = board.table.net.read(lambda s: s.game.clock.times())
        shown = board.clocks.shown_times()
        assert shown == pytest.approx(session_times, abs=0.5)
        assert board.match.times == board.table.net.read(lambda s: list(s.game.times))
        driver.step(3)
        board.draw(app.screen)
    finally:
        host.close()


def test_a_flag_fall_declared_by_the_host_ends_the_game_on_the_apps_board(driver):
    app = driver.app
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace", {}, 1, control=TimeControl(1, 0))  # the app's player moves first
    try:
        join = N.JoinScene(app, f"127.0.0.1:{host.port}", code=host.code)
        app.push(join)
        join.connect()
        wait(driver, lambda: join.offer is not None, [host])
        join.accept()
        wait(driver, lambda: isinstance(getattr(app.top, "table", None), NetTable) and host.phase == "playing", [host])
        board = app.top
        board.table.play(board.legal_moves()[0])
        wait(driver, lambda: host.game.ply == 1, [host])
        host.play(host.game.state.legal_moves()[0])
        wait(driver, lambda: board.over(), [host], seconds=15.0)  # the app's player waits: 1 s runs out
        assert str(board.result().reason) == "time" and str(host.game.result().reason) == "time"
        assert "lost on time" in board.clocks.result_text(board.result(), "en")
        assert board.table.result_title() == "Your opponent wins"
        driver.settle(30)
        pump_until([host], lambda: True)
    finally:
        host.close()
        pygame.event.clear()


def test_a_rematch_keeps_the_time_control(driver):
    app = driver.app
    setup = N.HostSetupScene(app)
    app.push(setup)
    driver.step()
    setup.game.set("draughts")
    setup._game_changed("draughts")
    setup.seat.set(1)  # the guest moves first
    setup.clock_rows.clock.value = "1+1"
    setup.open()
    session = app.top.net.session
    guest = GuestSession("127.0.0.1", session.port, code=session.code)
    try:
        wait(driver, lambda: guest.phase == "offered", [guest])
        guest.accept()
        wait(driver, lambda: isinstance(getattr(app.top, "table", None), NetTable), [guest])
        board = app.top
        guest.resign()
        wait(driver, lambda: board.over(), [guest])
        board.table.rematch()
        wait(driver, lambda: guest.their_rematch is not None, [guest])
        first = guest.game
        guest.answer_rematch(True)
        wait(driver, lambda: guest.phase == "playing" and guest.game is not first, [guest])
        assert guest.offer["control"] == TimeControl(60, 1) and guest.offer["host_seat"] == 0
    finally:
        guest.close()
