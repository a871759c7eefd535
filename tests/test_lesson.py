"""The guided first games: every script can be played through with clicks, a wrong click explains
and keeps the step, the end opens the setup screen, and the first launch offers the lesson once.
The draughts family has a lesson a variant, chosen on the screen or by the options it is opened
with (tests/test_lesson_variants.py checks what each 8x8 step teaches)."""

import pygame
import pytest

from game import games, storage
from game.i18n import tr
from game.scenes.board.input import paths_of
from game.scenes.screens.rule_diagrams import find_move
from game.scenes.views import lessons

LESSONS = {g: lessons(g) for g in games.NAMES if lessons(g)}
#: (game, index of its lesson) of every lesson
EVERY = [(g, i) for g, found in LESSONS.items() for i in range(len(found))]


def _open(driver, game, options=None):
    scene = driver.app.open("lesson", game, options)
    driver.step(2)
    assert driver.top is scene and scene.game == (game or games.NAMES[0])
    return scene


def _open_lesson(driver, game, index):
    scene = _open(driver, game)
    scene.start(game, index)
    driver.step(2)
    assert scene.lesson is LESSONS[game][index] and scene.index == 0
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
    for game, found in LESSONS.items():
        info = games.get(game)
        for lesson in found:
            opts = lesson.rule_options(info.check_options)
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


def test_the_draughts_family_has_a_lesson_a_variant_its_default_first():
    from game.rules import draughts_variants

    found = LESSONS["draughts"]
    assert [dict(lesson.options)["variant"] for lesson in found] == list(draughts_variants.VARIANTS)
    assert found[0].options == (("variant", draughts_variants.OPTION.default),)


@pytest.mark.parametrize(("game", "index"), EVERY)
def test_each_lesson_can_be_completed_by_clicks_and_ends_in_the_setup_screen(driver, game, index):
    scene = _open_lesson(driver, game, index)
    lesson = scene.lesson
    for n in range(len(lesson.steps)):
        assert scene.index == n and scene.feedback is None
        _play_step(driver, scene)
    assert scene.done and scene.play_btn.visible
    driver.step(2)
    driver.key(pygame.K_RETURN, frames=3)
    setup = driver.top
    assert type(setup).__name__ == "SetupScene" and setup.game == game
    for key, value in lesson.options:  # the real game is offered under the lesson's rules
        assert setup.options()[key] == value


@pytest.mark.parametrize(("game", "index"), EVERY)
def test_every_other_move_of_every_step_is_refused(driver, game, index):
    """Each legal move a step does not teach, and a click on a point no move starts from, explains
    the step and plays nothing; then the step's own move goes on."""
    scene = _open_lesson(driver, game, index)
    while not scene.done:
        step, before, n = scene.step, scene.state, scene.index
        for move in before.legal_moves():
            if str(move) in step.moves:
                continue
            for p in paths_of([move])[0][1]:  # as it is clicked (a Banqi chain stops on its landing again)
                scene.touch(p)
                if scene.feedback:
                    break
            assert scene.feedback == step.wrong, (game, index, n, str(move))
            assert scene.state is before and scene.index == n and scene.pending is None
            scene.feedback = None
        idle = next((p for p in scene.view.points() if p not in {m.path[0] for m in before.legal_moves()}), None)
        if idle is not None:
            scene.touch(idle)
            assert scene.feedback == step.wrong and scene.state is before
        _play_step(driver, scene)
        assert scene.index == n + 1 and scene.feedback is None


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


def test_the_lessons_follow_the_rules_last_chosen_on_a_games_setup(driver):
    # a player who chose Russian draughts on the setup meets Russian's lesson, from the menu too
    setup = driver.app.open("setup", "draughts")
    driver.step(2)
    widget = setup.option_widgets[[o.key for o in setup.rules.OPTIONS].index("variant")]
    widget.set("russian")
    setup._changed("russian")
    driver.key(pygame.K_ESCAPE, frames=3)
    menu = driver.top
    button = next(b for b in menu.buttons if b.text() in ("Learn to play", "学下棋"))
    driver.click(button.rect.center, frames=3)
    scene = driver.top
    scene.start("draughts")
    driver.step(2)
    assert dict(scene.lesson.options)["variant"] == "russian" and scene.options["variant"] == "russian"
    scene.start("draughts", 0)  # the row of variants still chooses
    assert dict(scene.lesson.options).get("variant", "international") == "international"
    fresh = driver.app.open("lesson", "draughts", {"variant": "english"})  # asked for: that one
    assert dict(fresh.lesson.options)["variant"] == "english"


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


