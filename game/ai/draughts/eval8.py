"""A hand-made evaluation for the 8x8 variants (Russian, Brazilian, English checkers), as data:
the trained tables of eval.py are 10x10-shaped. Centi-men for the side to move. Pure Python.

Terms: material (a king's worth by variant: a flying king is worth about three men, a short
English king one and a half), men's advancement and centre by square, men kept on the back row
(they stop the opponent's crowning), a flying king on the long diagonal (a1-h8, the "main road"
of Russian draughts), and endings of kings only that the stronger side cannot win scaled toward 0.
"""

from __future__ import annotations

from game.rules.draughts_variants import Variant

# worth of a king in men (x100), by variant
KING = {"russian": 300, "brazilian": 300, "english": 150}
# a white man's value by its row counted from White's back row (row 0 .. 6; on row 7 it is a king)
ADVANCE = (0, 3, 6, 10, 15, 22, 32)
CENTRE = 6  # a man on one of the four centre squares (d4, f4, c5, e5)
BACK_ROW = 9  # each man still on its own back row while the opponent has men to crown
MAIN_ROAD = 12  # a flying king on the long diagonal a1-h8
# kings-only endings: this many kings cannot force a win against a lone king (flying kings: two;
# three win only holding the main road; short English kings: one, two against one win)
DRAWISH_KINGS = {"russian": 2, "brazilian": 2, "english": 1}


class Eval8:
    """The evaluation of one 8x8 variant, its square tables built once."""

    def __init__(self, variant: Variant):
        g = variant.geometry
        self.variant = variant
        self.king = KING[variant.name]
        self.drawish = DRAWISH_KINGS[variant.name]
        centre = {18, 19, 14, 15}  # d4 f4 c5 e5 (square numbers; b8 is 1)
        white = []
        for s in range(1, g.n + 1):
            row, _ = g.row_col(s)
            white.append(ADVANCE[min(g.size - 1 - row, 6)] + (CENTRE if s in centre else 0))
        # 180 degrees turn the board: square s is square n+1-s for the other side
        self.men_w = {g.square[s]: white[s] for s in range(g.n)}
        self.men_b = {g.square[g.n - 1 - s]: white[s] for s in range(g.n)}
        self.back_w = sum(g.square[-g.width :])  # White's own back row (Black crowns there)
        self.back_b = sum(g.square[: g.width])
        a1_h8 = [g.square_at(g.size - 1 - i, i) for i in range(g.size)]
        self.road = sum(g.square[s - 1] for s in a1_h8 if s) if variant.flying_kings else 0

    def white_view(self, wm, wk, bm, bk) -> int:
        score = 100 * (wm.bit_count() - bm.bit_count()) + self.king * (wk.bit_count() - bk.bit_count())
        table = self.men_w
        x = wm
        while x:
            low = x & -x
            x ^= low
            score += table[low]
        table = self.men_b
        x = bm
        while x:
            low = x & -x
            x ^= low
            score -= table[low]
        if bm:
            score += BACK_ROW * (wm & self.back_w).bit_count()
        if wm:
            score -= BACK_ROW * (bm & self.back_b).bit_count()
        if self.road:
            score += MAIN_ROAD * ((wk & self.road).bit_count() - (bk & self.road).bit_count())
        if not wm and not bm:
            hi, lo = sorted((wk.bit_count(), bk.bit_count()), reverse=True)
            if lo and (hi == lo or (lo == 1 and hi <= self.drawish)):
                score = int(
                    score / 8
                )  # a kings-only ending neither side can force (truncated: the same for both colours)
        return score

    def evaluate_board(self, wm, wk, bm, bk, white) -> int:
        """The evaluation for the side to move (`white`), as eval.evaluate_board gives it."""
        score = self.white_view(wm, wk, bm, bk)
        return score if white else -score
