"""The 8x8 draughts variants (issue 61): the plain search against the compiled one (fast8.py) on
the same positions and time, nodes a second and the depth reached.

    python bench/bench_draughts8_fast.py [--seconds 1] [--positions 6] [--seed 61] [--variants russian,brazilian,english]

For each variant: the start and positions after 10-40 random plies (seeded), each searched by
both for --seconds as level 10 searches (iterative deepening on the clock, fresh tables), the
compiled search compiled (or loaded) first. Prints one line per position and search, then the
variant's mean nodes a second, mean depth and the ratio. Run it with nice -n 5 on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.common import Budget  # noqa: E402
from game.ai.draughts import fast8  # noqa: E402
from game.ai.draughts import search as S  # noqa: E402
from game.ai.draughts.family import board_of  # noqa: E402
from game.rules import draughts as R  # noqa: E402


def positions(name: str, count: int, seed: int) -> list:
    rng = random.Random(seed)
    out = [R.new_game(variant=name)]
    while len(out) < count:
        s = R.new_game(variant=name)
        for _ in range(rng.randint(10, 40)):
            if s.result() is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        if s.result() is None and len(s.legal_moves()) > 1:
            out.append(s)
    return out


def timed(state, seconds: float, compiled: bool) -> tuple:
    """(nodes, depth, seconds) of a level-10 style search of `state` for `seconds`."""
    board = board_of(state)
    start = time.perf_counter()
    budget = Budget(time_limit=seconds, start=start)
    keys = state.history[:-1]
    if compiled:
        search = S.make_search(budget, keys, "full", board)  # fresh tables, as the plain search has
    else:
        search = S.Search(budget, keys, board=board)
    _, _, depth = search.root(state, S.LEVELS[10].depth, None, start)
    return budget.nodes, depth, time.perf_counter() - start


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--positions", type=int, default=6)
    p.add_argument("--seed", type=int, default=61)
    p.add_argument("--variants", default="russian,brazilian,english")
    args = p.parse_args(argv)
    if not fast8.available():
        print("numba is not installed: no compiled search to compare")
        return 1
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    for name in args.variants.split(","):
        states = positions(name, args.positions, args.seed)
        t = time.perf_counter()
        fast8.compiled(states[0].variant).warm()
        print(f"{name}: compiled search ready in {time.perf_counter() - t:.1f} s")
        sums = {False: [0, 0.0, 0], True: [0, 0.0, 0]}
        for i, s in enumerate(states):
            for compiled in (False, True):
                nodes, depth, spent = timed(s, args.seconds, compiled)
                kind = "compiled" if compiled else "plain"
                print(
                    f"  {name} #{i} {kind:8} {nodes:9d} nodes {nodes / spent:10.0f} n/s depth {depth:2d} {spent:.2f} s"
                )
                acc = sums[compiled]
                acc[0] += nodes
                acc[1] += spent
                acc[2] += depth
        n = len(states)
        plain, fast = (sums[False][0] / sums[False][1]), (sums[True][0] / sums[True][1])
        print(
            f"{name}: plain {plain:.0f} n/s, depth {sums[False][2] / n:.1f}; compiled {fast:.0f} n/s, "
            f"depth {sums[True][2] / n:.1f}; {fast / plain:.1f} times the nodes a second"
        )
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
