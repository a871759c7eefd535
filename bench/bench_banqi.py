"""Banqi benchmark: engine speed, the level ladder and hard against a plain 2-ply expectimax.

    python bench/bench_banqi.py                      # everything, 40 games a pair, 2 processes
    python bench/bench_banqi.py --games 20 --pairs hard-medium --jobs 2
    python bench/bench_banqi.py --budget time        # the levels' own clock (slow: hours)

Each deal (seed) is played twice with the seats swapped (seat 0 flips first, so it also picks its
colour by luck), so both players meet the same luck. A win scores 1, a draw 0.5. With
--budget nodes (the default) the levels think for fixed node counts, so the figures repeat on any
machine; the time per move of each player is printed. Never fails on time: it only prints.
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from game.ai import banqi_ai, banqi_baseline  # noqa: E402
from game.rules import banqi as rules  # noqa: E402

# node budgets standing in for each level's thinking time (about 0.15 / 0.3 / 0.9 s here)
NODES = {"easy": 5000, "medium": 10000, "hard": 30000}
PAIRS = {
    "medium-easy": ("medium", "easy"),
    "hard-medium": ("hard", "medium"),
    "hard-baseline": ("hard", "baseline"),
}


def choose(player, state, seed, budget):
    if player == "baseline":
        return banqi_baseline.choose_move(state, seed=seed)
    if budget == "nodes":
        return banqi_ai.choose_move(state, level=player, seed=seed, nodes=NODES[player])
    return banqi_ai.choose_move(state, level=player, seed=seed)


def play_game(job):
    seed, players, budget = job  # players[0] sits in seat 0 (flips first)
    state = rules.new_game(seed=seed)
    spent = [0.0, 0.0]
    count = [0, 0]
    while state.result() is None:
        seat = state.ply % 2
        t = time.perf_counter()
        move = choose(players[seat], state, seed * 1000 + state.ply, budget)
        spent[seat] += time.perf_counter() - t
        count[seat] += 1
        state = state.play(move)
    res = state.result()
    winner = None if res.winner is None else (0 if res.winner == state.first_colour else 1)
    return players, winner, res.reason, state.ply, spent, count


def run_pair(a, b, games, jobs, budget, first_seed):
    work = []
    for i in range(games):
        seed = first_seed + i // 2
        work.append((seed, (a, b) if i % 2 == 0 else (b, a), budget))
    points = wins = draws = losses = 0
    reasons = collections.Counter()
    plies = 0
    t_spent = {a: 0.0, b: 0.0}
    t_count = {a: 0, b: 0}
    with multiprocessing.Pool(jobs) as pool:
        for players, winner, reason, ply, spent, count in pool.imap_unordered(play_game, work):
            reasons[reason] += 1
            plies += ply
            for seat in (0, 1):
                t_spent[players[seat]] += spent[seat]
                t_count[players[seat]] += count[seat]
            if winner is None:
                draws += 1
            elif players[winner] == a:
                wins += 1
            else:
                losses += 1
    points = wins + 0.5 * draws
    print(
        f"{a} vs {b}: {points / games * 100:.1f}% for {a}  (+{wins} ={draws} -{losses} of {games})  "
        f"avg {plies / games:.0f} plies; endings {dict(reasons)}"
    )
    print(
        f"    time per move: {a} {t_spent[a] / max(1, t_count[a]):.3f}s, {b} {t_spent[b] / max(1, t_count[b]):.3f}s",
        flush=True,
    )


def speed():
    """Search nodes per second on a few middle-game positions (hard, fixed node budget)."""
    import random

    total_nodes, total_time = 0, 0.0
    for seed in range(4):
        state = rules.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(24):
            state = state.play(rng.choice(state.legal_moves()))
        t = time.perf_counter()
        _, search, _, _ = banqi_ai.analyse(state, "hard", nodes=40000, seed=0)
        total_time += time.perf_counter() - t
        total_nodes += search.budget.nodes
    print(f"speed: {total_nodes / total_time:,.0f} nodes/s (hard, 4 middle-game positions, 40k nodes each)")
    t = time.perf_counter()
    n = 0
    for seed in range(20):
        state = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while state.result() is None:
            state = state.play(rng.choice(state.legal_moves()))
            n += 1
    print(f"rules: {n / (time.perf_counter() - t):,.0f} plies/s (random games, legal moves + play + end checks)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pairs", default=",".join(PAIRS))
    ap.add_argument("--budget", choices=("nodes", "time"), default="nodes")
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, budget {args.budget} "
        f"{NODES if args.budget == 'nodes' else 'level times'}"
    )
    speed()
    for name in args.pairs.split(","):
        a, b = PAIRS[name]
        run_pair(a, b, args.games, args.jobs, args.budget, args.seed)


if __name__ == "__main__":
    main()
