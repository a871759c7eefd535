"""What the plain search (search.py) asks of a board, one set per variant of the draughts family:
the move generator, the evaluation and the draw count, with the signatures search.py calls.
International draughts uses draughts_board's own 10x10 functions and the trained evaluation
(eval.py); the 8x8 variants the family's generator (game.rules.draughts_movegen) and eval8.py.
Only the 10x10 board has the opening book and the endgame tables (`tables10`); the compiled search
plays on both (fast.py on 10x10, fast8.py's copies of it on the 8x8 boards).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ai.draughts.eval import evaluate_board
from game.ai.draughts.eval8 import Eval8
from game.rules import draughts as R
from game.rules import draughts_variants as V
from game.rules.draughts_movegen import generator


@dataclass(frozen=True)
class SearchBoard:
    variant: V.Variant
    gen_captures: tuple  # (Black's, White's): (men, kings, enemy, occupied) -> internal moves
    has_capture: tuple  # (Black's, White's): (men, kings, enemy, occupied) -> bool
    gen_quiets: Callable  # (men, kings, occupied, white)
    gen_moves: Callable  # (wm, wk, bm, bk, white)
    apply_move: Callable  # (wm, wk, bm, bk, white, move) -> (wm, wk, bm, bk, a man moved)
    evaluate_board: Callable  # (wm, wk, bm, bk, white) -> centi-men for the side to move
    threatened: Callable  # (wm, wk, bm, bk, white): the side not to move could capture
    internal: Callable  # a rules Move -> its internal form
    mask: int
    s1: int  # the two diagonal shifts of the board's bit layout
    s2: int
    draw_plies: int  # plies without a capture or a man's move that draw
    tables10: bool  # the opening book, endgame tables and fast.py's own board apply


def _threatened10(wm, wk, bm, bk, white) -> bool:
    occ = wm | wk | bm | bk
    return R.has_capture(bm, bk, wm | wk, occ) if white else R.has_capture(wm, wk, bm | bk, occ)


BOARD10 = SearchBoard(
    V.INTERNATIONAL,
    (R.gen_captures, R.gen_captures),
    (R.has_capture, R.has_capture),
    R.gen_quiets,
    R.gen_moves,
    R.apply_move,
    evaluate_board,
    _threatened10,
    R.internal,
    R.MASK,
    6,
    7,
    V.INTERNATIONAL.kings_only_plies,
    True,
)


def _board8(variant: V.Variant) -> SearchBoard:
    gen, g = generator(variant), variant.geometry
    square = g.square

    def captures(white):
        return lambda men, kings, enemy, occ: gen.captures(men, kings, enemy, occ, white)

    def has(white):
        return lambda men, kings, enemy, occ: gen.has_capture(men, kings, enemy, occ, white)

    def apply_move(wm, wk, bm, bk, white, mv):
        return gen.apply(wm, wk, bm, bk, white, mv)[:5]

    def threatened(wm, wk, bm, bk, white):
        occ = wm | wk | bm | bk
        return gen.has_capture(bm, bk, wm | wk, occ, False) if white else gen.has_capture(wm, wk, bm | bk, occ, True)

    def internal(move):
        caps = sum(square[s - 1] for s in move.captures)
        return square[move.start - 1], square[move.end - 1], caps, move.crowned

    return SearchBoard(
        variant,
        (captures(False), captures(True)),
        (has(False), has(True)),
        gen.quiets,
        gen.moves,
        apply_move,
        Eval8(variant).evaluate_board,
        threatened,
        internal,
        g.mask,
        g.s1,
        g.s2,
        variant.kings_only_plies,
        False,
    )


_BOARDS = {"international": BOARD10}


def board_of(state) -> SearchBoard:
    """The search's board for a rules state's variant."""
    return board_of_variant(state.variant)


def board_of_variant(variant: V.Variant) -> SearchBoard:
    """The search's board for a variant of the family."""
    board = _BOARDS.get(variant.name)
    if board is None:
        board = _BOARDS[variant.name] = _board8(variant)
    return board
