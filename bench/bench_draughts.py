"""International draughts benchmarks: perft speed, search speed and depth, the level ladder, and a
match of the hard level against py-draughts' TurboEngine. Prints figures; never fails on time.

    python bench/bench_draughts.py                 # everything (about 15 minutes on 2 cores)
    python bench/bench_draughts.py perft search    # only some parts: perft search ladder turbo
    python bench/bench_draughts.py turbo --games 100 --time 0.5 --jobs 1   # one game at a time
    python bench/bench_draughts.py turbo --games 100 --time 0.5 --jobs 2   # the other core busy
    python bench/bench_draughts.py dame --games 40 --time 0.5              # against dame-rs
    python bench/bench_draughts.py dame --games 40 --pdn dame.pdn          # keep the games to study
    python bench/bench_draughts.py dame --games 40 --their-time 0.05       # dame-rs at a tenth of the time
    python bench/bench_draughts.py dame --games 100 --time 0.5 --their-time 2 --adjudicate  # table draws end games
    python bench/bench_draughts.py base --base-rev 727f250 --games 40 --time 0.3   # A/B: this hard vs that commit's
    python bench/bench_draughts.py base --base-rev 727f250 --games 400 --nodes 20000  # the same on a node budget
    python bench/bench_draughts.py dame --games 100 --openings-file bench/draughts_level_openings.txt  # level ones

Every game starts from one of the paired 4-ply openings and is played twice, colours swapped.
A random opening can leave a man for the taking, and such a pair scores about 50% whatever the
engines' strength; --openings-file plays level ones instead (bench_draughts_openings.py).
Each result comes with its 95% interval (normal approximation over the games) and the longest
time any one move took (not only the mean), together with the load average before and after.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import platform
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai.contract import Limits  # noqa: E402
from game.ai.draughts import player as P  # noqa: E402
from game.ai.draughts import search as A  # noqa: E402
from game.rules import draughts as R  # noqa: E402


def bench_perft(depth=7):
    start = R.new_game()
    print(f"perft from the start, depth {depth} (1049442 leaves at depth 7)")
    t = time.perf_counter()
    n = R.perft(start, depth, hashed=False)
    ours = time.perf_counter() - t
    print(f"  qipan perft (no hash):      {n:>9} leaves  {ours:6.2f} s  {n / ours / 1e6:5.2f} M leaves/s")
    t = time.perf_counter()
    n = R.perft(start, depth, hashed=True)
    hashed = time.perf_counter() - t
    print(f"  qipan perft (hashed):       {n:>9} leaves  {hashed:6.2f} s  {n / hashed / 1e6:5.2f} M leaves/s")
    try:
        from draughts import Board
        from draughts.engines.turbo import perft_from_board
    except ImportError:
        print("  py-draughts not installed")
        return
    t = time.perf_counter()
    n = perft_from_board(Board(), depth)
    theirs = time.perf_counter() - t
    print(f"  py-draughts turbo perft:    {n:>9} leaves  {theirs:6.2f} s  {n / theirs / 1e6:5.2f} M leaves/s")
    print(f"  ratio (turbo time / ours, no hash): {theirs / ours:.2f}x")
    t = time.perf_counter()
    n8 = R.perft(start, 8, hashed=True)
    print(f"  depth 8 (hashed): {n8} leaves in {time.perf_counter() - t:.2f} s (expected 6483961)")


def bench_search(seconds=1.0):
    print(f"search from the start, {seconds} s")
    reached = []

    def info(depth, score, nodes, move):
        reached.append((depth, score, nodes, time.perf_counter() - t0))

    A.warm()
    searches = [("qipan hard, compiled", lambda b: A.make_search(b, (), "full"))] if A.F.available() else []
    searches.append(("qipan hard, plain Python", lambda b: A.Search(b, (), None)))
    for name, make in searches:
        reached.clear()
        t0 = time.perf_counter()
        budget = A.Budget(time_limit=seconds)
        make(budget).root(R.new_game(), 64, info, t0)
        total = time.perf_counter() - t0
        depth, score, nodes, at = reached[-1]
        print(
            f"  {name}: depth {depth} (done at {at:.2f} s), {budget.nodes} nodes, {budget.nodes / total:,.0f} nodes/s"
        )
    try:
        from draughts import Board
        from draughts.engines.turbo import TurboEngine
    except ImportError:
        return
    e = TurboEngine(depth_limit=None, time_limit=seconds)
    t0 = time.perf_counter()
    e.get_best_move(Board())
    total = time.perf_counter() - t0
    print(f"  py-draughts turbo: depth {e.completed_depth}, {e.nodes} nodes, {e.nodes / total:,.0f} nodes/s")


# ---- games -------------------------------------------------------------------------------------------
def openings(count, plies=4, seed=2024):
    """`count` distinct opening lines of `plies` random moves from the start (with 0 plies every
    game starts from the start position: what the opening book is measured from)."""
    if plies == 0:
        return [[] for _ in range(count)]
    rng = random.Random(seed)
    seen, out = set(), []
    while len(out) < count:
        s = R.new_game()
        line = []
        for _ in range(plies):
            m = rng.choice(s.legal_moves())
            line.append(str(m))
            s = s.play(m)
        if tuple(line) not in seen and s.result() is None:
            seen.add(tuple(line))
            out.append(line)
    return out


def read_openings(path, count):
    """The first `count` opening lines of a file written by bench_draughts_openings.py
    --write-level (one line of move texts each; '#' starts a comment)."""
    with open(path, encoding="utf-8") as f:
        lines = [line.split("#")[0].split() for line in f]
    lines = [line for line in lines if line]
    if len(lines) < count:
        raise SystemExit(f"{path} holds {len(lines)} openings; {count} are needed")
    return lines[:count]


class Qipan:
    mod = A  # the engine's search module (Base: an earlier commit's)
    engine = P.ENGINE  # its engine (game.ai.contract); None: an old commit's mod.choose_move plays

    def __init__(self, level, time_limit=None, nodes=None, ponders=False, threads=None):
        self.level, self.time_limit, self.nodes, self.ponders = level, time_limit, nodes, ponders
        self.threads = threads  # lazy SMP threads of a timed search (None: smp.threads()'s own choice)
        self.name = f"qipan-{level}"
        self.tables = self.mod.new_tables()  # what this player's searches keep from move to move
        # the engine's warm, as the game's worker calls it before any clock: the search compiled,
        # this player's tables made, the opening book read (30 ms on a first move's clock)
        warm = getattr(self.engine, "warm", None) or getattr(self.mod, "warm", None)
        if warm is not None:
            previous = self.mod.use_tables(self.tables)
            try:
                warm()
            finally:
                self.mod.use_tables(previous)

    def move(self, state, board, seed, played):
        self.mod.use_tables(self.tables)
        smp = getattr(self.mod, "smp", None)  # an earlier commit's engine may have none
        if smp is not None:
            smp.THREADS = self.threads
        if self.engine is None:
            return self.mod.choose_move(state, self.level, self.time_limit, seed, self.nodes)
        return self.engine.search(state, Limits(self.level, self.time_limit, self.nodes, seed=seed)).move

    def close(self):
        """Free this player's tables now, outside any move's clock (the module keeps a reference
        to the last tables used, and freeing two million entries takes a good part of a second)."""
        previous = self.mod.use_tables(self.mod.new_tables())
        if previous is not self.tables:  # another player's: keep it in place
            self.mod.use_tables(previous)
        self.tables = None

    def ponder(self, state, seconds):
        """Think on the opponent's time, as the game's worker does: the bench runs it after the
        opponent's move for as long as that move took, as if on a free core."""
        self.mod.use_tables(self.tables)
        self.mod.ponder(state, lambda: False, seconds)


