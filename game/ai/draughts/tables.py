"""The tables a draughts search keeps: the transposition table, remembered evaluations and
history counts of the plain search, and the compiled search's arrays (fast.new_arrays), kept from
one timed move to the next in the process that plays (shared_tables, shared_fast), one set per
player where two play in one process (use_tables)."""

from __future__ import annotations

import numpy as np

from game.ai.draughts import fast as F

# The transposition table is a fixed list of slots (a position goes to hash(key) & mask, a newer
# or deeper entry replaces the one there), so it never has to be dropped at once: freeing a
# 1.5-million-entry dict took 0.15 s, in the middle of a timed move.
TT_BITS = 21  # slots for the timed searches that keep their tables from move to move
TT_BITS_FRESH = 17  # for a search that starts empty (node budgets, easy and medium: shallow)
# Static evaluations are remembered the same way, in slots: a dict of them had to be dropped when
# full, and freeing its 300,000 entries took about 20 ms inside a timed move.
EVAL_BITS = 18
KEPT8_BITS = 20  # the kept table of an 8x8 board's compiled search (25 MB; its positions are fewer)


def new_table(bits: int) -> list:
    return [None] * (1 << bits)


def new_tables() -> dict:
    # "fast": the compiled search's arrays, made when it first plays (50 MB)
    return {"tt": new_table(TT_BITS), "evals": new_table(EVAL_BITS), "hist": {}, "fast": None}


_SHARED = new_tables()  # see use_tables


def use_tables(tables: dict) -> dict:
    """Make `tables` (from new_tables) the ones timed searches keep; returns the previous ones.
    Two players in one process (a benchmark match) each keep their own this way."""
    global _SHARED
    old, _SHARED = _SHARED, tables
    return old


def shared_tables():
    """The tables that timed searches keep from one move to the next (in the worker process, for
    the whole game), as TurboEngine and Scan do: the previous move's analysis of the positions
    that can still arise orders and cuts the next search. Node-budget searches start empty, so
    that the same call gives the same answer whatever was searched before."""
    hist = _SHARED["hist"]
    for k in list(hist):  # old history counts fade toward 0 (a malus is negative)
        v = int(hist[k] / 4)
        if v:
            hist[k] = v
        else:
            del hist[k]
    return _SHARED["tt"], _SHARED["evals"], hist


def ready_fast() -> None:
    """Make the compiled search's kept arrays if they are not yet: call it before a move's clock
    starts (they take 50 MB, written when made)."""
    if _SHARED.get("fast") is None:
        _SHARED["fast"] = F.new_arrays()


def ready_board(compiled) -> None:
    """ready_fast for an 8x8 board's compiled search (a fast8.Compiled): its kept arrays, under
    its variant's name beside the 10x10 ones (so that use_tables keeps each player's)."""
    key = "fast8 " + compiled.variant.name
    if _SHARED.get(key) is None:
        _SHARED[key] = compiled.new_arrays(KEPT8_BITS)


def shared_board(compiled) -> tuple:
    """shared_fast for an 8x8 board's compiled search."""
    ready_board(compiled)
    arrays = _SHARED["fast8 " + compiled.variant.name]
    hist = arrays[F.HIST]
    np.copyto(hist, np.sign(hist) * (np.abs(hist) >> 2))
    return arrays


def shared_fast() -> tuple:
    """shared_tables for the compiled search: its arrays, history counts faded."""
    ready_fast()
    arrays = _SHARED["fast"]
    hist = arrays[F.HIST]  # old history counts fade toward 0 (a right shift keeps a malus at -1)
    np.copyto(hist, np.sign(hist) * (np.abs(hist) >> 2))
    return arrays
