"""Endgame tables of the 8x8 variants (Russian, Brazilian draughts, English checkers): the same
index, file format and retrograde solver as the 10x10 tables (egdb, egdb.build), compiled once
more over the 8x8 board by game.ai.jit.specialise: the index reads the board's geometry as
module constants (egdb.board_constants), the solver the variant's move generator
(fast_board8.board) and its men's shifts and king steps. One file a variant holds its 2- to
4-piece tables with their plies to a conversion (egdb8_<variant>.bin in this package, built by
`python -m game.ai.draughts.egdb build8`); Russian and Brazilian ship (SHIPPED). English
checkers has none: hard converted its small endings without them, so a variant without its
file probes nothing (its tables are empty) unless `use` gives it tables built in memory.

VariantTables answers what the 10x10 module answers for its tables (value, best_moves,
root_moves' questions), and probe_for(variant) gives the compiled search (fast8.py) its probe.
"""

from __future__ import annotations

import lzma
import threading
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from game.ai.draughts import egdb as E
from game.ai.draughts import fast_board8 as B8
from game.ai.draughts.egdb import build as G
from game.ai.jit import AVAILABLE, njit, specialise
from game.rules import draughts_variants as V
from game.rules.draughts_movegen import generator

PIECES = 4  # the most pieces the 8x8 tables hold
# the variants whose file ships: hard without tables lets won Russian and Brazilian endings slip
# under their counts, not English ones (bench/RESULTS.md, "Endgame tables on 8x8")
SHIPPED = ("russian", "brazilian")
DIST_PRESET = 6  # lzma preset of the shipped distances (1.2 MB a variant; the 10x10 builder's 1: 1.5 MB)
INDEX_FUNCTIONS = (E.radices, E.size_of, E.rank_group, E.pos_index, E.nth_free, E.unrank_group, E.decode, E.probe)
_G8 = V.RUSSIAN.geometry
BOARD8 = E.board_constants(_G8.n, _G8.width, _G8.sq_bit, _G8.promo_w, _G8.promo_b)
INDEX8 = specialise(INDEX_FUNCTIONS, BOARD8, "egdb8")  # the three variants share the board
SOLVE_FUNCTIONS = (G._update, G.first_pass, G.propagate, G.forward_solve)


@njit
def counted_none(wm, wk, bm, bk):
    return False


@njit
def counted_russian(wm, wk, bm, bk):
    """A Russian count runs: up to 4 pieces, both sides with a king (the balance count; three
    kings against one are such a position too)."""
    return wk != 0 and bk != 0


COUNTED = {"russian": counted_russian, "fmjd": E.counted, "none": counted_none}  # Brazilian: FMJD


def file_path(variant: V.Variant) -> Path:
    return E.package_dir() / f"egdb8_{variant.name}.bin"


