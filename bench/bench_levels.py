"""The ten levels of a game against each other and against a greedy beginner from outside the
level code; one rating scale fitted per game (and variant or board), written as the table the
program ships (game/ai/level_ratings.json). Prints figures; never fails on time.

    python bench/bench_levels.py draughts --games 16 --jobs 2                 # play, fit, print
    python bench/bench_levels.py palace --option palaces=1 --games 16 --jobs 2
    python bench/bench_levels.py banqi --games 16 --jobs 2 --write            # and write the table
    python bench/bench_levels.py banqi --fit-only --write                     # fit the games kept

Games: every pair of levels one and two apart (1-2, 1-3, 2-3, ...), and the greedy beginner
against levels 1 and 2; each pair plays --games games from --games/2 random openings (the
opening's --plies random moves; banqi: its own deal too), each opening twice with the sides
swapped. Levels 1-9 play on their own node budgets (the same on any machine); level 10 plays on
--top-time seconds a move, or on --top-nodes nodes a move (the same under any load), either of
them far less than its default time, to keep the bench affordable: say so. The fit takes level
10's games played on the budget given and every other game, whatever budget its run gave level 10.

The greedy beginner: in international draughts py-draughts' TurboEngine searching one ply
(depth_limit=1); in Russian, Brazilian and English draughts py-draughts' SimpleEngine searching one
ply (its TurboEngine refuses 8x8 boards: "TurboEngine supports only 10x10 international boards");
English checkers is py-draughts' American checkers with its captures made mandatory, as English
rules have them (py-draughts offers them as optional), its squares seen from the other side; in
palace and banqi a player that makes the capture gaining the most material when it can, else a
random legal move (seeded).

Fit: a Bradley-Terry (Elo) model, the logistic regression of each game's score (1, 0.5, 0) on
the difference of the two players' strengths, by statsmodels' GLM (binomial family); the greedy
beginner is the anchor at 1000, so each rating and its 95% interval (from the fit's covariance)
are against it. --prior-draws adds that many drawn games to every pair played (a weak prior that
keeps a pair won 16-0 finite; 0 turns it off). Games are kept one JSON line each in
bench/levels_<game>[_<options>].jsonl, so later runs add to them (--fresh starts again).

Rows: each game records the row each of its levels played ("rows": {level: the fields of its
game.ai.common.LevelRow under the options}, from the engine's level_row). A kept game whose level
played another row than the level's row now is neither counted as played nor fitted: a changed
row plays its games again and never mixes with the old row's. Games kept from before rows were
recorded (no "rows") count as games of the rows of now.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import math
import os
import platform
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game import games  # noqa: E402
from game.ai.contract import Limits  # noqa: E402
from game.ai.levels import LEVEL_NUMBERS, RATINGS_FILE, ladder_values  # noqa: E402

GREEDY = "greedy"
ANCHOR = 1000.0
ELO = 400.0 / math.log(10.0)  # rating points per unit of the logistic model's strength
PLIES = {"draughts": 4, "palace": 2, "banqi": 2}
MAX_PLIES = {"draughts": 300, "palace": 400, "banqi": 600}
#: longer games where the rules let a board's games run longer: four palaces drop 48 soldiers and
#: take up to 60, each resetting the rules' 100-ply no-progress count (a game there ran 170-960
#: plies in bench/RESULTS.md, "The family, round 2"; at 400 plies most of them were cut off, drawn)
BOARD_MAX_PLIES = {("palace", 4): 3000}


def max_plies(game: str, options: dict) -> int:
    """The plies a game may last in the bench before it counts as drawn (the rules end most first)."""
    return BOARD_MAX_PLIES.get((game, options.get("palaces")), MAX_PLIES[game])


#: banqi material for the greedy beginner: what a capture gains (general first)
BANQI_VALUE = {"k": 60, "a": 25, "b": 12, "r": 18, "n": 8, "c": 15, "p": 4}


def opts_text(options: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(options.items()))


def games_file(game: str, options: dict) -> str:
    tail = "_" + opts_text(options).replace("=", "").replace(",", "_") if options else ""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), f"levels_{game}{tail}.jsonl")


# ---- players ----------------------------------------------------------------------------------------
class Greedy:
    """Palace and banqi: the capture that gains the most material, else a random legal move."""

    def __init__(self, game: str):
        self.game = game

    def move(self, state, played, seed):
        rng = random.Random(seed)
        moves = state.legal_moves()
        best, gain = [], 0
        for m in moves:
            g = self.gain(state, m)
            if g > gain:
                best, gain = [m], g
            elif g == gain and g > 0:
                best.append(m)
        return rng.choice(best or moves)

    def gain(self, state, m) -> int:
        if self.game == "palace":
            return len(getattr(m, "captured", ()) or ())
        if m.kind != "capture":
            return 0
        piece = state.board[m.path[1]]
        return BANQI_VALUE.get(piece.lower(), 1)


class PyDraughts:
    """Draughts: a py-draughts engine searching one ply, on its board replayed to the position:
    TurboEngine on the 10x10 board, SimpleEngine on the 8x8 boards (PY_BOARDS)."""

    def __init__(self, variant: str):
        from loguru import logger

        logger.disable("draughts")  # SimpleEngine logs every move it chooses
        if variant == "international":
            from draughts import Board
            from draughts.engines.turbo import TurboEngine

            self.board_cls, self.engine, self.flip = Board, TurboEngine(depth_limit=1), False
        else:
            from draughts.engines.simple import SimpleEngine

            board_cls, self.flip = PY_BOARDS[variant]()
            self.board_cls, self.engine = board_cls, SimpleEngine(depth_limit=1)

    def key(self, x) -> tuple:
        """A py-draughts move as (from, to, the captured squares) in the rules' numbering."""
        sq = (lambda i: 32 - i) if self.flip else (lambda i: i + 1)
        return sq(x.square_list[0]), sq(x.square_list[-1]), tuple(sorted(sq(c) for c in x.captured_list))

    def board(self, played):
        """py-draughts' board after the moves `played` (the rules' moves)."""
        board = self.board_cls()
        for m in played:
            key = (m.start, m.end, tuple(sorted(m.captures)))
            for x in board.legal_moves:
                if self.key(x) == key:
                    board.push(x)
                    break
            else:
                raise RuntimeError(f"py-draughts has no move {m}")
        return board

    def move(self, state, played, seed):
        mv = self.engine.get_best_move(self.board(played))
        for m in state.legal_moves():
            if (m.start, m.end, tuple(sorted(m.captures))) == self.key(mv):
                return m
        raise RuntimeError(f"py-draughts move {mv} not legal here")


