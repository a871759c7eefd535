"""Online play at scale: N games at once through one local mailbox server (issue #27).

    python bench/bench_online.py [--games 10,100,500] [--plies 40] [--workers 2] [--think 0]

For each N, a fresh mailbox server (magic-wormhole-mailbox-server, `twist wormhole-mailbox` on a
free loopback port) and WORKERS client processes that each host and join N/WORKERS games (both
players of a game in the same process, so one clock times a move): every game is paired through
a server-made code, then both sides play random legal moves of draughts (THINK seconds before
each) until PLIES plies or the end. Figures: pairing time, moves per second over all games, the
latency of a move (from play() on one side to the "move" event on the other, through the
server), and the server's CPU time and memory (from /proc) per game. Games are paired a few at a
time per process (PAIRING); the clients lift the session's handshake and silence limits, which
hundreds of games in one Python process cannot keep (the server is measured, not the clients).
Progress goes to stderr. Prints figures; never fails on time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from game.net.mailbox import LocalMailbox  # noqa: E402

#: games being paired at once in one client process
PAIRING = 6
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) of a process."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def proc_rss(pid: int) -> int:
    """Resident memory of a process, bytes."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


# ---- a worker: N games, both sides, in one process ---------------------------------------------
def worker(url: str, games: int, plies: int, think: float, seed: int) -> None:
    from game.net import session
    from game.net.online import WormholeGuestSession, WormholeHostSession

    # hundreds of games in one process answer far slower than one player's program: a long
    # silence limit keeps a busy client from counting its own backlog as dropped connections,
    session.SILENCE_LIMIT = 120.0
    session.HANDSHAKE_LIMIT = 60.0  # and its host from refusing its own guests' slow handshakes

    rng = random.Random(seed)
    t0 = time.monotonic()
    hosts: list = []
    guests: list = []
    retries = 0
    report = time.monotonic() + 10

    def paired_up(i):
        return hosts[i].phase == "playing" and guests[i] is not None and guests[i].phase == "playing"

    # games are paired a few at a time (PAIRING at once), as players arrive, not all in one burst
    while len(hosts) < games or not all(paired_up(i) for i in range(len(hosts))):
        if len(hosts) < games and sum(1 for i in range(len(hosts)) if not paired_up(i)) < PAIRING:
            h = WormholeHostSession(url)
            h.set_offer("draughts", {}, 0)
            hosts.append(h)
            guests.append(None)
        for i, h in enumerate(hosts):
            h.pump()
            g = guests[i]
            if g is not None and g.phase == "connecting" and g.game is None and h.wormhole_code:
                if g.wormhole_code != h.wormhole_code:  # its code was dropped (a slow exchange)
                    g.close("the host has a new code")
                    g.phase = "closed"
            if (g is None or g.phase == "closed") and h.wormhole_code:
                if g is not None:
                    retries += 1  # a join that failed (a slow machine): the host shows a new code
                guests[i] = g = WormholeGuestSession(url, h.wormhole_code)
            if g is not None:
                for ev in g.pump():
                    if ev.kind == "offer":
                        g.accept()
        if time.monotonic() - t0 > 900:
            raise SystemExit("pairing took over 15 minutes")
        if time.monotonic() > report:
            playing = sum(1 for i in range(len(hosts)) if paired_up(i))
            print(f"worker {seed}: {playing}/{games} paired after {time.monotonic() - t0:.0f} s", file=sys.stderr)
            for i in [i for i in range(len(hosts)) if not paired_up(i)][:2]:
                h, g = hosts[i], guests[i]
                d = h.listener.code_door
                gc = g.conn if g is not None else None
                print(
                    f"  stuck {i}: host {h.phase} code {h.wormhole_code} door "
                    f"{(d.state, d.keyed_at is not None, d.code) if d else None} pending {len(h._pending)} "
                    f"conn {(h.conn.state if h.conn else None)}; guest {g.phase if g else None} "
                    f"{g.wormhole_code if g else None} conn {(gc.state, gc.keyed_at is not None) if gc else None}",
                    file=sys.stderr,
                )
            report = time.monotonic() + 10
        time.sleep(0.002)
    paired = time.monotonic() - t0
    sent: dict = {}  # (game, ply) -> time of play()
    due: dict = {}  # game -> when its side to move may play (think time)
    latencies: list[float] = []
    moves = 0
    done = [False] * games
    pauses = 0
    start = time.monotonic()
    while not all(done):
        now = time.monotonic()
        for i, (h, g) in enumerate(zip(hosts, guests)):
            for side in (h, g):
                for ev in side.pump():
                    if ev.kind in ("paused", "rejected", "peer_error") and pauses < 5:
                        pauses += 1
                        print(f"worker {seed}: game {i} {side.role} {ev.kind} {ev.info}", file=sys.stderr)
                    if ev.kind == "move" and ev.info["seat"] != side.my_seat:
                        ply = side.game.ply - 1
                        t = sent.pop((i, ply), None)
                        if t is not None:
                            latencies.append(time.monotonic() - t)
                            due[i] = time.monotonic() + think
            if done[i]:
                continue
            if h.game.result() is not None or h.game.ply >= plies:
                if h.game.ply == g.game.ply:
                    done[i] = True
                continue
            mover = h if h.my_turn() else g if g.my_turn() else None
            if mover is None or now < due.get(i, 0) or h.game.ply != g.game.ply:
                continue
            ply = mover.game.ply
            mover.play(rng.choice(mover.game.state.legal_moves()))
            sent[(i, ply)] = time.monotonic()
            moves += 1
        if time.monotonic() > report:
            states = [(h.phase, g.phase, h.game.ply, g.game.ply) for h, g, d in zip(hosts, guests, done) if not d]
            print(f"worker {seed}: {done.count(True)}/{games} done, {moves} moves; e.g. {states[:3]}", file=sys.stderr)
            report = time.monotonic() + 10
        time.sleep(0.001)
    elapsed = time.monotonic() - start
    for s in hosts + guests:
        s.close()
    time.sleep(0.5)
    print(
        json.dumps({"retries": retries, "paired": paired, "moves": moves, "elapsed": elapsed, "latencies": latencies}),
        flush=True,
    )


