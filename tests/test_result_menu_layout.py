"""The result screen says the winner once and counts "1 move (1 round)"; its buttons and the menu's
Continue keep padding around their texts at any window size."""

import pygame
import pytest

from game import storage
from game.i18n import STRINGS, tr
from game.scenes.screens.result import ResultScene, plies_text, reason_line

SIZES = [(1920, 1080), (1280, 800), (1024, 640), (800, 600)]


def resize(driver, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    driver.step()
    assert driver.app.size == size


def test_no_reason_repeats_the_outcome():
    reasons = [v for k, v in STRINGS.items() if ".result." in k]
    assert len(reasons) > 15
    for texts in reasons:
        en, zh = reason_line(texts["en"]), reason_line(texts["zh"])
        assert en and zh
        assert not any(w in en.lower() for w in (" wins", " loses", "draw:", ": draw")), en
        assert en[0].isupper() or en[0] in "{0123456789", en
        assert not zh.startswith("和棋：") and not zh.endswith("，和棋"), zh
        assert not zh.endswith(("胜", "负")) or zh.endswith("未分胜负"), zh


def test_plies_are_counted_in_good_english():
    assert plies_text(1, "en") == "1 move (1 round)"
    assert plies_text(2, "en") == "2 moves (1 round)"
    assert plies_text(3, "en") == "3 moves (2 rounds)"
    assert plies_text(0, "en") == "0 moves (0 rounds)"
    assert plies_text(1, "zh") == "共 1 步（1 回合）"


def _finished_hotseat(driver):
    app = driver.app
    board = app.new_game("draughts", {}, mode="hotseat")
    driver.step()
    board.table.play(board.legal_moves()[0], animate=False)
    board.changed()
    driver.step()
    board.table.resign()
    driver.step(3)
    result = driver.top
    assert isinstance(result, ResultScene)
    return board, result


def test_the_result_names_the_winner_once(driver):
    app = driver.app
    board, result = _finished_hotseat(driver)
    r = board.result()
    winner = board.view.side_label(r.winner, app.lang)
    loser = board.view.side_label("b" if r.winner == "w" else "w", app.lang)
    assert winner in result.title()
    line = reason_line(board.view.result_text(r, app.lang))
    assert winner not in line and loser in line
    driver.step(30)
    result.draw(app.screen)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_result_buttons_have_room_for_their_texts(driver, lang):
    app = driver.app
    app.set_lang(lang)
    board = app.new_game("palace", {}, mode="computer", human_seat=0)  # "Rematch (sides swapped)"
    driver.step()
    board.table.resign() if board.match.can_resign() else board.table.agree_draw()
    driver.step(3)
    result = driver.top
    assert isinstance(result, ResultScene)
    for size in SIZES:
        resize(driver, size)
        for b in result.buttons:
            assert b.rect.w >= b.needed_width(b.rect.h), (size, b.text())
            assert result.box.contains(b.rect)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_menu_continue_button_has_padding(driver, lang):
    app = driver.app
    app.set_lang(lang)
    board = app.new_game("draughts", {}, mode="hotseat")  # the longest game name
    driver.step()
    board.table.play(board.legal_moves()[0], animate=False)
    app.back_to_menu()
    storage.flush_autosave()
    menu = driver.top
    menu.refresh()
    assert menu.continue_btn.visible
    for size in SIZES:
        resize(driver, size)
        shown = [b for b in menu.buttons if b.visible]
        for b in shown:
            assert b.rect.w >= b.needed_width(b.rect.h), (size, b.text())
        assert shown[0].rect.x >= 0 and shown[-1].rect.right <= size[0]
        if size[0] >= 1024:
            assert tr(f"games.{board.game}", lang) in menu.continue_btn.text()