def _russian():
    from draughts.boards.russian import Board

    return Board, False


def _brazilian():
    from draughts.boards.brazilian import Board

    return Board, False


def _english():
    """py-draughts' American checkers with its captures mandatory (English rules), seen from the
    other side: its first mover starts on squares 21-32, the rules' Black on 1-12 (square s is 33-s)."""
    from draughts.boards.american import _CORE
    from draughts.boards.american import Board as American

    class English(American):
        @property
        def legal_moves(self):
            return self._legal_moves_from_core(_CORE, max_capture=False, captures_optional=False)

    return English, True


#: the 8x8 variants' py-draughts boards for the greedy beginner: variant -> () -> (the board
#: class, whether its numbering runs from the other side)
PY_BOARDS = {"russian": _russian, "brazilian": _brazilian, "english": _english}


def greedy_name(game: str, options: dict) -> str:
    """Who the greedy beginner is in `game` under `options` (the table's anchor says it)."""
    variant = str(options.get("variant", "international"))
    if game == "draughts" and variant == "international":
        return "py-draughts TurboEngine at depth 1"
    if game == "draughts" and variant == "english":
        return "py-draughts SimpleEngine at depth 1, American checkers with captures mandatory"
    if game == "draughts" and variant in PY_BOARDS:
        return "py-draughts SimpleEngine at depth 1"
    return "best capture, else random"


