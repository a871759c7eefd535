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
# the boxes a learned file may add (eval.BOX_PATTERNS): two chunks each, [box, chunk, ...]
NBOX = len(E._BOX_TABLES)
BOX_SH = np.array([[c[0] for c in t] for t in E._BOX_TABLES], np.int64)
BOX_M = np.array([[c[1] for c in t] for t in E._BOX_TABLES], np.int64)
BOX_W = np.zeros((NBOX, 2, max(len(c[2]) for t in E._BOX_TABLES for c in t)), np.int64)
BOX_B = np.zeros_like(BOX_W)
for _i, _t in enumerate(E._BOX_TABLES):
    for _j, _c in enumerate(_t):
        BOX_W[_i, _j, : len(_c[2])] = _c[2]
        BOX_B[_i, _j, : len(_c[3])] = _c[3]
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
    for i in range(w.shape[1] - NPAT):  # the boxes, in a file that has them
        sh1, m1, sh2, m2 = BOX_SH[i, 0], BOX_M[i, 0], BOX_SH[i, 1], BOX_M[i, 1]
        k = BOX_W[i, 0, (wm >> sh1) & m1] + BOX_B[i, 0, (bm >> sh1) & m1]
        score += w[ph, NPAT + i, k + BOX_W[i, 1, (wm >> sh2) & m2] + BOX_B[i, 1, (bm >> sh2) & m2]]
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
