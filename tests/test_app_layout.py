"""Layouts follow the window: at several sizes every widget of the menu, each game's setup and
board lies inside the window, and no two overlap."""

import pygame
import pytest
from conftest import Driver

from game.rules import GAMES
from game.scenes.screens.setup import SetupScene
from game.scenes.views import VIEWS

SIZES = [(1920, 1080), (1280, 800), (1024, 600), (800, 900)]
GAMES_WITH_VIEW = [g for g in GAMES if VIEWS.get(g) is not None]


def check(rects, size):
    window = pygame.Rect((0, 0), size)
    rects = [r for r in rects if r.w > 0]
    for r in rects:
        assert window.contains(r), f"{r} outside {size}"
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.colliderect(b), f"{a} overlaps {b} at {size}"


@pytest.mark.parametrize("size", SIZES)
def test_menu_setup_and_board_fit(size):
    d = Driver(size=size)
    try:
        app = d.app
        menu = app.top
        check([c.rect for c in menu.cards] + [b.rect for b in menu.buttons] + [menu.lang_btn.rect], size)
        for game in GAMES_WITH_VIEW:
            setup = SetupScene(app, game)
            app.push(setup)
            d.step()
            buttons = [b.rect for b in (setup.start_btn, setup.rules_btn, setup.back_btn, setup.extra_btn) if b]
            check([w.rect for w in (setup.mode, setup.side, setup.level, *setup.option_widgets)] + buttons, size)
            scene = app.new_game(game, {}, mode="hotseat")
            d.step()
            check([b.rect for b in scene.panel.active_buttons()] + [scene.board_area], size)
            assert scene.panel.rect.right <= size[0] and not scene.panel.rect.colliderect(scene.board_area)
            window = pygame.Rect((0, 0), size)
            for p in scene.view.points():  # every point of the board can be clicked inside the board area
                assert scene.board_area.collidepoint(scene.view.point_xy(p)) and window.collidepoint(
                    scene.view.point_xy(p)
                )
            app.back_to_menu()
    finally:
        d.close()
