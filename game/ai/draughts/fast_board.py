"""The draughts board for the compiled search (fast.py): bit tricks, the position hash and
the move generator of game.rules.draughts_board written over integers and numpy arrays, so that
numba can compile them (game.ai.jit). Moves are rows of (from bit, to bit, captured bits).
tests/test_draughts_fast.py holds them to the rules' generator.
"""

from __future__ import annotations

import numpy as np

from game.ai.jit import AVAILABLE, njit
from game.rules import draughts_board as B

MASK = B.MASK
PROMO_W, PROMO_B = B.PROMO_W, B.PROMO_B
MAXM = 160  # moves kept per position (more never occur in play; extra ones are dropped)
RAW = 1024  # capture sequences before the maximum-capture filter

DIR_SH = np.array([6, 7, 6, 7], np.int64)  # draughts_board's four directions (shift, toward White)
DIR_DOWN = np.array([1, 1, 0, 0], np.int64)
RAY = np.zeros((64, 4), np.int64)  # per bit and direction, the squares a king sees
for _bit, _rays in B.RAYS.items():
    for _k, (_sh, _down, _ray) in enumerate(_rays):
        RAY[_bit.bit_length() - 1, _k] = _ray


# ---- bits --------------------------------------------------------------------------------------------
@njit
def popcnt(x):
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 255


@njit
def high_bit(x):
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    x |= x >> 32
    return x ^ (x >> 1)


@njit
def index(bit):
    return popcnt(bit - 1)


@njit
def step(x, k):
    return (x << DIR_SH[k]) if DIR_DOWN[k] else (x >> DIR_SH[k])


# The position's hash key: each board is mixed (splitmix64's finaliser) before the next joins,
# so that every bit moves every bit of the key. The plain products used before moved a bit only
# upward: boards that differed only on the last rows (the high bits) shared a key 4 times in
# 10, and the search believed one position's table entry for another's. The arithmetic is
# unsigned: numba's signed products may not overflow (LLVM then drops the masks).
KEY_SEEDS = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0x27D4EB2F165667C5)
KEY_WHITE = 0x5851F42D4C957F2D
MIX1, MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
M64 = (1 << 64) - 1


def _mix_int(x):
    x ^= x >> 31
    x = (x * MIX1) & M64
    x ^= x >> 27
    x = (x * MIX2) & M64
    return x ^ (x >> 31)


def hkey_int(wm, wk, bm, bk, white):
    """hkey over Python's integers: the reference, and the key where numba is missing."""
    h = 0
    for board, seed in zip((wm, wk, bm, bk), KEY_SEEDS):
        h = _mix_int(h ^ board ^ seed)
    return (h ^ KEY_WHITE if white else h) >> 1


@njit
def _mix(x):
    x ^= x >> np.uint64(31)
    x *= np.uint64(MIX1)
    x ^= x >> np.uint64(27)
    x *= np.uint64(MIX2)
    return x ^ (x >> np.uint64(31))


@njit
def _hkey(wm, wk, bm, bk, white):
    h = _mix(np.uint64(wm) ^ np.uint64(KEY_SEEDS[0]))
    h = _mix(h ^ np.uint64(wk) ^ np.uint64(KEY_SEEDS[1]))
    h = _mix(h ^ np.uint64(bm) ^ np.uint64(KEY_SEEDS[2]))
    h = _mix(h ^ np.uint64(bk) ^ np.uint64(KEY_SEEDS[3]))
    if white:
        h ^= np.uint64(KEY_WHITE)
    return np.int64(h >> np.uint64(1))


hkey = _hkey if AVAILABLE else hkey_int  # a 63-bit key, never negative


# ---- moves (draughts_board's generator, into rows of arrays) -----------------------------------------
@njit
def man_dfs(frm, cur, enemy, occ, caps, raw, n):
    """Returns 2 * (sequences in raw) + (1 if the capture went on from cur)."""
    if n >= RAW:
        return 2 * n
    extended = 0
    for k in (0, 2, 1, 3):  # draughts_board's order: shift 6 down, up, then 7 down, up
        mid = step(cur, k)
        if mid & enemy:
            land = step(mid, k)
            if land & MASK and not land & occ:
                extended = 1
                r = man_dfs(frm, land, enemy ^ mid, occ, caps | mid, raw, n)
                n = r >> 1
                if not r & 1 and n < RAW:
                    raw[n, 0], raw[n, 1], raw[n, 2] = frm, land, caps | mid
                    n += 1
    return 2 * n + extended


