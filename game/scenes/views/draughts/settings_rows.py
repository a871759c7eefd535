"""The draughts row of Settings: the endgame tables present, and a button that builds the 4-piece
ones (game/ai/draughts/egdb/background.py: in a process of its own, with a progress bar, and a
Cancel). Found by game.scenes.views.settings_rows through the game's package (rows(app)).

Building is opt-in: the button asks first (Not now is the default), and nothing starts otherwise.
The build belongs to the app (app.jobs), not to the screen: leaving Settings keeps it running,
coming back shows its progress, the end is announced wherever the player is, and quitting the
app stops it (what it began is removed). The computer's process uses the new tables from its
next search (egdb.tables looks for them).
"""

from __future__ import annotations

import pygame

from game.ai.draughts import egdb as E
from game.ai.draughts.egdb import background as BG
from game.ai.jit import AVAILABLE
from game.i18n import tr
from game.scenes.widgets import Button, Widget, blit_lines, confirm, label_lines, message
from game.sprites import theme

#: the tables the button builds (tests set a smaller count)
PIECES = E.MAX_PIECES
JOB = "draughts-egdb"  # the build's key in app.jobs


def pieces_text(top: int) -> str:
    return f"2–{top}" if top > 2 else "2"


def cost(pieces: int) -> dict:
    seconds, mb, ram = BG.COST.get(pieces, BG.COST[E.MAX_PIECES])
    return {"n": pieces, "min": max(1, round(seconds / 60)), "mb": mb, "ram": ram}


def failure_lines(build: BG.TableBuild, lang: str) -> list[str]:
    kind, detail = build.error or ("error", "")
    c = cost(build.pieces)
    key = f"egdb.why_{kind}" if kind in ("memory", "disk", "killed", "io") else "egdb.why_error"
    why = tr(key, lang, ram=c["ram"], mb=c["mb"], folder=str(build.out), detail=detail)
    return [why, tr("egdb.goes_on", lang, range=pieces_text(max(2, BG.covered())))]


class TablesJob:
    """The build while it runs, kept in app.jobs: App.step calls update() each frame (False when
    it is over: the app forgets it), App.close calls close()."""

    def __init__(self, app, pieces: int):
        self.app = app
        self.build = BG.TableBuild(pieces)

    def update(self, dt: float) -> bool:
        self.build.poll()
        if self.build.running or self.build.alive:
            return True
        lang = self.app.lang
        if self.build.state == BG.DONE:
            self.app.toast(tr("egdb.ready", lang, range=pieces_text(BG.covered())), 5)
        elif self.build.state == BG.FAILED:
            lines = failure_lines(self.build, lang)
            if any(isinstance(w, TablesRow) for w in getattr(self.app.top, "widgets", ())):
                message(self.app, lambda: tr("egdb.failed", self.app.lang), lines)
            else:  # over a game: a notice, the game goes on
                self.app.toast(f"{tr('egdb.failed', lang)}: {lines[0]}", 8)
        return False

    def close(self) -> None:
        self.build.cancel()


