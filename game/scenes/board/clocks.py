"""The board's clocks (docs/CLOCK.md): they run on the board's own time, which advances only in
the frames the board is updated and nothing stops it, so a question, a menu, another screen over
the board, looking back at earlier moves, a paused watch table and a window that lost the focus
or was minimised all stop them in a local game. A network table's clocks stop for none of these
(the host's clock counts). This module starts the clock, declares a flag fall (where this table
may: a network table leaves it to the host's session, game.net.netclock), ticks under 10 seconds
for a player at this screen, and draws both clocks in the side panel's seat boxes every frame.

As on lichess, the clocks start once each side has made its first move (the first moves are not
timed: the computer's process may still be starting or compiling), and they stop while the
computer player is being prepared.
"""

from __future__ import annotations

import math

import pygame

from game.clock import LOW_TIME, format_time
from game.i18n import tr
from game.rules.common import TIME_ENDINGS
from game.sprites import theme

LOW = (232, 86, 70)  # the low-time colour
FIRST_TIMED_PLY = 2  # the clocks start when each side has made its first move
RUNNING_BG = (70, 62, 40)
IDLE_BG = (28, 30, 38)


def result_text(board, result, lang: str) -> str:
    """The result in words: a flag fall said here for every game, the rest by the game's view."""
    if result is None or str(result.reason) not in TIME_ENDINGS:
        return board.view.result_text(result, lang)
    match = board.match
    loser = match.states[-1].to_move
    if loser is None:
        return tr("clock.time_draw_nobody", lang)
    name = board.view.side_label(loser, lang)
    if result.winner is None:
        return tr("clock.time_draw", lang, loser=name)
    return tr("clock.lost_on_time", lang, loser=name, winner=board.view.side_label(result.winner, lang))


class BoardClocks:
    """The clocks of the board's match (nothing to do when it has none)."""

    def __init__(self, board) -> None:
        self.board = board
        self.time = 0.0  # the board's clock time: advances only while the clocks may run
        self.last_tick = None  # the whole second of the last tick sound

    def result_text(self, result, lang: str) -> str:
        return result_text(self.board, result, lang)

    def _now(self) -> float:
        return self.time

    @property
    def clock(self):
        """The match's clock, running on the board's time (a watch series' next match too)."""
        clock = self.board.match.clock
        if clock is not None and clock.now != self._now:
            clock.now = self._now
        return clock

    def may_run(self) -> bool:
        board, app = self.board, self.board.app
        if getattr(board.table, "clock_authority", None) is not None:  # a network table: always
            return True
        return (
            app.top is board
            and not app.away
            and app.worker.preparing is None
            and board.review is None
            and board.table.may_start_turn()
        )

    def update(self, dt: float) -> None:
        clock, board = self.clock, self.board
        if clock is None or board.match.over:
            return
        if not self.may_run():
            return
        self.time += dt
        if board.match.ply < FIRST_TIMED_PLY:
            return
        board.match.start_clock()
        if getattr(board.table, "clock_authority", True) and board.match.flag() is not None:
            board.cancel_all()
            board.table.flagged()
            return
        self._tick()

    def _tick(self) -> None:
        """A soft tick once a second under LOW_TIME for a player at this screen (the sound
        setting is respected by app.sounds)."""
        clock, board = self.clock, self.board
        seat = clock.running
        if seat is None or not board.seats[seat].interactive or not clock.ticking():
            self.last_tick = None
            return
        left = clock.left(seat)
        if left >= LOW_TIME:
            self.last_tick = None
            return
        second = math.ceil(left)
        if second != self.last_tick:
            self.last_tick = second
            board.app.sounds.play("tick")

    # ---- drawing --------------------------------------------------------------------------------
    def shown_times(self) -> tuple[float, float] | None:
        """The times to show: the position looked back at, else the clocks now."""
        board, match = self.board, self.board.match
        if self.clock is None:
            return None
        if board.review is not None and board.review < len(match.times):
            return match.times[board.review]
        return self.clock.times()

    def draw(self, surface, boxes: list) -> None:
        """Each seat's clock at the right of its box in the side panel (boxes: screen rects)."""
        times = self.shown_times()
        if times is None or len(boxes) != 2:
            return
        board, app, s = self.board, self.board.app, self.board.s
        running = self.clock.running if board.review is None and not board.match.over else None
        for seat, box in enumerate(boxes):
            if box is None:
                continue
            left = times[seat]
            low = left < LOW_TIME
            colour = LOW if low else (theme.ACCENT if seat == running else theme.TEXT)
            img = app.text(format_time(left), theme.px(24, s), colour)
            pad = theme.px(8, s)
            face = pygame.Rect(0, 0, max(img.get_width(), theme.px(64, s)) + 2 * pad, img.get_height() + theme.px(4, s))
            face.topright = (box.right - theme.px(44, s), box.y + theme.px(6, s))
            bg = RUNNING_BG if seat == running else IDLE_BG
            edge = LOW if low and seat == running else (theme.ACCENT if seat == running else theme.PANEL_EDGE)
            pygame.draw.rect(surface, bg, face, border_radius=theme.px(6, s))
            pygame.draw.rect(surface, edge, face, width=2 if seat == running else 1, border_radius=theme.px(6, s))
            surface.blit(img, img.get_rect(center=face.center))
