"""Game review benchmark: the time to review a 100-ply game of each kind at the default setting
(game.review.REVIEW_NODES search nodes per position). Prints figures; never fails on time.

    python bench/bench_review.py                  # the three games
    python bench/bench_review.py --plies 60 --nodes 10000
    python bench/bench_review.py --pdn m.pdn --nodes 4000000 --results 0,0.5   # a match's games

With --pdn it reviews the draughts games of bench_draughts.py matches (their --pdn files) instead,
at a deeper search than the match's (its --nodes): the marked moves of each side, by the game's
result for the --engine side, and where each game's first blunder of that side came.

The games are played by the computer at the easy level with fixed seeds (a fixed node budget per
move, so the same games on any machine); a game that ends sooner is reviewed as it is.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import games  # noqa: E402
from game.ai import choose_move  # noqa: E402
from game.match import Match  # noqa: E402
from game.review import MARKS, REVIEW_NODES, review_match, review_states  # noqa: E402

SEED = 2024
PLAY_NODES = 2_000  # per move of the easy level while making the games


def make_game(name: str, plies: int) -> Match:
    m = Match.new(name, seed=SEED)
    for i in range(plies):
        if m.over:
            break
        m.play(choose_move(m.public_state(), "easy", seed=SEED + i, nodes=PLAY_NODES))
    return m


OPENING_PLIES = 4  # bench_draughts.py's matches start with 4 random plies


def pdn_marks(pdn_games, engine: str, results: set, nodes: int, skip: int = OPENING_PLIES, out=print) -> dict:
    """Review the PDN games (game.rules.draughts_pdn.Game) that `engine` (a part of a player's
    name) scored one of `results` in; prints one line a game (its marks by side, the engine's
    first blunder). The first `skip` plies (the match's random opening) are not counted.
    Returns {(result, "engine" | "other", mark): count}."""
    from bench_draughts import engine_points

    tally: dict = {}
    for g in pdn_games:
        score, mine_white = engine_points(g, engine)
        if score not in results or not g.moves:
            continue
        r = review_states(g.states, g.moves, nodes=nodes)
        mine = "w" if mine_white else "b"
        first = ""
        counts = {side: {mark: 0 for _, mark in MARKS} for side in ("engine", "other")}
        for m in r.moves[skip:]:
            who = "engine" if m.side == mine else "other"
            if m.mark:
                tally[(score, who, m.mark)] = tally.get((score, who, m.mark), 0) + 1
                counts[who][m.mark] += 1
            if not first and who == "engine" and m.mark == "??":
                s = g.states[m.ply]
                pieces = (s.wm | s.wk | s.bm | s.bk).bit_count()
                first = f"; its first ?? at ply {m.ply} ({pieces} pieces): {m.text()}"
        marks = " ".join(f"{k}{counts['engine'][k]}/{counts['other'][k]}" for _, k in reversed(MARKS))
        out(
            f"game {g.number} ({g.headers.get('White')} v {g.headers.get('Black')}, {score:.1f} for {engine}): {marks}{first}"
        )
    return tally


def bench_pdn(files, engine: str, results: set, nodes: int) -> None:
    from game.rules.draughts_pdn import read_pdn

    pdn_games = []
    for name in files:
        with open(name, encoding="utf-8") as f:
            pdn_games += read_pdn(f.read()).games
    print(
        f"review of {len(pdn_games)} games from {len(files)} file(s) at {nodes} nodes a position; marks {engine}/other"
    )
    tally = pdn_marks(pdn_games, engine, results, nodes)
    for score in sorted(results):
        row = "; ".join(
            f"{name} " + " ".join(f"{mark} {tally.get((score, who, mark), 0)}" for _, mark in reversed(MARKS))
            for who, name in (("engine", engine), ("other", "the other"))
        )
        print(f"  games scored {score:.1f} for {engine}, marks of {row}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plies", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=REVIEW_NODES, help="search nodes per position")
    ap.add_argument("--games", default=",".join(games.NAMES))
    ap.add_argument("--pdn", nargs="+", default=[], help="review the games of these bench_draughts.py match files")
    ap.add_argument("--engine", default="qipan", help="--pdn: whose side (a part of its player name)")
    ap.add_argument("--results", default="0,0.5", help="--pdn: the games that side scored these in")
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}")
    if args.pdn:
        bench_pdn(args.pdn, args.engine, {float(x) for x in args.results.split(",")}, args.nodes)
        return
    print(f"review of a {args.plies}-ply easy-level game, {args.nodes} nodes per position")
    print("| game | plies | review time | per position | ?! | ? | ?? |")
    print("|---|---|---|---|---|---|---|")
    for name in args.games.split(","):
        m = make_game(name, args.plies)
        t0 = time.perf_counter()
        r = review_match(m, nodes=args.nodes)
        dt = time.perf_counter() - t0
        c = r.counts()
        print(
            f"| {name} | {m.ply} | {dt:.1f} s | {dt / (m.ply + 1) * 1000:.0f} ms | {c['?!']} | {c['?']} | {c['??']} |"
        )


if __name__ == "__main__":
    main()
