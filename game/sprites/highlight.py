"""Board marks. Each kind has its own shape as well as its own colour, so players who cannot tell
the colours apart still can tell the marks apart:

    movable   thin ring around a piece that can move
    selected  thick rounded square around the selected piece (pulsing)
    target    filled dot on an empty target point; four corner brackets on an occupied one
    jump      a ring with a dot: the landing of a capture that jumps over a piece
    victim    a cross over the piece a capture would take (taken=True: the pieces a capture
              under way has taken so far, darkened)
    drop      a faint small dot on a point where a piece may be dropped (quiet: many at once)
    last move line along the path with a small square at each end
    hint      diamond at each point of the path and a dashed line
    cursor    dashed white square (keyboard play)
    hover     soft white halo under the mouse on a point a click would use
"""

from __future__ import annotations

import math

import pygame

from game.sprites import theme


def movable(surface, center, r: int) -> None:
    pygame.draw.circle(surface, theme.MOVABLE, center, int(r * 1.12), max(2, r // 14))


def selected(surface, center, r: int, pulse: float = 0.0) -> None:
    side = int(r * 2.5 + r * 0.12 * pulse)
    rect = pygame.Rect(0, 0, side, side)
    rect.center = center
    w = max(3, r // 7)
    pygame.draw.rect(surface, (20, 16, 8), rect.inflate(2, 2), w + 2, border_radius=r // 2)
    pygame.draw.rect(surface, theme.SELECTED, rect, w, border_radius=r // 2)


def target(surface, center, r: int, occupied: bool) -> None:
    x, y = center
    if not occupied:
        pygame.draw.circle(surface, (16, 40, 20), center, max(4, int(r * 0.34)) + 2)
        pygame.draw.circle(surface, theme.TARGET, center, max(4, int(r * 0.34)))
        return
    s = int(r * 1.2)
    k = max(4, int(r * 0.45))
    w = max(3, r // 8)
    for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        cx, cy = x + dx * s, y + dy * s
        pygame.draw.line(surface, theme.TARGET, (cx, cy), (cx - dx * k, cy), w)
        pygame.draw.line(surface, theme.TARGET, (cx, cy), (cx, cy - dy * k), w)


def jump(surface, center, r: int) -> None:
    ring = max(6, int(r * 0.62))
    pygame.draw.circle(surface, (16, 40, 20), center, ring + 2, max(3, r // 7) + 2)
    pygame.draw.circle(surface, theme.TARGET, center, ring, max(3, r // 7))
    pygame.draw.circle(surface, theme.TARGET, center, max(3, int(r * 0.2)))


_shades: dict = {}


def victim(surface, center, r: int, taken: bool = False) -> None:
    x, y = center
    if taken:
        img = _shades.get(r)
        if img is None:
            img = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            pygame.draw.circle(img, (10, 10, 14, 130), (r + 1, r + 1), r)
            _shades.clear() if len(_shades) > 16 else None
            _shades[r] = img
        surface.blit(img, img.get_rect(center=center))
    k = int(r * 0.55)
    w = max(3, r // 6)
    for dx in (-1, 1):
        pygame.draw.line(surface, (20, 16, 8), (x - k, y - dx * k), (x + k, y + dx * k), w + 3)
    for dx in (-1, 1):
        pygame.draw.line(surface, theme.DANGER, (x - k, y - dx * k), (x + k, y + dx * k), w)


_dots: dict = {}


def drop(surface, center, r: int) -> None:
    img = _dots.get(r)
    if img is None:
        d = max(3, int(r * 0.2))
        img = pygame.Surface((2 * d + 2, 2 * d + 2), pygame.SRCALPHA)
        pygame.draw.circle(img, (*theme.TARGET, 120), (d + 1, d + 1), d)
        _dots.clear() if len(_dots) > 16 else None
        _dots[r] = img
    surface.blit(img, img.get_rect(center=center))


def line_arrow(surface, points, r: int, n: int) -> None:
    """Move `n` (1, 2, ...) after the first of an analysis' best line: a thinner arrow, fading."""
    colour = (*theme.HINT[:3],)
    w = max(2, r // (8 + 2 * n))
    if len(points) >= 2:
        for a, b in zip(points, points[1:]):
            _dashed(surface, colour, a, b, w, max(5, r // 4))
        _arrow_head(surface, points[-2], points[-1], int(r * 0.8), colour)
    else:
        pygame.draw.circle(surface, colour, points[0], max(4, r // 3), w)


def last_move(surface, points, r: int) -> None:
    """points: the screen centres of the last move's path (one point: a drop or flip)."""
    w = max(3, r // 6)
    if len(points) >= 2:
        pygame.draw.lines(surface, theme.LAST_MOVE, False, points, w)
        _arrow_head(surface, points[-2], points[-1], r, theme.LAST_MOVE)
    k = max(4, int(r * 0.28))
    for p in (points[0], points[-1]) if len(points) >= 2 else points[:1]:
        rect = pygame.Rect(0, 0, 2 * k, 2 * k)
        rect.center = p
        pygame.draw.rect(surface, theme.LAST_MOVE, rect, max(2, w - 1))
    # a square frame around the point the move ended on (visible around the piece standing there)
    rect = pygame.Rect(0, 0, int(r * 2.3), int(r * 2.3))
    rect.center = points[-1]
    pygame.draw.rect(surface, theme.LAST_MOVE, rect, max(2, w - 1))


def _arrow_head(surface, a, b, r, colour) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d < 1:
        return
    ux, uy = dx / d, dy / d
    tip = (b[0] - ux * r * 0.55, b[1] - uy * r * 0.55)
    size = r * 0.5
    left = (tip[0] - ux * size - uy * size * 0.6, tip[1] - uy * size + ux * size * 0.6)
    right = (tip[0] - ux * size + uy * size * 0.6, tip[1] - uy * size - ux * size * 0.6)
    pygame.draw.polygon(surface, colour, [tip, left, right])


def hint(surface, points, r: int, pulse: float = 0.0) -> None:
    w = max(2, r // 9)
    for a, b in zip(points, points[1:]):
        _dashed(surface, theme.HINT, a, b, w, max(6, r // 3))
    s = r * (1.3 + 0.1 * pulse)
    for x, y in points:
        diamond = [(x, y - s), (x + s, y), (x, y + s), (x - s, y)]
        pygame.draw.polygon(surface, theme.HINT, diamond, max(3, r // 7))


def _dashed(surface, colour, a, b, width, dash) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d < 1:
        return
    n = int(d // dash)
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surface, colour, (a[0] + dx * t0, a[1] + dy * t0), (a[0] + dx * t1, a[1] + dy * t1), width)


def spinner(surface, center, radius: int, t: float, colour=theme.ACCENT) -> None:
    """The thinking indicator: an arc turning once a second."""
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = center
    a = -t * 2 * math.pi
    pygame.draw.arc(surface, theme.PANEL_EDGE, rect, 0, 2 * math.pi, max(2, radius // 4))
    pygame.draw.arc(surface, colour, rect, a, a + 4.2, max(2, radius // 4))


def cursor(surface, center, r: int, pulse: float = 0.0) -> None:
    """The keyboard cursor: a white square drawn as four corner pairs of dashes."""
    side = int(r * 2.7 + r * 0.1 * pulse)
    rect = pygame.Rect(0, 0, side, side)
    rect.center = center
    w = max(2, r // 9)
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
    for a, b in zip(corners, corners[1:] + corners[:1]):
        _dashed(surface, (20, 20, 20), (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1), w, max(5, r // 4))
        _dashed(surface, (250, 250, 250), a, b, w, max(5, r // 4))


_halos: dict = {}


def hover(surface, center, r: int) -> None:
    """A soft white halo around a clickable point under the mouse."""
    img = _halos.get(r)
    if img is None:
        size = int(r * 2.6)
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(img, (255, 255, 255, 70), (size // 2, size // 2), size // 2)
        pygame.draw.circle(img, (255, 255, 255, 150), (size // 2, size // 2), size // 2, max(2, r // 12))
        if len(_halos) > 16:
            _halos.clear()
        _halos[r] = img
    surface.blit(img, img.get_rect(center=center))
