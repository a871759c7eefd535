"""The hard draughts level's search, compiled by numba when it is installed (game.ai.jit).

The same algorithm as game.ai.draughts.search.Search (principal-variation alpha-beta,
transposition table, reverse futility pruning, ProbCut, captures played out at the horizon, a ply
more when a capture threatens (once a line), single-reply extension, killers and history,
late-move reductions, repetition and 25-move draws in the tree) and the same evaluation (eval.py's
trained men patterns plus the hand terms, compiled in fast_eval.py), written over integers and
numpy arrays so that numba can compile it: it searches about thirty times as many nodes a second.
Positions are the rules' bitboards (game.rules.draughts_board).

The hard level plays with it when `available()`; FastSearch has Search's interface, so the root
loop (iterative deepening, aspiration, partial iterations) is search.py's own.
"""

from __future__ import annotations

import math
import threading
import time

import numpy as np

from game.ai.common import SearchStopped
from game.ai.draughts import egdb
from game.ai.draughts.egdb import counted as eg_counted
from game.ai.draughts.egdb import probe as eg_probe
from game.ai.draughts.fast_board import (
    MASK,
    MAXM,
    RAW,
    apply_move,
    gen_captures,
    gen_quiets,
    has_capture,
    hkey,
    index,
    popcnt,
    threatened,
)
from game.ai.draughts.fast_eval import evaluate, weights
from game.ai.jit import AVAILABLE, compile_lock, njit, njit_uncounted, objmode
from game.rules import draughts_board as B

MATE, INF = 30000, 10**6
# Endgame database (egdb) scores: a won position scores EG_WIN - ply, below every mate and above
# every evaluation; WIN_BAND is where the table's distance bookkeeping starts (mates and these).
# Where an FMJD counting clock runs (a lone king against up to 3 pieces with a king) the
# search does not know the clock, so a database win there is only EG_COUNTED, an evaluation
# (eg_counted; the 8x8 variants' search, fast8.py, has its variant's counts and tables' probe).
EG_WIN, EG_COUNTED = 20000, 1000
WIN_BAND = EG_WIN - 200
EXACT, LOWER, UPPER = 0, 1, 2
MAX_PLY = 100
CHECK = 512  # nodes between two looks at the clock at most (fewer where nodes are slow: poll)
TT_BITS = 21
REP = 1024

# ---- search -----------------------------------------------------------------------------------------
# st: the search's counters; tt rows: key, captured set, packed (depth, flag, score, from, to)
# EG_MAX: most pieces probed; EVERY: nodes from one look at the clock to the next (poll)
NODES, LIMIT, STOPPED, SELDEPTH, REP_LEN, NEXT_CHECK, EG_MAX, EVERY = range(8)
# what C, the tuple of a search's arrays (new_arrays), holds where
ST, TT, KILLERS, HIST, REPS, MOVES, ORDER, SCRATCH, SCORES, PV, PHASE_OF, TABLES, KING_VALUES, HAND, EG_DATA, EG_OFF = (
    range(16)
)
LEN = MAX_PLY + 2  # the column of PV that holds each row's length (one array less to pass)
PROBCUT_MARGIN, ASPIRATION, LMR2_MOVE, LMR2_DEPTH = 10, 25, 5, 5
# reverse futility: a quiet, unthreatened node RFP_MARGIN a ply above beta fails high (RESULTS round 13)
RFP_DEPTH, RFP_MARGIN = 2, 40
TT_QUIET_PLIES = 30  # table cutoffs below this many quiet plies (the 25-move rule ends at 50)
# the board's: its diagonal shifts and the plies without a capture or a man's move that draw
# (fast8.py compiles this search again over the 8x8 boards, with their values)
S1, S2, DRAW_PLIES = 6, 7, 50

_budget = None  # the Budget of the running search (set by run_iteration), asked with the clock


def poll(every):
    """(stop, nodes until the next call), called from compiled code every `every` nodes. stop is
    1 when the running search must stop: its deadline passed, its node limit was cut to 0 (a
    Hub's stop), or its stop callable says so (pondering). A timed search calls again sooner
    where nodes are slow (Budget.paced): 512 nodes of long king captures, or of a first search
    writing fresh memory, outran the deadline's margin."""
    b = _budget
    if b is None:
        return 0, CHECK
    if b.limit is not None:
        return (1 if b.limit == 0 or (b.stop is not None and b.stop()) else 0), CHECK
    now, every = b.paced(every, CHECK)
    if b.deadline is not None and now >= b.deadline:
        return 1, every
    return (1 if b.stop is not None and b.stop() else 0), every


