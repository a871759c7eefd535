"""The draughts endgame database (issue #31, lever 1): size, generation time, lookups a second,
and the gain: whether hard converts won 3-4 piece endings with and without them, and hard with
the tables against hard without them from random 5-7 piece endings.
Prints figures; never fails on time.

    python bench/bench_draughts_egdb.py                        # everything (about 10 minutes on 2 cores)
    python bench/bench_draughts_egdb.py sizes generate lookups # only some parts: sizes generate lookups convert match
    python bench/bench_draughts_egdb.py convert --games 12 --time 0.2   # won 3-4 piece endings converted?
    python bench/bench_draughts_egdb.py match --games 16 --time 0.2     # random 5-7 piece endings
    python bench/bench_draughts_egdb.py games --games 20 --time 0.2     # whole games from 4-ply openings
    python bench/bench_draughts_egdb.py games --games 40 --nodes 50000  # the same, deterministic
    python bench/bench_draughts_egdb.py kings3 --games 10 --time 0.5    # 3 kings v 1: won and drawn ones
    python bench/bench_draughts_egdb.py search                          # depth, nodes/s in 5-6 piece endings
    python bench/bench_draughts_egdb.py verify                          # sampled values against the rules' moves
    python bench/bench_draughts_egdb.py match --with 5 --against 4      # the 5-piece tables' gain (MAX_PIECES = 5 in egdb)
    python bench/bench_draughts_egdb.py pdn --pdn a.pdn b.pdn           # matches' games: what the tables say of their endings

The 4-piece table must have been built first (python -m game.ai.draughts.egdb build --pieces 4).
Each ending is played twice, colours swapped; the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai.draughts import egdb as E  # noqa: E402
from game.ai.draughts import fast as F  # noqa: E402
from game.ai.draughts import search as A  # noqa: E402
from game.ai.draughts.egdb import build as G  # noqa: E402
from game.ai.jit import njit  # noqa: E402
from game.rules import draughts as R  # noqa: E402
from game.rules import draughts_board as B  # noqa: E402
from game.rules.draughts_pdn import read_pdn  # noqa: E402


def bench_sizes():
    print("tables present (positions count both sides to move; packed = 2 bits a position)")
    for pieces in range(2, E.MAX_PIECES + 1):
        path = E.find_file(pieces)
        if path is None:
            print(f"  {pieces} pieces: missing")
            continue
        blobs = E.read_file(path)
        n = sum(2 * int(E.size_of(c)) for c in blobs)
        with path.open("rb") as f:
            rows, _ = E._header(f, path)
        wdl = sum(r[3] for r in rows)
        dtc = sum(r[6] for r in rows)
        packed = sum(len(b) for b in blobs.values())
        print(
            f"  {pieces} pieces: {len(blobs):2d} materials {n:>12,} positions  packed {packed:>11,} B"
            f"  compressed {wdl:>10,} B (WDL) + {dtc:>10,} B (plies to conversion)  file {path.stat().st_size:,} B"
        )


def bench_generate():
    print("generation (numba; the first line includes the compile)")
    t = time.perf_counter()
    base = G.build(2, {})
    print(f"  2 pieces: {time.perf_counter() - t:6.2f} s")
    t = time.perf_counter()
    G.build(3, dict(base))
    print(f"  3 pieces: {time.perf_counter() - t:6.2f} s")
    print("  4 pieces: python -m game.ai.draughts.egdb build --pieces 4 (timed separately)")


@njit
def probe_all(pos, data, off):
    total = 0
    for i in range(pos.shape[0]):
        total += E.probe(pos[i, 0], pos[i, 1], pos[i, 2], pos[i, 3], pos[i, 4], data, off)
    return total


def bench_lookups(count=2_000_000):
    data, off = E.tables()
    rng = random.Random(5)
    rows = []
    for _ in range(count // 100):
        code = rng.choice(E.materials(rng.choice(range(2, int(off[E.TOP]) + 1))))
        wm, wk, bm, bk, ok = E.decode(rng.randrange(int(E.size_of(code))), code)
        if ok:
            rows.append((wm, wk, bm, bk, rng.randrange(2)))
    pos = np.array(rows * 100, np.int64)
    probe_all(pos[:10], data, off)
    t = time.perf_counter()
    probe_all(pos, data, off)
    compiled = len(pos) / (time.perf_counter() - t)
    t = time.perf_counter()
    for r in rows[:20000]:
        E.value(*r)
    python = min(20000, len(rows)) / (time.perf_counter() - t)
    print(
        f"lookups: {compiled / 1e6:.1f} M/s compiled (random positions of 2-{off[E.TOP]} pieces), {python:,.0f}/s from Python"
    )


MATERIALS = (
    (3, 0, 2, 0),
    (2, 1, 1, 1),
    (1, 2, 1, 1),
    (3, 1, 2, 1),
    (4, 0, 3, 0),
    (1, 1, 3, 0),
    (0, 2, 2, 1),
    (2, 1, 0, 2),
)


def endings(count, seed=31):
    """Random endings of the materials above (white men, kings, black men, kings), white to move,
    no capture pending for either side, men outside their promotion rows."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        a, b, c, d = MATERIALS[len(out) % len(MATERIALS)]
        squares = rng.sample(range(50), a + b + c + d)
        wm = sum(B.SQUARE[s] for s in squares[:a])
        wk = sum(B.SQUARE[s] for s in squares[a : a + b])
        bm = sum(B.SQUARE[s] for s in squares[a + b : a + b + c])
        bk = sum(B.SQUARE[s] for s in squares[a + b + c :])
        occ = wm | wk | bm | bk
        if wm & B.PROMO_W or bm & B.PROMO_B:
            continue
        if B.has_capture(wm, wk, bm | bk, occ) or B.has_capture(bm, bk, wm | wk, occ):
            continue
        out.append(R.State(wm, wk, bm, bk, "w"))
    return out


