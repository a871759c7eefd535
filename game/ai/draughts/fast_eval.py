"""The hard draughts level's evaluation in compiled form (game.ai.jit): eval.py's, term by term
(trained men patterns, kings' square values and the hand terms), over the rules' bitboards.
fast.py's search calls it; a test holds it equal to eval.evaluate_board."""

from __future__ import annotations

import numpy as np

from game.ai.draughts import eval as E
from game.ai.draughts.fast_board import MASK, index, popcnt
from game.ai.jit import njit

# ---- the evaluation's tables ---------------------------------------------------------------------------
# What follows from the board's geometry is compiled in as constants. What training may change (the
# tables, the kings' square values, the hand terms' constants) goes in as arguments (weights()):
# the compiled code's cache (jit.cache_dir) notices a change to the sources, not to weights.bin.
W_CONE = np.zeros((64, 2), np.int64)
B_CONE = np.zeros((64, 2), np.int64)
for _cones, _arr in ((E.W_CONE, W_CONE), (E.B_CONE, B_CONE)):
    for _bit, (_cone, _rows) in _cones.items():
        _arr[_bit.bit_length() - 1] = (_cone, _rows)
NPAT = len(E._PAT_TABLES)
PAT_SH = np.array([t[0] for t in E._PAT_TABLES], np.int64)
PAT_M = np.array([t[1] for t in E._PAT_TABLES], np.int64)
PAT_W = np.zeros((NPAT, max(len(t[2]) for t in E._PAT_TABLES)), np.int64)
PAT_B = np.zeros_like(PAT_W)
for _i, _t in enumerate(E._PAT_TABLES):
    PAT_W[_i, : len(_t[2])] = _t[2]
    PAT_B[_i, : len(_t[3])] = _t[3]
# The boxes a learned file may add (eval.BOX_PATTERNS): a box is two chunks of 2 rows x 2 squares,
# and each chunk is shared by the boxes above and below it, so the 20 chunks (5 pairs of rows x 4
# columns of boxes, [pair, column]) are read once each: box (pair p, column c) is chunk (p, c) +
# 81 x chunk (p + 1, c).
CH_SH = np.zeros((5, 4), np.int64)
CH_M = np.zeros((5, 4), np.int64)
CH_W = np.zeros((5, 4, 256), np.int64)
CH_B = np.zeros_like(CH_W)
for _p in range(5):
    for _c in range(4):
        _sq = E.BOX_PATTERNS[_p * 4 + _c][:4] if _p < 4 else E.BOX_PATTERNS[12 + _c][4:]
        _sh, _m, _tw, _tb = E._chunk(_sq, 0)
        CH_SH[_p, _c], CH_M[_p, _c] = _sh, _m
        CH_W[_p, _c, : len(_tw)], CH_B[_p, _c, : len(_tb)] = _tw, _tb
LEFT, RIGHT, W_ADV, B_ADV = E.LEFT, E.RIGHT, E.W_ADV, E.B_ADV


KINGS_VS_KINGLESS, MOBILITY, BALANCE, RUNAWAY = 0, 1, 2, 3  # where hand (weights()) holds what


def weights():
    """The evaluation's trained values as arrays, or None without trained tables: the phase of
    each men count, the tables [phase, pattern, index] (the strips, then the boxes if the file has
    them), the kings' square values by chunks of 7 bits [side, chunk, bits] and the hand terms'
    constants (at KINGS_VS_KINGLESS, ...)."""
    if E._TRAINED is None:
        return None
    phase_of, phases = E._TRAINED
    w = np.array([[t[-1] for t in ph] for ph in phases], np.int64)
    kings = np.array([E._WK, E._BK], np.int64)
    hand = np.array([E.KING_VS_KINGLESS, E.MOBILITY, E.BALANCE, *E.RUNAWAY], np.int64)
    return np.array(phase_of, np.int64), w, kings, hand


@njit
def runaways(adv, cones, occ, hand):
    """The bonus of one side's advanced men whose way to the crown (cones[square, 0]) is empty,
    by the rows they still have to go (cones[square, 1])."""
    bonus = 0
    while adv:
        m = adv & -adv
        adv ^= m
        i = index(m)
        if not cones[i, 0] & occ:
            bonus += hand[RUNAWAY + cones[i, 1]]
    return bonus


# ---- evaluation (eval.py's, term by term) ----------------------------------------------------
@njit
def evaluate(wm, wk, bm, bk, white, phase_of, w, kings, hand):
    score = 0
    ph = phase_of[popcnt(wm | bm)]
    for i in range(NPAT):
        sh = PAT_SH[i]
        m = PAT_M[i]
        score += w[ph, i, PAT_W[i, (wm >> sh) & m] + PAT_B[i, (bm >> sh) & m]]
    if w.shape[1] > NPAT:  # a file with the boxes
        for c in range(4):
            top = CH_W[0, c, (wm >> CH_SH[0, c]) & CH_M[0, c]] + CH_B[0, c, (bm >> CH_SH[0, c]) & CH_M[0, c]]
            for p in range(1, 5):
                low = CH_W[p, c, (wm >> CH_SH[p, c]) & CH_M[p, c]] + CH_B[p, c, (bm >> CH_SH[p, c]) & CH_M[p, c]]
                score += w[ph, NPAT + (p - 1) * 4 + c, top + 81 * low]
                top = low
    nwk = popcnt(wk)
    nbk = popcnt(bk)
    if nwk or nbk:
        for c in range(9):
            score += kings[0, c, (wk >> (7 * c)) & 127] - kings[1, c, (bk >> (7 * c)) & 127]
        if nwk and not nbk:
            score += hand[KINGS_VS_KINGLESS]
        elif nbk and not nwk:
            score -= hand[KINGS_VS_KINGLESS]
    occ = wm | wk | bm | bk
    empty = MASK ^ occ
    score += hand[MOBILITY] * (
        popcnt((wm >> 6) & empty) + popcnt((wm >> 7) & empty) - popcnt((bm << 6) & empty) - popcnt((bm << 7) & empty)
    )
    score -= hand[BALANCE] * abs(popcnt(wm & LEFT) - popcnt(wm & RIGHT))
    score += hand[BALANCE] * abs(popcnt(bm & LEFT) - popcnt(bm & RIGHT))
    score += runaways(wm & W_ADV, W_CONE, occ, hand) - runaways(bm & B_ADV, B_CONE, occ, hand)
    if nwk or nbk:
        nw = popcnt(wm | wk)
        nb = popcnt(bm | bk)
        if (nw == 1 and nwk and nb <= 3) or (nb == 1 and nbk and nw <= 3):
            score //= 8
        elif nwk and nbk and abs(nw - nb) <= 1 and nw + nb <= 6:
            score //= 3
    return score if white else -score
