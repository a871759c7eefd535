"""The board of a network game in the real app (headless SDL): a quick phrase from the other
player shows as a bubble by its seat in this player's language, the phrase menu works from the
keyboard, and the other player's rematch offer appears on the result screen with Decline as the
default answer. The other computer is a bare HostSession on 127.0.0.1 driven by the test; this
app's guest session runs in its SessionRunner thread as in the lobby."""

import time

import pygame
import pytest
from net_helpers import kinds

from game.net.guest import GuestSession
from game.net.host import HostSession
from game.net.runner import SessionRunner
from game.scenes.board.net_chat import PhraseMenu, phrase_text
from game.scenes.board.net_table import NetTable, open_net_board


@pytest.fixture(autouse=True)
def _fast_saves(monkeypatch):
    monkeypatch.setattr("os.fsync", lambda fd: None)


def wait(driver, cond, host, log, seconds=10.0):
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out; top scene {type(driver.top).__name__}")
        log.extend(host.pump())
        driver.step()
        time.sleep(0.002)


def is_net_board(scene):
    return isinstance(getattr(scene, "table", None), NetTable)


@pytest.fixture
def table(driver):
    """The app's board of a draughts game against a bare host that moves first."""
    host = HostSession(bind="127.0.0.1")
    host.set_offer("draughts", {}, 0)
    runner = SessionRunner(GuestSession("127.0.0.1", host.port, code=host.code))
    log: list = []
    try:
        wait(driver, lambda: runner.read(lambda s: s.phase == "offered"), host, log)
        runner.call("accept")
        wait(driver, lambda: host.phase == "playing", host, log)
        runner.events()  # the offer and the start: the lobby's, not the board's
        board = open_net_board(driver.app, runner)
        driver.step()
        yield board, host, log
    finally:
        host.close()
        if driver.app.top is not None and is_net_board(driver.app.top):
            driver.app.back_to_menu()
        runner.stop()


def test_a_phrase_received_shows_by_the_opponents_seat_in_this_players_language(driver, table):
    board, host, log = table
    app = driver.app
    opponent = 1 - board.table.my_seat
    driver.step(3)
    before = app.screen.copy()
    host.say(1)  # "Good luck"
    wait(driver, lambda: opponent in board.table.bubbles.shown, host, log)
    assert board.table.bubbles.shown[opponent][0] == 1
    driver.step()
    box = board.panel.seat_boxes[opponent].move(board.panel.rect.topleft)
    strip = pygame.Rect(box.x - 60, box.y + 10, 50, 24)  # where the bubble's tail points at the box
    assert any(
        app.screen.get_at((x, y)) != before.get_at((x, y))
        for x in range(strip.x, strip.right)
        for y in range(strip.y, strip.bottom)
    )
    assert phrase_text(1, "en") == "Good luck!" and phrase_text(1, "zh") == "祝你好运！"
    driver.step(int(60 * 6))  # it fades away
    assert opponent not in board.table.bubbles.shown


def test_the_phrase_menu_from_the_keyboard(driver, table):
    board, host, log = table
    driver.key(pygame.K_t)
    menu = driver.top
    assert isinstance(menu, PhraseMenu) and menu.focus.current() is menu.buttons[0]
    driver.key(pygame.K_8)  # "Rematch?" by its number
    assert driver.top is board
    wait(driver, lambda: "phrase" in kinds([(host, e) for e in log]), host, log)
    driver.key(pygame.K_t)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)  # the second phrase, by the arrows
    driver.key(pygame.K_t)
    driver.key(pygame.K_ESCAPE)  # closes without sending
    assert driver.top is board
    wait(driver, lambda: [e.info["n"] for e in log if e.kind == "phrase"] == [7, 1], host, log)
    time.sleep(0.3)
    log.extend(host.pump())
    assert [e.info["n"] for e in log if e.kind == "phrase"] == [7, 1]
    assert board.table.bubbles.shown[board.table.my_seat][0] == 1  # our own, by our seat


def test_the_rematch_offer_appears_on_the_result_screen_and_enter_declines(driver, table):
    board, host, log = table
    app = driver.app
    host.resign()  # the host is to move and gives up: we win
    wait(driver, lambda: type(app.top).__name__ == "ResultScene", host, log)
    result = app.top
    assert result.title() == "You win!" and not result.asked
    host.offer_rematch()
    wait(driver, lambda: result.asked, host, log)
    assert result.decline_btn in result.buttons and result.focus.current() is result.decline_btn
    assert result.rematch_btn.text() == "Accept rematch"
    assert board.table.rematch_line("en").startswith("Your opponent offers a rematch")
    driver.step()
    driver.key(pygame.K_RETURN)  # the safe default: Decline
    wait(driver, lambda: "rematch_declined" in [e.kind for e in log], host, log)
    wait(driver, lambda: not result.asked, host, log)
    assert host.game.result() is not None and host.offer_game is None
    host.offer_rematch()  # asked again: this time the player accepts
    wait(driver, lambda: result.asked, host, log)
    driver.key(pygame.K_LEFT)
    assert result.focus.current() is result.rematch_btn
    driver.key(pygame.K_RETURN)
    wait(driver, lambda: is_net_board(app.top) and app.top is not board and host.phase == "playing", host, log)
    new = app.top
    assert new.table.my_seat == 0 and host.my_seat == 1 and new.moves == [] and new.human_turn()


def test_our_rematch_button_asks_the_other_player(driver, table):
    board, host, log = table
    app = driver.app
    host.resign()
    wait(driver, lambda: type(app.top).__name__ == "ResultScene", host, log)
    result = app.top
    driver.click(result.rematch_btn.rect.center)
    wait(driver, lambda: host.their_rematch is not None, host, log)
    assert board.table.rematch_line("en") == "Rematch offered; waiting for the answer…"
    host.answer_rematch(True)
    wait(driver, lambda: is_net_board(app.top) and app.top is not board and host.phase == "playing", host, log)
    assert app.top.table.my_seat == 0
