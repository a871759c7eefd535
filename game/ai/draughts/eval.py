"""The draughts computer player's evaluation (centi-men, White's view): material, men's
advancement and centre, guarded back rank, kings on the long diagonals, runaway men, mobility,
balance, drawn endgames scaled toward 0, and the trained tables of the men's formations in
weights.bin (made by tools/train_draughts_eval.py). Pure Python, no pygame; the search
is in game.ai.draughts.search.
"""

from __future__ import annotations

import functools
import hashlib
import os
import struct

from game.rules import draughts as R

MASK = R.MASK


# ---- evaluation tables ---------------------------------------------------------------------------
MAN = 100
# The hand terms' constants were fitted with the pattern tables (tools/train_draughts_eval.py).
KING = 285
KING_MAIN_DIAG, KING_DOUBLE_DIAG = 5, 4  # a king on the long diagonal / the double diagonals
KING_VS_KINGLESS = 65  # kings against a side without any
MOBILITY = -2  # per free square in front of a man (fitted: negative, the patterns see the rest)
BALANCE = 1  # per man more on one wing than on the other
# advancement of a man by rows advanced from its home row (0..8)
ADVANCE = (0, 1, 3, 6, 9, 13, 18, 24, 32)
FILE_CENTRE = (0, 2, 4, 6, 7, 7, 6, 4, 2, 0)


def _pst():
    wm, bm, wk, bk = ([0] * 63 for _ in range(4))
    main_diag = {46, 41, 37, 32, 28, 23, 19, 14, 10, 5}
    double_diag = {1, 7, 12, 18, 23, 29, 34, 40, 45, 6, 11, 17, 22, 28, 33, 39, 44, 50}
    for s in range(50):
        sq = s + 1
        r, c = R.row_col(sq)
        b = R.SQ_BIT[s]
        centre = FILE_CENTRE[c]
        # White men: home row 9, promote on row 0.
        wm[b] = MAN + ADVANCE[min(8, 9 - r)] + centre * (1 if 2 <= r <= 7 else 0)
        bm[b] = MAN + ADVANCE[min(8, r)] + centre * (1 if 2 <= r <= 7 else 0)
        if sq in (47, 49):  # the classical back-rank guards (and 48 less so)
            wm[b] += 6
        if sq == 48:
            wm[b] += 3
        if sq in (2, 4):
            bm[b] += 6
        if sq == 3:
            bm[b] += 3
        if sq in (27, 28, 32, 33):  # White's centre
            wm[b] += 4
        if sq in (18, 19, 23, 24):
            bm[b] += 4
        k = KING + (KING_MAIN_DIAG if sq in main_diag else 0) + (KING_DOUBLE_DIAG if sq in double_diag else 0)
        wk[b] = k
        bk[b] = k
    return wm, bm, wk, bk


def _chunks(table):
    out = []
    for c in range(9):
        t = []
        for v in range(128):
            total = 0
            for i in range(7):
                if v >> i & 1:
                    bit = c * 7 + i
                    if bit < 63:
                        total += table[bit]
            t.append(total)
        out.append(tuple(t))
    return tuple(out)


_WM, _BM, _WK, _BK = (_chunks(t) for t in _pst())
_SHIFTS = tuple(range(0, 63, 7))
_MEN_T = tuple(zip(_SHIFTS, _WM, _BM))
_KING_T = tuple(zip(_SHIFTS, _WK, _BK))


def _side_mask(pred):
    return sum(R.SQUARE[s - 1] for s in range(1, 51) if pred(*R.row_col(s)))


LEFT = _side_mask(lambda r, c: c <= 3)
RIGHT = _side_mask(lambda r, c: c >= 6)
ROWS = tuple(_side_mask(lambda r, c, rr=rr: r == rr) for rr in range(10))
W_ADV = ROWS[1] | ROWS[2] | ROWS[3]  # white men within 3 rows of crowning
B_ADV = ROWS[8] | ROWS[7] | ROWS[6]


