"""The animation of one move, derived (as game/scenes/views/api.py describes) from the pieces
before and after the move and from move.path:

    slide   len(path) >= 2: the mover glides segment by segment (a jump over a piece is drawn as
            an arc, lifted and slightly enlarged); a promotion changes the code when it lands
    drop    len(path) == 1 on an empty point: the piece falls in (shrinks to size, fades in)
    flip    len(path) == 1 on an occupied point whose code changes: the view draws the flip
    capture every other point occupied before and empty (or taken by the mover) after: faded out
            and shrunk after the mover lands, all together (the draughts Turkish strike)

The board scene draws the `after` pieces except hidden_points(), then calls draw().
"""

from __future__ import annotations

import math

from game.sprites.tween import clamp01, ease_in_out_cubic, ease_out_back, ease_out_cubic

SLIDE = 0.20  # seconds per step at speed 1.0
FADE = 0.24
DROP = 0.28
FLIP = 0.36


class MoveAnimation:
    def __init__(self, view, before: dict, after: dict, path, speed: float = 1.0):
        self.view = view
        self.before, self.after = before, after
        self.path = tuple(path)
        speed = max(0.1, float(speed))
        self.elapsed = 0.0
        self.kind = "none"
        self.mover = self.final = None
        self.captures: dict = {}
        self.segments: list = []  # (start_time, end_time, a, b, is_jump)
        end = 0.0
        path = self.path
        if len(path) >= 2 and path[0] in before:
            self.kind = "slide"
            self.mover = before[path[0]]
            self.final = after.get(path[-1], self.mover)
            r = max(1, view.piece_radius())
            t = 0.0
            for a, b in zip(path, path[1:]):
                ax, ay = view.point_xy(a)
                bx, by = view.point_xy(b)
                dist = math.hypot(bx - ax, by - ay) / (2.2 * r)  # about one step = 1
                dur = SLIDE * min(2.2, max(0.8, 0.65 + 0.35 * dist)) / speed
                self.segments.append((t, t + dur, a, b, bool(view.is_jump(a, b))))
                t += dur
            self.land = t
            for p, code in before.items():
                if p == path[0]:
                    continue
                if p not in after or (p == path[-1]):
                    self.captures[p] = code
            end = t + (FADE / speed if self.captures else 0.0)
        elif len(path) == 1:
            p = path[0]
            self.land = 0.0
            if p not in before and p in after:
                self.kind = "drop"
                self.final = after[p]
                end = DROP / speed
            elif p in before and p in after and before[p] != after[p]:
                self.kind = "flip"
                self.final = after[p]
                end = FLIP / speed
            for q, code in before.items():
                if q != p and q not in after:
                    self.captures[q] = code
            self.main = end
            if self.captures:
                end = max(end, FADE / speed)
        else:
            self.land = 0.0
        self.fade = FADE / speed
        self.duration = end

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed = min(self.duration, self.elapsed + dt)

    def finish(self) -> None:
        self.elapsed = self.duration

    def hidden_points(self) -> set:
        """Points whose `after` piece the animation draws itself."""
        if self.kind == "slide":
            return {self.path[-1]}
        if self.kind in ("drop", "flip"):
            return {self.path[0]}
        return set()

    def mover_xy(self):
        """(x, y, scale) of the sliding piece now (see mover_lift for the height of a jump)."""
        x, y, scale, _ = self._mover()
        return x, y, scale

    def _mover(self):
        view = self.view
        t = self.elapsed
        for start, stop, a, b, jump in self.segments:
            if t <= stop:
                u = ease_in_out_cubic(clamp01((t - start) / max(1e-9, stop - start)))
                ax, ay = view.point_xy(a)
                bx, by = view.point_xy(b)
                x, y = ax + (bx - ax) * u, ay + (by - ay) * u
                lift = 0.0
                if jump:
                    lift = math.sin(math.pi * u)
                    scale = 1.0 + 0.18 * lift
                    y -= lift * view.piece_radius() * 0.9
                else:
                    scale = 1.0 + 0.06 * math.sin(math.pi * u)
                return x, y, scale, lift
        x, y = view.point_xy(self.path[-1])
        return x, y, 1.0, 0.0

    def draw(self, surface) -> None:
        view = self.view
        t = self.elapsed
        # captured pieces: whole until the mover lands, then fade and shrink together
        k = clamp01((t - self.land) / max(1e-9, self.fade)) if t >= self.land else 0.0
        if k < 1.0:
            for p, code in self.captures.items():
                view.draw_piece(surface, code, view.point_xy(p), scale=1.0 - 0.35 * k, alpha=int(255 * (1 - k)))
        if self.kind == "slide":
            x, y, scale, lift = self._mover()
            if lift > 0.05:  # a shadow on the board under a jumping piece
                r = view.piece_radius()
                _shadow(surface, (int(x), int(y + lift * r * 0.9 + r * 0.25)), r, lift)
            code = self.mover if t < self.land else self.final
            view.draw_piece(surface, code, (int(x), int(y)), scale=scale)
        elif self.kind == "drop":
            u = clamp01(t / max(1e-9, self.main))
            scale = 1.0 + 0.6 * (1 - ease_out_back(u)) if u < 1 else 1.0
            alpha = int(255 * ease_out_cubic(min(1.0, u * 1.6)))
            view.draw_piece(surface, self.final, view.point_xy(self.path[0]), scale=max(0.6, scale), alpha=alpha)
        elif self.kind == "flip":
            u = clamp01(t / max(1e-9, self.main))
            view.draw_piece(
                surface,
                self.final,
                view.point_xy(self.path[0]),
                scale=1.0 + 0.15 * math.sin(math.pi * u),
                flip=u if u < 1 else None,
            )


_shadows: dict = {}


def _shadow(surface, center, r: int, lift: float) -> None:
    import pygame

    key = (r, int(lift * 8))
    img = _shadows.get(key)
    if img is None:
        w = max(4, int(r * (2.0 - 0.4 * lift)))
        img = pygame.Surface((w, max(2, w // 2)), pygame.SRCALPHA)
        pygame.draw.ellipse(img, (0, 0, 0, int(60 + 50 * (1 - lift))), img.get_rect())
        if len(_shadows) > 64:
            _shadows.clear()
        _shadows[key] = img
    surface.blit(img, img.get_rect(center=center))
