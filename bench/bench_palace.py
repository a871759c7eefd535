"""Palace Double-Door benchmark: rules speed (perft), search speed and depth, and a ladder of
matches between the computer levels. Prints figures; never fails on time.

    python bench/bench_palace.py                 # everything (the ladder takes a while)
    python bench/bench_palace.py --games 20      # games per side per pairing
    python bench/bench_palace.py --no-ladder     # speed only

Ladder games use deterministic node budgets (LADDER_NODES) so that results repeat on any machine;
each game starts with OPENING_PLIES plies chosen by opening_move() from the game's seed so that the
games differ (the same openings are played with the colours swapped).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai import palace_ai as A  # noqa: E402
from game.rules import palace as P  # noqa: E402

LADDER_NODES = {"easy": 2_000, "medium": 6_000, "hard": 40_000}
PAIRS = (("medium", "easy"), ("hard", "medium"))
OPENING_PLIES = 3
OPENING_TEMP = 25.0


def midgame(plies=40):
    """A reproducible mid-game position: medium against medium for `plies` plies (the first seed
    whose game is still going)."""
    for seed in range(100):
        s = P.new_game()
        for i in range(plies):
            if s.result() is not None:
                break
            s = s.play(A.choose_move(s, "medium", seed=seed * 1000 + i, nodes=1000))
        if s.result() is None:
            return s
    raise RuntimeError("no mid-game position found")


def _object_perft(state, depth):
    if depth == 1:
        return len(state.legal_moves())
    return sum(_object_perft(state.play(m), depth - 1) for m in state.legal_moves())


def speed():
    s = P.new_game()
    for depth in (4, 5):
        t = time.perf_counter()
        n = P.perft(s, depth)
        dt = time.perf_counter() - t
        print(f"perft({depth}) start = {n}  {dt:.2f}s  {n / dt:,.0f} leaves/s")
    mid = midgame()
    t = time.perf_counter()
    n = _object_perft(s, 5)
    dt = time.perf_counter() - t
    print(f"perft(5) through State.play objects (for comparison) = {n}  {dt:.2f}s  {n / dt:,.0f} leaves/s")
    for label, st in (("start", s), (f"mid-game {P.to_text(mid)}", mid)):
        srch, scored, _, _ = A._search(st, "hard", 1.0, 0, None)
        print(
            f"search 1 s from {label}: depth {srch.depth_done}, {srch.budget.nodes:,} nodes, "
            f"best {scored[0][1]} ({scored[0][0]:+d})"
        )
    for label, st in (("start", s), ("mid-game", mid)):
        c = time.process_time()
        srch, _, _, _ = A._search(st, "hard", None, 0, 40_000)
        dt = time.process_time() - c
        print(
            f"40,000 nodes from the {label}: {dt:.2f} s of CPU time, {srch.budget.nodes / dt:,.0f} nodes per "
            f"CPU second, depth {srch.depth_done}"
        )
    t = time.perf_counter()
    m = A.choose_move(s, "hard", seed=0)
    print(f"hard move at its default time from the start: {m} in {time.perf_counter() - t:.2f}s")


def opening_move(state, seed):
    """A sensible but varied move: a 3-ply search, then a softmax over its scores (OPENING_TEMP)."""
    _, scored, rng, _ = A._search(state, "medium", None, seed, 3000)
    return A.pick_with_mistakes(scored, rng, OPENING_TEMP)


def play_game(args):
    black_level, white_level, seed = args
    s = P.new_game()
    for i in range(OPENING_PLIES):  # a varied but sensible start (see opening_move)
        s = s.play(opening_move(s, seed * 31 + i))
    ply = 0
    while s.result() is None:
        level = black_level if s.to_move == "b" else white_level
        s = s.play(A.choose_move(s, level, seed=seed * 7919 + ply, nodes=LADDER_NODES[level]))
        ply += 1
    r = s.result()
    return black_level, white_level, r.winner, r.reason, ply + OPENING_PLIES


def ladder(games, workers):
    jobs = []
    for upper, lower in PAIRS:
        for g in range(games):
            jobs.append((upper, lower, 1000 + g))
            jobs.append((lower, upper, 1000 + g))
    t = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play_game, jobs))
    print(f"ladder: {len(results)} games in {time.perf_counter() - t:.0f}s, node budgets {LADDER_NODES}")
    for upper, lower in PAIRS:
        for side in ("b", "w"):
            rows = [
                r
                for r in results
                if (r[0] if side == "b" else r[1]) == upper and (r[1] if side == "b" else r[0]) == lower
            ]
            wins = sum(1 for r in rows if r[2] == side)
            draws = sum(1 for r in rows if r[2] is None)
            losses = len(rows) - wins - draws
            score = (wins + draws / 2) / max(1, len(rows))
            reasons = {}
            for r in rows:
                reasons[r[3]] = reasons.get(r[3], 0) + 1
            plies = sum(r[4] for r in rows) / max(1, len(rows))
            print(
                f"  {upper:6} as {'black' if side == 'b' else 'white'} vs {lower:6}: "
                f"+{wins} ={draws} -{losses}  score {score:.0%}  avg {plies:.0f} plies  {reasons}"
            )
        rows = [r for r in results if upper in r[:2] and lower in r[:2]]
        pts = sum(1 if r[2] == ("b" if r[0] == upper else "w") else 0.5 if r[2] is None else 0 for r in rows)
        print(f"  {upper} vs {lower}: {pts / len(rows):.0%} over {len(rows)} games")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20, help="games per side per pairing")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-ladder", action="store_true")
    a = ap.parse_args()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    speed()
    if not a.no_ladder:
        ladder(a.games, a.workers)


if __name__ == "__main__":
    main()
