"""The form base and the scenes built on it (setup, draughts editor, Banqi assistant, settings):
the shared keys, pasting positions into their text fields, and the text-fitting helpers."""

from pathlib import Path

import pygame

from game.scenes.screens.settings import SettingsScene
from game.scenes.screens.setup import SetupScene
from game.scenes.views.banqi.assistant import AssistantScene
from game.scenes.views.draughts.editor import DraughtsSetupScene
from game.scenes.widgets import Button, Choice, clipboard, ellipsize, fit_text
from game.scenes.widgets.forms import FormScene, spread, stack

CTRL = pygame.KMOD_LCTRL


def push(driver, scene, frames=2):
    driver.app.push(scene)
    driver.step(frames)
    return scene


def test_all_form_scenes_share_the_base():
    for cls in (SetupScene, DraughtsSetupScene, AssistantScene, SettingsScene):
        assert issubclass(cls, FormScene)


def test_layout_helpers():
    class W:
        rect = None

    rows = [W(), W(), W()]
    assert stack(rows, 10, 20, 300, 40, 5) == 20 + 3 * 45
    assert [r.rect.y for r in rows] == [20, 65, 110] and all(r.rect.w == 300 for r in rows)
    spread([rows[0], None, rows[1]], 0, 7, 210, 30, 10)  # None: a button the scene lacks
    assert (rows[0].rect.x, rows[0].rect.w, rows[1].rect.x, rows[1].rect.w) == (0, 100, 110, 100)


def test_draughts_editor_takes_a_pasted_fen(driver):
    scene = push(driver, DraughtsSetupScene(driver.app))
    driver.click(scene.text.rect.center)
    assert scene.text.focused
    clipboard.put_text("W:W33,K3:B12\nsecond line is ignored")
    driver.key(pygame.K_a, mod=CTRL)
    driver.key(pygame.K_v, mod=CTRL)
    assert scene.text.value == "W:W33,K3:B12"
    driver.key(pygame.K_LEFT)  # the caret moves; the form's focus does not change
    driver.key(pygame.K_DELETE)  # erases in the field, does not choose the eraser
    assert scene.piece.value == "w" and scene.text.value == "W:W33,K3:B1"
    driver.key(pygame.K_2, unicode="2")  # typing (its TEXTINPUT follows), not a piece shortcut
    driver.post(pygame.TEXTINPUT, text="2")
    driver.step()
    assert scene.piece.value == "w" and scene.text.value == "W:W33,K3:B12"
    driver.key(pygame.K_RETURN)  # Enter in the field loads the text
    assert scene.board == {33: "w", 3: "W", 12: "b"} and not scene.text.focused
    scene.text.select_all()
    scene.text.focused = True
    driver.key(pygame.K_c, mod=CTRL)  # the board text, ready for another program
    assert clipboard.get_text() == scene.text.value
    scene.text.focused = False
    driver.key(pygame.K_3)  # the field let the focus go: a piece shortcut again
    assert scene.piece.value == "b"
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not scene


def test_banqi_assistant_takes_a_pasted_position(driver):
    text = "bp.bBa.a/xpNcx.Ap/.xP.nkpx/CP..c.Rx r ACPPPrnp 0"
    scene = push(driver, AssistantScene(driver.app))
    driver.click(scene.text.rect.center)
    driver.key(pygame.K_a, mod=CTRL)
    clipboard.put_text(f"  {text}\r\n")
    driver.key(pygame.K_v, mod=CTRL)
    driver.key(pygame.K_RETURN)
    assert scene.position_text() == text and not scene.text.focused
    scene.cancel()


def test_setup_keys_enter_starts_and_esc_goes_back(driver):
    app = driver.app
    scene = push(driver, SetupScene(app, "palace"))
    assert scene.focus.current() is scene.start_btn
    driver.key(pygame.K_TAB)
    assert scene.focus.current() is scene.rules_btn
    driver.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    driver.key(pygame.K_UP)
    assert isinstance(scene.focus.current(), Choice)
    before = scene.level.value
    scene.focus.focus(scene.level)
    driver.key(pygame.K_RIGHT)  # Left / Right change the focused choice
    assert scene.level.value != before
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not scene
    scene = push(driver, SetupScene(app, "palace"))
    scene.focus.focus(scene.mode)
    scene.mode.value = "hotseat"
    driver.key(pygame.K_RETURN)  # Enter on a choice starts the game
    driver.step(2)
    assert type(driver.top).__name__ == "BoardScene"


def test_settings_enter_changes_the_row_and_backspace_closes(driver):
    scene = push(driver, SettingsScene(driver.app))
    scene.focus.focus(scene.show_legal)
    before = scene.show_legal.value
    driver.key(pygame.K_RETURN)
    assert scene.show_legal.value != before
    driver.click(scene.back.rect.center)  # a click focuses, then presses
    assert driver.top is not scene
    scene = push(driver, SettingsScene(driver.app))
    driver.key(pygame.K_BACKSPACE)
    assert driver.top is not scene


def test_fit_text_shrinks_and_ellipsize_cuts(driver):
    app = driver.app
    long = "International draughts, palace and banqi"
    wide = app.text(long, 30, (255, 255, 255))
    assert fit_text(app, long, 30, (255, 255, 255), 10_000).get_width() == wide.get_width()
    small = fit_text(app, long, 30, (255, 255, 255), 200)
    assert small.get_width() <= 200 and small.get_height() < wide.get_height()
    tiny = fit_text(app, long, 30, (255, 255, 255), 20, min_size=9)  # never below min_size
    assert tiny.get_height() >= app.text(long, 9, (255, 255, 255)).get_height()
    cut = ellipsize(app, long, 30, (255, 255, 255), 200)
    assert cut.get_width() <= 200 and cut.get_height() == wide.get_height()
    assert ellipsize(app, "short", 30, (255, 255, 255), 500).get_width() == app.text("short", 30).get_width()
    ellipsize(app, long, 30, (255, 255, 255), 0)  # no room: no error
    ellipsize(app, "", 30, (255, 255, 255), 0)


def test_buttons_fit_their_labels(driver):
    b = Button(driver.app, "A very long label for a small button", lambda: None)
    b.rect = pygame.Rect(0, 0, 80, 40)
    b.draw(driver.app.screen)


def test_widget_modules_stay_small():
    """The project's limit of 600 lines, for the modules of this part of the interface."""
    scenes = Path(__file__).resolve().parents[1] / "game" / "scenes"
    for path in sorted(scenes.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= 600, f"{path.relative_to(scenes)} has {lines} lines"