class Base(Qipan):
    """Hard as it was at an earlier commit (an A/B of a change against the code before it): the
    engine's modules and weights from that commit, extracted by base_checkout() into `folder`
    and imported there under other names, so that both versions play in one process."""

    def __init__(self, folder, time_limit=None, nodes=None):
        import importlib

        if folder not in sys.path:
            sys.path.insert(0, folder)
        # the base plays its own default evaluation: QIPAN_DRAUGHTS_EVAL (read as its eval loads)
        # chooses only A's (docs/LEARNED_EVAL.md)
        chosen = os.environ.pop("QIPAN_DRAUGHTS_EVAL", None)
        try:
            self.mod = importlib.import_module("base_draughts_ai")
        finally:
            if chosen is not None:
                os.environ["QIPAN_DRAUGHTS_EVAL"] = chosen
        self.engine = getattr(self.mod, "ENGINE", None)  # a commit with the engine contract
        super().__init__("hard", time_limit, nodes)
        self.name = "base"


def base_checkout(rev: str) -> str:
    """A folder with the draughts engine of commit `rev` as base_draughts_ai / base_draughts_eval
    (and its weights), for Base."""
    import atexit
    import shutil
    import subprocess
    import tempfile

    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    folder = tempfile.mkdtemp(prefix="qipan-base-")
    atexit.register(shutil.rmtree, folder, True)

    def show(path):
        done = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=root, capture_output=True)
        if done.returncode:
            raise SystemExit(f"--base-rev {rev}: {done.stderr.decode(errors='replace').strip()}")
        return done.stdout

    listing = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", f"{rev}:game/ai/draughts"], cwd=root, capture_output=True
    )
    if listing.returncode == 0:  # the engine as a package (game/ai/draughts/): copied whole as base_draughts
        package = os.path.join(folder, "base_draughts")
        os.makedirs(package)
        for name in listing.stdout.decode().split():  # with its sub-packages (egdb/)
            data = show(f"game/ai/draughts/{name}")
            if name.endswith(".py"):
                data = data.replace(b"from game.ai.draughts import", b"from base_draughts import")
                data = data.replace(b"from game.ai.draughts.", b"from base_draughts.")
            os.makedirs(os.path.dirname(os.path.join(package, name)), exist_ok=True)
            with open(os.path.join(package, name), "wb") as f:
                f.write(data)
        with open(os.path.join(folder, "base_draughts_ai.py"), "wb") as f:
            f.write(b"from base_draughts.search import *  # noqa\n")
            if "player.py" in listing.stdout.decode().split():
                f.write(b"from base_draughts.player import ENGINE  # noqa\n")
        return folder
    # before the engine was a package: game/ai/draughts_*.py side by side, copied as base_draughts_*
    renames = (
        (b"from game.ai import draughts_fast as F", b"import base_draughts_fast as F"),
        (b"from game.ai import draughts_eval as E", b"import base_draughts_eval as E"),
        (b"from game.ai.draughts_", b"from base_draughts_"),
        (b"from game.ai.common import", b"from base_draughts_common import"),
    )
    for name in ("ai", "eval", "fast", "fast_board", "common"):
        try:
            data = show("game/ai/common.py" if name == "common" else f"game/ai/draughts_{name}.py")
        except SystemExit:
            if name in ("ai", "eval"):
                raise
            continue  # before the compiled search existed
        for old, new in renames:
            data = data.replace(old, new)
        with open(os.path.join(folder, f"base_draughts_{name}.py"), "wb") as f:
            f.write(data)
    with open(os.path.join(folder, "draughts_weights.bin"), "wb") as f:
        f.write(show("game/ai/draughts_weights.bin"))
    return folder


