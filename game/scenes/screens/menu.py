"""The main menu: the three games (each shown by a small picture of its board), Continue (when a
game was left unfinished), Load, Settings, Rules, Quit, and a language switch.

Keyboard: arrows move the focus, Enter opens, Esc asks to quit.
"""

from __future__ import annotations

import pygame

from game import games, storage
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.registry import register
from game.scenes.views import VIEWS, game_title, render_thumbnail
from game.scenes.widgets import Button, FocusGroup, Widget, confirm, fit_text
from game.sprites import theme


class GameCard(Widget):
    """One game on the menu: its board picture, name and a tag line."""

    def __init__(self, app, game, on_open):
        super().__init__(app)
        self.game, self.on_open = game, on_open
        self._thumb = None
        self._thumb_size = None
        self._pressed = False
        self.available = game in VIEWS

    def thumbnail(self, size):
        key = (size, self.app.lang)
        if self._thumb_size != key:
            self._thumb = render_thumbnail(self.game, size, self.app.lang)
            self._thumb_size = key
        return self._thumb

    def handle_event(self, event) -> bool:
        self.track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            self._pressed = False
            if inside:
                self.activate()
            return inside
        return False

    def activate(self) -> None:
        if not self.available:
            self.app.sounds.play("illegal")
            self.app.toast(tr("menu.unavailable", self.app.lang))
            return
        self.app.sounds.play("click")
        self.on_open(self.game)

    def draw(self, surface) -> None:
        s = theme.ui_scale(self.app.size)
        lift = -theme.px(6, s) if (self.hover or self.focused) and self.available else 0
        r = self.rect.move(0, lift)
        theme.panel(
            surface,
            r,
            radius=theme.px(18, s),
            colour=(40, 43, 55),
            edge=theme.ACCENT if self.hover or self.focused else theme.PANEL_EDGE,
            width=3 if self.focused else 1,
        )
        pad = theme.px(16, s)
        side = min(r.w - 2 * pad, int(r.h * 0.68))
        thumb_rect = pygame.Rect(0, 0, side, side)
        thumb_rect.midtop = (r.centerx, r.y + pad)
        thumb = self.thumbnail((side, side))
        if thumb is not None:
            surface.blit(thumb, thumb_rect)
        name = fit_text(self.app, tr(f"games.{self.game}", self.app.lang), theme.px(30, s), theme.ACCENT, r.w - pad)
        y = thumb_rect.bottom + theme.px(12, s)
        surface.blit(name, name.get_rect(midtop=(r.centerx, y)))
        tag_key = f"games.{self.game}.tag" if self.available else "menu.coming"
        tag = fit_text(self.app, tr(tag_key, self.app.lang), theme.px(17, s), theme.TEXT_DIM, r.w - pad)
        surface.blit(tag, tag.get_rect(midtop=(r.centerx, y + name.get_height() + theme.px(4, s))))


