"""The computer against itself, on a clock or at a fixed time a move. Pure Python, no pygame.

    python -m game.cli selfplay GAME --white LEVEL --black LEVEL [--clock BASE+INC] [--time S]
                               [--games N] [--swap] [--openings N] [--option k=v] [--seed N]
                               [--max-plies N] [--json]

LEVEL is 1-10 or easy, medium, hard (3, 6, 10). --swap alternates the sides every game (the
second game gives --white's level the black side, and so on). --openings N starts each pair of
games (1-2, 3-4, ...) from one random N-ply opening, seeded by --seed (and, in a dealt game, the
same deal), so a pair with --swap plays one opening from both sides.

BASE and INC are seconds (decimals allowed); without --clock each move gets --time seconds (or
the level's default). Each engine manages its clock with its time manager (game/ai/timeman.py);
the clock measures the wall time of every search, as the board's clock would. Per game, with
--json, one JSON object on one line:

    {"result": "white", "reason": "no_moves", "plies": 87, "clock": {"white": 1.92, "black": 0.74},
     "flagged": null, "white": 7, "black": 6}

white, black: the level (1-10) that played that side in this game; with --openings also
"opening": the opening's moves (they count in plies).

result: "white", "black" or "draw"; clock: the seconds each side had left at the end (null without
a clock); flagged: null or the side whose time ran out. White is the side the game calls white
(palace: the soldiers, who move second); in a game without a white side (Banqi) it is the side
that moved first. `--option flag_draw=false` makes every flag fall a loss (docs/CLOCK.md); a
game still running after --max-plies plies is a draw ("move_limit").
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable

from game import games
from game.ai.contract import Limits
from game.ai.levels import level_arg, parse_level
from game.ai.timeman import TimeManager
from game.clock import ClockError, TimeControl
from game.match import Match

MAX_GAMES = 100_000
MAX_PLIES = 1000
MOVE_LIMIT = "move_limit"
MAX_OPENING_PLIES = 40


def add_parser(sub, seconds_type, count_type) -> None:
    """The `selfplay` subcommand of game.cli's parser."""

    def clock_type(text: str) -> TimeControl:
        import argparse

        try:
            return TimeControl.parse(text)
        except ClockError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    s = sub.add_parser("selfplay", help="the computer against itself, on a clock")
    s.add_argument("game", choices=games.NAMES)
    s.add_argument(
        "--white",
        type=level_arg,
        required=True,
        help="the level of white, 1-10 or easy/medium/hard (Banqi: who moves first)",
    )
    s.add_argument("--black", type=level_arg, required=True, help="the level of black")
    budget = s.add_mutually_exclusive_group()
    budget.add_argument("--clock", type=clock_type, default=None, metavar="BASE+INC", help="seconds + seconds")
    budget.add_argument("--time", type=seconds_type, default=None, help="fixed seconds a move (no clock)")
    s.add_argument("--games", type=count_type("the number of games", MAX_GAMES, low=1), default=1)
    s.add_argument("--swap", action="store_true", help="alternate the sides every game")
    s.add_argument(
        "--openings",
        type=count_type("the opening plies", MAX_OPENING_PLIES),
        default=0,
        metavar="N",
        help="each pair of games starts from one random N-ply opening (seeded by --seed)",
    )
    s.add_argument("--option", action="append", default=[], metavar="K=V", help="a variant option (repeatable)")
    s.add_argument("--seed", type=count_type("the seed", 2**62), default=None, help="deals and level choices")
    s.add_argument("--max-plies", type=count_type("the ply limit", 10**6, low=1), default=MAX_PLIES)
    s.add_argument("--json", action="store_true", help="one JSON line per game")


def white_seat(match: Match) -> int:
    """The seat of the side named white ("w"), or of the side that moves first when none is."""
    if "w" not in match.info.sides:
        return 0
    return 0 if match.start_state.to_move == "w" else 1


