"""International draughts computer player (pure Python, no pygame).

Search: iterative deepening principal-variation alpha-beta with aspiration windows, a
transposition table, forward pruning by a shallow verification search (ProbCut style),
quiescence that plays out every forced capture, a one-ply extension at quiet
leaves when the opponent threatens to capture (so hanging pieces are seen), killer moves and a
history table for ordering, late-move reductions, single-reply extension and repetition /
25-move draws inside the tree. It works on the rules module's bitboards (game.rules.draughts).

Evaluation (centi-men, White's view, turned to the side to move): material (kings worth about
three men), advancement and centre for men, guarded back rank, kings on the long diagonals, a
king-less side facing kings, runaway men with a free path to promotion, mobility of men,
left/right balance, and drawn endgames (a lone king against at most three pieces) scaled toward
0; plus trained tables for the men's formations: 11 patterns of 2 rows x 4 squares indexed in
base 3, one set per game phase (by the number of men), in draughts_weights.bin. They were made by
tools/train_draughts_eval.py from 473k quiet positions of dame-rs self-play games (depth 6 and 8),
fitted to a blend of each game's result and dame's search score, with the hand terms' constants
fitted beside them. The men's square values are folded into the tables, so one lookup per
pattern gives both.

Levels: easy searches 2 plies and picks with human-like mistakes (pick_with_mistakes); medium
searches 4 plies; hard deepens as far as its time (or node) budget allows.
"""
from __future__ import annotations

import math
import os
import random
import struct
import time

from game.ai.common import Budget, SearchStopped, pick_with_mistakes, resolve_time
from game.rules import draughts as R

MASK = R.MASK
PROMO_W, PROMO_B = R.PROMO_W, R.PROMO_B
gen_captures, gen_quiets, has_capture = R.gen_captures, R.gen_quiets, R.has_capture
RAYS = R.RAYS

MATE = 30000
INF = 10 ** 6
EXACT, LOWER, UPPER = 0, 1, 2
MAX_PLY = 100
PROBCUT = True  # forward pruning by a shallow verification search (56.7% vs off at equal nodes)
PROBCUT_MARGIN = 10  # centi-men per ply of depth
ASPIRATION = 25

LEVELS = {
    # (maximum depth, temperature for pick_with_mistakes in centi-men or 0)
    "easy": (2, 45.0),
    "medium": (4, 0.0),
    "hard": (64, 0.0),
}

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
PAT_ENTRIES = 3 ** 8
WEIGHTS_MAGIC = b"QPD2"
WEIGHTS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "draughts_weights.bin")


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
        bits = [R.SQ_BIT[s] for s in squares0]
        sh = min(bits)
        span = max(bits) - sh + 1
        tw, tb = [0] * (1 << span), [0] * (1 << span)
        for i, b in enumerate(bits):
            step = 1 << (b - sh)
            for v in range(1 << span):
                if v & step:
                    tw[v] += 3 ** i
                    tb[v] += 2 * 3 ** i
        pats.append(tuple(squares0))
        tables.append((sh, (1 << span) - 1, tuple(tw), tuple(tb)))
    return tuple(pats), tuple(tables)


PATTERNS, _PAT_TABLES = _pattern_tables()


def pattern_indices(wm, bm):
    """Base-3 index (0 empty, 1 white man, 2 black man) of every pattern."""
    return [tw[(wm >> sh) & m] + tb[(bm >> sh) & m] for sh, m, tw, tb in _PAT_TABLES]


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
        ((wm >> 6) & empty).bit_count() + ((wm >> 7) & empty).bit_count()
        - ((bm << 6) & empty).bit_count() - ((bm << 7) & empty).bit_count(),
        abs((bm & LEFT).bit_count() - (bm & RIGHT).bit_count()) - abs((wm & LEFT).bit_count() - (wm & RIGHT).bit_count()),
        run[1], run[2], run[3],
    ]