@register("menu")
class MenuScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.cards = [GameCard(app, g, self.open_setup) for g in games.NAMES]
        lang = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.autosave = None
        self.short_continue = False  # a narrow window: "Continue" without the game's name
        self.continue_btn = Button(app, self._continue_text, self.continue_game, style="primary")
        self.buttons = [
            self.continue_btn,
            Button(app, lang("menu.load"), lambda: app.open("load_game")),
            Button(app, lang("menu.network"), lambda: app.open("network")),
            Button(app, lang("menu.settings"), lambda: app.open("settings")),
            Button(app, lang("menu.rules"), lambda: app.open("rules", None)),
            Button(app, lang("menu.learn"), self.open_lesson),
            Button(app, lang("menu.quit"), self.ask_quit),
        ]
        self.lang_btn = Button(app, lang("menu.lang"), self.switch_lang)
        self.lang_btn.focusable = False
        self.focus = FocusGroup(self.cards + self.buttons)
        self.t = 0.0
        self.y0 = 0

    # ---- actions ------------------------------------------------------------------------------
    def _continue_text(self) -> str:
        if self.autosave is not None and not self.short_continue:
            return tr(
                "menu.continue_of",
                self.app.lang,
                game=game_title(self.autosave.game, self.autosave.options, self.app.lang),
            )
        return tr("menu.continue", self.app.lang)

    def open_setup(self, game) -> None:
        self.app.open("setup", game)

    def open_lesson(self) -> None:
        """The guided first game of the focused card's game (else the first game, the least known)."""
        cur = self.focus.current()
        self.app.open("lesson", cur.game if cur in self.cards else None)

    def offer_lesson(self) -> None:
        """At the first launch, once: offer the guided first game; "Not now" is the default."""
        if not self.app.offer_lesson or self.app.settings.get("lesson_offered"):
            return
        self.app.settings["lesson_offered"] = True
        self.app.save_settings()
        d = confirm(
            self.app,
            lambda: tr("menu.offer_title", self.app.lang),
            [lambda: tr("menu.offer_line", self.app.lang)],
            lambda: self.app.open("lesson", None),
            yes=lambda: tr("menu.offer_yes", self.app.lang),
            no=lambda: tr("menu.offer_no", self.app.lang),
        )
        d.focus.focus(d.buttons[-1])  # Enter, like Esc, answers "Not now"

    def continue_game(self) -> None:
        if self.autosave is not None and self.app.open_game(self.autosave):
            return
        self.refresh()

    def ask_quit(self) -> None:
        confirm(self.app, lambda: tr("menu.quit_title", self.app.lang), [], self.app.quit)

    def switch_lang(self) -> None:
        self.app.set_lang("en" if self.app.lang == "zh" else "zh")

    def refresh(self) -> None:
        try:
            record, notice = storage.read_autosave()  # waits for an autosave still being written
        except Exception:  # never let a damaged file stop the menu
            record, notice = None, None
        self.autosave = record
        if notice:
            self.app.toast(notice)
        self.continue_btn.visible = self.autosave is not None
        self.on_resize(self.app.size)

    # ---- scene --------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.refresh()
        self.offer_lesson()

    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        margin = theme.px(40, s)
        gap = theme.px(28, s)
        self.y0 = int(h * 0.05)
        top = self.y0 + theme.px(150, s)
        bh = theme.px(52, s)
        room = h - top - bh - 2 * margin - theme.px(20, s)
        card_w = min(int((w - 2 * margin - 2 * gap) / 3), int(room / 1.28))
        card_h = int(card_w * 1.28)
        content = theme.px(150, s) + card_h + theme.px(36, s) + bh
        if h - content > 2 * self.y0:  # a tall window: centre the whole menu
            self.y0 = (h - content) // 2
            top = self.y0 + theme.px(150, s)
        left = w // 2 - (3 * card_w + 2 * gap) // 2
        for i, c in enumerate(self.cards):
            c.rect = pygame.Rect(left + i * (card_w + gap), top, card_w, card_h)
        shown = [b for b in self.buttons if b.visible]
        base = theme.px(170, s)
        room = w - 2 * margin - (len(shown) - 1) * gap
        self.short_continue = False
        if sum(b.needed_width(bh) for b in shown) > room:  # no room for the game's name: "Continue"
            self.short_continue = True
        needs = {b: b.needed_width(bh) for b in shown}  # the text at full size with padding
        widths = {b: max(needs[b], int(base * (1.9 if b is self.continue_btn else 1.0))) for b in shown}
        if sum(widths.values()) > room:  # narrow window: the texts' widths and a share of what is left
            extra = room - sum(needs.values())
            if extra >= 0:
                widths = {b: v + extra // len(shown) for b, v in needs.items()}
            else:
                widths = {b: v * room // sum(needs.values()) for b, v in needs.items()}
        total = sum(widths.values()) + (len(shown) - 1) * gap
        y = min(h - bh - margin, top + card_h + theme.px(36, s))
        x = w // 2 - total // 2
        for b in self.buttons:
            if b.visible:
                b.rect = pygame.Rect(x, y, widths[b], bh)
                x += widths[b] + gap
            else:
                b.rect = pygame.Rect(0, 0, 0, 0)
        self.lang_btn.rect = pygame.Rect(w - margin - theme.px(120, s), margin // 2, theme.px(120, s), theme.px(40, s))

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.ask_quit()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.move(-1 if event.key == pygame.K_LEFT else 1)
                return
            if event.key in (pygame.K_DOWN, pygame.K_UP):  # jump between the cards row and the buttons row
                cur = self.focus.current()
                row = self.cards if event.key == pygame.K_UP else [b for b in self.buttons if b.visible]
                if cur is None or cur not in row:
                    self.focus.focus(row[0] if cur is None or event.key == pygame.K_DOWN else row[min(1, len(row) - 1)])
                return
            if self.focus.handle_event(event):
                return
            return
        for wdg in self.cards + self.buttons + [self.lang_btn]:
            if wdg.handle_event(event):
                return

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(theme.background((w, h)), (0, 0))
        title = self.app.text(tr("app.title", "zh") + "  Qipan", theme.px(64, s), theme.ACCENT, serif=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, self.y0)))
        sub = self.app.text(tr("menu.subtitle", self.app.lang), theme.px(22, s), theme.TEXT_DIM)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, self.y0 + title.get_height() + theme.px(6, s))))
        for c in self.cards:
            c.draw(surface)
        for b in self.buttons:
            b.draw(surface)
        self.lang_btn.draw(surface)
        keys = self.app.text(tr("menu.keys", self.app.lang), theme.px(16, s), theme.TEXT_DIM)
        bottom = max((b.rect.bottom for b in self.buttons if b.visible), default=0)
        y = min(h - keys.get_height() - theme.px(8, s), bottom + theme.px(24, s))
        if y > bottom:
            surface.blit(keys, keys.get_rect(midtop=(w // 2, y)))
