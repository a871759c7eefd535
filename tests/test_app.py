"""The real app, headless, driven by posted events: menu, setup, playing by clicking board points,
undo/redo, hint, computer moves through the worker process, save, Esc + Continue, resign and the
result screen, review, rematch, resize, F11, quit."""

import random

import pygame
import pytest

from game import storage
from game.i18n import tr
from game.rules import GAMES, module
from game.scenes.board.scene import BoardScene
from game.scenes.screens.menu import MenuScene
from game.scenes.screens.result import ResultScene
from game.scenes.screens.setup import SetupScene
from game.scenes.views import VIEWS
from game.scenes.widgets import Dialog

HAVE_VIEW = [g for g in GAMES if VIEWS.get(g) is not None]
needs_view = pytest.mark.skipif(not HAVE_VIEW, reason="no game view has landed yet")


def ctrl(driver, key):
    driver.key(key, mod=pygame.KMOD_LCTRL)


def play_by_clicks(driver, scene, move):
    """Click every point of the move's path; returns after the animation has finished."""
    for p in move.path:
        driver.click(scene.view.point_xy(p))
    driver.settle(90)


def test_start_shows_the_menu(driver):
    app = driver.app
    assert isinstance(app.top, MenuScene)
    assert app.frames >= 1
    assert not app.top.continue_btn.visible  # nothing to continue in a fresh home


def test_command_line_game_opens_setup():
    from conftest import Driver

    d = Driver(("--windowed", "--game", "palace", "--lang", "zh"))
    try:
        assert isinstance(d.top, SetupScene) and d.top.game == "palace"
        assert d.app.lang == "zh"
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, MenuScene)
    finally:
        d.close()


@needs_view
@pytest.mark.parametrize("game", HAVE_VIEW)
def test_menu_setup_play_undo_redo_continue(driver, game):
    app = driver.app
    card = next(c for c in app.top.cards if c.game == game)
    driver.click(card.rect.center)
    setup = driver.top
    assert isinstance(setup, SetupScene) and setup.game == game
    # hot-seat: click the first segment of the mode choice, then Start
    driver.click(setup.mode.segments()[0].center)
    assert setup.mode.value == "hotseat"
    driver.click(setup.start_btn.rect.center)
    scene = driver.top
    assert isinstance(scene, BoardScene) and scene.game == game and scene.mode == "hotseat"
    rng = random.Random(3)
    for _ in range(4):
        move = rng.choice(scene.legal_moves())
        play_by_clicks(driver, scene, move)
        assert scene.moves[-1] == str(move)
    assert len(scene.moves) == 4
    # autosave after every move (written in the background)
    storage.flush_autosave()
    record, notice = storage.read_autosave()
    assert notice is None and record.moves == scene.moves
    ctrl(driver, pygame.K_z)
    assert len(scene.moves) == 3 and len(scene.redo) == 1
    ctrl(driver, pygame.K_z)
    ctrl(driver, pygame.K_y)
    driver.settle(60)
    assert len(scene.moves) == 3 and len(scene.redo) == 1
    played, redo = list(scene.moves), list(scene.redo)
    text = module(game).to_text(scene.state)
    # Esc: back to the menu with the game autosaved; Continue restores it exactly
    driver.key(pygame.K_ESCAPE)
    menu = driver.top
    assert isinstance(menu, MenuScene) and menu.continue_btn.visible
    driver.click(menu.continue_btn.rect.center)
    again = driver.top
    assert isinstance(again, BoardScene) and again is not scene
    assert again.moves == played and again.redo == redo
    assert module(game).to_text(again.state) == text
    assert again.seat_to_move == scene.seat_to_move