def _cones():
    """For each square: the squares of the triangle ahead of a man up to its promotion row."""
    w, b = {}, {}
    for sq in range(1, 51):
        r, c = R.row_col(sq)
        for cone, step in ((w, -1), (b, 1)):
            m = 0
            rr, lo, hi = r, c, c
            while 0 <= rr + step <= 9:
                rr += step
                lo, hi = lo - 1, hi + 1
                for cc in range(max(0, lo), min(9, hi) + 1):
                    s2 = R.square_at(rr, cc)
                    if s2:
                        m |= R.SQUARE[s2 - 1]
            cone[R.SQUARE[sq - 1]] = (m, (r if step < 0 else 9 - r))
    return w, b


W_CONE, B_CONE = _cones()
RUNAWAY = (0, 179, 103, 54)  # by rows left to crown (1..3)


# ---- trained evaluation: men patterns + hand terms (weights from tools/train_draughts_eval.py) ------
PAT_ENTRIES = 3**8
WEIGHTS_MAGIC = b"QPD2"
WEIGHTS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "weights.bin")


def _chunk(squares0, first):
    """(shift, mask, white table, black table) reading squares0 from one run of bits: the tables
    give each configuration's base-3 value (0 empty, 1 white man, 2 black man), the i-th square
    being digit first + i."""
    bits = [R.SQ_BIT[s] for s in squares0]
    sh = min(bits)
    span = max(bits) - sh + 1
    tw, tb = [0] * (1 << span), [0] * (1 << span)
    for i, b in enumerate(bits):
        step = 1 << (b - sh)
        for v in range(1 << span):
            if v & step:
                tw[v] += 3 ** (first + i)
                tb[v] += 2 * 3 ** (first + i)
    return sh, (1 << span) - 1, tuple(tw), tuple(tb)


def _pattern_tables():
    """Blocks of 2 rows x 4 squares (8 squares) tiling the board: rows r, r+1 for r = 0..8 with
    the window alternating left/right, plus two windows for the corner squares."""
    blocks = []
    for r in range(9):
        c0 = 0 if r % 2 == 0 else 1
        blocks.append((r, c0))
    blocks += [(0, 1), (8, 1)]
    pats, tables = [], []
    for r, c0 in blocks:
        squares0 = [r * 5 + c for c in range(c0, c0 + 4)] + [(r + 1) * 5 + c for c in range(c0, c0 + 4)]
        pats.append(tuple(squares0))
        tables.append(_chunk(squares0, 0))
    return tuple(pats), tuple(tables)


PATTERNS, _PAT_TABLES = _pattern_tables()


def _box_tables():
    """Squares of 4 x 4 fields (8 playing squares: two a row over four rows) at every even row and
    column, overlapping by half: the files and the men behind one another, which the strips of 2
    rows do not see together (Scan's shape). Four rows span too many bits for one table, so each
    is read as two chunks of two rows."""
    pats, tables = [], []
    for r0 in (0, 2, 4, 6):
        for c0 in (0, 2, 4, 6):
            squares0 = [
                R.square_at(r, c) - 1 for r in range(r0, r0 + 4) for c in range(c0, c0 + 4) if R.square_at(r, c)
            ]
            pats.append(tuple(squares0))
            tables.append((_chunk(squares0[:4], 0), _chunk(squares0[4:], 4)))
    return tuple(pats), tuple(tables)


#: the box patterns a learned file may add after the strips (PATTERNS)
BOX_PATTERNS, _BOX_TABLES = _box_tables()
N_STRIPS = len(PATTERNS)


def pattern_indices(wm, bm):
    """Base-3 index (0 empty, 1 white man, 2 black man) of every strip pattern (PATTERNS)."""
    return [tw[(wm >> sh) & m] + tb[(bm >> sh) & m] for sh, m, tw, tb in _PAT_TABLES]


def box_indices(wm, bm):
    """The same for every box pattern (BOX_PATTERNS)."""
    return [
        tw1[(wm >> sh1) & m1] + tb1[(bm >> sh1) & m1] + tw2[(wm >> sh2) & m2] + tb2[(bm >> sh2) & m2]
        for (sh1, m1, tw1, tb1), (sh2, m2, tw2, tb2) in _BOX_TABLES
    ]


