"""How level the matches' random openings are, and a match's score split by it.

    python bench/bench_draughts_openings.py                       # the 50 openings of seed 2024
    python bench/bench_draughts_openings.py --pdn dame.pdn        # and that match's score by class
    python bench/bench_draughts_openings.py --write-level bench/draughts_level_openings.txt --count 150

bench_draughts.py's matches start from random 4-ply openings, each played twice, colours
swapped. A random ply can leave a man (or two, to a shot) for the taking: from such an opening
the side a man up mostly wins both games, so the pair scores about 50% whatever the engines'
strength. Each opening (and the forced moves after it) is searched here by hard on a node
budget (fresh tables: the same value on every run) and classed as level (|value| under 60
centi-men) or a man or more up for one side. With `--pdn` (a file written by
`bench_draughts.py ... --pdn`) the score of the engine named by `--engine` is given per class:
on the level openings, with a man up, with a man down. With `--write-level` the first `--count`
level openings of `--seed` are written to a file that bench_draughts.py --openings-file plays.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from bench_draughts import engine_points, interval, openings  # noqa: E402

from game.ai.draughts import search as A  # noqa: E402
from game.rules import draughts as R  # noqa: E402
from game.rules import draughts_pdn  # noqa: E402

LEVEL = 60  # centi-men: an opening within this of 0 is level


def line_value(line, nodes: int) -> int:
    """White's value after the opening `line` (move texts) and the forced moves after it."""
    state = R.new_game()
    for text in line:
        state = state.play(R.find_move(state, text))
    while state.result() is None and len(state.legal_moves()) == 1:
        state = state.play(state.legal_moves()[0])  # a forced capture: a search would not look past it
    _, score, *_ = A.run(state, "hard", nodes=nodes)
    return score if state.to_move == "w" else -score


def opening_values(count: int, seed: int, nodes: int) -> dict:
    """White's value after each of the `count` openings of `seed`, by line (a tuple of move texts)."""
    return {tuple(line): line_value(line, nodes) for line in openings(count, seed=seed)}


def level_openings(count: int, seed: int, nodes: int) -> tuple[list, int]:
    """The first `count` level openings of `seed` with White's values, and how many were drawn."""
    kept: list = []
    drawn, n = 0, count
    while True:
        lines = openings(n, seed=seed)  # a prefix of openings(2n): a seed draws the same lines first
        for line in lines[drawn:]:
            drawn += 1
            value = line_value(line, nodes)
            if abs(value) < LEVEL:
                kept.append((line, value))
                if len(kept) == count:
                    return kept, drawn
        n *= 2


def write_level(path: str, count: int, seed: int, nodes: int) -> int:
    """Write the first `count` level openings of `seed` to `path`; how many were drawn for them."""
    kept, drawn = level_openings(count, seed, nodes)
    with open(path, "w", encoding="utf-8") as f:
        f.write(
            f"# the first {count} level 4-ply openings of seed {seed} (of {drawn} drawn): White's value\n"
            f"# under {LEVEL} centi-men at {nodes:,} nodes of hard, fresh tables (after forced moves):\n"
            f"# python bench/bench_draughts_openings.py --write-level FILE --count {count} --seed {seed}\n"
        )
        for line, value in kept:
            f.write(f"{' '.join(line)}  # {value:+d}\n")
    return drawn


def split_scores(pdn_text: str, values: dict, engine: str) -> dict:
    """The points of `engine` (a word of the White / Black tags) per class of opening."""
    out: dict = {"level": [], "a man up": [], "a man down": []}
    for game in draughts_pdn.read_games(pdn_text):
        line = tuple(str(m) for m in game.moves[:4])
        pts, white = engine_points(game, engine)
        if line not in values or pts is None:
            continue
        value = values[line] if white else -values[line]
        cls = "level" if abs(value) < LEVEL else ("a man up" if value > 0 else "a man down")
        out[cls].append(pts)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--openings", type=int, default=50, help="how many openings (a match of N games has N/2)")
    p.add_argument("--seed", type=int, default=2024, help="bench_draughts.py's --openings-seed")
    p.add_argument("--nodes", type=int, default=300_000, help="hard's node budget for each opening's value")
    p.add_argument("--pdn", help="a match's games (bench_draughts.py --pdn) to split by class")
    p.add_argument("--engine", default="hard", help="whose score --pdn gives (a word of its tag)")
    p.add_argument("--write-level", metavar="FILE", help="write the first --count level openings to FILE")
    p.add_argument("--count", type=int, default=150, help="how many level openings --write-level writes")
    args = p.parse_args(argv)
    A.warm()
    if args.write_level:
        drawn = write_level(args.write_level, args.count, args.seed, args.nodes)
        print(f"{args.count} level openings of the first {drawn} of seed {args.seed} written to {args.write_level}")
        return 0
    values = opening_values(args.openings, args.seed, args.nodes)
    level = sum(abs(v) < LEVEL for v in values.values())
    one = sum(LEVEL <= abs(v) < 150 for v in values.values())
    print(
        f"{len(values)} openings of seed {args.seed} (hard, {args.nodes:,} nodes each): {level} level, "
        f"{one} a man up for one side, {len(values) - level - one} two men or more"
    )
    if args.pdn:
        with open(args.pdn, encoding="utf-8") as f:
            split = split_scores(f.read(), values, args.engine)
        for cls, pts in split.items():
            if pts:
                score, lo, hi = interval(pts, len(pts))
                w, d, loss = pts.count(1.0), pts.count(0.5), pts.count(0.0)
                print(
                    f"  {args.engine} from {cls}: {score:.1f}% ({lo:.1f}-{hi:.1f}) over {len(pts)} games (+{w} ={d} -{loss})"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
