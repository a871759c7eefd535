"""International draughts computer player (pure Python, no pygame).

Search: iterative deepening principal-variation alpha-beta with aspiration windows, a
transposition table, reverse futility pruning near the horizon, forward pruning by a shallow
verification search (ProbCut style), quiescence that plays out every forced capture, a one-ply
extension at quiet leaves when the opponent threatens to capture (so hanging pieces are seen;
once a line), killer moves and a history table for ordering (a cut's move gains, the quiet moves
tried before it lose), late-move reductions, single-reply extension and repetition / 25-move
draws inside the tree. It works on the rules module's bitboards (game.rules.draughts).

Evaluation (centi-men, White's view, turned to the side to move): material (kings worth about
three men), advancement and centre for men, guarded back rank, kings on the long diagonals, a
king-less side facing kings, runaway men with a free path to promotion, mobility of men,
left/right balance, and drawn endgames (a lone king against at most three pieces) scaled toward
0; plus trained tables for the men's formations: 11 patterns of 2 rows x 4 squares indexed in
base 3, one set per game phase (by the number of men), in weights.bin. They were made by
tools/train_draughts_eval.py from 473k quiet positions of dame-rs self-play games (depth 6 and 8),
then refitted on 298k of hard's own (30,000 nodes a move; bench/RESULTS.md, round 7), each time
to a blend of each game's result and the search's score, with the hand terms' constants fitted
beside them. The men's square values are folded into the tables, so one lookup per
pattern gives both.

The hard level (and the hint, the Hub engine, analysis and pondering) runs the same search compiled
by numba (fast.py, FastSearch below; fast8.py on the 8x8 boards) when numba is installed: about thirty
times the nodes a second (bench/RESULTS.md, round 25), 13 plies from the start in 0.5 s instead of 8
on a busy 2-core machine. Search stays as the reference the compiled search is tested against.

Levels (game.ai.draughts.levels, per variant): 1-7 search a few plies with this plain search on a node budget, captures seen
only so far past the horizon, and pick with human-like mistakes (game.ai.common.pick_level_move);
8-9 run the compiled search on a node budget; 10 deepens as far as its time allows.
"""

from __future__ import annotations

import time
from typing import Any

from game.ai.common import Budget, SearchStopped, resolve_time
from game.ai.draughts import fast as F
from game.ai.draughts import fast8, smp
from game.ai.draughts.egdb import variants as EV
from game.ai.draughts.egdb.play import root_moves, table_score

# the evaluation; the tools, benchmarks and tests also read these as search.X
from game.ai.draughts.eval import (  # noqa: F401
    BALANCE,
    KING,
    KING_VS_KINGLESS,
    MOBILITY,
    PAT_ENTRIES,
    RUNAWAY,
    WEIGHTS_FILE,
    _finish,
    _load_weights,
    evaluate_board,
    hand_eval,
    hand_features,
    men_square_values,
    pattern_indices,
    save_weights,
)
from game.ai.draughts.family import BOARD10, SearchBoard, board_of
from game.ai.draughts.levels import COMPILED_FROM, LEVELS, rows

# the tables kept between moves; the benchmarks and tests also read these as search.X
from game.ai.draughts.tables import (  # noqa: F401
    EVAL_BITS,
    TT_BITS,
    TT_BITS_FRESH,
    new_table,
    new_tables,
    ready_fast,
    shared_fast,
    shared_tables,
    use_tables,
)
from game.ai.levels import parse_level
from game.rules import draughts as R

MATE = 30000
INF = 10**6
EXACT, LOWER, UPPER = 0, 1, 2
MAX_PLY = 100
FORCED_DEPTH = 4  # how deep a single legal move is searched in play, for its score only
PROBCUT = True  # forward pruning by a shallow verification search (56.7% vs off at equal nodes)
PROBCUT_MARGIN = 10  # centi-men per ply of depth
ASPIRATION = 25
# late quiet moves are searched one ply shallower, and from the LMR2_MOVE-th on at depth
# LMR2_DEPTH or more two plies, and a late sacrifice one ply more (a fail high is searched
# again at full depth)
LMR2_MOVE, LMR2_DEPTH = 5, 5
TT_QUIET_PLIES = F.TT_QUIET_PLIES  # table cutoffs below this many quiet plies
RFP_DEPTH, RFP_MARGIN = F.RFP_DEPTH, F.RFP_MARGIN  # reverse futility (fast.py says why)


