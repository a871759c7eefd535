"""International draughts benchmarks: perft speed, search speed and depth, the level ladder, and a
match of the hard level against py-draughts' TurboEngine. Prints figures; never fails on time.

    python bench/bench_draughts.py                 # everything (about 15 minutes on 2 cores)
    python bench/bench_draughts.py perft search    # only some parts: perft search ladder turbo
    python bench/bench_draughts.py turbo --games 40 --time 0.5 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai import draughts_ai as A  # noqa: E402
from game.rules import draughts as R  # noqa: E402


def bench_perft(depth=7):
    start = R.new_game()
    print(f"perft from the start, depth {depth} (1049442 leaves at depth 7)")
    t = time.perf_counter()
    n = R.perft(start, depth, hashed=False)
    ours = time.perf_counter() - t
    print(f"  qipan perft (no hash):      {n:>9} leaves  {ours:6.2f} s  {n / ours / 1e6:5.2f} M leaves/s")
    t = time.perf_counter()
    n = R.perft(start, depth, hashed=True)
    hashed = time.perf_counter() - t
    print(f"  qipan perft (hashed):       {n:>9} leaves  {hashed:6.2f} s  {n / hashed / 1e6:5.2f} M leaves/s")
    try:
        from draughts import Board
        from draughts.engines.turbo import perft_from_board
    except ImportError:
        print("  py-draughts not installed")
        return
    t = time.perf_counter()
    n = perft_from_board(Board(), depth)
    theirs = time.perf_counter() - t
    print(f"  py-draughts turbo perft:    {n:>9} leaves  {theirs:6.2f} s  {n / theirs / 1e6:5.2f} M leaves/s")
    print(f"  ratio (turbo time / ours, no hash): {theirs / ours:.2f}x")
    t = time.perf_counter()
    n8 = R.perft(start, 8, hashed=True)
    print(f"  depth 8 (hashed): {n8} leaves in {time.perf_counter() - t:.2f} s (expected 6483961)")


def bench_search(seconds=1.0):
    print(f"search from the start, {seconds} s")
    reached = []

    def info(depth, score, nodes, move):
        reached.append((depth, score, nodes, time.perf_counter() - t0))

    t0 = time.perf_counter()
    A.analyse(R.new_game(), "hard", time_limit=seconds, info=info)
    total = time.perf_counter() - t0
    depth, score, nodes, at = reached[-1]
    print(f"  qipan hard: depth {depth} (done at {at:.2f} s), {nodes} nodes, {nodes / total:,.0f} nodes/s")
    try:
        from draughts import Board
        from draughts.engines.turbo import TurboEngine
    except ImportError:
        return
    e = TurboEngine(depth_limit=None, time_limit=seconds)
    t0 = time.perf_counter()
    e.get_best_move(Board())
    total = time.perf_counter() - t0
    print(f"  py-draughts turbo: depth {e.completed_depth}, {e.nodes} nodes, {e.nodes / total:,.0f} nodes/s")


# ---- games -------------------------------------------------------------------------------------------
def openings(count, plies=4, seed=2024):
    """`count` distinct opening lines of `plies` random moves from the start."""
    rng = random.Random(seed)
    seen, out = set(), []
    while len(out) < count:
        s = R.new_game()
        line = []
        for _ in range(plies):
            m = rng.choice(s.legal_moves())
            line.append(str(m))
            s = s.play(m)
        if tuple(line) not in seen and s.result() is None:
            seen.add(tuple(line))
            out.append(line)
    return out


class Qipan:
    def __init__(self, level, time_limit=None, nodes=None):
        self.level, self.time_limit, self.nodes = level, time_limit, nodes
        self.name = f"qipan-{level}"
        self.tables = A.new_tables()  # what this player's searches keep from move to move

    def move(self, state, board, seed):
        A.use_tables(self.tables)
        return A.choose_move(state, self.level, self.time_limit, seed, self.nodes)


class Turbo:
    name = "turbo"

    def __init__(self, time_limit):
        from draughts.engines.turbo import TurboEngine

        self.engine = TurboEngine(depth_limit=None, time_limit=time_limit)

    def move(self, state, board, seed):
        mv = self.engine.get_best_move(board)
        key = (mv.square_list[0] + 1, mv.square_list[-1] + 1, tuple(sorted(c + 1 for c in mv.captured_list)))
        for m in state.legal_moves():
            if (m.start, m.end, m.captures) == key:
                return m
        raise RuntimeError(f"turbo move {mv} not legal here")


def make_player(spec):
    kind, *args = spec
    if kind == "turbo":
        return Turbo(*args)
    return Qipan(*args)


def play_game(job):
    """job: (spec_white, spec_black, opening line, seed, max plies) -> (result, plies, reason)."""
    spec_w, spec_b, line, seed, max_plies = job
    players = {"w": make_player(spec_w), "b": make_player(spec_b)}
    need_board = spec_w[0] == "turbo" or spec_b[0] == "turbo"
    board = None
    if need_board:
        from draughts import Board

        board = Board()
    s = R.new_game()

    def push(move):
        nonlocal s
        if board is not None:
            key = (move.start, move.end, move.captures)
            for x in board.legal_moves:
                if (x.square_list[0] + 1, x.square_list[-1] + 1, tuple(sorted(c + 1 for c in x.captured_list))) == key:
                    board.push(x)
                    break
        s = s.play(move)

    for text in line:
        push(R.find_move(s, text))
    plies = 0
    spent = {"w": [0.0, 0], "b": [0.0, 0]}  # seconds and moves, per side
    while s.result() is None and plies < max_plies:
        side = s.to_move
        t = time.perf_counter()
        move = players[side].move(s, board, seed + plies)
        spent[side][0] += time.perf_counter() - t
        spent[side][1] += 1
        push(move)
        plies += 1
    r = s.result()
    if r is None:
        return 0.5, plies, "adjudicated", spent
    return (1.0 if r.winner == "w" else 0.0 if r.winner == "b" else 0.5), plies, r.reason, spent


def match(spec_a, spec_b, games, jobs, max_plies=300, seed=1, openings_seed=2024):
    """Score of A against B over `games` games (pairs from the same opening, colours swapped)."""
    lines = openings((games + 1) // 2, seed=openings_seed)
    work = []
    for i, line in enumerate(lines):
        work.append((spec_a, spec_b, line, seed + 1000 * i, max_plies))
        work.append((spec_b, spec_a, line, seed + 1000 * i + 500, max_plies))
    work = work[:games]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(play_game, work))
    score, w, d, l = 0.0, 0, 0, 0
    reasons = {}
    clock = {"a": [0.0, 0], "b": [0.0, 0]}
    for (sa, _sb, *_), (res, _plies, reason, spent) in zip(work, results):
        a_white = sa is spec_a or sa == spec_a
        for side, who in (("w", "a" if a_white else "b"), ("b", "b" if a_white else "a")):
            clock[who][0] += spent[side][0]
            clock[who][1] += spent[side][1]
        mine = res if a_white else 1 - res
        score += mine
        w += mine == 1.0
        d += mine == 0.5
        l += mine == 0.0
        reasons[reason] = reasons.get(reason, 0) + 1
    reasons["s/move"] = tuple(round(t / max(1, n), 3) for t, n in clock.values())
    return score / len(work), w, d, l, reasons


def bench_ladder(games, jobs, nodes):
    print(
        f"level ladder ({games} games per pair; easy 2 plies + mistakes, medium 4 plies, hard {nodes} nodes per move)"
    )
    pairs = [
        (("qipan", "medium", None, nodes), ("qipan", "easy", None, nodes)),
        (("qipan", "hard", None, nodes), ("qipan", "medium", None, nodes)),
    ]
    for a, b in pairs:
        t = time.perf_counter()
        score, w, d, l, reasons = match(a, b, games, jobs)
        print(
            f"  {a[1]:>6} vs {b[1]:<6}: {100 * score:5.1f}%  (+{w} ={d} -{l})  {reasons}  "
            f"[{time.perf_counter() - t:.0f} s]"
        )


def bench_turbo(games, jobs, seconds, openings_seed=2024):
    print(
        f"hard vs py-draughts TurboEngine, {seconds} s per move each, {games} games from "
        f"{(games + 1) // 2} openings (4 random plies), colours swapped"
    )
    t = time.perf_counter()
    score, w, d, l, reasons = match(
        ("qipan", "hard", seconds, None), ("turbo", seconds), games, jobs, openings_seed=openings_seed
    )
    print(f"  hard: {100 * score:5.1f}%  (+{w} ={d} -{l})  {reasons}  [{time.perf_counter() - t:.0f} s]")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("parts", nargs="*", default=["perft", "search", "ladder", "turbo"])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--time", type=float, default=0.5, help="seconds per move in the turbo match")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--ladder-nodes", type=int, default=60000)
    p.add_argument("--openings-seed", type=int, default=2024, help="another seed draws other openings")
    args = p.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    if "perft" in args.parts:
        bench_perft()
    if "search" in args.parts:
        bench_search()
    if "ladder" in args.parts:
        bench_ladder(args.games, args.jobs, args.ladder_nodes)
    if "turbo" in args.parts:
        bench_turbo(args.games, args.jobs, args.time, args.openings_seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
