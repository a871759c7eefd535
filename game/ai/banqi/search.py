"""The Banqi search itself: piece codes, the static evaluation and the Search class (a mutable
public board with make/unmake, alpha-beta with modelled flips, capture search, Star1 chance nodes).
game.ai.banqi.player drives it (root actions, iterative deepening, levels) and explains the design.
Nothing here sees a face-down layout: a Search is built from the public view only."""

from __future__ import annotations

from game.ai.banqi import endgame
from game.ai.banqi.codes import CAN, CODE, CODES, DOWN, INF, NB, RAYS, WIN, can_table
from game.ai.common import Budget
from game.rules import banqi as rules


def _prey(can: list) -> list:
    """PREY[c][d]: piece c is drawn toward enemy d (it captures d by stepping and d cannot capture
    it back; cannons are left out)."""
    prey = [[False] * 17 for _ in range(17)]
    for c in range(1, 16):
        for d in range(1, 16):
            t, u = c & 7, d & 7
            if c != 8 and d != 8 and (c >> 3) != (d >> 3) and t and u:
                prey[c][d] = t != 2 and can[t][u] and not (u != 2 and can[u][t])
    return prey


PREY = _prey(CAN)
_TABLES: dict = {}  # house rules -> (CAN, the evaluation's CAN, PREY) under them


def _house_tables(house: rules.House) -> tuple:
    got = _TABLES.get(house)
    if got is None:
        ecan = can_table(house, eval_rush=True)
        got = _TABLES[house] = (can_table(house), ecan, _prey(ecan))
    return got


# NEAR[p][q] = 1 / (manhattan distance + 1)
NEAR = [[1.0 / (abs((p & 7) - (q & 7)) + abs((p >> 3) - (q >> 3)) + 1) for q in range(32)] for p in range(32)]
BASE = {1: 4.0, 2: 13.0, 3: 6.0, 4: 9.0, 5: 15.0, 6: 27.0, 7: 50.0}
PIECE_FLOOR = 2.0
ECACHE_SIZE = 200_000
DELTA_MARGIN = 6.0
LOSING_MARGIN = 1.0
NULL_WINDOW = 0.01
LMR_AFTER = 3


def _gain(entry: tuple) -> float:
    return entry[0]


