"""Palace family benchmark: rules speed (perft), search speed and depth, and a ladder of matches
between the computer levels, on any board (--option palaces=1|2|4). Prints figures; never fails
on time.

    python bench/bench_palace.py                 # everything (the ladder takes a while)
    python bench/bench_palace.py --games 20      # games per side per pairing
    python bench/bench_palace.py --no-ladder     # speed only
    python bench/bench_palace.py --no-speed      # the ladder only
    python bench/bench_palace.py --selfplay easy,medium --games 100 --option opening=doors
    python bench/bench_palace.py --selfplay hard --nodes hard=10000 --games 100
    python bench/bench_palace.py --option palaces=4 --no-ladder   # speed on the 105-point board
    python bench/bench_palace.py --option palaces=1 --no-speed --games 10
    python bench/bench_palace.py --selfplay medium --option palaces=4 --option target=24 --reach

Ladder games use deterministic node budgets (LADDER_NODES) so that results repeat on any machine;
each game starts with OPENING_PLIES plies chosen by opening_move() from the game's seed so that the
games differ (the same openings are played with the colours swapped).

Self-play (--selfplay LEVELS): for each level, --games games of the level against itself from the
same seeded short openings, under the rule options given with --option key=value (the defaults
otherwise). It prints black's wins / white's wins / draws, black's score (a win 1, a draw 1/2)
with a 95% interval (normal approximation: mean +- 1.96 standard errors), how the games ended and
their average length. --nodes level=N changes a level's node budget (ladder and self-play).
--first-seed N starts the games' seeds at N instead of 1000 (to add games to a run without repeating
its games). --reach also prints, for each number of captures, in how many games black reached it: played
with a high target, it shows where a lower target would stand (an estimate to choose a target,
then confirmed by playing with the target chosen).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai import choose_move  # noqa: E402
from game.ai.common import pick_with_mistakes  # noqa: E402
from game.ai.contract import Limits  # noqa: E402
from game.ai.palace import search as A  # noqa: E402
from game.rules import palace as P  # noqa: E402

LADDER_NODES = {"easy": 2_000, "medium": 6_000, "hard": 40_000}
PAIRS = (("medium", "easy"), ("hard", "medium"))
OPENING_PLIES = 3
OPENING_TEMP = 25.0
VERBOSE = False  # --verbose: a line per game as it ends


def midgame(plies=40, options=None):
    """A reproducible mid-game position: medium against medium for `plies` plies (the first seed
    whose game is still going)."""
    for seed in range(100):
        s = P.new_game(**(options or {}))
        for i in range(plies):
            if s.result() is not None:
                break
            s = s.play(choose_move(s, "medium", seed=seed * 1000 + i, nodes=1000))
        if s.result() is None:
            return s
    raise RuntimeError("no mid-game position found")


def _object_perft(state, depth):
    if depth == 1:
        return len(state.legal_moves())
    return sum(_object_perft(state.play(m), depth - 1) for m in state.legal_moves())


def speed(options=None):
    s = P.new_game(**(options or {}))
    print(f"board: {s.board!r}, options {dict(options or {}) or 'default'}")
    for depth in (3, 4) if len(s.board.points) > 40 else (4, 5):
        t = time.perf_counter()
        n = P.perft(s, depth)
        dt = time.perf_counter() - t
        print(f"perft({depth}) start = {n}  {dt:.2f}s  {n / dt:,.0f} leaves/s")
    mid = midgame(options=options)
    t = time.perf_counter()
    n = _object_perft(s, depth)
    dt = time.perf_counter() - t
    print(f"perft({depth}) through State.play objects (for comparison) = {n}  {dt:.2f}s  {n / dt:,.0f} leaves/s")
    for label, st in (("start", s), (f"mid-game {P.to_text(mid)}", mid)):
        srch, scored, _, _ = A.run(st, Limits(10, 1.0, seed=0))
        print(
            f"search 1 s from {label}: depth {srch.depth_done}, {srch.budget.nodes:,} nodes, "
            f"best {scored[0][1]} ({scored[0][0]:+d})"
        )
    for label, st in (("start", s), ("mid-game", mid)):
        c = time.process_time()
        srch, _, _, _ = A.run(st, Limits(10, nodes=40_000, seed=0))
        dt = time.process_time() - c
        print(
            f"40,000 nodes from the {label}: {dt:.2f} s of CPU time, {srch.budget.nodes / dt:,.0f} nodes per "
            f"CPU second, depth {srch.depth_done}"
        )
    for label, st in (("start", s), ("mid-game", mid)):
        t = time.perf_counter()
        srch, scored, _, _ = A.run(st, Limits(10, seed=0))
        print(
            f"hard move at its default time from the {label}: {scored[0][1]} in {time.perf_counter() - t:.2f}s, "
            f"depth {srch.depth_done}, {srch.budget.nodes:,} nodes"
        )


def opening_move(state, seed):
    """A sensible but varied move: a 3-ply search, then a softmax over its scores (OPENING_TEMP)."""
    _, scored, rng, _ = A.run(state, Limits(6, nodes=3000, seed=seed))
    return pick_with_mistakes(scored, rng, OPENING_TEMP)


def play_game(args):
    """(black level, white level, winner, end reason, plies) of one game. args: black level, white
    level, seed, and optionally the rule options and the node budgets ({level: nodes})."""
    black_level, white_level, seed, *rest = args
    options = dict(rest[0]) if rest else {}
    nodes = rest[1] if len(rest) > 1 else LADDER_NODES
    cpu = time.process_time()
    s = P.new_game(**options)
    for i in range(OPENING_PLIES):  # a varied but sensible start (see opening_move)
        if s.result() is not None:
            break
        s = s.play(opening_move(s, seed * 31 + i))
    ply = 0
    while s.result() is None:
        level = black_level if s.to_move == "b" else white_level
        s = s.play(choose_move(s, level, seed=seed * 7919 + ply, nodes=nodes[level]))
        ply += 1
    r = s.result()
    return black_level, white_level, r.winner, str(r.reason), ply + OPENING_PLIES, time.process_time() - cpu, s.captures


def run_games(jobs, workers) -> tuple[list, float]:
    """(play_game results, wall seconds) of `jobs` over `workers` processes."""
    t = time.perf_counter()
    results = []
    with ProcessPoolExecutor(workers) as pool:
        for r in pool.map(play_game, jobs):  # in order, each as soon as it and those before are done
            results.append(r)
            if VERBOSE:
                print(
                    f"    game {len(results)}/{len(jobs)}: {r[0]} (black) - {r[1]} (white): {r[2] or 'draw'} by {r[3]}, {r[4]} plies, {r[6]} captures",
                    flush=True,
                )
    return results, time.perf_counter() - t


def ladder(games, workers, options=None, nodes=None, first_seed=1000, pairs=PAIRS):
    nodes = nodes or LADDER_NODES
    opts = tuple(sorted((options or {}).items()))
    jobs = []
    for upper, lower in pairs:
        for g in range(games):
            jobs.append((upper, lower, first_seed + g, opts, nodes))
            jobs.append((lower, upper, first_seed + g, opts, nodes))
    results, wall = run_games(jobs, workers)
    print(
        f"ladder: {len(results)} games in {wall:.0f}s "
        f"({sum(r[5] for r in results):.0f} s of CPU), node budgets {nodes}, options {dict(opts) or 'default'}"
    )
    for upper, lower in pairs:
        for side in ("b", "w"):
            rows = [
                r
                for r in results
                if (r[0] if side == "b" else r[1]) == upper and (r[1] if side == "b" else r[0]) == lower
            ]
            wins = sum(1 for r in rows if r[2] == side)
            draws = sum(1 for r in rows if r[2] is None)
            losses = len(rows) - wins - draws
            score = (wins + draws / 2) / max(1, len(rows))
            reasons = {}
            for r in rows:
                reasons[r[3]] = reasons.get(r[3], 0) + 1
            plies = sum(r[4] for r in rows) / max(1, len(rows))
            print(
                f"  {upper:6} as {'black' if side == 'b' else 'white'} vs {lower:6}: "
                f"+{wins} ={draws} -{losses}  score {score:.0%}  avg {plies:.0f} plies  {reasons}"
            )
        rows = [r for r in results if upper in r[:2] and lower in r[:2]]
        pts = [1.0 if r[2] == ("b" if r[0] == upper else "w") else 0.5 if r[2] is None else 0.0 for r in rows]
        mean, low, high = score_interval(pts)
        print(f"  {upper} vs {lower}: {mean:.1%} (95% {low:.1%}-{high:.1%}) over {len(rows)} games")


#: how a game ended, in the order self-play prints them
ENDINGS = (
    ("captures", "captures"),
    ("blocked", "black blocked"),
    ("white_blocked", "white blocked"),
    ("repetition", "repetition"),
    ("no_progress", "no progress"),
)


def score_interval(scores):
    """(mean, low, high): the mean of per-game scores in [0, 1] and its 95% interval (normal
    approximation with the sample's standard deviation, clipped to [0, 1])."""
    n = len(scores)
    mean = sum(scores) / n
    var = sum((x - mean) ** 2 for x in scores) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def selfplay(levels, games, workers, options=None, nodes=None, reach=False, first_seed=1000):
    """Each level against itself over `games` games (seeds 1000..), under the rule options."""
    nodes = nodes or LADDER_NODES
    opts = tuple(sorted((options or {}).items()))
    jobs = [(level, level, first_seed + g, opts, nodes) for level in levels for g in range(games)]
    results, wall = run_games(jobs, workers)
    print(
        f"self-play: {len(results)} games in {wall:.0f}s "
        f"({sum(r[5] for r in results):.0f} s of CPU), node budgets {nodes}, "
        f"options {P.check_options(P.OPTIONS, dict(opts))}"
    )
    for level in levels:
        rows = [r for r in results if r[0] == level]
        b = sum(1 for r in rows if r[2] == "b")
        w = sum(1 for r in rows if r[2] == "w")
        d = len(rows) - b - w
        mean, low, high = score_interval([1.0 if r[2] == "b" else 0.5 if r[2] is None else 0.0 for r in rows])
        ends = ", ".join(f"{label} {sum(1 for r in rows if r[3] == key)}" for key, label in ENDINGS)
        others = len(rows) - sum(1 for r in rows if r[3] in dict(ENDINGS))
        if others:
            ends += f", other {others}"
        plies = sum(r[4] for r in rows) / len(rows)
        print(
            f"  {level:6} ({nodes[level]:,} nodes) {len(rows)} games: black {b} / white {w} / draws {d}; "
            f"black's score {mean:.1%} (95% {low:.1%}-{high:.1%}); ends: {ends}; avg {plies:.0f} plies"
        )
        if reach:
            top = max(r[6] for r in rows)
            print(
                "    captures reached: "
                + ", ".join(f"{k}: {sum(1 for r in rows if r[6] >= k)}" for k in range(1, top + 1))
            )


def _option(text):
    """'key=value' of a rule option, the value matched by its text against the option's choices."""
    key, _, value = text.partition("=")
    for o in P.OPTIONS:
        if o.key == key:
            for choice in o.choices:
                if str(choice) == value:
                    return key, choice
            raise argparse.ArgumentTypeError(f"{key} can be {', '.join(str(c) for c in o.choices)}")
    raise argparse.ArgumentTypeError(f"unknown option {key!r}: {', '.join(o.key for o in P.OPTIONS)}")


def _nodes(text):
    level, _, n = text.partition("=")
    if level not in LADDER_NODES or not n.isdigit():
        raise argparse.ArgumentTypeError("give level=N, e.g. hard=10000")
    return level, int(n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20, help="games per side per pairing; self-play: games per level")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-ladder", action="store_true")
    ap.add_argument("--no-speed", action="store_true")
    ap.add_argument("--selfplay", metavar="LEVELS", help="comma-separated levels: self-play only")
    ap.add_argument("--option", type=_option, action="append", default=[], help="a rule option, key=value")
    ap.add_argument("--nodes", type=_nodes, action="append", default=[], help="a level's node budget, level=N")
    ap.add_argument("--reach", action="store_true", help="self-play: how many games reached each capture count")
    ap.add_argument("--verbose", action="store_true", help="a line per game as it ends")
    ap.add_argument(
        "--pairs", default="medium-easy,hard-medium", help="ladder pairings, upper-lower (medium-easy,hard-medium)"
    )
    ap.add_argument(
        "--first-seed", type=int, default=1000, help="the first game's seed (1000): more games without repeating"
    )
    a = ap.parse_args()
    global VERBOSE
    VERBOSE = a.verbose
    nodes = {**LADDER_NODES, **dict(a.nodes)}
    options = dict(a.option)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    if a.selfplay:
        levels = a.selfplay.split(",")
        unknown = [lv for lv in levels if lv not in LADDER_NODES]
        if unknown:
            ap.error(f"unknown level {unknown[0]!r}")
        selfplay(levels, a.games, a.workers, options, nodes, a.reach, a.first_seed)
        return
    if not a.no_speed:
        speed(options)
    if not a.no_ladder:
        pairs = tuple(tuple(p.split("-")) for p in a.pairs.split(","))
        if any(len(p) != 2 or not set(p) <= set(LADDER_NODES) for p in pairs):
            ap.error("--pairs: give upper-lower levels, e.g. hard-medium")
        ladder(a.games, a.workers, options, nodes, a.first_seed, pairs)


if __name__ == "__main__":
    main()
