"""`python -m game.ai.draughts.egdb build --pieces N [--out DIR]`: build the endgame tables of
N pieces (over the smaller ones present) into the per-user data folder, printing progress;
`info`: what is present, where, and its size; `build8 [--variant NAME]`: the 2- to 4-piece tables of
the 8x8 variants (default those that ship: Russian, Brazilian) into this package (egdb.variants)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.ai.draughts import egdb as E
from game.ai.draughts.egdb import build as G


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.draughts.egdb")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the tables of N pieces")
    b.add_argument("--pieces", type=int, default=E.MAX_PIECES, choices=range(2, E.MAX_PIECES + 1))
    b.add_argument("--out", default=None, help="folder (default: the per-user data folder)")
    sub.add_parser("info", help="the tables present")
    b8 = sub.add_parser("build8", help="the 8x8 variants' 2-4 piece tables, into the package")
    b8.add_argument("--variant", action="append", choices=("russian", "brazilian", "english"))
    args = parser.parse_args(argv)
    if args.command == "build8":
        from game.ai.draughts.egdb import variants as EV

        names = args.variant or EV.SHIPPED
        for path, size, seconds in EV.build_all(lambda line: print(line, flush=True), names):
            print(f"wrote {path} ({size:,} bytes) in {seconds:.1f} s", flush=True)
        return 0
    if args.command == "info":
        for pieces in range(2, E.MAX_PIECES + 1):
            path = E.find_file(pieces)
            if path is None:
                print(f"{pieces} pieces: missing")
                continue
            blobs = E.read_file(path)
            raw = sum(len(v) for v in blobs.values())
            n = sum(2 * int(E.size_of(code)) for code in blobs)
            print(
                f"{pieces} pieces: {len(blobs)} materials, {n:,} positions, {raw:,} bytes packed, "
                f"{path.stat().st_size:,} bytes in {path}"
            )
        return 0
    out = E.user_dir() if args.out is None else Path(args.out)
    t0 = time.perf_counter()
    path = G.build_file(args.pieces, out, lambda line: print(line, flush=True))
    print(f"wrote {path} ({path.stat().st_size:,} bytes) in {time.perf_counter() - t0:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
