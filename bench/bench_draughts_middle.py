"""Depth and speed of hard in 18 middle-game positions, against dame-rs in the same run.

    python bench/bench_draughts_middle.py               # 1 s a position each
    python bench/bench_draughts_middle.py --time 2
    python bench/bench_draughts_middle.py --threads 1,2   # hard with 1 and with 2 threads (lazy SMP)
    python bench/bench_draughts_middle.py --depth 10      # the nodes hard needs to reach depth 10

The positions are from real games (../shared/pdn/international, written by other programs): the
40th or 45th ply of two games per file, 22 or more men and no king. Each engine searches each
position from empty tables (ours: fresh full-size tables; dame-rs: a new Engine), one after the
other, so a busy machine slows both alike. Prints a row per position and the totals.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai.common import Budget  # noqa: E402
from game.ai.draughts import search as A  # noqa: E402
from game.rules import draughts as R  # noqa: E402

POSITIONS = (
    (
        "090417ronde12.pdn #1, ply 42",
        "W:W29,33,34,35,37,38,39,40,41,42,43,47,49,50:B2,3,8,9,10,12,13,14,15,16,18,19,20,26",
    ),
    (
        "090417ronde12.pdn #2, ply 42",
        "W:W25,26,30,31,33,34,35,36,41,42,43,44,48,49,50:B4,6,7,8,9,10,11,13,14,16,17,19,21,23,24",
    ),
    (
        "DUTCH96H.pdn #1, ply 42",
        "W:W31,32,33,35,36,37,38,39,40,41,42,43,45,46,48:B3,6,7,8,9,12,13,15,16,18,19,21,22,25,26",
    ),
    ("DUTCH96H.pdn #2, ply 42", "W:W25,27,31,32,33,35,36,37,38,39,41,43,45,48:B2,3,4,6,7,8,9,12,13,14,16,17,19,24"),
    ("PROF2.pdn #1, ply 40", "W:W22,28,32,33,34,35,36,37,38,39,42,43,44,48,50:B3,4,5,6,8,9,10,11,12,13,16,19,24,25,26"),
    (
        "PROF2.pdn #2, ply 40",
        "W:W27,28,31,32,34,36,37,38,39,40,42,43,45,48,49,50:B2,3,6,8,9,10,12,13,14,15,16,18,19,21,25,26",
    ),
    ("candidate95.pdn #1, ply 41", "B:W23,27,32,33,35,37,38,40,41,42,43,47,48,50:B3,4,6,7,8,9,10,12,14,15,16,20,21,26"),
    (
        "candidate95.pdn #2, ply 45",
        "B:W28,32,33,34,35,38,39,40,42,43,44,45,46,48:B1,2,3,4,8,11,12,13,14,15,16,19,20,24",
    ),
    (
        "delfts.pdn #1, ply 40",
        "W:W30,31,32,33,34,35,36,37,38,39,42,44,47,49,50:B2,3,5,6,8,9,11,12,13,14,15,19,22,24,26",
    ),
    ("delfts.pdn #2, ply 40", "W:W15,33,36,37,39,42,43,44,45,46,47,48,49:B2,3,4,6,8,9,11,12,14,19,21,22,27"),
    ("kurnik.pdn #1, ply 41", "B:W6,31,34,36,37,40,42,43,44,45,47,48,49:B1,2,3,5,7,8,12,14,15,18,20,23,25"),
    ("kurnik.pdn #2, ply 40", "W:W25,30,33,35,36,38,40,42,43,44,45,47,48,49:B2,3,4,8,9,11,12,14,15,17,18,19,20,27"),
    (
        "nk2003-amsterdam.pdn #1, ply 41",
        "B:W25,27,30,32,33,37,38,40,42,43,45,47,48,49:B3,6,7,8,9,10,12,13,14,16,17,18,19,20",
    ),
    (
        "nk2003-amsterdam.pdn #2, ply 40",
        "W:W29,33,35,36,37,38,39,40,42,43,44,45,48,49:B2,3,4,8,9,11,13,14,15,16,20,21,25,26",
    ),
    ("nk_ronde_01.pdn #1, ply 40", "W:W26,30,32,33,35,36,38,42,43,44,45,46,48:B1,2,4,7,8,9,10,12,15,17,18,19,22"),
    ("nk_ronde_01.pdn #2, ply 40", "W:W25,31,32,35,36,37,38,40,43,44,45,47,48,49:B2,3,4,6,7,8,9,12,13,14,15,16,19,29"),
    (
        "nk_ronde_02.pdn #1, ply 40",
        "W:W26,29,31,33,35,36,38,39,41,43,45,48,49,50:B3,6,7,8,9,10,11,12,13,14,15,16,17,20",
    ),
    (
        "nk_ronde_02.pdn #2, ply 41",
        "B:W21,28,29,33,34,35,36,37,38,39,40,43,44,45,47,48:B2,3,4,6,9,10,12,13,14,17,18,19,20,24,25,26",
    ),
)


def fresh_arrays():
    """Full-size search arrays, as the game's kept tables, emptied."""
    arrays = A.F.new_arrays()
    for table in arrays[: A.F.PHASE_OF]:  # not the evaluation's weights, which follow
        table.fill(0)  # touched outside the clock, as the game's tables are long before a move
    return arrays