class Level:
    def __init__(self, game: str, level: int, top_time: float, top_nodes: int | None):
        self.info = games.get(game)
        self.level = level
        self.top = (top_time, top_nodes)

    def move(self, state, played, seed):
        # levels 1-9: their own node budgets; 10: --top-nodes, else --top-time seconds
        time_limit, nodes = self.top if self.level == 10 else (None, None)
        found = self.info.engine.search(self.info.public(state), Limits(self.level, time_limit, nodes, seed=seed))
        return found.move


def make_player(game: str, spec: str, top_time: float, top_nodes: int | None = None, options: dict | None = None):
    if spec == GREEDY:
        if game == "draughts":
            return PyDraughts(str((options or {}).get("variant", "international")))
        return Greedy(game)
    return Level(game, int(spec), top_time, top_nodes)


# ---- one game -----------------------------------------------------------------------------------------
def opening(game: str, options: dict, index: int, seed: int, plies: int):
    """(start state, the moves of the opening) of opening `index`: the same for both games of a pair."""
    info = games.get(game)
    rng = random.Random(f"{seed}:{index}")
    state = info.new_state(options, seed=rng.randrange(1, 2**31) if info.dealt else None)
    line = []
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves or state.result() is not None:
            break
        m = rng.choice(moves)
        line.append(m)
        state = state.play(m)
    return state, line


def play_game(job: dict) -> dict:
    """job: game, options, first, second (specs; first moves first after the opening), index,
    seed, plies, top_time -> the job with "score" (first's: 1, 0.5, 0), "plies", "reason"."""
    game, options = job["game"], job["options"]
    info = games.get(game)
    if (
        game == "draughts"
        and options.get("variant", "international") == "international"
        and "10" in (job["first"], job["second"])
    ):
        info.engine.warm()
    state, line = opening(game, options, job["index"], job["seed"], job["plies"])
    top = (job["top_time"], job.get("top_nodes"))
    players = [make_player(game, job["first"], *top, options), make_player(game, job["second"], *top, options)]
    played = list(line)
    side_of: dict = {}
    turn = 0
    plies = 0
    started = time.perf_counter()
    limit = max_plies(game, options)
    while state.result() is None and plies < limit:
        if state.to_move is not None:
            side_of.setdefault(state.to_move, turn)
        move = players[turn].move(state, played, job["seed"] * 1000 + job["index"] * 7 + plies)
        state = state.play(move)
        played.append(move)
        plies += 1
        turn = 1 - turn
    res = state.result()
    if res is None or res.winner is None:
        score = 0.5
    else:
        if res.winner not in side_of:  # the winner never had the move after the opening
            side_of[res.winner] = 1 - side_of[next(iter(side_of))]
        score = 1.0 if side_of[res.winner] == 0 else 0.0
    return {
        **job,
        "score": score,
        "plies": plies,
        "reason": None if res is None else res.reason,
        "seconds": round(time.perf_counter() - started, 2),
    }


# ---- the rows -------------------------------------------------------------------------------------------
def level_rows(game: str, options: dict) -> dict[str, dict]:
    """{level as text: the fields of the row it plays under `options`} (the game's engine), with
    what else each level's play depends on there (Engine.measured_with: a choice of evaluation,
    a level's own start of a technique)."""
    info = games.get(game)
    full = info.check_options(options)
    rows = {lv: info.engine.level_row(lv, full) for lv in LEVEL_NUMBERS}
    return {
        str(lv): json.loads(json.dumps({**dataclasses.asdict(row), **info.engine.measured_with(full, lv)}))
        for lv, row in rows.items()
        if row is not None
    }


