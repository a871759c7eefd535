"""Draughts view and custom-position scene, driven headless through the real app."""

import pygame
import pytest

from game.rules import draughts as R
from game.rules.common import Result
from game.scenes.board.scene import BoardScene
from game.scenes.views.draughts.editor import DraughtsSetupScene
from game.scenes.views.draughts.view import View


@pytest.fixture
def driver():
    from conftest import Driver

    d = Driver()
    yield d
    d.close()


def test_view_geometry_round_trips_and_flips():
    pygame.init()
    v = View({"first": "w"})
    v.layout(pygame.Rect(0, 0, 800, 800), False)
    for sq in v.points():
        assert v.hit(v.point_xy(sq)) == sq
    x46, y46 = v.point_xy(46)
    x5, y5 = v.point_xy(5)
    assert x46 < x5 and y46 > y5  # 46 bottom left, 5 top right with White at the bottom
    v.layout(pygame.Rect(0, 0, 800, 800), True)
    assert v.point_xy(46)[1] < v.point_xy(5)[1]
    for sq in v.points():
        assert v.hit(v.point_xy(sq)) == sq
    assert v.hit((1, 1)) is None


def test_view_draws_and_labels():
    pygame.init()
    v = View({"first": "w"})
    v.layout(pygame.Rect(0, 0, 600, 600), False)
    surf = pygame.Surface((600, 600))
    s = R.from_text("W:WK10,28,31:B12,K46,22,19")
    v.draw_board(surf)
    assert v.show_numbers and v.handle_key(pygame.K_n) and not v.show_numbers  # shown by default
    v.draw_extras(surf, s, "zh")
    for p, code in v.pieces(s).items():
        v.draw_piece(surf, code, v.point_xy(p), scale=0.8, alpha=120)
    v.draw_overlay(surf, s, "en")
    assert any("Capture" in line for line in v.status_lines(s, "en"))
    for reason in ("no_moves", "resign", "repetition", "no_progress_kings", "endgame_16", "endgame_5", "agreement"):
        for lang in ("zh", "en"):
            text = v.result_text(Result("w" if reason in ("no_moves", "resign") else None, reason), lang)
            assert text and not text.startswith("draughts.")
    assert v.seat_label(0, R.new_game(first="b"), "en").startswith("Black")


def test_is_jump_uses_the_position_before_the_move():
    pygame.init()
    v = View({"first": "w"})
    v.layout(pygame.Rect(0, 0, 600, 600), False)
    before = R.from_text("W:WK46:B28")
    v.pieces(before)
    v.pieces(before.play("46x23"))
    assert v.is_jump(46, 23)
    quiet = R.from_text("W:WK46:B1")
    v.pieces(quiet)
    v.pieces(quiet.play("46-23"))
    assert not v.is_jump(46, 23)


def test_capture_chosen_landing_by_landing_on_the_board(driver):
    start = R.from_text("W:WK41:B19,22,32")
    scene = driver.app.new_game("draughts", {"first": "w"}, mode="hotseat", start_state=start)
    driver.settle(10)
    view = scene.view
    driver.click(view.point_xy(41))
    driver.click(view.point_xy(23))  # first landing: the move is not yet decided (5, 10 or 14 next)
    assert scene.selection == [41, 23] and scene.ply == 0
    driver.click(view.point_xy(5))
    driver.settle(90)
    assert scene.ply == 1 and str(scene.move_objs[-1]) == "41x5"
    assert scene.state.pieces() == {5: "W", 22: "b"}


def test_setup_scene_click_text_and_start(driver):
    app = driver.app
    scene = DraughtsSetupScene(app)
    app.push(scene)
    driver.step(2)
    scene.clear()
    view = scene.view
    driver.click(view.point_xy(28))  # white man (default piece)
    driver.key(pygame.K_3)
    driver.click(view.point_xy(23))  # black man
    driver.click(view.point_xy(23))  # same piece again: removed
    driver.click(view.point_xy(19))
    driver.key(pygame.K_1)
    driver.click(view.point_xy(3))  # a white man on its crowning row is refused
    assert scene.board == {28: "w", 19: "b"}
    assert scene.text.value.split()[1] == "w" and len(scene.text.value.split()[0]) == 100
    # the text field: a bad text is a message, a good one replaces the board
    scene.text.value = "0w0"
    scene.load_text()
    assert scene.board == {28: "w", 19: "b"} and "100" in scene.message[0]
    scene.text.value = "W:W33,K3:B12"
    scene.load_text()
    assert scene.board == {33: "w", 3: "W", 12: "b"}
    scene.to_move.value = "b"
    scene.mode.value = "hotseat"
    scene.start()
    driver.step(2)
    board = driver.top
    assert isinstance(board, BoardScene) and board.state.to_move == "b"
    assert board.state.pieces() == {33: "w", 3: "W", 12: "b"}


def test_setup_refuses_a_finished_position(driver):
    scene = DraughtsSetupScene(driver.app)
    driver.app.push(scene)
    driver.step(1)
    scene.board = {46: "w", 41: "b", 37: "b"}
    scene._refresh()
    scene.start()
    assert driver.top is scene and scene.message[1] != (0, 0, 0)
    assert "move" in scene.message[0] or "着" in scene.message[0] or "走" in scene.message[0]
