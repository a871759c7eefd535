"""The endgame tables' generator: retrograde analysis, one material at a time, compiled by numba.

A material's positions only lead, within it, to positions of the same material by a quiet move
that does not promote; a capture leaves it for a material with fewer pieces, a promotion for
one with a man less, both solved before (materials() orders them so). So:
1. every position is looked at once: a capture position gets its value from the smaller tables
   at once; a quiet one counts its moves that stay inside and takes the best value of those that
   leave (a promotion); no move at all is a loss;
2. from every lost or won position, the moves that lead to it are generated backwards (the side
   that just moved: a king back along any free diagonal, a man one step back) and the
   predecessors updated: a move into a lost position wins; a move into a won one is one
   refutation less, and when none is left the predecessor is lost (or drawn if a promotion
   draws);
3. what is left unresolved is a draw (neither side can force anything).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import numpy as np

from game.ai.draughts import egdb as E
from game.ai.draughts.egdb import decode, pos_index, probe
from game.ai.draughts.fast_board import MASK, MAXM, RAW, apply_move, gen_moves, step
from game.ai.jit import njit

SKIP = 4  # an unused slot while solving (packed as 0)
# the board's (replaced by game.ai.jit.specialise for the 8x8 variants: egdb.variants): a man's
# two diagonal shifts, and whether kings fly (else a king steps back one square only)
S1, S2, FLYING = 6, 7, 1


@njit
def first_pass(code, n, data, off, val, cnt, queue, raw, mv):
    """Step 1 for the 2n entries of a material; returns (queued entries, lookups that found
    no table: must be 0)."""
    tail = 0
    missing = 0
    for e in range(2 * n):
        white = 1 if e >= n else 0
        wm, wk, bm, bk, ok = decode(e - n * white, code)
        if not ok:
            val[e] = SKIP
            continue
        k = gen_moves(wm, wk, bm, bk, white, raw, mv)
        if k == 0:
            val[e] = E.LOSS
            queue[tail] = e
            tail += 1
            continue
        inside = 0
        best = 0
        for j in range(k):
            a, b, c, d, _ = apply_move(wm, wk, bm, bk, white, mv[j, 0], mv[j, 1], mv[j, 2])
            if mv[j, 2] == 0 and E.material(a, b, c, d) == code:
                inside += 1
                continue
            if not ((a | b) if white == 0 else (c | d)):
                r = E.WIN  # the opponent has no piece left
            else:
                v = probe(a, b, c, d, 1 - white, data, off)
                if v == 0:
                    missing += 1
                    v = E.DRAW
                r = 4 - v
            if r > best:
                best = r
        if best == E.WIN or inside == 0:
            val[e] = best
            if best != E.DRAW:
                queue[tail] = e
                tail += 1
        else:
            cnt[e] = inside | (128 if best == E.DRAW else 0)
    return tail, missing


@njit
def _update(e2, v, val, cnt, queue, tail, dist, d):
    if val[e2] != 0:
        return tail
    if v == E.LOSS:
        val[e2] = E.WIN
        dist[e2] = d
        queue[tail] = e2
        return tail + 1
    c = cnt[e2] - 1
    cnt[e2] = c
    if c & 127 == 0:
        if c & 128:
            val[e2] = E.DRAW
        else:
            val[e2] = E.LOSS
            dist[e2] = d  # the last refutation found is the longest: the queue goes by distance
            queue[tail] = e2
            tail += 1
    return tail


@njit
def propagate(code, n, val, cnt, queue, tail, dist):
    """Step 2: the queue holds the won and lost entries in the order found. dist: plies to a
    conversion (capture or promotion) with best play, the loser delaying it (0 where step 1
    decided)."""
    head = 0
    while head < tail:
        e = queue[head]
        head += 1
        white = 1 if e >= n else 0
        wm, wk, bm, bk, _ = decode(e - n * white, code)
        v = val[e]
        d = min(dist[e] + 1, 255)
        u = 1 - white  # the side that just moved: to move in the predecessors
        empty = MASK ^ (wm | wk | bm | bk)
        kings = wk if u else bk
        while kings:
            t = kings & -kings
            kings ^= t
            for k in range(4):
                x = step(t, k)
                while x & empty:
                    if u:
                        i = pos_index(wm, (wk ^ t) | x, bm, bk, code)
                    else:
                        i = pos_index(wm, wk, bm, (bk ^ t) | x, code)
                    tail = _update(u * n + i, v, val, cnt, queue, tail, dist, d)
                    if not FLYING:
                        break
                    x = step(x, k)
        men = wm if u else bm
        while men:
            t = men & -men
            men ^= t
            for sh in (S1, S2):
                f = (t << sh) if u else (t >> sh)  # white men move toward square 1 (lower bits)
                if f & empty:
                    if u:
                        i = pos_index((wm ^ t) | f, wk, bm, bk, code)
                    else:
                        i = pos_index(wm, wk, (bm ^ t) | f, bk, code)
                    tail = _update(u * n + i, v, val, cnt, queue, tail, dist, d)
    return head


@njit
def pack(val, data, start):
    """Unresolved entries become draws, unused slots 0."""
    for e in range(val.shape[0]):
        v = val[e]
        if v == 0:
            v = E.DRAW
        elif v == SKIP:
            v = 0
        data[(start + e) >> 2] |= np.uint8(v << ((start + e) & 3) * 2)


class Solver(NamedTuple):
    """A board's compiled solving functions: 10x10's below (BOARD10), the 8x8 variants' copies
    of them (egdb.variants)."""

    size_of: Callable
    first_pass: Callable
    propagate: Callable


def values(code: int, data, off, solver: Solver | None = None) -> tuple:
    """(value, plies to conversion) of every entry of one material, unpacked (unused slots
    SKIP, draws 0), over the tables (data, off) of the materials it leads to."""
    solver = BOARD10 if solver is None else solver
    n = int(solver.size_of(code))
    val = np.zeros(2 * n, np.uint8)
    cnt = np.zeros(2 * n, np.uint8)
    dist = np.zeros(2 * n, np.uint8)
    queue = np.zeros(2 * n, np.int32)
    off = off.copy()
    off[code] = -1  # not readable while being solved
    raw, mv = np.zeros((RAW, 3), np.int64), np.zeros((MAXM, 3), np.int64)
    tail, missing = solver.first_pass(code, n, data, off, val, cnt, queue, raw, mv)
    if missing:
        raise RuntimeError(f"material {code}: {missing} successors in no table (solve smaller ones first)")
    solver.propagate(code, n, val, cnt, queue, tail, dist)
    return val, dist


def solve(code: int, data, off, dists: dict, solver: Solver | None = None) -> tuple:
    """Solve one material into data at off[code] (set by the caller) and dists[code]
    (E.pack_dist).
    Returns (wins, draws, losses) over both sides to move."""
    val, dist = values(code, data, off, solver)
    pack(val, data, off[code])
    dists[code] = E.pack_dist(dist)
    counts = np.bincount(val, minlength=5)
    return int(counts[E.WIN]), int(counts[E.DRAW] + counts[0]), int(counts[E.LOSS])


def build(
    pieces: int,
    base: dict | None = None,
    progress: Callable[[str], None] | None = None,
    dists=None,
    fraction: Callable[[float], None] | None = None,
    solver: Solver | None = None,
) -> dict:
    """The tables of every material with `pieces` pieces, over `base` ({code: packed bytes} of
    all smaller ones, built here if None). Returns {code: packed bytes} of the new ones; their
    plies to a conversion go to `dists` ({code: bytes}) if given. progress(a line of text) and
    fraction(share of the positions solved, 0..1) after each material. solver: the board's
    (default 10x10's)."""
    solver = BOARD10 if solver is None else solver
    if dists is None:
        dists = {}
    if base is None:
        base = {}
        for p in range(2, pieces):
            base.update(build(p, base, progress, solver=solver))
    codes = E.materials(pieces)
    sizes = {code: 2 * int(solver.size_of(code)) for code in codes}
    data, off = E.assemble(base, sum(s + 3 for s in sizes.values()))
    at = 4 * sum(len(b) for b in base.values())
    for code in codes:
        off[code] = at
        at += (sizes[code] + 3) // 4 * 4
    off[E.TOP] = pieces
    out = {}
    done, total = 0, sum(sizes.values())
    for code in codes:
        t0 = time.perf_counter()
        w, d, l = solve(code, data, off, dists, solver)
        start = int(off[code]) // 4
        out[code] = data[start : start + (sizes[code] + 3) // 4].tobytes()
        done += sizes[code]
        if fraction is not None:
            fraction(done / total)
        if progress is not None:
            progress(
                f"{pieces} pieces {100 * done / total:5.1f}%  {name(code):10s} {sizes[code]:>10,} positions"
                f"  win {w:,} draw {d:,} loss {l:,}  {time.perf_counter() - t0:.1f} s"
            )
    return out


def build_file(
    pieces: int,
    out: Path,
    progress: Callable[[str], None] | None = None,
    fraction: Callable[[float], None] | None = None,
    solved_share: float = 0.8,
) -> Path:
    """Build the `pieces`-piece tables into out/egdbN.bin over the smaller tables present (those
    missing are built into `out` first) and return the file's path. fraction(0..1) over the whole
    job: the solving the first `solved_share` of it, the compression and writing the rest."""
    base: dict = {}
    for p in range(2, pieces):
        path = E.find_file(p)
        if path is None:
            if progress is not None:
                progress(f"building the {p}-piece tables first")
            dists: dict = {}
            blobs = build(p, base, progress, dists)
            E.write_file(out / E.file_name(p), p, blobs, dists)
        else:
            blobs = E.read_file(path)
        base.update(blobs)
    dists = {}
    solved = None if fraction is None else (lambda f: fraction(solved_share * f))
    blobs = build(pieces, base, progress, dists, solved)
    path = out / E.file_name(pieces)
    written = None if fraction is None else (lambda f: fraction(solved_share + (1 - solved_share) * f))
    E.write_file(path, pieces, blobs, dists, written)
    return path


def name(code: int) -> str:
    """A material as text: 'WW w v B' is two white kings and a white man against a black king."""
    a, b, c, d = code // 125, (code // 25) % 5, (code // 5) % 5, code % 5
    return "W" * b + "w" * a + "v" + "B" * d + "b" * c


@njit
def forward_solve(code, n, data, off, val, when, raw, mv):
    """An independent check of first_pass + propagate (tests): the same values by sweeping every
    position again and again (win if a move reaches a lost position, loss if every move reaches
    a won one) until a sweep changes nothing. Slow (one sweep per ply of the longest win), but it
    needs no backward moves. when[e]: the sweep that decided entry e (a win or loss in
    when[e] - 1 plies with best play).
    Returns the number of sweeps."""
    sweeps = 0
    changed = True
    while changed:
        changed = False
        sweeps += 1
        for e in range(2 * n):
            if val[e] != 0:
                continue
            white = 1 if e >= n else 0
            wm, wk, bm, bk, ok = decode(e - n * white, code)
            if not ok:
                val[e] = SKIP
                continue
            k = gen_moves(wm, wk, bm, bk, white, raw, mv)
            best = E.LOSS
            unknown = False
            for j in range(k):
                a, b, c, d, _ = apply_move(wm, wk, bm, bk, white, mv[j, 0], mv[j, 1], mv[j, 2])
                if not ((a | b) if white == 0 else (c | d)):
                    r = E.WIN
                elif E.material(a, b, c, d) == code:
                    e2 = (1 - white) * n + pos_index(a, b, c, d, code)
                    v = val[e2]
                    if v == 0 or when[e2] == sweeps:  # decided in this sweep: next one (plies exact)
                        unknown = True
                        continue
                    r = 4 - v
                else:
                    r = 4 - probe(a, b, c, d, 1 - white, data, off)
                if r > best:
                    best = r
            if best == E.WIN or not unknown:
                val[e] = best
                when[e] = sweeps
                changed = True
    return sweeps


BOARD10 = Solver(E.size_of, first_pass, propagate)
