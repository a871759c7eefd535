"""Network play figures on loopback (127.0.0.1): protocol parsing speed, the time a move takes
from one program to the other and back, and whole games between two sessions.

    python bench/bench_net.py [--games N]

Prints figures; never fails on time.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from game.net import protocol as P  # noqa: E402
from game.net.guest import GuestSession  # noqa: E402
from game.net.host import HostSession  # noqa: E402

LINES = [
    "MOVE 12 32-28 t=295400",
    "MOVE 7 25x3x17x44x35",
    "REVEAL 4 h4 C",
    "DRAW OFFER 10",
    "PING 1",
    "OFFER 0123abcdef012345 draughts 1 no_progress=50 base=300000,inc=5000 W:W31-50:B1-20",
    "ERROR illegal_move illegal move 'c9'",
]


def bench_parse(seconds=1.0):
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for line in LINES:
            P.parse_line(line)
        n += len(LINES)
    return n / (time.perf_counter() - t0)


def pump_until(sessions, cond, limit=10.0):
    end = time.monotonic() + limit
    while not cond():
        for s in sessions:
            s.pump()
        if time.monotonic() > end:
            raise RuntimeError("timed out")


def connect(game, seat=0):
    host = HostSession(bind="127.0.0.1")
    host.set_offer(game, {}, seat)
    guest = GuestSession("127.0.0.1", host.port, code=host.code)
    pump_until([host, guest], lambda: guest.phase == "offered")
    guest.accept()
    pump_until([host, guest], lambda: host.phase == "playing")
    return host, guest


def bench_round_trip(game="draughts", plies=200, seed=1):
    """Seconds from play() on one side until the move is applied on the other (busy pumping)."""
    times = []
    rng = random.Random(seed)
    host, guest = connect(game)
    try:
        while len(times) < plies:
            if host.game.result() is not None:
                host.close(), guest.close()
                host, guest = connect(game)
            side, other = (host, guest) if host.my_turn() else (guest, host)
            target = side.game.ply + 1
            t0 = time.perf_counter()
            side.play(rng.choice(side.game.state.legal_moves()))
            pump_until([host, guest], lambda: other.game.ply == target and guest.pending_flip is None)
            times.append(time.perf_counter() - t0)
    finally:
        host.close()
        guest.close()
    return times


def bench_games(game, n, seed=1):
    plies, t0 = 0, time.perf_counter()
    rng = random.Random(seed)
    for i in range(n):
        host, guest = connect(game, i % 2)
        try:
            while host.game.result() is None and host.game.ply < 600:
                side = host if host.my_turn() else guest
                side.play(rng.choice(side.game.state.legal_moves()))
                pump_until([host, guest], lambda: host.game.ply == guest.game.ply and guest.pending_flip is None)
            plies += host.game.ply
        finally:
            host.close()
            guest.close()
    return plies, time.perf_counter() - t0


def bench_frames(game, frames=300, size=(1920, 1080), seed=1):
    """Frame times of the app's network board (the host's), the other side a bare guest session
    that answers each move at once: (median ms, p95 ms) over frames while moves come and go."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import tempfile

    os.environ["QIPAN_HOME"] = tempfile.mkdtemp(prefix="qipan-bench-net-")
    from game.app import App
    from game.net import saves
    from game.net.runner import SessionRunner
    from game.scenes.lobbies.lobby import start_board

    app = App(["--windowed"], headless=True, size=size)
    rng = random.Random(seed)
    times = []
    try:
        while len(times) < frames:
            host = HostSession(bind="127.0.0.1", autosave=saves.autosave)
            host.set_offer(game, {}, 0)
            guest = GuestSession("127.0.0.1", host.port, code=host.code)
            pump_until([host, guest], lambda: guest.phase == "offered")
            guest.accept()
            pump_until([host, guest], lambda: host.phase == "playing")
            board = start_board(app, SessionRunner(host))
            while not board.over() and len(times) < frames:
                guest.pump()
                if board.anim is None and board.human_turn():
                    board.table.play(rng.choice(board.legal_moves()))
                elif guest.my_turn():
                    guest.play(rng.choice(guest.game.state.legal_moves()))
                t = time.perf_counter()
                app.step(1 / 60)
                times.append((time.perf_counter() - t) * 1000)
            guest.close()
            app.back_to_menu()
    finally:
        app.close()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--frames", type=int, default=300, help="frames of the network board per game (0: skip)")
    args = ap.parse_args()
    print(f"# network, Python {platform.python_version()}, {os.cpu_count()} cores, loopback")
    print(f"parse_line: {bench_parse():,.0f} lines/s")
    for game in ("palace", "draughts", "banqi"):
        t = bench_round_trip(game)
        ms = sorted(x * 1000 for x in t)
        print(
            f"{game}: move to the other side in {statistics.median(ms):.2f} ms median, "
            f"{ms[int(len(ms) * 0.95)]:.2f} ms 95th percentile ({len(ms)} moves, rules check included)"
        )
    for game in ("palace", "draughts", "banqi"):
        plies, secs = bench_games(game, args.games)
        print(
            f"{game}: {args.games} random games, {plies} plies over the wire in {secs:.2f} s "
            f"({plies / secs:,.0f} plies/s, both sides checking every ply)"
        )
    if args.frames:
        for game in ("palace", "draughts", "banqi"):
            med, p95 = bench_frames(game, args.frames)
            print(
                f"{game}: network board frame at 1920x1080 (dummy video) {med:.2f} ms median, "
                f"{p95:.2f} ms 95th percentile ({args.frames} frames, moves both ways)"
            )


if __name__ == "__main__":
    main()