def _load_weights(path=None):
    """The trained tables: (phase of each men count 0..40, per phase the pattern tables with the
    men's piece-square values folded in), or None when the file is missing or not ours."""
    try:
        with open(path or WEIGHTS_FILE, "rb") as f:
            data = f.read()
        if data[:4] != WEIGHTS_MAGIC:
            return None
        n_phase, n_pat, n_ent = struct.unpack_from("<HHH", data, 4)
        if n_pat != len(PATTERNS) or n_ent != PAT_ENTRIES or not 1 <= n_phase <= 8:
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
        tables.append(tuple((sh, m, tw, tb, vals[base + i * n_ent:base + (i + 1) * n_ent])
                            for i, (sh, m, tw, tb) in enumerate(_PAT_TABLES)))
    return phase_of, tuple(tables)


def save_weights(path, phase_of, folded_rows) -> None:
    """Write trained tables (see _load_weights); folded_rows[phase][pattern] is a sequence of
    PAT_ENTRIES ints. Used by tools/train_draughts_eval.py."""
    n_phase = len(folded_rows)
    with open(path, "wb") as f:
        f.write(WEIGHTS_MAGIC + struct.pack("<HHH", n_phase, len(PATTERNS), PAT_ENTRIES))
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
            div = 3 ** i
            for index in range(PAT_ENTRIES):
                trit = (index // div) % 3
                if trit == 1:
                    row[index] += wm_pst[bit]
                elif trit == 2:
                    row[index] -= bm_pst[bit]
        out.append(row)
    return out


_TRAINED = None if os.environ.get("QIPAN_DRAUGHTS_EVAL") == "hand" else _load_weights()
_PHASE_OF, _PHASES = _TRAINED if _TRAINED is not None else (None, None)


def _trained_eval(wm, wk, bm, bk, white):
    """Trained men patterns (with the men's square values folded in) for the game phase given by
    the number of men, then the hand-made terms."""
    score = 0
    for sh, m, tw, tb, w in _PHASES[_PHASE_OF[(wm | bm).bit_count()]]:
        score += w[tw[(wm >> sh) & m] + tb[(bm >> sh) & m]]
    return _finish(wm, wk, bm, bk, white, score)


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
    score += MOBILITY * (((wm >> 6) & empty).bit_count() + ((wm >> 7) & empty).bit_count()
                  - ((bm << 6) & empty).bit_count() - ((bm << 7) & empty).bit_count())
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


# ---- search ----------------------------------------------------------------------------------------
TT_MAX = 1_500_000  # entries kept between moves before the table is cleared
EVAL_CACHE_MAX = 300_000  # static evaluations remembered


def new_tables() -> dict:
    return {"tt": {}, "evals": {}, "hist": {}}


_SHARED = new_tables()  # see use_tables


def use_tables(tables: dict) -> dict:
    """Make `tables` (from new_tables) the ones timed searches keep; returns the previous ones.
    Two players in one process (a benchmark match) each keep their own this way."""
    global _SHARED
    old, _SHARED = _SHARED, tables
    return old


def shared_tables():
    """The tables that timed searches keep from one move to the next (in the worker process, for
    the whole game), as TurboEngine and Scan do: the previous move's analysis of the positions
    that can still arise orders and cuts the next search. Node-budget searches start empty, so
    that the same call gives the same answer whatever was searched before."""
    if len(_SHARED["tt"]) > TT_MAX:
        _SHARED["tt"] = {}
    if len(_SHARED["evals"]) >= EVAL_CACHE_MAX:
        _SHARED["evals"] = {}
    hist = _SHARED["hist"]
    for k in list(hist):  # old history counts fade
        v = hist[k] >> 2
        if v:
            hist[k] = v
        else:
            del hist[k]
    return _SHARED["tt"], _SHARED["evals"], hist


class Search:
    def __init__(self, budget: Budget, history_keys=(), tables=None):
        self.budget = budget
        self.tt, self.evals, self.hist = tables if tables is not None else ({}, {}, {})
        self.killers = [[None, None] for _ in range(MAX_PLY + 2)]
        self.rep: dict = {}
        for k in history_keys:
            self.rep[k] = self.rep.get(k, 0) + 1
        self.nodes = 0
        self.seldepth = 0

    def qleaf(self, wm, wk, bm, bk, white, alpha, beta, ply, hm, ext):
        """Quiet leaf (side to move has no capture): stand pat unless the opponent threatens a
        capture, then look one ply further."""
        if ext and ply < MAX_PLY - 4:
            occ = wm | wk | bm | bk
            threat = has_capture(bm, bk, wm | wk, occ) if white else has_capture(wm, wk, bm | bk, occ)
            if threat:
                return self.search(wm, wk, bm, bk, white, 1, alpha, beta, ply, hm, False)
        key = (wm, wk, bm, bk)
        score = self.evals.get(key)
        if score is None:
            score = evaluate_board(wm, wk, bm, bk, True)
            if len(self.evals) < EVAL_CACHE_MAX:
                self.evals[key] = score
        return score if white else -score

    def search(self, wm, wk, bm, bk, white, depth, alpha, beta, ply, hm, ext=True):
        self.budget.tick()
        if ply > self.seldepth:
            self.seldepth = ply
        key = (wm, wk, bm, bk, white)
        if hm >= 4 and self.rep.get(key):
            return 0
        if hm >= 50:
            return 0
        occ = wm | wk | bm | bk
        if white:
            men, kings, enemy = wm, wk, bm | bk
        else:
            men, kings, enemy = bm, bk, wm | wk
        capture = has_capture(men, kings, enemy, occ)
        if not capture and depth <= 0:
            empty = MASK ^ occ
            targets = ((men >> 6) | (men >> 7)) if white else ((men << 6) | (men << 7))
            if not (targets | (kings >> 6) | (kings >> 7) | (kings << 6) | (kings << 7)) & empty:
                return ply - MATE
            return self.qleaf(wm, wk, bm, bk, white, alpha, beta, ply, hm, ext)
        if ply >= MAX_PLY:
            return evaluate_board(wm, wk, bm, bk, white)

        tt = self.tt
        entry = tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth and hm < 4:
                if e_score > MATE - 200:
                    e_score -= ply
                elif e_score < 200 - MATE:
                    e_score += ply
                if e_flag == EXACT or (e_flag == LOWER and e_score >= beta) or (e_flag == UPPER and e_score <= alpha):
                    return e_score

        if (PROBCUT and not capture and depth >= 3 and beta - alpha == 1 and -500 < beta < 500):
            # forward pruning: a shallow search that clears beta by a margin fails high here too
            margin = PROBCUT_MARGIN * depth
            rb = beta + margin
            sc = self.search(wm, wk, bm, bk, white, depth * 2 // 5, rb - 1, rb, ply, hm, ext)
            if sc >= rb:
                return sc - margin

        if capture:
            moves = gen_captures(men, kings, enemy, occ)
            if len(moves) > 1:
                ek = bk if white else wk
                moves.sort(key=lambda m: (m == tt_move, (m[2] & ek).bit_count()), reverse=True)
        else:
            moves = gen_quiets(men, kings, occ, white)
            if not moves:
                return ply - MATE
            if len(moves) > 1:
                k1, k2 = self.killers[ply]
                hist = self.hist

                def order(m):
                    if m == tt_move:
                        return 1 << 30
                    if m == k1:
                        return 1 << 29
                    if m == k2:
                        return 1 << 28
                    return hist.get((m[0], m[1]), 0)

                moves.sort(key=order, reverse=True)

        if depth <= 0:
            # forced captures at the horizon: play them out (no stand-pat: capturing is compulsory)
            best = -INF
            for mv in moves:
                nwm, nwk, nbm, nbk, _ = R.apply_move(wm, wk, bm, bk, white, mv)
                sc = -self.search(nwm, nwk, nbm, nbk, not white, 0, -beta, -alpha, ply + 1, 0, ext)
                if sc > best:
                    best = sc
                    if sc > alpha:
                        alpha = sc
                        if sc >= beta:
                            break
            return best

        new_depth = depth - 1
        if len(moves) == 1 and ply < 60:
            new_depth += 1  # single reply: look further
        rep = self.rep
        rep[key] = rep.get(key, 0) + 1
        best = -INF
        best_move = moves[0]
        orig_alpha = alpha
        try:
            for i, mv in enumerate(moves):
                nwm, nwk, nbm, nbk, man = R.apply_move(wm, wk, bm, bk, white, mv)
                nhm = 0 if (man or mv[2]) else hm + 1
                if i == 0:
                    sc = -self.search(nwm, nwk, nbm, nbk, not white, new_depth, -beta, -alpha, ply + 1, nhm)
                else:
                    red = 1 if (not capture and depth >= 3 and i >= 3) else 0
                    sc = -self.search(nwm, nwk, nbm, nbk, not white, new_depth - red, -alpha - 1, -alpha,
                                      ply + 1, nhm)
                    if sc > alpha and (red or sc < beta):
                        sc = -self.search(nwm, nwk, nbm, nbk, not white, new_depth, -beta, -alpha, ply + 1, nhm)
                if sc > best:
                    best = sc
                    best_move = mv
                    if sc > alpha:
                        alpha = sc
                        if sc >= beta:
                            if not capture:
                                ks = self.killers[ply]
                                if ks[0] != mv:
                                    ks[1] = ks[0]
                                    ks[0] = mv
                                hk = (mv[0], mv[1])
                                self.hist[hk] = self.hist.get(hk, 0) + depth * depth
                            break
        finally:
            n = rep[key] - 1
            if n:
                rep[key] = n
            else:
                del rep[key]
        flag = LOWER if best >= beta else (EXACT if best > orig_alpha else UPPER)
        stored = best
        if stored > MATE - 200:
            stored += ply
        elif stored < 200 - MATE:
            stored -= ply
        old = tt.get(key)
        if old is None or depth >= old[0] or flag == EXACT:
            tt[key] = (depth, flag, stored, best_move)
        return best

    def root(self, state, max_depth, info=None, start_time=None):
        """Iterative deepening from `state`. Returns (best internal move, score, depth reached)."""
        wm, wk, bm, bk = state.wm, state.wk, state.bm, state.bk
        white = state.to_move == "w"
        moves = R.gen_moves(wm, wk, bm, bk, white)
        best_move, best_score, reached = moves[0], evaluate_board(wm, wk, bm, bk, white), 0
        if len(moves) == 1:
            return best_move, best_score, 0
        hm = state.quiet_plies
        key = state.key()
        scores = {}
        try:
            for depth in range(1, max_depth + 1):
                window = ASPIRATION if depth >= 4 else INF
                alpha, beta = best_score - window, best_score + window
                while True:
                    move, score = self._root_iter(wm, wk, bm, bk, white, moves, depth, alpha, beta, hm, key, scores)
                    if score <= alpha:
                        alpha = -INF if window >= 200 else score - window * 4
                        window *= 4
                    elif score >= beta:
                        beta = INF if window >= 200 else score + window * 4
                        window *= 4
                    else:
                        break
                best_move, best_score, reached = move, score, depth
                moves.sort(key=lambda m: m != best_move)
                if info is not None:
                    info(depth, score, self.budget.nodes, best_move)
                if abs(score) > MATE - 200:
                    break
                if self.budget.limit is None and self.budget.deadline is not None and start_time is not None:
                    # the next iteration costs a few times this one: skip it only when nearly no
                    # time is left (an unfinished iteration still improves the move: see _partial)
                    spent = time.perf_counter() - start_time
                    left = self.budget.deadline - time.perf_counter()
                    if left < spent * 0.3:
                        break
        except SearchStopped:
            partial = getattr(self, "_partial", None)
            if partial is not None:
                best_move, best_score = partial
        return best_move, best_score, reached

    def _root_iter(self, wm, wk, bm, bk, white, moves, depth, alpha, beta, hm, key, scores):
        self._partial = None
        best, best_move = -INF, moves[0]
        lo = alpha
        self.rep[key] = self.rep.get(key, 0) + 1
        try:
            for i, mv in enumerate(moves):
                nwm, nwk, nbm, nbk, man = R.apply_move(wm, wk, bm, bk, white, mv)
                nhm = 0 if (man or mv[2]) else hm + 1
                if i == 0:
                    sc = -self.search(nwm, nwk, nbm, nbk, not white, depth - 1, -beta, -alpha, 1, nhm)
                else:
                    sc = -self.search(nwm, nwk, nbm, nbk, not white, depth - 1, -alpha - 1, -alpha, 1, nhm)
                    if alpha < sc < beta:
                        sc = -self.search(nwm, nwk, nbm, nbk, not white, depth - 1, -beta, -alpha, 1, nhm)
                scores[mv] = sc
                if sc > best:
                    best, best_move = sc, mv
                    if lo < sc < beta:
                        self._partial = (mv, sc)
                    if sc > alpha:
                        alpha = sc
                        if sc >= beta:
                            break
        finally:
            self.rep[key] -= 1
            if not self.rep[key]:
                del self.rep[key]
        return best_move, best


# ---- public API -------------------------------------------------------------------------------------
_last = {}


def _to_move(state, mv):
    frm, to, caps = mv
    for m in state.legal_moves():
        if R.SQUARE[m.start - 1] == frm and R.SQUARE[m.end - 1] == to and R.internal(m)[2] == caps:
            return m
    raise AssertionError("search returned a move that is not legal")


def _child_score(search, state, mv, depth):
    wm, wk, bm, bk, man = R.apply_move(state.wm, state.wk, state.bm, state.bk, state.to_move == "w", mv)
    hm = 0 if (man or mv[2]) else state.quiet_plies + 1
    return -search.search(wm, wk, bm, bk, state.to_move != "w", depth - 1, -INF, INF, 1, hm)


def analyse(state, level="hard", time_limit=None, nodes=None, info=None):
    """(best internal move, score in centi-men for the side to move, depth, nodes)."""
    max_depth, _ = LEVELS[level]
    t = resolve_time(level, time_limit)
    budget = Budget(time_limit=t, nodes=nodes)
    search = Search(budget, state.history[:-1], shared_tables() if nodes is None and level == "hard" else None)
    start = time.perf_counter()
    mv, score, depth = search.root(state, max_depth, info, start)
    return mv, score, depth, budget.nodes


def choose_move(state, level="medium", time_limit=None, seed=None, nodes=None):
    legal = state.legal_moves()
    if not legal:
        raise ValueError("no legal move: the game is over")
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(seed)
    max_depth, temperature = LEVELS[level]
    if temperature > 0:
        budget = Budget(time_limit=resolve_time(level, time_limit), nodes=nodes)
        search = Search(budget, state.history[:-1])
        scored = []
        try:
            for m in legal:
                scored.append((_child_score(search, state, R.internal(m), max_depth), m))
        except SearchStopped:
            if not scored:
                return rng.choice(legal)
        return pick_with_mistakes(scored, rng, temperature)
    mv, score, depth, used = analyse(state, level, time_limit, nodes)
    move = _to_move(state, mv)
    _last.clear()
    _last[state.key()] = (move, score, depth, used)
    return move


def _squash(score):
    if score > MATE - 200:
        return 1.0
    if score < 200 - MATE:
        return -1.0
    return math.tanh(score / 300.0)


def evaluate(state, time_limit=0.5, nodes=None):
    """How good `state` is for the side to move, in [-1, 1]."""
    result = state.result()
    if result is not None:
        return 0.0 if result.winner is None else (1.0 if result.winner == state.to_move else -1.0)
    _, score, _, _ = analyse(state, "hard", time_limit, nodes)
    return _squash(score)


def describe(state, move):
    """Extra lines for `game.cli bestmove`: the evaluation behind the move."""
    hit = _last.get(state.key())
    if hit is None or hit[0] != move:
        return []
    _, score, depth, used = hit
    return [f"score {score / 100:+.2f} (men, side to move)", f"depth {depth}", f"nodes {used}"]


def hint(state, time_limit=1.0, nodes=None):
    """The hard level's move, for the hint button."""
    return choose_move(state, "hard", time_limit, None, nodes)
