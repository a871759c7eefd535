"""Play online in the real app (headless), against a REAL mailbox server on loopback: the lobby,
the host's code screen (code, words, copy), a join with the code typed and Tab-completed, the
board with the remote seat, a wrong code on both sides, and Settings → Online server with its
test button. The other player is a bare online session driven by the test."""

from __future__ import annotations

import time

import pygame
import pytest

from game.i18n import tr
from game.net import saves
from game.net.mailbox import free_port
from game.net.online import WormholeGuestSession, WormholeHostSession
from game.scenes.board.net_table import NetTable
from game.scenes.lobbies import network as N


@pytest.fixture
def online(driver, mailbox, monkeypatch):
    monkeypatch.setattr("os.fsync", lambda fd: None)
    driver.app.settings["mailbox_url"] = mailbox.url
    return driver


def wait(driver, cond, others=(), seconds=20.0):
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out; top scene {type(driver.top).__name__}")
        for s in others:
            s.pump()
        driver.step()
        time.sleep(0.002)


def click(driver, widget):
    driver.click(widget.rect.center)


def open_lobby(driver):
    app = driver.app
    app.push(N.NetLobbyScene(app))
    driver.step()
    button = app.top.widgets[0]  # online play leads the Network screen
    assert button.text() == tr("online.title", app.lang)
    click(driver, button)
    assert type(app.top).__name__ == "OnlineLobbyScene"
    return app.top


def test_create_shows_the_code_and_the_friend_plays(online):
    driver, app = online, online.app
    lobby = open_lobby(driver)
    click(driver, lobby.widgets[0])  # Create a game
    setup = app.top
    setup.game.set("draughts")
    setup.seat.set(0)
    click(driver, setup.open_btn)
    host_scene = app.top
    assert type(host_scene).__name__ == "OnlineHostScene"
    wait(driver, lambda: host_scene.code)
    code = host_scene.code
    texts = [line[0] for line in host_scene.lines()]
    assert code in texts and "  ·  ".join(code.split("-")) in texts
    assert host_scene.copy_btn.visible
    click(driver, host_scene.copy_btn)
    from game.scenes.widgets import clipboard

    assert clipboard.get_text() == code
    friend = WormholeGuestSession(app.settings["mailbox_url"], code)
    try:
        wait(driver, lambda: friend.phase == "offered", [friend])
        friend.accept()
        wait(driver, lambda: isinstance(getattr(app.top, "table", None), NetTable), [friend])
        board = app.top
        move = board.match.state.legal_moves()[0]
        board.table.play(move)
        wait(driver, lambda: friend.game.ply == 1, [friend])
        friend.play(friend.game.state.legal_moves()[0])
        wait(driver, lambda: board.match.ply == 2, [friend])
        saves.flush()
        assert saves.read("host", online=True)[0].ply == 2  # the online autosave, not the LAN one
        assert saves.read("host") is None
    finally:
        friend.close()
        app.back_to_menu()
        driver.step()


def test_join_with_a_typed_code_completion_and_a_wrong_code(online):
    driver, app = online, online.app
    host = WormholeHostSession(app.settings["mailbox_url"])
    host.set_offer("palace", {}, 1)
    try:
        wait(driver, lambda: host.wormhole_code, [host])
        code = host.wormhole_code
        lobby = open_lobby(driver)
        click(driver, lobby.widgets[1])  # Join with a code
        join = app.top
        assert type(join).__name__ == "OnlineJoinScene" and join.widgets[0] is join.code_input  # no address
        number, first, second = code.split("-")
        join.code_input.value = f"{number}-{first[:-1]}"
        if len(join.completions()) == 1:  # Tab completes the word
            driver.key(pygame.K_TAB)
            assert join.code_input.value.startswith(f"{number}-{first}")
        join.code_input.value = f"{number}-{first}-{'absurd' if second != 'absurd' else 'adviser'}"
        join.connect()
        wait(driver, lambda: join.status == "net.failed", [host])
        assert join.status_fmt["why"] == tr("online.why_wrong_code", app.lang)
        wait(driver, lambda: host.wormhole_code not in (None, code), [host])
        join.code_input.value = host.wormhole_code
        join.connect()
        wait(driver, lambda: join.offer is not None, [host])
        join.accept()
        wait(driver, lambda: host.phase == "playing", [host])
    finally:
        host.close()
        app.back_to_menu()
        driver.step()


def test_settings_online_server_and_its_test_button(online, mailbox):
    driver, app = online, online.app
    settings = app.open("settings")
    driver.step()
    click(driver, settings.online)
    scene = app.top
    assert type(scene).__name__ == "OnlineSettingsScene"
    scene.url.value = "http://nowhere"
    click(driver, scene.save_btn)
    assert scene.status[0] == "online.server_bad" and app.settings["mailbox_url"] == mailbox.url
    scene.url.value = mailbox.url
    click(driver, scene.test_btn)
    wait(driver, lambda: scene.status[0] != "online.server_testing")
    assert scene.status[0] == "online.server_ok"
    scene.url.value = f"ws://127.0.0.1:{free_port()}/v1"
    click(driver, scene.test_btn)
    wait(driver, lambda: scene.status[0] != "online.server_testing")
    assert scene.status[0] == "online.server_fail"
    click(driver, scene.save_btn)
    assert app.settings["mailbox_url"] == scene.url.value
    click(driver, scene.reset_btn)
    assert app.settings["mailbox_url"].startswith("ws://relay.magic-wormhole.io")
