"""Banqi benchmark: engine speed, the level ladder, hard against a plain 2-ply expectimax and hard
against a Monte Carlo tree search (bench/banqi_mcts.py) at equal time.

    python bench/bench_banqi.py                      # everything, 40 games a pair, 2 processes
    python bench/bench_banqi.py --games 20 --pairs hard-medium --jobs 2
    python bench/bench_banqi.py --budget time        # the levels' own clock (slow: hours)
    python bench/bench_banqi.py --games 100 --pairs hard-mcts --time 0.5 --jobs 1

Each deal (seed) is played twice with the seats swapped (seat 0 flips first, so it also picks its
colour by luck), so both players meet the same luck. A win scores 1, a draw 0.5. With
--budget nodes (the default) the levels think for fixed node counts, so the figures repeat on any
machine; the time per move of each player is printed. Never fails on time: it only prints.
The pair hard-mcts ignores --budget: both players get the same wall-clock time per move (--time,
hard as time_limit, the MCTS the same), so it measures the two designs at equal time; run it with
--jobs 1 on a quiet machine, since the load changes what each gets out of its time. Every pair
prints the score with a 95% confidence interval (normal approximation over the game points) and
the mean and maximum time per move of each player.
"""

from __future__ import annotations

import argparse
import collections
import math
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import banqi_mcts  # noqa: E402

from game.ai import choose_move  # noqa: E402
from game.ai.banqi import baseline as banqi_baseline  # noqa: E402
from game.ai.banqi import player as banqi_ai  # noqa: E402
from game.rules import banqi as rules  # noqa: E402

# node budgets standing in for each level's thinking time (about 0.15 / 0.3 / 0.9 s here)
NODES = {"easy": 5000, "medium": 10000, "hard": 30000}
PAIRS = {
    "medium-easy": ("medium", "easy"),
    "hard-medium": ("hard", "medium"),
    "hard-baseline": ("hard", "baseline"),
    "hard-mcts": ("hard", "mcts"),
    "mcts-baseline": ("mcts", "baseline"),
}
# pairs played at equal wall-clock time per move (--time), whatever --budget says; the baseline
# has no clock (it always searches its two plies in full)
CLOCK_PAIRS = {"hard-mcts", "mcts-baseline"}


def choose(player, state, seed, budget):
    """budget: "nodes", "time" (the levels' own clock) or a number (seconds per move for both)."""
    if player == "baseline":
        return banqi_baseline.choose_move(state, seed=seed)
    if not isinstance(budget, str):
        if player == "mcts":
            return banqi_mcts.choose_move(state, time_limit=budget, seed=seed)
        return choose_move(state, level=player, time_limit=budget, seed=seed)
    if player == "mcts":
        return banqi_mcts.choose_move(state, seed=seed)
    if budget == "nodes":
        return choose_move(state, level=player, seed=seed, nodes=NODES[player])
    return choose_move(state, level=player, seed=seed)


def play_game(job):
    seed, players, budget = job  # players[0] sits in seat 0 (flips first)
    state = rules.new_game(seed=seed)
    spent = [0.0, 0.0]
    count = [0, 0]
    most = [0.0, 0.0]
    while state.result() is None:
        seat = state.ply % 2
        t = time.perf_counter()
        move = choose(players[seat], state, seed * 1000 + state.ply, budget)
        dt = time.perf_counter() - t
        spent[seat] += dt
        most[seat] = max(most[seat], dt)
        count[seat] += 1
        state = state.play(move)
    res = state.result()
    winner = None if res.winner is None else (0 if res.winner == state.first_colour else 1)
    return players, winner, res.reason, state.ply, spent, count, most


def interval(points: list) -> tuple:
    """Mean of game points (1, 0.5, 0) and its 95% confidence half-width (normal approximation)."""
    n = len(points)
    mean = sum(points) / n
    var = sum((p - mean) ** 2 for p in points) / (n - 1) if n > 1 else 0.25
    return mean, 1.96 * math.sqrt(var / n)


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
    t_most = {a: 0.0, b: 0.0}
    points = []
    with multiprocessing.Pool(jobs) as pool:
        for players, winner, reason, ply, spent, count, most in pool.imap_unordered(play_game, work):
            reasons[reason] += 1
            plies += ply
            for seat in (0, 1):
                t_spent[players[seat]] += spent[seat]
                t_count[players[seat]] += count[seat]
                t_most[players[seat]] = max(t_most[players[seat]], most[seat])
            if winner is None:
                draws += 1
                points.append(0.5)
            elif players[winner] == a:
                wins += 1
                points.append(1.0)
            else:
                losses += 1
                points.append(0.0)
    mean, half = interval(points)
    clock = "" if isinstance(budget, str) else f" at {budget:g} s a move each"
    print(
        f"{a} vs {b}{clock}: {mean * 100:.1f}% for {a} (95% CI {max(0.0, mean - half) * 100:.1f}-"
        f"{min(1.0, mean + half) * 100:.1f}%)  (+{wins} ={draws} -{losses} of {games} games)  "
        f"avg {plies / games:.0f} plies; endings {dict(reasons)}"
    )
    print(
        "    time per move (mean / max): "
        + ", ".join(f"{p} {t_spent[p] / max(1, t_count[p]):.3f} / {t_most[p]:.3f}s" for p in (a, b)),
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
    ap.add_argument("--time", type=float, default=0.5, help="seconds per move for each player of hard-mcts")
    ap.add_argument("--no-speed", action="store_true", help="skip the speed figures")
    args = ap.parse_args()
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, budget {args.budget} "
        f"{NODES if args.budget == 'nodes' else 'level times'}; {', '.join(sorted(CLOCK_PAIRS))}: {args.time:g} s a move each"
    )
    if not args.no_speed:
        speed()
    for name in args.pairs.split(","):
        a, b = PAIRS[name]
        run_pair(a, b, args.games, args.jobs, args.time if name in CLOCK_PAIRS else args.budget, args.seed)


if __name__ == "__main__":
    main()