def ours(state, key, what):
    """Our move for another engine's (start square, end square, sorted captured squares)."""
    for m in state.legal_moves():
        if (m.start, m.end, m.captures) == key:
            return m
    raise RuntimeError(f"{what} not legal here")


class Turbo:
    name = "turbo"

    def __init__(self, time_limit):
        from draughts.engines.turbo import TurboEngine

        self.engine = TurboEngine(depth_limit=None, time_limit=time_limit)

    def move(self, state, board, seed, played):
        mv = self.engine.get_best_move(board)
        key = (mv.square_list[0] + 1, mv.square_list[-1] + 1, tuple(sorted(c + 1 for c in mv.captured_list)))
        return ours(state, key, f"turbo move {mv}")


class Beginner:
    """A stand-in for a beginner: knows the rules and does not leave a piece to be taken for
    nothing at once (the first thing a new player learns), and otherwise plays at random.
    Easy should lose games to it: that is how the ladder shows easy is beatable by a beginner."""

    name = "beginner"

    def __init__(self):
        pass

    def move(self, state, board, seed, played):
        import random as _random

        rng = _random.Random(seed)
        moves = state.legal_moves()
        safe = []
        for m in moves:
            after = state.play(m)
            replies = after.legal_moves()
            lost = max((len(r.captures) for r in replies), default=0)
            if lost <= len(m.captures):
                safe.append(m)
        return rng.choice(safe or moves)


