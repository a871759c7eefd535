"""Banqi computer player: expectiminimax over the public view only.

The player never reads the face-down layout: choose_move() first turns the state into its public
view (rules.public_state: board as seen, captured pieces, history), and everything below works
from that. Flips are chance nodes weighted by the bag (the counts of each piece type still face
down). The search:

- root: every move and capture, and every flip square that can interact at once with a face-up
  piece (a neighbour, or a cannon line through one screen) as a chance node over the bag; the
  flip squares that cannot interact are one chance node (a representative square, drawn with the
  seeded generator among them when chosen); the chance nodes use Star1 bounds (child windows
  from the outcomes already searched and the win/loss bounds of the rest). Moves that end the
  game by the rules (repetition, perpetual chase, no progress), or let the opponent end it at
  once by repetition or perpetual chase, get that exact result from the rules engine.
- inside the tree: alpha-beta (negamax, principal variation search, late quiet steps one ply
  shallower) with a transposition table, killer and history ordering over moves and captures, plus
  a flip modelled as a null move (flipping mostly passes the turn and adds an expected piece
  already counted; two in a row are scored statically), then a capture-only quiescence search
  that leaves out captures which cannot reach alpha (delta pruning) and captures that give a more
  valuable piece for a defended one (where cannon exchanges made it explode). A position met again
  since the last flip or capture, or the no-progress limit, scores as a draw.
- iterative deepening under the budget (time, or a node count that makes it deterministic). A
  root flip's outcomes are searched one ply shallower than a move (FLIP_REDUCTION): profiling
  showed 85-99% of the nodes of a busy position going to the root's chance nodes. When the
  iterations stop changing any root score (most pieces face down) the search stops: deeper
  iterations would only stack modelled flips, and the depth reported is where it settled.
- evaluation: each piece type is valued by what it can still capture and by what can still
  capture it (enemy pieces alive, face up or face down), with a bonus for pieces nothing can
  capture, soldiers while the enemy general lives, and a pull of strong pieces toward prey.

Levels: easy searches one action deep and picks with human-like mistakes; medium searches two
plies and sometimes takes a close second best; hard deepens as far as the budget allows.
"""

from __future__ import annotations

import math
import random

from game.ai import banqi_endgame as endgame
from game.ai.common import Budget, SearchReport, SearchStopped, pick_with_mistakes, resolve_time
from game.rules import banqi as rules

WIN = 100000
INF = 10**9
DOWN = 16
# type numbers: P1 C2 N3 R4 B5 A6 K7; red code = type, black code = 8 + type
CODE = {"P": 1, "C": 2, "N": 3, "R": 4, "B": 5, "A": 6, "K": 7}
CODE.update({k.lower(): v + 8 for k, v in list(CODE.items())})
LETTER = {v: k for k, v in CODE.items()}
CODES = tuple(sorted(LETTER))
NB = rules.NEIGHBOURS
RAYS = rules.RAYS


def _can(a: int, t: int) -> bool:
    """Non-cannon step capture of type a on type t."""
    if a == 7 and t == 1:
        return False
    if a == 1 and t == 7:
        return True
    return a >= t


CAN = [[_can(a, t) for t in range(8)] for a in range(8)]
# PREY[c][d]: piece c is drawn toward enemy d (it captures d by stepping and d cannot capture it
# back; cannons are left out); NEAR[p][q] = 1 / (manhattan distance + 1)
PREY = [[False] * 17 for _ in range(17)]
for _c in range(1, 16):
    for _d in range(1, 16):
        _t, _u = _c & 7, _d & 7
        if _c != 8 and _d != 8 and (_c >> 3) != (_d >> 3) and _t and _u:
            PREY[_c][_d] = _t != 2 and CAN[_t][_u] and not (_u != 2 and CAN[_u][_t])
NEAR = [[1.0 / (abs((p & 7) - (q & 7)) + abs((p >> 3) - (q >> 3)) + 1) for q in range(32)] for p in range(32)]
BASE = {1: 4.0, 2: 13.0, 3: 6.0, 4: 9.0, 5: 15.0, 6: 27.0, 7: 50.0}
PIECE_FLOOR = 2.0
ECACHE_SIZE = 200_000
DELTA_MARGIN = 6.0
LOSING_MARGIN = 1.0
NULL_WINDOW = 0.01
LMR_AFTER = 3
FLIP_REDUCTION = 1
SETTLED = 3

