"""The Banqi real-board assistant, driven headless: paint a position, check it, get a suggestion."""

import pygame

from game.rules import banqi as B
from game.scenes.views.banqi.assistant import AssistantScene, house_text
from game.sprites import theme


def open_assistant(driver, text=None):
    scene = AssistantScene(driver.app, text)
    driver.app.push(scene)
    driver.step(2)
    return scene


def test_paint_count_and_validate(driver):
    sc = open_assistant(driver)
    assert sc.state is not None and sc.position_text() == "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - - 0"
    # choose the red general brush and put it on a1: a face-up piece before any flip is impossible
    brush = dict(sc.brush_rects)["K"]
    driver.click(brush.center)
    assert sc.brush == "K"
    driver.click(sc.view.point_xy(0))
    assert sc.cells[0] == "K" and sc.state is None and sc.message[1] == theme.DANGER
    # say red moves: now 31 face down + 1 face up = 32, a valid position
    sc.to_move.value = "r"
    sc.edited()
    assert sc.state is not None and sc.message[1] == theme.OK
    # right click empties a1: one piece unaccounted for, until it is entered as captured
    driver.click(sc.view.point_xy(0), button=3)
    assert sc.cells[0] == "." and sc.state is None
    driver.click(dict(sc.captured_rects)["K"].center)
    assert sc.captured["K"] == 1 and sc.state is not None
    assert B.to_text(sc.state) == sc.position_text() == sc.text.value
    driver.click(dict(sc.captured_rects)["K"].center, button=3)
    assert sc.captured["K"] == 0
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is not sc


def test_loads_text_and_suggests_a_legal_move(driver):
    text = "bp.bBa.a/xpNcx.Ap/.xP.nkpx/CP..c.Rx r ACPPPrnp 0"
    sc = open_assistant(driver, text)
    assert sc.position_text() == text
    driver.wait(lambda: sc.suggestion is not None and sc.evaluation is not None, 60)
    assert sc.suggestion in sc.state.legal_moves() and -1 <= sc.evaluation <= 1
    driver.step(2)  # draws the hint and the flip chances
    # a bad text is refused with a message, the position stays
    sc.text.value = "xxxx r - 0"
    sc.load_text()
    assert sc.message[1] == theme.DANGER and sc.position_text() == text


def test_finished_position_is_reported(driver):
    sc = open_assistant(driver, "......../......../......../R....... b KAABBRNNCCPPPPPkaabbrrnnccppppp 0")
    assert sc.state is None and sc.message[1] == theme.ACCENT


def test_the_assistant_plays_by_the_house_rules_last_chosen_on_the_setup_screen(driver):
    from game.i18n import tr

    driver.app.choices.remember_setup("banqi", {"options": {"chain": True, "chariot": "rush"}})
    sc = driver.app.open("banqi_assistant", "xxxxxxxx/x.cpxxxx/xRn.xxxx/xxxxxxxx r Pp 0")
    driver.step(2)
    assert sc.state.options["chain"] and sc.state.house.rush
    assert "b2xc2xc3xd3" in {str(m) for m in sc.state.legal_moves()}
    shown = tr("banqi.house", driver.app.lang, rules=house_text(sc.options, driver.app.lang))
    assert "連吃" in shown or "连吃" in shown
    sc.suggest()
    driver.wait(lambda: sc.suggestion is not None, seconds=60)
    assert sc.suggestion in sc.state.legal_moves()
    # options given outright win; the standard game shows no house-rule line
    plain = AssistantScene(driver.app, None, options={})
    assert plain.state.house.standard and house_text(plain.options, "en") == ""
