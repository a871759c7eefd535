"""Costs of the shell's storage, sounds and fonts, as the player feels them.

    python bench/bench_storage.py

- autosave write (atomic: temp file, fsync, rename) after every move, of a long game of each kind:
  it runs on the UI thread, so it must fit in a frame;
- Continue: reading the autosave back and replaying it (every state rebuilt through the rules);
- synthesising the eight sounds (done in a background thread at start);
- loading the two font subsets and drawing a line of Chinese.
Prints figures; never fails on time.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import storage  # noqa: E402
from game.match import Match  # noqa: E402
from game.rules import GAMES, module  # noqa: E402


def long_game(game, plies, seed=1):
    rules = module(game)
    rng = random.Random(seed)
    state = rules.new_game(seed=seed) if game == "banqi" else rules.new_game()
    start = {"seed": seed} if game == "banqi" else {"text": rules.to_text(state)}
    moves = []
    while len(moves) < plies:
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(str(move))
        state = state.play(move)
    return storage.GameRecord(game=game, start=start, moves=moves)


def timed(fn, repeat):
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    out.sort()
    return statistics.median(out), out[min(len(out) - 1, int(len(out) * 0.95))]


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["QIPAN_HOME"] = home
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores")
        print("autosave after a move: time on the UI thread (the file is written by a background thread),")
        print("time until it is on disk (atomic write + fsync); Continue: read + replay. Milliseconds,")
        print("median / 95th percentile:")
        for game in GAMES:
            try:
                record = long_game(game, 200)
            except Exception as exc:  # a rules module under construction
                print(f"  {game:9s} skipped: {exc}")
                continue

            def ui():
                storage.write_autosave(record)
                t = time.perf_counter()
                storage.flush_autosave()  # outside the measured part: the next move comes later
                return t

            ui_times = []
            for _ in range(40):
                t0 = time.perf_counter()
                t1 = ui()
                ui_times.append((t1 - t0) * 1000)
            ui_times.sort()
            u = statistics.median(ui_times), ui_times[int(len(ui_times) * 0.95)]
            d = timed(lambda: storage.write_autosave(record, wait=True), 40)
            r = timed(lambda: Match.from_record(storage.read_autosave()[0]), 10)
            size = storage.autosave_path().stat().st_size
            print(
                f"  {game:9s} {len(record.moves):3d} moves, {size:5d} bytes: UI {u[0]:5.2f} / {u[1]:5.2f}"
                f"   on disk {d[0]:5.1f} / {d[1]:5.1f}   continue {r[0]:6.1f} / {r[1]:6.1f}"
            )
    from game import audio

    audio._buffers.clear()
    t = time.perf_counter()
    takes = 0
    for name in audio.NAMES:
        for variant in range(audio.VARIANTS.get(name, 1)):
            audio.buffer_for(name, 44100, -16, 2, variant)
            takes += 1
    print(
        f"sounds: all {len(audio.NAMES)} ({takes} takes) synthesised in {(time.perf_counter() - t) * 1000:.0f} ms "
        f"(background thread at start)"
    )
    import pygame

    pygame.font.init()
    from game import fonts

    t = time.perf_counter()
    fonts.font(24)
    fonts.font(48, serif=True)
    t1 = time.perf_counter()
    fonts.font(24).render("王宫双门棋 国际跳棋 中国象棋翻棋", True, (0, 0, 0))
    t2 = time.perf_counter()
    print(
        f"fonts: both subsets loaded in {(t1 - t) * 1000:.1f} ms, a first Chinese line drawn in "
        f"{(t2 - t1) * 1000:.1f} ms; sizes {fonts.SANS_FILE.stat().st_size // 1024} KiB + "
        f"{fonts.SERIF_FILE.stat().st_size // 1024} KiB"
    )


if __name__ == "__main__":
    main()
