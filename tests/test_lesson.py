"""The guided first game: every script can be played through with clicks, a wrong click explains
and keeps the step, the end opens the setup screen, and the first launch offers the lesson once."""

import pygame
import pytest

from game import games, storage
from game.scenes.screens.rule_diagrams import find_move
from game.scenes.views import lesson as lesson_of

LESSONS = {g: lesson_of(g) for g in games.NAMES if lesson_of(g) is not None}


def _open(driver, game):
    scene = driver.app.open("lesson", game)
    driver.step(2)
    assert driver.top is scene and scene.game == (game or games.NAMES[0])
    return scene


def _play_step(driver, scene):
    step = scene.step
    move = find_move(scene.state, step.moves[0])
    assert move is not None, f"{step.moves[0]} is not legal here"
    index = scene.index
    for p in move.path:  # a forced rest of a capture plays itself: stop once the step is done
        if scene.index != index or scene.pending is not None:
            break
        driver.click(scene.view.point_xy(p))
    driver.wait(lambda: scene.pending is None, seconds=10)


def test_every_game_has_a_lesson_whose_moves_and_replies_are_legal():
    assert set(LESSONS) == set(games.NAMES)
    for game, lesson in LESSONS.items():
        info = games.get(game)
        opts = info.check_options({})
        state = info.new_state(opts, seed=lesson.seed)
        for step in lesson.steps:
            if step.position:
                state = info.rules.from_text(step.position, **step.rule_options(opts))
            for notation in step.moves:
                assert find_move(state, notation) is not None, (game, notation)
            state = state.play(find_move(state, step.moves[0]))
            if step.reply:
                reply = find_move(state, step.reply)
                assert reply is not None, (game, step.reply)
                state = state.play(reply)
            assert state.result() is None or step is lesson.steps[-1]


@pytest.mark.parametrize("game", games.NAMES)
def test_each_lesson_can_be_completed_by_clicks_and_ends_in_the_setup_screen(driver, game):
    scene = _open(driver, game)
    for n in range(len(scene.lesson.steps)):
        assert scene.index == n and scene.feedback is None
        _play_step(driver, scene)
    assert scene.done and scene.play_btn.visible
    driver.step(2)
    driver.key(pygame.K_RETURN, frames=3)
    assert type(driver.top).__name__ == "SetupScene" and driver.top.game == game


@pytest.mark.parametrize("game", games.NAMES)
def test_a_wrong_click_explains_and_keeps_the_step(driver, game):
    scene = _open(driver, game)
    step = scene.step
    right = set(find_move(scene.state, step.moves[0]).path)
    wrong = next(m for m in scene.state.legal_moves() if str(m) not in step.moves and not set(m.path) & right)
    for p in wrong.path:
        driver.click(scene.view.point_xy(p))
    assert scene.index == 0 and scene.feedback == step.wrong and scene.pending is None
    before = scene.state
    driver.step(60)
    assert scene.state is before  # nothing was played, no reply came
    _play_step(driver, scene)
    assert scene.index == 1 and scene.feedback is None


def test_wrong_click_on_an_empty_point_explains_too(driver):
    scene = _open(driver, "draughts")
    driver.click(scene.view.point_xy(25))  # an empty square in the middle of the board
    assert scene.index == 0 and scene.feedback == scene.step.wrong


def test_tabs_switch_lessons_and_esc_goes_back(driver):
    scene = _open(driver, None)
    assert scene.game == games.NAMES[0]
    driver.key(pygame.K_TAB)
    assert scene.game == games.NAMES[1] and scene.index == 0
    driver.key(pygame.K_ESCAPE, frames=3)
    assert type(driver.top).__name__ == "MenuScene"


def test_the_menu_has_a_learn_to_play_button(driver):
    menu = driver.top
    button = next(b for b in menu.buttons if b.text() in ("Learn to play", "学下棋"))
    driver.click(button.rect.center, frames=3)
    assert type(driver.top).__name__ == "LessonScene"


def test_the_first_launch_offers_the_lesson_once_with_not_now_as_default(driver):
    app = driver.app
    assert storage.DEFAULT_SETTINGS["lesson_offered"] is False
    app.offer_lesson = True
    menu = app.top
    menu.on_enter()
    driver.step(2)
    dialog = app.top
    assert type(dialog).__name__ == "Dialog"
    driver.key(pygame.K_RETURN, frames=3)  # Enter answers "Not now"
    assert app.top is menu
    assert app.settings["lesson_offered"] is True
    assert storage.load_settings()[0]["lesson_offered"] is True
    menu.on_enter()  # back on the menu later: not offered again
    driver.step(2)
    assert app.top is menu


def test_the_offer_opens_the_lesson_when_accepted(driver):
    app = driver.app
    app.offer_lesson = True
    app.top.on_enter()
    driver.step(2)
    dialog = app.top
    driver.click(dialog.buttons[0].rect.center, frames=3)
    assert type(app.top).__name__ == "LessonScene"


def test_esc_on_the_offer_is_not_now(driver):
    app = driver.app
    app.offer_lesson = True
    menu = app.top
    menu.on_enter()
    driver.step(2)
    driver.key(pygame.K_ESCAPE, frames=3)
    assert app.top is menu and app.settings["lesson_offered"] is True


def test_a_step_under_another_variant_is_played_on_that_variants_board(driver):
    scene = _open(driver, "draughts")
    seen = []
    while not scene.done:
        options = scene.step.rule_options(scene.options)
        assert scene.view.variant.name == options["variant"]
        seen.append((options["variant"], scene.view.geo.size))
        _play_step(driver, scene)
    assert ("international", 10) in seen and ("russian", 8) in seen and ("english", 8) in seen