def bench_verify(count=20_000, seed=9):
    """Sampled positions of the largest tables present against the negamax over the rules' own
    legal moves (the property tests/test_draughts_egdb.py holds the shipped tables to)."""
    data, off = E.tables()
    top = int(off[E.TOP])
    rng = random.Random(seed)
    codes = E.materials(top)
    checked = bad = 0
    t = time.perf_counter()
    while checked < count:
        code = rng.choice(codes)
        wm, wk, bm, bk, ok = E.decode(rng.randrange(int(E.size_of(code))), code)
        if not ok:
            continue
        white = rng.random() < 0.5
        checked += 1
        if E.value(wm, wk, bm, bk, white) != E.value_by_moves(wm, wk, bm, bk, white):
            bad += 1
            print(f"  differs: {R.to_text(R.State(wm, wk, bm, bk, 'w' if white else 'b'))}")
    print(
        f"verify: {checked:,} random {top}-piece positions over {len(codes)} materials, {bad} differ from the "
        f"best of their moves; {time.perf_counter() - t:.0f} s"
    )


def budget_text(seconds):
    return f"{int(-seconds)} nodes" if seconds < 0 else f"{seconds} s"


class Player:
    def __init__(self, pieces):
        self.pieces = pieces  # the most pieces it probes the tables for (0: none)
        self.tables = A.new_tables()
        self.most = 0.0

    def move(self, state, seconds):
        """seconds < 0: a budget of -seconds nodes instead (fresh tables, the same on any machine:
        with and without the tables play the same moves until the tables change one)."""
        F.EGDB_PIECES = self.pieces
        A.use_tables(self.tables)
        t = time.perf_counter()
        if seconds < 0:
            mv = A.run(state, "hard", nodes=int(-seconds))[0]
        else:
            mv = A.run(state, "hard", time_limit=seconds)[0]
        self.most = max(self.most, time.perf_counter() - t)
        return A._to_move(state, mv)


def full_games(count):
    """The paired 4-ply openings of bench_draughts.py (the same seed as its matches)."""
    from bench_draughts import openings

    out = []
    for line in openings(count):
        state = R.new_game()
        for m in line:
            state = state.play(m)
        out.append(state)
    return out


def tables_text(pieces):
    return "without tables" if pieces == 0 else f"with 2-{pieces} piece tables"


