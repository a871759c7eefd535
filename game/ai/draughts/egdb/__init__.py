"""Endgame database for international draughts: the theoretical win / draw / loss of every
position with 2 to 4 pieces (men and kings, each side at least one), for the side to move.

Values are those of best play under the rules' move generator (maximum capture, flying kings,
promotion only at the end of a move) with no counting rule: the FMJD 16- and 5-move clocks are
the rules' business (game.rules.draughts.advance_clocks), and the search (fast.py) does not claim
a database win where such a clock runs (docs/ENGINES.md).

Index (one per material: white men, white kings, black men, black kings): each group of alike
pieces is a combination ranked by the combinatorial number system, men over their 45 squares
(never their own promotion row), white kings over the squares the men leave free, black kings
over those the men and white kings leave free. Only white and black men can collide; those slots
are unused. Entries: black to move first, then white to move, 2 bits each (0 unused, 1 loss,
2 draw, 3 win), 4 to a byte, each material compressed on its own (build.py writes the files).

The 2- and 3-piece tables ship in this package (egdb2.bin, egdb3.bin, 0.1 MB); the 4-piece one
(85 million positions) is built once on the player's machine, from Settings (background.py, in a
process of its own) or with `python -m game.ai.draughts.egdb build --pieces 4`, into the per-user
data folder, and used when present: a process that loaded fewer tables looks again now and then
(tables()), so a table built while the app runs is used by its next search.
"""

from __future__ import annotations

import json
import lzma
import os
import struct
import threading
import time
from collections.abc import Callable
from math import comb
from pathlib import Path

import numpy as np

from game.ai.draughts.fast_board import index, popcnt
from game.ai.jit import njit
from game.atomic_write import atomic_write_bytes
from game.rules import draughts_board as B

UNUSED, LOSS, DRAW, WIN = 0, 1, 2, 3
# 5 builds and loads the 5-piece tables too (bench/RESULTS.md, round 15): no gain shown yet, for
# 50 minutes and 3.5 GB to build, 9 s and 830 MB to load, up to 0.8 s to read a material's distances
MAX_PIECES = 4
NMAT = 625  # material code: white men * 125 + white kings * 25 + black men * 5 + black kings
TOP = NMAT  # off[TOP]: the most pieces of any loaded material (0: no tables)
SHIPPED = (2, 3)  # piece counts whose tables ship in the package
MAGIC = b"QEGDB\x02"
BINOM = np.array([[comb(n, k) for k in range(MAX_PIECES + 1)] for n in range(51)], np.int64)


def board_constants(n_squares: int, width: int, sq_bit, promo_w: int, promo_b: int) -> dict:
    """The board's geometry as the index functions below read it (module constants, replaced by
    game.ai.jit.specialise for the 8x8 boards: egdb.variants): the squares, the men's squares
    (all but their own crowning row of `width` squares), square -> bit and back, crowning rows."""
    bit_sq = np.full(64, -1, np.int64)
    for s, b in enumerate(sq_bit):
        bit_sq[b] = s
    return {
        "N_SQ": n_squares,
        "MEN_SQ": n_squares - width,
        "ROW": width,
        "SQ_BIT": np.array(sq_bit, np.int64),
        "BIT_SQ": bit_sq,
        "PROMO_W": promo_w,
        "PROMO_B": promo_b,
    }


BOARD10 = board_constants(50, 5, B.SQ_BIT, B.PROMO_W, B.PROMO_B)
N_SQ, MEN_SQ, ROW = BOARD10["N_SQ"], BOARD10["MEN_SQ"], BOARD10["ROW"]  # 50, 45, 5
SQ_BIT, BIT_SQ = BOARD10["SQ_BIT"], BOARD10["BIT_SQ"]  # square 0..49 -> bit number, and back
PROMO_W, PROMO_B = BOARD10["PROMO_W"], BOARD10["PROMO_B"]


# ---- the index -----------------------------------------------------------------------------------
@njit
def material(wm, wk, bm, bk):
    return popcnt(wm) * 125 + popcnt(wk) * 25 + popcnt(bm) * 5 + popcnt(bk)


@njit
def radices(code):
    """(white men, black men, white kings, black kings) ranges of the index's mixed radix."""
    a, b, c, d = code // 125, (code // 25) % 5, (code // 5) % 5, code % 5
    return BINOM[MEN_SQ, a], BINOM[MEN_SQ, c], BINOM[N_SQ - a - c, b], BINOM[N_SQ - a - c - b, d]


