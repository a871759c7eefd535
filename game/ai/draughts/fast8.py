"""The compiled search on the 8x8 boards (Russian, Brazilian, English): fast.py's own search,
compiled once more for each variant over fast_board8's move generator and evaluation
(game.ai.jit.specialise replaces the board's functions and constants that fast.py's search
calls). So the 8x8 variants search with the same algorithm, node for node the plain search of
search.py over family.py's 8x8 boards (tests/test_draughts_fast8.py), and only the board is
their own. The variant's 2-4 piece endgame tables (egdb.variants) are probed as 10x10's are,
where the search's arrays hold them (with_tables: the levels whose row has `tables`); there is
no opening book on 8x8. A timed search keeps its arrays from move to move as 10x10's does
(tables.shared_board), and pondering fills them.

Compiled(variant) has the part of fast.py's interface that search.FastSearch uses, and turns
the rules' internal moves (from, to, captured, crowned) into the compiled rows and back.
"""

from __future__ import annotations

import threading

import numpy as np

from game.ai.common import SearchStopped
from game.ai.draughts import egdb
from game.ai.draughts import fast as F
from game.ai.draughts import fast_board8 as B8
from game.ai.draughts.egdb import variants as EV
from game.ai.draughts.tables import KEPT8_BITS, ready_board, shared_board
from game.ai.jit import AVAILABLE, specialise
from game.rules import draughts_variants as V
from game.rules.draughts_movegen import generator

SEARCH_FUNCTIONS = (F.search, F.root_iter, F.helper_loop)
CROWN = B8.CROWN


def row(move) -> tuple:
    """An internal move (from, to, captured, crowned) as a compiled row (from, to, captured)."""
    frm, to, caps, crowned = move
    return frm, to, caps | (CROWN if crowned else 0)


def move(frm: int, to: int, caps: int) -> tuple:
    """A compiled row as the rules' internal move."""
    return frm, to, caps & ~CROWN, bool(caps & CROWN)


