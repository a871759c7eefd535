"""Safe defaults: every question's safe answer (No / Cancel / Decline) is what Enter, Esc and a
click outside pick; Quit, Resign, Load and New game over an unfinished game ask first; in hot-seat
the resign question names the side that resigns."""

import pygame
import pytest

from game import storage
from game.i18n import tr
from game.scenes.board.scene import BoardScene
from game.scenes.screens.menu import MenuScene
from game.scenes.screens.setup import SetupScene
from game.scenes.widgets import Dialog, confirm


def _ask(driver):
    said = []
    dialog = confirm(driver.app, "Sure?", [], lambda: said.append("yes"))
    driver.step()
    return dialog, said


@pytest.mark.parametrize("how", ["enter", "space", "esc", "outside"])
def test_confirm_picks_the_safe_answer_by_default(driver, how):
    before = driver.top
    dialog, said = _ask(driver)
    assert driver.top is dialog and dialog.focus.current() is dialog.buttons[1]  # No has the focus
    assert dialog.buttons[1].style == "primary"  # and stands out: it is what Enter does
    if how == "outside":
        driver.click((2, 2))
    else:
        driver.key({"enter": pygame.K_RETURN, "space": pygame.K_SPACE, "esc": pygame.K_ESCAPE}[how])
    assert driver.top is before and said == []


def test_confirm_yes_needs_a_choice(driver):
    dialog, said = _ask(driver)
    driver.key(pygame.K_LEFT)
    assert dialog.focus.current() is dialog.buttons[0]
    driver.key(pygame.K_RETURN)
    assert said == ["yes"]
    dialog, said = _ask(driver)
    driver.click(dialog.buttons[0].rect.center)
    assert said == ["yes"]


def test_a_dialog_with_its_own_answers_defaults_to_the_last(driver):
    """Accept / Decline (a draw offer, a rematch): Decline is the safe answer."""
    said = []
    dialog = Dialog(driver.app, "Draw?", [], [("Accept", lambda: said.append("a")), ("Decline", None)])
    driver.app.push(dialog)
    driver.step()
    driver.key(pygame.K_RETURN)
    assert said == [] and driver.top is not dialog


def test_quit_asks_and_enter_keeps_playing(driver):
    app = driver.app
    menu = driver.top
    quit_btn = menu.buttons[-1]
    driver.click(quit_btn.rect.center)
    assert isinstance(driver.top, Dialog)
    driver.key(pygame.K_RETURN)
    assert driver.top is menu and app.running
    driver.key(pygame.K_ESCAPE)  # Esc on the menu asks too
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert not app.running


def test_hotseat_draw_offer_enter_declines(driver):
    scene = driver.app.new_game("draughts", {}, mode="hotseat")
    driver.step()
    scene.table.offer_draw()
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)  # Offer
    question = driver.top
    assert isinstance(question, Dialog)
    driver.key(pygame.K_RETURN)  # the other player's Enter declines
    assert driver.top is scene and not scene.over()


# ---- replacing the game in progress ----------------------------------------------------------------------
def _unfinished(driver, game="draughts"):
    """A hot-seat game with one move played, left for the menu (kept in the autosave)."""
    scene = driver.app.new_game(game, {}, mode="hotseat")
    driver.step()
    scene.table.play(scene.legal_moves()[0], animate=False)
    scene.changed()
    driver.step()
    return scene


def test_start_over_a_board_in_progress_asks_and_cancel_keeps_it(driver):
    app = driver.app
    board = _unfinished(driver)
    board.new_game_setup()  # Ctrl+N
    setup = driver.top
    assert isinstance(setup, SetupScene)
    setup.start()
    ask = driver.top
    assert isinstance(ask, Dialog) and tr("replace.title", app.lang) in str(ask.title())
    driver.key(pygame.K_RETURN)  # Cancel is the default
    assert driver.top is setup and board in app.scenes and len(board.moves) == 1
    setup.start()
    driver.click(driver.top.buttons[0].rect.center)  # Replace
    assert isinstance(driver.top, BoardScene) and driver.top is not board and driver.top.moves == []


