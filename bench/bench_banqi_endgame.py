"""Banqi endgame tables (game/ai/banqi_endgame.py): solve times, sizes, and the tables in play.

    python bench/bench_banqi_endgame.py                   # solve every table, then 20 endgames x 2 counters
    python bench/bench_banqi_endgame.py --games 10 --nodes 10000 --four

1. Solve: every 1-vs-1 and 2-vs-1 signature for one no-progress limit, timed one by one (a 2-vs-1
   table's time excludes its 1-vs-1 sub-tables, solved first), with the positions, bytes and
   results; --limits also solves them for the other limits and says whether the tables differ;
   --four times one 2-vs-2 and one 3-vs-1 signature (not used by the engine).
2. In play: random all-revealed endgames of 3 pieces that the tables say the side to move wins
   (in at least --min-dtz plies to the conversion), played to the end against the hard level
   with the tables; the side to move is the hard level with the tables or without them (same node
   budget). Each endgame is played with the counter at
   0 and with a tight counter (limit - quiet = dtz + 0..5 plies to spare). Counts how often the
   win is converted before the no-progress draw. --four-games plays random 4-piece positions the
   same way (the tables then only serve the search after a capture). Never fails: it only prints.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from game.ai import choose_move  # noqa: E402
from game.ai.banqi import endgame as E  # noqa: E402
from game.rules import banqi as rules  # noqa: E402

LETTERS = {c: t for t, c in E.CODE.items()}


def solve(limit: int) -> dict:
    E._TABLES.clear()
    out = {}
    for pieces in (2, 3):
        times, positions, sizes, wins, losses, maxdtz = [], 0, 0, 0, 0, 0
        for key in E.signatures(pieces):
            t = time.perf_counter()
            tab = E.table(key, limit)
            times.append(time.perf_counter() - t)
            n = sum(1 for _ in tab.placements()) * 2
            positions += n
            sizes += len(tab.res) + len(tab.dtz)
            wins += tab.res.count(1)
            losses += tab.res.count(2)
            maxdtz = max(maxdtz, max(tab.dtz))
        out[pieces] = times
        print(
            f"{pieces} pieces, limit {limit}: {len(times)} tables, total {sum(times):.2f} s, "
            f"per table median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; "
            f"{positions} positions ({positions // len(times)} a table), {sizes / 1024:.0f} KiB in memory; "
            f"wins {wins / positions:.1%}, losses {losses / positions:.1%}, draws {1 - (wins + losses) / positions:.1%}; "
            f"max dtz {maxdtz}"
        )
    return out


def same_across_limits() -> None:
    snapshot = {}
    for limit in (40, 60, 180):
        E._TABLES.clear()
        for key in E.signatures(2) + E.signatures(3):
            tab = E.table(key, limit)
            snapshot.setdefault(key, []).append((bytes(tab.res), bytes(tab.dtz)))
    differ = [k for k, v in snapshot.items() if len(set(v)) > 1]
    print(f"tables that differ between the limits 40 / 60 / 180: {len(differ)} {differ[:5]}")


def four() -> None:
    E.MAX_PIECES = 4
    for key in E.signatures(3):  # the sub-tables first, so the times are the 4-piece tables' own
        E.table(key, 60)
    for key in (((3, 4), (4, 6)), ((1,), (2, 3, 4))):
        t = time.perf_counter()
        tab = E.table(key, 60)
        n = sum(1 for _ in tab.placements()) * 2
        print(f"4 pieces {key}: {time.perf_counter() - t:.1f} s, {n} positions; {len(E.signatures(4))} such signatures")
    E.MAX_PIECES = 3


def random_board(rng: random.Random, pieces: int):
    """(board of letters, pieces placed) of `pieces` random face-up pieces, or None when a side
    got two generals (then the caller draws again)."""
    red = [rng.choice("KABRNCP") for _ in range(rng.choice(range(1, pieces)))]
    black = [rng.choice("kabrncp") for _ in range(pieces - len(red))]
    if red.count("K") > 1 or black.count("k") > 1:
        return None
    board = ["."] * 32
    for c, p in zip(red + black, rng.sample(range(32), pieces)):
        board[p] = c
    return board, red + black


def position_text(board: list, side: str, placed: list) -> str:
    """The position text (without the counter) of an all-face-up board: the rest are captured."""
    caps = list("KAABBRRNNCCPPPPPkaabbrrnnccppppp")
    for c in placed:
        caps.remove(c)
    ranks = "/".join("".join(board[r * 8 : (r + 1) * 8]) for r in range(3, -1, -1))
    return f"{ranks} {side} {''.join(caps)}"


def endgames(count: int, seed: int, min_dtz: int, limit: int) -> list:
    """[(state text, dtz)] of random 3-piece endgames won by the side to move (dtz >= min_dtz)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        drawn = random_board(rng, 3)
        if drawn is None:
            continue
        board, placed = drawn
        side = rng.choice("rb")
        got = E.probe([E.CODE.get(c, 0) for c in board], 0 if side == "r" else 1, 0, limit)
        if got is None or got[0] != 1 or got[1] < min_dtz:
            continue
        out.append((position_text(board, side, placed), got[1]))
    return out


