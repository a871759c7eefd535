"""A match of the hard level in an 8x8 variant (the plain search with eval8) against py-draughts
1.10.1's SimpleEngine (alpha-beta; its TurboEngine plays 10x10 only) at equal time a move.

    python bench/bench_draughts_variants_match.py --variant russian --games 10 --time 0.3 [--seed 1] [--jobs 2]

Each pair of games opens with the same 2 random plies (from --seed), colours swapped. A game still
running after --max-plies is a draw. --jobs plays that many games at a time (each engine then has
its time a move on a shared machine: equal for both). Prints first what TurboEngine answers when
given the variant's board (it refuses 8x8 in 1.10.1), then each result and the score with its 95%
(Wilson) interval."""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.contract import Limits  # noqa: E402
from game.ai.draughts.player import ENGINE  # noqa: E402
from game.rules import draughts as R  # noqa: E402


def key_of(mv):
    return (mv.square_list[0] + 1, mv.square_list[-1] + 1, tuple(sorted(c + 1 for c in mv.captured_list)))


def theirs(board, move):
    for mv in board.legal_moves:
        if key_of(mv) == (move.start, move.end, move.captures):
            return mv
    raise RuntimeError(f"{move} is not legal for py-draughts")


def play(variant, ours_side, seconds, opening, max_plies, engine_cls, boards):
    from draughts.engines.simple import SimpleEngine
    from loguru import logger

    logger.disable("draughts")  # SimpleEngine logs every move it chooses
    state = R.new_game(variant=variant)
    board = boards[variant]()
    other = SimpleEngine(depth_limit=64, time_limit=seconds)
    for ply in range(max_plies):
        if state.result() is not None:
            winner = state.result().winner
            return 0.5 if winner is None else float(winner == ours_side)
        if ply < len(opening):
            legal = state.legal_moves()
            move = legal[opening[ply] % len(legal)]
        elif state.to_move == ours_side:
            move = ENGINE.search(state, Limits("hard", seconds, seed=ply)).move
        else:
            mv = other.get_best_move(board)
            move = next(m for m in state.legal_moves() if (m.start, m.end, m.captures) == key_of(mv))
        board.push(theirs(board, move))
        state = state.play(move)
    return 0.5


def wilson(p: float, n: int, z: float = 1.96) -> tuple:
    """The Wilson score interval of a share p over n games (it stays inside 0-1 at 0% or 100%)."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _boards():
    from draughts.boards.brazilian import Board as Brazilian
    from draughts.boards.russian import Board as Russian

    return {"russian": Russian, "brazilian": Brazilian}


def _game(job):
    variant, side, seconds, opening, max_plies = job
    return play(variant, side, seconds, opening, max_plies, None, _boards())


def turbo_answer(variant: str) -> str:
    """What py-draughts' TurboEngine says when asked for a move on the variant's board."""
    from draughts.engines.turbo import TurboEngine

    try:
        move = TurboEngine(depth_limit=1).get_best_move(_boards()[variant]())
    except ValueError as exc:
        return f"refuses: {exc}"
    return f"plays {move}"


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--variant", choices=("russian", "brazilian"), default="russian")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--time", type=float, default=0.3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-plies", type=int, default=200)
    p.add_argument("--jobs", type=int, default=1, help="games played at a time")
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    print(f"py-draughts TurboEngine on the {args.variant} board: {turbo_answer(args.variant)}")
    jobs = []
    for i in range(args.games):
        if i % 2 == 0:
            opening = [rng.randrange(1000) for _ in range(2)]
        jobs.append((args.variant, "w" if i % 2 == 0 else "b", args.time, opening, args.max_plies))
    with ProcessPoolExecutor(args.jobs) as pool:
        scores = []
        for i, s in enumerate(pool.map(_game, jobs)):
            scores.append(s)
            print(f"game {i + 1}: hard as {jobs[i][1]}: {s}", flush=True)
    n = len(scores)
    mean = sum(scores) / n
    lo, hi = wilson(mean, n)
    wins, draws = scores.count(1.0), scores.count(0.5)
    print(f"hard: {100 * mean:.1f}% (95%: {100 * lo:.1f}-{100 * hi:.1f}), +{wins} ={draws} -{n - wins - draws}")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
