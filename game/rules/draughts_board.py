"""International draughts on bitboards: the board geometry and the fast move generator that the
rules (game.rules.draughts) and the computer player share. Pure Python, no pygame.

Positions are four bitboards (white men, white kings, black men, black kings) in the 63-bit
"ghost square" layout used by the engine Scan: square s (0-based, row r = s // 5 from Black's
side) sits on bit 6*r + r//2 + s%5, so the four diagonal steps are the constant shifts 6 and 7
toward White's side and the same shifts back; stepping off the board lands on a ghost bit or
outside the mask. Internal moves are (from_bit, to_bit, captured_bits).
"""

from __future__ import annotations

# ---- board geometry ------------------------------------------------------------------------------
SQ_BIT = tuple(6 * (s // 5) + (s // 5) // 2 + s % 5 for s in range(50))  # 0-based square -> bit
BIT_SQ = {b: s + 1 for s, b in enumerate(SQ_BIT)}  # bit -> square number 1..50
MASK = sum(1 << b for b in SQ_BIT)
SQUARE = tuple(1 << b for b in SQ_BIT)  # 0-based square -> single-bit board
PROMO_W = sum(SQUARE[s] for s in range(0, 5))  # White promotes on squares 1..5
PROMO_B = sum(SQUARE[s] for s in range(45, 50))  # Black promotes on 46..50
_DIRS = ((6, True), (7, True), (6, False), (7, False))  # (shift, toward White's side)


def _build_rays():
    """For each bit: ((shift, down, ray mask), ...) in the four directions."""
    rays = {}
    for b in SQ_BIT:
        out = []
        for sh, down in _DIRS:
            ray, x = 0, 1 << b
            while True:
                x = (x << sh) if down else (x >> sh)
                if not x & MASK:
                    break
                ray |= x
            out.append((sh, down, ray))
        rays[1 << b] = tuple(out)
    return rays


RAYS = _build_rays()


def square_of(bit: int) -> int:
    """Square number (1..50) of a single-bit board."""
    return BIT_SQ[bit.bit_length() - 1]


def bit_of(square: int) -> int:
    """Single-bit board of square number 1..50."""
    return SQUARE[square - 1]


def squares(board: int) -> list[int]:
    """Square numbers of a bitboard, ascending."""
    out = []
    while board:
        low = board & -board
        out.append(BIT_SQ[low.bit_length() - 1])
        board ^= low
    return sorted(out)


def row_col(square: int) -> tuple[int, int]:
    """(row 0..9 from the top / Black's side, column 0..9 from the left) of square 1..50."""
    s = square - 1
    r = s // 5
    return r, 2 * (s % 5) + (1 if r % 2 == 0 else 0)


def square_at(row: int, col: int) -> int | None:
    """Square number at (row, col) of the 10x10 grid, None for a light cell or off the board."""
    if not (0 <= row < 10 and 0 <= col < 10) or (row + col) % 2 == 0:
        return None
    return row * 5 + col // 2 + 1


# ---- fast move generation (internal moves: (from_bit, to_bit, captured_bits)) ---------------------
def _man_dfs(frm, cur, enemy, occ, caps, out):
    """Extend a man's capture from `cur`. Captured pieces stay in `occ` (Turkish strike) but leave
    `enemy` (never jumped twice). Appends finished captures to `out`; True if it could extend."""
    extended = False
    for sh in (6, 7):
        mid = cur << sh
        if mid & enemy:
            land = mid << sh
            if land & MASK and not land & occ:
                extended = True
                if not _man_dfs(frm, land, enemy ^ mid, occ, caps | mid, out):
                    out.append((frm, land, caps | mid))
        mid = cur >> sh
        if mid & enemy:
            land = mid >> sh
            if land & MASK and not land & occ:
                extended = True
                if not _man_dfs(frm, land, enemy ^ mid, occ, caps | mid, out):
                    out.append((frm, land, caps | mid))
    return extended


def _king_dfs(frm, cur, enemy, occ, caps, out):
    """Flying-king capture chains from `cur`; `occ` excludes the king itself."""
    extended = False
    for sh, down, ray in RAYS[cur]:
        blockers = ray & occ
        if not blockers:
            continue
        victim = (blockers & -blockers) if down else 1 << (blockers.bit_length() - 1)
        if not victim & enemy:
            continue
        land = (victim << sh) if down else (victim >> sh)
        rest = enemy ^ victim
        ncaps = caps | victim
        while land & MASK and not land & occ:
            extended = True
            if not _king_dfs(frm, land, rest, occ, ncaps, out):
                out.append((frm, land, ncaps))
            land = (land << sh) if down else (land >> sh)
    return extended


def gen_captures(men, kings, enemy, occ):
    """Legal captures of the side owning men/kings: maximum captures only, ad-libitum duplicates
    (same start, end and captured set) once. occ: every piece on the board."""
    empty = MASK ^ occ
    raw = []
    cand = men & (
        ((enemy >> 6) & (empty >> 12))
        | ((enemy >> 7) & (empty >> 14))
        | ((enemy << 6) & (empty << 12))
        | ((enemy << 7) & (empty << 14))
    )
    while cand:
        frm = cand & -cand
        cand ^= frm
        _man_dfs(frm, frm, enemy, occ ^ frm, 0, raw)
    while kings:
        frm = kings & -kings
        kings ^= frm
        _king_dfs(frm, frm, enemy, occ ^ frm, 0, raw)
    if len(raw) < 2:
        return raw
    best = max(m[2].bit_count() for m in raw)
    if best == 1:
        return raw
    return list(dict.fromkeys(m for m in raw if m[2].bit_count() == best))


def gen_quiets(men, kings, occ, white):
    """Non-capturing moves: men one step forward, kings any distance."""
    empty = MASK ^ occ
    out = []
    if white:
        for sh in (6, 7):
            t = (men >> sh) & empty
            while t:
                low = t & -t
                t ^= low
                out.append((low << sh, low, 0))
    else:
        for sh in (6, 7):
            t = (men << sh) & empty
            while t:
                low = t & -t
                t ^= low
                out.append((low >> sh, low, 0))
    while kings:
        frm = kings & -kings
        kings ^= frm
        for sh, down in _DIRS:
            x = (frm << sh) if down else (frm >> sh)
            while x & empty:
                out.append((frm, x, 0))
                x = (x << sh) if down else (x >> sh)
    return out


def has_capture(men, kings, enemy, occ):
    """Whether the side owning men/kings has a capture."""
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
        for sh, down, ray in RAYS[frm]:
            blockers = ray & occ
            if blockers:
                victim = (blockers & -blockers) if down else 1 << (blockers.bit_length() - 1)
                if victim & enemy:
                    land = (victim << sh) if down else (victim >> sh)
                    if land & empty:
                        return True
    return False


def gen_moves(wm, wk, bm, bk, white):
    """Every legal move (internal form) of the side to move."""
    occ = wm | wk | bm | bk
    if white:
        return gen_captures(wm, wk, bm | bk, occ) or gen_quiets(wm, wk, occ, True)
    return gen_captures(bm, bk, wm | wk, occ) or gen_quiets(bm, bk, occ, False)


def apply_move(wm, wk, bm, bk, white, mv):
    """The bitboards after internal move mv, and whether a man moved."""
    frm, to, caps = mv
    if white:
        if wm & frm:
            wm ^= frm
            if to & PROMO_W:
                wk |= to
            else:
                wm |= to
            man = True
        else:
            wk = (wk ^ frm) | to
            man = False
        if caps:
            bm &= ~caps
            bk &= ~caps
    else:
        if bm & frm:
            bm ^= frm
            if to & PROMO_B:
                bk |= to
            else:
                bm |= to
            man = True
        else:
            bk = (bk ^ frm) | to
            man = False
        if caps:
            wm &= ~caps
            wk &= ~caps
    return wm, wk, bm, bk, man


def _count_quiets(men, kings, occ, white):
    empty = MASK ^ occ
    if white:
        n = ((men >> 6) & empty).bit_count() + ((men >> 7) & empty).bit_count()
    else:
        n = ((men << 6) & empty).bit_count() + ((men << 7) & empty).bit_count()
    while kings:
        frm = kings & -kings
        kings ^= frm
        for sh, down in _DIRS:
            x = (frm << sh) if down else (frm >> sh)
            while x & empty:
                n += 1
                x = (x << sh) if down else (x >> sh)
    return n


def _perft(wm, wk, bm, bk, white, depth, cache):
    occ = wm | wk | bm | bk
    if white:
        men, kings, enemy = wm, wk, bm | bk
    else:
        men, kings, enemy = bm, bk, wm | wk
    if has_capture(men, kings, enemy, occ):
        moves = gen_captures(men, kings, enemy, occ)
    elif depth == 1:
        return _count_quiets(men, kings, occ, white)
    else:
        moves = gen_quiets(men, kings, occ, white)
    if depth == 1:
        return len(moves)
    if cache is not None:
        key = (wm, wk, bm, bk, white, depth)
        hit = cache.get(key)
        if hit is not None:
            return hit
    total = 0
    nxt = not white
    d = depth - 1
    for mv in moves:
        nwm, nwk, nbm, nbk, _ = apply_move(wm, wk, bm, bk, white, mv)
        total += _perft(nwm, nwk, nbm, nbk, nxt, d, cache)
    if cache is not None:
        cache[key] = total
    return total