MAIN_DIAG = sum(R.SQUARE[s - 1] for s in (46, 41, 37, 32, 28, 23, 19, 14, 10, 5))
DOUBLE_DIAG = sum(R.SQUARE[s - 1] for s in (1, 7, 12, 18, 23, 29, 34, 40, 45, 6, 11, 17, 22, 28, 33, 39, 44, 50))


def hand_features(wm, wk, bm, bk):
    """The evaluation's non-pattern terms, White minus Black."""
    occ = wm | wk | bm | bk
    empty = MASK ^ occ
    nwk, nbk = wk.bit_count(), bk.bit_count()
    run = [0, 0, 0, 0]
    adv = wm & W_ADV
    while adv:
        m = adv & -adv
        adv ^= m
        cone, rows = W_CONE[m]
        if not cone & occ:
            run[rows] += 1
    adv = bm & B_ADV
    while adv:
        m = adv & -adv
        adv ^= m
        cone, rows = B_CONE[m]
        if not cone & occ:
            run[rows] -= 1
    return [
        nwk - nbk,
        (wk & MAIN_DIAG).bit_count() - (bk & MAIN_DIAG).bit_count(),
        (wk & DOUBLE_DIAG).bit_count() - (bk & DOUBLE_DIAG).bit_count(),
        (1 if nwk and not nbk else -1 if nbk and not nwk else 0),
        ((wm >> 6) & empty).bit_count()
        + ((wm >> 7) & empty).bit_count()
        - ((bm << 6) & empty).bit_count()
        - ((bm << 7) & empty).bit_count(),
        abs((bm & LEFT).bit_count() - (bm & RIGHT).bit_count())
        - abs((wm & LEFT).bit_count() - (wm & RIGHT).bit_count()),
        run[1],
        run[2],
        run[3],
    ]


def _load_weights(path=None):
    """The trained tables: (phase of each men count 0..40, per phase the pattern tables with the
    men's piece-square values folded in), or None when the file is missing or not ours. A phase's
    tables are the strips' (shift, mask, white, black, values), then, in a file that has them,
    the boxes' (chunk, chunk, values)."""
    try:
        with open(path or WEIGHTS_FILE, "rb") as f:
            data = f.read()
        if data[:4] not in (WEIGHTS_MAGIC, LEARNED_MAGIC):
            return None
        n_phase, n_pat, n_ent = struct.unpack_from("<HHH", data, 4)
        if n_pat not in (N_STRIPS, N_STRIPS + len(BOX_PATTERNS)) or n_ent != PAT_ENTRIES:
            return None
        if not 1 <= n_phase <= 8:
            return None
        phase_of = tuple(data[10:51])
        if max(phase_of) >= n_phase:
            return None
        vals = struct.unpack_from(f"<{n_phase * n_pat * n_ent}h", data, 51)
    except (OSError, struct.error):
        return None
    tables = []
    for ph in range(n_phase):
        base = ph * n_pat * n_ent
        rows = [vals[base + i * n_ent : base + (i + 1) * n_ent] for i in range(n_pat)]
        strips = tuple((*t, w) for t, w in zip(_PAT_TABLES, rows))
        boxes = tuple((*t, w) for t, w in zip(_BOX_TABLES, rows[N_STRIPS:]))
        tables.append(strips + boxes)
    return phase_of, tuple(tables)


def save_weights(path, phase_of, folded_rows) -> None:
    """Write trained tables (see _load_weights); folded_rows[phase][pattern] is a sequence of
    PAT_ENTRIES ints, for the strips (PATTERNS) and optionally then the boxes (BOX_PATTERNS)."""
    n_phase, n_pat = len(folded_rows), len(folded_rows[0])
    assert n_pat in (N_STRIPS, N_STRIPS + len(BOX_PATTERNS))
    with open(path, "wb") as f:
        f.write(WEIGHTS_MAGIC + struct.pack("<HHH", n_phase, n_pat, PAT_ENTRIES))
        f.write(bytes(phase_of))
        for rows in folded_rows:
            for row in rows:
                f.write(struct.pack(f"<{PAT_ENTRIES}h", *(max(-32000, min(32000, int(v))) for v in row)))