@needs_view
@pytest.mark.parametrize("game", HAVE_VIEW)
def test_wrong_click_deselects_and_marks_follow_the_path(driver, game):
    scene = driver.app.new_game(game, {}, mode="hotseat")
    driver.step()
    moves = [m for m in scene.legal_moves() if len(m.path) >= 2]
    if not moves:  # first moves are all drops / flips: play one, to reach steps
        play_by_clicks(driver, scene, scene.legal_moves()[0])
        moves = [m for m in scene.legal_moves() if len(m.path) >= 2]
    if not moves:
        pytest.skip("no step moves early in this game")
    m = moves[0]
    driver.click(scene.view.point_xy(m.path[0]))
    assert scene.selection == [m.path[0]]
    # a point no move of this piece reaches deselects
    others = [
        p
        for p in scene.view.points()
        if not any(tuple(x.path[:2]) == (m.path[0], p) for x in scene.legal_moves())
        and p != m.path[0]
        and not any(x.path[0] == p for x in scene.legal_moves())
    ]
    driver.click(scene.view.point_xy(others[0]))
    assert scene.selection == []
    assert scene.moves == [] or len(scene.moves) == 1


@needs_view
@pytest.mark.parametrize("game", HAVE_VIEW)
def test_against_the_computer_undo_takes_back_both_moves_and_hint(driver, game):
    app = driver.app
    scene = app.new_game(game, {}, mode="computer", human_seat=1, level="easy")
    driver.wait(lambda: len(scene.moves) >= 1)  # the computer moves first, from its process
    driver.settle(60)
    assert scene.seat_to_move == 1 and scene.human_turn()
    ctrl(driver, pygame.K_z)  # nothing of the human's to take back yet
    assert len(scene.moves) == 1
    driver.key(pygame.K_h)
    driver.wait(lambda: scene.table.hint is not None)
    assert scene.table.hint in scene.legal_moves()
    hint = scene.table.hint
    play_by_clicks(driver, scene, hint)
    assert scene.moves[1] == str(hint)
    driver.wait(lambda: len(scene.moves) >= 3 or scene.over())
    driver.settle(60)
    if scene.over():
        return
    ctrl(driver, pygame.K_z)
    assert len(scene.moves) == 1 and scene.human_turn() and len(scene.redo) == 2
    ctrl(driver, pygame.K_y)
    driver.settle(60)
    assert len(scene.moves) == 3 and scene.human_turn()
    assert not driver.app.worker.busy  # redo of two moves starts no search in between


@needs_view
@pytest.mark.parametrize("game", HAVE_VIEW)
def test_undo_while_the_computer_thinks_cancels_it(driver, game):
    app = driver.app
    scene = app.new_game(game, {}, mode="computer", human_seat=0, level="hard")
    driver.step()
    # first a few quick moves (small node budget): in the opening some engines (Banqi's, among
    # flips alone) can answer within a frame, which would race the check below
    rng = random.Random(3)
    while len(scene.moves) < 8 and not scene.over():
        if scene.human_turn():
            play_by_clicks(driver, scene, rng.choice(scene.legal_moves()))
        else:
            driver.wait(lambda: scene.human_turn() or scene.over())
            driver.settle(60)
    if scene.over():
        pytest.skip("the quick game ended before the check")
    before = list(scene.moves)
    driver.wait(lambda: scene.anim is None or scene.anim.done)  # a long capture may still be sliding
    app.ai_nodes = None
    app.ai_time = 30.0  # now it would think for half a minute
    # a move after which the computer has a choice (a single legal reply is played at once)
    move = next((m for m in scene.legal_moves() if len(scene.state.play(m).legal_moves()) > 1), scene.legal_moves()[0])
    for p in move.path:  # no waiting: the computer starts as the move is played
        driver.click(scene.view.point_xy(p))
    assert scene.seats[1].thinking and app.worker.busy
    ctrl(driver, pygame.K_z)
    assert not scene.seats[1].thinking and not app.worker.busy
    assert scene.moves == before and scene.human_turn()


