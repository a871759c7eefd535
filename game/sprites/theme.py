"""Colours, sizes and small drawing helpers shared by every scene.

Sizes follow the window: ui_scale(size) is 1.0 for a 1280x800 window and grows or shrinks with it,
so a scene multiplies its base sizes (fonts, margins, buttons) by it in its layout step.
"""

from __future__ import annotations

import pygame

# ---- palette -----------------------------------------------------------------------------------
BG = (22, 24, 31)
BG_TOP = (34, 37, 48)  # top of the background gradient
PANEL = (33, 36, 46)
PANEL_EDGE = (62, 66, 82)
TEXT = (238, 232, 218)
TEXT_DIM = (158, 154, 146)
TEXT_DARK = (30, 26, 20)
ACCENT = (222, 168, 74)  # gold: titles, focus, the side to move
ACCENT_DARK = (150, 104, 38)
BUTTON = (56, 60, 75)
BUTTON_HOVER = (74, 80, 99)
BUTTON_DOWN = (44, 47, 59)
BUTTON_DISABLED = (42, 44, 52)
DANGER = (196, 72, 62)
OK = (88, 178, 110)
SHADE = (0, 0, 0, 150)  # behind dialogs

# Board marks: every kind differs in shape as well as colour (see game.sprites.highlight).
# The colours follow the source draughts game: pieces that can move green; the selected piece and
# the points it can go to next yellow (told apart by shape: square frame vs dot / corner ticks).
MOVABLE = (104, 214, 116)  # thin ring around pieces that can move
SELECTED = (250, 204, 64)  # thick rounded square around the selected piece
TARGET = (255, 226, 96)  # dot on an empty target, corner ticks on an occupied one
LAST_MOVE = (160, 128, 248)  # line along the path + small squares at its ends
HINT = (255, 112, 196)  # diamonds + dashed line


def ui_scale(size) -> float:
    """1.0 at 1280x800; follows the smaller ratio of the window, kept within 0.55..2.2."""
    w, h = size
    return max(0.55, min(2.2, min(w / 1280, h / 800)))


def px(value: float, scale: float) -> int:
    """A base size in pixels at 1280x800 scaled to the window, at least 1."""
    return max(1, int(round(value * scale)))


_gradients: dict = {}


def background(size) -> pygame.Surface:
    """The window background (a vertical gradient), cached per size."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    surf = _gradients.get(size)
    if surf is None:
        surf = pygame.Surface(size)
        w, h = size
        for y in range(h):
            t = y / max(1, h - 1)
            c = tuple(int(BG_TOP[i] + (BG[i] - BG_TOP[i]) * t) for i in range(3))
            pygame.draw.line(surf, c, (0, y), (w, y))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()  # the display's pixel format blits fastest
        if len(_gradients) > 4:
            _gradients.clear()
        _gradients[size] = surf
    return surf


def panel(surface, rect, radius=12, colour=PANEL, edge=PANEL_EDGE, width=1) -> None:
    """A rounded panel with an edge line."""
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def shade(surface) -> None:
    """Darken the whole surface (behind a dialog)."""
    overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    overlay.fill(SHADE)
    surface.blit(overlay, (0, 0))


def triangle(surface, colour, center, size, direction) -> None:
    """A filled arrow head pointing "left", "right", "up" or "down" (no font glyph needed)."""
    x, y = center
    s = size
    pts = {
        "left": [(x - s, y), (x + s * 0.6, y - s), (x + s * 0.6, y + s)],
        "right": [(x + s, y), (x - s * 0.6, y - s), (x - s * 0.6, y + s)],
        "up": [(x, y - s), (x - s, y + s * 0.6), (x + s, y + s * 0.6)],
        "down": [(x, y + s), (x - s, y - s * 0.6), (x + s, y - s * 0.6)],
    }[direction]
    pygame.draw.polygon(surface, colour, pts)


def mix(a, b, t: float):
    """Colour between a (t=0) and b (t=1)."""
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))