def _values(alive: tuple, can: list = CAN) -> list:
    """Signed value (red positive) of every code given the pieces alive (face up or down); `can`
    says who captures whom (the house rules' order)."""
    val = [0.0] * 17
    for code in CODES:
        side, t = code >> 3, code & 7
        enemy = 8 if side == 0 else 0
        threats = alive[enemy + 2]
        for e in range(1, 8):
            if e != 2 and can[e][t]:
                threats += alive[enemy + e]
        prey = sum(alive[enemy + e] for e in range(1, 8) if t == 2 or can[t][e])
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

    def __init__(self, pub, budget: Budget, qdepth: int):
        # the house rules (game.rules.banqi.House): who captures whom, the chariot rush, chain
        # captures (a capture path is then a tuple of points, a single step or capture the int
        # from * 32 + to), trades of equal pieces
        self.house = pub.house
        self.can, self.ecan, self.prey = _house_tables(self.house)
        self.rush, self.chain, self.trade = self.house.rush, self.house.chain, self.house.trade
        self._tables = False
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
        self.from_table = False  # the endgame tables answered at the root (no search ran)
        self.settled = False  # the iterations stopped changing the scores (see analyse)
        self.shallower: list = []  # [(score, action)] of the iteration before the last (a level overlooks)
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

    @property
    def tables(self) -> bool:
        """Exact endgame tables at all-revealed nodes of few pieces (hard level, analyse): only
        under the standard moves and captures, which they are solved for."""
        return self._tables

    @tables.setter
    def tables(self, on: bool) -> None:
        self._tables = bool(on) and self.house.standard

    # ---- evaluation ---------------------------------------------------------------------------
    def values(self) -> tuple:
        key = tuple(self.alive)
        got = self._vcache.get(key)
        if got is None:
            val = _values(key, self.ecan)
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
                prey = self.prey[c]
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
    def gen(self, side: int, steps_too: bool = True):
        """(captures, steps) of `side`: captures as (gain, move), moves as from * 32 + to. The
        capture search asks for captures only (steps_too False: steps stays empty), which saves a
        third of its move generation."""
        board = self.board
        caps: list = []
        steps: list = []
        val = self.values()[0]
        can = self.can
        rush = self.rush
        for p in range(32):
            c = board[p]
            if c == 0 or c == DOWN or (c >> 3) != side:
                continue
            t = c & 7
            if t == 4 and rush:  # the chariot rush: slides, takes the first piece in line
                for ray in RAYS[p]:
                    for q in ray:
                        d = board[q]
                        if d == 0:
                            if steps_too:
                                steps.append(p * 32 + q)
                            continue
                        if d != DOWN and (d >> 3) != side:
                            caps.append((abs(val[d]) * 8 - abs(val[c]), p * 32 + q))
                        break
            elif t == 2:
                if steps_too:
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
                        if steps_too:
                            steps.append(p * 32 + q)
                    elif d != DOWN and (d >> 3) != side and can[t][d & 7]:
                        caps.append((abs(val[d]) * 8 - abs(val[c]), p * 32 + q))
        if self.chain and steps_too and caps:
            caps = caps + self._chains(caps, val)
            caps.sort(key=_gain, reverse=True)  # ints and tuples: compare the gains only
        else:
            caps.sort(reverse=True)
        return caps, steps

    def _targets(self, p: int) -> list:
        """Points the face-up piece on p captures now (the rules' attacks, on codes)."""
        board = self.board
        c = board[p]
        side, t = c >> 3, c & 7
        out = []
        if t == 2 or (t == 4 and self.rush):
            for ray in RAYS[p]:
                screen = t != 2  # a rushing chariot takes the first piece, a cannon the second
                for q in ray:
                    d = board[q]
                    if d == 0:
                        continue
                    if not screen:
                        screen = True
                        continue
                    if d != DOWN and (d >> 3) != side:
                        out.append(q)
                    break
        else:
            can = self.can[t]
            for q in NB[p]:
                d = board[q]
                if d and d != DOWN and (d >> 3) != side and can[d & 7]:
                    out.append(q)
        return out

    def _chains(self, caps: list, val: list) -> list:
        """The chain captures (連吃) that go on from each single capture in `caps`: (gain, path)
        with path a tuple of points; every prefix is a move of its own (the piece may stop)."""
        out: list = []

        def extend(path: tuple, gain: float) -> None:
            p = path[-1]
            if not self.board[p]:
                return  # removed by its own capture (trade)
            for q in self._targets(p):
                record = self._hop(p, q)
                longer = path + (q,)
                more = gain + abs(val[record[2]]) * 8
                out.append((more, longer))
                extend(longer, more)
                self._unhop(record)

        for gain, m in caps:
            a, b = m >> 5, m & 31
            record = self._hop(a, b)
            extend((a, b), gain)
            self._unhop(record)
        return out

    def _hop(self, a: int, b: int) -> tuple:
        """One capture or step a -> b on the board and the counts: (a, b, taken, traded piece)."""
        board = self.board
        mover, taken = board[a], board[b]
        traded = 0
        if taken:
            self.alive[taken] -= 1
            self.total[taken >> 3] -= 1
            if self.trade and (taken & 7) == (mover & 7):
                traded = mover
                self.alive[mover] -= 1
                self.total[mover >> 3] -= 1
        board[a] = 0
        board[b] = 0 if traded else mover
        return (a, b, taken, traded)

    def _unhop(self, record: tuple) -> None:
        a, b, taken, traded = record
        board = self.board
        if traded:
            self.alive[traded] += 1
            self.total[traded >> 3] += 1
            board[a] = traded
        else:
            board[a] = board[b]
        board[b] = taken
        if taken:
            self.alive[taken] += 1
            self.total[taken >> 3] += 1

    def make(self, m):
        """Play m (from * 32 + to, or a chain capture's tuple of points): what unmake needs."""
        if type(m) is not int or self.trade:
            hops = [(m >> 5, m & 31)] if type(m) is int else list(zip(m, m[1:]))
            records = [self._hop(a, b) for a, b in hops]
            self.side ^= 1
            self.quiet_stack.append(self.quiet)
            self.quiet = 0 if records[0][2] else self.quiet + 1
            return records
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

    def unmake(self, m, taken) -> None:
        if type(taken) is list:
            for record in reversed(taken):
                self._unhop(record)
            self.side ^= 1
            self.quiet = self.quiet_stack.pop()
            return
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
            got = endgame.probe(self.board, side, self.quiet, self.limit, solve=False)
            if got is not None:
                return float(got[0] * (WIN - ply - got[1])) if got[0] else 0.0
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
                r = 1 if depth >= 3 and i >= late and m != -1 else 0
                v = self.child(m, depth - 1 - r, alpha, alpha + NULL_WINDOW, ply)
                if v > alpha and (r or v < beta):
                    v = self.child(m, depth - 1, alpha, beta, ply)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        if type(m) is int and m != -1 and not self.board[m & 31]:
                            self.killers[ply] = m
                            self.history[m] += depth * depth
                        break
        flag = -1 if best <= alpha0 else (1 if best >= beta else 0)
        if entry is None or entry[0] <= depth:
            self.tt[tkey] = (depth, best, flag, best_move)
        return best

    def child(self, m: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of action m (-1: the modelled flip) for the side to move."""
        if m != -1:
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
        caps, _ = self.gen(side, steps_too=False)
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
            if worth > gain + LOSING_MARGIN and self.board[b] and self.attacked(b):
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
        can = self.can
        rush = self.rush
        for n in NB[q]:
            d = board[n]
            if 0 < d < DOWN and (d >> 3) == side and (d & 7) != 2 and (can[d & 7][target] or (rush and d & 7 == 4)):
                return True
        for ray in RAYS[q]:
            screen = False
            for n in ray:
                d = board[n]
                if d == 0:
                    continue
                if not screen:
                    if rush and d != DOWN and (d >> 3) == side and (d & 7) == 4:
                        return True  # a rushing chariot in line
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
                        # the second piece in line: a cannon's; the first: a rushing chariot's
                        if seen == 2 or (self.rush and d != DOWN):
                            active = d != DOWN
                            break
                    if active:
                        break
            (lone if active else quiet).append(p)
        groups = [(p, [p]) for p in lone]
        if quiet:
            groups.append((quiet[len(quiet) // 2], quiet))
        return groups
