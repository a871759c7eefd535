"""Board scene details: the animation each kind of move gets, settings effects (animation speed,
auto-flip in hot-seat), and Continue after the program was closed and started again."""

import pygame
import pytest
from conftest import Driver

from game.rules import module
from game.scenes.board.scene import BoardScene
from game.scenes.screens.menu import MenuScene
from game.scenes.views import VIEWS
from game.sprites.anim import MoveAnimation


def click_path(d, scene, path):
    for p in path:
        d.click(scene.view.point_xy(p))


@pytest.mark.skipif(VIEWS.get("palace") is None, reason="no palace view")
def test_palace_drop_and_jump_animate(driver):
    rules = module("palace")
    # black to move with a capture available: c5 jumps... build from the start: a king steps, white drops
    scene = driver.app.new_game("palace", {}, mode="hotseat")
    driver.step()
    step = next(m for m in scene.legal_moves() if len(m.path) == 2)
    click_path(driver, scene, step.path)
    assert scene.anim is not None and scene.anim.kind == "slide"
    driver.settle(60)
    drop = scene.legal_moves()[0]
    assert len(drop.path) == 1
    driver.click(scene.view.point_xy(drop.path[0]))
    assert scene.anim.kind == "drop" and not scene.anim.done
    # input is locked while the move's own animation plays
    driver.click(scene.view.point_xy(scene.legal_moves()[0].path[0]))
    assert len(scene.moves) == 2 and scene.selection == []
    driver.settle(60)
    assert scene.anim is None
    # a jump captures: the jumped soldier fades after the king lands
    state = rules.from_text(".-.-./-.B.-/..W../...../...../...../...../-.B.-/.-.-. b 10 0")
    scene = driver.app.new_game("palace", {}, mode="hotseat", start_state=state)
    driver.step()
    jump = next(m for m in scene.legal_moves() if "x" in str(m))
    click_path(driver, scene, jump.path)
    assert scene.anim.kind == "slide" and len(scene.anim.captures) == 1
    assert scene.anim.duration > scene.anim.land  # the fade follows the landing


@pytest.mark.skipif(VIEWS.get("banqi") is None, reason="no banqi view")
def test_banqi_first_click_flips(driver):
    scene = driver.app.new_game("banqi", {}, mode="hotseat", seed=5)
    driver.step()
    flip = scene.legal_moves()[0]
    driver.click(scene.view.point_xy(flip.path[0]))
    assert scene.moves == [str(flip)] and scene.anim.kind == "flip"
    # the first flip gives its colour to the player who made it (seat 0); seat 1 moves next
    assert scene.side_of_seat(1) == scene.state.to_move
    assert {scene.side_of_seat(0), scene.side_of_seat(1)} == {"r", "b"}


@pytest.mark.skipif(VIEWS.get("draughts") is None, reason="no draughts view")
def test_animation_speed_setting_and_turkish_strike(driver):
    rules = module("draughts")
    state = rules.from_text("W:W33:B28,19,18")  # 33x24x13? a two-piece capture
    driver.app.settings["anim_speed"] = 1.0
    scene = driver.app.new_game("draughts", {}, mode="hotseat", start_state=state)
    driver.step()
    move = max(scene.legal_moves(), key=lambda m: len(m.path))
    click_path(driver, scene, move.path)
    slow = scene.anim
    assert slow.kind == "slide" and len(slow.captures) == len(move.path) - 1
    ctrl_z = dict(key=pygame.K_z, mod=pygame.KMOD_LCTRL)
    driver.key(**ctrl_z)
    driver.app.settings["anim_speed"] = 2.0
    click_path(driver, scene, move.path)
    assert scene.anim.duration == pytest.approx(slow.duration / 2)


@pytest.mark.skipif(VIEWS.get("draughts") is None, reason="no draughts view")
def test_auto_flip_in_hotseat_turns_the_board_to_the_player_to_move(driver):
    driver.app.settings["auto_flip"] = True
    scene = driver.app.new_game("draughts", {}, mode="hotseat")
    driver.step()
    assert scene.flipped is False  # white moves first, at the bottom
    move = scene.legal_moves()[0]
    click_path(driver, scene, move.path)
    assert scene.flipped is True and scene.view.flipped is True
    driver.app.settings["auto_flip"] = False
    scene.update_flip()
    assert scene.flipped is False
    # against the computer the human's side is at the bottom
    scene = driver.app.new_game("draughts", {}, mode="computer", human_seat=1)
    driver.step()
    assert scene.flipped is True


def test_move_animation_kinds_from_pieces_and_path():
    class FakeView:
        def point_xy(self, p):
            return (p * 10, 0)

        def piece_radius(self):
            return 5

        def is_jump(self, a, b):
            return abs(a - b) > 1

        def draw_piece(self, *a, **k):
            self.drawn = getattr(self, "drawn", 0) + 1

    v = FakeView()
    slide = MoveAnimation(v, {1: "m", 2: "e", 5: "e"}, {3: "K", 5: "e"}, (1, 3))
    assert slide.kind == "slide" and slide.captures == {2: "e"} and slide.final == "K"
    assert slide.hidden_points() == {3}
    slide.update(slide.land / 2)
    x, y, scale = slide.mover_xy()
    assert y < 0 and scale > 1.0  # a jump is an arc
    slide.update(10)
    assert slide.done
    drop = MoveAnimation(v, {}, {4: "w"}, (4,))
    assert drop.kind == "drop" and drop.hidden_points() == {4}
    flip = MoveAnimation(v, {4: "x"}, {4: "K"}, (4,))
    assert flip.kind == "flip" and flip.final == "K"
    capture_onto = MoveAnimation(v, {1: "R", 2: "p"}, {2: "R"}, (1, 2))
    assert capture_onto.captures == {2: "p"}