class TablesRow(Widget):
    """Which tables are present; Build (asks first) or, while building, a progress bar and Cancel."""

    def __init__(self, app, pieces: int | None = None):
        super().__init__(app)
        self.pieces = PIECES if pieces is None else pieces
        lang = lambda: app.lang  # noqa: E731
        self.build_button = Button(app, lambda: tr("egdb.build", lang(), **cost(self.pieces)), self.ask)
        self.cancel_button = Button(app, lambda: tr("ui.cancel", lang()), self.ask_stop)
        self.build_button.focusable = self.cancel_button.focusable = False
        self._status: tuple | None = None  # (covered pieces, size of the largest file), read now and then
        self._status_age = 0.0
        self._t = 0.0  # the preparing bar's sweep

    # ---- state -----------------------------------------------------------------------------------
    def job(self) -> TablesJob | None:
        job = self.app.jobs.get(JOB)
        return job if job is not None and job.build.pieces == self.pieces else None

    def status(self) -> tuple[int, int]:
        if self._status is None:
            top = BG.covered()
            self._status = (top, BG.file_size(top) if top else 0)
        return self._status

    def complete(self) -> bool:
        return self.status()[0] >= self.pieces

    def button(self) -> Button | None:
        """The button shown now: Cancel while building, Build while the tables are missing."""
        job = self.job()
        if job is not None and job.build.running:
            return self.cancel_button
        if not self.complete() and AVAILABLE:
            return self.build_button
        return None

    # ---- actions ---------------------------------------------------------------------------------
    def ask(self) -> None:
        lang = self.app.lang
        c = cost(self.pieces)
        confirm(
            self.app,
            tr("egdb.ask_title", lang, **c),
            [tr("egdb.ask_what", lang, **c), tr("egdb.ask_why", lang)],
            self.start,
            yes=lambda: tr("egdb.yes", self.app.lang),
            no=lambda: tr("egdb.not_now", self.app.lang),
        )

    def start(self) -> None:
        if self.job() is not None and self.job().build.running:
            return
        job = TablesJob(self.app, self.pieces)
        job.build.start()
        self.app.jobs[JOB] = job

    def ask_stop(self) -> None:
        confirm(
            self.app,
            tr("egdb.stop_title", self.app.lang),
            [tr("egdb.stop_what", self.app.lang)],
            self.stop,
            yes=lambda: tr("egdb.stop", self.app.lang),
            no=lambda: tr("egdb.go_on", self.app.lang),
        )

    def stop(self) -> None:
        job = self.app.jobs.pop(JOB, None)
        if job is not None:
            job.close()
        self._status = None

    # ---- widget ----------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if not self.live():
            return False
        self.track_hover(event)
        b = self.button()
        return b is not None and b.handle_event(event)

    def activate(self) -> None:
        b = self.button()
        if b is not None:
            b.activate()

    def update(self, dt: float) -> None:
        self._t += dt
        self._status_age += dt
        if self._status_age > 1.0 or self.job() is not None:
            self._status_age = 0.0
            self._status = None

    def layout(self) -> tuple[int, pygame.Rect]:
        """(label column width, the area right of it)."""
        for btn in (self.build_button, self.cancel_button):  # their words at the body size, as the labels
            btn.font_size = min(self.size, int(self.rect.h * 0.62))
        b = self.button()
        if b is self.build_button:
            need = b.needed_width(self.rect.h)
        elif b is self.cancel_button:  # the label what it needs on one line; a bar, its words and Cancel the rest
            least = int(self.rect.w * 0.16) + self.progress_text_width() + 2 * self.gap() + b.needed_width(self.rect.h)
            need = max(least, self.rect.w - self.app.text(self.label(), self.size).get_width() - 32)
        else:
            need = 0
        right = min(max(need, int(self.rect.w * 0.3)), int(self.rect.w * 0.62))
        lw = self.rect.w - right
        return lw, pygame.Rect(self.rect.x + lw, self.rect.y, right, self.rect.h)

    def label(self) -> str:
        lang = self.app.lang
        job = self.job()
        if job is not None and job.build.running:
            return tr("egdb.label_building", lang, n=self.pieces)
        top, size = self.status()
        if top > max(E.SHIPPED):
            return tr("egdb.label_size", lang, range=pieces_text(top), mb=f"{size / 1e6:.1f}")
        return tr("egdb.label", lang, range=pieces_text(max(2, top)))

    def label_lines(self, width: int) -> list:
        """The label at the body size: one line, else broken after its colon (what, then how
        many), else wrapped."""
        text = self.label()
        if self.app.text(text, self.size).get_width() > width:
            for colon in ("：", ": "):
                head, sep, tail = text.partition(colon)
                if sep:
                    size = self.two_line_size()
                    return [
                        *label_lines(self.app, head + sep.strip(), size, theme.TEXT, width, 1),
                        *label_lines(self.app, tail, size, theme.TEXT, width, 1),
                    ]
        return label_lines(self.app, text, self.size, theme.TEXT, width)

    def two_line_size(self) -> int:
        """The body size, or a little less (never below 85%) so that two lines fit the row."""
        size = self.size
        while size > self.size * 0.85 and int(size * 1.15) + self.app.font(size).get_height() > self.rect.h:
            size -= 1
        return size

    def draw(self, surface) -> None:
        if not self.live():
            return
        lw, area = self.layout()
        lines = self.label_lines(lw - 16)
        size = self.size if len(lines) < 2 else self.two_line_size()
        blit_lines(surface, lines, size, midleft=(self.rect.x + 8, self.rect.centery))
        b = self.button()
        job = self.job()
        if b is self.build_button:
            b.rect = area
            b.draw(surface)
        elif b is self.cancel_button and job is not None:
            self.draw_progress(surface, area, job.build)
        else:
            word = "egdb.complete" if self.complete() else "egdb.unavailable"
            img = self.app.text(tr(word, self.app.lang), int(self.size * 0.8), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midright=(self.rect.right - 8, self.rect.centery)))
        self.draw_focus(surface)

    def gap(self) -> int:
        return max(8, self.rect.h // 3)

    def progress_text_width(self) -> int:
        words = (tr("egdb.preparing", self.app.lang), "100%")
        return max(self.app.text(t, self.size).get_width() for t in words)

    def draw_progress(self, surface, area: pygame.Rect, build: BG.TableBuild) -> None:
        """[bar] 37% [Cancel]; while preparing (compiling) a sweeping bar and "Preparing…"."""
        gap = self.gap()
        cb = self.cancel_button
        cw = cb.needed_width(self.rect.h)
        cb.rect = pygame.Rect(area.right - cw, area.y, cw, area.h)
        preparing = build.state == BG.PREPARING
        text = tr("egdb.preparing", self.app.lang) if preparing else f"{int(build.fraction * 100)}%"
        img = self.app.text(text, self.size, theme.TEXT)
        bar_w = max(20, cb.rect.x - area.x - self.progress_text_width() - 2 * gap)
        bar = pygame.Rect(area.x, 0, bar_w, max(8, self.rect.h // 3))
        bar.centery = self.rect.centery
        radius = bar.h // 2
        pygame.draw.rect(surface, theme.BUTTON, bar, border_radius=radius)
        if preparing:  # nothing to count yet: a block sweeping to and fro
            span = max(1, bar.w - bar.w // 4)
            phase = (self._t * 0.6) % 2.0
            x = int(span * (phase if phase <= 1 else 2 - phase))
            fill = pygame.Rect(bar.x + x, bar.y, bar.w // 4, bar.h)
        else:
            done = int(bar.w * min(1.0, build.fraction))
            fill = pygame.Rect(bar.x, bar.y, max(done, bar.h) if done else 0, bar.h)  # never a sliver
        if fill.w > 0:
            pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=radius)
        surface.blit(img, img.get_rect(midleft=(bar.right + gap, self.rect.centery)))
        cb.draw(surface)


def rows(app) -> list:
    """The widgets this game adds to Settings."""
    return [TablesRow(app)]
