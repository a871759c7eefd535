"""Computer player for Palace Double-Door: iterative-deepening alpha-beta (principal variation
search) with a transposition table keyed on the board's four symmetries, killer and history move
ordering, a capture quiescence for the kings, and an evaluation that knows captures, king
mobility, closed points, soldiers that can be jumped, the kings' room and the drop phase.

Levels (LEVELS, one row per level and board): 1-9 search a node budget to a depth, some without
the kings' capture ply past the horizon, and pick with noise, a softmax and now and then the
values of one ply less, never a move their own view scores a clear loss (pick_level_move); 10
searches as deep as its time allows and plays its best.
"""

from __future__ import annotations

import math
import random

from game.ai.common import LevelRow, SearchStopped, level_budget
from game.ai.contract import Limits
from game.ai.levels import parse_level
from game.ai.palace.evaluate import (  # noqa: F401
    _WORST_FREE,
    HUNT,
    HUNT_SOLDIERS,
    ROOM_CAP,
    SHUT_IN,
    evaluate_black,
    hunt,
    hunting,
    soldiers_needed,
)
from game.ai.palace.geometry import GEOMETRY, Geometry
from game.rules import palace as P
from game.rules.palace import apply_move, gen_moves
from game.rules.palace_moves import gen_captures, has_moves

