"""The one-line text field, driven by posted pygame events through the headless app: typing,
caret moves, selection, copy / cut / paste through the clipboard, an input method's composition."""

import pygame
import pytest

from game.scenes.base import Scene
from game.scenes.widgets import FocusGroup, clipboard
from game.scenes.widgets import TextInput as ReExported
from game.scenes.widgets.textfield import TextInput

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


class FieldScene(Scene):
    def __init__(self, app, value="", max_len=40):
        super().__init__(app)
        self.submitted = []
        self.field = TextInput(app, value, on_submit=self.submitted.append, max_len=max_len, placeholder="name")
        self.field.focused = True
        self.unused = []  # events the field left to the scene

    def on_resize(self, size) -> None:
        self.field.rect = pygame.Rect(40, 40, 400, 50)

    def handle_event(self, event) -> None:
        if not self.field.handle_event(event) and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.unused.append(event)

    def update(self, dt) -> None:
        self.field.update(dt)

    def draw(self, surface) -> None:
        self.field.draw(surface)


@pytest.fixture
def field(driver):
    def make(value="", max_len=40):
        scene = FieldScene(driver.app, value, max_len)
        driver.app.push(scene)
        driver.step()
        return scene

    return make


def key(driver, k, mod=0, unicode=""):
    driver.key(k, mod=mod, unicode=unicode)


def type_(driver, text):
    driver.post(pygame.TEXTINPUT, text=text)
    driver.step()


def test_the_widgets_module_still_exports_the_field():
    assert ReExported is TextInput


def test_typing_caret_moves_and_erasing(driver, field):
    sc = field()
    f = sc.field
    type_(driver, "hllo")
    assert f.value == "hllo" and f.caret == 4
    key(driver, pygame.K_HOME)
    key(driver, pygame.K_RIGHT)
    type_(driver, "e")
    assert f.value == "hello" and f.caret == 2
    key(driver, pygame.K_END)
    type_(driver, " 棋盘")
    assert f.value == "hello 棋盘"
    key(driver, pygame.K_LEFT)
    key(driver, pygame.K_BACKSPACE)
    assert f.value == "hello 盘" and f.caret == 6
    key(driver, pygame.K_DELETE)
    assert f.value == "hello " and f.caret == 6
    key(driver, pygame.K_DELETE)  # nothing after the caret: nothing happens
    key(driver, pygame.K_HOME)
    key(driver, pygame.K_BACKSPACE)  # nothing before it either
    key(driver, pygame.K_LEFT)
    assert f.value == "hello " and f.caret == 0
    key(driver, pygame.K_RETURN)
    assert sc.submitted == ["hello "]
    # printable key presses are typing, not shortcuts of the scene
    key(driver, pygame.K_q, unicode="q")
    assert not sc.unused
    sc.app.screen.fill((0, 0, 0))
    sc.draw(sc.app.screen)


def test_shift_selects_and_typing_replaces_the_selection(driver, field):
    sc = field("abcdef")
    f = sc.field
    key(driver, pygame.K_LEFT, SHIFT)
    key(driver, pygame.K_LEFT, SHIFT)
    assert f.selected_text() == "ef"
    type_(driver, "X")
    assert f.value == "abcdX" and f.selected_text() == ""
    key(driver, pygame.K_HOME, SHIFT)
    assert f.selected_text() == "abcdX"
    key(driver, pygame.K_RIGHT)  # collapses to the end of the selection
    assert f.caret == 5 and f.selected_text() == ""
    key(driver, pygame.K_HOME, SHIFT)
    key(driver, pygame.K_LEFT)  # ... or its start
    assert f.caret == 0 and f.selected_text() == ""


def test_select_all_copy_cut_paste(driver, field):
    sc = field("W:W31-50:B1-20")
    f = sc.field
    key(driver, pygame.K_a, CTRL)
    assert f.selected_text() == f.value
    key(driver, pygame.K_c, CTRL)
    assert clipboard.get_text() == "W:W31-50:B1-20"
    key(driver, pygame.K_x, CTRL)
    assert f.value == "" and clipboard.get_text() == "W:W31-50:B1-20"
    key(driver, pygame.K_v, CTRL)
    key(driver, pygame.K_v, CTRL)
    assert f.value == "W:W31-50:B1-20W:W31-50:B1-20"
    # copy with nothing selected copies all the text; cut with nothing selected cuts nothing
    f.value = "abc"
    key(driver, pygame.K_c, CTRL)
    key(driver, pygame.K_x, CTRL)
    assert clipboard.get_text() == "abc" and f.value == "abc"
    # the shortcuts are the field's: the scene never sees them
    assert not sc.unused