def play_game(
    game: str,
    white: int | str,
    black: int | str,
    control: TimeControl | None = None,
    move_time: float | None = None,
    options: dict | None = None,
    seed: int | None = None,
    max_plies: int = MAX_PLIES,
    now: Callable[[], float] = time.perf_counter,
    nodes: int | None = None,
    opening: int = 0,
    opening_seed: int | None = None,
) -> dict:
    """One game of the computer against itself; the JSON object `selfplay --json` prints.
    nodes: a node budget a move instead of the clock's share (tests: the same game anywhere).
    opening: first play this many random legal moves (chosen by opening_seed), off the clock."""
    info = games.get(game)
    engine = info.engine
    match = Match.new(game, options, mode="watch", seed=seed, control=control)
    engine.warm(None, match.options)  # before any clock runs (a compiled search loads or compiles here)
    ws = white_seat(match)
    white, black = parse_level(white), parse_level(black)
    levels = [black, black]
    levels[ws] = white
    rng = random.Random(opening_seed)
    line = []
    while len(line) < opening and not match.over:
        move = rng.choice(match.legal_moves())
        line.append(str(move))
        match.play(move)
    clock = match.clock
    managers = [TimeManager(engine.time_plan, control.base if control else None) for _ in (0, 1)]
    if clock is not None:
        clock.now = now
    reason = None
    while not match.over:
        if match.ply >= max_plies:
            reason = MOVE_LIMIT
            break
        seat = match.seat_to_move
        allotted = move_time
        if clock is not None:
            match.start_clock()
            allotted = managers[seat].allot(clock.left(seat), clock.control.inc)
        started = now()
        found = engine.search(
            info.public(match.states[-1]),
            Limits(levels[seat], time=allotted, nodes=nodes, seed=None if seed is None else seed + match.ply),
        )
        managers[seat].done(found, now() - started, allotted)
        if match.flag() is not None:
            break
        match.play(found.move)
    out = _summary(match, ws, reason)
    out.update(white=white, black=black)
    if opening:
        out["opening"] = line
    return out


def _summary(match: Match, ws: int, reason: str | None) -> dict:
    names = {ws: "white", 1 - ws: "black"}
    result = match.result()
    if result is None or result.winner is None:
        outcome = "draw"
    else:
        outcome = names[match.winner_seat()] if match.winner_seat() is not None else "draw"
    flagged = None
    if result is not None and str(result.reason) in ("time", "time_draw"):
        flagged = names[match.seat_to_move]
    clock = None
    if match.clock is not None:
        left = match.clock.times()
        clock = {"white": round(left[ws], 3), "black": round(left[1 - ws], 3)}
    return {
        "result": outcome,
        "reason": reason if result is None else str(result.reason),
        "plies": match.ply,
        "clock": clock,
        "flagged": flagged,
    }


def main(args, options_of: Callable[[str, list], dict]) -> int:
    """Run `selfplay` (game.cli parsed the arguments); PositionError/ValueError for bad options."""
    given = []
    flag_draw = True
    for item in args.option:
        key, _, value = item.partition("=")
        if key.strip() == "flag_draw":
            if value.strip().lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(f"option flag_draw cannot be {value!r}; choices: true, false")
            flag_draw = value.strip().lower() in ("true", "1", "yes")
        else:
            given.append(item)
    options = options_of(args.game, given)
    control = args.clock
    if control is not None and not flag_draw:
        control = TimeControl(control.base, control.inc, control.bases, False)
    score = {"white": 0.0, "black": 0.0}
    by_level = [0.0, 0.0]  # --white's level, --black's level
    pair_seed = random.randrange(2**62) if args.seed is None else args.seed
    for i in range(args.games):
        # a pair of games from one opening shares its seed (and so its deal)
        n = i // 2 if args.openings else i
        seed = None if args.seed is None and not args.openings else pair_seed + 1000 * n
        swapped = args.swap and i % 2 == 1
        white, black = (args.black, args.white) if swapped else (args.white, args.black)
        out = play_game(
            args.game,
            white,
            black,
            control,
            args.time,
            options,
            seed,
            args.max_plies,
            opening=args.openings,
            opening_seed=seed,
        )
        if out["result"] == "draw":
            score["white"] += 0.5
            score["black"] += 0.5
            by_level[0] += 0.5
            by_level[1] += 0.5
        else:
            score[out["result"]] += 1
            by_level[(out["result"] == "white") == swapped] += 1
        if args.json:
            print(json.dumps(out), flush=True)
        else:
            clock = (
                ""
                if out["clock"] is None
                else (f"; clock white {out['clock']['white']:.1f} s, black {out['clock']['black']:.1f} s")
            )
            flagged = f"; {out['flagged']} flagged" if out["flagged"] else ""
            print(
                f"game {i + 1}: white level {out['white']}, black level {out['black']}: {out['result']} "
                f"({out['reason']}) in {out['plies']} plies{clock}{flagged}",
                flush=True,
            )
    if not args.json:
        print(f"score: white {score['white']:g}, black {score['black']:g}")
        if args.swap:
            print(f"score by level: {args.white} (--white) {by_level[0]:g}, {args.black} (--black) {by_level[1]:g}")
    sys.stdout.flush()
    return 0
