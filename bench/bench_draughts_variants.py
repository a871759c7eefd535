"""Perft of the 8x8 draughts variants (issue 61) from the start, checked against the published
English checkers figures and py-draughts 1.10.1's RussianBoard and BrazilianBoard, with times.

    python bench/bench_draughts_variants.py [--depth 8] [--no-reference]

Prints one line per variant and depth: our count, the reference's, whether they agree, and the
seconds each took (ours with the shared transposition counts of rules.perft)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import draughts as R  # noqa: E402

# published English checkers perft from the start, depth 1..8 (Black moves first)
ENGLISH = [7, 49, 302, 1469, 7361, 36768, 179740, 845931]


def ref_perft(board, depth):
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += ref_perft(board, depth - 1)
        board.pop()
    return total


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--depth", type=int, default=8)
    p.add_argument("--no-reference", action="store_true", help="skip py-draughts (slow at depth 8)")
    args = p.parse_args(argv)
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    refs: dict = {}
    if not args.no_reference:
        from draughts.boards.brazilian import Board as Brazilian
        from draughts.boards.russian import Board as Russian

        refs = {"russian": Russian, "brazilian": Brazilian}
    bad = 0
    for name in ("english", "russian", "brazilian"):
        start = R.new_game(variant=name)
        for depth in range(1, args.depth + 1):
            t = time.perf_counter()
            ours = R.perft(start, depth)
            ours_s = time.perf_counter() - t
            if name == "english":
                ref, ref_s, by = (ENGLISH[depth - 1] if depth <= len(ENGLISH) else None), None, "published"
            elif name in refs:
                t = time.perf_counter()
                ref = ref_perft(refs[name](), depth)
                ref_s, by = time.perf_counter() - t, "py-draughts"
            else:
                ref, ref_s, by = None, None, "-"
            same = "" if ref is None else ("equal" if ref == ours else "DIFFERENT")
            bad += same == "DIFFERENT"
            ref_time = "" if ref_s is None else f" ({ref_s:.2f} s)"
            print(f"{name:9} depth {depth}: {ours:>9} in {ours_s:.2f} s; {by} {ref}{ref_time} {same}")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
