"""Named saves: LoadGameScene (the list of saved games, a preview of the chosen one, open, delete)
and SaveGameScene (a dialog over the board: type a name - Chinese input methods work - and save).

A damaged or foreign file is listed too; choosing it shows storage.SaveError's message in the
scene, and the program goes on.
"""

from __future__ import annotations

import time

import pygame

from game import storage
from game.ai.levels import level_label
from game.i18n import tr
from game.match import Match
from game.scenes.base import Scene
from game.scenes.registry import register
from game.scenes.screens.in_progress import unless_replacing
from game.scenes.views import make_view
from game.scenes.widgets import Button, ListBox, TextInput, confirm, ellipsize, fit_text, wrap
from game.sprites import theme


def _game_name(game, lang) -> str:
    return tr(f"games.{game}", lang) if game else "?"


def _when(mtime: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(mtime))


def render_position(game, options, state, size, lang="en"):
    """A picture of `state` drawn by the game's view (None when the view is not available)."""
    try:
        view = make_view(game, options)
        view.layout(pygame.Rect(0, 0, size[0], size[1]), False)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        view.draw_board(surf)
        view.draw_extras(surf, state, lang)
        for point, code in view.pieces(state).items():
            view.draw_piece(surf, code, view.point_xy(point))
        return surf
    except Exception:  # a preview must never break the list
        return None


class SaveList(ListBox):
    """Rows of (name, game, mtime): the name, and the game and date dimmed at the right."""

    def draw(self, surface) -> None:
        if not self.live():
            return
        pygame.draw.rect(surface, (26, 28, 36), self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT if self.focused else theme.PANEL_EDGE, self.rect, 1, border_radius=8)
        rh = self.row_h
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2))
        lang = self.app.lang
        for row in range(self.visible_rows() + 1):
            i = self.scroll + row
            if i >= len(self.items):
                break
            name, game, mtime = self.items[i]
            r = pygame.Rect(self.rect.x + 4, self.rect.y + row * rh, self.rect.w - 12, rh)
            if i == self.selected:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, r, border_radius=6)
                pygame.draw.rect(surface, theme.ACCENT, (r.x, r.y + 4, 4, r.h - 8))
            info = f"{_game_name(game, lang) if game else tr('files.damaged', lang)} · {_when(mtime)}"
            small = self.app.text(info, int(rh * 0.36), theme.TEXT_DIM if game else theme.DANGER)
            surface.blit(small, small.get_rect(midright=(r.right - 10, r.centery)))
            big = ellipsize(self.app, name, int(rh * 0.46), theme.TEXT, r.w - small.get_width() - 40)
            surface.blit(big, big.get_rect(midleft=(r.x + 14, r.centery)))
        surface.set_clip(clip)
        if len(self.items) > self.visible_rows():
            k0 = self.scroll / len(self.items)
            k1 = min(1.0, (self.scroll + self.visible_rows()) / len(self.items))
            bar = pygame.Rect(
                self.rect.right - 6, self.rect.y + int(self.rect.h * k0), 4, max(8, int(self.rect.h * (k1 - k0)))
            )
            pygame.draw.rect(surface, theme.TEXT_DIM, bar, border_radius=2)


