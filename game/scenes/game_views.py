"""Each game's view (how its board and pieces look), keyed by the same names as game.games, and
the helpers every screen uses to draw a game: a view for given options, a menu thumbnail.
"""

from __future__ import annotations

import sys

import pygame

from game import games
from game.scenes import banqi_view, draughts_view, palace_view
from game.scenes.view_api import GameView

VIEWS: dict[str, type[GameView]] = {
    "palace": palace_view.View,
    "draughts": draughts_view.View,
    "banqi": banqi_view.View,
}
assert set(VIEWS) == set(games.NAMES), "every game of game.games has a view"


def make_view(game: str, options: dict) -> GameView:
    return VIEWS[game](options)


def seat_labels(game: str, options: dict, lang: str, start_state=None) -> tuple[str, str]:
    """The names of seat 0 and seat 1 for a new game (or from `start_state`)."""
    info = games.get(game)
    opts = info.check_options(options)
    view = make_view(game, opts)
    start = start_state if start_state is not None else info.new_state(opts, seed=1)
    return view.seat_label(0, start, lang), view.seat_label(1, start, lang)


def render_thumbnail(game: str, size, lang: str = "en"):
    """A picture of the game's board with its start pieces (menu cards), or None."""
    try:
        info = games.get(game)
        options = info.check_options({})
        view = make_view(game, options)
        view.layout(pygame.Rect(0, 0, size[0], size[1]), False)
        state = view.thumbnail_state(info.new_state(options, seed=7))
        surf = pygame.Surface(size, pygame.SRCALPHA)
        view.draw_board(surf)
        view.draw_extras(surf, state, lang)
        for point, code in view.pieces(state).items():
            view.draw_piece(surf, code, view.point_xy(point))
        return surf
    except Exception as exc:  # a broken picture must not break the menu
        print(f"qipan: no thumbnail for {game}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return None