def bench_match(games, seconds, max_plies=200, starts=None, a_pieces=E.MAX_PIECES, b_pieces=0):
    """hard probing tables of up to `a_pieces` pieces (A) against hard probing up to `b_pieces` (B)."""
    A.warm()
    E.tables()
    positions = endings((games + 1) // 2) if starts is None else starts((games + 1) // 2)
    points = 0.0
    played = 0
    tally = {"win": 0, "draw": 0, "loss": 0}
    with_db, without = Player(a_pieces), Player(b_pieces)
    t0 = time.perf_counter()
    for i, start in enumerate(positions):
        for db_white in (True, False):
            state = start
            white, black = (with_db, without) if db_white else (without, with_db)
            for _ply in range(max_plies):
                if state.result() is not None:
                    break
                state = state.play((white if state.to_move == "w" else black).move(state, seconds))
            r = state.result()
            mine = "w" if db_white else "b"
            p = 0.5 if r is None or r.winner is None else (1.0 if r.winner == mine else 0.0)
            tally["win" if p == 1 else "draw" if p == 0.5 else "loss"] += 1
            points += p
            played += 1
            print(
                f"  start {i + 1} ({R.to_text(start)}) A {'white' if db_white else 'black'}: "
                f"{r.winner if r else None} ({r.reason if r else 'cut'}) -> {p}",
                flush=True,
            )
    print(
        f"hard {tables_text(a_pieces)} (A) v hard {tables_text(b_pieces)}, {played} games at {budget_text(seconds)} a move: {points}/{played} "
        f"= {100 * points / played:.1f}% (+{tally['win']} ={tally['draw']} -{tally['loss']}); "
        f"longest move A {with_db.most:.3f} s, B {without.most:.3f} s; {time.perf_counter() - t0:.0f} s"
    )
    F.EGDB_PIECES = E.MAX_PIECES


CONVERT = ("WWwvB", "Wwwvb", "WwvBb", "WWvbb", "wwvb", "Wwvb")


def won_positions(count, seed=7):
    """Won 4- and 3-piece positions, white to move, among the farthest from a conversion (the
    hardest to convert), spread over the materials of CONVERT."""
    rng = random.Random(seed)
    data, off = E.tables()
    out = []
    for i in range(count):
        name = CONVERT[i % len(CONVERT)]
        code = next(c for p in (3, 4) for c in E.materials(p) if G.name(c) == name)
        val, dist = G.values(code, data, off)
        n = len(val) // 2
        far = np.flatnonzero((val[n:] == E.WIN) & (dist[n:] >= max(2, int(dist[n:][val[n:] == E.WIN].max()) // 2)))
        wm, wk, bm, bk, _ = E.decode(int(far[rng.randrange(len(far))]), code)
        out.append(R.State(wm, wk, bm, bk, "w"))
    return out


def bench_convert(count, seconds, max_plies=120):
    """Won positions: does hard (white) win them, under the rules' counts, with and without the
    tables? The defender is hard with the tables (it knows which moves lose at once)."""
    A.warm()
    positions = won_positions(count)
    defender = Player(E.MAX_PIECES)
    for label, attacker in (("with tables", Player(E.MAX_PIECES)), ("without", Player(0))):
        won, reasons = 0, {}
        t0 = time.perf_counter()
        for start in positions:
            state = start
            for _ply in range(max_plies):
                if state.result() is not None:
                    break
                state = state.play((attacker if state.to_move == "w" else defender).move(state, seconds))
            r = state.result()
            won += r is not None and r.winner == "w"
            key = "cut" if r is None else ("won" if r.winner == "w" else r.reason)
            reasons[key] = reasons.get(key, 0) + 1
        print(
            f"  hard {label}: won {won} of {len(positions)} won positions at {budget_text(seconds)} a move "
            f"({', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))}); {time.perf_counter() - t0:.0f} s",
            flush=True,
        )
    F.EGDB_PIECES = E.MAX_PIECES


def bench_kings3(count, seconds, seed=3):
    """3 kings v 1 king, the three to move: hard (white) from random won positions and random
    drawn ones (the lone king defended by hard too), with the plies each game took."""
    A.warm()
    data, off = E.tables()
    code = next(c for c in E.materials(4) if G.name(c) == "WWWvB")
    val, _ = G.values(code, data, off)
    n = len(val) // 2
    rng = random.Random(seed)
    player, defender = Player(E.MAX_PIECES), Player(E.MAX_PIECES)
    for label, want in (("won", E.WIN), ("drawn", 0)):
        entries = np.flatnonzero(val[n:] == want)
        plies, results = [], {}
        for _ in range(count):
            wm, wk, bm, bk, _ok = E.decode(int(entries[rng.randrange(len(entries))]), code)
            state = R.State(wm, wk, bm, bk, "w")
            played = 0
            while state.result() is None and played < 80:
                state = state.play((player if state.to_move == "w" else defender).move(state, seconds))
                played += 1
            r = state.result()
            key = "cut" if r is None else ("won" if r.winner == "w" else r.reason)
            results[key] = results.get(key, 0) + 1
            plies.append(played)
        print(
            f"  3 kings v 1, {label} by the tables ({count} random, the three to move, {budget_text(seconds)} a move): "
            f"{', '.join(f'{k} {v}' for k, v in sorted(results.items()))}; plies mean {sum(plies) / len(plies):.1f}, "
            f"most {max(plies)}",
            flush=True,
        )


def bench_search(seconds=1.0, count=6, seed=11):
    """Depth and nodes a second of hard in random 5-6 piece endings, with and without probes."""
    A.warm()
    E.tables()
    rng = random.Random(seed)
    starts = [s for s in endings(40, seed) if (s.wm | s.wk | s.bm | s.bk).bit_count() <= 6]
    rng.shuffle(starts)
    for use in (True, False):
        F.EGDB_PIECES = E.MAX_PIECES if use else 0
        depth = nodes = spent = 0.0
        for state in starts[:count]:
            A.use_tables(A.new_tables())
            t = time.perf_counter()
            _mv, _score, d, nd, _ = A.run(state, "hard", time_limit=seconds)
            spent += time.perf_counter() - t
            depth += d
            nodes += nd
        print(
            f"  {'with' if use else 'without'} tables: {count} endings of 5-6 pieces at {seconds} s: "
            f"depth {depth / count:.1f} on average, {nodes / spent / 1e6:.2f} M nodes/s"
        )
    F.EGDB_PIECES = E.MAX_PIECES


def table_view(games, engine, top):
    """Tallies of PDN games (draughts_pdn.Game) as the tables up to `top` pieces see them, for
    `engine`'s side (a part of its player name): {(value on entering the tables, game's score):
    games}, {game's score: games never in them}, {(whose move, value before, after): moves that
    changed the value}. Positions with a capture pending are passed over (the search never
    probes them)."""
    from bench_draughts import engine_points

    worth = {E.WIN: 1.0, E.DRAW: 0.5, E.LOSS: 0.0}
    entered: dict = {}
    never: dict = {}
    mistakes: dict = {}
    for game in games:
        result, mine_white = engine_points(game, engine)
        if result is None:
            continue
        last = None  # (value for engine's side, white to move)
        for s in game.states:
            occ = s.wm | s.wk | s.bm | s.bk
            white = s.to_move == "w"
            men, kings, enemy = (s.wm, s.wk, s.bm | s.bk) if white else (s.bm, s.bk, s.wm | s.wk)
            if occ.bit_count() > top or B.gen_captures(men, kings, enemy, occ):
                continue
            v = E.value(s.wm, s.wk, s.bm, s.bk, white)
            if v == E.UNUSED:
                continue
            mine = worth[v] if white == mine_white else 1 - worth[v]
            if last is None:
                entered[(mine, result)] = entered.get((mine, result), 0) + 1
            elif mine != last[0]:
                key = (engine if last[1] == mine_white else "the other", last[0], mine)
                mistakes[key] = mistakes.get(key, 0) + 1
            last = (mine, white)
        if last is None:
            never[result] = never.get(result, 0) + 1
    return entered, never, mistakes


def bench_pdn(files, engine="qipan"):
    """The games of bench_draughts.py matches (--pdn) as the largest tables present see them:
    whether larger tables could have changed a result inside their own endings."""
    top = int(E.tables()[1][E.TOP])
    games = []
    for name in files:
        with open(name, encoding="utf-8") as f:
            games += read_pdn(f.read()).games
    entered, never, mistakes = table_view(games, engine, top)
    print(f"pdn: {len(games)} games from {len(files)} file(s), tables up to {top} pieces, {engine}'s side")
    for (mine, result), n in sorted(entered.items()):
        print(f"  entered the tables at {mine:.1f} for {engine}, game scored {result:.1f}: {n}")
    for result, n in sorted(never.items()):
        print(f"  never in the tables, game scored {result:.1f}: {n}")
    for (who, before, after), n in sorted(mistakes.items()):
        print(f"  a move by {who} changed {engine}'s value from {before:.1f} to {after:.1f}: {n}")
    if not mistakes:
        print("  no move inside the tables changed a value")


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("parts", nargs="*", default=["sizes", "generate", "lookups", "convert", "match"])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--time", type=float, default=0.2)
    parser.add_argument("--nodes", type=int, default=None, help="a node budget a move instead of --time")
    parser.add_argument(
        "--with", dest="mine", type=int, default=E.MAX_PIECES, help="match/games: A's tables, up to N pieces"
    )
    parser.add_argument("--against", type=int, default=0, help="match/games: B's tables, up to N pieces (0: none)")
    parser.add_argument("--pdn", nargs="+", default=[], help="pdn: bench_draughts.py match files")
    parser.add_argument("--engine", default="qipan", help="pdn: whose side (a part of its player name)")
    args = parser.parse_args(argv)
    if args.nodes:
        args.time = -args.nodes
    print(f"{platform.node()} {platform.machine()} {os.cpu_count()} cores; load {os.getloadavg()}")
    for part in args.parts:
        if part == "match":
            bench_match(args.games, args.time, a_pieces=args.mine, b_pieces=args.against)
        elif part == "games":
            bench_match(args.games, args.time, 300, full_games, args.mine, args.against)
        elif part == "kings3":
            bench_kings3(args.games, args.time)
        elif part == "pdn":
            bench_pdn(args.pdn, args.engine)
        elif part == "convert":
            bench_convert(args.games, args.time)
        else:
            globals()[f"bench_{part}"]()
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