def men_square_values():
    """Per pattern, the men's piece-square values that the trained tables carry folded in
    (each square counted in the first pattern that covers it): a list of PAT_ENTRIES values."""
    wm_pst, bm_pst, _, _ = _pst()
    done = set()
    out = []
    for squares0 in PATTERNS:
        row = [0] * PAT_ENTRIES
        for i, sq0 in enumerate(squares0):
            if sq0 in done:
                continue
            done.add(sq0)
            bit = R.SQ_BIT[sq0]
            div = 3**i
            for index in range(PAT_ENTRIES):
                trit = (index // div) % 3
                if trit == 1:
                    row[index] += wm_pst[bit]
                elif trit == 2:
                    row[index] -= bm_pst[bit]
        out.append(row)
    return out


# ---- which evaluation plays: QIPAN_DRAUGHTS_EVAL -------------------------------------------------------
# unset or "learned": learned.bin (made by tools/train_learned_eval.py, docs/LEARNED_EVAL.md; the
# default since it beat weights.bin at a node budget and at 0.25 s a move, bench/RESULTS.md);
# "weights": weights.bin, the default before it; "hand": the hand-made tables alone; a path: that
# file. A learned file (LEARNED_MAGIC) holds, after the pattern tables, every king's square value
# and the hand terms' constants, which then replace the ones above (the plain and the compiled
# search read them from here).
LEARNED_MAGIC = b"QPD3"
LEARNED_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "learned.bin")
N_HAND = 6  # kings against a kingless side, mobility, balance, runaway men 1..3 rows from the crown


def eval_file(choice):
    """The weights file of a QIPAN_DRAUGHTS_EVAL value (None: the hand-made evaluation)."""
    if choice == "hand":
        return None
    if choice == "weights":
        return WEIGHTS_FILE
    if choice in ("", "learned"):
        return LEARNED_FILE
    return choice


def load_learned_terms(path):
    """A learned file's kings' square values and hand constants: (white kings by square 1..50,
    black kings by square 1..50, N_HAND constants), or None for a file without them."""
    try:
        with open(path, "rb") as f:
            data = f.read()
        if data[:4] != LEARNED_MAGIC:
            return None
        n_phase, n_pat, n_ent = struct.unpack_from("<HHH", data, 4)
        at = 51 + 2 * n_phase * n_pat * n_ent
        vals = struct.unpack_from(f"<{100 + N_HAND}h", data, at)
    except (OSError, struct.error):
        return None
    return vals[:50], vals[50:100], vals[100:]


def save_learned(path, phase_of, folded_rows, white_kings, black_kings, hand) -> None:
    """A learned file: save_weights' tables, then the kings' square values (White's by square
    1..50, then Black's, each positive for its owner) and the N_HAND constants."""
    save_weights(path, phase_of, folded_rows)
    with open(path, "r+b") as f:
        f.write(LEARNED_MAGIC)
        f.seek(0, os.SEEK_END)
        vals = [*white_kings, *black_kings, *hand]
        assert len(vals) == 100 + N_HAND
        f.write(struct.pack(f"<{len(vals)}h", *(max(-32000, min(32000, int(v))) for v in vals)))


def _use_learned_terms(terms) -> None:
    """Make a learned file's kings and hand constants the evaluation's."""
    global _WK, _BK, _KING_T, KING_VS_KINGLESS, MOBILITY, BALANCE, RUNAWAY
    white_kings, black_kings, hand = terms
    wk, bk = [0] * 63, [0] * 63
    for s in range(50):
        wk[R.SQ_BIT[s]], bk[R.SQ_BIT[s]] = white_kings[s], black_kings[s]
    _WK, _BK = _chunks(wk), _chunks(bk)
    _KING_T = tuple(zip(_SHIFTS, _WK, _BK))
    KING_VS_KINGLESS, MOBILITY, BALANCE = hand[:3]
    RUNAWAY = (0, *hand[3:6])


