"""Layout in a small window (1024x640): nothing shrinks below the body size to fit."""

import pytest
from conftest import Driver

from game import games
from game.sprites import theme


@pytest.fixture
def small():
    d = Driver(size=(1024, 640))
    yield d
    d.close()


@pytest.mark.parametrize("game", games.NAMES)
def test_the_line_of_keys_wraps_at_body_size_and_notices_stay_off_the_board(small, game):
    app = small.app
    scene = app.new_game(game, {}, mode="hotseat")
    small.step()
    rows = scene._help_rows(scene._help_text(scene.table.help_key), scene.board_area.w)
    font = app.font(theme.px(16, scene.s))
    assert all(font.size(row)[0] <= scene.board_area.w for row in rows)
    assert scene.help_y + len(rows) * font.get_linesize() <= app.size[1]
    assert scene.board_area.bottom <= scene.help_y
    x, y = scene.toast_place(app.size, 40)
    assert y >= scene.board_area.bottom  # the save notice does not cover the board's edge


def test_dialog_lines_wrap_at_body_size(small):
    from game.scenes.widgets import Dialog

    app = small.app
    long = "A question whose explanation is far longer than the box is wide, so it must wrap. " * 2
    d = Dialog(app, "Title", [long])
    app.push(d)
    small.step()
    rows = d._wrapped(long, theme.ui_scale(app.size), d.box.w)
    assert len(rows) >= 2 and all(
        app.font(theme.px(21, theme.ui_scale(app.size))).size(r)[0] <= d.box.w - 30 for r in rows
    )
    assert d.box.h >= theme.px(30, theme.ui_scale(app.size)) * len(rows)


def test_settings_fit_a_small_window(small):
    app = small.app
    scene = app.open("settings")
    small.step()
    assert scene.back.rect.bottom <= app.size[1] and scene.panel.bottom < scene.back.rect.y