def ours(state, seconds: float) -> tuple[int, int, float]:
    """(depth, nodes, seconds) of hard's search from fresh tables."""
    reached = [0]

    def info(depth, score, nodes, move):
        reached[0] = depth

    budget = Budget(time_limit=seconds)
    search = A.FastSearch(budget, (), fresh_arrays())
    t0 = time.perf_counter()
    search.root(state, 64, info, t0)
    return reached[0], budget.nodes, time.perf_counter() - t0


def nodes_to_depth(depth: int) -> tuple[int, float]:
    """(nodes, CPU seconds) hard needs to finish `depth` plies in all the positions, one thread,
    fresh tables: a change to the search's shape compared whatever the machine's load."""
    A.smp.THREADS = 1
    nodes, cpu = 0, 0.0
    for _, fen in POSITIONS:
        arrays = fresh_arrays()
        budget = Budget(time_limit=600.0)
        t0 = time.process_time()
        A.FastSearch(budget, (), arrays).root(R.parse_fen(fen), depth, None, time.perf_counter())
        cpu += time.process_time() - t0
        nodes += budget.nodes
    return nodes, cpu


def theirs(fen: str, seconds: float) -> tuple[int, int, float] | None:
    try:
        import dame
    except ImportError:
        return None
    t0 = time.perf_counter()
    found = dame.Engine().search(dame.Board(fen), time=seconds)
    return found.depth, found.nodes, time.perf_counter() - t0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--time", type=float, default=1.0, help="seconds a position for each engine")
    p.add_argument(
        "--threads",
        help="hard's search threads, one column each (1,2: without and with a lazy-SMP helper); "
        "default: its own choice for this machine",
    )
    p.add_argument("--depth", type=int, help="instead: the nodes hard needs to reach this depth in every position")
    args = p.parse_args(argv)
    if args.depth:
        A.warm()
        nodes, cpu = nodes_to_depth(args.depth)
        print(f"qipan to depth {args.depth} in {len(POSITIONS)} positions: {nodes:,} nodes, {cpu:.2f} s CPU")
        return 0
    counts = [int(x) for x in args.threads.split(",")] if args.threads else [None]
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
    )
    A.warm()
    names = [f"qipan{'' if c is None else f' {c} thread(s)'}" for c in counts]
    print(
        "| position | " + " | ".join(f"{n} depth | {n} nodes/s" for n in names) + " | dame-rs depth | dame-rs nodes/s |"
    )
    print("|---|" + "---|---|" * (len(counts) + 1))
    totals: dict = {key: [0, 0, 0.0] for key in [*counts, "d"]}
    for name, fen in POSITIONS:
        row = []
        for count in counts:
            A.smp.THREADS = count
            row.append((count, ours(R.parse_fen(fen), args.time)))
        row.append(("d", theirs(fen, args.time)))
        for key, figures in row:
            if figures is not None:
                for i in range(3):
                    totals[key][i] += figures[i]
        cells = " | ".join(f"{f[0]} | {f[1] / f[2]:,.0f}" if f else "- | -" for _, f in row)
        print(f"| {name} | {cells} |", flush=True)
    n = len(POSITIONS)
    for key, label in [*zip(counts, names), ("d", "dame-rs")]:
        depth, nodes, spent = totals[key]
        if spent:
            print(f"{label}: mean depth {depth / n:.1f}, {nodes / spent:,.0f} nodes/s over {n} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
