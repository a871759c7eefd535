"""Do levels 1-9 spend their node budgets, or does the time cap (game.ai.contract.LEVEL_CAP) cut
them short on this machine at its present load?

    python bench/bench_level_cap.py                       # every game, 12 positions a level
    python bench/bench_level_cap.py --game palace --option palaces=2 --positions 30

Levels 1-9 promise the same strength on any machine because they search a node budget of their
own; LEVEL_CAP only caps that budget so that a slow machine still answers. A level whose search
often meets the cap plays weaker than its measured rating whenever the machine is busy. For each
level this prints how many searches met the cap, and the median and longest time a search took.
Positions come from random games (seeded), 4-60 plies from the start. Prints figures, never fails.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game import games  # noqa: E402
from game.ai import engine_of  # noqa: E402
from game.ai.contract import LEVEL_CAP, Limits  # noqa: E402

#: a search that took this share of its cap or more counts as cut by it (the cap stops a search
#: between node checks, a little before or after the exact second)
CUT_SHARE = 0.95


def positions(game: str, options: dict, count: int, seed: int) -> list:
    """`count` positions of random games of `game` under `options`, none of them over."""
    info = games.get(game)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = info.new_state(options, seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(4, 60)):
            moves = state.legal_moves()
            if state.result() is not None or not moves:
                break
            state = state.play(rng.choice(moves))
        if state.result() is None:
            found.append(state)
    return found


def measure(game: str, options: dict, count: int, seed: int, levels: list[int]) -> None:
    engine = engine_of(game)
    states = positions(game, options, count, seed)
    label = game + "".join(f" {k}={v}" for k, v in sorted(options.items()))
    print(f"\n{label}: {len(states)} positions, seed {seed}")
    print("level  cap s  cut by the cap  median s  longest s  median nodes")
    for level in levels:
        cap = LEVEL_CAP[level]
        times, nodes = [], []
        for i, state in enumerate(states):
            result = engine.search(state, Limits(level=level, seed=seed + i))
            times.append(result.time)
            nodes.append(result.nodes)
        cut = sum(t >= CUT_SHARE * cap for t in times)
        print(
            f"{level:5}  {cap:5.1f}  {cut:3}/{len(times):<3}        {statistics.median(times):8.2f}"
            f"  {max(times):9.2f}  {int(statistics.median(nodes)):12,}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=games.NAMES, help="one game (default: every game)")
    parser.add_argument("--option", action="append", default=[], help="a rule option k=v (with --game)")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="1-9", help="levels, e.g. 1-9 or 6,9")
    args = parser.parse_args(argv)
    if "-" in args.levels:
        low, high = (int(x) for x in args.levels.split("-"))
        levels = list(range(low, high + 1))
    else:
        levels = [int(x) for x in args.levels.split(",")]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}, load {load:.1f}")
    if args.game:
        runs = [(args.game, games.get(args.game).check_options(games.get(args.game).options_from_texts(args.option)))]
    else:
        runs = [(name, games.get(name).check_options({})) for name in games.NAMES]
    for game, options in runs:
        measure(game, options, args.positions, args.seed, levels)
    if hasattr(os, "getloadavg"):
        print(f"\nload at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
