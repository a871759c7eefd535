"""Command line for scripts and checks (contract in shared/DESIGN.md).

    python -m game.cli moves NAME "POSITION" [--option k=v ...]
    python -m game.cli perft NAME "POSITION" DEPTH [--option k=v ...]
    python -m game.cli bestmove NAME "POSITION" --level L --time S [--seed N] [--nodes N] [--option k=v ...]
    python -m game.cli analyse NAME "POSITION" [--time S] [--nodes N] [--option k=v ...]
    python -m game.cli review FILE [--nodes N | --time S]
    python -m game.cli hub [--option variant=V]
    (--option K=V: a rule option, e.g. draughts' variant=russian; `options NAME` lists them)
    python -m game.cli online host GAME | join CODE [--relay URL] [--engine L] [--time S]  (game/cli_online.py)
    python -m game.cli start NAME [--option k=v ...] [--seed N]
    python -m game.cli options NAME [--json]
    python -m game.cli levels NAME [--option k=v ...] [--json]
    python -m game.cli selfplay NAME --white L --black L [--clock BASE+INC] [--time S] [--games N]
                                [--swap] [--openings N] [--option k=v] [--json]   (game/selfplay.py)

Errors in a position or a move: one line on stderr naming what is wrong, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import stat
import sys

from game import games
from game.ai.levels import level_arg
from game.rules import GAMES, module
from game.rules.common import PositionError, option_text, parse_count

MAX_PERFT_DEPTH = 20  # far beyond what finishes in a day; keeps the recursion well inside Python's limit
MAX_NODES = 10**12
MAX_SECONDS = 10**6
MAX_REVIEW_FILE = 20_000_000  # bytes; a PDN database of thousands of games is far below this


def _count(what, high, low=0):
    """An argparse type: an ASCII whole number in [low, high] (see rules.common.parse_count)."""

    def convert(text):
        try:
            value = parse_count(text, what, high)
        except PositionError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{what} must be at least {low}, not {value}")
        return value

    return convert


def _seed(text):
    sign = -1 if text.strip().startswith("-") else 1
    return sign * _count("the seed", 2**63)(text.strip().lstrip("-"))


def _seconds(text):
    """A finite, positive number of seconds (nan, inf and negative times are refused)."""
    t = text.strip()
    if not t.isascii() or len(t) > 30:
        raise argparse.ArgumentTypeError(f"the time must be a number of seconds, not {text[:30]!r}")
    try:
        value = float(t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the time must be a number of seconds, not {t!r}") from None
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"the time must be more than 0 and at most {MAX_SECONDS} seconds, not {t}")
    return value


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, as for a bad position
        self.exit(2, f"error: {message}\n")


def _parser():
    p = _Parser(prog="python -m game.cli", description="Qipan rules and engines on the command line")
    sub = p.add_subparsers(dest="command", required=True)
    m = sub.add_parser("moves", help="legal moves, one per line, sorted")
    m.add_argument("game", choices=GAMES)
    m.add_argument("position")
    _option_arg(m)
    pf = sub.add_parser("perft", help="number of leaf positions at DEPTH")
    pf.add_argument("game", choices=[g.name for g in games.GAMES.values() if g.perft])
    pf.add_argument("position")
    pf.add_argument("depth", type=_count("the depth", MAX_PERFT_DEPTH))
    _option_arg(pf)
    b = sub.add_parser("bestmove", help="the computer's move")
    b.add_argument("game", choices=GAMES)
    b.add_argument("position")
    b.add_argument("--level", type=level_arg, default=10, help="1-10, or easy/medium/hard (3, 6, 10)")
    b.add_argument("--time", type=_seconds, default=None, help="seconds to think")
    b.add_argument("--seed", type=_seed, default=None)
    b.add_argument(
        "--nodes",
        type=_count("the node budget", MAX_NODES, low=1),
        default=None,
        help="node budget instead of the clock",
    )
    b.add_argument("--json", action="store_true", help="one JSON line: move score value depth nodes time pv")
    _option_arg(b)
    a = sub.add_parser("analyse", help="evaluation and best line")
    a.add_argument("game", choices=GAMES)
    a.add_argument("position")
    a.add_argument("--time", type=_seconds, default=None, help="seconds in all (default 1)")
    a.add_argument("--nodes", type=_count("the node budget", MAX_NODES, low=1), default=None, help="node budget")
    a.add_argument("--json", action="store_true", help="one JSON line: move score value depth nodes time pv line")
    _option_arg(a)
    r = sub.add_parser("review", help="each move of a saved game or PDN file with its mark")
    r.add_argument("file")
    budget = r.add_mutually_exclusive_group()
    budget.add_argument("--nodes", type=_count("the node budget", MAX_NODES, low=1), default=None, help="per position")
    budget.add_argument("--time", type=_seconds, default=None, help="seconds per position")
    _option_arg(sub.add_parser("hub", help="draughts engine over the Hub protocol on stdin/stdout"))
    from game.cli_online import add_parser as add_online_parser

    add_online_parser(sub, _seconds)
    from game.selfplay import add_parser as add_selfplay_parser

    add_selfplay_parser(sub, _seconds, _count)
    lv = sub.add_parser("levels", help="the ten levels of a game: name, measured rating, games behind it")
    lv.add_argument("game", choices=GAMES)
    _option_arg(lv)
    lv.add_argument("--json", action="store_true", help="a JSON list: level, name {en, zh}, rating, games")
    st = sub.add_parser("start", help="the start position text of a game and its options")
    st.add_argument("game", choices=GAMES)
    _option_arg(st)
    st.add_argument("--seed", type=_seed, default=None, help="the deal of a dealt game")
    op = sub.add_parser("options", help="every rule option of a game: key, default, choices, label")
    op.add_argument("game", choices=GAMES)
    op.add_argument("--json", action="store_true", help="a JSON list of {key, default, choices, label}")
    return p


def _print_options(game: str, as_json: bool) -> None:
    """The rule options of `game` (what the setup screen shows, from game.games): one line each,
    KEY, DEFAULT, the choices joined by |, the English and the Chinese label, tab-separated; or
    a JSON list of {"key", "default", "choices", "label": {"en", "zh"}}."""
    options = games.get(game).options
    if as_json:
        rows = [
            {"key": o.key, "default": o.default, "choices": list(o.choices), "label": dict(o.label)} for o in options
        ]
        print(json.dumps(rows, ensure_ascii=False))
        return
    for o in options:
        choices = "|".join(option_text(c) for c in o.choices)
        print("\t".join((o.key, option_text(o.default), choices, o.label["en"], o.label["zh"])))


def _option_arg(p) -> None:
    """--option K=V: a rule option the position is read under (draughts' variant=russian)."""
    p.add_argument("--option", action="append", default=[], metavar="K=V", help="a rule option (repeatable)")


def _options(game: str, given: list) -> dict:
    """{key: value} from K=V texts, each value matched to one of the option's choices."""
    return games.get(game).options_from_texts(given)


def _read_file(path: str) -> bytes:
    """The bytes of a regular file (a folder, pipe or device is refused before it is opened, and
    opened without blocking); PositionError with one line otherwise."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise PositionError(f"{path}: not a regular file")
        flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        with open(os.open(path, flags), "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise PositionError(f"{path}: not a regular file")
            data = f.read(MAX_REVIEW_FILE + 1)
    except OSError as exc:
        raise PositionError(f"{path}: {exc.strerror or type(exc).__name__}") from None
    if len(data) > MAX_REVIEW_FILE:
        raise PositionError(f"{path}: larger than {MAX_REVIEW_FILE} bytes")
    return data


def _is_saved_game(text: str) -> bool:
    """A JSON object (a saved game, the qipan-game format), not a PDN text opening with a {comment}."""
    return re.match(r'\s*\{\s*"', text) is not None


def _saved_match(text: str):
    """The game of a saved file's text (qipan-game JSON), replayed: PositionError if it does not load."""
    from game.match import Match
    from game.record import GameRecord, SaveError

    try:
        return Match.from_record(GameRecord.from_json(text))
    except SaveError as exc:
        raise PositionError(str(exc)) from None


def _position(game: str, given: str, options: dict | None = None):
    """The state a POSITION argument names, read as Load and `review` read: the position text
    itself (FEN, board text, a PDN game: its last position), or a file that holds one (a PDN file,
    UTF-8 or Windows-1252) or a saved game (its last position: the board, though a player resigned).
    A position text is read under the rule options given; a saved game keeps its own."""
    from game.rules.draughts_pdn import decode

    text = decode(_read_file(given)) if os.path.exists(given) else given  # a folder is refused by name
    if _is_saved_game(text):
        match = _saved_match(text)
        if match.game != game:
            raise PositionError(f"{given}: a saved game of {match.game}, not of {game}")
        return match.states[-1]
    return module(game).from_text(text, **(options or {}))


def _review_file(path: str, nodes=None, time_limit=None) -> int:
    """Print every move of a saved game (JSON) or of each game of a PDN file with its mark."""
    from game.review import review_match, review_states
    from game.rules.draughts_pdn import decode, read_pdn

    data = _read_file(path)
    text = decode(data)
    budget = {"nodes": nodes, "time_limit": time_limit}
    if _is_saved_game(text):
        match = _saved_match(text)
        clocks = None
        if match.clock is not None:  # a game on a clock: what the mover had left after each move
            from game.clock import format_time

            clocks = [format_time(match.times[i + 1][i % 2]) for i in range(match.ply)]
        _print_review(review_match(match, **budget), clocks)
        return 0
    found = read_pdn(text)
    if not found.games:
        raise PositionError(found.problems[0] if found.problems else "no game in the file")
    for problem in found.problems:  # the file's other games are still reviewed
        print(f"skipped: {problem}", file=sys.stderr)
    for i, game in enumerate(found.games):
        if i:
            print()
        names = " - ".join(game.headers.get(k, "?") for k in ("White", "Black"))
        print(f"game {game.number}: {names} {game.result}")
        _print_review(review_states(game.states, game.moves, **budget))
    return 0


def _print_review(review, clocks=None) -> None:
    for i, move in enumerate(review.moves):
        print(move.text() + (f"  [clock {clocks[i]}]" if clocks and i < len(clocks) else ""))
    marks = ", ".join(f"{mark} {n}" for mark, n in review.counts().items())
    print(f"marks: {marks}")


def _print_result(result, as_json: bool) -> None:
    """A search's result: the move on the first line, then its notes as `key: value` lines
    (score, depth, nodes, time, pv, then the game's own); or all of it as one JSON line."""
    if as_json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return
    print(result.move)
    for line in result.lines():
        print(line)


def _levels(game: str, given: dict, as_json: bool) -> int:
    """Print the ten levels of `game` under its options with their measured ratings."""
    from game.ai.levels import ladder

    rows = ladder(game, games.get(game).check_options(given))
    if as_json:
        print(json.dumps([row.to_json() for row in rows], ensure_ascii=False))
        return 0
    for row in rows:
        if row.rating is None:
            rating = "not measured"
        else:
            interval = "" if row.low is None or row.high is None else f" ({row.low:.0f}-{row.high:.0f})"
            rating = f"{row.rating:.0f}{interval}, {row.games} games"
        print(f"{row.level:>2}  {row.name['en']} {row.name['zh']}  {rating}")
    return 0


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "selfplay":
            from game.selfplay import main as selfplay_main

            return selfplay_main(args, _options)
        if args.command == "online":
            from game.cli_online import main as online_main

            return online_main(args)
        if args.command == "hub":
            from game.ai.draughts.hub import main as hub_main

            return hub_main(variant=_options("draughts", args.option).get("variant", "international")) or 0
        if args.command == "review":
            return _review_file(args.file, nodes=args.nodes, time_limit=args.time)
        if args.command == "options":
            _print_options(args.game, args.json)
            return 0
        if args.command == "levels":
            return _levels(args.game, _options(args.game, args.option), args.json)
        if args.command == "start":
            info = games.get(args.game)
            print(info.rules.to_text(info.new_state(_options(args.game, args.option), seed=args.seed)))
            return 0
        rules = module(args.game)
        state = _position(args.game, args.position, _options(args.game, args.option))
        if args.command == "moves":
            for text in sorted(str(m) for m in state.legal_moves()):
                print(text)
        elif args.command == "perft":
            if args.depth < 0:
                raise PositionError("depth must be 0 or more")
            print(rules.perft(state, args.depth))
        elif args.command == "bestmove":
            from game.ai.contract import Limits

            if not state.legal_moves() or state.result() is not None:
                raise PositionError("the game is over in this position: no move to choose")
            info = games.get(args.game)
            limits = Limits(args.level, args.time, args.nodes, seed=args.seed)
            _print_result(info.engine.search(info.public(state), limits), args.json)
        elif args.command == "analyse":
            from game import analysis

            found = analysis.search(state, time_limit=args.time, nodes=args.nodes)
            analysed = analysis.from_result(state, found)
            if args.json:
                print(json.dumps(analysis.to_json(analysed, found), ensure_ascii=False))
            else:
                _print_result(found, False)
                for line in analysis.describe(analysed)[:-1]:  # its last line repeats depth and nodes
                    print(line)
    except PositionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (ValueError, RecursionError, OverflowError) as exc:  # bad input never ends in a traceback
        print(f"error: {str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__}", file=sys.stderr)
        return 2
    return 0


def run() -> int:
    """main() as a program: a reader that stops early (`levels banqi | head -3`) ends it quietly."""
    try:
        code = main()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # the reader is gone: send what is left to nowhere, or the flush at exit fails again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(run())