LEVELS = {
    # max depth, temperature of pick_with_mistakes (score units), quiescence depth
    "easy": (1, 6.0, 2),
    "medium": (2, 2.0, 3),
    "hard": (64, 0.0, 8),
}


def _values(alive: tuple) -> list:
    """Signed value (red positive) of every code given the pieces alive (face up or down)."""
    val = [0.0] * 17
    for code in CODES:
        side, t = code >> 3, code & 7
        enemy = 8 if side == 0 else 0
        threats = alive[enemy + 2]
        for e in range(1, 8):
            if e != 2 and CAN[e][t]:
                threats += alive[enemy + e]
        prey = sum(alive[enemy + e] for e in range(1, 8) if t == 2 or CAN[t][e])
        v = BASE[t]
        if t == 1 and alive[enemy + 7]:
            v += 6.0
        if prey == 0:
            v *= 0.4
        elif threats == 0:
            v *= 1.5
        v += PIECE_FLOOR
        val[code] = v if side == 0 else -v
    return val


class Search:
    """One search from a public position (mutable board, make/unmake)."""

    tables = False  # exact endgame tables at all-revealed nodes of few pieces (hard level, analyse)

    def __init__(self, pub, budget: Budget, qdepth: int):
        self.board = [0 if c == "." else DOWN if c == "x" else CODE[c] for c in pub.board]
        bag = pub.bag()
        self.bag = [0] * 17
        for letter, n in bag.items():
            self.bag[CODE[letter]] = n
        self.alive = [0] * 17
        for code in CODES:
            self.alive[code] = self.bag[code] + self.board.count(code)
        self.total = [sum(self.alive[1:8]), sum(self.alive[9:16])]
        self.ndown = self.board.count(DOWN)
        self.side = 0 if pub.to_move == "r" else 1
        self.budget = budget
        self.qdepth = qdepth
        self._vcache: dict = {}
        self._ecache: dict = {}  # board -> static score for red (quiescence meets boards again)
        self.killers: dict = {}
        self.history = [0] * 1024  # quiet steps (from * 32 + to) that caused cut-offs
        self.tt: dict = {}
        self.depth_done = 0
        self.settled = False  # the iterations stopped changing the scores (see analyse)
        self.null_line = [False] * 256  # null_line[ply]: the move made at ply was a modelled flip
        # draws the search knows of: the no-progress counter and positions already seen since the
        # last flip or capture (the game's history, then the line searched)
        self.quiet = pub.quiet
        self.limit = pub.options["no_progress"]
        self.quiet_stack: list = []
        self.repetition = pub.options["repetition"] != "off"
        self.seen: dict = {}
        for board, to_move in pub.reps[:-1]:
            codes = tuple(0 if c == "." else DOWN if c == "x" else CODE[c] for c in board)
            key = (codes, 0 if to_move == "r" else 1)
            self.seen[key] = self.seen.get(key, 0) + 1

    # ---- evaluation ---------------------------------------------------------------------------
    def values(self) -> tuple:
        key = tuple(self.alive)
        got = self._vcache.get(key)
        if got is None:
            val = _values(key)
            material = sum(val[c] * key[c] for c in CODES)
            got = self._vcache[key] = (val, material)
        return got

    def evaluate(self) -> float:
        """Static score for the side to move."""
        board = self.board
        key = tuple(board)
        score = self._ecache.get(key)
        if score is None:
            if len(self._ecache) > ECACHE_SIZE:
                self._ecache.clear()
            score = self._ecache[key] = self._score(board)
        return score if self.side == 0 else -score

    def _score(self, board: list) -> float:
        val, score = self.values()
        reds, blacks = [], []
        for p, c in enumerate(board):
            if 0 < c < 8:
                reds.append((p, c))
            elif 8 < c < DOWN:
                blacks.append((p, c))
        # pull pieces toward what they can capture and away from what captures them; tables
        # instead of arithmetic because this loop is most of the search's time
        pull = 0.0
        for mine, theirs, sign in ((reds, blacks, 0.15), (blacks, reds, -0.15)):
            if not theirs:
                continue
            for p, c in mine:
                prey = PREY[c]
                near = NEAR[p]
                best = 0.0
                for q, d in theirs:
                    if prey[d]:
                        gain = val[d] * near[q]
                        if gain < 0:
                            gain = -gain
                        if gain > best:
                            best = gain
                pull += sign * best
        return score + pull

    # ---- move generation ----------------------------------------------------------------------
    def gen(self, side: int):
        """(captures, steps) of `side`: captures as (gain, move), moves as from * 32 + to."""
        board = self.board
        caps, steps = [], []
        val = self.values()[0]
        for p in range(32):
            c = board[p]
            if c == 0 or c == DOWN or (c >> 3) != side:
                continue
            t = c & 7
            if t == 2:
                for q in NB[p]:
                    if board[q] == 0:
                        steps.append(p * 32 + q)
                for ray in RAYS[p]:
                    screen = False
                    for q in ray:
                        d = board[q]
                        if d == 0:
                            continue
                        if not screen:
                            screen = True
                            continue
                        if d != DOWN and (d >> 3) != side:
                            caps.append((abs(val[d]) * 8 - abs(val[c]), p * 32 + q))
                        break
            else:
                for q in NB[p]:
                    d = board[q]
                    if d == 0:
                        steps.append(p * 32 + q)
                    elif d != DOWN and (d >> 3) != side and CAN[t][d & 7]:
                        caps.append((abs(val[d]) * 8 - abs(val[c]), p * 32 + q))
        caps.sort(reverse=True)
        return caps, steps

    def make(self, m: int) -> int:
        a, b = m >> 5, m & 31
        board = self.board
        taken = board[b]
        if taken:
            self.alive[taken] -= 1
            self.total[taken >> 3] -= 1
        board[b], board[a] = board[a], 0
        self.side ^= 1
        self.quiet_stack.append(self.quiet)
        self.quiet = 0 if taken else self.quiet + 1
        return taken

    def unmake(self, m: int, taken: int) -> None:
        a, b = m >> 5, m & 31
        board = self.board
        board[a], board[b] = board[b], taken
        if taken:
            self.alive[taken] += 1
            self.total[taken >> 3] += 1
        self.side ^= 1
        self.quiet = self.quiet_stack.pop()

    def flip(self, p: int, code: int) -> None:
        """A real flip (or p < 0: the flip modelled as a pass); no repetition reaches back over it."""
        if p >= 0:
            self.board[p] = code
            self.bag[code] -= 1
            self.ndown -= 1
        self.side ^= 1
        self.quiet_stack.append((self.quiet, self.seen))
        self.quiet, self.seen = 0, {}

    def unflip(self, p: int, code: int) -> None:
        if p >= 0:
            self.board[p] = DOWN
            self.bag[code] += 1
            self.ndown += 1
        self.side ^= 1
        self.quiet, self.seen = self.quiet_stack.pop()

    # ---- search -------------------------------------------------------------------------------
    def negamax(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.budget.tick()
        side = self.side
        if self.total[side] == 0:
            return -WIN + ply
        if self.quiet >= self.limit:
            return 0.0
        if self.tables and not self.ndown and self.total[0] + self.total[1] <= endgame.MAX_PIECES:  # exact tables
            return endgame.score(self.board, side, self.quiet, self.limit, ply)
        if depth <= 0:
            return self.quiesce(alpha, beta, ply, 0)
        key = None
        if self.repetition and self.quiet:
            key = (tuple(self.board), side)
            if key in self.seen:
                return 0.0
            self.seen[key] = 1
        try:
            return self._negamax(depth, alpha, beta, ply)
        finally:
            if key is not None:
                self.seen.pop(key, None)

    def _negamax(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        side = self.side
        # transposition table: within one search the board decides the bag, so (board, side) is
        # the whole position; -1 stands for the flip (null move)
        tkey = (tuple(self.board), side)
        entry = self.tt.get(tkey)
        tt_move = None
        if entry is not None:
            d, v, flag, tt_move = entry
            if d >= depth and (flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha)):
                return v
        caps, steps = self.gen(side)
        if not caps and not steps and not self.ndown:
            return -WIN + ply
        order = [m for _, m in caps]
        killer = self.killers.get(ply)
        if killer in steps:
            order.append(killer)
            steps.remove(killer)
        if self.ndown:
            order.append(-1)  # a flip, modelled as passing the turn
        late = len(order) + LMR_AFTER  # steps from here on are searched shallower first
        steps.sort(key=self.history.__getitem__, reverse=True)
        order.extend(steps)
        if tt_move is not None and tt_move in order and order[0] != tt_move:
            order.remove(tt_move)
            order.insert(0, tt_move)
        alpha0 = alpha
        best: float = -INF
        best_move = None
        for i, m in enumerate(order):
            if i == 0:
                v = self.child(m, depth - 1, alpha, beta, ply)
            else:
                # principal variation search: prove the move no better with a null window, and
                # late quiet steps one ply shallower; search again in full only when it is better
                r = 1 if depth >= 3 and i >= late and m >= 0 else 0
                v = self.child(m, depth - 1 - r, alpha, alpha + NULL_WINDOW, ply)
                if v > alpha and (r or v < beta):
                    v = self.child(m, depth - 1, alpha, beta, ply)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        if m >= 0 and not self.board[m & 31]:
                            self.killers[ply] = m
                            self.history[m] += depth * depth
                        break
        flag = -1 if best <= alpha0 else (1 if best >= beta else 0)
        if entry is None or entry[0] <= depth:
            self.tt[tkey] = (depth, best, flag, best_move)
        return best

    def child(self, m: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of action m (-1: the modelled flip) for the side to move."""
        if m >= 0:
            taken = self.make(m)
            v = -self.negamax(depth, -beta, -alpha, ply + 1)
            self.unmake(m, taken)
            return v
        self.flip(-1, 0)
        if self.null_line[ply - 1]:
            # both sides flipping in a row gives back the modelled board: score it as it stands
            # rather than search the same position again
            v = -self.quiesce(-beta, -alpha, ply + 1, 0)
        else:
            self.null_line[ply] = True
            v = -self.negamax(depth, -beta, -alpha, ply + 1)
            self.null_line[ply] = False
        self.unflip(-1, 0)
        return v

    def quiesce(self, alpha: float, beta: float, ply: int, qd: int) -> float:
        self.budget.tick()
        side = self.side
        if self.total[side] == 0:
            return -WIN + ply
        stand = self.evaluate()
        if stand >= beta or qd >= self.qdepth:
            return stand
        if stand > alpha:
            alpha = stand
        best = stand
        caps, _ = self.gen(side)
        if not caps:
            return best
        val = self.values()[0]
        board = self.board
        for _, m in caps:
            a, b = m >> 5, m & 31
            gain = val[board[b]]
            if gain < 0:
                gain = -gain
            # delta pruning: even the whole victim (and a margin for what its loss changes in
            # the other values) cannot lift the score to alpha
            if stand + 2.0 * gain + DELTA_MARGIN <= alpha:
                continue
            worth = val[board[a]]
            if worth < 0:
                worth = -worth
            taken = self.make(m)
            # a capture that gives a more valuable piece for a defended one is left out: it is
            # where cannon exchanges made the capture search explode
            if worth > gain + LOSING_MARGIN and self.attacked(b):
                self.unmake(m, taken)
                continue
            v = -self.quiesce(-beta, -alpha, ply + 1, qd + 1)
            self.unmake(m, taken)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def attacked(self, q: int) -> bool:
        """Whether the side to move can capture the piece on q."""
        board = self.board
        target = board[q] & 7
        side = self.side
        for n in NB[q]:
            d = board[n]
            if 0 < d < DOWN and (d >> 3) == side and (d & 7) != 2 and CAN[d & 7][target]:
                return True
        for ray in RAYS[q]:
            screen = False
            for n in ray:
                d = board[n]
                if d == 0:
                    continue
                if not screen:
                    screen = True
                    continue
                if d != DOWN and (d >> 3) == side and (d & 7) == 2:
                    return True
                break
        return False

    def chance(self, point: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Expected value of flipping `point` (Star1 bounds on the window)."""
        bag = self.bag
        total = self.ndown
        outcomes = [(bag[c] / total, c) for c in CODES if bag[c]]
        acc, left = 0.0, 1.0
        for prob, code in outcomes:
            left -= prob
            lo = max(-INF, (alpha - acc - left * WIN) / prob)
            hi = min(INF, (beta - acc + left * WIN) / prob)
            self.flip(point, code)
            v = -self.negamax(depth - 1, -hi, -lo, ply + 1)
            self.unflip(point, code)
            acc += prob * v
            if acc + left * WIN <= alpha:
                return acc + left * WIN  # cannot reach alpha whatever the rest: an upper bound
            if acc - left * WIN >= beta:
                return acc - left * WIN  # beta reached whatever the rest: a lower bound
        return acc

    def flip_groups(self):
        """[(representative point, [points])]: interacting squares alone, the rest together."""
        board = self.board
        lone, quiet = [], []
        for p in range(32):
            if board[p] != DOWN:
                continue
            active = any(0 < board[q] < DOWN for q in NB[p])
            if not active:
                for ray in RAYS[p]:
                    seen = 0
                    for q in ray:
                        d = board[q]
                        if d == 0:
                            continue
                        seen += 1
                        if seen == 2:
                            active = d != DOWN
                            break
                    if active:
                        break
            (lone if active else quiet).append(p)
        groups = [(p, [p]) for p in lone]
        if quiet:
            groups.append((quiet[len(quiet) // 2], quiet))
        return groups


def _root_actions(pub, search: Search):
    """[(kind, payload, rules-move-or-None)] of the root: steps/captures and flip groups."""
    acts = []
    for m in pub.legal_moves():
        if m.kind != "flip":
            acts.append(("move", m.path[0] * 32 + m.path[1], m))
    for rep, group in search.flip_groups():
        acts.append(("flip", (rep, group), None))
    return acts


def _exact(pub, act, me):
    """The rules' own verdict on a root move, in search units: ("exact", v) when the move ends the
    game, ("cap", v) when the opponent can then end it at once by repetition or perpetual chase
    (the search knows no history, so this is checked here), else None."""
    if act[0] != "move":
        return None
    nxt = pub.play(act[2])
    res = nxt.result()
    if res is not None:
        if res.winner is None:
            return ("exact", 0.0)
        return ("exact", WIN - 1 if res.winner == me else -WIN + 1)
    if pub.options["repetition"] == "off" or len(nxt.reps) < 4:
        return None
    cap = None
    for reply in nxt.legal_moves():
        if reply.kind != "move":
            continue
        r = nxt.play(reply).result()
        if r is None or r.reason not in ("repetition", "perpetual_chase"):
            continue
        if r.winner is not None and r.winner != me:
            return ("exact", -WIN + 2)
        cap = 0.0 if r.winner is None else cap
    return None if cap is None else ("cap", cap)


def analyse(state, level="hard", time_limit=None, seed=None, nodes=None):
    """Search the public view of `state`: ([(score, action)], search, rng, temperature), best
    first. After a stopped search the board of `search` is left mid-line: use only its counters.
    An action is ("move", int, Move) or ("flip", (representative, [points]), None)."""
    pub = rules.public_state(state)  # from here on, no hidden layout exists
    rng = random.Random(seed)
    max_depth, temperature, qdepth = LEVELS[level]
    budget = Budget(time_limit=resolve_time(level, time_limit), nodes=nodes)
    search = Search(pub, budget, qdepth)
    search.tables = level == "hard"  # an all-revealed position of few pieces: the endgame tables' ranking
    if search.tables and (table := endgame.rank_root(pub)) is not None:
        return [(v, ("move", m.path[0] * 32 + m.path[1], m)) for v, m in table], search, rng, temperature
    acts = _root_actions(pub, search)
    me = pub.to_move
    exact = {i: _exact(pub, a, me) for i, a in enumerate(acts)}
    scores = None
    order = list(range(len(acts)))
    full_window = temperature > 0
    stable = 0
    for depth in range(1, max_depth + 1):
        cur = {}
        alpha = -INF
        try:
            for i in order:
                act = acts[i]
                if exact[i] is not None and exact[i][0] == "exact":
                    v = exact[i][1]
                elif act[0] == "move":
                    taken = search.make(act[1])
                    v = -search.negamax(depth - 1, -INF, -alpha if not full_window else INF, 1)
                    search.unmake(act[1], taken)
                    if exact[i] is not None:  # the opponent may take a draw by repetition
                        v = min(v, exact[i][1])
                else:
                    v = search.chance(act[1][0], depth - FLIP_REDUCTION, alpha if not full_window else -INF, INF, 0)
                cur[i] = v
                if v > alpha:
                    alpha = v
        except SearchStopped:
            # keep the finished iteration; an action of this one that beat the previous best
            # (searched deeper) is preferred
            if scores is None:
                scores = {i: cur.get(i, -INF) for i in range(len(acts))}
            elif cur:
                best_now = max(cur, key=cur.get)
                if best_now != order[0] and cur[best_now] > scores[order[0]]:
                    scores = dict(scores)
                    scores[best_now] = max(scores.values()) + 1e-6
            break
        # when most pieces are face down, deeper iterations soon only add modelled flips and change
        # nothing: after SETTLED equal iterations the search stops and reports where it settled
        stable = stable + 1 if cur == scores else 0
        scores = cur
        if stable >= SETTLED:
            search.settled = True
            search.depth_done = depth - SETTLED
            break
        search.depth_done = depth
        order = sorted(order, key=lambda i: -scores[i])
        if budget.spent() or all(abs(v) >= WIN - 1000 for v in scores.values()):
            break
    # stable sort: on equal scores the action searched first (exact, the others only bounds) wins
    order = sorted(order, key=lambda i: -scores.get(i, -INF))
    ranked = [(scores.get(i, -INF), acts[i]) for i in order]
    return ranked, search, rng, temperature


def _to_move(act, rng):
    kind, payload, move = act
    if kind == "move":
        return move
    rep, group = payload
    return rules.Move("flip", (rng.choice(group) if len(group) > 1 else rep,))


def choose_move(state, level="medium", time_limit=None, seed=None, nodes=None):
    pub = rules.public_state(state)
    moves = pub.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    rng = random.Random(seed)
    if pub.to_move is None:  # the first flip: every square is alike
        return rng.choice(moves)
    ranked, _, rng, temperature = analyse(pub, level, time_limit, seed, nodes)
    if temperature > 0:
        act = pick_with_mistakes([(s, a) for s, a in ranked if s > -INF] or ranked, rng, temperature)
    else:
        act = ranked[0][1]
    return _to_move(act, rng)


def _squash(score: float) -> float:
    if score >= WIN - 1000:
        return 1.0
    if score <= -WIN + 1000:
        return -1.0
    return math.tanh(score / 40.0)


def evaluate(state, time_limit=0.5, nodes=None):
    """How good the public view of `state` is for the side to move, in [-1, 1]."""
    pub = rules.public_state(state)
    if pub.result() is not None:
        res = pub.result()
        return 0.0 if res.winner is None else (1.0 if res.winner == pub.to_move else -1.0)
    if pub.to_move is None:
        return 0.0
    ranked, _, _, _ = analyse(pub, "hard", time_limit, 0, nodes)
    return _squash(ranked[0][0])


def search_report(state, time_limit=None, nodes=None) -> SearchReport:
    """The hard level's search of the public view of `state` for game.analysis: best move (a flip
    of a group's representative square), value, score, depth (a flip counts as one ply), nodes,
    and the values of the root moves: every square of a flip group gets the group's expected value
    over the bag (all but the best are upper bounds)."""
    pub = rules.public_state(state)
    if pub.result() is not None:
        return SearchReport(None, evaluate(pub), "game over", 0, 0, {})
    if pub.to_move is None:  # the first flip: every square is alike and no side has a colour
        return SearchReport(pub.legal_moves()[0], 0.0, "+0.0", 0, 0, {str(m): 0.0 for m in pub.legal_moves()})
    ranked, search, _, _ = analyse(pub, "hard", time_limit, 0, nodes)
    values = {}
    for score, (kind, payload, move) in ranked:
        if score <= -INF:
            continue  # not searched before the budget ran out
        if kind == "move":
            values[str(move)] = _squash(score)
        else:
            for point in payload[1]:
                values[str(rules.Move("flip", (point,)))] = _squash(score)
    best_score, (kind, payload, move) = ranked[0]
    best = move if kind == "move" else rules.Move("flip", (payload[0],))
    if abs(best_score) >= WIN - 1000:
        text = f"{'mover' if best_score > 0 else 'opponent'} wins in {WIN - abs(best_score):.0f} plies"
    else:
        text = f"{best_score:+.1f}"
    return SearchReport(best, _squash(best_score), text, search.depth_done, search.budget.nodes, values)


def flip_chances(state) -> list:
    """[(letter, probability)] of what a flip reveals, from the bag (public), most likely first."""
    bag = rules.public_state(state).bag()
    total = sum(bag.values())
    return sorted(((t, n / total) for t, n in bag.items()), key=lambda tp: (-tp[1], rules.ALL_LETTERS.index(tp[0])))


def describe(state, move) -> list:
    """Extra lines for `game.cli bestmove`: the evaluation, the depth reached (a flip's chance
    node counts as one ply) and the nodes searched, and for a flip the outcome chances."""
    side = {"r": "red", "b": "black"}.get(state.to_move, "the first player")
    pub = rules.public_state(state)
    depth, nodes, value = 0, 0, 0.0
    if pub.result() is None and pub.to_move is not None:
        ranked, search, _, _ = analyse(pub, "hard", 0.5, 0, 20000)
        depth, nodes, value = search.depth_done, search.budget.nodes, _squash(ranked[0][0])
    lines = [
        f"evaluation {value:+.2f} for {side} to move (+1 winning, -1 losing)",
        f"depth: {depth} (a flip counts as one ply), nodes: {nodes}",
    ]
    if move.kind == "flip":
        chances = ", ".join(f"{t} {p * 100:.1f}%" for t, p in flip_chances(state))
        lines.append(f"flip outcomes: {chances}")
    return lines