@njit
def king_dfs(frm, cur, enemy, occ, caps, raw, n):
    if n >= RAW:
        return 2 * n
    extended = 0
    ci = index(cur)
    for k in range(4):
        blockers = RAY[ci, k] & occ
        if not blockers:
            continue
        victim = (blockers & -blockers) if DIR_DOWN[k] else high_bit(blockers)
        if not victim & enemy:
            continue
        land = step(victim, k)
        while land & MASK and not land & occ:
            extended = 1
            r = king_dfs(frm, land, enemy ^ victim, occ, caps | victim, raw, n)
            n = r >> 1
            if not r & 1 and n < RAW:
                raw[n, 0], raw[n, 1], raw[n, 2] = frm, land, caps | victim
                n += 1
            land = step(land, k)
    return 2 * n + extended


@njit
def gen_captures(men, kings, enemy, occ, raw, out):
    """Maximum captures into out (rows of from, to, captured), each (from, to, set) once."""
    empty = MASK ^ occ
    n = 0
    cand = men & (
        ((enemy >> 6) & (empty >> 12))
        | ((enemy >> 7) & (empty >> 14))
        | ((enemy << 6) & (empty << 12))
        | ((enemy << 7) & (empty << 14))
    )
    while cand:
        frm = cand & -cand
        cand ^= frm
        n = man_dfs(frm, frm, enemy, occ ^ frm, np.int64(0), raw, n) >> 1
    while kings:
        frm = kings & -kings
        kings ^= frm
        n = king_dfs(frm, frm, enemy, occ ^ frm, np.int64(0), raw, n) >> 1
    best = 0
    for i in range(n):
        c = popcnt(raw[i, 2])
        if c > best:
            best = c
    count = 0
    for i in range(n):
        if popcnt(raw[i, 2]) != best:
            continue
        seen = False
        if best > 1:
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
    empty = MASK ^ occ
    n = 0
    for sh in (6, 7):
        t = ((men >> sh) if white else (men << sh)) & empty
        while t:
            low = t & -t
            t ^= low
            if n < MAXM:
                out[n, 0], out[n, 1], out[n, 2] = (low << sh) if white else (low >> sh), low, 0
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
                x = step(x, k)
    return n


@njit
def has_capture(men, kings, enemy, occ):
    empty = MASK ^ occ
    if men & (
        ((enemy >> 6) & (empty >> 12))
        | ((enemy >> 7) & (empty >> 14))
        | ((enemy << 6) & (empty << 12))
        | ((enemy << 7) & (empty << 14))
    ):
        return True
    while kings:
        frm = kings & -kings
        kings ^= frm
        fi = index(frm)
        for k in range(4):
            blockers = RAY[fi, k] & occ
            if blockers:
                victim = (blockers & -blockers) if DIR_DOWN[k] else high_bit(blockers)
                if victim & enemy and step(victim, k) & empty:
                    return True
    return False


@njit
def threatened(wm, wk, bm, bk, white):
    """Whether the side not to move could capture if it were its turn (a threat to look at)."""
    occ = wm | wk | bm | bk
    if white:
        return has_capture(bm, bk, wm | wk, occ)
    return has_capture(wm, wk, bm | bk, occ)


@njit
def gen_moves(wm, wk, bm, bk, white, raw, out):
    occ = wm | wk | bm | bk
    men, kings, enemy = (wm, wk, bm | bk) if white else (bm, bk, wm | wk)
    if has_capture(men, kings, enemy, occ):
        return gen_captures(men, kings, enemy, occ, raw, out)
    return gen_quiets(men, kings, occ, white, out)


@njit
def apply_move(wm, wk, bm, bk, white, frm, to, caps):
    """The bitboards after the move, and whether a man moved (as 0/1)."""
    man = 0
    if white:
        if wm & frm:
            wm ^= frm
            if to & PROMO_W:
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
            if to & PROMO_B:
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
