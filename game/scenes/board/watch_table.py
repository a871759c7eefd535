"""The computer against itself, watched: pause, resume, one move at a time, three speeds, and a
series of games with the engines swapping colours after each game and a running tally (Banqi:
each deal is played twice, the second time with the colours swapped). Nothing is autosaved.
"""

from __future__ import annotations

import random

import pygame

from game.ai.levels import level_label
from game.i18n import tr
from game.match import Match, SeatSpec
from game.scenes.board.table import LocalTable, _text
from game.scenes.widgets import Button

SPEEDS = (1.0, 2.0, 4.0)
NEXT_GAME_PAUSE = 2.0  # seconds to look at a finished game before the next of the series


class WatchTable(LocalTable):
    help_key = "watch.help"

    def __init__(self, app, games: int = 1):
        super().__init__(app, autosave=False)
        self.paused = False
        self.step_pending = False
        self.speed = SPEEDS[0]
        self.series = max(1, games)
        self.played = 0  # finished games of the series
        self.tally = [0, 0, 0]  # engine A wins, engine B wins, draws
        self.engines: tuple[SeatSpec, SeatSpec] | None = None  # A and B, as seated in game 1
        self.next_at: float | None = None
        self.seed: int | None = None

    def started(self) -> None:
        if self.engines is None:
            self.engines = self.match.seats  # type: ignore[assignment]
            self.seed = self.match.start.get("seed")

    # ---- controls -------------------------------------------------------------------------------
    def buttons(self) -> list:
        app, b = self.app, self.board
        return [
            Button(
                app,
                lambda: tr("watch.resume" if self.paused else "watch.pause", app.lang),
                self.toggle_pause,
                shortcut="Space",
                style="primary",
            ),
            Button(app, _text(app, "watch.step"), self.step, enabled=lambda: self.paused, shortcut="S"),
            Button(app, lambda: tr("watch.speed", app.lang, n=int(self.speed)), self.faster, shortcut="+"),
            Button(app, _text(app, "board.save"), self.save, shortcut="Ctrl+S"),
            Button(app, _text(app, "board.flip"), b.flip, shortcut="F"),
            Button(app, _text(app, "board.menu"), self.to_menu, shortcut="Esc"),
            *self.export_buttons(),
        ]

    def shortcut(self, key: int, ctrl: bool):
        if ctrl:
            return self.save if key == pygame.K_s else None
        return {
            pygame.K_SPACE: self.toggle_pause,
            pygame.K_s: self.step,
            pygame.K_PLUS: self.faster,
            pygame.K_EQUALS: self.faster,
            pygame.K_KP_PLUS: self.faster,
        }.get(key)

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.step_pending = False
        if self.paused:
            self.board.cancel_all()  # a move being thought about is dropped, and asked again on resume
        else:
            self.board.kick()

    def step(self) -> None:
        """While paused: let exactly one more move be played."""
        if not self.paused or self.match.over:
            self.app.sounds.play("illegal")
            return
        self.step_pending = True
        self.board.kick()

    def faster(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]

    def may_start_turn(self) -> bool:
        return not self.paused or self.step_pending

    def moved(self) -> None:
        super().moved()
        self.step_pending = False

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def panel_key(self) -> tuple:
        return (self.paused, self.speed, self.played, tuple(self.tally))

    def seat_status(self, seat: int, active: bool, lang: str):
        return None

    def status_lines(self, lang: str) -> list:
        lines = []
        if self.series > 1 and self.engines is not None:
            a, b = (tr("watch.engine", lang, k=k, level=level_label(e.level, lang)) for k, e in zip("AB", self.engines))
            i = min(self.series, self.played + (0 if self.match.over else 1))
            lines.append(tr("watch.game_of", lang, i=i, n=self.series))
            lines.append(tr("watch.tally", lang, a=a, b=b, wa=self.tally[0], wb=self.tally[1], d=self.tally[2]))
        if self.paused:
            lines.append(tr("watch.paused", lang))
        return [(line, "text") for line in lines]

    # ---- the series -------------------------------------------------------------------------
    def show_result_now(self) -> bool:
        return self.played >= self.series

    def update(self, dt: float) -> None:
        board = self.board
        if not self.match.over or board.anim is not None:
            return
        if self.next_at is None:
            self._count()
            if self.played < self.series:
                self.next_at = board.t + NEXT_GAME_PAUSE / self.speed
        elif board.t >= self.next_at and not self.paused:
            self.next_at = None
            self._next_game()

    def _count(self) -> None:
        """Add the finished game to the tally: which engine won (they swap seats each game)."""
        self.played += 1
        seat = self.match.winner_seat()
        if seat is None:
            self.tally[2] += 1
            return
        swapped = (self.played - 1) % 2 == 1
        self.tally[seat ^ int(swapped)] += 1

    def _next_game(self) -> None:
        """The engines swap colours; Banqi plays each deal twice (the same seed, swapped)."""
        assert self.engines is not None
        a, b = self.engines
        seats = (b, a) if self.played % 2 == 1 else (a, b)
        m = self.match
        if m.info.dealt:
            if self.played % 2 == 0:
                self.seed = random.randrange(1, 2**31)
            start_state, start = None, {"seed": self.seed}
        else:
            start_state, start = m.start_state, dict(m.start)
        board = self.board
        board.cancel_all()
        control = None if m.clock is None else m.clock.control
        board.match = Match(
            m.game, m.options, start_state=start_state, start=start, seats=seats, level=m.level, control=control
        )
        board.seats = self.make_seats()
        board.reset_view()
        board.changed()

    def rematch(self) -> None:
        """The same series again, the engines as they sat in its first game."""
        assert self.engines is not None
        m = self.match
        self.app.watch_game(
            m.game,
            m.options,
            levels=tuple(e.level for e in self.engines),
            times=tuple(e.time for e in self.engines),
            games=self.series,
            start_state=m.start_state if not m.info.dealt else None,
            control=None if m.clock is None else m.clock.control,
        )

    def bottom_seat(self):
        return None