def test_paste_keeps_the_first_line_without_control_characters_within_max_len(driver, field):
    sc = field("ab", max_len=10)
    f = sc.field
    key(driver, pygame.K_HOME)
    clipboard.put_text("\n  \x07\n12\x1b3\t4\r\nsecond line")
    key(driver, pygame.K_v, CTRL)
    assert f.value == "123 4ab" and f.caret == 5
    clipboard.put_text("xyzxyzxyz")
    key(driver, pygame.K_v, CTRL)  # only 3 more characters fit
    assert f.value == "123 4xyzab" and len(f.value) == 10
    type_(driver, "more")
    assert f.value == "123 4xyzab"
    key(driver, pygame.K_a, CTRL)
    key(driver, pygame.K_v, CTRL)  # a selection makes room
    assert f.value == "xyzxyzxyz"
    clipboard.put_text("\r\n\x00\n")  # nothing usable: nothing changes
    key(driver, pygame.K_v, CTRL)
    assert f.value == "xyzxyzxyz"


def test_clean_line():
    assert clipboard.clean_line("") == ""
    assert clipboard.clean_line("a\u2028b") == "a"
    assert clipboard.clean_line("\x00\x01\n x\x7f y ") == " x y "
    assert clipboard.clean_line(123) == "123"


def test_the_clipboard_falls_back_to_a_copy_in_the_program(monkeypatch):
    def broken(*_a):
        raise pygame.error("no clipboard here")

    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    monkeypatch.setattr(pygame.scrap, "get_text", broken)
    clipboard.put_text("kept")
    assert clipboard.get_text() == "kept"


def test_composition_and_escape(driver, field):
    sc = field("name")
    f = sc.field
    f.select_all()
    driver.post(pygame.TEXTEDITING, text="", start=0, length=0)
    driver.step()
    assert f.value == "name"  # an empty composition keeps the selection
    driver.post(pygame.TEXTEDITING, text="jue", start=3, length=0)
    driver.step()
    assert f.value == "" and f.composing == "jue"
    sc.draw(sc.app.screen)
    key(driver, pygame.K_ESCAPE)  # cancels the composition only
    assert f.composing == "" and not sc.unused
    driver.post(pygame.TEXTEDITING, text="sai", start=3, length=0)
    type_(driver, "决赛")
    assert f.value == "决赛" and f.composing == ""
    key(driver, pygame.K_ESCAPE)  # nothing to cancel: the scene's Esc
    assert [e.key for e in sc.unused] == [pygame.K_ESCAPE]


def test_mouse_places_the_caret_selects_by_dragging_and_focuses(driver, field):
    sc = field("abcdefgh")
    f = sc.field
    f.focused = False
    type_(driver, "x")
    assert f.value == "abcdefgh"  # not focused: typing is not the field's
    driver.click((f.rect.x + 1, f.rect.centery))
    assert f.focused and f.caret == 0
    driver.click((f.rect.right - 2, f.rect.centery))
    assert f.caret == len(f.value)
    y = f.rect.centery
    driver.post(pygame.MOUSEBUTTONDOWN, pos=(f.rect.x + 1, y), button=1)
    driver.post(pygame.MOUSEMOTION, pos=(f.rect.right - 2, y), rel=(300, 0), buttons=(1, 0, 0))
    driver.post(pygame.MOUSEBUTTONUP, pos=(f.rect.right - 2, y), button=1)
    driver.step()
    assert f.selected_text() == "abcdefgh"
    sc.draw(sc.app.screen)
    driver.click((5, 5))  # outside: the field lets the focus go
    assert not f.focused


def test_a_long_text_scrolls_to_keep_the_caret_in_view(driver, field):
    sc = field("棋" * 60, max_len=80)
    f = sc.field
    sc.draw(sc.app.screen)
    assert f._scroll > 0  # the end (the caret) is shown
    key(driver, pygame.K_HOME)
    sc.draw(sc.app.screen)
    assert f._scroll == 0
    key(driver, pygame.K_END)
    sc.draw(sc.app.screen)
    assert f._scroll > 0


def test_focus_group_leaves_editing_keys_to_a_focused_field(driver, field):
    sc = field("abc")
    group = FocusGroup([sc.field])
    group.focus(sc.field)
    for k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_HOME):
        event = pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        assert not group.handle_event(event)


def test_random_events_never_break_the_field(driver, field):
    import random

    sc = field("start")
    f = sc.field
    rng = random.Random(3)
    keys = [
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_HOME,
        pygame.K_END,
        pygame.K_BACKSPACE,
        pygame.K_DELETE,
        pygame.K_a,
        pygame.K_c,
        pygame.K_x,
        pygame.K_v,
        pygame.K_RETURN,
        pygame.K_ESCAPE,
    ]
    for _ in range(400):
        r = rng.random()
        if r < 0.5:
            driver.post(
                pygame.KEYDOWN,
                key=rng.choice(keys),
                mod=rng.choice((0, CTRL, SHIFT, CTRL | SHIFT)),
                unicode="",
                scancode=0,
            )
        elif r < 0.7:
            driver.post(pygame.TEXTINPUT, text=rng.choice(["a", "棋", "\x00", "xyz" * 9]))
        elif r < 0.8:
            driver.post(pygame.TEXTEDITING, text=rng.choice(["", "qi"]), start=0, length=0)
        else:
            pos = (rng.randrange(500), rng.randrange(120))
            driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        driver.step()
        sc.draw(sc.app.screen)
        assert len(f.value) <= 40 and 0 <= f.caret <= len(f.value)
        assert all(ch.isprintable() for ch in f.value)