@needs_view
@pytest.mark.parametrize("game", HAVE_VIEW)
def test_resign_result_review_rematch(driver, game):
    app = driver.app
    scene = app.new_game(game, {}, mode="computer", human_seat=0, level="easy")
    driver.step()
    rng = random.Random(5)
    while not scene.state.can_resign() or len(scene.moves) < 4:  # banqi: resigning after 10 plies
        if scene.human_turn():
            play_by_clicks(driver, scene, rng.choice(scene.legal_moves()))
        else:
            driver.wait(lambda: scene.human_turn() or scene.over())
            driver.settle(60)
        assert not scene.over()
    resign = next(b for b in scene.panel.buttons if b.on_click == scene.table.ask_resign)
    driver.wait(lambda: scene.human_turn())
    driver.click(resign.rect.center)
    dialog = driver.top
    assert isinstance(dialog, Dialog)
    driver.click(dialog.buttons[0].rect.center)  # Yes
    driver.step(3)
    result = driver.top
    assert isinstance(result, ResultScene)
    assert scene.result().reason == "resign" and scene.winner_seat() == 1
    assert result.title() == "The computer wins" or app.lang == "zh"
    storage.flush_autosave()
    assert storage.read_autosave() == (None, None)  # a finished game is not offered to continue
    n = len(scene.moves)
    driver.click(result.review_btn.rect.center)
    assert driver.top is scene and scene.review == 0
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert scene.review == 2
    driver.key(pygame.K_END)
    assert scene.review == n
    driver.key(pygame.K_RETURN)
    result = driver.top
    assert isinstance(result, ResultScene)
    driver.step(30)
    driver.click(result.rematch_btn.rect.center)
    again = driver.top
    assert isinstance(again, BoardScene) and again is not scene
    assert again.human_seat == 1 and again.moves == [] or again.seats[0].thinking or again.moves


@needs_view
@pytest.mark.parametrize("game", HAVE_VIEW)
def test_hotseat_draw_offer_accepted(driver, game):
    scene = driver.app.new_game(game, {}, mode="hotseat")
    driver.step()
    draw = next(b for b in scene.panel.buttons if b.on_click == scene.table.offer_draw)
    driver.click(draw.rect.center)
    ask = driver.top
    assert isinstance(ask, Dialog)  # "Offer a draw?" first
    driver.click(ask.buttons[0].rect.center)
    dialog = driver.top
    assert isinstance(dialog, Dialog) and dialog is not ask
    driver.click(dialog.buttons[0].rect.center)  # the other player accepts
    driver.step(3)
    assert scene.result().reason == "agreement" and scene.result().winner is None
    assert isinstance(driver.top, ResultScene)


@needs_view
def test_save_and_load_named_game(driver):
    from game.scenes.screens.files import LoadGameScene, SaveGameScene

    game = HAVE_VIEW[0]
    scene = driver.app.new_game(game, {}, mode="hotseat")
    driver.step()
    play_by_clicks(driver, scene, scene.legal_moves()[0])
    ctrl(driver, pygame.K_s)
    save_scene = driver.top
    assert isinstance(save_scene, SaveGameScene)
    driver.click(save_scene.save_btn.rect.center)
    assert driver.top is scene
    ((name, path, _, saved_game, _),) = storage.list_saves()
    assert saved_game == game
    driver.key(pygame.K_ESCAPE)
    menu = driver.top
    load = next(b for b in menu.buttons if "load" in str(b.text()).lower() or "读取" in str(b.text()))
    driver.click(load.rect.center)
    assert isinstance(driver.top, LoadGameScene)
    assert driver.app.open_game(storage.load_named(path))
    assert isinstance(driver.top, BoardScene) and driver.top.moves == scene.moves


def test_open_game_refuses_a_broken_record(driver):
    bad = storage.GameRecord(game="palace", options={}, start={"text": "nonsense"}, moves=["zz"])
    assert driver.app.open_game(bad) is False
    assert isinstance(driver.top, MenuScene)


@needs_view
def test_resize_fullscreen_and_quit(driver):
    app = driver.app
    scene = app.new_game(HAVE_VIEW[0], {}, mode="hotseat")
    driver.step()
    pygame.display.set_mode((900, 700), pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=(900, 700), w=900, h=700)
    driver.step()
    assert app.size == (900, 700)
    assert scene.panel.rect.right <= 900 and scene.board_area.right < scene.panel.rect.x
    assert scene.view.rect.width <= scene.board_area.width
    driver.key(pygame.K_F11)
    driver.key(pygame.K_F11)
    assert app.running
    driver.post(pygame.QUIT)
    driver.step()
    assert not app.running