def same_rows(d: dict, rows: dict | None) -> bool:
    """True when kept game `d` was played by the rows `rows` (level_rows' form; None: any rows);
    a game that recorded no rows is taken as one of today's rows."""
    recorded = d.get("rows")
    if rows is None or recorded is None:
        return True
    return all(recorded.get(p) == rows.get(p) for p in (d["first"], d["second"]) if p != GREEDY)


# ---- the schedule ---------------------------------------------------------------------------------------
def pairs(spans=(1, 2)) -> list[tuple[str, str]]:
    out = [(GREEDY, "1"), (GREEDY, "2")]
    for span in spans:
        out += [(str(a), str(a + span)) for a in LEVEL_NUMBERS if a + span <= LEVEL_NUMBERS[-1]]
    return out


def schedule(args, options: dict, done: list) -> list[dict]:
    """The games still to play: for each pair, --games games over --games/2 openings, each opening
    twice with the sides swapped; those already in `done` are left out."""
    rows = level_rows(args.game, options)
    have = {(d["first"], d["second"], d["index"], d["seed"]) for d in done if same_rows(d, rows)}
    jobs = []
    wanted = args.pairs.split(",") if args.pairs else None
    for a, b in pairs():
        if wanted and f"{a}-{b}" not in wanted:
            continue
        for index in range(args.games // 2):
            for first, second in ((a, b), (b, a)):
                if (first, second, index, args.seed) in have:
                    continue
                jobs.append(
                    {
                        "game": args.game,
                        "options": options,
                        "first": first,
                        "second": second,
                        "index": index,
                        "seed": args.seed,
                        "plies": args.plies,
                        "top_time": args.top_time,
                        "top_nodes": args.top_nodes,
                        "rows": {p: rows[p] for p in (first, second) if p in rows},
                    }
                )
    # cheap pairs first: the low levels' results come in while the top ones are still playing
    jobs.sort(key=lambda j: max(0 if s == GREEDY else int(s) for s in (j["first"], j["second"])))
    return jobs


# ---- the fit ----------------------------------------------------------------------------------------------
def fit(results: list[dict], prior_draws: float = 1.0):
    """{player: (rating, low, high, games)} of a Bradley-Terry fit (statsmodels GLM, binomial), the
    greedy beginner at ANCHOR; 95% intervals from the fit's covariance."""
    import numpy as np
    import statsmodels.api as sm

    players = sorted({r["first"] for r in results} | {r["second"] for r in results}, key=_order)
    free = [p for p in players if p != GREEDY]
    col = {p: i for i, p in enumerate(free)}
    rows, ys, weights = [], [], []
    counted: dict = {}
    for r in results:
        x = np.zeros(len(free))
        if r["first"] in col:
            x[col[r["first"]]] += 1.0
        if r["second"] in col:
            x[col[r["second"]]] -= 1.0
        rows.append(x)
        ys.append(r["score"])
        weights.append(1.0)
        counted[r["first"]] = counted.get(r["first"], 0) + 1
        counted[r["second"]] = counted.get(r["second"], 0) + 1
    if prior_draws > 0:
        for a, b in {tuple(sorted((r["first"], r["second"]), key=_order)) for r in results}:
            x = np.zeros(len(free))
            if a in col:
                x[col[a]] += 1.0
            if b in col:
                x[col[b]] -= 1.0
            rows.append(x)
            ys.append(0.5)
            weights.append(prior_draws)
    model = sm.GLM(np.array(ys), np.array(rows), family=sm.families.Binomial(), var_weights=np.array(weights))
    res = model.fit()
    ci = res.conf_int(0.05)
    out = {GREEDY: (ANCHOR, ANCHOR, ANCHOR, counted.get(GREEDY, 0))}
    for p in free:
        i = col[p]
        out[p] = (ANCHOR + ELO * res.params[i], ANCHOR + ELO * ci[i][0], ANCHOR + ELO * ci[i][1], counted.get(p, 0))
    return out


def _top(d: dict):
    """How level 10 played: (None, nodes) on a node budget, else (seconds, None)."""
    return (None, d["top_nodes"]) if d.get("top_nodes") else (d["top_time"], None)


def fitted(done: list[dict], seed: int, top: tuple, rows: dict | None = None) -> list[dict]:
    """The kept games a fit takes: those of `seed`, and of level 10 only those it played on the
    budget `top` (_top's form); level 10's budget does not concern the games without it; with
    `rows` (level_rows' form), only those its levels played on these rows (same_rows)."""
    top_level = str(LEVEL_NUMBERS[-1])
    return [
        d
        for d in done
        if d["seed"] == seed and (top_level not in (d["first"], d["second"]) or _top(d) == top) and same_rows(d, rows)
    ]


def _order(p: str) -> int:
    return 0 if p == GREEDY else int(p)


def pair_table(results: list[dict]) -> list[tuple[str, str, float, int]]:
    """(stronger-numbered, weaker, its score share, games) of every pair played."""
    agg: dict = {}
    for r in results:
        a, b = sorted((r["first"], r["second"]), key=_order)
        score_b = r["score"] if r["first"] == b else 1.0 - r["score"]
        s, n = agg.get((a, b), (0.0, 0))
        agg[(a, b)] = (s + score_b, n + 1)
    return [
        (b, a, s / n, n) for (a, b), (s, n) in sorted(agg.items(), key=lambda kv: (_order(kv[0][1]), _order(kv[0][0])))
    ]


def report(game: str, options: dict, results: list[dict], ratings: dict) -> None:
    print(f"{game} {opts_text(options) or '(default options)'}: {len(results)} games")
    print("  pair          score of the higher   games")
    for b, a, share, n in pair_table(results):
        print(f"  {b:>6} vs {a:<6}  {share * 100:5.1f}%               {n}")
    print("  player   rating  95% interval   games")
    for p in sorted(ratings, key=_order):
        r, lo, hi, n = ratings[p]
        print(f"  {p:>6}  {r:7.0f}  {lo:6.0f}-{hi:<6.0f}  {n}")
    levels = [ratings[str(lv)][0] for lv in LEVEL_NUMBERS if str(lv) in ratings]
    if len(levels) == len(LEVEL_NUMBERS):
        gaps = [b - a for a, b in zip(levels, levels[1:])]
        print("  gaps between adjacent levels: " + " ".join(f"{g:.0f}" for g in gaps))
        print(f"  order holds: {all(g > 0 for g in gaps)}; all gaps in 70-240: {all(70 <= g <= 240 for g in gaps)}")
    one = [r for r in results if {r["first"], r["second"]} == {GREEDY, "1"}]
    if one:
        share = sum(r["score"] if r["first"] == "1" else 1 - r["score"] for r in one) / len(one)
        print(f"  level 1 against the greedy beginner: {share * 100:.1f}% of {len(one)} games")


def write_table(game: str, options: dict, ratings: dict, provenance: dict, path: str) -> None:
    """Put this ladder into the ratings table (replacing the one of the same game that the same
    ladder options choose: game.ai.levels.ladder_values, defaults named or not)."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        data = {"ladders": []}
    same = ladder_values(game, options)  # an entry choosing the same ladder (defaults named or not) goes
    data["ladders"] = [
        e for e in data["ladders"] if not (e.get("game") == game and ladder_values(game, e.get("options", {})) == same)
    ]
    data["ladders"].append(
        {
            "game": game,
            "options": options,
            **provenance,
            "levels": [
                {
                    "level": lv,
                    "rating": round(ratings[str(lv)][0]),
                    "low": round(ratings[str(lv)][1]),
                    "high": round(ratings[str(lv)][2]),
                    "games": ratings[str(lv)][3],
                }
                for lv in LEVEL_NUMBERS
                if str(lv) in ratings
            ],
        }
    )
    data["ladders"].sort(key=lambda e: (e["game"], opts_text(e.get("options", {}))))
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=games.NAMES)
    p.add_argument("--option", action="append", default=[], metavar="K=V")
    p.add_argument("--games", type=int, default=16, help="games per pair (even: each opening twice)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=26)
    p.add_argument("--plies", type=int, default=None, help="random opening moves (default per game)")
    p.add_argument("--top-time", type=float, default=0.3, help="seconds a move of level 10")
    p.add_argument(
        "--top-nodes", type=int, default=None, help="level 10 on this many nodes a move instead (any machine, any load)"
    )
    p.add_argument("--pairs", default=None, help="only these pairs, e.g. 9-10,8-10 (greedy-1 for the beginner)")
    p.add_argument("--prior-draws", type=float, default=1.0)
    p.add_argument("--fit-only", action="store_true", help="fit the games kept, play none")
    p.add_argument("--fresh", action="store_true", help="forget the games kept")
    p.add_argument("--file", default=None, help="the games file (default bench/levels_<game>[_<options>].jsonl)")
    p.add_argument("--write", action="store_true", help=f"write the ladder into game/ai/{RATINGS_FILE}")
    p.add_argument("--machine", default=None, help="what the table says of the machine (default: this one, now)")
    args = p.parse_args(argv)
    try:
        options = games.get(args.game).options_from_texts(args.option)
    except ValueError as exc:  # PositionError: an unknown option or value, one line
        p.error(str(exc))
    if args.plies is None:
        args.plies = PLIES[args.game]
    path = args.file or games_file(args.game, options)
    done: list = []
    if os.path.exists(path) and not args.fresh:
        with open(path, encoding="utf-8") as f:
            done = [json.loads(line) for line in f if line.strip()]
    load = os.getloadavg()
    print(f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {os.cpu_count()} cores", flush=True)
    if not args.fit_only:
        jobs = schedule(args, options, done)
        print(f"{len(jobs)} games to play ({len(done)} kept in {os.path.basename(path)})", flush=True)
        with open(path, "w" if args.fresh else "a", encoding="utf-8") as out, ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(play_game, j) for j in jobs]
            for n, fut in enumerate(as_completed(futures), 1):
                r = fut.result()
                done.append(r)
                out.write(json.dumps(r) + "\n")
                out.flush()
                if n % 20 == 0:
                    print(f"  {n}/{len(jobs)} games", flush=True)
    kept = len(done)
    done = fitted(done, args.seed, _top(vars(args)), level_rows(args.game, options))
    print(f"{len(done)} of the {kept} games kept are fitted (this seed, level 10's budget, today's rows)")
    if not done:
        print(f"no games to fit: none kept of seed {args.seed} on today's rows (--seed, --top-nodes?)", file=sys.stderr)
        return 2
    ratings = fit(done, args.prior_draws)
    report(args.game, options, done, ratings)
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if args.write:
        provenance = {
            "date": datetime.date.today().isoformat(),
            "command": "python bench/bench_levels.py " + " ".join(argv if argv is not None else sys.argv[1:]),
            "machine": args.machine
            or f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}; load {load[0]:.1f}",
            "anchor": f"the greedy beginner = {ANCHOR:.0f} ("
            + greedy_name(args.game, options)
            + "); level 10 at "
            + (f"{args.top_nodes} nodes" if args.top_nodes else f"{args.top_time} s")
            + " a move; levels 1-9 on their node budgets",
            "fit": "Bradley-Terry by statsmodels GLM (binomial), 95% intervals from its covariance, "
            f"{args.prior_draws:g} drawn game(s) added per pair as a prior",
        }
        target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "game", "ai", RATINGS_FILE)
        ladder = games.get(args.game).ladder_options(options)  # every ladder option, defaults too
        write_table(args.game, ladder, ratings, provenance, os.path.normpath(target))
        print(f"wrote {os.path.normpath(target)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