class Counter(Beginner):
    """A beginner who already looks one exchange ahead: easy's own 2-ply search, without its
    mistakes. Easy losing to it shows how its mistakes leave a careful beginner chances."""

    name = "counter"

    def move(self, state, board, seed, played):
        if len(state.legal_moves()) == 1:
            return state.legal_moves()[0]
        mv, _score, _depth, _nodes = A.analyse(state, "easy", nodes=10**7)
        return A._to_move(state, mv)


class Dame:
    """dame-rs' engine (Rust) with the same time per move; it keeps its hash table between moves."""

    name = "dame"

    def __init__(self, time_limit):
        import dame

        self.time_limit = time_limit
        self.engine = dame.Engine()
        self.board = dame.Board()
        self.played = 0

    def move(self, state, board, seed, played):
        for m in played[self.played :]:
            self.board.push(self.board.parse_move(m.hub()))
        self.played = len(played)
        found = self.engine.search(self.board, time=self.time_limit).best_move
        key = (found.from_square, found.to_square, tuple(sorted(found.captured)))
        return ours(state, key, f"dame move {found}")


def time_limit(spec):
    """Seconds per move of a player spec (None: a node budget or no clock)."""
    if spec[0] in ("qipan", "base"):
        return spec[2]
    return spec[1] if len(spec) > 1 else None


def make_player(spec):
    kind, *args = spec
    if kind == "turbo":
        return Turbo(*args)
    if kind == "dame":
        return Dame(*args)
    if kind == "beginner":
        return Beginner()
    if kind == "counter":
        return Counter()
    if kind == "base":
        return Base(*args)
    return Qipan(*args)


def play_game(job):
    """job: (spec_white, spec_black, opening line, seed, max plies, adjudicate) -> (result, plies,
    reason, {side: [seconds, moves, longest move, moves over the time limit, CPU seconds of the
    longest, seconds and moves with a choice (more than one legal move)]}, the moves from the
    start). adjudicate: a position the endgame tables call a draw ends the game as drawn."""
    spec_w, spec_b, line, seed, max_plies, adjudicate = job
    players = {"w": make_player(spec_w), "b": make_player(spec_b)}
    need_board = spec_w[0] == "turbo" or spec_b[0] == "turbo"
    board = None
    if need_board:
        from draughts import Board

        board = Board()
    s = R.new_game()
    played = []

    def push(move):
        nonlocal s
        if board is not None:
            key = (move.start, move.end, move.captures)
            for x in board.legal_moves:
                if (x.square_list[0] + 1, x.square_list[-1] + 1, tuple(sorted(c + 1 for c in x.captured_list))) == key:
                    board.push(x)
                    break
        s = s.play(move)
        played.append(move)

    for text in line:
        push(R.find_move(s, text))
    plies = 0
    # seconds, moves, longest, over the limit, the CPU time of the longest move (its own process),
    # and the seconds and moves of the positions with a choice: a forced capture is answered at
    # once, so the mean over all moves says little of how much of its time an engine thinks
    spent = {side: [0.0, 0, 0.0, 0, 0.0, 0.0, 0] for side in "wb"}
    limit = {"w": time_limit(spec_w), "b": time_limit(spec_b)}
    waiting = None  # (player, position) that thinks on the time of the move being played
    while s.result() is None and plies < max_plies:
        side = s.to_move
        # Both engines keep big search tables in this one process: freezing them out of the
        # cyclic collector keeps one engine's garbage collection out of the other's clock.
        gc.freeze()
        t, cpu = time.perf_counter(), time.process_time()
        move = players[side].move(s, board, seed + plies, played)
        took = time.perf_counter() - t
        if took > spent[side][2]:
            spent[side][4] = time.process_time() - cpu
        spent[side][0] += took
        spent[side][1] += 1
        spent[side][2] = max(spent[side][2], took)
        spent[side][3] += limit[side] is not None and took > limit[side]
        if len(s.legal_moves()) > 1:
            spent[side][5] += took
            spent[side][6] += 1
        push(move)
        plies += 1
        if adjudicate and s.result() is None and table_draw(s):
            break
        if waiting is not None and took > 0.01:
            waiting[0].ponder(waiting[1], took)
        waiting = (players[side], s) if getattr(players[side], "ponders", False) and s.result() is None else None

    for player in players.values():
        if hasattr(player, "close"):
            player.close()
    r = s.result()
    texts = [str(m) for m in played]
    if r is None:
        return 0.5, plies, "tables: draw" if plies < max_plies else "adjudicated", spent, texts
    return (1.0 if r.winner == "w" else 0.0 if r.winner == "b" else 0.5), plies, r.reason, spent, texts