@pytest.mark.skipif(VIEWS.get("palace") is None, reason="no palace view")
def test_continue_after_the_program_was_closed():
    d = Driver()
    scene = d.app.new_game("palace", {}, mode="computer", human_seat=0, level="easy")
    d.step()
    click_path(d, scene, next(m for m in scene.legal_moves() if len(m.path) == 2).path)
    d.wait(lambda: len(scene.moves) == 2)
    d.settle(60)
    moves = list(scene.moves)
    d.close()  # like closing the window: the game is autosaved
    d = Driver()
    try:
        menu = d.top
        assert isinstance(menu, MenuScene) and menu.continue_btn.visible
        d.key(pygame.K_DOWN)  # keyboard: down to the buttons row, Continue first, Enter
        d.key(pygame.K_RETURN)
        again = d.top
        assert isinstance(again, BoardScene)
        assert again.moves == moves and again.mode == "computer" and again.human_turn()
    finally:
        d.close()


@pytest.mark.skipif(VIEWS.get("draughts") is None, reason="no draughts view")
def test_keyboard_play_with_the_cursor(driver):
    scene = driver.app.new_game("draughts", {}, mode="hotseat")
    driver.step()
    driver.key(pygame.K_UP)  # the first arrow shows the cursor on a movable piece
    start = scene.cursor
    assert any(m.path[0] == start for m in scene.legal_moves())
    driver.key(pygame.K_RETURN)
    assert scene.selection == [start]
    target = next(m.path[1] for m in scene.legal_moves() if m.path[0] == start)
    # walk the cursor to the target with the arrows (at most a few presses)
    for _ in range(12):
        if scene.cursor == target:
            break
        tx, ty = scene.view.point_xy(target)
        cx, cy = scene.view.point_xy(scene.cursor)
        key = (
            (pygame.K_UP if ty < cy else pygame.K_DOWN)
            if abs(ty - cy) > abs(tx - cx)
            else (pygame.K_LEFT if tx < cx else pygame.K_RIGHT)
        )
        driver.key(key)
    assert scene.cursor == target
    driver.key(pygame.K_SPACE)
    assert len(scene.moves) == 1 and scene.move_objs[0].path == (start, target)


@pytest.mark.skipif(VIEWS.get("palace") is None, reason="no palace view")
def test_click_on_the_move_list_looks_back_and_esc_returns(driver):
    scene = driver.app.new_game("palace", {}, mode="hotseat")
    driver.step()
    for _ in range(4):
        m = scene.legal_moves()[0]
        scene.table.play(m, animate=False)
    driver.step()
    rect = scene.panel.list_rect
    driver.click((rect.x + 60, rect.y + scene.panel.row_h // 2))  # row 1, first column: after ply 1
    assert scene.review == 1 and not scene.human_turn()
    driver.click(scene.view.point_xy(scene.legal_moves()[0].path[0]))  # the board is read-only now
    assert len(scene.moves) == 4 and scene.selection == []
    driver.key(pygame.K_RIGHT)
    assert scene.review == 2
    driver.key(pygame.K_ESCAPE)
    assert scene.review is None and scene.human_turn() and driver.top is scene


@pytest.mark.skipif(VIEWS.get("draughts") is None, reason="no draughts view")
def test_drag_and_drop_a_piece(driver):
    scene = driver.app.new_game("draughts", {}, mode="hotseat")
    driver.step()
    move = scene.legal_moves()[0]
    a, b = (scene.view.point_xy(p) for p in move.path)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    driver.step()
    assert scene.selection == [move.path[0]]
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    driver.post(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0))
    driver.step()
    assert scene.dragging and scene.drag_pos == mid
    driver.post(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0))
    driver.post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    driver.step()
    assert scene.moves == [str(move)] and scene.anim is None and not scene.dragging
    # a drop on a point no move reaches only deselects, nothing is played
    other = scene.legal_moves()[0]
    a = scene.view.point_xy(other.path[0])
    reach = {p for m in scene.legal_moves() if m.path[0] == other.path[0] for p in m.path}
    far = scene.view.point_xy(
        next(p for p in scene.view.points() if p not in reach and p not in scene.view.pieces(scene.state))
    )
    driver.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    driver.post(pygame.MOUSEMOTION, pos=far, rel=(1, 1), buttons=(1, 0, 0))
    driver.post(pygame.MOUSEBUTTONUP, pos=far, button=1)
    driver.step()
    assert len(scene.moves) == 1


@pytest.mark.skipif(VIEWS.get("banqi") is None, reason="no banqi view")
def test_ctrl_n_opens_the_setup_of_the_same_game(driver):
    from game.scenes.screens.setup import SetupScene

    scene = driver.app.new_game("banqi", {}, mode="hotseat")
    driver.step()
    driver.key(pygame.K_n, mod=pygame.KMOD_LCTRL)
    setup = driver.top
    assert isinstance(setup, SetupScene) and setup.game == "banqi"
    driver.click(setup.start_btn.rect.center)
    assert (
        isinstance(driver.top, BoardScene) and driver.top is not scene and driver.app.scenes[0].__class__ is MenuScene
    )
    assert len(driver.app.scenes) == 2
