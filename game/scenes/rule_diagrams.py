"""Pictures for the rules screen, drawn by each game's own view from positions the rules build.

A rules text places one with a line of its own: `![diagram](diagram:palace-jump)`. Each diagram is
data: a position (text of game.rules.<game>.from_text, or None for the start), an optional move in
notation (drawn as an arrow; captured pieces crossed, the landing marked, other landings of the
same capture dotted), optional ringed points, and a caption in both languages. tests/
test_rule_diagrams.py checks that every position is legal and every picture shows what it claims.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import games
from game.i18n import add, tr
from game.scenes.game_views import make_view
from game.sprites import highlight


@dataclass(frozen=True)
class Diagram:
    key: str
    game: str
    caption: str  # i18n key
    position: str | None = None  # position text; None: the game's start
    move: str | None = None  # a legal move of the position, in notation
    rings: tuple[int, ...] = ()  # view points to ring (e.g. trapped kings)
    drops: bool = False  # dot every point where a piece may be dropped


def _caption(key: str, zh: str, en: str) -> str:
    add({key: {"zh": zh, "en": en}})
    return key


DIAGRAMS: tuple[Diagram, ...] = (
    # ---- palace ---------------------------------------------------------------------------------
    Diagram(
        "palace-start",
        "palace",
        _caption(
            "diagram.palace-start",
            "开局：二王在两宫正中，八兵围住中心，另有十六兵在手（左侧）。",
            "The start: the two kings in the middle of the palaces, 8 soldiers around the centre, "
            "16 more in hand (left).",
        ),
    ),
    Diagram(
        "palace-jump",
        "palace",
        _caption(
            "diagram.palace-jump",
            "跳吃：王沿线跳过相邻的兵，落在紧后面的空点上，这个兵被吃掉。",
            "A jump: the king leaps along a line over the soldier next to it onto the free point "
            "right behind; the soldier is captured.",
        ),
        ".-.-./-.B.-/..W../...../.W.W./.WWW./...../-.B.-/.-.-. b 15 0",
        "c8xc6",
    ),
    Diagram(
        "palace-drop",
        "palace",
        _caption(
            "diagram.palace-drop",
            "落子阶段：白方手中还有兵时，每步把一兵放在任意空点（绿点），不能走子。",
            "The drop phase: while White has soldiers in hand, each turn puts one on any free point "
            "(green dots); no soldier may move yet.",
        ),
        ".-.-./-...-/..B../.WWW./.W.W./.WWW./...../-.B.-/.-.-. w 16 0",
        drops=True,
    ),
    Diagram(
        "palace-trapped",
        "palace",
        _caption(
            "diagram.palace-trapped",
            "两王都被围死：轮到黑方却无路可走，也无兵可跳，白方胜。宫内五兵即可困住一王。",
            "Both kings are shut in: Black is to move but no king can step or jump, so White wins. "
            "Five soldiers are enough to trap a king in a palace.",
        ),
        ".-W-./-WBW-/..W../..W../...../..W../..W../-WBW-/.-W-. b 12 2",
        rings=(7, 37),  # the kings on c8 and c2
    ),
    # ---- draughts -------------------------------------------------------------------------------
    Diagram(
        "draughts-start",
        "draughts",
        _caption(
            "diagram.draughts-start",
            "开局：各二十子摆在深色格上，白方在下，先走。",
            "The start: 20 men each on the dark squares; White at the bottom moves first.",
        ),
    ),
    Diagram(
        "draughts-max",
        "draughts",
        _caption(
            "diagram.draughts-max",
            "最大吃子：39 能吃一子，37 能连吃两子，必须走吃得最多的 37。",
            "Maximum capture: 39 could take one piece, 37 can take two in a row, so 37 must capture.",
        ),
        "W:W37,39:B23,32,34",
        "37x19",
    ),
    Diagram(
        "draughts-king",
        "draughts",
        _caption(
            "diagram.draughts-king",
            "飞王：王沿斜线远距离吃子，可停在被吃子后面的任一空格（绿点）。",
            "A flying king takes from afar along a diagonal and may stop on any free square beyond (green dots).",
        ),
        "W:WK46:B28",
        "46x23",
    ),
    Diagram(
        "draughts-turkish",
        "draughts",
        _caption(
            "diagram.draughts-turkish",
            "土耳其打击：白子连吃四子回到原格。第一颗被跳的子仍在旁边，但同一子不能跳两次，吃子到此为止，四子最后一起拿走。",
            "Turkish strike: the man takes four and comes back to its square. The first piece it "
            "jumped still stands beside it, but no piece may be jumped twice, so the capture ends; "
            "all four are removed together.",
        ),
        "W:W33:B18,19,28,29",
        "33x33",
    ),
    # ---- banqi ----------------------------------------------------------------------------------
    Diagram(
        "banqi-start",
        "banqi",
        _caption(
            "diagram.banqi-start",
            "开局：三十二子全部背面朝上，洗乱摆满半张棋盘。",
            "The start: all 32 pieces face down, shuffled, filling half a board.",
        ),
    ),
    Diagram(
        "banqi-flip",
        "banqi",
        _caption(
            "diagram.banqi-flip",
            "翻棋：把任一暗子翻开，翻出的可能是自己的，也可能是对方的。",
            "A flip: turn any face-down piece over; it may be yours or your opponent's.",
        ),
        "xxxxxxxx/xxRxxxxx/xxxxnxxx/xxxxxxxx r - 0",
        "d3",
    ),
    Diagram(
        "banqi-cannon",
        "banqi",
        _caption(
            "diagram.banqi-cannon",
            "炮打隔子：炮沿直线隔着正好一个棋子（炮架，暗子也算）吃掉后面第一个敌子，远近不限。",
            "A cannon capture: the cannon jumps along its row over exactly one piece (the screen, "
            "face down or not) onto the first enemy piece beyond, at any distance.",
        ),
        "xxxx.xxx/xx.xx.xx/.C.x..r./xxx.xxxx r PPPppBbNn 0",
        "b2xg2",
    ),
    Diagram(
        "banqi-soldier",
        "banqi",
        _caption(
            "diagram.banqi-soldier",
            "兵吃将：将（帅）最大，却吃不了兵（卒）；兵（卒）反而能吃将（帅）。",
            "The Soldier takes the General: the General outranks everything but cannot take a "
            "Soldier, and a Soldier may take the General.",
        ),
        "xxxkxxxx/xxxPxxxx/xxxxxxxx/xxxxxxxx r - 0",
        "d3xd4",
    ),
)

BY_KEY = {d.key: d for d in DIAGRAMS}


def position(d: Diagram):
    """The diagram's state (the game's start when it gives no text)."""
    info = games.get(d.game)
    if d.position is None:
        return info.new_state(info.check_options({}), seed=1)
    return info.rules.from_text(d.position)


def find_move(state, notation: str):
    """The legal move of `state` written `notation`, or None."""
    return next((m for m in state.legal_moves() if str(m) == notation), None)


def captured_points(view, before, after, path) -> list[int]:
    """Points whose piece a move took: occupied before, and empty or taken by the mover after."""
    old, new = view.pieces(before), view.pieces(after)
    return [p for p in old if p != path[0] and (p not in new or (p == path[-1] and len(path) > 1))]


def render(d: Diagram, size: tuple[int, int], lang: str) -> pygame.Surface:
    """The diagram drawn to fit `size`, cropped to what was drawn."""
    info = games.get(d.game)
    view = make_view(d.game, info.check_options({}))
    view.show_labels(True)  # the captions name points (draughts: square numbers)
    view.layout(pygame.Rect(0, 0, size[0], size[1]), False)
    state = position(d)
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
