"""Safe defaults: every question's safe answer (No / Cancel / Decline) is what Enter, Esc and a
click outside pick; Quit, Resign, Load and New game over an unfinished game ask first; in hot-seat
the resign question names the side that resigns."""

import pygame
import pytest

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
