"""Analysis on the board: the position shown (live game, hot-seat, or one looked back at) searched
in the worker process with growing budgets, so the evaluation, the best line, depth and nodes
update while it thinks; and the review of a whole game, position by position, with a progress
bar, cancel, marks in the move list and an evaluation graph. The computing is game.analysis and
game.review; this module asks the worker and draws.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.review import REVIEW_NODES, judge
from game.sprites import highlight, theme

#: seconds of the successive searches of one position (each streams its iterations as they finish,
#: then a longer one starts)
BUDGETS = (0.3, 1.0, 3.0, 8.0, 20.0)


class LiveAnalysis:
    """The analysis of the position the board shows, kept up to date while it is on."""

    def __init__(self, board):
        self.board = board
        self.on = False
        self.running = False
        self.result = None  # game.analysis.Analysis of `key`
        self.key: tuple | None = None  # (ply, review index) of the position analysed
        self.rid: int | None = None
        self.step = 0
        self._paths: tuple = (None, [])

    def _position(self):
        board = self.board
        return (board.ply, board.review, board.match.ending is not None), board.shown_state()

    @property
    def finished(self) -> bool:
        """Every budget of this position is searched (nothing more will come)."""
        return self.step >= len(BUDGETS)

    def toggle(self) -> None:
        """A: start, stop, or continue."""
        if not self.on:
            self.on, self.running = True, True
        elif self.running:
            self.running = False
            self._cancel()
        else:
            self.running = True
        self.update()

    def close(self) -> None:
        self.on = self.running = False
        self._cancel()

    def _cancel(self) -> None:
        if self.rid is not None:
            self.board.app.worker.cancel(self.rid)
            self.rid = None

    def update(self) -> None:
        """Once a frame: a new position starts afresh; an answer asks for a longer search."""
        if not self.on:
            return
        key, state = self._position()
        if key != self.key:
            self._cancel()
            self.key, self.result, self.step = key, None, 0
        if self.running and self.rid is None and self.step < len(BUDGETS) and state.result() is None:
            app = self.board.app
            time_limit = BUDGETS[self.step] if app.ai_nodes is None else None
            nodes = None if app.ai_nodes is None else app.ai_nodes * (self.step + 1)
            # stream: each finished iteration of the search comes as it is done (depth by depth)
            self.rid = app.worker.request(
                "analyse", self.board.match.info.public(state), time_limit=time_limit, nodes=nodes, stream=True
            )

    def answer(self, event) -> bool:
        if event.id != self.rid:
            return False
        if getattr(event, "partial", False):  # an iteration of the running search: more to come
            if event.error is None and event.result is not None:
                self.result = event.result
            return True
        self.rid = None
        if event.error is None and event.result is not None:
            self.result = event.result
        self.step += 1
        return True

    def lines(self, lang: str) -> list:
        """(text, kind) lines for the side panel."""
        if not self.on:
            return []
        out = []
        a = self.result
        _, state = self._position()
        if state.result() is not None:
            return [(tr("analysis.over", lang), "text")]
        if a is not None:
            out.append((tr("analysis.best", lang, line=" ".join(a.line) or "-"), "hint"))
            # no node searched yet a value: the engine looked the position up (banqi's endgame tables)
            key = "analysis.exact" if a.nodes == 0 and a.depth == 0 and a.line else "analysis.depth"
            out.append((tr(key, lang, depth=a.depth, nodes=a.nodes), "text"))
            if a.flip:
                chances = " ".join(
                    f"{self.board.view.piece_name(p, lang)} {c * 100:.0f}%" for p, c in a.flip_chances[:6]
                )
                out.append((tr("analysis.flip", lang, square=a.flip, chances=chances), "text"))
        # "Stopped" only when the player stopped it: every budget searched is "complete" (a small
        # ending or a studied Banqi position may get there within a second of opening)
        if not self.running:
            key = "analysis.stopped"
        else:
            key = "analysis.done" if self.finished else "analysis.thinking"  # (the panel redraws per answer)
        out.append((tr(key, lang), "text"))
        return out

    def bar_value(self):
        """(win chance of the side to move, that side) of the latest answer, or None."""
        if not self.on or self.result is None:
            return None
        return self.result.win_chance, self.result.to_move

    def _line_paths(self) -> list:
        """The points of the best line's first moves, found once per answer (not every frame)."""
        a = self.result
        key = (id(a), self.key)
        if self._paths[0] == key:
            return self._paths[1]
        paths: list = []
        _, pos = self._position()
        for text in a.line[:4] if a is not None else ():
            move = next((m for m in pos.legal_moves() if str(m) == text), None)
            if move is None:
                break
            paths.append(move.path)
            if self.board.match.info.reveals(move):
                break
            try:
                pos = pos.play(move)
            except Exception:  # a public view cannot play past a flip: the line stopped there anyway
                break
        self._paths = (key, paths)
        return paths

    def draw(self, surface) -> None:
        """The best line on the board: the first move as the hint mark, the next ones as arrows."""
        if not self.on or self.result is None:
            return
        view = self.board.view
        r = view.piece_radius()
        for i, path in enumerate(self._line_paths()):
            points = [view.point_xy(p) for p in path]
            if i == 0:
                highlight.hint(surface, points, r, 0.0)
            else:
                highlight.line_arrow(surface, points, r, i)


