"""`python -m game.cli online`: play an online game from a script, a test or a bot.

    python -m game.cli online host GAME [--games N] [--relay URL] [--engine LEVEL] [--time S] [--option k=v]
    python -m game.cli online join CODE [--games N] [--relay URL] [--engine LEVEL] [--time S]

The host prints `code: CODE` on a line of its own as soon as the mailbox server gives it a code
(and again with the new code after someone tried a wrong one). --games N (default 1) plays N
games over the one wormhole, the sides swapped after each (a rematch, docs/PROTOCOL.md); the host
plays the side that moves first in the first game. Before each game each program prints
`game K: first` or `game K: second` (the side it plays; first = the side that moves first). With
--engine the computer (game.ai.choose_move) plays this side; without it, the moves are read from
stdin, one per line, in the notation of `python -m game.cli moves`. When a game ends both sides
print the same `result: WINNER REASON` line (WINNER the rules' name of the winning side, or
`draw`) and `moves: M1 M2 ...`; after the N-th both exit 0. A wrong code, an unreachable server,
a protocol fault, or a rematch declined or left (the other side asked for fewer games): one line
on stderr, exit 1; a bad move or option: exit 2.
"""

from __future__ import annotations

import argparse
import queue
import sys
import threading
import time

from game import games
from game.ai.levels import level_arg
from game.net import protocol as P
from game.net.session import SessionError
from game.net.wormhole_link import PUBLIC_MAILBOX, code_problem, normalize_wormhole_code
from game.rules.common import PositionError

#: seconds the host waits for a player before giving up
WAIT_LIMIT = 3600.0


def add_parser(sub, seconds_type) -> None:
    """The `online` subcommand of game.cli's parser."""
    o = sub.add_parser("online", help="play a game through Magic Wormhole (host or join)")
    osub = o.add_subparsers(dest="online_command", required=True)
    h = osub.add_parser("host", help="offer a game; prints `code: CODE`")
    h.add_argument("game", choices=games.NAMES)
    j = osub.add_parser("join", help="join the game of a code")
    j.add_argument("code")
    for p in (h, j):
        p.add_argument(
            "--games", type=_positive, default=1, metavar="N", help="games to play, sides swapped after each"
        )
        p.add_argument("--relay", default=None, help=f"mailbox server URL (default {PUBLIC_MAILBOX})")
        p.add_argument(
            "--engine", type=level_arg, default=None, metavar="LEVEL", help="the computer plays this side at 1-10"
        )
        p.add_argument("--time", type=seconds_type, default=None, help="seconds per computer move")
    h.add_argument("--option", action="append", default=[], metavar="k=v", help="a variant option of the game")


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= 1000:
        raise argparse.ArgumentTypeError(f"a number of games from 1 to 1000, not {text!r}")
    return n


class _Failure(Exception):
    def __init__(self, status: int, text: str):
        super().__init__(text)
        self.status = status


def main(args) -> int:
    from game.net.online import WormholeGuestSession, WormholeHostSession

    relay = args.relay or PUBLIC_MAILBOX
    session = None
    try:
        if args.online_command == "host":
            options = _options(args.game, args.option)
            session = WormholeHostSession(relay)
            session.set_offer(args.game, options, 0)
        else:
            code = normalize_wormhole_code(args.code)
            problem = code_problem(code)
            if problem:
                raise _Failure(2, f"not a code: {problem}")
            session = WormholeGuestSession(relay, code)
        return _Player(session, args.engine, args.time, args.games).run()
    except _Failure as exc:
        print(f"error: {exc}", file=sys.stderr, flush=True)
        return exc.status
    finally:
        if session is not None:
            _close(session)


def _options(game: str, given: list[str]) -> dict:
    pairs = []
    for item in given:
        key, sep, value = item.partition("=")
        if not sep:
            raise _Failure(2, f"an option is written key=value, not {item!r}")
        pairs.append((key.strip(), value.strip()))
    try:
        return P.options_from_wire(pairs, games.get(game).rules.OPTIONS)
    except P.ProtocolError as exc:
        raise _Failure(2, str(exc).split(": ", 1)[-1]) from None


