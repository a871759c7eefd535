"""Would endgame tables pay on 8x8? Known won king endings of the 8x8 variants played out by hard
(level 10, compiled) against itself at a fixed time a move: does the search alone win them within
the variant's draw rules?

    python bench/bench_draughts8_endings.py [--seconds 0.5]

Prints each position's result (who won, or the draw and its reason) and the plies it took.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.draughts import search as S  # noqa: E402
from game.rules import draughts as R  # noqa: E402

# (variant, position, what the theory says). 8x8 squares: 1 = b8 ... 32 = g1; the main road
# a1-h8 is 29, 25, 22, 18, 15, 11, 8, 4.
ENDINGS = (
    ("english", "W:WK18,K19:BK1", "two kings win against one"),
    ("english", "W:WK27,K28:BK5", "two kings win against one"),
    ("english", "B:WK14,K23:BK30", "two kings win against one (Black to move)"),
    ("russian", "W:WK22,K1,K3:BK12", "three kings, one on the main road, win against one off it (Petrov's triangle)"),
    ("russian", "W:WK29,K30,K31:BK7", "three kings, one on the main road, win against one off it"),
    ("brazilian", "W:WK22,K1,K3:BK12", "three kings, one on the main road, win against one off it"),
    ("russian", "W:WK22,K30:BK12", "two kings against one: a draw"),
)


def play_out(variant: str, text: str, seconds: float, max_plies: int = 300) -> tuple:
    s = R.from_text(text, variant=variant)
    plies = 0
    while s.result() is None and plies < max_plies:
        mv, _, _, _, _ = S.run(s, 10, time_limit=seconds)
        s = s.play(S._to_move(s, mv))
        plies += 1
    return s.result(), plies


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=0.5)
    args = p.parse_args(argv)
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    for variant, text, theory in ENDINGS:
        t = time.perf_counter()
        result, plies = play_out(variant, text, args.seconds)
        print(f"{variant:9} {text:22} {theory}: {result} after {plies} plies ({time.perf_counter() - t:.0f} s)")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
