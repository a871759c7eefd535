"""Palace search speed: nodes per CPU second on each board, this tree against another commit's.

    python bench/bench_palace_speed.py                        # this tree only
    python bench/bench_palace_speed.py --base-rev main        # main's search first, then this tree's
    python bench/bench_palace_speed.py --base-rev 866fc60 --nodes 40000 --rounds 3 --boards 1,2,4
    python bench/bench_palace_speed.py --base-rev main --games 2    # games too, as the ladders play
    python bench/bench_palace_speed.py --base-rev main --clock 2.5  # level 10 on its clock too

For each board (one, two and four palaces) it searches a few positions at level 10 under a node
budget (--nodes, so both trees search the same tree of nodes): the start, and positions reached
by seeded random play from the start (black capturing half the time it can) with soldiers still in hand
and with every soldier down. It prints, per board, the nodes searched, the CPU seconds
(time.process_time) and nodes per CPU second, and the moves and node counts found, which must
agree between the two trees (the speed-up keeps the search node for node: the test
tests/test_palace_search_identity.py holds it to that).

--base-rev REV extracts that commit's game/ into a temporary folder (git archive) and runs the
same measurement there in a child process, one process at a time (never both at once: the CPU
time of two searches on a shared core would both suffer). With --rounds R the two trees
alternate R times and each board's best (least CPU) round counts, which damps the machine's
other load. With --games N each tree also plays N games a board between levels 4 and 6 through
the engine (each level on its own node budget, as bench/bench_levels.py plays the ladders) and
prints the plies, the CPU time a ply and a digest of the moves, which must be the same for both.
With --clock S it also searches the positions at level 10 on S seconds of the clock (as level 10
plays) and prints the nodes and depths reached, which depend on the machine and its load. Run it under `nice -n 5` on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: each board's positions: (seed of the random play, plies played); 0 plies is the start
POSITIONS = ((0, 0), (1, 9), (2, 30), (3, 60))
GAME_LEVELS = (4, 6)  # --games: the levels that play each other (black's first in even games)
GAME_PLIES = 150  # --games: the most plies a game is played


def position(palaces: int, seed: int, plies: int):
    """The state after `plies` plies of seeded random play from the start (no search involved, so
    the same position on any commit): black captures half the time it can, else any move; it stops
    early rather than reach the game's end or a position black wins with its next capture."""
    from game.rules import palace as P

    rng = random.Random(seed * 1009 + palaces)
    s = P.new_game(palaces=palaces)
    for _ in range(plies):
        moves = s.legal_moves()
        if not moves:
            break
        captures = [m for m in moves if m.captured]
        nxt = s.play(rng.choice(captures if captures and rng.random() < 0.5 else moves))
        if nxt.result() is not None or any(
            nxt.captures + len(m.captured) >= nxt.win_captures for m in nxt.legal_moves()
        ):
            break
        s = nxt
    return s


def measure(boards: list[int], nodes: int, clock: float | None = None) -> dict:
    """{palaces: (nodes, CPU seconds, [(best move, nodes, depth) per position])} of this process's
    game/: level 10 on `nodes` nodes, or with `clock` on that many seconds of the clock."""
    from game.ai.contract import Limits
    from game.ai.palace import search as S

    limits = Limits(10, nodes=nodes, seed=0) if clock is None else Limits(10, clock, seed=0)
    out = {}
    for palaces in boards:
        states = [position(palaces, seed, plies) for seed, plies in POSITIONS]
        total, cpu, found = 0, 0.0, []
        for s in states:
            start = time.process_time()
            srch, scored, _, _ = S.run(s, limits)
            cpu += time.process_time() - start
            total += srch.budget.nodes
            found.append((str(scored[0][1]), srch.budget.nodes, srch.depth_done))
        out[palaces] = (total, cpu, found)
    return out


def play(boards: list[int], games: int) -> dict:
    """{palaces: (plies, CPU seconds, digest of every move played)} of `games` games a board
    between levels GAME_LEVELS (colours alternating, seeded, at most GAME_PLIES plies each) played
    through the engine as the level ladders play them (each level's own node budget)."""
    import hashlib

    from game.ai.contract import Limits
    from game.ai.palace.player import ENGINE
    from game.rules import palace as P

    out = {}
    for palaces in boards:
        plies, cpu, digest = 0, 0.0, hashlib.sha1()
        for g in range(games):
            levels = GAME_LEVELS if g % 2 == 0 else GAME_LEVELS[::-1]
            s = P.new_game(palaces=palaces)
            for ply in range(GAME_PLIES):
                if s.result() is not None:
                    break
                start = time.process_time()
                move = ENGINE.search(s, Limits(levels[ply % 2], seed=1000 * g + ply)).move
                cpu += time.process_time() - start
                digest.update(str(move).encode())
                s = s.play(move)
                plies += 1
        out[palaces] = (plies, cpu, digest.hexdigest()[:12])
    return out


