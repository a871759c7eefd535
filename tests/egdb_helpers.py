"""Positions from the shipped 2-3 piece endgame tables for the bench tests."""

import random

from game.ai.draughts import egdb as E
from game.rules import draughts as R
from game.rules import draughts_board as B


def has_capture(s) -> bool:
    occ = s.wm | s.wk | s.bm | s.bk
    if s.to_move == "w":
        return bool(B.gen_captures(s.wm, s.wk, s.bm | s.bk, occ))
    return bool(B.gen_captures(s.bm, s.bk, s.wm | s.wk, occ))


def won_then(black_values, seed: int):
    """A shipped 3-piece position White wins (no capture pending), and a move of White's after
    which Black, to move with no capture pending, has one of `black_values` (egdb values)."""
    rng = random.Random(seed)
    codes = E.materials(3)
    while True:
        code = rng.choice(codes)
        wm, wk, bm, bk, ok = E.decode(rng.randrange(int(E.size_of(code))), code)
        start = R.State(wm, wk, bm, bk, "w")
        if not ok or has_capture(start) or E.value(wm, wk, bm, bk, True) != E.WIN:
            continue
        for move in start.legal_moves():
            after = start.play(move)
            if after.result() is None and not has_capture(after):
                if E.value(after.wm, after.wk, after.bm, after.bk, False) in black_values:
                    return start, move
