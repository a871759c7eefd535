"""The views' shared piece drawing: pictures drawn once per size and bounded, the faded draw."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.scenes.views.piece_art import PieceImages, blit_piece, lit_disc


def test_a_picture_is_drawn_once_per_piece_and_radius_and_the_number_kept_is_bounded():
    drawn = []

    def draw(piece, radius):
        drawn.append((piece, radius))
        return pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)

    images = PieceImages(draw, most=3)
    first = images.get("w", 10)
    assert images.get("w", 10) is first and drawn == [("w", 10)]
    for radius in (11, 12, 13):  # the fourth picture drops the three kept
        images.get("w", radius)
    images.get("w", 10)
    assert drawn.count(("w", 10)) == 2
    images.clear()
    images.get("w", 13)
    assert drawn.count(("w", 13)) == 2


def test_a_faded_piece_is_drawn_centred_and_the_picture_kept_unchanged():
    img = lit_disc(
        10, 2, (250, 250, 250), (200, 200, 200), shadow_alpha=80, shadow_offset=(1, 2), exponent=1.5, shift=0.25
    )
    assert img.get_size() == (24, 24)
    surface = pygame.Surface((60, 60), pygame.SRCALPHA)
    blit_piece(surface, img, (30.4, 29.6), alpha=128)
    assert img.get_alpha() in (None, 255)  # the cached picture is not faded for good
    r, g, b, a = surface.get_at((30, 30))
    assert a > 0 and r > 150  # the disc's body, centred where asked
    assert surface.get_at((2, 2)).a == 0
