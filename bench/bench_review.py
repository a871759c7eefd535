"""Game review benchmark: the time to review a 100-ply game of each kind at the default setting
(game.review.REVIEW_NODES search nodes per position). Prints figures; never fails on time.

    python bench/bench_review.py                  # the three games
    python bench/bench_review.py --plies 60 --nodes 10000

The games are played by the computer at the easy level with fixed seeds (a fixed node budget per
move, so the same games on any machine); a game that ends sooner is reviewed as it is.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import games  # noqa: E402
from game.ai import choose_move  # noqa: E402
from game.match import Match  # noqa: E402
from game.review import REVIEW_NODES, review_match  # noqa: E402

SEED = 2024
PLAY_NODES = 2_000  # per move of the easy level while making the games


def make_game(name: str, plies: int) -> Match:
    m = Match.new(name, seed=SEED)
    for i in range(plies):
        if m.over:
            break
        m.play(choose_move(m.public_state(), "easy", seed=SEED + i, nodes=PLAY_NODES))
    return m


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plies", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=REVIEW_NODES, help="search nodes per position")
    ap.add_argument("--games", default=",".join(games.NAMES))
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}")
    print(f"review of a {args.plies}-ply easy-level game, {args.nodes} nodes per position")
    print("| game | plies | review time | per position | ?! | ? | ?? |")
    print("|---|---|---|---|---|---|---|")
    for name in args.games.split(","):
        m = make_game(name, args.plies)
        t0 = time.perf_counter()
        r = review_match(m, nodes=args.nodes)
        dt = time.perf_counter() - t0
        c = r.counts()
        print(
            f"| {name} | {m.ply} | {dt:.1f} s | {dt / (m.ply + 1) * 1000:.0f} ms | {c['?!']} | {c['?']} | {c['??']} |"
        )


if __name__ == "__main__":
    main()