# ---- search ----------------------------------------------------------------------------------------
class Search:
    egdb = False  # the root keeps only the moves that hold the endgame tables' value (hard)
    eg_tables: Any = None  # with egdb on an 8x8 board: its variant's tables (egdb.variants), else 10x10's
    quiescence = 99  # capture plies past the horizon (a weaker level's: fewer), then the evaluation

    def __init__(self, budget: Budget, history_keys=(), tables=None, board: SearchBoard = BOARD10):
        self.budget = budget
        self._bind(board)
        if tables is None:
            tables = (new_table(TT_BITS_FRESH), new_table(EVAL_BITS), {})
        self.tt, self.evals, self.hist = tables
        self.tt_mask = len(self.tt) - 1
        self.eval_mask = len(self.evals) - 1
        self.killers = [[None, None] for _ in range(MAX_PLY + 2)]
        self.rep: dict = {}
        for k in history_keys:
            self.rep[k] = self.rep.get(k, 0) + 1
        self.nodes = 0
        self.seldepth = 0

    def _bind(self, board: SearchBoard) -> None:
        """The board's functions (family.py: 10x10 or one of the 8x8 variants), bound once."""
        self.board = board
        self.gen_captures, self.has_capture, self.gen_quiets = board.gen_captures, board.has_capture, board.gen_quiets
        self.apply_move, self.evaluate_board, self.threatened = board.apply_move, board.evaluate_board, board.threatened
        self.mask, self.s1, self.s2, self.draw_plies = board.mask, board.s1, board.s2, board.draw_plies

    def qleaf(self, wm, wk, bm, bk, white, alpha, beta, ply, hm, ext):
        """Quiet leaf (side to move has no capture): stand pat unless the opponent threatens a
        capture, then look one ply further."""
        if ext and ply < MAX_PLY - 4 and self.threatened(wm, wk, bm, bk, white):
            return self.search(wm, wk, bm, bk, white, 1, alpha, beta, ply, hm, False)
        return self.static_eval(wm, wk, bm, bk, white)

    def static_eval(self, wm, wk, bm, bk, white):
        """The evaluation for the side to move, through the evaluation table."""
        key = (wm, wk, bm, bk)
        slot = hash(key) & self.eval_mask
        entry = self.evals[slot]
        if entry is not None and entry[0] == key:
            score = entry[1]
        else:
            score = self.evaluate_board(wm, wk, bm, bk, True)
            self.evals[slot] = (key, score)
        return score if white else -score

    def search(self, wm, wk, bm, bk, white, depth, alpha, beta, ply, hm, ext=True):
        self.budget.tick()
        if ply > self.seldepth:
            self.seldepth = ply
        key = (wm, wk, bm, bk, white)
        if hm >= 4 and self.rep.get(key):
            return 0
        if hm >= self.draw_plies:
            return 0
        occ = wm | wk | bm | bk
        if white:
            men, kings, enemy = wm, wk, bm | bk
        else:
            men, kings, enemy = bm, bk, wm | wk
        capture = self.has_capture[white](men, kings, enemy, occ)
        if capture and depth < -self.quiescence:  # a weaker level sees the captures only so far
            return self.static_eval(wm, wk, bm, bk, white)
        if not capture and depth <= 0:
            empty = self.mask ^ occ
            s1, s2 = self.s1, self.s2
            targets = ((men >> s1) | (men >> s2)) if white else ((men << s1) | (men << s2))
            if not (targets | (kings >> s1) | (kings >> s2) | (kings << s1) | (kings << s2)) & empty:
                return ply - MATE
            return self.qleaf(wm, wk, bm, bk, white, alpha, beta, ply, hm, ext)
        if ply >= MAX_PLY:
            return self.evaluate_board(wm, wk, bm, bk, white)

        tt = self.tt
        slot = hash(key) & self.tt_mask
        entry = tt[slot]
        tt_move = None
        if entry is not None and entry[0] == key:
            _, e_depth, e_flag, e_score, tt_move = entry
            # a stored score holds where the 25-move rule is still far away (it was cut off after
            # 4 quiet plies, which left king endings with no table cutoffs and 30-50% more nodes)
            if e_depth >= depth and hm < TT_QUIET_PLIES:
                if e_score > MATE - 200:
                    e_score -= ply
                elif e_score < 200 - MATE:
                    e_score += ply
                if e_flag == EXACT or (e_flag == LOWER and e_score >= beta) or (e_flag == UPPER and e_score <= alpha):
                    return e_score

        if not capture and depth <= RFP_DEPTH and beta - alpha == 1 and -500 < beta < 500:
            if not self.threatened(wm, wk, bm, bk, white):
                sv = self.static_eval(wm, wk, bm, bk, white)
                if sv - RFP_MARGIN * depth >= beta:
                    return sv - RFP_MARGIN * depth

        if PROBCUT and not capture and depth >= 3 and beta - alpha == 1 and -500 < beta < 500:
            # forward pruning: a shallow search that clears beta by a margin fails high here too
            margin = PROBCUT_MARGIN * depth
            rb = beta + margin
            sc = self.search(wm, wk, bm, bk, white, depth * 2 // 5, rb - 1, rb, ply, hm, ext)
            if sc >= rb:
                return sc - margin

        if capture:
            moves = self.gen_captures[white](men, kings, enemy, occ)
            if len(moves) > 1:
                ek = bk if white else wk
                moves.sort(key=lambda m: (m == tt_move, (m[2] & ek).bit_count()), reverse=True)
        else:
            moves = self.gen_quiets(men, kings, occ, white)
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
                nwm, nwk, nbm, nbk, _ = self.apply_move(wm, wk, bm, bk, white, mv)
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
                nwm, nwk, nbm, nbk, man = self.apply_move(wm, wk, bm, bk, white, mv)
                nhm = 0 if (man or mv[2]) else hm + 1
                if i == 0:
                    sc = -self.search(nwm, nwk, nbm, nbk, not white, new_depth, -beta, -alpha, ply + 1, nhm, ext)
                else:
                    red = 0
                    if not capture and depth >= 3 and i >= 3:
                        red = 2 if (i >= LMR2_MOVE and depth >= LMR2_DEPTH) else 1
                        if self.threatened(nwm, nwk, nbm, nbk, white):
                            red += 1  # a late sacrifice (the reply must capture): fast.py
                    sc = -self.search(
                        nwm, nwk, nbm, nbk, not white, new_depth - red, -alpha - 1, -alpha, ply + 1, nhm, ext
                    )
                    if sc > alpha and (red or sc < beta):
                        sc = -self.search(nwm, nwk, nbm, nbk, not white, new_depth, -beta, -alpha, ply + 1, nhm, ext)
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
                                for tried in moves[:i]:  # the quiet moves before it did not cut
                                    tk = (tried[0], tried[1])
                                    self.hist[tk] = self.hist.get(tk, 0) - depth * depth
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
        old = tt[slot]
        if old is None or old[0] != key or depth >= old[1] or flag == EXACT:
            tt[slot] = (key, depth, flag, stored, best_move)
        return best

    line: list = []  # the principal variation of the last finished iteration, internal moves

    def root_line(self) -> list:
        """The last iteration's principal variation as the search saw it ([] where it keeps
        none: pv() then walks the table)."""
        return []

    def tt_move(self, key):
        """The best move stored for the position `key` (State.key()), or None."""
        entry = self.tt[hash(key) & self.tt_mask]
        return entry[4] if entry is not None and entry[0] == key else None

    def root(self, state, max_depth, info=None, start_time=None):
        """Iterative deepening from `state`. Returns (best internal move, score, depth reached)."""
        wm, wk, bm, bk = state.wm, state.wk, state.bm, state.bk
        white = state.to_move == "w"
        moves = self.board.gen_moves(wm, wk, bm, bk, white)
        held = []
        if self.egdb and (wm | wk | bm | bk).bit_count() <= F.EGDB_PIECES:
            # a won ending stays won (nearest to a capture or promotion), a drawn one drawn
            held = root_moves(wm, wk, bm, bk, white, moves, self.budget.deadline, self.eg_tables) or []
            moves = held or moves
        best_move, best_score, reached = moves[0], self.evaluate_board(wm, wk, bm, bk, white), 0
        if len(held) == 1:  # the tables chose the move and give its value
            return best_move, self._table_score(state, best_score), 0
        if len(moves) == 1 and info is None and self.budget.limit is None:
            # a forced move in play is answered at once, but valued by a short search: the
            # evaluation alone knows nothing of a capture pending (a review once judged a move
            # that gave two men away by it); under a node budget it is searched like any other
            max_depth = min(max_depth, FORCED_DEPTH)
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
                self.line = self.root_line()
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
        return best_move, self._table_score(state, best_score), reached

    def _table_score(self, state, score):
        """The root's score as the endgame tables give it where they hold the root (their value,
        not the evaluation of a search that does not probe the root's own material); a mate
        the search found stays."""
        pieces = (state.wm | state.wk | state.bm | state.bk).bit_count()
        if not self.egdb or pieces > F.EGDB_PIECES or abs(score) > F.WIN_BAND:
            return score
        return table_score(state.wm, state.wk, state.bm, state.bk, state.to_move == "w", score, self.eg_tables)

    def _root_iter(self, wm, wk, bm, bk, white, moves, depth, alpha, beta, hm, key, scores):
        self._partial = None
        best, best_move = -INF, moves[0]
        lo = alpha
        self.rep[key] = self.rep.get(key, 0) + 1
        try:
            for i, mv in enumerate(moves):
                nwm, nwk, nbm, nbk, man = self.apply_move(wm, wk, bm, bk, white, mv)
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


class FastSearch(Search):
    """Search's root loop (iterative deepening, aspiration, partial iterations) over the compiled
    search of fast.py (fast8.py's on 8x8), with its own arrays. egdb: probe the endgame tables
    (10x10: always; 8x8: where asked, the levels whose row has `tables`)."""

    def __init__(self, budget: Budget, history_keys=(), arrays=None, board: SearchBoard = BOARD10, egdb=False):
        self.budget = budget
        self._bind(board)
        self.fast: Any
        if board.tables10:
            self.egdb = True
            self.fast = F
            self.arrays = F.with_tables(arrays) if arrays is not None else F.new_arrays(F.TT_BITS_FRESH)
        else:
            self.egdb = egdb
            self.eg_tables = EV.tables_for(board.variant) if egdb else None
            compiled = self.fast = fast8.compiled(board.variant)
            self.arrays = compiled.with_tables(compiled.new_arrays(F.TT_BITS_FRESH) if arrays is None else arrays, egdb)
        keys = list(history_keys)[-(F.REP // 2) :]
        rep = self.arrays[F.REPS]
        for i, (wm, wk, bm, bk, white) in enumerate(keys):
            rep[i] = F.hkey(wm, wk, bm, bk, int(white))  # ints, as warm() compiled it
        self.n_history = len(keys)
        self.arrays[F.ST][F.EVERY] = F.CHECK  # until this search's nodes prove slow (fast.poll)

    def root(self, state, max_depth, info=None, start_time=None):
        """Search.root, with lazy-SMP helper threads beside it in a timed search (smp.py)."""
        count = smp.threads() if self.budget.limit is None and self.budget.deadline is not None else 1
        moves = state.legal_moves() if count > 1 else ()
        if len(moves) < 2:
            return super().root(state, max_depth, info, start_time)
        key = state.key()
        internal = [R.internal(m) if self.board.tables10 else fast8.row(self.board.internal(m)) for m in moves]
        helpers = smp.Helpers(self.arrays, count, key, internal, self.n_history, state.quiet_plies, self.fast)
        # the move ends when stop() has waited for the helpers: that wait is inside its time
        self.budget.deadline -= smp.STOP_WAIT
        try:
            return super().root(state, max_depth, info, start_time)
        finally:
            self.budget.nodes += helpers.stop()

    def _root_iter(self, wm, wk, bm, bk, white, moves, depth, alpha, beta, hm, key, scores):
        self._partial = None
        try:
            return self.fast.run_iteration(self.arrays, self.budget, self.n_history, key, moves, depth, alpha, beta, hm)
        except SearchStopped as stop:
            self._partial = stop.args[0] if stop.args else None
            raise

    def root_line(self) -> list:
        return self.fast.root_line(self.arrays)

    def tt_move(self, key):
        return self.fast.tt_move(self.arrays, key)


def make_search(budget: Budget, history_keys=(), tables="fresh", board: SearchBoard = BOARD10, egdb=True):
    """The hard level's search: compiled when fast.py is available, else Search. tables:
    "shared" (kept from move to move, see shared_tables), "fresh" (small, for node budgets) or
    "full" (fresh at full size, for long Hub searches). Call warm() before the budget's clock
    starts. 8x8 boards: fast8.py's arrays (the caller checked fast8.available()), probing the
    variant's endgame tables if egdb (10x10's search always probes its own)."""
    if not board.tables10:
        return FastSearch(budget, history_keys, fast8.compiled(board.variant).arrays(tables), board, egdb)
    if F.available():
        arrays = {"shared": shared_fast, "fresh": lambda: None, "full": F.new_arrays}[tables]()
        return FastSearch(budget, history_keys, arrays)
    if tables == "shared":
        search = Search(budget, history_keys, shared_tables())
    else:
        search = Search(
            budget, history_keys, (new_table(TT_BITS), new_table(EVAL_BITS), {}) if tables == "full" else None
        )
    search.egdb = True
    return search


def warm(progress=None, kept=True, board: SearchBoard = BOARD10) -> None:
    """Do before any clock what hard's first timed move would otherwise do on its own: compile
    the search (fast.warm, which calls progress) and make the tables it keeps (50 MB; kept=False
    for a node-budget search, which starts with small tables of its own); on an 8x8 board its own."""
    if not board.tables10:
        return fast8.compiled(board.variant).warm(kept, progress)
    F.warm(progress)
    if kept and F.available():
        ready_fast()


# ---- what the engine (game.ai.draughts.player) calls ------------------------------------------------


def _to_move(state, mv):
    internal = board_of(state).internal
    for m in state.legal_moves():
        if internal(m) == mv:
            return m
    raise AssertionError("search returned a move that is not legal")


def _child_score(search, state, mv, depth):
    wm, wk, bm, bk, man = search.apply_move(state.wm, state.wk, state.bm, state.bk, state.to_move == "w", mv)
    hm = 0 if (man or mv[2]) else state.quiet_plies + 1
    return -search.search(wm, wk, bm, bk, state.to_move != "w", depth - 1, -INF, INF, 1, hm)


def run(
    state,
    level=10,
    time_limit=None,
    nodes=None,
    info=None,
    max_depth=None,
    stop=None,
    started=None,
    finish=True,
    budget=None,
):
    """Iterative deepening at `level`: (best internal move, score in centi-men for the side to
    move, depth, nodes, search). info(search, depth, score, nodes, best internal move) is called after each
    finished iteration; the search's tables then give its principal variation (pv). The clock
    runs from `started` (default: now); finish=False leaves search.budget.finish() to a caller
    with more to do before the move is handed over (its line), so that time is learnt too.
    budget: a level's own (game.ai.common.level_budget) instead of time_limit and nodes."""
    level = parse_level(level)
    board = board_of(state)
    row = rows(board.variant.name)[level]  # the level's row in this board's variant
    depth_cap = row.depth if max_depth is None else min(row.depth, max_depth)
    compiled = not row.errs and level >= COMPILED_FROM and (board.tables10 or fast8.available())
    if compiled:
        warm(kept=nodes is None and budget is None, board=board)  # before the budget's clock starts
    if budget is None:
        budget = Budget(time_limit=resolve_time(level, time_limit), nodes=nodes, stop=stop, start=started)
    keys = state.history[:-1]
    if compiled:
        search = make_search(budget, keys, "shared" if budget.limit is None else "fresh", board, row.tables)
    else:
        search = Search(budget, keys, board=board)
        search.quiescence = row.quiescence
    start = time.perf_counter() if started is None else started
    report = None if info is None else (lambda d, sc, n, m: info(search, d, sc, n, m))
    mv, score, depth = search.root(state, depth_cap, report, start)
    if finish:
        budget.finish()
    return mv, score, depth, budget.nodes, search


def analyse(state, level=10, time_limit=None, nodes=None):
    """run() without the search: (best internal move, score, depth, nodes)."""
    return run(state, level, time_limit, nodes)[:4]


def pv(search, state, first, plies=12):
    """The principal variation from `state`: the move `first` (a rules Move), then the line the
    last iteration found after it (the compiled search keeps it), then the best moves the
    search's table holds for the positions along it, while they are legal and new. The table
    alone loses the line where pondering or a later search overwrote an entry."""
    line = [first]
    seen = {state.key()}
    pos = state.play(first)
    found = list(search.line)
    found = found[1:] if found and found[0] == board_of(state).internal(first) else []
    while len(line) < plies and pos.result() is None:
        key = pos.key()
        if key in seen:
            break
        seen.add(key)
        mv = found.pop(0) if found else search.tt_move(key)
        if mv is None:
            break
        try:
            move = _to_move(pos, mv)
        except AssertionError:  # a slot overwritten by another position with the same hash
            break
        line.append(move)
        pos = pos.play(move)
    return tuple(line)


PONDER_SECONDS = 60.0  # hard thinks on the opponent's time for at most this long


def ponder(state, should_stop, seconds=PONDER_SECONDS) -> int:
    """Think on the opponent's time: search `state` (the opponent to move, after hard's move)
    into the tables that hard's next timed search keeps, until should_stop() says so or `seconds`
    pass. Whatever the opponent plays, the positions after it were searched (the best replies
    deeply) and the next search starts from there. Returns the depth reached."""
    while state.result() is None and len(legal := state.legal_moves()) == 1:
        state = state.play(legal[0])  # a forced reply: think about the position after it
    board = board_of(state)
    if state.result() is not None or not (board.tables10 or fast8.available()):  # plain 8x8: no tables kept
        return 0
    warm(board=board)
    egdb = rows(board.variant.name)[10].tables  # as the hard level's own search
    search = make_search(Budget(time_limit=seconds, stop=should_stop), state.history[:-1], "shared", board, egdb)
    return search.root(state, LEVELS[10].depth)[2]