@njit
def out_of_time(st):
    st[NODES] += 1
    if st[LIMIT] > 0 and st[NODES] > st[LIMIT]:
        st[STOPPED] = 1
    elif st[NODES] >= st[NEXT_CHECK]:
        every = st[EVERY]
        with objmode(stop="int64", every="int64"):
            stop, every = poll(every)
        st[EVERY] = every
        st[NEXT_CHECK] = st[NODES] + every
        if stop:
            st[STOPPED] = 1
    return st[STOPPED] != 0


@njit
def repeated(key, hm, st, rep):
    n = st[REP_LEN]
    d = 4
    while d <= hm and d <= n:
        if rep[n - d] == key:
            return True
        d += 2
    return False


@njit
def pack(depth, flag, score, frm, to):
    return depth | flag << 8 | (score + 100000) << 10 | index(frm) << 28 | index(to) << 34


@njit_uncounted  # its arrays passed down each ply: see njit_uncounted
def search(wm, wk, bm, bk, white, depth, alpha, beta, ply, hm, ext, C):
    st, tt, killers, hist, rep = C[ST], C[TT], C[KILLERS], C[HIST], C[REPS]
    mv, order, raw = C[MOVES], C[ORDER], C[SCRATCH]
    if out_of_time(st):
        return 0
    if beta - alpha > 1:  # a PV node: its line is empty until a move raises alpha (others keep none)
        C[PV][ply, LEN, 0] = ply
    if ply > st[SELDEPTH]:
        st[SELDEPTH] = ply
    key = hkey(wm, wk, bm, bk, white)
    if hm >= DRAW_PLIES or (hm >= 4 and repeated(key, hm, st, rep)):
        return 0
    occ = wm | wk | bm | bk
    if white:
        men, kings, enemy = wm, wk, bm | bk
    else:
        men, kings, enemy = bm, bk, wm | wk
    capture = side_has_capture(men, kings, enemy, occ, white)
    if not capture and popcnt(occ) <= st[EG_MAX]:
        v = eg_probe(wm, wk, bm, bk, white, C[EG_DATA], C[EG_OFF])
        if v == egdb.DRAW:
            return 0
        if v != egdb.UNUSED:
            sc = (EG_COUNTED if eg_counted(wm, wk, bm, bk) else EG_WIN) - ply
            return sc if v == egdb.WIN else -sc
    if not capture and depth <= 0:
        empty = MASK ^ occ
        targets = ((men >> S1) | (men >> S2)) if white else ((men << S1) | (men << S2))
        if not (targets | (kings >> S1) | (kings >> S2) | (kings << S1) | (kings << S2)) & empty:
            return ply - MATE
        # a quiet leaf: stand pat, unless the opponent threatens a capture: then a ply further,
        # once on a line (ext is 0 below it): chained threats in a crowded middle game once took
        # a 3-ply search 36 plies deep, with 80 times the nodes
        if ext and ply < MAX_PLY - 4 and threatened(wm, wk, bm, bk, white):
            return search(wm, wk, bm, bk, white, np.int64(1), alpha, beta, ply, hm, np.int64(0), C)
        return evaluate(wm, wk, bm, bk, white, C[PHASE_OF], C[TABLES], C[KING_VALUES], C[HAND])
    if ply >= MAX_PLY:
        return evaluate(wm, wk, bm, bk, white, C[PHASE_OF], C[TABLES], C[KING_VALUES], C[HAND])

    slot = key & (tt.shape[0] - 1)
    tt_from = tt_to = tt_caps = -1
    e_caps, p = tt[slot, 1], tt[slot, 2]
    if p and tt[slot, 0] ^ e_caps ^ p == key:
        e_depth, e_flag, e_score = p & 255, (p >> 8) & 3, ((p >> 10) & 0x3FFFF) - 100000
        tt_from, tt_to, tt_caps = 1 << ((p >> 28) & 63), 1 << ((p >> 34) & 63), e_caps
        # a stored score holds where the 25-move rule is still far away (it was cut off after
        # 4 quiet plies, which left king endings with no table cutoffs and 30-50% more nodes)
        if e_depth >= depth and hm < TT_QUIET_PLIES:
            if e_score > WIN_BAND:
                e_score -= ply
            elif e_score < -WIN_BAND:
                e_score += ply
            if e_flag == EXACT or (e_flag == LOWER and e_score >= beta) or (e_flag == UPPER and e_score <= alpha):
                return e_score

    if not capture and depth <= RFP_DEPTH and beta - alpha == 1 and -500 < beta < 500:
        if not threatened(wm, wk, bm, bk, white):
            sv = evaluate(wm, wk, bm, bk, white, C[PHASE_OF], C[TABLES], C[KING_VALUES], C[HAND])
            if sv - RFP_MARGIN * depth >= beta:
                return sv - RFP_MARGIN * depth

    if not capture and depth >= 3 and beta - alpha == 1 and -500 < beta < 500:
        # ProbCut: a shallow search that clears beta by a margin fails high here too
        margin = PROBCUT_MARGIN * depth
        rb = beta + margin
        sc = search(wm, wk, bm, bk, white, depth * 2 // 5, rb - 1, rb, ply, hm, ext, C)
        if st[STOPPED]:
            return 0
        if sc >= rb:
            return sc - margin
        C[PV][ply, LEN, 0] = ply  # the shallow search wrote its own line here

    moves = mv[ply]
    score_of = order[ply]
    if capture:
        n = side_captures(men, kings, enemy, occ, white, raw, moves)
        ek = bk if white else wk
        for i in range(n):
            tt_hit = moves[i, 0] == tt_from and moves[i, 1] == tt_to and moves[i, 2] == tt_caps
            score_of[i] = (1 << 30 if tt_hit else 0) + popcnt(moves[i, 2] & ek)
    else:
        n = gen_quiets(men, kings, occ, white, moves)
        if n == 0:
            return ply - MATE
        for i in range(n):
            f, t = moves[i, 0], moves[i, 1]
            if f == tt_from and t == tt_to:
                score_of[i] = 1 << 30
            elif f == killers[ply, 0, 0] and t == killers[ply, 0, 1]:
                score_of[i] = 1 << 29
            elif f == killers[ply, 1, 0] and t == killers[ply, 1, 1]:
                score_of[i] = 1 << 28
            else:
                score_of[i] = hist[index(f) * 64 + index(t)]

    if depth <= 0:
        # forced captures at the horizon: played out (no stand-pat: capturing is compulsory)
        best = -INF
        for i in range(n):
            pick(moves, score_of, i, n)
            a, b, c, d, _ = apply_move(wm, wk, bm, bk, white, moves[i, 0], moves[i, 1], moves[i, 2])
            sc = -search(a, b, c, d, 1 - white, np.int64(0), -beta, -alpha, ply + 1, np.int64(0), ext, C)
            if st[STOPPED]:
                return 0
            if sc > best:
                best = sc
                if sc > alpha:
                    alpha = sc
                    if sc >= beta:
                        break
                    extend_pv(C[PV], ply, moves[i, 0], moves[i, 1], moves[i, 2])
        return best

    new_depth = depth - 1
    if n == 1 and ply < 60:
        new_depth += 1  # single reply: look further
    rep[st[REP_LEN]] = key
    st[REP_LEN] += 1
    best = -INF
    bf, bt, bc = moves[0, 0], moves[0, 1], moves[0, 2]
    orig_alpha = alpha
    for i in range(n):
        pick(moves, score_of, i, n)
        f, t, cp = moves[i, 0], moves[i, 1], moves[i, 2]
        a, b, c, d, man = apply_move(wm, wk, bm, bk, white, f, t, cp)
        nhm = 0 if (man or cp) else hm + 1
        if i == 0:
            sc = -search(a, b, c, d, 1 - white, new_depth, -beta, -alpha, ply + 1, nhm, ext, C)
        else:
            red = 0
            if not capture and depth >= 3 and i >= 3:
                red = 2 if (i >= LMR2_MOVE and depth >= LMR2_DEPTH) else 1
                if threatened(a, b, c, d, white):
                    red += 1  # a late sacrifice (the reply must capture) mostly loses a man
            sc = -search(a, b, c, d, 1 - white, new_depth - red, -alpha - 1, -alpha, ply + 1, nhm, ext, C)
            if not st[STOPPED] and sc > alpha and (red or sc < beta):
                sc = -search(a, b, c, d, 1 - white, new_depth, -beta, -alpha, ply + 1, nhm, ext, C)
        if st[STOPPED]:
            st[REP_LEN] -= 1
            return 0
        if sc > best:
            best = sc
            bf, bt, bc = f, t, cp
            if sc > alpha:
                alpha = sc
                if sc < beta:  # a new line (a fail high needs none: its parent drops it)
                    extend_pv(C[PV], ply, f, t, cp)
                else:
                    if not capture:
                        if killers[ply, 0, 0] != f or killers[ply, 0, 1] != t:
                            killers[ply, 1, 0], killers[ply, 1, 1] = killers[ply, 0, 0], killers[ply, 0, 1]
                            killers[ply, 0, 0], killers[ply, 0, 1] = f, t
                        hist[index(f) * 64 + index(t)] += depth * depth
                        for j in range(i):  # the quiet moves tried before it did not cut
                            hist[index(moves[j, 0]) * 64 + index(moves[j, 1])] -= depth * depth
                    break
    st[REP_LEN] -= 1
    flag = LOWER if best >= beta else (EXACT if best > orig_alpha else UPPER)
    stored = best
    if stored > WIN_BAND:
        stored += ply
    elif stored < -WIN_BAND:
        stored -= ply
    p = tt[slot, 2]
    if p == 0 or tt[slot, 0] ^ tt[slot, 1] ^ p != key or depth >= (p & 255) or flag == EXACT:
        # the key word is stored xor the other two: an entry torn by two helper threads writing
        # the slot at once (lazy SMP) no longer matches its key, so it is never believed
        p = pack(depth, flag, stored, bf, bt)
        tt[slot, 0], tt[slot, 1], tt[slot, 2] = key ^ bc ^ p, bc, p
    return best


@njit
def side_has_capture(men, kings, enemy, occ, white):
    """has_capture for the side `white`: 10x10 men capture both ways, so it is not read here
    (the 8x8 boards' English men capture forward only: fast8.py puts theirs in its place)."""
    return has_capture(men, kings, enemy, occ)


@njit
def side_captures(men, kings, enemy, occ, white, raw, moves):
    """gen_captures for the side `white` (see side_has_capture)."""
    return gen_captures(men, kings, enemy, occ, raw, moves)


@njit
def extend_pv(pv, ply, f, t, cp):
    """The line at `ply` becomes the move (f, t, cp) followed by the line just found at ply + 1
    (a triangular array: row `ply` holds the line from that ply on, in its columns ply up to
    the end that column LEN holds)."""
    pv[ply, ply, 0], pv[ply, ply, 1], pv[ply, ply, 2] = f, t, cp
    end = pv[ply + 1, LEN, 0]
    for j in range(ply + 1, end):
        pv[ply, j, 0], pv[ply, j, 1], pv[ply, j, 2] = pv[ply + 1, j, 0], pv[ply + 1, j, 1], pv[ply + 1, j, 2]
    pv[ply, LEN, 0] = max(end, ply + 1)


@njit
def pick(moves, score_of, i, n):
    """Bring the best-ordered of moves[i:n] to row i (the rest keep their relative order)."""
    best = i
    for j in range(i + 1, n):
        if score_of[j] > score_of[best]:
            best = j
    if best != i:
        f, t, c, s = moves[best, 0], moves[best, 1], moves[best, 2], score_of[best]
        for j in range(best, i, -1):
            moves[j, 0], moves[j, 1], moves[j, 2], score_of[j] = (
                moves[j - 1, 0],
                moves[j - 1, 1],
                moves[j - 1, 2],
                score_of[j - 1],
            )
        moves[i, 0], moves[i, 1], moves[i, 2], score_of[i] = f, t, c, s


@njit
def root_iter(wm, wk, bm, bk, white, roots, n, depth, alpha, beta, hm, C):
    """One iteration over the root moves (in the given order). Returns (best row, its score,
    the row of a move that raised alpha in this iteration or -1, its score); after a stop the
    last two are what the unfinished iteration found."""
    st, rep, scores = C[ST], C[REPS], C[SCORES]
    best, best_i, part_i, part_sc = -INF, 0, -1, 0
    lo = alpha
    C[PV][0, LEN, 0] = 0
    rep[st[REP_LEN]] = hkey(wm, wk, bm, bk, white)
    st[REP_LEN] += 1
    for i in range(n):
        f, t, cp = roots[i, 0], roots[i, 1], roots[i, 2]
        a, b, c, d, man = apply_move(wm, wk, bm, bk, white, f, t, cp)
        nhm = 0 if (man or cp) else hm + 1
        if i == 0:
            sc = -search(a, b, c, d, 1 - white, depth - 1, -beta, -alpha, np.int64(1), nhm, np.int64(1), C)
        else:
            sc = -search(a, b, c, d, 1 - white, depth - 1, -alpha - 1, -alpha, np.int64(1), nhm, np.int64(1), C)
            if not st[STOPPED] and alpha < sc < beta:
                sc = -search(a, b, c, d, 1 - white, depth - 1, -beta, -alpha, np.int64(1), nhm, np.int64(1), C)
        if st[STOPPED]:
            break
        scores[i] = sc
        if sc > best:
            best, best_i = sc, i
            if lo < sc < beta:
                part_i, part_sc = i, sc
            if sc > alpha:
                alpha = sc
                if sc >= beta:
                    break
                extend_pv(C[PV], 0, f, t, cp)
    st[REP_LEN] -= 1
    return best_i, best, part_i, part_sc


@njit
def helper_loop(wm, wk, bm, bk, white, roots, n, depth, hm, C):
    """A lazy-SMP helper thread: deepens from `depth` with a full window until its STOPPED is
    set (by Helpers.stop, or the clock). It gives only what it leaves in the transposition
    table it shares with the main search; its nodes are returned."""
    st = C[ST]
    while depth < MAX_PLY - 10 and not st[STOPPED]:
        best_i = root_iter(wm, wk, bm, bk, white, roots, n, depth, -INF, INF, hm, C)[0]
        if best_i > 0:  # its best move first next time, as the main search does
            first = roots[best_i].copy()
            roots[1 : best_i + 1] = roots[:best_i].copy()
            roots[0] = first
        depth += 1
    return st[NODES]


# ---- what the Python side holds ---------------------------------------------------------------------
WEIGHTS = weights()
EGDB_PIECES = egdb.MAX_PIECES  # the most pieces hard probes the tables for (benchmarks lower it to compare)


def eg_max(pieces: int, arrays) -> int:
    """The most pieces a search of a root with `pieces` pieces probes the tables for: those
    loaded (and allowed), below the root's own count when they hold the root."""
    top = min(int(arrays[EG_OFF][egdb.TOP]), EGDB_PIECES)
    return top if pieces > top else pieces - 1


TT_BITS_FRESH = 17


def available() -> bool:
    """Whether the compiled search can play: numba is there and the trained tables loaded."""
    return AVAILABLE and WEIGHTS is not None


_warm = threading.Lock()  # held while warm() compiles; a second caller waits for it
_warmed = False


COMPILE_SECONDS = 4.0  # the time constant of warm()'s progress estimate (a compile takes 6-15 s)


def warm(progress=None) -> None:
    """Compile the search, or load it from numba's cache, before a clock starts: the first run
    of a new version compiles for 6-15 s, later ones load in a fraction of a second.

    progress(done in 0..1) is called about five times a second while it works: numba says
    nothing while it compiles, so the share is an estimate from the time spent (never above 0.95
    before the end), then 1.0."""
    with _warm:
        if _warmed or not available():
            if progress is not None:
                progress(1.0)
            return
        compile_with_progress(_compile, progress)


def compile_with_progress(work, progress=None) -> None:
    """work() under the draughts compile lock, with progress(done in 0..1) about five times a
    second: an estimate from the time spent (never above 0.95 before the end), then 1.0."""
    done = threading.Event()
    if progress is not None:
        start = time.perf_counter()

        def tick() -> None:
            while not done.wait(0.2):
                progress(min(0.95, 1.0 - math.exp(-(time.perf_counter() - start) / COMPILE_SECONDS)))

        threading.Thread(target=tick, name="warm-progress", daemon=True).start()
    try:
        with compile_lock("draughts"):
            work()
    finally:
        done.set()
    if progress is not None:
        progress(1.0)


def _compile() -> None:
    global _warmed
    arrays = new_arrays(4)
    st = arrays[ST]
    st[LIMIT] = 50
    bits = (B.SQUARE[30], 0, B.SQUARE[19], 0)  # a white man on 31 and a black one on 20
    roots = np.zeros((1, 3), np.int64)
    roots[0] = B.gen_moves(*bits, True)[0]
    root_iter(*bits, 1, roots, 1, np.int64(3), -INF, INF, 0, arrays)
    st[STOPPED] = 1  # compiled for the lazy-SMP helpers (smp.py); returns at once
    helper_loop(*bits, 1, roots, 1, 1, 0, arrays)
    tt_move(arrays, (*bits, True))  # hkey from Python, as FastSearch and the Hub call it
    # the root's table lookups from Python (egdb.play): loading each from the cache takes 2-6 ms
    code = int(egdb.material(*bits))
    egdb.value(*bits, True), egdb.size_of(code), egdb.pos_index(*bits, code)
    _warmed = True


def new_arrays(tt_bits: int = TT_BITS) -> tuple:
    """A search's arrays (the C of search(), in the order of ST, TT, ...): counters,
    transposition table, killers, history, repetition keys, move rows, their ordering scores,
    capture scratch, root scores, the principal variation (a triangular array, with
    each row's length), and the evaluation's values (weights()).

    The transposition table's 50 MB are written here, not left to the search's first probes: a
    fresh page costs the first write 1-10 us, and the first timed search met thousands of them
    (0.1 s for a 0.05 s move)."""
    assert WEIGHTS is not None
    rows = MAX_PLY + 2
    return (
        np.zeros(8, np.int64),
        np.full((1 << tt_bits, 3), 0, np.int64),  # written now (np.zeros maps its pages on first use: see above)
        np.zeros((rows, 2, 2), np.int64),
        np.zeros(64 * 64, np.int64),
        np.zeros(REP, np.int64),
        np.zeros((rows, MAXM, 3), np.int64),
        np.zeros((rows, MAXM), np.int64),
        np.zeros((RAW, 3), np.int64),
        np.zeros(MAXM, np.int64),
        np.zeros((rows, LEN + 1, 3), np.int64),
        *WEIGHTS,
        *egdb.tables(),
    )


def with_tables(arrays) -> tuple:
    """arrays with the endgame tables loaded now (a table built after they were made)."""
    data, off = egdb.tables()
    return arrays if arrays[EG_OFF] is off else arrays[:EG_DATA] + (data, off)


def tt_move(arrays, key):
    """The best move stored for the position key (wm, wk, bm, bk, white), or None."""
    tt = arrays[TT]
    wm, wk, bm, bk, white = key
    h = hkey(wm, wk, bm, bk, int(white))
    row = tt[h & (tt.shape[0] - 1)]
    if not row[2] or int(row[0]) ^ int(row[1]) ^ int(row[2]) != h:
        return None
    p = int(row[2])
    return 1 << ((p >> 28) & 63), 1 << ((p >> 34) & 63), int(row[1])


def root_line(arrays) -> list:
    """The principal variation of the last root iteration, as (from, to, captured) bit moves.
    It ends early where a table entry cut the search short; search.pv() goes on from there."""
    pv = arrays[PV]
    return [(int(pv[0, j, 0]), int(pv[0, j, 1]), int(pv[0, j, 2])) for j in range(int(pv[0, LEN, 0]))]


def run_iteration(arrays, budget, n_history, state_bits, moves, depth, alpha, beta, hm):
    """One root iteration for FastSearch: (best move, score); raises
    SearchStopped with (move, score) of the unfinished iteration, or None, as its argument."""
    global _budget
    st = arrays[ST]
    st[NODES] = budget.nodes
    st[LIMIT] = budget.limit if budget.limit is not None else 0
    st[STOPPED] = 0
    st[REP_LEN] = n_history
    st[NEXT_CHECK] = budget.nodes + st[EVERY]
    # probe below the root's material when the tables hold the root itself: its moves were
    # chosen by the table (search.run), and the search's own scores pick how to make progress
    wm, wk, bm, bk, white = state_bits
    st[EG_MAX] = eg_max((wm | wk | bm | bk).bit_count(), arrays)
    roots = np.array(moves, np.int64)
    white = int(white)
    _budget = budget
    try:
        best_i, best, part_i, part_sc = root_iter(
            wm, wk, bm, bk, white, roots, len(moves), depth, alpha, beta, hm, arrays
        )
    finally:
        _budget = None
    budget.nodes = int(st[NODES])
    if st[STOPPED]:
        raise SearchStopped((moves[part_i], int(part_sc)) if part_i >= 0 else None)
    return moves[best_i], int(best)
