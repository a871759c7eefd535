"""The board's side panel: the game's name, the two seats (who is to move, captured pieces, the
computer thinking), status lines, the move list (click a move to look back at it) and the
buttons. Rendered into a cached surface when something on it changes; only the thinking
spinners are drawn every frame.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes.board.clocks import result_text
from game.scenes.widgets import Button, arrow_icon, wrap
from game.sprites import highlight, theme

__all__ = ["SidePanel"]


def _double_arrow(direction):
    def draw(surface, rect, colour):
        d = rect.w * 0.22
        off = -d if direction == "left" else d
        theme.triangle(surface, colour, (rect.centerx - off, rect.centery), rect.w * 0.32, direction)
        theme.triangle(surface, colour, (rect.centerx + off, rect.centery), rect.w * 0.32, direction)

    return draw


class SidePanel:
    def __init__(self, board):
        self.board = board
        self.app = app = board.app
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.seat_boxes: list = [None, None]  # where each seat's box was drawn (the clocks go there)
        self.buttons = board.table.buttons()
        self.result_btn = Button(app, t("board.result"), board.show_result, style="primary")
        self.review_buttons = [
            Button(app, "", lambda: board.review_to(0), icon=_double_arrow("left")),
            Button(app, "", lambda: board.review_to(board.review - 1), icon=arrow_icon("left")),
            Button(app, "", lambda: board.review_to(board.review + 1), icon=arrow_icon("right")),
            Button(app, "", lambda: board.review_to(len(board.states) - 1), icon=_double_arrow("right")),
            Button(
                app,
                lambda: tr("board.result" if board.over() else "board.back_to_game", app.lang),
                board.review_action,
                style="primary",
            ),
            Button(app, t("board.menu"), board.table.to_menu),
            Button(
                app,
                t("board.review_game"),
                board.game_review.start,
                shortcut="G",
                enabled=lambda: len(board.states) > 1 and not board.game_review.running,
            ),
            Button(app, t("board.analyse"), board.analysis.toggle, shortcut="A"),
        ]
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.s = 1.0
        self.buttons_top = 0
        self.scroll = 0
        self.following = True
        self.list_rect = None
        self.graph_rect = None
        self.row_h = 1
        self._surf = None
        self._key = None
        self.preparing_bar: pygame.Rect | None = None  # on the screen, while the worker prepares
        self._origin = (0, 0)
        self._spinners: list = []
        self._cap_cache: dict = {}
        self._labels: tuple = ((), [])

    def move_labels(self) -> list[str]:
        """Each move as the list shows it (Banqi: what a flip revealed), computed once per move."""
        board = self.board
        match, lang = board.match, self.app.lang
        marks = board.game_review.result
        key = (id(match), lang, match.ply, tuple(match.texts[-1:]), id(marks))
        if self._labels[0] != key:
            same = self._labels[0][:2] == key[:2] and self._labels[0][4:] == key[4:]
            done = self._labels[1] if same else []
            done = done[: max(0, min(len(done), match.ply) - 1)]
            for i in range(len(done), match.ply):
                label = board.view.move_label(match.moves[i], match.states[i + 1], lang)
                mark = board.game_review.mark(i + 1)
                done.append(f"{label} {mark}" if mark else label)
            self._labels = (key, done)
        return self._labels[1]

    def follow(self) -> None:
        """Scroll the move list to the current move when it is next drawn."""
        self.following = True

    def active_buttons(self) -> list:
        board = self.board
        if board.review is not None:
            return self.review_buttons
        if board.over() and board.result_shown:
            return self.buttons + [self.result_btn]
        return self.buttons

    def layout(self, rect: pygame.Rect, s: float) -> None:
        self.rect, self.s = rect, s
        p = rect
        pad, bh, gap = theme.px(14, s), theme.px(44, s), theme.px(8, s)
        cols = 3
        rows = max(3, -(-len(self.buttons) // cols))
        bw = (p.w - 2 * pad - (cols - 1) * gap) // cols
        top = p.bottom - pad - rows * bh - (rows - 1) * gap
        for i, b in enumerate(self.buttons):
            r, c = divmod(i, cols)
            b.rect = pygame.Rect(p.x + pad + c * (bw + gap), top + r * (bh + gap), bw, bh)
        self.result_btn.rect = pygame.Rect(p.x + pad, top - bh - gap, p.w - 2 * pad, bh)

        # review: from the bottom up, Result/Back and Menu, the four steps, then the analysis buttons
        def row(k):
            return p.bottom - pad - (k + 1) * bh - k * gap

        rb = (p.w - 2 * pad - 3 * gap) // 4
        for i, b in enumerate(self.review_buttons[:4]):
            b.rect = pygame.Rect(p.x + pad + i * (rb + gap), row(1), rb, bh)
        half = (p.w - 2 * pad - gap) // 2
        for k, pair in ((0, self.review_buttons[4:6]), (2, self.review_buttons[6:8])):
            for i, b in enumerate(pair):
                b.rect = pygame.Rect(p.x + pad + i * (half + gap), row(k), half, bh)
        self.buttons_top = top
        self._cap_cache.clear()
        self._surf = None

    def handle_event(self, event) -> bool:
        for b in self.active_buttons():
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            self.following = False
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.list_rect is not None
            and self.list_rect.collidepoint(event.pos)
        ):
            self._list_click(event.pos)
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.graph_rect is not None
            and self.graph_rect.collidepoint(event.pos)
        ):  # a click on the graph looks at that move
            ply = self.board.game_review.ply_at(self.graph_rect, event.pos[0])
            if self.board.review is None:
                self.board.start_review(ply)
            else:
                self.board.review_to(ply)
            return True
        return False

    def _list_click(self, pos) -> None:
        board = self.board
        row = (pos[1] - self.list_rect.y) // self.row_h + self.scroll
        col = 0 if pos[0] < self.list_rect.x + self.list_rect.w * 0.55 else 1
        ply = row * 2 + col + 1
        if 0 < ply <= len(board.moves):
            if board.review is None:  # a click on a move looks back at that position
                board.start_review(ply)
            else:
                board.review_to(ply)

    # ---- drawing ------------------------------------------------------------------------------
    def _cache_key(self) -> tuple:
        board = self.board
        buttons = tuple((b.hover, b._pressed, b.enabled, b.focused) for b in self.active_buttons())
        return (
            self.app.lang,
            self.rect.size,
            board.ply,
            board.review,
            board.match.ending is not None,
            board.result_shown,
            self.scroll,
            self.following,
            tuple(s.thinking for s in board.seats),
            board.show_overlay,
            buttons,
            self.app.size,
            board.table.panel_key(),
            tuple(board.moves[-2:]),
            (board.analysis.on, board.analysis.running, id(board.analysis.result), board.analysis.finished),
            (board.game_review.running, len(board.game_review.reports), id(board.game_review.result)),
            self.preparing(),
        )

    def preparing(self) -> int | None:
        """The percentage done of preparing the computer player (the worker compiles the hard
        draughts search once per version), or None when it is not being prepared."""
        share = self.app.worker.preparing  # None or 0..1
        return None if share is None else max(0, min(99, int(share * 100)))

    def draw(self, surface) -> None:
        key = self._cache_key()
        if key != self._key or self._surf is None:
            p = self.rect
            surf = pygame.Surface(p.size).convert()
            surf.blit(theme.background(surface.get_size()), (0, 0), p)
            self._spinners = []
            self._origin = p.topleft
            for b in self.active_buttons():
                b.rect.move_ip(-p.x, -p.y)
            try:
                self._draw(surf, pygame.Rect((0, 0), p.size))
            finally:
                for b in self.active_buttons():
                    b.rect.move_ip(p.x, p.y)
            self._surf = surf
            self._key = self._cache_key()
        surface.blit(self._surf, self.rect)
        ox, oy = self.rect.topleft
        for (x, y), radius, colour in self._spinners:
            highlight.spinner(surface, (x + ox, y + oy), radius, self.board.t, colour)
        self.board.clocks.draw(surface, [None if b is None else b.move(ox, oy) for b in self.seat_boxes])

    def _draw(self, surface, p) -> None:
        board, app, s = self.board, self.app, self.s
        lang = app.lang
        theme.panel(surface, p, radius=theme.px(14, s))
        pad = theme.px(14, s)
        x, y = p.x + pad, p.y + pad
        width = p.w - 2 * pad
        state = board.shown_state()
        title = app.text(board.view.title(board.options, lang), theme.px(24, s), theme.ACCENT, serif=True)
        surface.blit(title, (x, y))
        y += title.get_height() + theme.px(8, s)
        if board.review is not None:
            img = app.text(
                tr("board.review", lang, i=board.review, n=len(board.states) - 1), theme.px(18, s), theme.TEXT
            )
            surface.blit(img, (x, y))
            y += img.get_height() + theme.px(6, s)
        elif board.over():
            img = app.text(
                tr("board.game_over", lang) + " · " + result_text(board, board.result(), lang),
                theme.px(18, s),
                theme.ACCENT,
            )
            if img.get_width() > width:
                img = app.text(tr("board.game_over", lang), theme.px(18, s), theme.ACCENT)
            surface.blit(img, (x, y))
            y += img.get_height() + theme.px(6, s)
        y = self._draw_seats(surface, x, y, width, state)
        for line in board.view.status_lines(state, lang):  # wrapped, never smaller than the body size
            for part in wrap(line, app.font(theme.px(17, s)), width):
                img = app.text(part, theme.px(17, s), theme.TEXT)
                surface.blit(img, (x, y))
                y += img.get_height()
            y += theme.px(2, s)
        legend = board.view.overlay_legend(lang) if board.show_overlay and board.review is None else []
        for i, line in enumerate(legend):  # the teaching overlay's legend: wrapped, at body size
            for part in wrap(line, app.font(theme.px(16, s)), width):
                img = app.text(part, theme.px(16, s), theme.ACCENT if i == 0 else theme.TEXT_DIM)
                surface.blit(img, (x, y))
                y += img.get_height()
        if board.analysis.bar_value() is not None:
            y = self._draw_bar(surface, x, y, width)
        extra = board.table.status_lines(lang) + board.analysis.lines(lang) + board.game_review.lines(lang)
        for line, kind in extra:  # (text, "hint" | "text")
            for part in wrap(line, app.font(theme.px(17, s)), width):
                img = app.text(part, theme.px(17, s), theme.HINT if kind == "hint" else theme.TEXT)
                surface.blit(img, (x, y))
                y += img.get_height()
        if board.game_review.running:  # the review's progress bar
            y = self._progress(surface, x, y, width, len(board.game_review.reports), board.game_review.total)
        pct = self.preparing()
        self.preparing_bar = None
        if pct is not None:  # the first hard draughts game of a version waits for its compiled search
            for part in wrap(tr("board.preparing", lang, pct=pct), app.font(theme.px(17, s)), width):
                img = app.text(part, theme.px(17, s), theme.ACCENT)
                surface.blit(img, (x, y))
                y += img.get_height()
            bar_top = y
            y = self._progress(surface, x, y, width, pct, 100)
            self.preparing_bar = pygame.Rect(x, bar_top, width, y - bar_top).move(self._origin)
        y += theme.px(6, s)
        bottom = self.buttons_top - self.rect.y + p.y - theme.px(10, s)
        if board.over() and board.result_shown and board.review is None:
            bottom = self.result_btn.rect.y - theme.px(10, s)
        elif board.review is not None:
            bottom = self.review_buttons[6].rect.y - theme.px(10, s)
        if board.game_review.result is not None and bottom - y > theme.px(160, s):  # the evaluation graph
            graph = pygame.Rect(x, y, width, theme.px(56, s))
            current = board.review if board.review is not None else len(board.states) - 1
            board.game_review.draw_graph(surface, graph, current)
            self.graph_rect = graph.move(self._origin)
            y = graph.bottom + theme.px(8, s)
        else:
            self.graph_rect = None
        self._draw_moves(surface, pygame.Rect(x, y, width, max(0, bottom - y)))
        for b in self.active_buttons():
            b.draw(surface)

    def _progress(self, surface, x, y, width, done, total) -> int:
        """A progress bar under the text at y; returns the y below it."""
        s = self.s
        bar = pygame.Rect(x, y + theme.px(2, s), width, theme.px(10, s))
        pygame.draw.rect(surface, (26, 28, 36), bar, border_radius=theme.px(4, s))
        filled = bar.w * done // max(1, total)
        pygame.draw.rect(surface, theme.ACCENT, (bar.x, bar.y, filled, bar.h), border_radius=theme.px(4, s))
        return bar.bottom + theme.px(4, s)

    def _draw_seats(self, surface, x, y, width, state) -> int:
        board, app, s = self.board, self.app, self.s
        lang = app.lang
        to_move = (
            None
            if board.over() and board.review is None
            else (board.review % 2 if board.review is not None else board.seat_to_move)
        )
        caps = board.view.captured(state)
        colours = {"hint": theme.HINT, "accent": theme.ACCENT}
        for seat in (0, 1):
            side = board.side_of_seat(seat)
            codes = caps.get(side, []) if side is not None else []
            active = seat == to_move
            ctl = board.seats[seat]
            role = ctl.label(lang)
            spinner = None
            status = board.table.seat_status(seat, active, lang)
            if ctl.thinking and board.review is None:
                role, spinner = tr("board.thinking", lang), theme.ACCENT
            elif status is not None:
                role, spinner = status[0], colours[status[1]]
            name = app.text(board.seat_name(seat, lang), theme.px(19, s), theme.TEXT)
            role_img = app.text(role, theme.px(16, s), theme.TEXT_DIM)
            # the role goes beside the name, or under it when both do not fit (never smaller type);
            # on a clock the clock's face takes its place beside the name
            inline = (
                board.match.clock is None
                and theme.px(28, s) + name.get_width() + theme.px(12, s) + role_img.get_width() + theme.px(40, s)
                <= width
            )
            extra = 0 if inline else role_img.get_height() + theme.px(2, s)
            box = pygame.Rect(x, y, width, theme.px(86 if codes else 46, s) + extra)  # room for captured pieces
            theme.panel(
                surface,
                box,
                radius=theme.px(10, s),
                colour=(44, 48, 61) if active else (36, 39, 50),
                edge=theme.ACCENT if active else theme.PANEL_EDGE,
                width=2 if active else 1,
            )
            if active:
                theme.triangle(
                    surface, theme.ACCENT, (box.x + theme.px(14, s), box.y + theme.px(22, s)), theme.px(7, s), "right"
                )
            surface.blit(name, (box.x + theme.px(28, s), box.y + theme.px(10, s)))
            if inline:
                surface.blit(
                    role_img, role_img.get_rect(topright=(box.right - theme.px(40, s), box.y + theme.px(13, s)))
                )
            else:
                surface.blit(role_img, (box.x + theme.px(28, s), box.y + theme.px(10, s) + name.get_height()))
            if spinner is not None:
                self._spinners.append(
                    ((box.right - theme.px(22, s), box.y + theme.px(22, s)), theme.px(10, s), spinner)
                )
            self._draw_captured(
                surface,
                codes,
                pygame.Rect(
                    box.x + theme.px(12, s), box.y + theme.px(42, s) + extra, box.w - theme.px(24, s), theme.px(36, s)
                ),
            )
            self.seat_boxes[seat] = box.copy()
            y += box.h + theme.px(8, s)
        return y

    def _draw_bar(self, surface, x, y, width) -> int:
        """The evaluation bar: the first side's win chance against the second's."""
        board, app, s = self.board, self.app, self.s
        chance, to_move = board.analysis.bar_value()
        first, second = board.match.info.sides
        p = chance if to_move in (first, None) else 1.0 - chance
        h = theme.px(22, s)
        bar = pygame.Rect(x, y, width, h)
        pygame.draw.rect(surface, (30, 30, 34), bar, border_radius=theme.px(5, s))
        left = pygame.Rect(x, y, int(width * p), h)
        pygame.draw.rect(surface, (232, 226, 210), left, border_radius=theme.px(5, s))
        size = theme.px(16, s)  # the body size: never smaller
        for side, share, rect, colour, anchor in (
            (first, p, bar, (30, 26, 20), "midleft"),
            (second, 1 - p, bar, (232, 226, 210), "midright"),
        ):
            img = app.text(f"{board.view.side_label(side, app.lang)} {share * 100:.0f}%", size, colour)
            pos = (
                (rect.x + theme.px(6, s), rect.centery)
                if anchor == "midleft"
                else (rect.right - theme.px(6, s), rect.centery)
            )
            surface.blit(img, img.get_rect(**{anchor: pos}))
        return y + h + theme.px(6, s)

    def _draw_captured(self, surface, codes, rect) -> None:
        if not codes:
            return
        key = (tuple(codes), rect.size)
        img = self._cap_cache.get(key)
        if img is None:
            view = self.board.view
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            r_small = max(6, rect.h // 2 - 2)
            scale = r_small / max(1, view.piece_radius())
            step = int(r_small * 1.55)
            per_row = max(1, (rect.w - r_small) // max(1, step))
            if len(codes) > per_row:  # overlap them to fit one row
                step = max(3, (rect.w - 2 * r_small) // max(1, len(codes) - 1))
            for i, code in enumerate(codes):
                view.draw_piece(img, code, (r_small + i * step, rect.h // 2), scale=scale)
            if len(self._cap_cache) > 64:
                self._cap_cache.clear()
            self._cap_cache[key] = img
        surface.blit(img, rect)

    def _draw_moves(self, surface, rect) -> None:
        board, app, s = self.board, self.app, self.s
        lang = app.lang
        if rect.h < theme.px(40, s):
            self.list_rect = None
            return
        head = app.text(tr("board.moves", lang), theme.px(17, s), theme.TEXT_DIM)
        surface.blit(head, (rect.x, rect.y))
        area = pygame.Rect(
            rect.x, rect.y + head.get_height() + theme.px(4, s), rect.w, rect.h - head.get_height() - theme.px(4, s)
        )
        pygame.draw.rect(surface, (26, 28, 36), area, border_radius=theme.px(8, s))
        self.list_rect = area.move(self._origin)
        self.row_h = rh = max(theme.px(26, s), app.font(theme.px(17, s)).get_linesize() + 2)
        moves = self.move_labels()
        rows = (len(moves) + 1) // 2
        visible = max(1, area.h // rh)
        current = board.review if board.review is not None else len(moves)
        if self.following:
            cur_row = max(0, (current - 1) // 2)
            if cur_row >= self.scroll + visible or cur_row < self.scroll or board.review is None:
                self.scroll = max(0, cur_row - visible + 1) if board.review is None else max(0, cur_row - visible // 2)
            self.following = False
        self.scroll = max(0, min(self.scroll, rows - visible))
        if not moves:
            img = app.text(tr("board.no_moves_yet", lang), theme.px(16, s), theme.TEXT_DIM)
            surface.blit(img, (area.x + theme.px(10, s), area.y + theme.px(6, s)))
            return
        clip = surface.get_clip()
        surface.set_clip(area)
        size = theme.px(17, s)
        col_w = int((area.w - theme.px(52, s)) * 0.5)
        for row in range(self.scroll, min(rows, self.scroll + visible + 1)):
            top = area.y + (row - self.scroll) * rh
            mid = top + rh // 2  # every text is centred on its row, as is the highlight
            num = app.text(f"{row + 1}.", size, theme.TEXT_DIM)
            surface.blit(num, num.get_rect(midleft=(area.x + theme.px(8, s), mid)))
            for col in (0, 1):
                ply = row * 2 + col + 1
                if ply > len(moves):
                    break
                cx = area.x + theme.px(52, s) + col * col_w
                colour = theme.TEXT
                if ply == current:
                    hl = pygame.Rect(cx - theme.px(6, s), top + 1, col_w - theme.px(4, s), rh - 2)
                    pygame.draw.rect(surface, theme.BUTTON_HOVER, hl, border_radius=theme.px(4, s))
                    colour = theme.ACCENT
                img = app.text(moves[ply - 1], size, colour)
                surface.blit(img, img.get_rect(midleft=(cx, mid)))
        surface.set_clip(clip)