def table_draw(s) -> bool:
    """The endgame tables call the position a draw. Only draws are adjudicated: the tables know
    no counting rule, and the FMJD clocks (16 and 5 moves) can only turn a table win into a draw,
    never a table draw into a win, so a draw is one under the rules too; a table win is played
    out."""
    from game.ai.draughts import egdb

    occ = s.wm | s.wk | s.bm | s.bk
    if occ.bit_count() > egdb.pieces_covered():
        return False
    return egdb.value(s.wm, s.wk, s.bm, s.bk, s.to_move == "w") == egdb.DRAW


def spec_name(spec) -> str:
    return " ".join(str(x) for x in spec if x not in (None, False))


POINTS = {"2-0": 1.0, "1-1": 0.5, "0-2": 0.0}  # White's points by PDN result


def engine_points(game, engine):
    """(points of `engine` in a PDN game of a match (draughts_pdn.Game), whether it had White);
    `engine` is a part of its White / Black tag. The points are None for an unknown result."""
    white = engine in game.headers.get("White", "")
    pts = POINTS.get(game.result)
    return (pts if pts is None or white else 1.0 - pts), white


def pdn_game(n, game) -> str:
    """Game `n` of a match as PDN text, to study (python -m game.cli review FILE marks the
    mistakes): game = (spec white, spec black, moves, result 1 / 0.5 / 0, why it ended)."""
    from game.rules import draughts_pdn

    sw, sb, texts, res, why = game
    state, moves = R.new_game(), []
    for text in texts:
        moves.append(R.find_move(state, text))
        state = state.play(moves[-1])
    tags = {"Event": f"bench_draughts ({why})", "Round": n, "White": spec_name(sw), "Black": spec_name(sb)}
    code = next(text for text, pts in POINTS.items() if pts == res)
    return draughts_pdn.write_game(R.new_game(), moves, headers=tags, result=code) + "\n"


def interval(points, games):
    """Score and its 95% interval (normal approximation over the games' points), in percent."""
    mean = sum(points) / games
    var = sum((x - mean) ** 2 for x in points) / max(1, games - 1)
    half = 1.96 * math.sqrt(var / games)
    return 100 * mean, 100 * max(0.0, mean - half), 100 * min(1.0, mean + half)


