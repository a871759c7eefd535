"""Settings: language, sound and volume, animation speed, legal-move marks, auto-flip in hot-seat,
fullscreen, and the rows the games add (game.scenes.views.settings_rows: draughts' endgame tables,
built in the background with a progress bar). Every change is applied and saved at once (app.settings + storage.save_settings).
Beside Back, About opens the version, the licence and the third-party notices (screens/about.py), and
Online server the mailbox server of online play (lobbies/online_settings.py).

Keyboard: Up/Down (Tab) move between rows, Left/Right change the value, Enter toggles, Esc back.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes import views
from game.scenes.registry import register
from game.scenes.widgets import Button, Choice, Slider, Toggle
from game.scenes.widgets.forms import FormScene, stack
from game.sprites import theme

LANG_CHOICES = (("zh", "中文"), ("en", "English"))


def speed_text(value: float, lang: str) -> str:
    word = "settings.speed_slow" if value < 0.95 else "settings.speed_fast" if value > 1.05 else "settings.speed_normal"
    number = f"{value:.2f}".rstrip("0").rstrip(".")
    return f"{number}× {tr(word, lang)}"


@register("settings")
class SettingsScene(FormScene):
    focus_on_click = True

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.lang = Choice(app, t("settings.lang"), LANG_CHOICES, app.lang, self.set_lang)
        self.sound = Toggle(app, t("settings.sound"), s.get("sound", True), lambda v: self.set("sound", v))
        self.volume = Slider(
            app,
            t("settings.volume"),
            0.0,
            1.0,
            float(s.get("volume", 0.7)),
            self.set_volume,
            step=0.05,
            fmt=lambda v: f"{round(v * 100)}%",
        )
        self.speed = Slider(
            app,
            t("settings.anim_speed"),
            0.5,
            2.0,
            float(s.get("anim_speed", 1.0)),
            lambda v: self.set("anim_speed", v),
            step=0.25,
            fmt=lambda v: speed_text(v, app.lang),
        )
        self.show_legal = Toggle(
            app, t("settings.show_legal"), s.get("show_legal", True), lambda v: self.set("show_legal", v)
        )
        self.auto_flip = Toggle(
            app, t("settings.auto_flip"), s.get("auto_flip", False), lambda v: self.set("auto_flip", v)
        )
        self.board_labels = Toggle(
            app, t("settings.board_labels"), s.get("board_labels", True), lambda v: self.set("board_labels", v)
        )
        self.ponder = Toggle(app, t("settings.ponder"), s.get("ponder", True), lambda v: self.set("ponder", v))
        self.fullscreen = Toggle(app, t("settings.fullscreen"), s.get("fullscreen", True), self.set_fullscreen)
        self.rows = [
            self.lang,
            self.sound,
            self.volume,
            self.speed,
            self.show_legal,
            self.board_labels,
            self.auto_flip,
            self.ponder,
            self.fullscreen,
            *views.settings_rows(app),  # each game's own (draughts: build its endgame tables)
        ]
        self.back = Button(app, t("ui.back"), self.close)
        self.about = Button(app, t("settings.about"), lambda: app.open("about"))  # version and licences
        # online play's mailbox server and its test (game/scenes/lobbies/online_settings.py)
        self.online = Button(app, t("settings.online"), lambda: app.open("online_settings"))
        self.set_widgets(self.rows + [self.back, self.about, self.online])
        self.focus.focus(self.lang)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._preview_due = None

    # ---- changes ------------------------------------------------------------------------------
    def set(self, key, value) -> None:
        self.app.settings[key] = value
        self.app.save_settings()  # storage.save_settings + sounds.apply; a failure shows a notice

    def set_lang(self, lang) -> None:
        self.app.set_lang(lang)

    def set_volume(self, value) -> None:
        self.set("volume", round(value, 2))
        self._preview_due = 0.12  # play a sample once the slider rests

    def set_fullscreen(self, value) -> None:
        """Switch now (where the display can) and keep the choice for the next start."""
        if value == self.app.windowed and not self.app.headless:
            self.app.toggle_fullscreen()  # never raises; a notice when the display cannot switch
            value = not self.app.windowed
        self.fullscreen.value = value
        self.app.settings["fullscreen"] = value
        self.app.save_settings()

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # ---- form: Esc and Backspace close, Enter changes the focused row ---------------------------
    def go_back(self) -> None:
        self.app.sounds.play("click")
        self.close()

    def submit(self) -> None:
        if self.focus.current() is not None:
            self.focus.current().activate()

    def shortcut(self, event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.go_back()
            return True
        return False

    # ---- scene --------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.fullscreen.value = self.shown_fullscreen()

    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        gap = theme.px(12, s)
        pw = min(w - theme.px(60, s), theme.px(820, s))
        top = theme.px(150, s)
        # the rows share what the title, the Back button and the two lines of keys leave
        footer = 2 * self.app.font(theme.px(16, s)).get_linesize() + theme.px(28, s)
        room = h - top - footer - theme.px(52, s) - theme.px(24, s) - theme.px(40, s)
        row_gap = gap
        row_h = min(theme.px(54, s), room // len(self.rows) - row_gap)
        if row_h < theme.px(40, s):  # many rows: closer together before they get lower
            row_gap = theme.px(6, s)
            row_h = min(theme.px(54, s), room // len(self.rows) - row_gap)
        row_h = max(theme.px(32, s), row_h)
        ph = len(self.rows) * (row_h + row_gap) + theme.px(40, s)
        self.panel = pygame.Rect((w - pw) // 2, top, pw, ph)
        stack(self.rows, self.panel.x + theme.px(24, s), top + theme.px(20, s), pw - theme.px(48, s), row_h, row_gap)
        bw, bh = theme.px(200, s), theme.px(52, s)
        self.back.rect = pygame.Rect((w - bw) // 2, min(h - footer - bh, self.panel.bottom + theme.px(24, s)), bw, bh)
        self.back.rect.right = w // 2 - bw // 2 - gap  # Back, About and Online server side by side
        self.about.rect = self.back.rect.copy()
        self.about.rect.x = w // 2 - bw // 2
        self.online.rect = self.back.rect.copy()
        self.online.rect.x = w // 2 + bw // 2 + gap

    def shown_fullscreen(self) -> bool:
        """The window as it is (F11 or --windowed may differ from the saved preference)."""
        if self.app.headless:
            return bool(self.app.settings.get("fullscreen", True))
        return not self.app.windowed

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fullscreen.value = self.shown_fullscreen()
        if self._preview_due is not None and not self.volume._drag:
            self._preview_due -= dt
            if self._preview_due <= 0:
                self._preview_due = None
                self.app.sounds.play("move")

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(theme.background((w, h)), (0, 0))
        title = self.app.text(tr("settings.title", self.app.lang), theme.px(48, s), theme.ACCENT, serif=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, theme.px(50, s))))
        theme.panel(surface, self.panel, radius=theme.px(18, s))
        for row in self.rows:
            row.draw(surface)
        self.back.draw(surface)
        self.about.draw(surface)
        self.online.draw(surface)
        lines = [tr("settings.hint", self.app.lang)]
        try:
            from game import storage

            lines.append(tr("settings.saved_in", self.app.lang, path=str(storage.settings_path())))
        except Exception:  # pragma: no cover - storage always imports; a path is only a hint
            pass
        y = h - theme.px(16, s)
        for line in reversed(lines):
            img = self.app.text(line, theme.px(16, s), theme.TEXT_DIM)
            y -= img.get_height()
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y -= theme.px(4, s)