@register("load_game")
class LoadGameScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.saves: list = []
        self.list = SaveList(
            app, [], on_activate=lambda i: self.open(), on_select=lambda i: self._details(), row_base=46
        )
        self.list.focused = True
        self.open_btn = Button(app, t("files.open"), self.open, enabled=lambda: bool(self.saves), style="primary")
        self.delete_btn = Button(
            app, t("files.delete"), self.ask_delete, enabled=lambda: bool(self.saves), style="danger"
        )
        self.back = Button(app, t("ui.back"), self.close)
        self.buttons = [self.open_btn, self.delete_btn, self.back]
        self.error = None  # a SaveError's message about the selected file
        self.detail = None  # (path, mtime) -> (record, states) or SaveError
        self._details_cache: dict = {}
        self._preview = None
        self.list_rect = self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.refresh()

    # ---- data ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.saves = storage.list_saves()
        self.list.set_items([(e.name, e.game, e.mtime) for e in self.saves])
        self._details()

    def selected(self):
        i = self.list.selected
        return self.saves[i] if 0 <= i < len(self.saves) else None

    def _details(self) -> None:
        """Read the selected save (cached by path and time): its record and states, or its error."""
        self.error = None
        self._preview = None
        entry = self.selected()
        if entry is None:
            self.detail = None
            return
        key = (str(entry.path), entry.mtime, entry.number)
        if key not in self._details_cache:
            try:
                record = storage.load_named(entry.path, entry.number)
                self._details_cache[key] = (record, Match.from_record(record).states)
            except storage.SaveError as exc:
                self._details_cache[key] = exc
        self.detail = self._details_cache[key]
        if isinstance(self.detail, storage.SaveError):
            self.error = self.detail.text(self.app.lang)

    # ---- actions ------------------------------------------------------------------------------
    def open(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        self._details_cache.pop((str(entry.path), entry.mtime, entry.number), None)  # read it afresh
        try:
            record = storage.load_named(entry.path, entry.number)
        except storage.SaveError as exc:
            self.error = exc.text(self.app.lang)
            self.app.sounds.play("illegal")
            return
        unless_replacing(self.app, lambda: self.app.open_game(record) or self.app.sounds.play("illegal"))

    def ask_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        lines = [entry.name]
        if entry.number is not None:  # one game of a PDN file: the file goes, with all its games
            games = sum(1 for e in self.saves if e.path == entry.path)
            lines = [entry.path.name, tr("files.delete_pdn", self.app.lang, n=games)]
        confirm(self.app, lambda: tr("files.delete_title", self.app.lang), lines, self.delete)

    def delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        try:
            storage.delete_save(entry.path)
        except storage.SaveError as exc:
            self.error = exc.text(self.app.lang)
            return
        self.refresh()

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # ---- scene --------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.list.focused = True

    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        margin = theme.px(48, s)
        top = theme.px(130, s)
        bh = theme.px(52, s)
        bottom = h - bh - theme.px(60, s)
        total_w = min(w - 2 * margin, theme.px(1280, s))
        left = (w - total_w) // 2
        list_w = int(total_w * 0.56)
        self.list_rect = pygame.Rect(left, top, list_w, max(60, bottom - top - theme.px(16, s)))
        self.list.rect = self.list_rect
        self.info_rect = pygame.Rect(
            left + list_w + theme.px(24, s), top, total_w - list_w - theme.px(24, s), self.list_rect.h
        )
        bw, gap = theme.px(180, s), theme.px(20, s)
        x = w // 2 - (3 * bw + 2 * gap) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, bottom, bw, bh)
            x += bw + gap
        self.list.set_items(self.list.items)
        self._preview = None

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.sounds.play("click")
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open()
            elif event.key == pygame.K_DELETE:
                self.ask_delete()
            elif event.key in (pygame.K_HOME, pygame.K_END) and self.saves:
                self.list._select(0 if event.key == pygame.K_HOME else len(self.saves) - 1)
            else:
                self.list.focused = True
                self.list.handle_event(event)
            return
        for b in self.buttons:
            if b.handle_event(event):
                return
        self.list.handle_event(event)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        lang = self.app.lang
        surface.blit(theme.background((w, h)), (0, 0))
        title = self.app.text(tr("files.load_title", lang), theme.px(46, s), theme.ACCENT, serif=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, theme.px(40, s))))
        if self.saves:
            self.list.draw(surface)
        else:
            theme.panel(surface, self.list_rect, radius=theme.px(12, s))
            msg = fit_text(self.app, tr("files.none", lang), theme.px(20, s), theme.TEXT_DIM, self.list_rect.w - 20)
            surface.blit(msg, msg.get_rect(center=self.list_rect.center))
        self._draw_info(surface, s, lang)
        for b in self.buttons:
            b.draw(surface)
        foot = [tr("files.load_hint", lang), tr("files.folder", lang, path=str(storage.saves_dir()))]
        y = h - theme.px(10, s)
        for line in reversed(foot):
            img = self.app.text(line, theme.px(15, s), theme.TEXT_DIM)
            y -= img.get_height()
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))

    def _lines(self, surface, lines, x, y, width, s):
        """Draw (text, base size, colour) lines from y down, wrapped to `width`; the y below them."""
        for text, size, colour in lines:
            px = theme.px(size, s)
            for part in wrap(text, self.app.font(px), width):
                img = self.app.text(part, px, colour)
                surface.blit(img, (x, y))
                y += img.get_height() + theme.px(2, s)
            y += theme.px(4, s)
        return y

    def _draw_info(self, surface, s, lang) -> None:
        r = self.info_rect
        theme.panel(surface, r, radius=theme.px(12, s))
        entry = self.selected()
        if entry is None:
            return
        pad = theme.px(18, s)
        x, y, width = r.x + pad, r.y + pad, r.w - 2 * pad
        name, mtime = entry.name, entry.mtime
        shown = (str(entry.path), entry.number, mtime)  # one game of one file as it was read
        lines = [(name, 26, theme.ACCENT), (tr("files.saved_at", lang, when=_when(mtime)), 17, theme.TEXT_DIM)]
        if isinstance(self.detail, tuple):
            record, states = self.detail
            mode = (
                tr("files.hotseat", lang)
                if record.mode == "hotseat"
                else tr("files.computer", lang, level=level_label(record.level, lang))
            )
            lines += [(_game_name(record.game, lang), 21, theme.TEXT), (mode, 19, theme.TEXT)]
            if record.mode == "computer" and record.human_seat is not None:
                seat = self._view_call(record, "seat_label", record.human_seat, states[0], lang, states[-1])
                if seat:
                    lines.append((tr("files.you_play", lang, seat=seat), 19, theme.TEXT))
            lines.append((tr("files.moves", lang, n=len(record.moves)), 19, theme.TEXT))
            last = states[-1]
            if last.result() is not None or record.end is not None:  # (a resignation or agreed draw)
                lines.append((tr("files.finished", lang), 19, theme.TEXT_DIM))
            elif last.to_move is not None:
                side = self._side_label(record, last.to_move, lang)
                lines.append((tr("files.to_move", lang, side=side), 19, theme.TEXT))
        y = self._lines(surface, lines, x, y, width, s)
        if self.error:
            y = self._lines(surface, [(self.error, 18, theme.DANGER)], x, y + theme.px(8, s), width, s)
            return
        if isinstance(self.detail, tuple):
            side = min(width, r.bottom - y - pad)
            if side > 60:
                if self._preview is None or self._preview[0] != (shown, side, lang):
                    record, states = self.detail
                    self._preview = (
                        (shown, side, lang),
                        render_position(record.game, record.options, states[-1], (side, side), lang),
                    )
                if self._preview[1] is not None:
                    surface.blit(self._preview[1], self._preview[1].get_rect(midtop=(r.centerx, y + theme.px(6, s))))

    def _view_call(self, record, method, *args):
        """view.<method>(*args) of the record's game view, or None (no view, or it failed)."""
        try:
            return getattr(make_view(record.game, record.options), method)(*args)
        except Exception:
            pass
        return None

    def _side_label(self, record, side, lang) -> str:
        return self._view_call(record, "side_label", side, lang) or str(side)


