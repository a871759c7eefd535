"""Pictures for the rules screen, drawn by each game's own view from positions the rules build.

Each game's diagrams are data in its views package (game/scenes/views/<game>/diagrams.py, the
kind in game/scenes/views/teaching.py): a move is drawn as an arrow, captured pieces crossed, the
landing marked, other landings of the same capture dotted.
"""

from __future__ import annotations

import pygame

from game import games
from game.i18n import tr
from game.scenes.views import diagrams, make_view
from game.scenes.views.teaching import Diagram
from game.sprites import highlight

__all__ = ["BY_KEY", "DIAGRAMS", "Diagram", "caption", "captured_points", "find_move", "position", "render", "view_of"]

BY_KEY: dict[str, Diagram] = diagrams()
DIAGRAMS: tuple[Diagram, ...] = tuple(BY_KEY.values())


def position(d: Diagram):
    """The diagram's state (the game's start when it gives no text)."""
    info = games.get(d.game)
    options = info.check_options(dict(d.options))
    if d.position is None:
        return info.new_state(options, seed=1)
    return info.rules.from_text(d.position, **options)


def find_move(state, notation: str):
    """The legal move of `state` written `notation`, or None."""
    return next((m for m in state.legal_moves() if str(m) == notation), None)


def captured_points(view, before, after, path) -> list[int]:
    """Points whose piece a move took: occupied before, and empty or taken by the mover after (the
    mover's own square too when it is nowhere after the move: a Banqi trade removes both)."""
    old, new = view.pieces(before), view.pieces(after)
    gone = len(path) > 1 and path[-1] not in new
    return [p for p in old if (p != path[0] or gone) and (p not in new or (p == path[-1] and len(path) > 1))]


def view_of(d: Diagram, state):
    """The game's view under the diagram's rule options (a draughts variant: its own board)."""
    options = games.get(d.game).check_options(dict(d.options))
    return make_view(d.game, {**options, **getattr(state, "options", {})})


def render(d: Diagram, size: tuple[int, int], lang: str) -> pygame.Surface:
    """The diagram drawn to fit `size`, cropped to what was drawn."""
    state = position(d)
    view = view_of(d, state)
    view.show_labels(True)  # the captions name points (draughts: square numbers)
    view.layout(pygame.Rect(0, 0, size[0], size[1]), False)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    view.draw_board(surf)
    view.draw_extras(surf, state, lang)
    pieces = view.pieces(state)
    r = view.piece_radius()
    move = find_move(state, d.move) if d.move else None
    if move is not None:  # the arrow goes under the pieces, so the mover stays readable
        path = list(move.path)
        if len(path) >= 2:
            highlight.last_move(surf, [view.point_xy(p) for p in path], r)
    for point, code in pieces.items():
        view.draw_piece(surf, code, view.point_xy(point))
    view.draw_over(surf, state, lang)
    if d.drops:
        for m in state.legal_moves():
            if len(m.path) == 1:
                highlight.drop(surf, view.point_xy(m.path[0]), r)
    for p in d.rings:
        highlight.selected(surf, view.point_xy(p), r)
    if move is not None:
        _mark_move(surf, view, state, move, r)
    box = surf.get_bounding_rect()
    return surf.subsurface(box).copy() if box.w and box.h else surf


def _mark_move(surf, view, state, move, r) -> None:
    path = list(move.path)
    if len(path) == 1:
        highlight.hint(surf, [view.point_xy(path[0])], r)
        return
    victims = captured_points(view, state, state.play(move), path)
    # the other landings of the same capture (a flying king may stop on any free square beyond)
    for m in state.legal_moves():
        if m != move and m.path[0] == path[0] and len(m.path) == len(path) and victims:
            if captured_points(view, state, state.play(m), list(m.path)) == victims:
                highlight.target(surf, view.point_xy(m.path[-1]), r, False)
    for p in victims:
        highlight.victim(surf, view.point_xy(p), r)
    if victims and path[-1] not in victims:
        highlight.jump(surf, view.point_xy(path[-1]), r)


def caption(d: Diagram, lang: str) -> str:
    return tr(d.caption, lang)