EVAL_CHOICE = os.environ.get("QIPAN_DRAUGHTS_EVAL", "")
#: the file the evaluation plays (None: the hand-made one)
EVAL_FILE = eval_file(EVAL_CHOICE)
_TRAINED = None if EVAL_FILE is None else _load_weights(EVAL_FILE)
if _TRAINED is not None and (_terms := load_learned_terms(EVAL_FILE)) is not None:
    _use_learned_terms(_terms)
_PHASE_OF, _PHASES = _TRAINED if _TRAINED is not None else (None, None)


def _trained_eval(wm, wk, bm, bk, white):
    """Trained men patterns (with the men's square values folded in) for the game phase given by
    the number of men, then the hand-made terms."""
    score = 0
    tables = _PHASES[_PHASE_OF[(wm | bm).bit_count()]]
    for sh, m, tw, tb, w in tables[:N_STRIPS]:
        score += w[tw[(wm >> sh) & m] + tb[(bm >> sh) & m]]
    for (sh1, m1, tw1, tb1), (sh2, m2, tw2, tb2), w in tables[N_STRIPS:]:
        score += w[tw1[(wm >> sh1) & m1] + tb1[(bm >> sh1) & m1] + tw2[(wm >> sh2) & m2] + tb2[(bm >> sh2) & m2]]
    return _finish(wm, wk, bm, bk, white, score)


@functools.cache
def evaluation_id() -> str:
    """Which evaluation plays, as a short fingerprint of its file ("hand" without one): a game
    measured under another evaluation measured other players (bench/bench_levels.py)."""
    if EVAL_FILE is None or _TRAINED is None:
        return "hand"
    with open(EVAL_FILE, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:12]


def evaluate_board(wm, wk, bm, bk, white):
    """Static evaluation in centi-men for the side to move."""
    if _TRAINED is not None:
        return _trained_eval(wm, wk, bm, bk, white)
    return hand_eval(wm, wk, bm, bk, white)


def hand_eval(wm, wk, bm, bk, white):
    """The hand-made evaluation (used without trained weights)."""
    score = 0
    for sh, tw, tb in _MEN_T:
        score += tw[(wm >> sh) & 127] - tb[(bm >> sh) & 127]
    return _finish(wm, wk, bm, bk, white, score)


def _finish(wm, wk, bm, bk, white, score):
    """Every term after the men's piece-square values (given in `score`, White's view)."""
    nwk = wk.bit_count()
    nbk = bk.bit_count()
    if nwk or nbk:
        for sh, tw, tb in _KING_T:
            score += tw[(wk >> sh) & 127] - tb[(bk >> sh) & 127]
        # a king against a king-less side is worth more (it dominates the men)
        if nwk and not nbk:
            score += KING_VS_KINGLESS
        elif nbk and not nwk:
            score -= KING_VS_KINGLESS
    occ = wm | wk | bm | bk
    empty = MASK ^ occ
    # mobility of men
    score += MOBILITY * (
        ((wm >> 6) & empty).bit_count()
        + ((wm >> 7) & empty).bit_count()
        - ((bm << 6) & empty).bit_count()
        - ((bm << 7) & empty).bit_count()
    )
    # balance: men spread over both wings
    score -= BALANCE * abs((wm & LEFT).bit_count() - (wm & RIGHT).bit_count())
    score += BALANCE * abs((bm & LEFT).bit_count() - (bm & RIGHT).bit_count())
    # runaway men: nothing stands in the cone ahead
    adv = wm & W_ADV
    while adv:
        m = adv & -adv
        adv ^= m
        cone, rows = W_CONE[m]
        if not cone & occ:
            score += RUNAWAY[rows]
    adv = bm & B_ADV
    while adv:
        m = adv & -adv
        adv ^= m
        cone, rows = B_CONE[m]
        if not cone & occ:
            score -= RUNAWAY[rows]
    # drawish endgames: a lone king holds against up to three pieces; few pieces with kings
    if nwk or nbk:
        nw = (wm | wk).bit_count()
        nb = (bm | bk).bit_count()
        if (nw == 1 and nwk and nb <= 3) or (nb == 1 and nbk and nw <= 3):
            score //= 8
        elif nwk and nbk and abs(nw - nb) <= 1 and nw + nb <= 6:
            score //= 3
    return score if white else -score
