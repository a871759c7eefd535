"""Frame times of the board scene at 1920x1080 (SDL dummy video driver), and start-up time.

    python bench/bench_frames.py [--frames N] [--size 1920x1080]

Prints, per game with a view, the wall-clock time of a frame and its CPU time (this process only,
which other programs' load does not inflate):
  animate  median and 95th percentile of one frame (events + update + draw + flip) while pieces
           animate: a hot-seat game where a random legal move is played as soon as the previous
           animation ends;
  thinking the same while the computer thinks in its worker process (hard level, 3 s per move);
  analysing the same while the live analysis (A) searches in the worker, with how often it updates;
and the time from `python main.py` to the menu's first frame (3 runs, median), measured from
outside the process. Target: 95th percentile under 16.7 ms. Never fails on time.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


CPU: list = []  # CPU time of each measured frame (this process only: not inflated by other load)


def frame(app) -> float:
    t, c = time.perf_counter(), time.process_time()
    app.step(1 / 60)
    CPU.append((time.process_time() - c) * 1000)
    return (time.perf_counter() - t) * 1000


def bench_animate(app, game, frames, rng):
    scene = app.new_game(game, {}, mode="hotseat")
    app.step(1 / 60)
    times, cpu, anim_frames = [], [], 0
    while len(times) < frames:
        if scene.over():
            scene = app.new_game(game, {}, mode="hotseat")
            app.step(1 / 60)
        if scene.anim is None:
            scene.table.play(rng.choice(scene.legal_moves()))
        dt = frame(app)
        if scene.anim is not None:
            times.append(dt)
            cpu.append(CPU[-1])
            anim_frames += 1
        while app.top is not scene:  # a result screen: back to a new game
            app.back_to_menu()
            scene = app.new_game(game, {}, mode="hotseat")
    return times, cpu


def bench_thinking(app, game, frames, rng):
    app.ai_nodes, app.ai_time = None, 3.0
    scene = app.new_game(game, {}, mode="computer", human_seat=0, level="hard")
    app.step(1 / 60)
    times, cpu = [], []
    while len(times) < frames:
        if scene.over() or app.top is not scene:
            app.back_to_menu()
            scene = app.new_game(game, {}, mode="computer", human_seat=0, level="hard")
            app.step(1 / 60)
        if scene.human_turn() and scene.anim is None:
            scene.table.play(rng.choice(scene.legal_moves()))
        dt = frame(app)
        if scene.seats[1].thinking and scene.anim is None:
            times.append(dt)
            cpu.append(CPU[-1])
        time.sleep(max(0.0, 1 / 60 - dt / 1000))  # real time passes, as in the real frame loop
    app.worker.cancel()
    return times, cpu


UPDATES: dict = {}  # game -> analysis answers per second while analysing


def bench_analysing(app, game, frames, rng):
    """Frames while the live analysis runs in the worker (A on a hot-seat game a few moves in),
    and how often its display updates (answers per second)."""
    app.ai_nodes, app.ai_time = None, None
    scene = app.new_game(game, {}, mode="hotseat")
    for _ in range(6):
        if not scene.over():
            scene.table.play(rng.choice(scene.legal_moves()), animate=False)
    app.step(1 / 60)
    scene.analysis.toggle()
    times, cpu, answers, last = [], [], 0, None
    start = time.perf_counter()
    while len(times) < frames:
        dt = frame(app)
        if scene.analysis.result is not last:
            answers, last = answers + 1, scene.analysis.result
        times.append(dt)
        cpu.append(CPU[-1])
        time.sleep(max(0.0, 1 / 60 - dt / 1000))
    UPDATES[game] = answers / (time.perf_counter() - start)
    scene.analysis.close()
    app.worker.cancel()
    return times, cpu


def startup(size) -> list:
    out = []
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--windowed", "--size", size, "--exit-after-first-frame"],
            check=True,
            capture_output=True,
            cwd=ROOT,
            env={**os.environ, "QIPAN_HOME": "/tmp/qipan_bench_home"},
        )
        out.append((time.perf_counter() - t) * 1000)
    return out


def main(argv=None) -> int:
    import argparse

    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=300)
    p.add_argument("--size", default="1920x1080")
    args = p.parse_args(argv)
    os.environ.setdefault("QIPAN_HOME", "/tmp/qipan_bench_home")
    from game.app import App
    from game.rules import GAMES
    from game.scenes.views import VIEWS

    w, h = (int(v) for v in args.size.split("x"))
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, window {w}x{h} (SDL dummy video), "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    app = App(["--windowed", "--size", args.size], headless=True)
    app.step(1 / 60)
    rng = random.Random(1)
    for game in GAMES:
        if VIEWS.get(game) is None:
            print(f"{game:9s} no view yet")
            continue
        for label, (wall, cpu) in (
            ("animate ", bench_animate(app, game, args.frames, rng)),
            ("thinking", bench_thinking(app, game, max(60, args.frames // 2), rng)),
            ("analysing", bench_analysing(app, game, max(600, args.frames), rng)),  # 10 s: its budgets grow
        ):
            print(
                f"{game:9s} {label}  wall median {statistics.median(wall):5.2f} ms  p95 {pct(wall, 0.95):5.2f} ms"
                f"   cpu median {statistics.median(cpu):5.2f} ms  p95 {pct(cpu, 0.95):5.2f} ms  ({len(wall)} frames)"
            )
        print(f"{game:9s} analysis: {UPDATES.get(game, 0):.2f} updates per second (budgets 0.3, 1, 3, 8, 20 s)")
        app.back_to_menu()
    app.close()
    s = startup(args.size)
    print(
        f"start-up to the menu's first frame: median {statistics.median(s):.0f} ms (runs: {', '.join(f'{v:.0f}' for v in s)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