# ---- the driver -------------------------------------------------------------------------------
def run(n: int, plies: int, workers: int, think: float) -> dict:
    with LocalMailbox() as box:
        pid = box.proc.pid
        time.sleep(0.5)
        rss0, cpu0 = proc_rss(pid), proc_cpu(pid)
        peak = [rss0]
        stop = threading.Event()

        def sample():
            while not stop.wait(0.2):
                try:
                    peak[0] = max(peak[0], proc_rss(pid))
                except OSError:
                    return

        threading.Thread(target=sample, daemon=True).start()
        shares = [n // workers + (1 if i < n % workers else 0) for i in range(workers)]
        t0 = time.monotonic()
        procs = [
            subprocess.Popen(
                [sys.executable, __file__, "--worker", box.url, str(k), str(plies), str(think), str(i)],
                stdout=subprocess.PIPE,
                text=True,
            )
            for i, k in enumerate(shares)
            if k
        ]
        results = [json.loads(p.communicate()[0].strip().splitlines()[-1]) for p in procs]
        wall = time.monotonic() - t0
        stop.set()
        cpu = proc_cpu(pid) - cpu0
    lat = sorted(x for r in results for x in r["latencies"])
    moves = sum(r["moves"] for r in results)
    play = max(r["elapsed"] for r in results)

    def pct(p):
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    return {
        "games": n,
        "paired_s": max(r["paired"] for r in results),
        "moves": moves,
        "play_s": play,
        "moves_per_s": moves / play if play else 0.0,
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "server_cpu_s": cpu,
        "server_cpu_ms_per_game": cpu * 1000 / n,
        "server_cpu_pct": 100 * cpu / wall,
        "server_rss_mb": rss0 / 2**20,
        "server_peak_mb": peak[0] / 2**20,
        "server_kb_per_game": (peak[0] - rss0) / 1024 / n,
        "wall_s": wall,
        "retries": sum(r.get("retries", 0) for r in results),
    }


def main(argv=None) -> int:
    if argv is None and len(sys.argv) > 1 and sys.argv[1] == "--worker":
        url, games, plies, think, seed = sys.argv[2:7]
        worker(url, int(games), int(plies), float(think), int(seed))
        return 0
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default="10,100,500", help="comma-separated numbers of concurrent games")
    p.add_argument("--plies", type=int, default=40, help="plies per game at most")
    p.add_argument("--workers", type=int, default=2, help="client processes")
    p.add_argument("--think", type=float, default=0.0, help="seconds before each move")
    args = p.parse_args(argv)
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"plies per game {args.plies}, think {args.think} s, {args.workers} client processes")
    header = (
        f"{'games':>6} {'pair s':>7} {'moves':>7} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'srv CPU s':>9} {'CPU ms/game':>11} {'srv CPU %':>9} {'srv MB':>7} {'peak MB':>7} {'KB/game':>8}"
    )
    print(header)
    for n in [int(x) for x in args.games.split(",") if x.strip()]:
        r = run(n, args.plies, args.workers, args.think)
        print(
            f"{r['games']:>6} {r['paired_s']:>7.1f} {r['moves']:>7} {r['moves_per_s']:>8.1f} {r['p50_ms']:>7.1f} "
            f"{r['p99_ms']:>7.1f} {r['server_cpu_s']:>9.2f} {r['server_cpu_ms_per_game']:>11.1f} "
            f"{r['server_cpu_pct']:>9.1f} {r['server_rss_mb']:>7.1f} {r['server_peak_mb']:>7.1f} "
            f"{r['server_kb_per_game']:>8.1f} {r['retries']:>7}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
