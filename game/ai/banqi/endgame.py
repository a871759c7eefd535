"""Exact Banqi endgame tables: all-revealed positions of few pieces, solved by retrograde analysis.

Pure Python (no pygame, no numpy). A table covers one material signature, e.g. red {R, N} against
black {C}, every placement of those pieces and either side to move; nothing may be face down. The
rules are those of game.rules.banqi: step captures by rank (the general cannot take a soldier, the
soldier takes the general, a soldier cannot take a cannon), cannon captures over exactly one screen
at any distance, a side with no pieces loses, the side to move without a legal action loses. A
capture leads into a smaller signature, solved first (recursively, cached).

What a table stores: for every position, its result for the side to move (win, loss, draw) and its
DTZ, the plies to the next zeroing event under optimal play (the winner hurrying, the loser
delaying): a capture into a position the winner still wins (with the counter back at 0), a
capture of the last piece, or a move after which the loser has no legal action. Both sides may
capture; a capture the loser can make into a position the winner does not win (by the sub-table)
is an escape, and so a draw, never a conversion. For a loss, the DTZ is the longest the loser can
put the conversion off.

The no-progress rule. The game is drawn when `limit` (rules option no_progress: 40, 60 or 180)
consecutive plies pass without a flip or capture, unless the last of them leaves the side to move
without a legal action (the rules check that first). From a position whose counter is `quiet`, a
zeroing event at ply k of the line counts if and only if k <= limit - quiet (the k - 1 quiet plies
before it leave the counter below the limit). The set of positions where the winner can force a
zeroing event within k plies grows with k, and the DTZ is the least such k, so:

    a table win with dtz <= limit - quiet is a certain win, a table loss with dtz <= limit - quiet
    a certain loss, and every other position is a draw (exactly, repetition apart; see below).

The tables are solved per limit: the retrograde stops at dtz = limit (longer wins are draws with
a fresh counter, and that is what a capture into a sub-table leads to), so a win a sub-table could
only force in more plies than the limit is, correctly, an escape and not a conversion. Positions
past the limit are stored as draws.

Repetition is ignored in the tables. A line where the winner always plays a move to a child of
DTZ one less (and the loser can only reach children of smaller DTZ) strictly decreases the DTZ
until the conversion, so no position repeats within it and neither the three-fold rule nor the
perpetual-chase rule can interrupt it (a position of the game's history before the probed one
could still make a third occurrence; the root ranking plays every move, and every reply that
could repeat, through the rules, which see that history). Table draws are draws of the game
without the repetition rules (a side that chases throughout can still lose one by them).

Symmetry: the board mirrors left-right and top-bottom (a group of 4; no square is fixed by any
of its non-identity elements). With a piece whose code occurs once in the signature (every
signature of 2 or 3 pieces has one), its square is mirrored into the quadrant a1-d2, which leaves
a quarter of the positions and no position with a non-trivial symmetry (so counting moves over
mirrored classes stays exact). Two pieces of the same code are stored in square order.

Sizes: up to MAX_PIECES (3) pieces, every 1-vs-1 (28) and 2-vs-1 (189) signature. Each table is
solved lazily the first time it is probed (about 0.15 s for 2 vs 1, its 1-vs-1 sub-tables a few
ms) and kept for the process (32 KiB); all of them take about 20 s and 6 MiB. The longest DTZ
among them is 24 plies, under the smallest limit, so today they come out the same for all three
limits; they are still solved per limit so that nothing rests on that. A 2-vs-2 or 3-vs-1 table
takes about 5 s (431 520 positions) and there are 917 of them: too slow to solve during a game,
too big to ship (bench/bench_banqi_endgame.py measures all this).

API (board: 32 codes as game.ai.banqi.player uses them: red = type P1 C2 N3 R4 B5 A6 K7, black = 8 +
type, 16 face down, 0 empty; side 0 red, 1 black):
    probe(board, side, quiet, limit)        -> (1 win / -1 loss / 0 draw, dtz) or None
    score(board, side, quiet, limit, ply)   -> the search's score (WIN - ply - dtz, 0 for a draw)
    best_move(board, side, quiet, limit)    -> (from, to) of the table's move, or None
    rank_root(state)                        -> [(score, rules.Move)], best first, or None

House rules (docs/BANQI.md): the tables hold the standard moves and captures only. A chain
capture, the chariot rush, another rank order or trades of equal pieces change which positions
are won, so under any of them rank_root answers None and the search probes no table (Search.tables
stays off): those games are searched as any other position.
"""