@njit
def size_of(code):
    """Positions of one side to move in the material."""
    na, nc, nb, nd = radices(code)
    return na * nc * nb * nd


@njit
def rank_group(pieces, base, occ):
    """Combination rank of a group of alike pieces: squares counted from `base`, skipping `occ`
    (the bits ascend with the squares, so the lowest bit first is the ascending order)."""
    r = 0
    k = 1
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        r += BINOM[BIT_SQ[index(low)] - base - popcnt(occ & (low - 1)), k]
        k += 1
    return r


@njit
def pos_index(wm, wk, bm, bk, code):
    na, nc, nb, nd = radices(code)
    men = wm | bm
    i = rank_group(wm, ROW, 0) * nc + rank_group(bm, 0, 0)
    i = i * nb + rank_group(wk, 0, men)
    return i * nd + rank_group(bk, 0, men | wk)


@njit
def nth_free(p, occ):
    for s in range(N_SQ):
        bit = 1 << SQ_BIT[s]
        if not bit & occ:
            if p == 0:
                return bit
            p -= 1
    return 0


@njit
def unrank_group(r, k, base, occ, n):
    bits = 0
    p = n - 1
    for i in range(k, 0, -1):
        while BINOM[p, i] > r:
            p -= 1
        r -= BINOM[p, i]
        bits |= nth_free(p, occ) if occ else (1 << SQ_BIT[p + base])
        p -= 1
    return bits


