"""The board's picture: the game's view draws the board and pieces, this module the marks of a
move being made (movable pieces, selection, targets, captures under way, drops), the last move,
the hint, the keyboard cursor, the analysis' best line and the line of keys under the board."""

from __future__ import annotations

from game.i18n import tr
from game.sprites import highlight, theme
from game.sprites.tween import pulse


def draw_board(board, surface) -> None:
    view, lang = board.view, board.app.lang
    state = board.shown_state()
    view.draw_board(surface)
    view.draw_extras(surface, state, lang)
    r = view.piece_radius()
    last = board.review if board.review is not None else len(board.move_objs)
    if last > 0 and (board.anim is None or board.anim.done):  # the last move, under the pieces
        highlight.last_move(surface, [view.point_xy(p) for p in board.move_objs[last - 1].path], r)
    pieces = view.pieces(state)
    hidden = board.anim.hidden_points() if board.anim is not None else set()
    interactive = board.review is None and board.human_turn() and (board.anim is None or board.anim.done)
    show_legal = bool(board.app.settings.get("show_legal", True))
    inp = board.move_input()
    sel = inp.selection if interactive else []
    # a capture under way: the piece stands on its last landing, what it took so far is marked
    # (and stays on the board until the capture ends, as the rules say)
    mover = sel[0] if len(sel) >= 2 else None
    others = {p: c for p, c in pieces.items() if p != mover}
    taken = [t for a, b in zip(sel, sel[1:]) if (t := view.jumped(others, a, b)) is not None]
    if interactive and show_legal and not sel:
        for p in inp.single_points() - set(pieces):  # drops: quiet dots, the hover halo shows more
            highlight.drop(surface, view.point_xy(p), r)
    if board.hover_point is not None and interactive and board.hover_point in board.clickable_points():
        highlight.hover(surface, view.point_xy(board.hover_point), r)
    dragged = board.drag if board.dragging and interactive and sel[-1:] == [board.drag] else None
    for p, code in pieces.items():
        if p not in hidden and p != dragged and p != mover:
            view.draw_piece(surface, code, view.point_xy(p))
    if mover is not None and mover in pieces:
        view.draw_piece(surface, pieces[mover], view.point_xy(sel[-1]))
    for t in taken:
        highlight.victim(surface, view.point_xy(t), r, taken=True)
    if board.anim is not None:
        board.anim.draw(surface)
    if interactive:
        if show_legal and not sel:
            for p in inp.movable_points():
                highlight.movable(surface, view.point_xy(p), r)
        for p in sel[-1:]:
            highlight.selected(surface, view.point_xy(p), r, pulse(board.t))
        for p in inp.next_points() if sel else ():
            over = view.jumped({q: c for q, c in others.items() if q not in taken}, sel[-1], p)
            if over is not None:
                highlight.jump(surface, view.point_xy(p), r)
                highlight.victim(surface, view.point_xy(over), r)
            else:
                highlight.target(surface, view.point_xy(p), r, p in pieces and p != sel[0])
    if dragged is not None and dragged in pieces:  # the piece follows the mouse, lifted
        view.draw_piece(surface, pieces[dragged], board.drag_pos, scale=1.12)
    hint = board.table.hint
    if hint is not None and board.review is None and not board.over():
        highlight.hint(surface, [view.point_xy(p) for p in hint.path], r, pulse(board.t))
    if board.cursor is not None and board.review is None:
        highlight.cursor(surface, view.point_xy(board.cursor), r, pulse(board.t))
    view.draw_over(surface, state, lang)
    board.analysis.draw(surface)
    if board.show_overlay and view.has_overlay():
        view.draw_overlay(surface, state, lang)
    draw_help(board, surface)


def help_text(board, key: str) -> str:
    view, lang = board.view, board.app.lang
    extra = " · ".join(f"{k} {d}" for k, d in view.help_keys(lang))
    if view.has_overlay() and key == board.table.help_key:
        extra = (extra + " · " if extra else "") + "O " + tr("board.overlay_key", lang)
    return tr(key, lang) + (" · " + extra if extra else "")


def help_rows(board, text: str, width: int) -> list[str]:
    """`text` in as few rows as fit `width` at the body size, broken at its " · " separators."""
    font = board.app.font(theme.px(16, board.s))
    rows: list[str] = []
    for part in text.split(" · "):
        if rows and font.size(rows[-1] + " · " + part)[0] <= width:
            rows[-1] += " · " + part
        else:
            rows.append(part)
    return rows


def draw_help(board, surface) -> None:
    """The keys under the board."""
    key = (
        board.table.help_key
        if board.review is None
        else "board.help_review"
        if board.over()
        else "board.help_look_back"
    )
    y = board.help_y
    for row in help_rows(board, help_text(board, key), board.board_area.w):
        img = board.app.text(row, theme.px(16, board.s), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midtop=(board.board_area.centerx, y)))
        y += img.get_height()