from __future__ import annotations

import itertools
import time

from game.ai.banqi.codes import CAN, CODE, DOWN, NB, RAYS, WIN
from game.rules import banqi as rules

MAX_PIECES = 3  # positions with more pieces are not probed (0 switches the tables off)
_WIN, _LOSS = 1, 2  # stored results (0: a draw, or not reached)
_ESCAPE = 1 << 20  # a capture into a position not lost: the count of losing moves never reaches 0

# the four mirrors of the board (identity, left-right, top-bottom, both) and, for each square, the
# one that brings it into the quadrant a1-d2 (files a-d, ranks 1-2)
MIR = tuple(
    tuple(((3 - p // 8) if g & 2 else p // 8) * 8 + ((7 - p % 8) if g & 1 else p % 8) for p in range(32))
    for g in range(4)
)
QUAD = tuple(p for p in range(32) if p % 8 < 4 and p // 8 < 2)
QINDEX = {p: i for i, p in enumerate(QUAD)}
TO_QUAD = tuple(next(g for g in range(4) if MIR[g][p] in QINDEX) for p in range(32))


def _key(codes) -> tuple[tuple, bool]:
    """The table key of a set of piece codes and whether colours are swapped to reach it: the
    smaller of (red types, black types) and (black types, red types)."""
    red = tuple(sorted(c & 7 for c in codes if c < 8))
    black = tuple(sorted(c & 7 for c in codes if c >= 8))
    return ((red, black), False) if (red, black) <= (black, red) else ((black, red), True)


_TABLES: dict = {}


def table(key: tuple, limit: int) -> _Table:
    """The solved table of `key` ((types of side 0), (types of side 1)) for the no-progress limit."""
    got = _TABLES.get((key, limit))
    if got is None:
        got = _TABLES[(key, limit)] = _Table(key, limit)
    return got


class _Table:
    """One signature for one no-progress limit: res[2 * index + side] and dtz[...] by position."""

    def __init__(self, key: tuple, limit: int):
        self.key, self.limit = key, limit
        codes = sorted([t for t in key[0]] + [8 + t for t in key[1]])
        once = [c for c in codes if codes.count(c) == 1]
        self.sym = bool(once)  # a piece to anchor the mirrors on (always, up to 3 pieces)
        if once:
            codes.remove(once[0])
            codes.insert(0, once[0])
        self.codes = codes
        self.n = n = len(codes)
        # runs of equal codes: their squares are kept sorted
        self.groups = [(i, j) for i, j in self._runs() if j - i > 1]
        self.size = (8 if self.sym else 32) << (5 * (n - 1))
        self.res = bytearray(2 * self.size)
        self.dtz = bytearray(2 * self.size)
        self.subs = [self._sub(j) for j in range(n)]
        self._solve()

    def _runs(self):
        i = 0
        while i < self.n:
            j = i
            while j < self.n and self.codes[j] == self.codes[i]:
                j += 1
            yield i, j
            i = j

    def _sub(self, j: int):
        """What capturing piece j leads to: None when it was its side's last piece, else (table,
        slot order: which of our pieces fills each of its slots, where each of ours goes, swap)."""
        rest = [i for i in range(self.n) if i != j]
        if all((self.codes[i] >> 3) != (self.codes[j] >> 3) for i in rest):
            return None
        key, swap = _key([self.codes[i] for i in rest])
        sub = table(key, self.limit)
        free = list(rest)
        order = []
        for c in sub.codes:
            i = next(i for i in free if self.codes[i] ^ (8 if swap else 0) == c)
            free.remove(i)
            order.append(i)
        return sub, order, {i: k for k, i in enumerate(order)}, int(swap)

    # ---- positions ----------------------------------------------------------------------------
    def index(self, s: list) -> int:
        """Index of the placement s (squares in slot order; s is changed)."""
        if self.sym:
            m = MIR[TO_QUAD[s[0]]]
            s[:] = [m[x] for x in s]
        for i, j in self.groups:
            s[i:j] = sorted(s[i:j])
        idx = QINDEX[s[0]] if self.sym else s[0]
        for x in s[1:]:
            idx = idx << 5 | x
        return idx

    def squares(self, idx: int) -> list:
        s = [0] * self.n
        for i in range(self.n - 1, 0, -1):
            s[i] = idx & 31
            idx >>= 5
        s[0] = QUAD[idx] if self.sym else idx
        return s

    def placements(self):
        first = QUAD if self.sym else range(32)
        for s0 in first:
            for rest in itertools.product(range(32), repeat=self.n - 1):
                s = (s0, *rest)
                if len(set(s)) == self.n and all(list(s[i:j]) == sorted(set(s[i:j])) for i, j in self.groups):
                    yield list(s)

    def moves(self, s: list, side: int):
        """(steps, captures) of `side`: steps as (piece, to), captures as (piece, victim)."""
        occ = [-1] * 32
        for i, x in enumerate(s):
            occ[x] = i
        codes = self.codes
        steps, caps = [], []
        for i in range(self.n):
            c = codes[i]
            if c >> 3 != side:
                continue
            p, t = s[i], c & 7
            for q in NB[p]:
                j = occ[q]
                if j < 0:
                    steps.append((i, q))
                elif t != 2 and codes[j] >> 3 != side and CAN[t][codes[j] & 7]:
                    caps.append((i, j))
            if t == 2:
                for ray in RAYS[p]:
                    screen = False
                    for q in ray:
                        j = occ[q]
                        if j < 0:
                            continue
                        if screen:
                            if codes[j] >> 3 != side:
                                caps.append((i, j))
                            break
                        screen = True
        return steps, caps

    def after_capture(self, s: list, side: int, i: int, j: int) -> tuple[int, int]:
        """(stored result, dtz) for the opponent, to move after piece i of `side` takes piece j
        (the counter back at 0): a loss at 0 when j was the last piece of its side."""
        sub = self.subs[j]
        if sub is None:
            return _LOSS, 0
        tab, order, slot, swap = sub
        child = [s[x] for x in order]
        child[slot[i]] = s[j]
        k = 2 * tab.index(child) + ((1 - side) ^ swap)
        return tab.res[k], tab.dtz[k]

    # ---- retrograde analysis ------------------------------------------------------------------
    def _solve(self) -> None:
        res, dtz, limit = self.res, self.dtz, self.limit
        count = [0] * (2 * self.size)  # quiet moves not yet known to lose (+ _ESCAPE)
        levels: list = [[] for _ in range(limit + 2)]
        for s in self.placements():
            base = 2 * self.index(list(s))
            for side in (0, 1):
                steps, caps = self.moves(s, side)
                k = base + side
                found = [self.after_capture(s, side, i, j)[0] for i, j in caps]
                if _LOSS in found:  # a capture into a lost position (or of the last piece)
                    res[k], dtz[k] = _WIN, 1
                    levels[1].append(k)
                elif not steps and not caps:  # no legal action: lost now
                    res[k] = _LOSS
                    levels[0].append(k)
                elif not steps and _WIN in found and 0 not in found:  # every capture loses
                    res[k], dtz[k] = _LOSS, 1
                    levels[1].append(k)
                else:
                    count[k] = len(steps) + (_ESCAPE if 0 in found else 0)
        codes = self.codes
        for d in range(limit):
            for k in levels[d]:
                s, side = self.squares(k >> 1), k & 1
                mover = 1 - side  # who made the move into this position
                won = res[k] == _LOSS  # the mover wins: every predecessor is won at d + 1
                for i in range(self.n):
                    if codes[i] >> 3 != mover:
                        continue
                    for b in NB[s[i]]:
                        if b in s:
                            continue
                        t = list(s)
                        t[i] = b
                        y = 2 * self.index(t) + mover
                        if res[y]:
                            continue
                        if won:
                            res[y], dtz[y] = _WIN, d + 1
                            levels[d + 1].append(y)
                        else:
                            count[y] -= 1
                            if not count[y]:
                                res[y], dtz[y] = _LOSS, d + 1
                                levels[d + 1].append(y)

    def lookup(self, s: list, side: int) -> tuple[int, int]:
        k = 2 * self.index(s) + side
        return self.res[k], self.dtz[k]


# ---- probing ------------------------------------------------------------------------------------
def _locate(board, side: int, limit: int, solve: bool = True):
    """(table, slot squares, side in the table) of an all-revealed board of few pieces, or None
    (None too when the table is not solved yet and solve is False)."""
    pieces = [(c, p) for p, c in enumerate(board) if c]
    if len(pieces) > MAX_PIECES or any(c == DOWN for c, _ in pieces):
        return None
    if len({c >> 3 for c, _ in pieces}) < 2:
        return None  # a side without pieces: the game is over
    key, swap = _key([c for c, _ in pieces])
    if not solve and (key, limit) not in _TABLES:
        return None
    tab = table(key, limit)
    flip = 8 if swap else 0
    s = [0] * tab.n
    used = [False] * tab.n
    for c, p in pieces:
        k = next(k for k in range(tab.n) if not used[k] and tab.codes[k] == c ^ flip)
        used[k] = True
        s[k] = p
    return tab, s, side ^ int(swap)


def probe(board, side: int, quiet: int, limit: int, solve: bool = True):
    """(result, dtz) for `side` to move with the no-progress counter at `quiet`: result 1 a certain
    win, -1 a certain loss (dtz plies to the conversion under best play), 0 a draw (dtz 0);
    None when the board has a face-down piece, more than MAX_PIECES pieces or a side without any,
    or (solve False) when its table is not solved yet."""
    found = _locate(board, side, limit, solve)
    if found is None:
        return None
    tab, s, tside = found
    res, d = tab.lookup(s, tside)
    if res and d <= limit - quiet:
        return (1 if res == _WIN else -1), d
    return 0, 0


def prepare(board, limit: int, deadline: float | None = None) -> None:
    """Solve, before a search, the tables its captures can reach from the all-revealed `board`
    (piece codes), smallest first, until `deadline` (perf_counter time; None: all of them). The
    search itself only probes solved tables, so a solve never runs past the search's clock."""
    pieces = sorted(c for c in board if c)
    if DOWN in pieces or len(pieces) > MAX_PIECES + 2:
        return
    for n in range(2, min(MAX_PIECES, len(pieces)) + 1):
        for combo in sorted(set(itertools.combinations(pieces, n))):
            if len({c >> 3 for c in combo}) < 2:
                continue
            if deadline is not None and time.perf_counter() >= deadline:
                return
            table(_key(combo)[0], limit)


def score(board, side: int, quiet: int, limit: int, ply: int) -> float:
    """The search's score of the position for `side` to move at `ply` (see probe): WIN - ply - dtz
    for a win, -WIN + ply + dtz for a loss, 0 for a draw (0 too when the board is not covered)."""
    got = probe(board, side, quiet, limit)
    if got is None or not got[0]:
        return 0.0
    return float(got[0] * (WIN - ply - got[1]))


def _tie(board, side: int, limit: int) -> int:
    """Tie-break between moves of the same score for the mover, `side` being the opponent to move
    after it: a table loss of the opponent (a win the counter cut short) first, the nearest first."""
    found = _locate(board, side, limit)
    if found is None:
        return 0
    r, d = found[0].lookup(found[1], found[2])
    return (limit + 1 - d) if r == _LOSS else -(limit + 1) if r == _WIN else 0


def _children(board, side: int, quiet: int, limit: int):
    """[(score for `side` after the move, tie-break, from, to)] of every legal step or capture."""
    out = []
    for p in range(32):
        c = board[p]
        if not c or c == DOWN or c >> 3 != side:
            continue
        targets = [q for q in NB[p] if not board[q]]
        if c & 7 == 2:
            for ray in RAYS[p]:
                hit = [q for q in ray if board[q]][1:2]
                targets += [q for q in hit if board[q] != DOWN and board[q] >> 3 != side]
        else:
            targets += [q for q in NB[p] if board[q] and board[q] != DOWN and board[q] >> 3 != side]
            targets = [q for q in targets if not board[q] or CAN[c & 7][board[q] & 7]]
        for q in targets:
            child = list(board)
            child[q], child[p] = c, 0
            if not any(x and x >> 3 != side for x in child):
                out.append((WIN - 1.0, 0, p, q))  # the last enemy piece taken
                continue
            cq = 0 if board[q] else quiet + 1
            v = 0.0 - score(child, 1 - side, cq, limit, 1)  # never -0.0
            out.append((v, 0 if v else _tie(child, 1 - side, limit), p, q))
    return out


def best_move(board, side: int, quiet: int, limit: int):
    """(from, to) of the table's choice, None if not covered. Each move is scored like the search
    scores a node one ply down (WIN - 1 - the child's dtz, a capture counting its sub-table's):
    in a win, the best is a capture that keeps it or a move one ply nearer the conversion (so no
    position repeats); in a loss, the longest resistance; in a draw, a move keeping the draw,
    first one into a win the counter cuts short (the opponent may still go wrong)."""
    if _locate(board, side, limit) is None:
        return None
    moves = _children(board, side, quiet, limit)
    if not moves:
        return None
    v, tie, p, q = max(moves, key=lambda m: (m[0], m[1], -m[2], -m[3]))
    return p, q


def rank_root(state):
    """[(score, rules.Move)] of every legal move of a rules State covered by the tables, best
    first as best_move orders them, each move and the replies that could end the game by
    repetition played through the rules (so repetition and perpetual chase one ply ahead are the
    rules' own verdict, with the game's history), or None when the position is not covered
    (face-down pieces, too many pieces)."""
    if state.result() is not None or state.to_move is None or rules.FACE_DOWN in state.board:
        return None
    if not state.house.standard:
        return None  # the tables are solved for the standard moves and captures only
    board = [CODE.get(c, 0) for c in state.board]
    me, limit = state.to_move, state.options["no_progress"]
    if _locate(board, 0 if me == "r" else 1, limit) is None:
        return None
    ranked = []
    for m in state.legal_moves():
        child = state.play(m)
        res = child.result()
        tie = 0
        if res is not None:
            v = 0.0 if res.winner is None else (WIN - 1.0 if res.winner == me else -WIN + 1.0)
        else:
            cboard = [CODE.get(c, 0) for c in child.board]
            cside = 0 if child.to_move == "r" else 1
            v = 0.0 - score(cboard, cside, child.quiet, limit, 1)  # never -0.0
            tie = 0 if v else _tie(cboard, cside, limit)
            if state.options["repetition"] != "off" and len(child.reps) >= 4:
                for reply in child.legal_moves():  # the opponent may end it at once by repetition
                    r = child.play(reply).result()
                    if r is not None and r.reason in ("repetition", "perpetual_chase"):
                        v = min(v, 0.0 if r.winner is None else WIN - 2.0 if r.winner == me else -WIN + 2.0)
        ranked.append((v, tie, m))
    ranked.sort(key=lambda e: (-e[0], -e[1]))
    return [(v, m) for v, _, m in ranked]


def signatures(pieces: int) -> list:
    """Every table key with `pieces` pieces (each side at least one, at most one general)."""
    out = set()
    for a in range(1, pieces):
        for red in itertools.combinations_with_replacement(range(1, 8), a):
            for black in itertools.combinations_with_replacement(range(1, 8), pieces - a):
                if red.count(7) < 2 and black.count(7) < 2:
                    out.add(_key([*red, *(8 + t for t in black)])[0])
    return sorted(out)
