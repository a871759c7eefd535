"""Draughts: does hard ever take longer than its time a move? (issue #31: "never overruns")

    python bench/bench_draughts_deadline.py                      # 0.05, 0.25 and 0.5 s, quiet
    python bench/bench_draughts_deadline.py --spin 1             # the same with the other core busy
    python bench/bench_draughts_deadline.py --time 0.5 --processes 20 --plies 60

Each of --processes fresh processes does what the game's worker does: it loads the engine (the
search compiled or loaded before any clock, engine.warm()), then plays hard against itself from
a random 4-ply opening (one seed per process) for --plies plies at --time seconds a move, timing
every engine.search() call from outside as a player's clock would. A fresh process matters: its
first search is the one that meets new memory (the search's tables, 50 MB) and first calls.

Prints, per time a move: the moves timed, how many went over the time, the longest move (and its
ply and CPU time), the longest first move of a process, and the 99th percentile.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def play(job: tuple) -> list:
    """(ply, wall seconds, CPU seconds) of every hard move of one fresh process's game."""
    seed, seconds, plies = job
    from game.ai.contract import Limits
    from game.ai.draughts.player import DraughtsEngine
    from game.rules import draughts as rules

    engine = DraughtsEngine()
    engine.warm()
    rng = random.Random(seed)
    state = rules.new_game()
    for _ in range(4):
        state = state.play(rng.choice(state.legal_moves()))
    timed = []
    for ply in range(plies):
        if state.result() is not None:
            break
        t, cpu = time.perf_counter(), time.process_time()
        move = engine.search(state, Limits("hard", seconds, seed=seed + ply)).move
        timed.append((ply, time.perf_counter() - t, time.process_time() - cpu))
        state = state.play(move)
    return timed


def spin(stop_at: float) -> None:
    while time.time() < stop_at:
        pass


def report(seconds: float, games: list) -> None:
    moves = sorted((took, cpu, ply) for game in games for ply, took, cpu in game)
    if not moves:
        print(f"{seconds:g} s: no moves")
        return
    took, cpu, ply = moves[-1]
    over = sum(1 for m in moves if m[0] > seconds)
    first = max(game[0][1] for game in games if game)
    p99 = moves[min(len(moves) - 1, int(0.99 * len(moves)))][0]
    print(
        f"{seconds:g} s a move: {len(moves)} moves in {len(games)} processes, {over} over the time; "
        f"longest {took:.4f} s (ply {ply}, CPU {cpu:.4f} s), longest first move {first:.4f} s, "
        f"99th percentile {p99:.4f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time", type=float, action="append", help="seconds a move (repeatable); default 0.05 0.25 0.5")
    ap.add_argument("--processes", type=int, default=10, help="fresh processes (games) a time")
    ap.add_argument("--plies", type=int, default=40, help="hard's moves timed in each process")
    ap.add_argument("--spin", type=int, default=0, help="processes kept spinning meanwhile (a loaded machine)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    times = args.time or [0.05, 0.25, 0.5]
    spinners = [
        multiprocessing.Process(target=spin, args=(time.time() + 24 * 3600,), daemon=True) for _ in range(args.spin)
    ]
    for p in spinners:
        p.start()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.spin} spinning, one game at a time")
    ctx = multiprocessing.get_context("spawn")  # a fresh interpreter each: nothing made before its clock
    try:
        for seconds in times:
            games = []
            for i in range(args.processes):
                with ctx.Pool(1) as pool:
                    games.append(pool.apply(play, ((args.seed + i, seconds, args.plies),)))
            report(seconds, games)
            load = os.getloadavg()
            print(f"  load average {load[0]:.1f} / {load[1]:.1f}")
    finally:
        for p in spinners:
            p.terminate()


if __name__ == "__main__":
    main()