def run_tree(tree: str, boards: list[int], nodes: int, games: int = 0, clock: float | None = None) -> dict:
    """measure() (or with games, play()) in a child process whose `game` package is the one in
    `tree`."""
    call = f"B.play({boards!r}, {games})" if games else f"B.measure({boards!r}, {nodes}, {clock!r})"
    code = (
        f"import sys, json; sys.path.insert(0, {tree!r}); sys.path.insert(1, {os.path.dirname(__file__)!r}); "
        f"import bench_palace_speed as B; print(json.dumps({call}))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"measuring {tree}: {done.stderr.strip()}")
    return {int(k): v for k, v in json.loads(done.stdout).items()}


def base_tree(rev: str) -> tempfile.TemporaryDirectory:
    """A temporary folder holding commit `rev`'s game/ package."""
    folder = tempfile.TemporaryDirectory(prefix="qipan-palace-base-")
    archive = subprocess.run(["git", "archive", rev, "game"], cwd=ROOT, capture_output=True)
    if archive.returncode:
        raise SystemExit(f"--base-rev {rev}: {archive.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", folder.name], input=archive.stdout, check=True)
    return folder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base-rev", help="also measure this commit's search (e.g. main)")
    ap.add_argument("--nodes", type=int, default=40_000, help="node budget of each search (40,000)")
    ap.add_argument("--rounds", type=int, default=1, help="measure each tree this many times, keep the best")
    ap.add_argument("--boards", default="1,2,4", help="palaces of the boards measured (1,2,4)")
    ap.add_argument("--games", type=int, default=0, help="also play this many games a board (levels 4 and 6)")
    ap.add_argument("--clock", type=float, help="also search the positions at level 10 on this many seconds")
    a = ap.parse_args()
    boards = [int(b) for b in a.boards.split(",")]
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    trees = [("this tree", ROOT)]
    keep = None
    if a.base_rev:
        keep = base_tree(a.base_rev)
        trees.insert(0, (f"at {a.base_rev}", keep.name))
    best: dict = {}
    for r in range(a.rounds):
        for label, tree in trees:
            for palaces, (n, cpu, found) in run_tree(tree, boards, a.nodes).items():
                old = best.get((label, palaces))
                if old is None or cpu < old[1]:
                    best[(label, palaces)] = (n, cpu, found)
        print(f"  round {r + 1} done, load average {os.getloadavg()[0]:.2f}", flush=True)
    print(f"{len(POSITIONS)} positions a board, level 10 at {a.nodes:,} nodes each, best of {a.rounds} round(s)")
    for palaces in boards:
        rates = []
        for label, _ in trees:
            n, cpu, found = best[(label, palaces)]
            rates.append(n / cpu)
            moves = ", ".join(f"{m} ({k:,}, depth {d})" for m, k, d in found)
            print(f"  {palaces} palace(s), {label}: {n:,} nodes in {cpu:.2f} s CPU = {n / cpu:,.0f} nodes/s; {moves}")
        if len(trees) == 2:
            same = best[(trees[0][0], palaces)][2] == best[(trees[1][0], palaces)][2]
            print(f"  {palaces} palace(s): x{rates[1] / rates[0]:.2f}; same moves and nodes: {'yes' if same else 'NO'}")
    if a.games:
        played = {label: run_tree(tree, boards, a.nodes, a.games) for label, tree in trees}
        print(
            f"{a.games} games a board, levels {GAME_LEVELS[0]} and {GAME_LEVELS[1]} (their node budgets), at most {GAME_PLIES} plies each"
        )
        for palaces in boards:
            for label, _ in trees:
                plies, cpu, digest = played[label][palaces]
                print(
                    f"  {palaces} palace(s), {label}: {plies} plies in {cpu:.2f} s CPU ({cpu / plies * 1000:.1f} ms a ply); moves {digest}"
                )
    if a.clock:
        print(f"level 10 on {a.clock} s of the clock a position (the machine's load decides its CPU share)")
        for label, tree in trees:
            for palaces, (n, cpu, found) in run_tree(tree, boards, a.nodes, clock=a.clock).items():
                depths = ", ".join(f"{k:,} (depth {d})" for _, k, d in found)
                print(
                    f"  {palaces} palace(s), {label}: {n / len(found):,.0f} nodes a search in {cpu / len(found):.2f} s CPU; {depths}"
                )
    if keep is not None:
        keep.cleanup()


if __name__ == "__main__":
    main()
