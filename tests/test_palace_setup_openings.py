"""The palace openings and targets on the screens that choose them: each board's rows offer only the
openings that board has and the targets its soldiers can reach, a choice the next board lacks falls back to its standard start, and what is passed
on (the game, the record's ladder, a network offer) is what is played."""

from __future__ import annotations

from game.rules import palace as P
from game.scenes.lobbies.texts import option_lines

KEYS = [o.key for o in P.OPTIONS]


def _row(scene, key):
    return scene.option_widgets[KEYS.index(key)]


def _click(driver, widget, value):
    """Choose `value` in the row by clicking its segment, as a player does."""
    seg = next(seg for seg, (v, _) in zip(widget.segments(), widget.choices) if v == value)
    driver.click(seg.center)


def _shown(widget):
    return [v for v, _ in widget.choices]


def test_the_setup_offers_each_board_its_own_openings(driver):
    setup = driver.app.open("setup", "palace")
    driver.step(2)
    board, opening = _row(setup, "palaces"), _row(setup, "opening")
    assert _shown(opening) == ["standard", "doors"]  # two palaces, the default board
    _click(driver, board, 1)
    driver.step(2)
    assert board.value == 1 and _shown(opening) == ["standard", "centre", "corners"]
    _click(driver, opening, "corners")
    driver.step(2)
    assert setup.options()["opening"] == "corners"
    _click(driver, board, 4)  # four palaces have no corners opening: back to their standard start
    driver.step(2)
    assert _shown(opening) == ["standard", "full"] and opening.value == "standard"
    assert setup.options() == {**setup.options(), "palaces": 4, "opening": "standard"}
    opening.adjust(1)
    assert opening.value == "full"
    opening.adjust(1)  # the arrow keys go round the board's own openings only
    assert opening.value == "standard"
    _click(driver, opening, "full")
    driver.step(2)
    setup.start()
    driver.settle(5)
    scene = driver.top
    assert type(scene).__name__ == "BoardScene"
    assert (len(scene.state.soldiers), scene.state.hand) == (24, 50)  # the 74-soldier start


def test_a_target_beyond_the_boards_soldiers_falls_back_to_the_standard(driver):
    setup = driver.app.open("setup", "palace")
    driver.step(2)
    board, target = _row(setup, "palaces"), _row(setup, "target")
    _click(driver, target, 24)
    driver.step(2)
    assert setup.options()["target"] == 24
    _click(driver, board, 1)  # sixteen soldiers at most
    driver.step(2)
    assert _shown(target)[-1] == 16 and target.value == 0 and setup.options()["target"] == 0
    _click(driver, board, 4)
    driver.step(2)
    assert _shown(target)[-1] == 64 and target.value == 0


def test_a_remembered_opening_the_board_lacks_is_not_offered(driver):
    driver.app.choices.remember_setup("palace", {"options": {"palaces": 2, "opening": "corners"}})
    setup = driver.app.open("setup", "palace")
    driver.step(2)
    assert _row(setup, "opening").value == "standard"
    assert setup.options()["opening"] == "standard"


def test_the_network_offer_narrows_the_openings_too(driver):
    from game.scenes.lobbies import network as N

    app = driver.app
    offer = N.HostSetupScene(app)
    app.push(offer)
    driver.step()
    offer.game.set("palace")
    offer._game_changed("palace")
    driver.step(2)
    board, opening = _row(offer, "palaces"), _row(offer, "opening")
    board.set(1)
    opening.set("corners")
    assert offer.options()["opening"] == "corners"
    board.set(2)
    assert _shown(opening) == ["standard", "doors"] and offer.options()["opening"] == "standard"


def test_an_offer_names_the_opening_that_is_played():
    # an older host may still send an opening the board lacks: the joiner reads the standard start
    lines = option_lines("palace", {"palaces": 2, "opening": "corners"}, "en")
    assert "Opening: Standard" in lines
    assert "Opening: Corners" in option_lines("palace", {"palaces": 1, "opening": "corners"}, "en")
