"""Trial rows for a palace board's ladder: bench/bench_levels.py played with levels 1-9 of one
board taken from bench/palace_row_trials.json instead of the engine's rows (level 10 stays the
full engine), into a games file of the trial's own. A way to map rows onto the rating scale
before one is shipped; the figures go to bench/RESULTS.md, the rows that ship to
game/ai/palace/search.py. A trial may also say where each level's kings' hunt begins ("hunt_from":
the most soldiers on the board at which the levels with `tables` hunt, one number for every level
or ten, level 1 first; game.ai.palace.search.HUNT_FROM), which then holds for level 10 too.

    python bench/bench_palace_rows.py one-low --file /tmp/one-low.jsonl --games 32 --jobs 1 --top-nodes 60000 --pairs 1-2,2-3
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

import bench_levels  # noqa: E402

from game.ai.common import LevelRow  # noqa: E402
from game.ai.palace import search  # noqa: E402

TRIALS = os.path.join(HERE, "palace_row_trials.json")


def trial_rows(name: str, path: str = TRIALS) -> tuple[int, tuple[LevelRow, ...]]:
    """(palaces, the ten rows): the trial's rows for levels 1-9, then the board's own level 10."""
    with open(path, encoding="utf-8") as f:
        trial = json.load(f)[name]
    palaces = int(trial["palaces"])
    rows = tuple(LevelRow(**r) for r in trial["rows"])
    if len(rows) != 9:
        raise SystemExit(f"{name}: {len(rows)} rows; a trial gives levels 1-9")
    return palaces, rows + (search.LEVELS[palaces][9],)


def trial_hunt_from(name: str, path: str = TRIALS) -> tuple[int, ...] | None:
    """Where each level's kings' hunt begins in the trial (levels 1-10), None where it does not say
    (the engine's own starts)."""
    with open(path, encoding="utf-8") as f:
        given = json.load(f)[name].get("hunt_from")
    if given is None:
        return None
    starts = tuple(int(n) for n in given) if isinstance(given, list) else (int(given),) * 10
    if len(starts) != 10:
        raise SystemExit(f"{name}: hunt_from gives {len(starts)} levels; one number or ten")
    return starts


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("trial", help="a name in bench/palace_row_trials.json")
    p.add_argument("--file", required=True, help="the trial's games file (never the shipped one)")
    args, rest = p.parse_known_args(argv)  # the rest: bench_levels.py's options
    palaces, rows = trial_rows(args.trial)
    hunt_from = trial_hunt_from(args.trial)
    if os.path.abspath(args.file) == bench_levels.games_file("palace", {"palaces": palaces}):
        raise SystemExit("a trial keeps its games apart from the shipped ladder's: give another --file")
    # the bench's worker processes must be forked from this one to play these rows too (a spawned
    # worker would import the shipped rows and play them under the trial's name)
    if "fork" not in multiprocessing.get_all_start_methods():
        raise SystemExit("trial rows need worker processes forked from this one (not on this system)")
    method = multiprocessing.get_start_method(allow_none=True)
    shipped, shipped_hunt = search.LEVELS[palaces], dict(search.HUNT_FROM)
    multiprocessing.set_start_method("fork", force=True)
    search.LEVELS[palaces] = rows
    if hunt_from is not None:
        search.HUNT_FROM[palaces] = hunt_from
    rest = [a for a in rest if a != "--"]
    try:
        return bench_levels.main(["palace", "--option", f"palaces={palaces}", "--file", args.file, *rest])
    finally:  # this process as it was (a caller may go on: the tests do)
        search.LEVELS[palaces] = shipped
        search.HUNT_FROM.clear()
        search.HUNT_FROM.update(shipped_hunt)
        multiprocessing.set_start_method(method, force=True)


if __name__ == "__main__":
    sys.exit(main())
