"""Each game's look, found by convention: the package game.scenes.views.<name> of every name in
game.games.NAMES. Adding a game adds its package here; nothing in this file names a game.

A game's package holds:
  __init__.py   `View` (a GameView subclass, views/api.py) and `SCENES`: the names of its modules
                that register screens of their own (e.g. the draughts editor), imported with the
                other screens (game.app.import_scenes)
  view.py       the View: board, pieces and what the side panel says
  lessons.py    optional `LESSONS`: its guided first games, one for each game its options make of
                it, the default first (views/teaching.py: Lesson, Step)
  diagrams.py   optional `DIAGRAMS`: the rules screen's pictures (views/teaching.py: Diagram)
  settings_rows.py  optional `rows(app)`: widgets the game adds to Settings (draughts: its
                endgame tables)

Here are the helpers every screen uses to draw a game: a view for given options, a menu
thumbnail, the setup's picture of the chosen board, the seat names, a game's lessons and every
game's rules diagrams.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

import pygame

from game import games
from game.i18n import tr
from game.scenes.views.api import GameView
from game.scenes.views.teaching import Diagram, Lesson


def package(game: str) -> ModuleType:
    """The package game.scenes.views.<game>."""
    return importlib.import_module(f"{__name__}.{game}")


def _part(game: str, name: str) -> ModuleType | None:
    """The module <game>.<name> of a game's package, or None when the game has none."""
    full = f"{__name__}.{game}.{name}"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name != full:  # a module that exists but fails to import is a real error
            raise
        return None


VIEWS: dict[str, type[GameView]] = {name: package(name).View for name in games.NAMES}


def scene_modules() -> list[str]:
    """The modules of the games' own screens (registered by name when imported)."""
    return [f"{__name__}.{name}.{m}" for name in games.NAMES for m in getattr(package(name), "SCENES", ())]


def lessons(game: str) -> tuple[Lesson, ...]:
    """The game's guided first games (its default first), or none."""
    module = _part(game, "lessons")
    return tuple(getattr(module, "LESSONS", ())) if module else ()


def diagrams() -> dict[str, Diagram]:
    """Every game's rules diagrams by key ("palace-jump", ...)."""
    out: dict[str, Diagram] = {}
    for name in games.NAMES:
        module = _part(name, "diagrams")
        for d in getattr(module, "DIAGRAMS", ()) if module else ():
            out[d.key] = d
    return out


def settings_rows(app) -> list:
    """The widgets the games add to Settings, in the games' order."""
    out: list = []
    for name in games.NAMES:
        module = _part(name, "settings_rows")
        if module is not None:
            out += module.rows(app)
    return out


def make_view(game: str, options: dict) -> GameView:
    return VIEWS[game](options)


def game_title(game: str, options: dict | None, lang: str) -> str:
    """The game's name under its rule options ("Russian Draughts"); the plain name for a game
    without a view or with options it cannot read."""
    view = VIEWS.get(game)
    try:
        return view.title(options or {}, lang) if view is not None else tr(f"games.{game}", lang)
    except Exception:  # a damaged save's options: the game's plain name
        return tr(f"games.{game}", lang)


def seat_labels(game: str, options: dict, lang: str, start_state=None) -> tuple[str, str]:
    """The names of seat 0 and seat 1 for a new game (or from `start_state`)."""
    info = games.get(game)
    opts = info.check_options(options)
    view = make_view(game, opts)
    start = start_state if start_state is not None else info.new_state(opts, seed=1)
    return view.seat_label(0, start, lang), view.seat_label(1, start, lang)


def render_thumbnail(
    game: str, size, lang: str = "en", options: dict | None = None, lively: bool = True, bottom_seat: int | None = None
):
    """A picture of the game's board with its start pieces (menu cards; with `options`, the start
    those options give; lively: the view's livelier thumbnail position instead), or None.
    bottom_seat: the seat (0 moves first) whose side is drawn at the bottom, as a game against the
    computer turns the board to the player's side; None: the view's usual way up."""
    try:
        info = games.get(game)
        options = info.check_options(options or {})
        view = make_view(game, options)
        state = info.new_state(options, seed=7)
        flipped = False
        if bottom_seat is not None and view.bottom_side is not None and state.to_move is not None:
            side = state.to_move if bottom_seat == 0 else info.other_side(state.to_move)
            flipped = side != view.bottom_side
        view.layout(pygame.Rect(0, 0, size[0], size[1]), flipped)
        if lively:
            state = view.thumbnail_state(state)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        view.draw_board(surf)
        if view.thumbnail_extras:
            view.draw_extras(surf, state, lang)
        for point, code in view.pieces(state).items():
            view.draw_piece(surf, code, view.point_xy(point))
        return surf
    except Exception as exc:  # a broken picture must not break the menu
        print(f"qipan: no thumbnail for {game}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return None


def setup_picture(game: str, options: dict, size, lang: str = "en", bottom_seat: int | None = None):
    """The new-game setup's picture of the start the chosen `options` give, for a game whose view
    asks for one (GameView.setup_picture: options that change the board itself), turned as the game
    will be (render_thumbnail's bottom_seat); else None."""
    view = VIEWS.get(game)
    if view is None or not view.setup_picture:
        return None
    return render_thumbnail(game, size, lang, options, lively=False, bottom_seat=bottom_seat)
