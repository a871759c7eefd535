"""The computer on a clock: does it ever lose on time, how much time is left at the end, and does
hard's score hold against the same match at a fixed time a move?

    python bench/bench_clock.py run --clock 4+0.1 --games 20 --log clock4.jsonl
    python bench/bench_clock.py run --clock 60+0.5 --games 4 --log clock60.jsonl
    python bench/bench_clock.py run --clock 60+0.5 --games 10 --only "fixed hard-medium" --log fixed60.jsonl
    python bench/bench_clock.py summary clock4.jsonl clock60.jsonl

`run` plays, for every game family (palace, draughts, banqi): hard against medium (hard takes
each colour in turn) and hard against hard on the clock, and (with --fixed, default base/40+inc
seconds a move) hard against medium at that fixed time a move. Each game is one JSON line of the
log (game.selfplay.play_game's object plus the match it belongs to), written as it ends, so that
a long run can be summarised while it goes on. Prints figures, never fails on time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game import games  # noqa: E402
from game.clock import TimeControl  # noqa: E402
from game.selfplay import play_game  # noqa: E402


def run(args) -> None:
    control = TimeControl.parse(args.clock)
    fixed = args.fixed if args.fixed is not None else control.base / 40 + control.inc
    families = args.game or list(games.NAMES)
    with open(args.log, "a", encoding="utf-8") as log:
        for game in families:
            for kind in ("hard-medium", "hard-hard", "fixed hard-medium"):
                if (kind.startswith("fixed") and args.no_fixed) or (args.only and kind not in args.only):
                    continue
                n = args.games if kind != "hard-hard" else max(1, args.games // 2)
                for i in range(n):
                    hard_white = i % 2 == 0
                    other = "hard" if kind == "hard-hard" else "medium"
                    white, black = ("hard", other) if hard_white else (other, "hard")
                    started = time.perf_counter()
                    out = play_game(
                        game,
                        white,
                        black,
                        None if kind.startswith("fixed") else control,
                        fixed if kind.startswith("fixed") else None,
                        seed=args.seed + i,
                    )
                    out.update(
                        game=game,
                        match=kind,
                        control=args.clock,
                        fixed=fixed if kind.startswith("fixed") else None,
                        hard="white" if hard_white else "black",
                        seconds=round(time.perf_counter() - started, 1),
                    )
                    log.write(json.dumps(out) + "\n")
                    log.flush()
                    print(json.dumps(out), flush=True)


def summary(paths: list[str]) -> None:
    rows: dict[tuple, list] = defaultdict(list)
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    d = json.loads(line)
                    rows[(d["control"], d["game"], d["match"])].append(d)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print("| clock | game | match | games | flagged | hard's score | time left at the end (min / mean) |")
    print("|---|---|---|---|---|---|---|")
    for (control, game, kind), ds in sorted(rows.items()):
        flags = sum(d["flagged"] is not None for d in ds)
        score = sum(1.0 if d["result"] == d["hard"] else 0.5 if d["result"] == "draw" else 0.0 for d in ds)
        if kind == "hard-hard":
            score_text = "-"
        else:
            score_text = f"{score:g}/{len(ds)} ({100 * score / len(ds):.0f}%)"
        lefts = [v for d in ds if d["clock"] for v in d["clock"].values()]
        left = f"{min(lefts):.2f} s / {sum(lefts) / len(lefts):.2f} s" if lefts else "(no clock)"
        label = kind if not kind.startswith("fixed") else f"{kind} at {ds[0]['fixed']:g} s a move"
        print(f"| {control} | {game} | {label} | {len(ds)} | {flags} | {score_text} | {left} |")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--clock", default="4+0.1", help="BASE+INC in seconds")
    r.add_argument("--games", type=int, default=20, help="games of hard against medium (hard-hard: half)")
    r.add_argument("--game", action="append", help="one family (repeatable); default all")
    r.add_argument("--fixed", type=float, default=None, help="seconds a move of the fixed-time match")
    r.add_argument("--no-fixed", action="store_true", help="no fixed-time match")
    r.add_argument(
        "--only",
        action="append",
        choices=("hard-medium", "hard-hard", "fixed hard-medium"),
        help="play only this match (repeatable); default all",
    )
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--log", required=True)
    s = sub.add_parser("summary")
    s.add_argument("logs", nargs="+")
    args = p.parse_args()
    if args.command == "run":
        run(args)
    else:
        summary(args.logs)


if __name__ == "__main__":
    main()
