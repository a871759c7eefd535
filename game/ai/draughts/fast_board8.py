"""The 8x8 draughts boards for the compiled search: game.rules.draughts_movegen's generator (Russian,
Brazilian and English rules) and eval8.py's evaluation written over integers and numpy arrays, so
that numba can compile them (game.ai.jit). Moves are rows of (from bit, to bit, captured bits),
the captured bits with CROWN set where the mover ends as a king (a Russian man crowned during a
capture ends on any row). tests/test_draughts_fast8.py holds them to the rules' generator: the
same moves in the same order, which the search's move ordering keeps where scores tie.

The rule flags (MEN_BACK, FLYING, MAJORITY, CROWN_IN_CAPTURE) are module constants here, set to
one variant's values by game.ai.jit.specialise (fast8.py), so each variant compiles to its own
code with the other variants' branches gone. The values below are Russian draughts'.
"""

from __future__ import annotations

import numpy as np

from game.ai.draughts.eval8 import BACK_ROW, MAIN_ROAD, Eval8
from game.ai.draughts.fast_board import high_bit, index, popcnt
from game.ai.jit import njit, specialise
from game.rules import draughts_variants as V

G = V.RUSSIAN.geometry  # the three variants share the 8x8 board
MASK = G.mask
PROMO_W, PROMO_B = G.promo_w, G.promo_b
S1, S2 = G.s1, G.s2
CROWN = 1 << 62  # in a move's captured bits: the mover ends the move as a king
MAXM = 160
RAW = 1024  # capture sequences before the majority filter and the removal of doubles
MEN_BACK, FLYING, MAJORITY, CROWN_IN_CAPTURE = 1, 1, 0, 1  # a variant's rules (specialise sets them)

# the four directions in draughts_movegen's order: (s1, toward White), (s2, toward White), then up
DIR_SH = np.array([S1, S2, S1, S2], np.int64)
DIR_DOWN = np.array([1, 1, 0, 0], np.int64)
RAY = np.zeros((64, 4), np.int64)  # per bit and direction, the squares a flying king sees
for _bit, _rays in G.rays.items():
    for _k, (_sh, _down, _ray) in enumerate(_rays):
        RAY[_bit.bit_length() - 1, _k] = _ray


@njit
def step(x, k):
    return (x << DIR_SH[k]) if DIR_DOWN[k] else (x >> DIR_SH[k])


@njit
def man_dir(k, white):
    """Whether a man of the side `white` captures in direction k (forward is up for White)."""
    return MEN_BACK != 0 or (DIR_DOWN[k] == 0) == (white != 0)


@njit
def add(raw, n, frm, to, caps):
    if n < RAW:
        raw[n, 0], raw[n, 1], raw[n, 2] = frm, to, caps
        return n + 1
    return n


# ---- captures: MoveGen._man, _king and _short_king -----------------------------------------------
# each returns 2 * (sequences in raw) + (1 if the capture went on from cur); `crown` is CROWN for a
# piece crowned on the way (or 0). Captured pieces stay in occ (they block) but leave enemy.
@njit
def king_dfs(frm, cur, enemy, occ, caps, crown, raw, n):
    extended = 0
    if not FLYING:
        for k in range(4):
            mid = step(cur, k)
            if not mid & enemy:
                continue
            land = step(mid, k)
            if not land & MASK or land & occ:
                continue
            extended = 1
            r = king_dfs(frm, land, enemy ^ mid, occ, caps | mid, crown, raw, n)
            n = r >> 1
            if not r & 1:
                n = add(raw, n, frm, land, caps | mid | crown)
        return 2 * n + extended
    ci = index(cur)
    for k in range(4):
        blockers = RAY[ci, k] & occ
        if not blockers:
            continue
        victim = (blockers & -blockers) if DIR_DOWN[k] else high_bit(blockers)
        if not victim & enemy:
            continue
        goes_on = 0
        land = step(victim, k)
        while land & MASK and not land & occ:
            extended = 1
            r = king_dfs(frm, land, enemy ^ victim, occ, caps | victim, crown, raw, n)
            n = r >> 1
            goes_on |= r & 1
            land = step(land, k)
        if not goes_on:  # a stop is a choice only when no landing square goes on: then all are
            land = step(victim, k)
            while land & MASK and not land & occ:
                n = add(raw, n, frm, land, caps | victim | crown)
                land = step(land, k)
    return 2 * n + extended