class GameReview:
    """Every position of the game searched in the worker, one request at a time (progress,
    cancel), then judged: marks in the move list and a graph of the evaluation."""

    def __init__(self, board):
        self.board = board
        self.reports: list = []
        self.rid: int | None = None
        self.result = None  # game.review.Review
        self.running = False

    @property
    def total(self) -> int:
        return len(self.board.match.states)

    def start(self) -> None:
        self.cancel()
        self.reports, self.result, self.running = [], None, True
        self._next()

    def cancel(self) -> None:
        if self.rid is not None:
            self.board.app.worker.cancel(self.rid)
        self.rid, self.running = None, False

    def _next(self) -> None:
        board = self.board
        state = board.match.states[len(self.reports)]
        nodes = REVIEW_NODES if board.app.ai_nodes is None else board.app.ai_nodes
        self.rid = board.app.worker.request("report", board.match.info.public(state), nodes=nodes)

    def answer(self, event) -> bool:
        if event.id != self.rid:
            return False
        if getattr(event, "partial", False):  # an iteration of the running search: more to come
            if event.error is None and event.result is not None:
                self.result = event.result
            return True
        self.rid = None
        if event.error is not None:
            self.running = False
            self.board.app.toast(event.error[:80])
            return True
        self.reports.append(event.result)
        m = self.board.match
        if len(self.reports) < len(m.states):
            self._next()
        else:
            self.running = False
            self.result = judge(m.states, m.moves, self.reports)
        return True

    def mark(self, ply: int) -> str:
        """The mark of move `ply` (1-based), or ""."""
        if self.result is None or not 0 < ply <= len(self.result.moves):
            return ""
        return self.result.moves[ply - 1].mark

    def lines(self, lang: str) -> list:
        if self.running:
            return [(tr("review.progress", lang, done=len(self.reports), total=self.total), "text")]
        if self.result is None:
            return []
        out = []
        view = self.board.view
        for side in self.board.match.info.sides:
            c = self.result.counts(side)
            out.append(
                (
                    tr(
                        "review.counts",
                        lang,
                        side=view.side_label(side, lang),
                        a=c.get("?!", 0),
                        b=c.get("?", 0),
                        c=c.get("??", 0),
                    ),
                    "text",
                )
            )
        review = self.board.review
        if review is not None and 0 < review <= len(self.result.moves):
            mv = self.result.moves[review - 1]
            if mv.mark and mv.better:
                out.append(
                    (tr("review.better", lang, ply=review, move=mv.move, mark=mv.mark, better=mv.better), "hint")
                )
        return out

    def values(self) -> list[float]:
        """The first side's win chance after each ply (0 = the start), for the graph."""
        if self.result is None:
            return []
        first = self.board.match.info.sides[0]
        out = []
        for p in self.result.positions:
            w = p.win_chance
            out.append(w if p.to_move in (first, None) else 1.0 - w)
        return out

    def draw_graph(self, surface, rect: pygame.Rect, current: int) -> None:
        values = self.values()
        if len(values) < 2:
            return
        pygame.draw.rect(surface, (26, 28, 36), rect, border_radius=4)
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x, rect.centery), (rect.right, rect.centery))
        n = len(values) - 1
        pts = [(rect.x + rect.w * i / n, rect.bottom - rect.h * v) for i, v in enumerate(values)]
        pygame.draw.lines(surface, theme.ACCENT, False, pts, 2)
        for ply, mv in enumerate(self.result.moves, start=1) if self.result else ():
            if mv.mark in ("?", "??"):
                x, y = pts[ply]
                pygame.draw.circle(surface, theme.DANGER if mv.mark == "??" else theme.HINT, (int(x), int(y)), 3)
        x = rect.x + rect.w * max(0, min(n, current)) / n
        pygame.draw.line(surface, theme.TEXT, (x, rect.y), (x, rect.bottom))

    def ply_at(self, rect: pygame.Rect, x: int) -> int:
        n = max(1, len(self.values()) - 1)
        return max(0, min(n, round((x - rect.x) / max(1, rect.w) * n)))