def play(text: str, quiet: int, tables: bool, nodes: int, limit: int) -> tuple:
    s = rules.from_text(f"{text} {quiet}", no_progress=limit)
    me = s.to_move
    spent, moves = 0.0, 0
    while s.result() is None:
        mine = s.to_move == me
        E.MAX_PIECES = 3 if tables or not mine else 0
        t = time.perf_counter()
        m = choose_move(s, level="hard", nodes=nodes, seed=s.ply)
        if mine:
            spent += time.perf_counter() - t
            moves += 1
        s = s.play(m)
    E.MAX_PIECES = 3
    return s.result(), spent / max(moves, 1)


def in_play(count: int, nodes: int, seed: int, min_dtz: int, limit: int) -> None:
    rng = random.Random(seed)
    games = endgames(count, seed, min_dtz, limit)
    slack = [rng.randrange(0, 6) for _ in games]
    print(f"{count} endgames, dtz median {statistics.median(d for _, d in games)}, max {max(d for _, d in games)}")
    for label, tight in (("counter at 0", False), ("tight counter", True)):
        for tables in (True, False):
            won, reasons, per_move = 0, {}, []
            for (text, d), spare in zip(games, slack):
                quiet = limit - d - spare if tight else 0
                res, spent = play(text, quiet, tables, nodes, limit)
                won += res.winner == text.split()[1]
                why = str(getattr(res.reason, "value", res.reason))
                reasons[why] = reasons.get(why, 0) + 1
                per_move.append(spent)
            print(
                f"{label:14} hard {'with' if tables else 'without'} tables: {won}/{len(games)} wins converted; "
                f"endings {reasons}; {statistics.mean(per_move) * 1000:.1f} ms a move"
            )


def four_in_play(count: int, nodes: int, seed: int, limit: int) -> None:
    """Random all-revealed 4-piece positions (the tables only inside the search, after a capture):
    wins / draws / losses of the side to move, with the tables and without, against hard with."""
    rng = random.Random(seed)
    texts = []
    while len(texts) < count:
        drawn = random_board(rng, 4)
        if drawn is None:
            continue
        board, placed = drawn
        text = position_text(board, rng.choice("rb"), placed)
        if rules.from_text(f"{text} 0").result() is None:
            texts.append(text)
    outcome = {}
    for tables in (True, False):
        tally = [0, 0, 0]
        spent = []
        for text in texts:
            res, per_move = play(text, 0, tables, nodes, limit)
            k = 0 if res.winner == text.split()[1] else 1 if res.winner is None else 2
            tally[k] += 1
            outcome.setdefault(text, []).append(k)
            spent.append(per_move)
        print(
            f"4 pieces, hard {'with' if tables else 'without'} tables to move: +{tally[0]} ={tally[1]} -{tally[2]} "
            f"of {count}; {statistics.mean(spent) * 1000:.1f} ms a move"
        )
    better = sum(a < b for a, b in outcome.values())
    worse = sum(a > b for a, b in outcome.values())
    print(f"4 pieces: the tables changed the outcome of {better + worse} ({better} for the better)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=60)
    ap.add_argument("--limits", action="store_true", help="compare the tables for the limits 40 / 60 / 180")
    ap.add_argument("--four", action="store_true", help="time one 2-vs-2 and one 3-vs-1 table")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--four-games", type=int, default=0, help="also play this many 4-piece positions")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-dtz", type=int, default=8, help="the endgames' least distance to the conversion")
    args = ap.parse_args()
    solve(args.limit)
    if args.limits:
        same_across_limits()
    if args.four:
        four()
    if args.games:
        in_play(args.games, args.nodes, args.seed, args.min_dtz, args.limit)
    if args.four_games:
        four_in_play(args.four_games, args.nodes, args.seed, args.limit)


if __name__ == "__main__":
    main()