@njit
def man_dfs(frm, cur, enemy, occ, caps, white, raw, n):
    extended = 0
    promo = PROMO_W if white else PROMO_B
    for k in range(4):
        if not man_dir(k, white):
            continue
        mid = step(cur, k)
        if not mid & enemy:
            continue
        land = step(mid, k)
        if not land & MASK or land & occ:
            continue
        extended = 1
        if land & promo and CROWN_IN_CAPTURE:  # Russian: crowned, goes on as a king
            r = king_dfs(frm, land, enemy ^ mid, occ, caps | mid, CROWN, raw, n)
            n = r >> 1
            if not r & 1:
                n = add(raw, n, frm, land, caps | mid | CROWN)
        else:
            r = man_dfs(frm, land, enemy ^ mid, occ, caps | mid, white, raw, n)
            n = r >> 1
            if not r & 1:  # crowned only if it ends on the last row
                n = add(raw, n, frm, land, caps | mid | (CROWN if land & promo else 0))
    return 2 * n + extended


@njit
def gen_captures(men, kings, enemy, occ, white, raw, out):
    """Every legal capture into out (rows of from, to, captured | CROWN), in the rules' order,
    each (from, to, captured, crowned) once; the majority rule applied where it holds."""
    n = 0
    while men:
        frm = men & -men
        men ^= frm
        n = man_dfs(frm, frm, enemy, occ ^ frm, np.int64(0), white, raw, n) >> 1
    while kings:
        frm = kings & -kings
        kings ^= frm
        n = king_dfs(frm, frm, enemy, occ ^ frm, np.int64(0), np.int64(0), raw, n) >> 1
    best = 0
    if MAJORITY:
        for i in range(n):
            best = max(best, popcnt(raw[i, 2] & MASK))
    count = 0
    for i in range(n):
        if MAJORITY and popcnt(raw[i, 2] & MASK) != best:
            continue
        seen = False
        for j in range(count):
            if out[j, 0] == raw[i, 0] and out[j, 1] == raw[i, 1] and out[j, 2] == raw[i, 2]:
                seen = True
                break
        if not seen and count < MAXM:
            out[count, 0], out[count, 1], out[count, 2] = raw[i, 0], raw[i, 1], raw[i, 2]
            count += 1
    return count


@njit
def gen_quiets(men, kings, occ, white, out):
    """Men one step forward (CROWN where they reach the last row), kings one step or any
    distance: in MoveGen.quiets' order."""
    empty = MASK ^ occ
    promo = PROMO_W if white else PROMO_B
    n = 0
    for sh in (S1, S2):
        t = ((men >> sh) if white else (men << sh)) & empty
        while t:
            low = t & -t
            t ^= low
            if n < MAXM:
                out[n, 0], out[n, 1] = (low << sh) if white else (low >> sh), low
                out[n, 2] = CROWN if low & promo else 0
                n += 1
    while kings:
        frm = kings & -kings
        kings ^= frm
        for k in range(4):
            x = step(frm, k)
            while x & empty:
                if n < MAXM:
                    out[n, 0], out[n, 1], out[n, 2] = frm, x, 0
                    n += 1
                if not FLYING:
                    break
                x = step(x, k)
    return n


@njit
def has_capture(men, kings, enemy, occ, white):
    empty = MASK ^ occ
    for k in range(4):
        if man_dir(k, white):
            sh = DIR_SH[k]
            if DIR_DOWN[k]:
                if men & (enemy >> sh) & (empty >> (2 * sh)):
                    return True
            elif men & (enemy << sh) & (empty << (2 * sh)):
                return True
    while kings:
        frm = kings & -kings
        kings ^= frm
        fi = index(frm)
        for k in range(4):
            if not FLYING:
                mid = step(frm, k)
                if mid & enemy and step(mid, k) & empty:
                    return True
                continue
            blockers = RAY[fi, k] & occ
            if blockers:
                victim = (blockers & -blockers) if DIR_DOWN[k] else high_bit(blockers)
                if victim & enemy and step(victim, k) & empty:
                    return True
    return False


@njit
def threatened(wm, wk, bm, bk, white):
    """Whether the side not to move could capture if it were its turn."""
    occ = wm | wk | bm | bk
    if white:
        return has_capture(bm, bk, wm | wk, occ, 0)
    return has_capture(wm, wk, bm | bk, occ, 1)


@njit
def gen_moves(wm, wk, bm, bk, white, raw, out):
    occ = wm | wk | bm | bk
    men, kings, enemy = (wm, wk, bm | bk) if white else (bm, bk, wm | wk)
    if has_capture(men, kings, enemy, occ, white):
        return gen_captures(men, kings, enemy, occ, white, raw, out)
    return gen_quiets(men, kings, occ, white, out)