WIN = 100_000
INF = 10 * WIN
#: the ten levels on each board (palaces -> rows, level 1 first; game.ai.common.LevelRow): values in
#: eval units (100 = one soldier). Levels 1-9 search a node budget; 10 searches as deep as its
#: time allows and plays its best (about 200,000 nodes a move at its 2.5 s on an idle machine when
#: the rows were set, so level 9 searches a fifth of that; the same search runs about twice as
#: fast since, bench/RESULTS.md "Palace search speed"). The figures behind the rows are in
#: bench/RESULTS.md ("Round 26 - ten levels" and "Palace ladders").
_TWO = (
    LevelRow(1, 400, quiescence=0, noise=100.0, temperature=60.0, overlook=0.3, guard=250.0),
    LevelRow(2, 800, quiescence=1, noise=40.0, temperature=30.0, overlook=0.2, guard=200.0),
    LevelRow(2, 1_500, quiescence=1, noise=18.0, temperature=14.0, overlook=0.05, guard=130.0),
    LevelRow(3, 2_500, quiescence=1, noise=22.0, temperature=18.0, overlook=0.1, guard=150.0),
    LevelRow(3, 4_000, quiescence=1, noise=15.0, temperature=10.0, overlook=0.05, guard=120.0),
    LevelRow(4, 6_000, quiescence=1, noise=20.0, temperature=15.0, overlook=0.1, guard=150.0),
    LevelRow(4, 10_000, quiescence=1, noise=12.0, temperature=10.0, overlook=0.05, guard=100.0),
    LevelRow(5, 15_000, quiescence=1, noise=10.0, temperature=7.0, overlook=0.03, guard=90.0),
    LevelRow(64, 40_000, quiescence=1),
    LevelRow(64, None, quiescence=1, tables=True),
)
#: one palace: weak Whites lose every game there and strong ones draw every game, so a pair is
#: decided by the weaker side's Black failing or the stronger side's White holding. The search
#: holds as White from about the former level 8 (four plies on 12,000 nodes) up, against level 10
#: too, so 9 here plays the row whose White a deeper Black still breaks (four plies on 8,000) and
#: 8 one between it and 7; 1 is noisier than two palaces' 1, yet no guarded row scores much
#: under 60% against the greedy beginner (bench/RESULTS.md, "One palace: the top re-spaced")
_ONE = (
    LevelRow(2, 300, quiescence=0, noise=220.0, temperature=160.0, overlook=0.8, guard=300.0),
    LevelRow(2, 300, quiescence=0, noise=220.0, temperature=160.0, overlook=0.5, guard=300.0),
    LevelRow(2, 400, quiescence=0, noise=100.0, temperature=60.0, overlook=0.3, guard=250.0),
    LevelRow(2, 600, quiescence=1, noise=65.0, temperature=45.0, overlook=0.25, guard=220.0),
    LevelRow(2, 1_100, quiescence=1, noise=30.0, temperature=22.0, overlook=0.12, guard=160.0),
    LevelRow(2, 1_500, quiescence=1, noise=18.0, temperature=14.0, overlook=0.05, guard=130.0),
    LevelRow(3, 3_000, quiescence=1, noise=16.0, temperature=12.0, overlook=0.06, guard=120.0),
    LevelRow(4, 5_000, quiescence=1, noise=15.0, temperature=11.0, overlook=0.12, guard=115.0),
    LevelRow(4, 8_000, quiescence=1, noise=13.0, temperature=10.0, overlook=0.05, guard=110.0),
    LevelRow(64, None, quiescence=1, tables=True),
)
#: four palaces: 3 near the former easy (two plies, 2,000 nodes), 6 the former medium (three plies,
#: 6,000), 9 the former hard of that board's ladder (40,000), which beat each other by about 80% to
#: the rules' end; 1 and 2 below with hotter softmaxes (a softmax over up to 85 drops errs often),
#: 1 hot enough to score about half against the greedy beginner (it scored 50% against 2 before).
#: 8 searches full depth on 28,000 nodes: on 20,000 it finished three or four plies, as 7 does, and
#: scored no better. 8 up know the ending (tables: the kings' hunt, evaluate.hunt), which spaced
#: 7-8, 8-9 and 9-10 70-100 apart; below 8 most games are drawn in the middle game (White's soldiers
#: in a mass no king can jump), so the ten levels lie within some 600 points (bench/RESULTS.md,
#: "Four palaces: rows of their own" and "Four palaces: the kings' hunt")
_FOUR = (
    LevelRow(1, 400, quiescence=0, noise=180.0, temperature=180.0, overlook=0.5, guard=300.0),
    LevelRow(2, 1_000, quiescence=0, noise=80.0, temperature=90.0, overlook=0.3, guard=250.0),
    LevelRow(2, 2_000, quiescence=1, noise=40.0, temperature=60.0, overlook=0.2, guard=200.0),
    LevelRow(3, 3_000, quiescence=1, noise=30.0, temperature=30.0, overlook=0.15, guard=160.0),
    LevelRow(3, 4_500, quiescence=1, noise=20.0, temperature=18.0, overlook=0.1, guard=120.0),
    LevelRow(3, 6_000, quiescence=1, noise=10.0, temperature=10.0, overlook=0.05, guard=80.0),
    LevelRow(4, 12_000, quiescence=1, noise=8.0, temperature=6.0, overlook=0.04, guard=80.0),
    LevelRow(64, 28_000, quiescence=1, noise=4.0, temperature=2.0, overlook=0.02, guard=50.0, tables=True),
    LevelRow(64, 40_000, quiescence=1, tables=True),
    LevelRow(64, None, quiescence=1, tables=True),
)
LEVELS = {1: _ONE, 2: _TWO, 4: _FOUR}
#: where each level's kings' hunt begins, per board (palaces -> levels 1-10: the most soldiers on the
#: board at which its Black hunts; only the levels whose row has `tables` hunt at all). A board not
#: named here begins every level's hunt at evaluate.HUNT_SOLDIERS (bench/bench_palace_rows.py tries
#: other starts)
HUNT_FROM: dict[int, tuple[int, ...]] = {}


def level_row(level, palaces: int) -> LevelRow:
    """The row of `level` (any form parse_level takes) on a board of `palaces` palaces."""
    return LEVELS.get(palaces, _TWO)[parse_level(level) - 1]


# ---- the two-palace board's geometry under its old names (tests and tools use them) -------------
G2 = GEOMETRY[2]
PERMS = G2.perms
neighbours = G2.neighbours


def canonical(black, white, geo: Geometry = G2):
    """(white', black', t): the least image of the position under the board's symmetries."""
    return geo.canonical(black, white)