@njit
def decode(i, code):
    """The bitboards of entry i (one side to move) of a material, and 0 for an unused slot."""
    a, b, c, d = code // 125, (code // 25) % 5, (code // 5) % 5, code % 5
    na, nc, nb, nd = radices(code)
    rd = i % nd
    i //= nd
    rb = i % nb
    i //= nb
    rc = i % nc
    wm = unrank_group(i // nc, a, ROW, 0, MEN_SQ)
    bm = unrank_group(rc, c, 0, 0, MEN_SQ)
    if wm & bm:
        return 0, 0, 0, 0, 0
    wk = unrank_group(rb, b, 0, wm | bm, N_SQ - a - c) if b else 0
    bk = unrank_group(rd, d, 0, wm | bm | wk, N_SQ - a - c - b) if d else 0
    return wm, wk, bm, bk, 1


@njit
def probe(wm, wk, bm, bk, white, data, off):
    """The position's value for the side to move (LOSS, DRAW, WIN), or UNUSED where no loaded
    table holds it. Positions with a capture pending are in the tables too (exact). A side
    without pieces is no material of the tables, and five white men alone would read the
    material code TOP, the slot that holds the piece count."""
    if popcnt(wm | wk | bm | bk) > off[TOP] or wm & PROMO_W or bm & PROMO_B or not (wm | wk) or not (bm | bk):
        return UNUSED
    code = material(wm, wk, bm, bk)
    o = off[code]
    if o < 0:
        return UNUSED
    e = o + (size_of(code) if white else 0) + pos_index(wm, wk, bm, bk, code)
    return (data[e >> 2] >> ((e & 3) * 2)) & 3


@njit
def counted(wm, wk, bm, bk):
    """An FMJD count runs in the material (a lone king against up to 3 pieces with a king): the
    search takes a table's win there for an evaluation only (fast.py, EG_COUNTED)."""
    nw, nb = popcnt(wm | wk), popcnt(bm | bk)
    return (nw == 1 and wk != 0 and bk != 0 and nb <= 3) or (nb == 1 and bk != 0 and wk != 0 and nw <= 3)


# ---- files ---------------------------------------------------------------------------------------
def materials(pieces: int) -> list[int]:
    """The material codes with exactly `pieces` pieces (each side at least one), fewest men
    first: a promotion leads to a material with one man less, solved before."""
    out = []
    for a in range(pieces + 1):
        for b in range(pieces + 1 - a):
            for c in range(pieces + 1 - a - b):
                d = pieces - a - b - c
                if a + b and c + d:
                    out.append(a * 125 + b * 25 + c * 5 + d)
    return sorted(out, key=lambda code: (code // 125 + (code // 5) % 5, code))


def package_dir() -> Path:
    return Path(__file__).resolve().parent


def user_dir() -> Path:
    """Where the tables built on the player's machine go: the per-user data folder of
    game.storage (its data_dir(), which game.ai may not import), under egdb/."""
    home = os.environ.get("QIPAN_HOME")
    if home:
        return Path(home).expanduser() / "egdb"
    import platformdirs

    return Path(platformdirs.user_data_dir("qipan", appauthor=False)) / "egdb"


def file_name(pieces: int) -> str:
    return f"egdb{pieces}.bin"


def find_file(pieces: int) -> Path | None:
    for folder in (package_dir(), user_dir()):
        path = folder / file_name(pieces)
        if path.is_file():
            return path
    return None


def part_name(path: Path, pid: int | None = None) -> Path:
    """The temporary file write_file fills before renaming it to `path`: named after the writing
    process, so that whoever ends that process can remove what it left (background.py)."""
    return path.with_name(f".{path.name}.{os.getpid() if pid is None else pid}.part")


def write_file(
    path: Path,
    pieces: int,
    blobs: dict,
    dists: dict,
    progress: Callable[[float], None] | None = None,
    size: Callable = size_of,
) -> None:
    """blobs: {code: packed bytes}; dists: {code: pack_dist() of a byte per entry, the plies to a
    conversion (build.values)}. Each compressed on its own (lzma), so that a reader fetches one
    material's distances without the others (egdb.play). Whole or not at all: a temporary file
    (part_name), flushed to the disk, then renamed; a failure removes it. progress(share of the
    compression done) after each material. size: the board's size_of (egdb.variants: 8x8)."""
    header, body, at = [], [], 0
    total, done = sum(len(b) for b in blobs.values()) or 1, 0
    for code in sorted(blobs):
        z = lzma.compress(blobs[code], preset=6)
        dz = dists[code]
        header.append([code, len(blobs[code]), at, len(z), 2 * int(size(code)), at + len(z), len(dz)])
        body += [z, dz]
        at += len(z) + len(dz)
        done += len(blobs[code])
        if progress is not None:
            progress(done / total)
    head = json.dumps({"pieces": pieces, "codec": "lzma", "materials": header}).encode()
    atomic_write_bytes(path, [MAGIC + struct.pack("<I", len(head)) + head, *body], part_name(path))


def pack_dist(dist: np.ndarray) -> bytes:
    """A material's plies to a conversion as write_file stores them, compressed as soon as the
    material is solved: the 5-piece distances take 3.2 GB unpacked, 1 byte a position."""
    return lzma.compress(dist.tobytes(), preset=1)


def _header(f, path: Path) -> tuple:
    """(the materials' rows, where the body starts) of an open table file."""
    start = f.read(len(MAGIC) + 4)
    if start[: len(MAGIC)] != MAGIC or len(start) < len(MAGIC) + 4:
        raise ValueError(f"{path}: not an endgame table file of this version")
    n = struct.unpack_from("<I", start, len(MAGIC))[0]
    return json.loads(f.read(n))["materials"], len(start) + n


def read_dist(path: Path, code: int, size: Callable = size_of) -> np.ndarray | None:
    """One material's plies to a conversion (see write_file), or None if the file lacks it. Reads
    that material's part only (the 5-piece file is hundreds of MB)."""
    with path.open("rb") as f:
        rows, body = _header(f, path)
        for row in rows:
            if row[0] == code:
                length, at, zlen = row[4:7]
                f.seek(body + at)
                dist = np.frombuffer(lzma.decompress(f.read(zlen)), np.uint8)
                return dist if len(dist) == length == 2 * size(code) else None
    return None


def read_file(path: Path, size: Callable = size_of) -> dict:
    """{code: packed bytes} of a table file (size: the board's size_of)."""
    with path.open("rb") as f:
        rows, body = _header(f, path)
        out = {}
        for code, length, at, zlen, *_ in rows:
            f.seek(body + at)
            blob = lzma.decompress(f.read(zlen))
            if len(blob) != length or length != (2 * size(code) + 3) // 4:
                raise ValueError(f"{path}: material {code} has the wrong size")
            out[code] = blob
    return out


def assemble(blobs: dict, extra: int = 0) -> tuple:
    """(data, off) for probe() from {code: packed bytes}, with room for `extra` more entries
    (build.py fills them); each material starts on a byte."""
    off = np.full(NMAT + 1, -1, np.int64)
    total = sum(len(b) for b in blobs.values()) + (extra + 3) // 4
    data = np.zeros(max(total, 1), np.uint8)
    at = 0
    top = 0
    for code in sorted(blobs):
        blob = blobs[code]
        data[at : at + len(blob)] = np.frombuffer(blob, np.uint8)
        off[code] = 4 * at
        at += len(blob)
        top = max(top, code // 125 + (code // 25) % 5 + (code // 5) % 5 + code % 5)
    off[TOP] = top
    return data, off


_loaded: tuple | None = None
_files: tuple = ()  # what the loaded tables were read from (files_seen)
_looked = 0.0  # time.monotonic() of the last look for new files
LOOK_EVERY = 2.0  # seconds between two looks while a table is missing
_loading = threading.Lock()


def files_seen() -> tuple:
    """(path, size, modification time) of each table file found, smallest first."""
    out = []
    for pieces in range(2, MAX_PIECES + 1):
        path = find_file(pieces)
        try:
            st = path.stat() if path is not None else None
        except OSError:
            st = None
        out.append((str(path), st.st_size, st.st_mtime_ns) if st is not None else None)
    return tuple(out)


def tables() -> tuple:
    """(data, off) of every table file present, loaded once per process. While some table is
    missing, every LOOK_EVERY seconds a call looks whether the files changed (a table built in the
    background, by Settings or the command line) and loads them again: the worker's next search
    uses them without a restart. A few stat() calls; reload() loads at once."""
    global _loaded, _files, _looked
    loaded = _loaded
    if loaded is not None and loaded[1][TOP] < MAX_PIECES:
        now = time.monotonic()
        if now - _looked >= LOOK_EVERY:
            _looked = now
            if files_seen() != _files:
                loaded = None
    if loaded is None:
        with _loading:
            # another thread may have loaded the files as they are now meanwhile
            loaded = _loaded if _loaded is not None and _files == files_seen() else None
            if loaded is None:
                _files = files_seen()
                _looked = time.monotonic()
                blobs: dict = {}
                for pieces in range(2, MAX_PIECES + 1):
                    path = find_file(pieces)
                    if path is None:
                        break  # a larger table is only valid over the smaller ones
                    try:
                        blobs.update(read_file(path))
                    except (OSError, ValueError, lzma.LZMAError):
                        break
                loaded = _loaded = assemble(blobs)
    return loaded


def reload() -> tuple:
    global _loaded
    with _loading:
        _loaded = None
    return tables()


def pieces_covered() -> int:
    return int(tables()[1][TOP])


def value(wm, wk, bm, bk, white) -> int:
    """probe() from Python: LOSS, DRAW, WIN for the side to move, UNUSED if not covered."""
    data, off = tables()
    return int(probe(wm, wk, bm, bk, int(white), data, off))


def value_by_moves(wm, wk, bm, bk, white) -> int:
    """The value the position's moves under the rules' own generator lead to, by the tables one
    ply down (a move that leaves the opponent no move wins): what the tables must say of the
    position itself (the tests' and bench_draughts_egdb.py verify's check)."""
    best = LOSS
    for mv in B.gen_moves(wm, wk, bm, bk, white):
        a, b, c, d, _ = B.apply_move(wm, wk, bm, bk, white, mv)
        if not B.gen_moves(a, b, c, d, not white):
            return WIN
        best = max(best, 4 - value(a, b, c, d, not white))
    return best


def child_value(wm, wk, bm, bk, white, mv) -> int:
    """The value of internal move mv for the side that plays it (a capture of the last piece
    wins), UNUSED if the table does not cover the position after it."""
    a, b, c, d, _ = B.apply_move(wm, wk, bm, bk, white, mv)
    if not ((c | d) if white else (a | b)):
        return WIN
    v = value(a, b, c, d, not white)
    return 4 - v if v else UNUSED


def best_moves(wm, wk, bm, bk, white, moves) -> list | None:
    """The moves that keep the position's value (those that win in a won position, ...), or
    None when the tables do not cover every move's result."""
    if (wm | wk | bm | bk).bit_count() > pieces_covered():
        return None
    vals = [child_value(wm, wk, bm, bk, white, mv) for mv in moves]
    if not vals or UNUSED in vals:
        return None
    best = max(vals)
    return [mv for mv, v in zip(moves, vals) if v == best]
