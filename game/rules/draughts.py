"""International draughts (10x10, FMJD rules): the rules of shared/rules/draughts.md.

Pure Python, no pygame. Positions are four bitboards (white men, white kings, black men, black
kings) in the 63-bit "ghost square" layout used by the engine Scan: square s (0-based, row r =
s // 5 from Black's side) sits on bit 6*r + r//2 + s%5, so that the four diagonal steps are the
constant shifts 6 (down-left) and 7 (down-right) toward White's side and the same shifts back.
The bits between rows are never squares ("ghosts"), which makes stepping off the board land on a
ghost or outside the mask.

Public contract (shared/DESIGN.md): new_game, from_text, to_text, perft, OPTIONS, SIDES, State,
Move. The fast internal functions (gen_captures, gen_quiets, apply_move, ...) are shared with the
computer player (game/ai/draughts/).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from game.rules.common import EndsOnRequest, Option, PositionError, Result, check_options, find_move, parse_count

# the engine and the tests also read these as draughts.X
from game.rules.draughts_board import (  # noqa: F401
    MASK,
    PROMO_B,
    PROMO_W,
    RAYS,
    SQ_BIT,
    SQUARE,
    _perft,
    apply_move,
    gen_captures,
    gen_moves,
    gen_quiets,
    has_capture,
    row_col,
    square_at,
    square_of,
    squares,
)

NAME = "draughts"
MENU_ORDER = 1  # where game.games lists it (the menu's order)
SIDES = ("w", "b")
PDN = True  # its games are written as PDN (game.record.match_pdn, draughts_pdn.write_game)

OPTIONS = (
    Option(
        "first",
        "w",
        ("w", "b"),
        {"en": "Who moves first", "zh": "先手"},
        {"w": {"en": "White (FMJD)", "zh": "白方 (国际规则)"}, "b": {"en": "Black", "zh": "黑方"}},
    ),
)


def perft(state, depth: int, hashed: bool = True) -> int:
    """Number of leaf positions `depth` plies below `state` (captures counted once per distinct
    start/end/captured set). hashed=True shares the counts of transposed subtrees (exact: the key
    is the whole position and the remaining depth); hashed=False walks every node."""
    if depth <= 0:
        return 1
    if state.result() is not None:
        return 0
    return _perft(
        state.wm, state.wk, state.bm, state.bk, state.to_move == "w", depth, {} if hashed and depth >= 4 else None
    )


# ---- moves as players see them ---------------------------------------------------------------------
class Move:
    """A legal move. path: the squares the player touches (start, every landing). Two captures
    with the same start, end and captured set are one move (ad libitum); `paths` lists every way
    to play it, path is the first. Equal and hashed by (start, end, captured set)."""

    __slots__ = ("path", "paths", "captures", "text")

    def __init__(self, path, captures=(), paths=None, text=None):
        self.path = tuple(path)
        self.paths = tuple(paths) if paths else (self.path,)
        self.captures = tuple(sorted(captures))
        self.text = text or self.short()

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def short(self) -> str:
        return f"{self.path[0]}{'x' if self.captures else '-'}{self.path[-1]}"

    def long(self) -> str:
        """Every landing square: 25x3x17x44x35 (a step stays 32-28)."""
        return "x".join(map(str, self.path)) if self.captures else self.short()

    def hub(self) -> str:
        """Hub protocol notation: start, end, then the captured squares (28x19x23)."""
        if not self.captures:
            return self.short()
        return "x".join(map(str, (self.path[0], self.path[-1], *self.captures)))

    def key(self):
        return (self.path[0], self.path[-1], self.captures)

    def __eq__(self, other):
        return isinstance(other, Move) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __lt__(self, other):
        return self.key() < other.key()

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Move({self.text!r})"

    def __getstate__(self):
        return (self.path, self.paths, self.captures, self.text)

    def __setstate__(self, st):
        self.path, self.paths, self.captures, self.text = st


def _man_paths(cur, enemy, occ, caps, path, out):
    extended = False
    for sh in (6, 7):
        for down in (True, False):
            mid = (cur << sh) if down else (cur >> sh)
            if mid & enemy:
                land = (mid << sh) if down else (mid >> sh)
                if land & MASK and not land & occ:
                    extended = True
                    path.append(land)
                    if not _man_paths(land, enemy ^ mid, occ, caps | mid, path, out):
                        out.append((tuple(path), caps | mid))
                    path.pop()
    return extended


def _king_paths(cur, enemy, occ, caps, path, out):
    extended = False
    for sh, down, ray in RAYS[cur]:
        blockers = ray & occ
        if not blockers:
            continue
        victim = (blockers & -blockers) if down else 1 << (blockers.bit_length() - 1)
        if not victim & enemy:
            continue
        land = (victim << sh) if down else (victim >> sh)
        while land & MASK and not land & occ:
            extended = True
            path.append(land)
            if not _king_paths(land, enemy ^ victim, occ, caps | victim, path, out):
                out.append((tuple(path), caps | victim))
            path.pop()
            land = (land << sh) if down else (land >> sh)
    return extended


def _player_moves(wm, wk, bm, bk, white):
    """Legal moves as Move objects with full paths, sorted by notation order."""
    occ = wm | wk | bm | bk
    men, kings, enemy = (wm, wk, bm | bk) if white else (bm, bk, wm | wk)
    if not has_capture(men, kings, enemy, occ):
        return sorted(Move((square_of(f), square_of(t))) for f, t, _ in gen_quiets(men, kings, occ, white))
    raw = []
    for pieces, dfs in ((men, _man_paths), (kings, _king_paths)):
        while pieces:
            frm = pieces & -pieces
            pieces ^= frm
            dfs(frm, enemy, occ ^ frm, 0, [frm], raw)
    best = max(c.bit_count() for _, c in raw)
    grouped: dict = {}
    for path, caps in raw:
        if caps.bit_count() == best:
            grouped.setdefault((path[0], path[-1], caps), []).append(tuple(square_of(b) for b in path))
    ends: dict = {}
    for f, t, _ in grouped:
        ends[(f, t)] = ends.get((f, t), 0) + 1
    moves = []
    for (f, t, caps), paths in grouped.items():
        m = Move(paths[0], squares(caps), paths)
        if ends[(f, t)] > 1:
            m.text = m.long()
        moves.append(m)
    return sorted(moves)


def internal(move: Move):
    """The internal (from_bit, to_bit, captured_bits) form of a Move."""
    caps = 0
    for s in move.captures:
        caps |= SQUARE[s - 1]
    return SQUARE[move.start - 1], SQUARE[move.end - 1], caps


# ---- draw rules ----------------------------------------------------------------------------------
def endgame_limits(wm, wk, bm, bk):
    """(16-move clock, 5-move clock) in plies that the material starts, -1 for none: a lone king
    against 3 pieces with a king -> 32 plies; against 1 or 2 pieces with a king -> 10 plies."""
    w, b = (wm | wk).bit_count(), (bm | bk).bit_count()
    if w == 1 and wk and bk and b <= 3:
        strong = b
    elif b == 1 and bk and wk and w <= 3:
        strong = w
    else:
        return -1, -1
    return (32, -1) if strong == 3 else (-1, 10)


def advance_clocks(wm, wk, bm, bk, clocks):
    """Endgame clocks after one more ply leading to the given position.

    FMJD rules (Official FMJD Rules for International Draughts, Annex 1): art. 6.3 gives 16 moves
    each to a lone king's opponent holding 3 pieces with a king; art. 6.4 gives 5 moves each to
    "the end of a game" of 2 kings, 1 king + 1 man or 1 king against 1 king. Our reading:
    - a clock runs only while the material is one its article covers: when a capture leaves
      material neither article covers (a lone king against a lone man, no king on one side), the
      counting stops, since no rule applies to that position any more; a later promotion that
      brings covered material back starts a fresh count;
    - a capture that moves the game inside art. 6.4's material (2 kings v 1 king, then 1 king v
      1 king) does not start a new count: 6.4 names one ending whose 5 moves run from its start;
    - a capture from art. 6.3's material into 6.4's keeps the 16-move count (the maximum stays
      valid) and starts the 5-move count as well; whichever ends first ends the game.
    (A reading shared in the damforum.nl "Draughts rules" discussion of rules 6.3 and 6.4.)"""
    a, b = clocks
    if a > 0:
        a -= 1
    if b > 0:
        b -= 1
    na, nb = endgame_limits(wm, wk, bm, bk)
    if na < 0 and nb < 0:  # material no article covers: no clock runs
        return -1, -1
    if na >= 0:  # art. 6.3 material (pieces never come back, so 6.4's clock cannot be running)
        return (a if a >= 0 else na), -1
    return a, (b if b >= 0 else nb)


# ---- the state ------------------------------------------------------------------------------------
class State(EndsOnRequest):
    """An immutable position with what the draw rules need: kings-only ply counter, endgame clocks
    and the positions since the last irreversible move (for threefold repetition)."""

    __slots__ = ("wm", "wk", "bm", "bk", "to_move", "quiet_plies", "clocks", "history", "final", "_moves")

    def __init__(self, wm, wk, bm, bk, to_move="w", quiet_plies=0, clocks=None, history=None, final=None):
        self.wm, self.wk, self.bm, self.bk = wm, wk, bm, bk
        self.to_move = to_move
        self.quiet_plies = quiet_plies
        self.clocks = clocks if clocks is not None else endgame_limits(wm, wk, bm, bk)
        self.history = history if history is not None else (self.key(),)
        self.final = final
        self._moves = None

    def __getstate__(self):
        return (
            self.wm,
            self.wk,
            self.bm,
            self.bk,
            self.to_move,
            self.quiet_plies,
            self.clocks,
            self.history,
            self.final,
        )

    def __setstate__(self, st):
        (self.wm, self.wk, self.bm, self.bk, self.to_move, self.quiet_plies, self.clocks, self.history, self.final) = st
        self._moves = None

    def key(self):
        return (self.wm, self.wk, self.bm, self.bk, self.to_move == "w")

    def __eq__(self, other):
        return isinstance(other, State) and self.__getstate__() == other.__getstate__()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return f"draughts.State({to_text(self)!r})"

    # ---- pieces
    def piece_at(self, square: int) -> str | None:
        """'w', 'W', 'b', 'B' or None."""
        bit = SQUARE[square - 1]
        for code, board in (("w", self.wm), ("W", self.wk), ("b", self.bm), ("B", self.bk)):
            if board & bit:
                return code
        return None

    def pieces(self) -> dict:
        """{square: 'w' | 'W' | 'b' | 'B'}."""
        out = {}
        for code, board in (("w", self.wm), ("W", self.wk), ("b", self.bm), ("B", self.bk)):
            for s in squares(board):
                out[s] = code
        return out

    # ---- moves
    def _all_moves(self):
        if self._moves is None:
            self._moves = _player_moves(self.wm, self.wk, self.bm, self.bk, self.to_move == "w")
        return self._moves

    def legal_moves(self) -> list:
        if self.final is not None or self._draw() is not None:
            return []
        return list(self._all_moves())

    def play(self, move) -> State:
        if isinstance(move, str):
            move = find_move(self, move)
        if self.result() is not None:
            raise PositionError("the game is over")
        legal = self._all_moves()
        try:
            move = legal[legal.index(move)]
        except ValueError:
            raise PositionError(f"illegal move {move} in this position") from None
        white = self.to_move == "w"
        wm, wk, bm, bk, man = apply_move(self.wm, self.wk, self.bm, self.bk, white, internal(move))
        irreversible = man or move.captures
        quiet = 0 if irreversible else self.quiet_plies + 1
        clocks = advance_clocks(wm, wk, bm, bk, self.clocks)
        key = (wm, wk, bm, bk, not white)
        history = (key,) if irreversible else self.history + (key,)
        return State(wm, wk, bm, bk, "b" if white else "w", quiet, clocks, history)

    # ---- end of the game
    def _draw(self):
        if self.history.count(self.history[-1]) >= 3:
            return "repetition"
        if self.quiet_plies >= 50:
            return "no_progress_kings"
        if self.clocks[0] == 0:
            return "endgame_16"
        if self.clocks[1] == 0:
            return "endgame_5"
        return None

    def result(self):
        if self.final is not None:
            return self.final
        if not self._all_moves():
            return Result("b" if self.to_move == "w" else "w", "no_moves")
        reason = self._draw()
        return None if reason is None else Result(None, reason)

    def _ended(self, result):
        return State(
            self.wm, self.wk, self.bm, self.bk, self.to_move, self.quiet_plies, self.clocks, self.history, result
        )

    SIDES = SIDES

    def is_dead_draw(self) -> bool:
        """A lone king against a lone king with no capture on the board: a theoretical draw."""
        return (
            not self.wm
            and not self.bm
            and self.wk.bit_count() == 1
            and self.bk.bit_count() == 1
            and self.result() is None
            and not any(m.is_capture for m in self.legal_moves())
        )

    def draw_counter(self):
        """(reason key, plies left) of the draw rule closest to ending the game, or None."""
        best = None
        for reason, left in (
            ("no_progress_kings", 50 - self.quiet_plies if self.quiet_plies else -1),
            ("endgame_16", self.clocks[0]),
            ("endgame_5", self.clocks[1]),
        ):
            if left >= 0 and (best is None or left < best[1]):
                best = (reason, left)
        return best


# ---- construction and position texts --------------------------------------------------------------
def _board_from(pieces: dict):
    wm = wk = bm = bk = 0
    for sq, code in pieces.items():
        bit = SQUARE[sq - 1]
        if code == "w":
            wm |= bit
        elif code == "W":
            wk |= bit
        elif code == "b":
            bm |= bit
        else:
            bk |= bit
    return wm, wk, bm, bk


def from_pieces(pieces: dict, to_move="w") -> State:
    """A state from {square: 'w'|'W'|'b'|'B'}. Men on their own promotion row are an error."""
    for sq, code in pieces.items():
        if not (isinstance(sq, int) and 1 <= sq <= 50) or code not in ("w", "W", "b", "B"):
            raise PositionError(f"bad piece {code!r} on square {sq!r}")
        if code == "w" and sq <= 5:
            raise PositionError(f"a white man on square {sq} should already be a king")
        if code == "b" and sq >= 46:
            raise PositionError(f"a black man on square {sq} should already be a king")
    if to_move not in SIDES:
        raise PositionError(f"side to move must be 'w' or 'b', not {to_move!r}")
    wm, wk, bm, bk = _board_from(pieces)
    return State(wm, wk, bm, bk, to_move)


def new_game(**options) -> State:
    opts = check_options(OPTIONS, options)
    men = {s: "b" for s in range(1, 21)}
    men.update({s: "w" for s in range(31, 51)})
    return from_pieces(men, opts["first"])


_FEN_RE = re.compile(r"^\s*\[?\s*(?:FEN\s+)?\"?\s*([WBwb])\s*((?::\s*[WBwb][^:\"\]]*){0,2})\s*\.?\s*\"?\s*\]?\s*$")


def parse_fen(text: str) -> State:
    """`W:W31-50:B1-20` (K before a king, ranges allowed, lists in either order)."""
    m = _FEN_RE.match(text)
    if not m:
        raise PositionError(f"not a draughts FEN: {text.strip()[:60]!r}")
    side = m.group(1).lower()
    pieces: dict = {}
    for part in m.group(2).split(":")[1:]:
        part = part.strip().rstrip(".")
        colour = part[0].lower()
        body = part[1:].strip()
        if not body:
            continue
        for item in body.split(","):
            item = item.strip()
            king = item[:1].upper() == "K"
            if king:
                item = item[1:].strip()
            lo_text, dash, hi_text = item.partition("-")
            # ASCII digits only, bounded: see parse_count
            lo = parse_count(lo_text, "FEN: a square", 50)
            hi = parse_count(hi_text, "FEN: a square", 50) if dash else lo
            if lo > hi:
                raise PositionError(f"FEN range {item} runs backwards")
            span = range(lo, hi + 1)
            for sq in span:
                if not 1 <= sq <= 50:
                    raise PositionError(f"FEN: square {sq} is not on the board (1..50)")
                if sq in pieces:
                    raise PositionError(f"FEN: square {sq} is given twice")
                pieces[sq] = colour.upper() if king else colour
    return from_pieces(pieces, side)


def to_fen(state: State) -> str:
    def part(colour, men, kings):
        items = [(s, f"K{s}") for s in squares(kings)] + [(s, str(s)) for s in squares(men)]
        return colour + ",".join(t for _, t in sorted(items))

    return f"{state.to_move.upper()}:{part('W', state.wm, state.wk)}:{part('B', state.bm, state.bk)}"


def parse_grid(text: str, to_move: str | None = None, default_side="w") -> State:
    """The source game's 100 characters (rows from the top, White at the bottom): 0 empty,
    w/W white man/king, b/B black man/king; the side to move may follow after a blank."""
    parts = text.split()
    if len(parts) == 2 and to_move is None:
        grid, to_move = parts
    elif len(parts) == 1:
        grid = parts[0]
    else:
        raise PositionError("expected 100 board characters, then optionally the side to move (w/b)")
    side = (to_move or default_side).lower()
    if side not in SIDES:
        raise PositionError(f"side to move must be w or b, not {to_move!r}")
    if len(grid) != 100:
        raise PositionError(f"the board text must have 100 characters, it has {len(grid)}")
    pieces = {}
    for i, ch in enumerate(grid):
        row, col = divmod(i, 10)
        if ch not in "0wWbB":
            raise PositionError(f"unknown character {ch!r} at row {row + 1}, column {col + 1}")
        if ch == "0":
            continue
        sq = square_at(row, col)
        if sq is None:
            raise PositionError(f"a piece on a light square at row {row + 1}, column {col + 1}")
        pieces[sq] = ch
    return from_pieces(pieces, side)


def to_grid(state: State) -> str:
    """The 100-character board text (without the side to move)."""
    cells = ["0"] * 100
    for sq, code in state.pieces().items():
        r, c = row_col(sq)
        cells[r * 10 + c] = code
    return "".join(cells)


# Set by game.rules.draughts_pdn when it loads (game.rules loads it with this module), so that
# PDN reading stays in that module and the two import each other in one direction only.
PDN_READER: Callable[[str], State] | None = None


# How a PDN text may begin: a tag, a `%` escape line, a comment, a variation, the result `*` of a
# game without moves, a move number (leading zeros allowed), or (movetext without tags) a move such
# as 32-28 or 28x19, whose square never starts with 0. Never a FEN (W:...) or a board grid (0wWbB),
# so it is tried first.
_PDN_START = re.compile(r"[\[%{;(*]|[0-9]+\s*\.|[1-9][0-9]?\s*[-x:]\s*[0-9]", re.ASCII)


def from_text(text: str, **options) -> State:
    """A FEN, the 100-character board (+ side to move), or a PDN game (its final position)."""
    opts = check_options(OPTIONS, options)
    if not isinstance(text, str) or not text.strip():
        raise PositionError("empty position")
    stripped = text.strip()
    if _PDN_START.match(stripped):
        if PDN_READER is None:
            raise PositionError("PDN text needs game.rules.draughts_pdn, which is not loaded")
        return PDN_READER(stripped)
    first = stripped.split()[0]
    if ":" not in first and len(first) > 12:
        return parse_grid(stripped, default_side=opts["first"])
    if re.match(r"^[WBwb]\s*(:|$)", stripped):
        return parse_fen(stripped)
    raise PositionError(f"not a draughts position (FEN, 100 board characters or PDN): {stripped[:40]!r}")


def to_text(state: State) -> str:
    """The FEN of the position."""
    return to_fen(state)