@register("save_game")
class SaveGameScene(Scene):
    """A dialog over the board: a name (prefilled with the game and the time) and Save / Cancel."""

    overlay = True

    def __init__(self, app, record):
        super().__init__(app)
        self.record = record
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        default = f"{tr(f'games.{record.game}', app.lang)} {time.strftime('%Y-%m-%d %H:%M')}"
        self.input = TextInput(app, default, on_submit=lambda v: self.save(), max_len=60, placeholder=t("files.name"))
        self.input.select_all()  # the prefilled name: typing replaces it, a click or an arrow keeps it
        self.input.focused = True
        self.save_btn = Button(app, t("files.save"), self.save, style="primary")
        self.cancel_btn = Button(app, t("ui.cancel"), self.close)
        self.error = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self.closed = False

    def save(self, overwrite: bool = False) -> None:
        name = " ".join(self.input.value.split())
        if not name:
            self.error = tr("files.name_empty", self.app.lang)
            self.app.sounds.play("illegal")
            return
        try:
            exists = storage.save_path(name).exists()
        except OSError:
            exists = False  # the write below reports what is wrong with the folder
        if not overwrite and exists:
            confirm(
                self.app, lambda: tr("files.overwrite_title", self.app.lang), [name], lambda: self.save(overwrite=True)
            )
            return
        try:
            storage.save_named(self.record, name)
        except storage.SaveError as exc:
            self.error = exc.text(self.app.lang)
            self.app.sounds.play("illegal")
            return
        self.close()
        self.app.toast(tr("files.saved", self.app.lang, name=name))

    def close(self) -> None:
        if not self.closed and self.app.top is self:
            self.closed = True
            self.app.pop()

    def on_enter(self) -> None:
        self.input.focused = True
        try:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.input.rect)
        except pygame.error:
            pass

    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        bw = min(w - theme.px(40, s), theme.px(620, s))
        bh = theme.px(300, s)
        self.box = pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)
        pad = theme.px(28, s)
        self.input.rect = pygame.Rect(self.box.x + pad, self.box.y + theme.px(96, s), bw - 2 * pad, theme.px(54, s))
        btn_w, btn_h, gap = theme.px(180, s), theme.px(50, s), theme.px(20, s)
        x = self.box.centerx - (2 * btn_w + gap) // 2
        y = self.box.bottom - btn_h - theme.px(24, s)
        self.save_btn.rect = pygame.Rect(x, y, btn_w, btn_h)
        self.cancel_btn.rect = pygame.Rect(x + btn_w + gap, y, btn_w, btn_h)
        try:
            pygame.key.set_text_input_rect(self.input.rect)
        except pygame.error:
            pass

    def handle_event(self, event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and not (self.input.focused and self.input.composing)
        ):
            self.close()  # (with a composition, the field's Esc cancels that first)
            return
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            self.input.focused = True
            self.error = None
        if self.input.handle_event(event):
            return
        for b in (self.save_btn, self.cancel_btn):
            if b.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.box.collidepoint(event.pos):
            self.close()

    def update(self, dt: float) -> None:
        self.input.update(dt)

    def draw(self, surface) -> None:
        s = theme.ui_scale(surface.get_size())
        lang = self.app.lang
        theme.panel(surface, self.box, radius=theme.px(16, s), edge=theme.ACCENT, width=2)
        title = self.app.text(tr("files.save_title", lang), theme.px(30, s), theme.ACCENT)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.y + theme.px(26, s))))
        self.input.draw(surface)
        line = self.error or tr("files.save_hint", lang)
        img = fit_text(self.app, line, theme.px(17, s), theme.DANGER if self.error else theme.TEXT_DIM, self.box.w - 20)
        surface.blit(img, img.get_rect(midtop=(self.box.centerx, self.input.rect.bottom + theme.px(12, s))))
        self.save_btn.draw(surface)
        self.cancel_btn.draw(surface)
