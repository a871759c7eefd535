"""Layouts follow the window: at several sizes every widget of the menu, each game's setup (with
the picture of the chosen board where the game has one) and board lies inside the window, and no
two overlap."""

import pygame
import pytest
from conftest import Driver

from game.rules import GAMES
from game.scenes.screens.setup import SetupScene
from game.scenes.views import VIEWS

SIZES = [(1920, 1080), (1280, 800), (1024, 640), (1024, 600), (800, 900)]
GAMES_WITH_VIEW = [g for g in GAMES if VIEWS.get(g) is not None]


def check(rects, size):
    window = pygame.Rect((0, 0), size)
    rects = [r for r in rects if r.w > 0]
    for r in rects:
        assert window.contains(r), f"{r} outside {size}"
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.colliderect(b), f"{a} overlaps {b} at {size}"


def check_watch_setup(d, setup, size):
    """Watching the computer adds four rows: every shown row still fits (a window too low for all
    the rule options keeps the first and opens the others on their own screen, which fits too and
    whose choices are the setup's)."""
    setup.mode.set("watch")
    d.step()
    check([w.rect for w in setup.widgets] + [setup.picture.frame(setup.s)], size)
    folded = setup.folded_options()
    assert not folded or setup.more_btn in setup.widgets
    if folded:
        setup.more_btn.on_click()
        d.step()
        screen = setup.app.top
        assert screen is not setup and set(map(id, folded)) <= set(map(id, screen.widgets))
        check([w.rect for w in screen.widgets], size)
        last = folded[-1]
        last.set(last.choices[-1][0])
        setup.app.pop()
        d.step()
        assert setup.options()[setup.rules.OPTIONS[-1].key] == last.choices[-1][0]
        assert all(w.rect.w == 0 for w in folded)  # not drawn on the setup
    setup.mode.set("computer")
    d.step()


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
            picture = [setup.picture.frame(setup.s)]  # the chosen board's picture (palace), if any
            check(
                [w.rect for w in (setup.mode, setup.side, setup.level, *setup.option_widgets)] + buttons + picture, size
            )
            check_watch_setup(d, setup, size)
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


# the option whose values are different boards, per game with a setup picture, and three of them
PICTURED = {"palace": ("palaces", (1, 2, 4)), "draughts": ("variant", ("international", "russian", "english"))}


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_setup_shows_the_board_chosen_beside_the_options(size):
    """The palace family's setup pictures the start of the board chosen (1, 2 or 4 palaces),
    large enough to read, beside the rule options; a game without a picture keeps its column
    centred."""
    d = Driver(size=size)
    try:
        app = d.app
        shown = {}
        for game, view in VIEWS.items():
            setup = SetupScene(app, game)
            app.push(setup)
            d.step()
            rect = setup.picture.rect
            if not view.setup_picture:
                assert rect.w == 0 and abs(setup.col.centerx - size[0] // 2) <= 1
                app.pop()
                continue
            assert rect.w >= 0.4 * size[1] and rect.left > setup.col.right
            assert rect.top >= setup.mode.rect.top and rect.bottom < setup.start_btn.rect.top
            key, values = PICTURED[game]
            board = setup.option_widgets[[o.key for o in setup.rules.OPTIONS].index(key)]
            for value in values:
                board.set(value)
                d.step()
                rect = setup.picture.rect  # (its size follows the rows shown: 8x8 hides who moves first)
                assert rect.w >= 0.4 * size[1] and rect.left > setup.col.right
                picture = setup.picture._cache[1]
                assert picture is not None and picture.get_size() == rect.size
                drawn = picture.get_bounding_rect()  # the board fills the picture's width or height
                assert max(drawn.w / rect.w, drawn.h / rect.h) > 0.9
                shown[game, value] = pygame.image.tobytes(picture, "RGBA")
                screen = pygame.Surface(size)
                setup.draw(screen)  # the picture is what the setup shows
                assert screen.get_at(rect.center)[:3] == picture.get_at((rect.w // 2, rect.h // 2))[:3]
            app.pop()
        assert len(set(shown.values())) == len(shown) == 6  # six boards, six pictures
    finally:
        d.close()