def test_start_from_the_menu_asks_when_the_autosave_holds_a_game(driver):
    app = driver.app
    _unfinished(driver)
    app.back_to_menu()
    storage.flush_autosave()
    assert storage.read_autosave()[0] is not None
    setup = app.open("setup", "palace")
    driver.step()
    driver.key(pygame.K_RETURN)  # Enter on the setup: Start
    assert isinstance(driver.top, Dialog)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is setup
    assert storage.read_autosave()[0].game == "draughts"  # still there for Continue


def test_start_without_a_game_in_progress_does_not_ask(driver):
    app = driver.app
    board = app.new_game("draughts", {}, mode="hotseat")  # nothing played yet: nothing to lose
    driver.step()
    board.new_game_setup()
    driver.top.start()
    assert isinstance(driver.top, BoardScene) and driver.top is not board


def test_a_finished_game_is_replaced_without_asking(driver):
    app = driver.app
    board = _unfinished(driver)
    board.table.resign() if board.match.can_resign() else board.table.agree_draw()
    assert board.over()
    setup = app.open("setup", "draughts")
    setup.start()
    assert isinstance(driver.top, BoardScene) and driver.top is not board


def test_load_over_a_game_in_progress_asks(driver):
    from game.scenes.screens.files import LoadGameScene

    app = driver.app
    board = _unfinished(driver)
    storage.save_named(board.record(), "kept")
    app.back_to_menu()
    load = app.open("load_game")
    driver.step()
    assert isinstance(load, LoadGameScene) and load.selected() is not None
    load.open()
    assert isinstance(driver.top, Dialog)
    driver.key(pygame.K_RETURN)  # Cancel
    assert driver.top is load
    load.open()
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)  # Replace
    assert isinstance(driver.top, BoardScene) and len(driver.top.moves) == 1


def test_the_draughts_editor_asks_before_replacing(driver):
    from game.scenes.views.draughts.editor import DraughtsSetupScene

    app = driver.app
    _unfinished(driver, "palace")
    app.back_to_menu()
    editor = app.open("draughts_setup")
    assert isinstance(editor, DraughtsSetupScene)
    editor.start()
    assert isinstance(driver.top, Dialog)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is editor
    editor.start()
    driver.top.buttons[0].activate()
    assert isinstance(driver.top, BoardScene) and driver.top.game == "draughts"


def test_continue_does_not_ask(driver):
    app = driver.app
    _unfinished(driver)
    app.back_to_menu()
    menu = driver.top
    assert isinstance(menu, MenuScene) and menu.continue_btn.visible
    driver.click(menu.continue_btn.rect.center)
    assert isinstance(driver.top, BoardScene) and len(driver.top.moves) == 1


# ---- resigning ----------------------------------------------------------------------------------------------
def test_hotseat_resign_names_the_side_and_enter_keeps_playing(driver):
    app = driver.app
    board = _unfinished(driver)
    assert board.match.can_resign()
    board.table.ask_resign()
    ask = driver.top
    assert isinstance(ask, Dialog)
    side = board.seat_name(board.seat_to_move, app.lang)
    assert str(ask.title()) == tr("board.resign_side", app.lang, side=side)
    driver.key(pygame.K_RETURN)  # No
    assert driver.top is board and not board.over()
    board.table.ask_resign()
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert board.over() and board.result().reason == "resign" and board.winner_seat() == 0


def test_resign_against_the_computer_keeps_the_plain_question(driver):
    app = driver.app
    board = app.new_game("palace", {}, mode="computer", human_seat=0)
    driver.step()
    if not board.match.can_resign():
        pytest.skip("this game does not allow resigning at once")
    board.table.ask_resign()
    assert str(driver.top.title()) == tr("board.resign_title", app.lang)