def match(
    spec_a,
    spec_b,
    games,
    jobs,
    max_plies=300,
    seed=1,
    openings_seed=2024,
    progress=False,
    pdn=None,
    adjudicate=False,
    openings_file=None,
    openings_plies=4,
    skip=0,
):
    """A against B over `games` games (pairs from the same opening, colours swapped): a dict with
    A's points per game, wins / draws / losses, how games ended, plies, and each side's clock;
    `pdn`: a file the games are added to as each ends (a match stopped early keeps the games it
    finished); `openings_file`: the openings from that file instead of
    random ones; `skip`: start at that opening (the games a longer match would play after the
    first `skip` pairs, with the same openings and seeds)."""
    count = skip + (games + 1) // 2
    lines = read_openings(openings_file, count) if openings_file else openings(count, openings_plies, openings_seed)
    work = []
    for i, line in enumerate(lines[skip:], skip):
        work.append((spec_a, spec_b, line, seed + 1000 * i, max_plies, adjudicate))
        work.append((spec_b, spec_a, line, seed + 1000 * i + 500, max_plies, adjudicate))
    work = work[:games]
    out = {"points": [], "ends": {}, "plies": [], "clock": {who: [0.0, 0, 0.0, 0, 0.0, 0.0, 0] for who in "ab"}}
    played = []
    # each game is added to the PDN as it ends, so a match stopped early keeps the games it finished
    with ProcessPoolExecutor(max_workers=jobs) as pool, open(pdn or os.devnull, "w", encoding="utf-8") as kept:
        for n, ((sa, sb, *_), (res, plies, reason, spent, texts)) in enumerate(zip(work, pool.map(play_game, work)), 1):
            played.append((sa, sb, texts, res, str(reason).replace("EndReason.", "").lower()))
            a_white = sa == spec_a
            for side, who in (("w", "a" if a_white else "b"), ("b", "b" if a_white else "a")):
                c = out["clock"][who]
                c[0] += spent[side][0]
                c[1] += spent[side][1]
                if spent[side][2] > c[2]:
                    c[2], c[4] = spent[side][2], spent[side][4]
                c[3] += spent[side][3]
                c[5] += spent[side][5]
                c[6] += spent[side][6]
            mine = res if a_white else 1 - res
            out["points"].append(mine)
            out["plies"].append(plies)
            why = str(reason).replace("EndReason.", "").lower()
            end = why if mine == 0.5 else f"{'A' if mine == 1 else 'B'} won: {why}"
            out["ends"][end] = out["ends"].get(end, 0) + 1
            if progress:
                pts = out["points"]
                print(
                    f"    game {n}: {mine} in {plies} plies ({reason}); A {100 * sum(pts) / n:.1f}% so far", flush=True
                )
            if pdn:
                kept.write(pdn_game(n, played[-1]))
                kept.flush()
    return out


def report(label, out):
    pts = out["points"]
    n = len(pts)
    score, lo, hi = interval(pts, n)
    w, d, l = pts.count(1.0), pts.count(0.5), pts.count(0.0)
    clock = "; ".join(
        f"{who} {t / max(1, k):.3f} s/move over {k} moves ({ct / max(1, ck):.3f} s over the {ck} with a choice), "
        f"longest {mx:.3f} s (CPU {cpu:.3f} s), {over} over the limit"
        for who, (t, k, mx, over, cpu, ct, ck) in zip("AB", out["clock"].values())
    )
    ends = ", ".join(f"{k} {v}" for k, v in sorted(out["ends"].items()))
    print(f"  {label}: {score:5.1f}% (95% interval {lo:.1f}-{hi:.1f}) over {n} games (+{w} ={d} -{l})")
    print(f"    {clock}; mean {sum(out['plies']) / n:.0f} plies; ends: {ends}")


def load_text():
    try:
        return "load average " + " / ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def bench_ladder(games, jobs, nodes):
    print(
        f"level ladder ({games} games per pair; easy 2 plies + mistakes, medium 4 plies, hard {nodes} nodes "
        "per move; 'beginner' plays at random but never leaves a piece to be taken for nothing, 'counter' "
        "is easy's 2-ply search without its mistakes)"
    )
    pairs = [
        (("qipan", "easy", None, nodes), ("beginner",)),
        (("qipan", "easy", None, nodes), ("counter",)),
        (("qipan", "medium", None, nodes), ("qipan", "easy", None, nodes)),
        (("qipan", "hard", None, nodes), ("qipan", "medium", None, nodes)),
    ]
    for a, b in pairs:
        t = time.perf_counter()
        out = match(a, b, games, jobs)
        names = [spec[1] if spec[0] == "qipan" else spec[0] for spec in (a, b)]
        report(f"{names[0]} vs {names[1]} [{time.perf_counter() - t:.0f} s]", out)


