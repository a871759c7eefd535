"""Lazy SMP for the compiled draughts search: while the main search deepens, helper threads
search the same root into the transposition table it shares with them (their own killers,
history and move rows, the first two copied from the main search), half of them a ply deeper.
The main search then finds more of its positions already searched; only the main search's
result is played. The compiled code runs without the interpreter's lock (game.ai.jit), so the
threads use separate cores.

Helpers run only for timed searches (a node budget must give the same move every time) and only
where the machine has cores to spare: threads() is 1 on a 2-core machine unless QIPAN_THREADS
says otherwise.
"""

from __future__ import annotations

import os
import threading
import time

import numpy as np

from game.ai.draughts import fast as F

MAX_THREADS = 4
STOP_WAIT = 0.005  # seconds stop() waits for the helpers to end
THREADS: int | None = None  # set: the count, whatever the environment says (benchmarks)


def threads() -> int:
    """How many threads a timed hard search uses: THREADS or QIPAN_THREADS if set, else half the
    cores (the other half stays with the window, the other programs and the opponent), at most 4."""
    if THREADS is not None:
        return max(1, THREADS)
    text = os.environ.get("QIPAN_THREADS", "").strip()
    if text:
        try:
            return max(1, min(64, int(text)))
        except ValueError:
            pass
    return max(1, min(MAX_THREADS, (os.cpu_count() or 1) // 2))


def helper_arrays(arrays, fast=F) -> tuple:
    """A helper's arrays: the transposition table (and the read-only evaluation and endgame
    tables) of `arrays`, everything it writes besides of its own. `fast`: fast.py, or an 8x8
    board's fast8.Compiled."""
    own = fast.new_arrays(2)
    return own[: F.TT] + (arrays[F.TT],) + own[F.TT + 1 : F.PHASE_OF] + arrays[F.PHASE_OF :]


class Helpers:
    """count - 1 helper threads searching (wm, wk, bm, bk, white) beside the main search of
    `arrays`; stop() ends them and returns the nodes they searched. `moves`: the root's moves as
    compiled rows (from, to, captured); `fast`: the compiled search's module (see helper_arrays)."""

    def __init__(self, arrays, count: int, state_bits, moves, n_history: int, hm: int, fast=F) -> None:
        wm, wk, bm, bk, white = state_bits
        eg_max = fast.eg_max((wm | wk | bm | bk).bit_count(), arrays)
        roots = np.array(moves, np.int64)
        self.helpers = []
        self.threads = []
        for i in range(count - 1):
            c = helper_arrays(arrays, fast)
            st = c[F.ST]
            st[F.REP_LEN] = n_history
            st[F.NEXT_CHECK] = st[F.EVERY] = F.CHECK
            st[F.EG_MAX] = eg_max
            c[F.REPS][:n_history] = arrays[F.REPS][:n_history]
            # start from the main search's move ordering (its killers and history of the moves
            # before), not from nothing: a cold helper spent its first iterations relearning it
            c[F.KILLERS][:] = arrays[F.KILLERS]
            c[F.HIST][:] = arrays[F.HIST]
            # vary the order of the root moves a little between helpers, so they do not all
            # walk the same tree at the same time
            rows = np.roll(roots, -(i // 2), axis=0)  # a copy: each helper reorders its own
            args = (wm, wk, bm, bk, int(white), rows, len(moves), 1 + (i + 1) % 2, hm, c)
            thread = threading.Thread(target=fast.helper_loop, args=args, name=f"draughts-helper-{i}", daemon=True)
            self.helpers.append(c)
            self.threads.append(thread)
        for thread in self.threads:
            thread.start()

    def stop(self) -> int:
        """Tell the helpers to stop and return the nodes they searched. A helper stops at its
        next node, but on a busy machine that thread may wait for a core for a while: the move
        must not, so this waits only a few milliseconds for them (a late one adds nothing to the
        next search but a few table entries)."""
        for c in self.helpers:
            c[F.ST][F.STOPPED] = 1
        end = time.perf_counter() + STOP_WAIT
        for thread in self.threads:
            thread.join(max(0.0, end - time.perf_counter()))
        return sum(int(c[F.ST][F.NODES]) for c in self.helpers)