class VariantTables:
    """One 8x8 variant's tables: solved by `solver`, read from file_path (loaded on first use)."""

    WIN, DRAW, LOSS, UNUSED = E.WIN, E.DRAW, E.LOSS, E.UNUSED

    def __init__(self, variant: V.Variant):
        self.variant = variant
        board = B8.board(variant)
        self.gen = generator(variant)
        constants = {
            **{name: INDEX8[name] for name in ("decode", "pos_index", "probe")},
            "gen_moves": board["gen_moves"],
            "apply_move": board["apply_move"],
            "step": B8.step,
            "MASK": B8.MASK,
            "S1": B8.S1,
            "S2": B8.S2,
            "FLYING": int(variant.flying_kings),
        }
        self.solve = specialise(SOLVE_FUNCTIONS, constants, "egdb8_" + variant.name)
        self.solver = G.Solver(INDEX8["size_of"], self.solve["first_pass"], self.solve["propagate"])
        self.size_of, self.pos_index, self.decode = INDEX8["size_of"], INDEX8["pos_index"], INDEX8["decode"]
        self.probe = INDEX8["probe"]
        self.material = E.material
        self.counted_fn = COUNTED[variant.endgame]
        self._loaded: tuple | None = None
        self._dist: dict = {}
        self._from_file = True
        self._lock = threading.Lock()

    # ---- building and loading
    def build(self, progress: Callable[[str], None] | None = None) -> tuple:
        """({code: packed bytes}, {code: packed distances}) of every material of 2-4 pieces."""
        blobs: dict = {}
        dists: dict = {}
        for pieces in range(2, PIECES + 1):
            blobs.update(G.build(pieces, dict(blobs), progress, dists, solver=self.solver))
        # shipped in the repository: compressed harder than the 10x10 builder's quick preset
        return blobs, {code: lzma.compress(lzma.decompress(d), preset=DIST_PRESET) for code, d in dists.items()}

    def write(self, path: Path | None = None, progress: Callable[[str], None] | None = None) -> Path:
        path = file_path(self.variant) if path is None else path
        blobs, dists = self.build(progress)
        E.write_file(path, PIECES, blobs, dists, size=self.size_of)
        return path

    def tables(self) -> tuple:
        """(data, off) for probe, loaded once; empty (off[TOP] 0) without the file."""
        if self._loaded is None:
            with self._lock:
                if self._loaded is None:
                    path = file_path(self.variant)
                    blobs = E.read_file(path, self.size_of) if path.is_file() else {}
                    self._loaded = E.assemble(blobs)
        return self._loaded

    def use(self, blobs: dict) -> None:
        """Probe these tables ({code: packed bytes}, from build) instead of the file's."""
        with self._lock:
            self._loaded = E.assemble(blobs)
            self._dist = {}
            self._from_file = False

    def forget(self) -> None:
        """Drop the tables in memory: the next probe reads the file again (or finds none)."""
        with self._lock:
            self._loaded, self._dist, self._from_file = None, {}, True

    def pieces_covered(self) -> int:
        return int(self.tables()[1][E.TOP])

    # ---- what the root asks (egdb.play)
    def value(self, wm, wk, bm, bk, white) -> int:
        data, off = self.tables()
        return int(self.probe(wm, wk, bm, bk, int(white), data, off))

    def counted(self, wm, wk, bm, bk) -> bool:
        """A counting rule of the variant runs in this material: a win is then only an evaluation
        to the search (fast.py's EG_COUNTED)."""
        return bool(self.counted_fn(wm, wk, bm, bk))

    def apply_move(self, wm, wk, bm, bk, white, mv):
        """An internal move (from, to, captured, crowned) of the rules' generator applied."""
        return self.gen.apply(wm, wk, bm, bk, white, mv)[:5]

    def child_value(self, wm, wk, bm, bk, white, mv) -> int:
        a, b, c, d, _ = self.apply_move(wm, wk, bm, bk, white, mv)
        if not ((c | d) if white else (a | b)):
            return E.WIN
        v = self.value(a, b, c, d, not white)
        return 4 - v if v else E.UNUSED

    def best_moves(self, wm, wk, bm, bk, white, moves) -> list | None:
        """egdb.best_moves on this board."""
        if (wm | wk | bm | bk).bit_count() > self.pieces_covered():
            return None
        vals = [self.child_value(wm, wk, bm, bk, white, mv) for mv in moves]
        if not vals or E.UNUSED in vals:
            return None
        best = max(vals)
        return [mv for mv, v in zip(moves, vals) if v == best]

    def value_by_moves(self, wm, wk, bm, bk, white) -> int:
        """egdb.value_by_moves on this board (the tests' check)."""
        best = E.LOSS
        for mv in self.gen.moves(wm, wk, bm, bk, white):
            a, b, c, d, _ = self.apply_move(wm, wk, bm, bk, white, mv)
            if not self.gen.moves(a, b, c, d, not white):
                return E.WIN
            best = max(best, 4 - self.value(a, b, c, d, not white))
        return best

    def distances(self, code: int, seconds: float | None = None) -> np.ndarray | None:
        """A material's plies to a conversion (the file's, else solved again: 8x8 materials are
        small)."""
        found = self._dist.get(code)
        if found is not None:
            return found
        data, off = self.tables()
        if off[code] < 0:
            return None
        path = file_path(self.variant)
        dist = E.read_dist(path, code, self.size_of) if self._from_file and path.is_file() else None
        if dist is None:
            if not AVAILABLE:
                return None
            _, dist = G.values(code, data, off, self.solver)
        self._dist[code] = dist
        return dist


_TABLES: dict = {}
_made = threading.Lock()


def tables_for(variant: V.Variant) -> VariantTables:
    """The variant's tables (made once a process; the file is read on first probe)."""
    with _made:
        found = _TABLES.get(variant.name)
        if found is None:
            found = _TABLES[variant.name] = VariantTables(variant)
    return found


def build_all(progress: Callable[[str], None] | None = None, names=SHIPPED) -> list:
    """Build and write the variants' files into the package: [(path, bytes, seconds)]."""
    out = []
    for name in names:
        t0 = time.perf_counter()
        path = tables_for(V.get(name)).write(progress=progress)
        out.append((path, path.stat().st_size, time.perf_counter() - t0))
    return out
