"""Can White close two kings locked in one palace? A retrograde solution of the one-palace board's
palace and the points around it, under a model that favours White.

One palace's strong levels draw one another: their White shuts both kings in the palace early and
never closes it (bench/RESULTS.md, "One palace: rows mapped onto the scale"). This asks whether
any White could. The kings stand on a set of points K (the palace and its door, and with --reach
the square's first row); the region R is K with every point a king there could step to or jump
over or land on. Inside R the moves are the rules' own (game.rules.palace_board's adjacency and
jumps). Outside R White is given everything: as many soldiers as it likes, brought onto any empty
point of R that touches the outside, taken off it there, or a move elsewhere (a pass), and Black's
captures never win. A king that leaves K counts as not closed. So a position this calls not won
is one no White can win without letting a king past K; one it calls won may still be out of a
real White's reach.

    python bench/bench_palace_lock.py              # the kings in the palace and on its door
    python bench/bench_palace_lock.py --reach 2    # ... or anywhere on the square's first row
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai.jit import njit  # noqa: E402
from game.rules.palace_board import BOARDS, Board  # noqa: E402

MOVES = 8  # the most neighbours (and jumps) a point has
REACHES = {
    0: "the palace and its door",
    1: "and the door's two neighbours on its row",
    2: "and the square's whole first row",
}


@dataclass(frozen=True)
class Region:
    """Local indices 0..n-1 of R's points, the kings' points K first; per point its neighbours and
    jumps (over, to) inside R (-1 pads), whether it touches the outside, and the king pairs."""

    board: Board
    points: tuple[int, ...]
    kings: int  # len(K): local points below this are K
    adj: np.ndarray
    over: np.ndarray
    to: np.ndarray
    entry: np.ndarray
    pairs: np.ndarray  # (pair index, 2) local king points
    pair_of: np.ndarray  # (kings, kings) -> pair index

    def local(self, point: int) -> int:
        return self.points.index(point)

    def mask(self, points) -> int:
        return sum(1 << self.local(p) for p in points)


def kings_points(board: Board, reach: int) -> list[int]:
    """K: the palace and its door, with reach 1 the door's neighbours on its row, with 2 that whole
    row of the square."""
    door = board.doors[0]
    points = sorted(board.palace_sets[0]) + [door]
    row = [p for p in board.points if p // board.cols == door // board.cols and p != door]
    if reach == 1:
        points += [p for p in row if p in board.adj[door]]
    elif reach >= 2:
        points += row
    return points


def region(reach: int = 0, board: Board = BOARDS[1]) -> Region:
    k = kings_points(board, reach)
    near = {q for p in k for q in board.adj[p]}
    near |= {q for p in k for over, to in board.jumps[p] for q in (over, to)}
    points = tuple(k + sorted(near - set(k)))
    index = {p: i for i, p in enumerate(points)}
    n = len(points)
    adj = np.full((n, MOVES), -1, np.int64)
    over = np.full((n, MOVES), -1, np.int64)
    to = np.full((n, MOVES), -1, np.int64)
    entry = np.zeros(n, np.int64)
    for p, i in index.items():
        inside = [index[q] for q in board.adj[p] if q in index]
        adj[i, : len(inside)] = inside
        entry[i] = any(q not in index for q in board.adj[p])
        jumps = [(index[b], index[c]) for b, c in board.jumps[p] if b in index and c in index]
        for j, (b, c) in enumerate(jumps):
            over[i, j], to[i, j] = b, c
    pairs = [(a, b) for a in range(len(k)) for b in range(a + 1, len(k))]
    pair_of = np.full((len(k), len(k)), -1, np.int64)
    for i, (a, b) in enumerate(pairs):
        pair_of[a, b] = pair_of[b, a] = i
    return Region(board, points, len(k), adj, over, to, entry, np.array(pairs, np.int64), pair_of)


@njit
def black_moves(pair, soldiers, pairs, pair_of, adj, over, to, kings, out):
    """The kings' moves into out[:n] as (escapes, new pair, new soldiers); n. A move that leaves K
    is an escape (its other columns unused)."""
    a, b = pairs[pair, 0], pairs[pair, 1]
    full = soldiers | (1 << a) | (1 << b)
    n = 0
    for side in range(2):
        k = a if side == 0 else b
        other = b if side == 0 else a
        for j in range(adj.shape[1]):
            t = adj[k, j]
            if t < 0:
                break
            if not (full >> t) & 1:
                out[n, 0] = 1 if t >= kings else 0
                out[n, 1] = pair_of[t, other] if t < kings else -1
                out[n, 2] = soldiers
                n += 1
        for j in range(over.shape[1]):
            o = over[k, j]
            if o < 0:
                break
            t = to[k, j]
            if (soldiers >> o) & 1 and not (full >> t) & 1:
                out[n, 0] = 1 if t >= kings else 0
                out[n, 1] = pair_of[t, other] if t < kings else -1
                out[n, 2] = soldiers & ~(1 << o)
                n += 1
    return n


@njit
def solve_tables(pairs, pair_of, adj, over, to, entry, kings, size):
    """(black, white): for each king pair and set of soldiers on R, 1 + the plies to White's win
    with that side to move (0: not won), found ply by ply, so each figure is the shortest win
    against the longest defence."""
    states = 1 << size
    black = np.zeros((pairs.shape[0], states), np.int16)
    white = np.zeros((pairs.shape[0], states), np.int16)
    out = np.zeros((4 * MOVES, 3), np.int64)
    ply = 0
    changed = True
    while changed:
        changed = False
        ply += 1
        mark = ply  # this sweep's value (1 + plies); values >= mark are this sweep's own, not used in it
        for pair in range(pairs.shape[0]):
            kmask = (1 << pairs[pair, 0]) | (1 << pairs[pair, 1])
            for soldiers in range(states):
                if soldiers & kmask:
                    continue
                if black[pair, soldiers] == 0:  # won when every king move leads to a win
                    n = black_moves(pair, soldiers, pairs, pair_of, adj, over, to, kings, out)
                    won = True
                    for i in range(n):
                        if out[i, 0] == 1:
                            won = False
                            break
                        v = white[out[i, 1], out[i, 2]]
                        if v == 0 or v >= mark:
                            won = False
                            break
                    if won:
                        black[pair, soldiers] = mark
                        changed = True
                if white[pair, soldiers] == 0:  # won when some move (or a pass) leads to a win
                    won = 0 < black[pair, soldiers] < mark
                    full = soldiers | kmask
                    p = 0
                    while not won and p < size:
                        if (soldiers >> p) & 1:
                            rest = soldiers & ~(1 << p)
                            v = black[pair, rest]
                            if entry[p] and 0 < v < mark:
                                won = True
                            for j in range(adj.shape[1]):
                                t = adj[p, j]
                                if won or t < 0:
                                    break
                                v = black[pair, rest | (1 << t)]
                                if not (full >> t) & 1 and 0 < v < mark:
                                    won = True
                        elif entry[p] and not (kmask >> p) & 1:
                            v = black[pair, soldiers | (1 << p)]
                            if 0 < v < mark:
                                won = True
                        p += 1
                    if won:
                        white[pair, soldiers] = mark
                        changed = True
    return black, white


def solve(r: Region) -> tuple[np.ndarray, np.ndarray]:
    return solve_tables(r.pairs, r.pair_of, r.adj, r.over, r.to, r.entry, r.kings, len(r.points))


def lock_mask(r: Region) -> int:
    """The door and the points a king in the palace would land on by jumping a soldier there: with
    these held, both kings are shut in the palace."""
    door = r.board.doors[0]
    palace = r.board.palace_sets[0]
    landings = {to for p in palace for over, to in r.board.jumps[p] if over == door}
    return r.mask([door, *landings])


def report(r: Region, black: np.ndarray, white: np.ndarray) -> dict:
    """What the tables say about the locked palace: per king pair in the palace, with the lock held
    and no soldier inside, whether White wins (either side to move); and over every position with
    the lock held, how many are won for White to move, by soldiers inside the palace."""
    lock = lock_mask(r)
    palace = r.mask(r.board.palace_sets[0])
    inside = [i for i in range(r.kings) if palace >> i & 1]
    empty_won = []
    by_inside: dict[int, list[int]] = {}
    for pair, (a, b) in enumerate(r.pairs.tolist()):
        if a not in inside or b not in inside:
            continue
        kmask = (1 << a) | (1 << b)
        empty_won.append(bool(black[pair, lock] or white[pair, lock]))
        for soldiers in range(1 << len(r.points)):
            if soldiers & kmask or soldiers & lock != lock:
                continue
            count = by_inside.setdefault((soldiers & palace).bit_count(), [0, 0])
            count[0] += 1
            count[1] += bool(white[pair, soldiers])
    return {
        "pairs in the palace": len(empty_won),
        "won with nothing inside": sum(empty_won),
        "by soldiers inside": {n: tuple(v) for n, v in sorted(by_inside.items())},
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument(
        "--reach",
        type=int,
        default=0,
        choices=sorted(REACHES),
        help="how far the kings may go: " + "; ".join(f"{k} {v}" for k, v in REACHES.items()),
    )
    args = p.parse_args(argv)
    r = region(args.reach)
    names = [r.board.name(q) for q in r.points]
    kings, rest = ", ".join(names[: r.kings]), ", ".join(names[r.kings :])
    print(f"kings on {kings} ({REACHES[args.reach]}); the region's other {len(r.points) - r.kings} points: {rest}")
    print(f"White brings soldiers in on {', '.join(n for n, e in zip(names, r.entry) if e)}")
    started = time.perf_counter()
    black, white = solve(r)
    seconds, plies, won = time.perf_counter() - started, int(max(black.max(), white.max())) - 1, int((black > 0).sum())
    print(
        f"solved in {seconds:.1f} s: {won:,} positions with Black to move won for White, the longest win {plies} plies"
    )
    lock = report(r, black, white)
    held = ", ".join(n for i, n in enumerate(names) if lock_mask(r) >> i & 1)
    print(f"the lock held (soldiers on {held}), both kings in the palace:")
    won, pairs = lock["won with nothing inside"], lock["pairs in the palace"]
    print(f"  with no soldier inside the palace, White wins {won} of {pairs} king placements")
    for n, (total, won) in lock["by soldiers inside"].items():
        print(f"  {n} soldiers inside: {won:,} of {total:,} positions won for White to move ({100 * won / total:.1f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