class Compiled:
    """One 8x8 variant's compiled board (`board`: name -> function) and search."""

    TT_BITS_FRESH, REP, REPS, ST, EVERY, CHECK = F.TT_BITS_FRESH, F.REP, F.REPS, F.ST, F.EVERY, F.CHECK
    hkey = staticmethod(F.hkey)

    def __init__(self, variant: V.Variant):
        self.variant = variant
        self.board = board = B8.board(variant)
        on_board = {
            "side_has_capture": board["has_capture"],
            "side_captures": board["gen_captures"],
            "gen_quiets": board["gen_quiets"],
            "threatened": board["threatened"],
            "apply_move": board["apply_move"],
            "evaluate": B8.evaluate,
            "MASK": B8.MASK,
            "S1": B8.S1,
            "S2": B8.S2,
            "DRAW_PLIES": variant.kings_only_plies,
            "eg_probe": EV.INDEX8["probe"],
            "eg_counted": EV.COUNTED[variant.endgame],
        }
        self.search = specialise(SEARCH_FUNCTIONS, on_board, "board8_" + variant.name)
        self.root_iter, self.helper_loop = self.search["root_iter"], self.search["helper_loop"]
        self.values = B8.eval_arrays(variant)
        self.warmed = False
        self._warm = threading.Lock()

    def new_arrays(self, tt_bits: int = F.TT_BITS_FRESH) -> tuple:
        """The search's arrays, as fast.new_arrays makes them, with the 8x8 evaluation's values
        where the 10x10 one's stand and the variant's endgame tables (with_tables takes them out
        for a search that must not probe them)."""
        rows = F.MAX_PLY + 2
        men_w, men_b, params = self.values
        return (
            np.zeros(8, np.int64),
            np.full((1 << tt_bits, 3), 0, np.int64),
            np.zeros((rows, 2, 2), np.int64),
            np.zeros(64 * 64, np.int64),
            np.zeros(F.REP, np.int64),
            np.zeros((rows, B8.MAXM, 3), np.int64),
            np.zeros((rows, B8.MAXM), np.int64),
            np.zeros((B8.RAW, 3), np.int64),
            np.zeros(B8.MAXM, np.int64),
            np.zeros((rows, F.LEN + 1, 3), np.int64),
            men_w,
            men_b,
            params,
            params,
            *EV.tables_for(self.variant).tables(),
        )

    def arrays(self, tables: str) -> tuple:
        """A search's arrays for search.make_search's `tables`: "shared" the ones kept from move to
        move (tables.shared_board, made by warm), "fresh" small new ones, "full" large new ones."""
        if tables == "shared":
            return shared_board(self)
        return self.new_arrays(F.TT_BITS_FRESH if tables == "fresh" else KEPT8_BITS)

    def with_tables(self, arrays, on: bool = True) -> tuple:
        """arrays with the variant's endgame tables (on), or with none (EG_MAX stays 0)."""
        data, off = EV.tables_for(self.variant).tables() if on else NO_TABLES
        return arrays if arrays[F.EG_OFF] is off else arrays[: F.EG_DATA] + (data, off)

    @staticmethod
    def eg_max(pieces: int, arrays) -> int:
        return F.eg_max(pieces, arrays)

    def warm(self, kept: bool = False, progress=None) -> None:
        """Compile this variant's search (or load it from numba's cache) before a clock starts,
        and with `kept` make the arrays its timed searches keep (tables.ready_board); progress as
        fast.warm's."""
        if kept and available():
            ready_board(self)
        with self._warm:
            if self.warmed or not available():
                if progress is not None:
                    progress(1.0)
                return
            F.compile_with_progress(self._compile, progress)
            self.warmed = True

    def _compile(self) -> None:
        arrays = self.new_arrays(4)
        arrays[F.ST][F.LIMIT] = 50
        sq = self.variant.geometry.square
        bits = (sq[21], 0, sq[9], 0)  # a white man on 22, a black one on 10
        roots = np.array([row(self.variant_moves(bits)[0])], np.int64)
        self.root_iter(*bits, 1, roots, 1, np.int64(3), -F.INF, F.INF, 0, arrays)
        arrays[F.ST][F.STOPPED] = 1  # compiled for the lazy-SMP helpers (smp.py); returns at once
        self.helper_loop(*bits, 1, roots, 1, 1, 0, arrays)
        F.hkey(*bits, 1)
        # the root's table lookups from Python (egdb.play), as fast._compile loads 10x10's
        tables, code = EV.tables_for(self.variant), int(egdb.material(*bits))
        tables.value(*bits, True), tables.size_of(code), tables.pos_index(*bits, code)

    def variant_moves(self, bits) -> list:
        wm, wk, bm, bk = bits
        return generator(self.variant).moves(wm, wk, bm, bk, True)

    def run_iteration(self, arrays, budget, n_history, state_bits, moves, depth, alpha, beta, hm):
        """fast.run_iteration for this board: (best move, score), or SearchStopped with the
        unfinished iteration's (move, score) or None."""
        st = arrays[F.ST]
        st[F.NODES] = budget.nodes
        st[F.LIMIT] = budget.limit if budget.limit is not None else 0
        st[F.STOPPED] = 0
        st[F.REP_LEN] = n_history
        st[F.NEXT_CHECK] = budget.nodes + st[F.EVERY]
        wm, wk, bm, bk, white = state_bits
        st[F.EG_MAX] = F.eg_max((wm | wk | bm | bk).bit_count(), arrays)
        roots = np.array([row(m) for m in moves], np.int64)
        F._budget = budget  # fast.poll reads the clock of the running search there
        try:
            best_i, best, part_i, part_sc = self.root_iter(
                wm, wk, bm, bk, int(white), roots, len(moves), depth, alpha, beta, hm, arrays
            )
        finally:
            F._budget = None
        budget.nodes = int(st[F.NODES])
        if st[F.STOPPED]:
            raise SearchStopped((moves[part_i], int(part_sc)) if part_i >= 0 else None)
        return moves[best_i], int(best)

    @staticmethod
    def root_line(arrays) -> list:
        return [move(*m) for m in F.root_line(arrays)]

    @staticmethod
    def tt_move(arrays, key):
        found = F.tt_move(arrays, key)
        return None if found is None else move(*found)


NO_TABLES = egdb.assemble({})  # (data, off) that hold no material: off[TOP] is 0
_COMPILED: dict = {}


def available() -> bool:
    """Whether the 8x8 boards' compiled search can play (numba is there)."""
    return AVAILABLE


def compiled(variant: V.Variant) -> Compiled:
    """The variant's compiled search (made on first use, then kept; compiled on its first run)."""
    found = _COMPILED.get(variant.name)
    if found is None:
        found = _COMPILED[variant.name] = Compiled(variant)
    return found