def _bits(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Search:
    def __init__(self, state, budget, rng):
        self.rules = state._rules
        self.geo = GEOMETRY[state.board.palaces]
        self.win = state.win_captures
        self.budget = budget
        self.rng = rng
        self.tt = {}
        self.canon = {}  # (black, white) -> geo.canonical(black, white): the table's key, for positions met again
        self.evals = {}
        self.near: dict = {}  # kings -> _near()
        self.killers = {}
        self.history = {}
        self.seen = set(state.history[:-1])  # earlier positions of the game
        self.depth_done = 0
        self.captures_past = True  # the kings' captures one ply past the horizon (weak levels: not)
        self.shallower: list = []  # the iteration before the last finished one (a level overlooks)
        self.on_iteration = None  # called with (search, depth, scored) after each iteration
        self.hunt: int = 0  # eval units a step of the kings' hunt (evaluate.hunt; run() sets it)
        self.hunt_from = HUNT_SOLDIERS  # the most soldiers on the board at which it hunts (run() sets it)

    # ---- move ordering --------------------------------------------------------------------------
    def _order(self, moves, black, white, stm, tt_path, ply):
        """Sort moves best first: the table's move, captures (the most first), killers, history;
        white's moves onto a point a king could jump to, next to a king, or away from a soldier a
        king could jump come earlier."""
        hist = self.history.get
        killers = self.killers.get(ply, ())
        if stm == "b":

            def key(m):
                path = m.path
                if path == tt_path:
                    return -1e9
                if m.captured:
                    return -1e8 - len(m.captured)
                s = -hist(path, 0)
                if path in killers:
                    s -= 1e7
                return s

        else:  # white never captures
            geo = self.geo
            empty = geo.used & ~(black | white)
            landing = 0
            threatened = set()
            for k in geo.ones[black]:
                for over, to in geo.jumps[k]:
                    if white >> over & 1 and empty >> to & 1:
                        landing |= 1 << to
                        threatened.add(over)
            bonus = self._near(black)  # 2e5 next to a king, 5e5 more where a king could land
            if landing:
                bonus = dict(bonus)
                for p in _bits(landing):
                    bonus[p] = bonus.get(p, 0.0) + 5e5
            bonus_get = bonus.get

            def key(m):
                path = m.path
                if path == tt_path:
                    return -1e9
                s = -hist(path, 0) - bonus_get(path[-1], 0)
                if path in killers:
                    s -= 1e7
                if threatened and len(path) == 2 and path[0] in threatened:
                    s -= 4e5
                return s

        moves.sort(key=key)
        return moves

    def _near(self, black):
        """{point next to a king: 2e5} (white's ordering bonus), kept for each set of kings."""
        near = self.near.get(black)
        if near is None:
            if len(self.near) > 100_000:
                self.near.clear()
            near = self.near[black] = dict.fromkeys(self.geo.ones[self.geo.around[black]], 2e5)
        return near

    # ---- search ---------------------------------------------------------------------------------
    def terminal(self, black, white, stm, hand, caps, plies, can_move, ply):
        """Score for the side to move if the game is over here (can_move: whether it has a move),
        else None."""
        if caps >= self.win:
            return (WIN - ply) if stm == "b" else -(WIN - ply)
        if not can_move:
            if stm == "b":
                return -(WIN - ply)
            return -(WIN - ply) if self.rules.white_blocked_loses else 0
        if self.rules.no_progress and plies >= self.rules.no_progress:
            return 0
        return None

    def static(self, black, white, stm, hand, caps):
        key = (black, white, stm, hand, caps)
        s = self.evals.get(key)
        if s is None:
            s = evaluate_black(black, white, caps, stm, hand, self.geo)
            if self.hunt and hunting(white, hand, self.hunt_from):
                s -= self.hunt * hunt(black, white, self.geo)
            if stm == "w":
                s = -s
            if len(self.evals) > 200_000:
                self.evals.clear()
            self.evals[key] = s
        return s

    def quiesce(self, black, white, hand, caps, alpha, beta, ply):
        """Black at the horizon: the best of its static score and its captures' scores."""
        stand = self.static(black, white, "b", hand, caps)
        if stand >= beta:
            return stand
        alpha = max(alpha, stand)
        for m in gen_captures(black, white, self.rules):
            self.budget.tick()
            b2, w2, h2, c2, _ = apply_move(black, white, hand, caps, m)
            if c2 >= self.win:
                return WIN - ply - 1
            v = -self.static(b2, w2, "w", h2, c2)
            if v > alpha:
                alpha = v
                if v >= beta:
                    break
        return alpha

    def negamax(self, black, white, stm, hand, caps, plies, depth, alpha, beta, ply):
        self.budget.tick()
        if depth <= 0:  # the horizon: the end rules need only whether there is a move
            end = self.terminal(
                black, white, stm, hand, caps, plies, has_moves(black, white, stm, hand, self.rules), ply
            )
            if end is not None:
                return end
            if stm == "w" or not self.captures_past:  # white's captures: none to look at
                return self.static(black, white, stm, hand, caps)
            return self.quiesce(black, white, hand, caps, alpha, beta, ply)
        moves = gen_moves(black, white, stm, hand, self.rules)
        end = self.terminal(black, white, stm, hand, caps, plies, moves, ply)
        if end is not None:
            return end
        canon = self.canon.get((black, white))
        if canon is None:
            if len(self.canon) > 400_000:
                self.canon.clear()
            canon = self.canon[(black, white)] = self.geo.canonical(black, white)
        cw, cb, t = canon
        tkey = (cw, cb, stm, hand, caps)
        entry = self.tt.get(tkey)
        tt_path = None
        if entry is not None:
            e_depth, e_flag, e_score, e_path = entry
            if e_path is not None:
                tt_path = tuple(map(self.geo.inverse[t].__getitem__, e_path))
            if e_depth >= depth:
                if e_flag == 0:
                    return e_score
                if e_flag > 0 and e_score >= beta:
                    return e_score
                if e_flag < 0 and e_score <= alpha:
                    return e_score
        self._order(moves, black, white, stm, tt_path, ply)
        nxt = "w" if stm == "b" else "b"
        seen, child, depth1, ply1 = self.seen, self.negamax, depth - 1, ply + 1
        alpha0 = alpha
        best, best_path = -INF, None
        first = True
        for m in moves:
            b2, w2, h2, c2, reset = apply_move(black, white, hand, caps, m)
            key = (b2, w2, nxt, h2)
            if not reset and key in seen:
                v = 0  # a repetition: count it as a draw
            else:
                seen.add(key)
                p2 = 0 if reset else plies + 1
                try:
                    if first:
                        v = -child(b2, w2, nxt, h2, c2, p2, depth1, -beta, -alpha, ply1)
                    else:
                        v = -child(b2, w2, nxt, h2, c2, p2, depth1, -alpha - 1, -alpha, ply1)
                        if alpha < v < beta:
                            v = -child(b2, w2, nxt, h2, c2, p2, depth1, -beta, -alpha, ply1)
                finally:
                    seen.discard(key)
            first = False
            if v > best:
                best, best_path = v, m.path
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        if not m.captured:
                            k = self.killers.setdefault(ply, [])
                            if m.path not in k:
                                k.insert(0, m.path)
                                del k[2:]
                            self.history[m.path] = self.history.get(m.path, 0) + depth * depth
                        break
        flag = 1 if best >= beta else (-1 if best <= alpha0 else 0)
        if len(self.tt) > 400_000:
            self.tt.clear()
        self.tt[tkey] = (depth, flag, best, tuple(map(self.geo.perms[t].__getitem__, best_path)))
        return best

    # ---- root -----------------------------------------------------------------------------------
    def root(self, state, max_depth, margin):
        """[(score, move)] of the last finished iteration, best first (scores of moves more than
        `margin` below the best are upper bounds). Empty if not even depth 1 finished."""
        black, white, stm, hand, caps, plies = (
            state.black,
            state.white,
            state.to_move,
            state.hand,
            state.captures,
            state.plies,
        )
        moves = state.legal_moves()
        self.rng.shuffle(moves)
        self._order(moves, black, white, stm, None, 0)
        nxt = "w" if stm == "b" else "b"
        done = []
        self.seen.add(state.key())
        for depth in range(1, max_depth + 1):
            scored = []
            alpha = -INF
            try:
                for m in moves:
                    b2, w2, h2, c2, reset = apply_move(black, white, hand, caps, m)
                    key = (b2, w2, nxt, h2)
                    if not reset and key in self.seen:
                        v = 0
                    else:
                        self.seen.add(key)
                        lo = alpha - margin if margin else alpha
                        try:
                            v = -self.negamax(b2, w2, nxt, h2, c2, 0 if reset else plies + 1, depth - 1, -INF, -lo, 1)
                        finally:
                            self.seen.discard(key)
                    scored.append((v, m))
                    alpha = max(alpha, v)
            except SearchStopped:
                # keep the finished iteration; a better move found in this one is still good
                if scored and done:
                    best_now = max(scored, key=lambda x: x[0])
                    if best_now[0] > done[0][0] and best_now[1] is not done[0][1]:
                        done = [best_now] + [x for x in done if x[1] is not best_now[1]]
                break
            scored.sort(key=lambda x: -x[0])
            self.shallower = done
            done = scored
            self.depth_done = depth
            moves = [m for _, m in scored]
            if self.on_iteration is not None:
                self.on_iteration(self, depth, scored)
            if abs(scored[0][0]) >= WIN - 200 or self.budget.spent():
                break
        return done


def run(state, limits: Limits, on_iteration=None, row: LevelRow | None = None):
    """One search under `limits`: (the _Search, [(score, move)] of its last finished iteration best
    first, its random generator, the level's row). on_iteration(search, depth, scored) after each
    finished iteration. `row` plays that row instead of the level's (a row tried, or one a test
    holds the search to while the levels' rows are re-spaced)."""
    if row is None:
        row = level_row(limits.level, state.board.palaces)
    budget = level_budget(row, limits)
    rng = random.Random(limits.seed)
    s = _Search(state, budget, rng)
    s.on_iteration = on_iteration
    s.captures_past = row.quiescence > 0
    # the levels that know the ending hunt the last soldiers down as Black; White's searches do not,
    # or its soldiers would learn to run from kings that are not yet a threat
    if row.tables and state.to_move == "b":
        s.hunt = HUNT.get(state.board.palaces, 0)
        s.hunt_from = HUNT_FROM.get(state.board.palaces, (HUNT_SOLDIERS,) * 10)[limits.level - 1]
    depth = row.depth if limits.depth is None else min(row.depth, limits.depth)
    # moves further below the best than the level's guard are never chosen: bounds will do
    scored = s.root(state, depth, row.guard or 0)
    budget.finish()
    return s, scored, rng, row


def pv(search, state, first, plies=12):
    """The principal variation: `first`, then the best moves the search's table holds along it."""
    line = [first]
    pos = state.play(first)
    seen = {state.key()}
    while len(line) < plies and pos.result() is None and pos.key() not in seen:
        seen.add(pos.key())
        cw, cb, t = search.geo.canonical(pos.black, pos.white)
        entry = search.tt.get((cw, cb, pos.to_move, pos.hand, pos.captures))
        if entry is None or entry[3] is None:
            break
        perm = search.geo.inverse[t]
        path = tuple(perm[p] for p in entry[3])
        move = next((m for m in pos.legal_moves() if m.path == path), None)
        if move is None:
            break
        line.append(move)
        pos = pos.play(move)
    return tuple(line)


def squash(score):
    if abs(score) >= WIN - 1000:
        return 1.0 if score > 0 else -1.0
    return math.tanh(score / 300)


def score_text(score):
    if abs(score) >= WIN - 1000:
        return f"{'mover' if score > 0 else 'opponent'} wins in {WIN - abs(score)} plies"
    return f"{score / 100:+.2f} soldiers"


__all__ = ["run", "pv", "squash", "score_text", "evaluate_black", "canonical", "P"]