@needs_view
def test_draw_offer_to_the_computer_is_decided_by_its_evaluation(driver):
    game = HAVE_VIEW[0]
    scene = driver.app.new_game(game, {}, mode="computer", human_seat=0, level="easy")
    driver.step()
    draw = next(b for b in scene.panel.buttons if b.on_click == scene.table.offer_draw)
    driver.click(draw.rect.center)
    assert scene.table.draw_rid is None and isinstance(driver.top, Dialog)  # asked first
    driver.click(driver.top.buttons[0].rect.center)
    assert scene.table.draw_rid is not None
    driver.wait(lambda: scene.table.draw_rid is None)
    driver.step(2)
    dialog = driver.app.scenes[-1] if isinstance(driver.top, Dialog) else driver.app.scenes[-2]
    assert isinstance(dialog, Dialog)
    accepted = scene.over()
    assert accepted == (scene.result() is not None and scene.result().reason == "agreement")
    dialog.buttons[0].activate()  # OK
    driver.step(3)
    assert isinstance(driver.top, ResultScene) == accepted


@needs_view
@pytest.mark.parametrize("game", HAVE_VIEW)
def test_a_draw_offer_at_move_1_against_hard_is_declined_with_a_reason(driver, game):
    app = driver.app
    app.ai_nodes = 3000  # the same answer on any machine
    scene = app.new_game(game, {}, mode="computer", human_seat=0, level="hard")
    driver.step()
    scene.table.offer_draw()
    ask = driver.top
    assert isinstance(ask, Dialog)
    driver.key(pygame.K_ESCAPE)  # Esc is the safe answer: nothing is sent
    assert driver.top is scene and scene.table.draw_rid is None
    scene.table.offer_draw()
    driver.top.buttons[0].activate()
    driver.wait(lambda: scene.table.draw_rid is None)
    driver.step(2)
    answer = driver.top
    assert isinstance(answer, Dialog) and not scene.over()
    assert answer.lines == [tr("board.ai_declines_early", app.lang)]


def test_the_computer_accepts_only_when_worse_or_a_dead_draw():
    from game.match import Match
    from game.rules import draughts
    from game.scenes.board.table import draw_answer

    m = Match.new("draughts", mode="computer", human_seat=0, level="hard")
    assert draw_answer(m, 0.0) == (False, "board.ai_declines_early")
    assert draw_answer(m, -0.9)[0]  # clearly lost even in the opening
    late = Match("draughts", start_state=draughts.from_text("W:W31,32,33:B18,19,20"))
    for _ in range(25):  # out of the opening
        late.play(late.legal_moves()[0]) if not late.over else None
    if not late.over:
        assert draw_answer(late, 0.0) == (False, "board.ai_declines_level")
        assert draw_answer(late, 0.5) == (False, "board.ai_declines_why")
        assert draw_answer(late, -0.3) == (True, "board.ai_accepts_why")
    dead = Match("draughts", start_state=draughts.from_text("W:WK46:BK5"))
    assert draw_answer(dead, 0.9) == (True, "board.ai_accepts_dead")


@needs_view
def test_menu_keyboard_and_language_switch(driver):
    app = driver.app
    menu = driver.top
    before = app.lang
    driver.click(menu.lang_btn.rect.center)
    assert app.lang != before
    assert storage.load_settings()[0]["lang"] == app.lang  # saved at once
    driver.key(pygame.K_RIGHT)  # the first card gets the focus
    focused = menu.focus.current()
    assert focused is menu.cards[0]
    driver.key(pygame.K_RETURN)
    if focused.available:
        assert isinstance(driver.top, SetupScene) and driver.top.game == focused.game
        driver.key(pygame.K_ESCAPE)
    assert driver.top is menu
    driver.key(pygame.K_ESCAPE)  # Esc on the menu asks before quitting
    assert isinstance(driver.top, Dialog)
    driver.key(pygame.K_ESCAPE)  # ... and Esc again keeps playing
    assert driver.top is menu and app.running