@njit
def apply_move(wm, wk, bm, bk, white, frm, to, caps):
    """The bitboards after the move, and whether a man moved (as 0/1)."""
    man = 0
    crowned = caps & CROWN
    caps &= MASK
    if white:
        if wm & frm:
            wm ^= frm
            if crowned:
                wk |= to
            else:
                wm |= to
            man = 1
        else:
            wk = (wk ^ frm) | to
        bm &= ~caps
        bk &= ~caps
    else:
        if bm & frm:
            bm ^= frm
            if crowned:
                bk |= to
            else:
                bm |= to
            man = 1
        else:
            bk = (bk ^ frm) | to
        wm &= ~caps
        wk &= ~caps
    return wm, wk, bm, bk, man


@njit
def perft(wm, wk, bm, bk, white, depth, raw, mv):
    """Leaves `depth` plies below (no hashing): checks the compiled generator against the rules."""
    if depth == 0:
        return 1
    n = gen_moves(wm, wk, bm, bk, white, raw, mv[depth])
    if depth == 1:
        return n
    total = 0
    for i in range(n):
        a, b, c, d, _ = apply_move(wm, wk, bm, bk, white, mv[depth, i, 0], mv[depth, i, 1], mv[depth, i, 2])
        total += perft(a, b, c, d, 1 - white, depth - 1, raw, mv)
    return total


# ---- evaluation: eval8.Eval8 -------------------------------------------------------------------------
# its values (eval_arrays): the men's square values for White and Black by bit, and
# KING (a king's worth), DRAWISH, BACK_W, BACK_B, ROAD in `params`
KING, DRAWISH, BACK_W, BACK_B, ROAD = range(5)


def eval_arrays(variant: V.Variant) -> tuple:
    """(men_w, men_b, params): Eval8(variant)'s tables as arrays for evaluate()."""
    e = Eval8(variant)
    men_w, men_b = np.zeros(64, np.int64), np.zeros(64, np.int64)
    for bit, value in e.men_w.items():
        men_w[bit.bit_length() - 1] = value
    for bit, value in e.men_b.items():
        men_b[bit.bit_length() - 1] = value
    return men_w, men_b, np.array([e.king, e.drawish, e.back_w, e.back_b, e.road], np.int64)


@njit
def evaluate(wm, wk, bm, bk, white, men_w, men_b, params, _unused):
    """Eval8.evaluate_board: centi-men for the side to move (the fourth array is not read: the
    10x10 evaluation's arguments take four)."""
    nwk, nbk = popcnt(wk), popcnt(bk)
    score = 100 * (popcnt(wm) - popcnt(bm)) + params[KING] * (nwk - nbk)
    x = wm
    while x:
        low = x & -x
        x ^= low
        score += men_w[index(low)]
    x = bm
    while x:
        low = x & -x
        x ^= low
        score -= men_b[index(low)]
    if bm:
        score += BACK_ROW * popcnt(wm & params[BACK_W])
    if wm:
        score -= BACK_ROW * popcnt(bm & params[BACK_B])
    road = params[ROAD]
    if road:
        score += MAIN_ROAD * (popcnt(wk & road) - popcnt(bk & road))
    if not wm and not bm:
        hi, lo = max(nwk, nbk), min(nwk, nbk)
        if lo and (hi == lo or (lo == 1 and hi <= params[DRAWISH])):
            score = score // 8 if score >= 0 else -(-score // 8)  # truncated, as int(score / 8)
    return score if white else -score


# ---- one variant's board -----------------------------------------------------------------------------
FUNCTIONS = (
    man_dir,
    king_dfs,
    man_dfs,
    gen_captures,
    gen_quiets,
    has_capture,
    threatened,
    gen_moves,
    apply_move,
    perft,
)
_BOARDS: dict = {}


def board(variant: V.Variant) -> dict:
    """The functions above compiled for one variant's rules (game.ai.jit.specialise sets the rule
    flags), name -> function; made once a process, for the search (fast8.py) and the endgame
    tables' builder (egdb.variants) alike."""
    found = _BOARDS.get(variant.name)
    if found is None:
        rules = {
            "MEN_BACK": int(variant.men_capture_back),
            "FLYING": int(variant.flying_kings),
            "MAJORITY": int(variant.majority),
            "CROWN_IN_CAPTURE": int(variant.crown_in_capture),
        }
        found = _BOARDS[variant.name] = specialise(FUNCTIONS, rules, variant.name)
    return found