def _close(session) -> None:
    conn = session.conn
    session.close("done")
    if conn is not None and hasattr(conn, "wait_closed"):
        conn.wait_closed(5.0)  # what we sent last reaches the server before the program ends


class _Player:
    def __init__(self, session, engine: int | None, time_limit: float | None, games: int = 1):
        self.session = session
        self.engine = engine
        self.time_limit = time_limit
        self.games = games  # how many to play, sides swapped after each
        self.played: list[str] = []  # ids of the games started, in order
        self.ended: set[str] = set()  # ids of those whose end is printed
        self.since = 0.0  # when the last game ended
        self.lines: queue.Queue = queue.Queue()
        if engine is None:
            threading.Thread(target=self._read_stdin, daemon=True).start()

    def _read_stdin(self) -> None:
        for line in sys.stdin:
            self.lines.put(line.strip())
        self.lines.put(None)

    def run(self) -> int:
        s = self.session
        start = time.monotonic()
        while True:
            for ev in s.pump():
                done = self._event(ev)
                if done is not None:
                    return done
            if s.phase == "playing" and s.my_turn() and not s.waiting_for_answer():
                self._move()
            if self._between_games():
                if s.can_offer_rematch():  # also accepts theirs; again after a drop forgot it
                    s.offer_rematch()
                if time.monotonic() - self.since > WAIT_LIMIT:
                    raise _Failure(1, f"no game {len(self.played) + 1}: the other side did not answer")
            if s.game is None and time.monotonic() - start > WAIT_LIMIT:
                raise _Failure(1, "nobody joined")
            time.sleep(0.005)

    def _between_games(self) -> bool:
        game = self.session.game
        return game is not None and game.id in self.ended and len(self.played) < self.games

    def _event(self, ev) -> int | None:
        s = self.session
        kind, info = ev.kind, ev.info
        if kind == "code":
            print(f"code: {info['code']}", flush=True)
        elif kind == "unreachable" and s.game is None and s.wormhole_code is None:
            raise _Failure(1, info["reason"])
        elif kind == "offer":
            s.accept()
        elif kind == "started" and ev.info["game"].id not in self.played:
            self.played.append(ev.info["game"].id)
            side = "first" if s.my_seat == 0 else "second"
            print(f"game {len(self.played)}: {side}", flush=True)
        elif kind == "rematch_declined":
            raise _Failure(1, f"the other side declined game {len(self.played) + 1}")
        elif kind == "paused" and self._between_games() and ev.info.get("reason") == "the other player left":
            raise _Failure(1, f"the other side left before game {len(self.played) + 1}")
        elif kind == "failed":
            raise _Failure(1, info.get("reason", "the connection failed"))
        elif kind == "peer_error" and info.get("code") in P.FATAL_CODES:
            raise _Failure(1, f"refused by the other side: {info.get('code')} {info.get('text', '')}".strip())
        elif kind == "draw_offer":
            s.answer_draw(False)
        elif kind == "undo_request":
            s.answer_undo(False)
        elif kind == "ended" and s.game.id not in self.ended:  # (a resume may repeat it)
            self.ended.add(s.game.id)
            self._print_end()
            self.since = time.monotonic()
            if len(self.played) >= self.games:
                return 0
        return None

    def _print_end(self) -> None:
        game = self.session.game
        r = game.result()
        print(f"result: {r.winner or 'draw'} {r.reason}", flush=True)
        print("moves:" + "".join(" " + text for text, _ in game.plies), flush=True)

    def _move(self) -> None:
        s = self.session
        game = s.game
        if self.engine is not None:
            from game.ai import choose_move

            move = choose_move(game.info.public(game.state), self.engine, time_limit=self.time_limit)
            text = str(move)
        else:
            try:
                text = self.lines.get_nowait()
            except queue.Empty:
                return  # the loop goes on pumping until the player's line comes
            if text is None:
                raise _Failure(1, "stdin closed before the end of the game")
            if not text:
                return
        try:
            s.play(game.find(text))
        except (PositionError, SessionError) as exc:
            raise _Failure(2, f"move {text!r}: {exc}") from None