def bench_opponent(
    kind,
    games,
    jobs,
    seconds,
    openings_seed=2024,
    progress=False,
    ponder=False,
    pdn=None,
    their_seconds=None,
    base_rev=None,
    adjudicate=False,
    threads=None,
    openings_file=None,
    openings_plies=4,
    nodes=None,
    skip=0,
):
    thinks = ", hard thinking on the opponent's time (as if on a free core)" if ponder else ""
    if threads is not None:
        thinks += f", hard searching with {threads} thread(s)"
    theirs = seconds if their_seconds is None else their_seconds
    each = f"{seconds} s per move each" if theirs == seconds else f"hard {seconds} s, {kind} {theirs} s per move"
    if nodes is not None:  # the base match on a node budget: the same on any machine and load
        if kind != "base":
            raise SystemExit("--nodes: only the base match plays on a node budget")
        seconds = theirs = None
        each = f"{nodes} nodes per move each"
    name = f"hard at {base_rev}" if kind == "base" else kind
    source = (
        f"the first of {openings_file}" if openings_file else f"{openings_plies} random plies, seed {openings_seed}"
    )
    if skip:
        source += f", from opening {skip + 1} on"
    print(
        f"hard (A) vs {name} (B){thinks}, {each}, {games} games from {(games + 1) // 2} openings "
        f"({source}), colours swapped, {jobs} game(s) at a time; {load_text()}"
        + ("; drawn endings of the endgame tables adjudicated" if adjudicate else "")
    )
    t = time.perf_counter()
    opponent = ("base", base_checkout(base_rev), theirs, nodes) if kind == "base" else (kind, theirs)
    out = match(
        ("qipan", "hard", seconds, nodes, ponder, threads),
        opponent,
        games,
        jobs,
        openings_seed=openings_seed,
        progress=progress,
        pdn=pdn,
        adjudicate=adjudicate,
        openings_file=openings_file,
        openings_plies=openings_plies,
        skip=skip,
    )
    report(f"hard [{time.perf_counter() - t:.0f} s; {load_text()} at the end]", out)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument(
        "parts",
        nargs="*",
        default=["perft", "search", "ladder", "turbo"],
        help="perft search ladder turbo dame base",
    )
    p.add_argument("--base-rev", default="HEAD", help="the commit whose hard the 'base' match plays against")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--time", type=float, default=0.5, help="seconds per move in the turbo and dame matches")
    p.add_argument(
        "--their-time", type=float, help="the other engine's seconds per move, if not --time (a time handicap)"
    )
    p.add_argument("--progress", action="store_true", help="print each game as it ends")
    p.add_argument("--ponder", action="store_true", help="hard thinks on the opponent's time (turbo, dame)")
    p.add_argument("--pdn", help="write the games of the turbo / dame match to this PDN file")
    p.add_argument(
        "--adjudicate",
        action="store_true",
        help="end a game as drawn when the endgame tables call it a draw (wins are played out)",
    )
    p.add_argument("--threads", type=int, help="hard's search threads (lazy SMP; default: half the cores, at most 4)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--nodes", type=int, help="the base match on this node budget a move each, instead of --time")
    p.add_argument("--ladder-nodes", type=int, default=60000)
    p.add_argument("--openings-seed", type=int, default=2024, help="another seed draws other openings")
    p.add_argument(
        "--openings-file",
        help="play the first openings of this file (bench/draughts_level_openings.txt: level ones) instead",
    )
    p.add_argument(
        "--openings-plies",
        type=int,
        default=4,
        help="random plies of each opening (0: every game from the start, where the opening book plays)",
    )
    p.add_argument(
        "--skip-openings",
        type=int,
        default=0,
        help="start at this opening: the later games of a longer match (its first games played before)",
    )
    args = p.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    if "perft" in args.parts:
        bench_perft()
    if "search" in args.parts:
        bench_search()
    if "ladder" in args.parts:
        bench_ladder(args.games, args.jobs, args.ladder_nodes)
    kinds = ("turbo", "dame", "base")
    for kind in kinds:
        if kind in args.parts:
            pdn = args.pdn and (args.pdn if sum(k in args.parts for k in kinds) < 2 else f"{kind}-{args.pdn}")
            bench_opponent(
                kind,
                args.games,
                args.jobs,
                args.time,
                args.openings_seed,
                args.progress,
                args.ponder,
                pdn,
                args.their_time,
                args.base_rev,
                args.adjudicate,
                args.threads,
                openings_file=args.openings_file,
                openings_plies=args.openings_plies,
                nodes=args.nodes,
                skip=args.skip_openings,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
