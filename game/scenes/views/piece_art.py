"""What the three views' pieces share: their pictures drawn once per size, the faded draw, and
the lit disc under banqi's tiles and the palace's stones."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class PieceImages:
    """A view's piece pictures by (piece, radius). The board is redrawn every frame, so each
    picture is drawn once; a move's animation scales pieces through many radii, so the number
    kept is bounded (all are dropped when it is reached, or when the layout changes)."""

    def __init__(self, draw: Callable[[Hashable, int], pygame.Surface], most: int = 120):
        self._draw = draw
        self._most = most
        self._images: dict = {}

    def get(self, piece: Hashable, radius: int) -> pygame.Surface:
        key = (piece, radius)
        img = self._images.get(key)
        if img is None:
            if len(self._images) >= self._most:
                self._images.clear()
            img = self._images[key] = self._draw(piece, radius)
        return img

    def clear(self) -> None:
        self._images.clear()


def blit_piece(surface: pygame.Surface, img: pygame.Surface, center, alpha: float = 255) -> None:
    """Draw a piece's picture centred on a point, faded below alpha 255 (a capture going)."""
    if alpha < 255:
        img = img.copy()
        img.set_alpha(max(0, int(alpha)))
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


def lit_disc(
    radius: int, pad: int, light, dark, *, shadow_alpha: int, shadow_offset, exponent: float, shift: float
) -> pygame.Surface:
    """A disc lit from the upper left on a transparent square of side 2 * (radius + pad), with a
    soft shadow: a radial gradient from `light` to `dark` (steeper with a larger exponent), its
    centre shifted toward the light by `shift` of the radius."""
    size = 2 * (radius + pad)
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (0, 0, 0, shadow_alpha), (c + shadow_offset[0], c + shadow_offset[1]), radius)
    img.blit(shadow, (0, 0))
    for i in range(radius, 0, -1):
        t = i / radius
        col = tuple(int(light[k] + (dark[k] - light[k]) * t**exponent) for k in range(3))
        off = (1 - t) * radius * shift
        pygame.draw.circle(img, col, (c - off, c - off), i)
    return img