@pytest.mark.parametrize("index", range(len(LESSONS["draughts"])))
def test_a_variants_lesson_is_played_on_that_variants_board(driver, index):
    scene = _open_lesson(driver, "draughts", index)
    variant = dict(scene.lesson.options)["variant"]
    size = 10 if variant == "international" else 8
    while not scene.done:
        assert scene.view.variant.name == variant and scene.view.geo.size == size
        assert scene.state.variant.name == variant
        assert scene.view.flipped == (variant == "english")  # the player's Black at the bottom
        _play_step(driver, scene)


@pytest.mark.parametrize(
    ("options", "variant"),
    [(None, "international"), ({"variant": "russian", "first": "w"}, "russian"), ({"variant": "english"}, "english")],
)
def test_opened_with_a_variants_options_the_screen_opens_its_lesson(driver, options, variant):
    scene = _open(driver, "draughts", options)
    assert dict(scene.lesson.options)["variant"] == variant and scene.view.variant.name == variant
    title = games.get("draughts").title_key({"variant": variant})
    assert scene.title_key("draughts") == title  # the game's tab names the variant
    assert scene.tabs[scene.names.index("draughts")].text() == tr(title, driver.app.lang)


def test_the_row_of_variants_chooses_the_lesson_and_the_arrows_step_through_it(driver):
    scene = _open(driver, "draughts")
    row = scene.variant_tabs
    assert row is not None and len(row.buttons) == len(LESSONS["draughts"])
    top_of_board = scene.board_rect.top
    assert row[0].rect.bottom <= top_of_board and row[0].rect.top >= scene.tabs[0].rect.bottom
    driver.click(row[2].rect.center, frames=2)  # Brazilian
    assert scene.lesson is LESSONS["draughts"][2] and scene.view.geo.size == 8 and scene.index == 0
    _play_step(driver, scene)
    assert scene.index == 1
    driver.click(scene.again.rect.center, frames=2)  # Start over: the same variant's first step
    assert scene.lesson is LESSONS["draughts"][2] and scene.index == 0
    driver.key(pygame.K_RIGHT)
    assert scene.lesson is LESSONS["draughts"][3] and scene.index == 0 and scene.state.to_move == "b"
    driver.key(pygame.K_RIGHT)
    assert scene.lesson is LESSONS["draughts"][0] and scene.view.geo.size == 10
    driver.key(pygame.K_LEFT)
    assert scene.lesson is LESSONS["draughts"][3]
    # another game's tab has no second row, and the board takes its room; coming back keeps the choice
    driver.key(pygame.K_TAB)
    assert scene.game != "draughts" and scene.variant_tabs is None and scene.board_rect.top < top_of_board
    driver.key(pygame.K_1 + scene.names.index("draughts"))
    assert scene.lesson is LESSONS["draughts"][3] and scene.board_rect.top == top_of_board


def test_the_rules_screen_of_a_variant_opens_that_variants_lesson(driver):
    app = driver.app
    setup = app.open("setup", "draughts", {"variant": "russian"})
    driver.step(2)
    driver.click(setup.rules_btn.rect.center, frames=3)
    rules = driver.top
    assert type(rules).__name__ == "RulesScene"
    driver.click(rules.lesson_btn.rect.center, frames=3)
    scene = driver.top
    assert type(scene).__name__ == "LessonScene" and scene.game == "draughts"
    assert dict(scene.lesson.options)["variant"] == "russian"
    driver.key(pygame.K_ESCAPE, frames=3)
    assert driver.top is rules


def test_the_rules_screen_of_a_game_in_progress_opens_its_variants_lesson(driver):
    app = driver.app
    board = app.new_game("draughts", {"variant": "english"}, mode="hotseat")
    driver.step(3)
    board.table.open_rules()
    driver.step(3)
    driver.click(driver.top.lesson_btn.rect.center, frames=3)
    scene = driver.top
    assert type(scene).__name__ == "LessonScene" and dict(scene.lesson.options)["variant"] == "english"
