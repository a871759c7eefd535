"""International draughts (10x10, FMJD rules): the rules of shared/rules/draughts.md; and, by the
option `variant`, the 8x8 members of the family: Russian, Brazilian and English checkers
(game.rules.draughts_variants, docs/DRAUGHTS_VARIANTS.md), whose states carry their Variant and
play through the family's move generator (draughts_movegen); 8x8 bitboards use the same layout
with 4 squares a row (shifts 5 and 6).

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

from game.rules import draughts_variants as V
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
from game.rules.draughts_move import Move
from game.rules.draughts_movegen import generator
from game.rules.draughts_variants import INTERNATIONAL, Variant, advance_clocks, endgame_limits  # noqa: F401

NAME = "draughts"
#: the option whose other values are games of their own names (games.GameInfo.title_key)
TITLE_OPTION = "variant"
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
        only_when=(("variant", "international"),),  # the 8x8 variants start with the side their rules name
    ),
    V.OPTION,  # international (10x10), russian, brazilian, english (8x8): docs/DRAUGHTS_VARIANTS.md
)


def perft(state, depth: int, hashed: bool = True) -> int:
    """Number of leaf positions `depth` plies below `state` (captures counted once per distinct
    start/end/captured set). hashed=True shares the counts of transposed subtrees (exact: the key
    is the whole position and the remaining depth); hashed=False walks every node."""
    if depth <= 0:
        return 1
    if state.result() is not None:
        return 0
    if state.variant is not INTERNATIONAL:
        cache: dict | None = {} if hashed and depth >= 4 else None
        return generator(state.variant).perft(
            state.wm, state.wk, state.bm, state.bk, state.to_move == "w", depth, cache
        )
    return _perft(
        state.wm, state.wk, state.bm, state.bk, state.to_move == "w", depth, {} if hashed and depth >= 4 else None
    )


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


_NAMES: dict = {}


def _names(variant: Variant):
    """The square names a variant's moves are written with (None: numbers), made once."""
    if variant.name not in _NAMES:
        g = variant.geometry
        _NAMES[variant.name] = ("",) + tuple(map(g.algebraic, range(1, g.n + 1))) if variant.algebraic else None
    return _NAMES[variant.name]


def _variant_moves(variant: Variant, wm, wk, bm, bk, white):
    """_player_moves on any variant's board (draughts_movegen): every way of playing each move."""
    gen, g, names = generator(variant), variant.geometry, _names(variant)
    men, kings, enemy, occ = gen.sides(wm, wk, bm, bk, white)
    grouped: dict = {}
    for path, caps, crowned in gen.capture_paths(men, kings, enemy, occ, white):
        grouped.setdefault((path[0], path[-1], caps, crowned), []).append(tuple(g.square_of(b) for b in path))
    if not grouped:
        return sorted(
            Move((g.square_of(f), g.square_of(t)), crowned=k, names=names)
            for f, t, _, k in gen.quiets(men, kings, occ, white)
        )
    ends: dict = {}
    for f, t, _, _ in grouped:
        ends[(f, t)] = ends.get((f, t), 0) + 1
    moves = []
    for (f, t, caps, crowned), paths in grouped.items():
        m = Move(paths[0], g.squares(caps), paths, crowned=crowned, names=names)
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


# ---- the state ------------------------------------------------------------------------------------
class State(EndsOnRequest):
    """An immutable position with what the draw rules need: kings-only ply counter, endgame clocks
    and the positions since the last irreversible move (for threefold repetition). `variant`: the
    rules it is played under (draughts_variants; international unless given), fixed for a game."""

    __slots__ = ("wm", "wk", "bm", "bk", "to_move", "quiet_plies", "clocks", "history", "final", "_moves", "variant")

    def __init__(
        self, wm, wk, bm, bk, to_move="w", quiet_plies=0, clocks=None, history=None, final=None, variant=INTERNATIONAL
    ):
        self.wm, self.wk, self.bm, self.bk = wm, wk, bm, bk
        self.to_move = to_move
        self.quiet_plies = quiet_plies
        self.variant = variant
        self.clocks = clocks if clocks is not None else V.start_clocks(variant, wm, wk, bm, bk)
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
            self.variant.name,
        )

    def __setstate__(self, st):
        (self.wm, self.wk, self.bm, self.bk, self.to_move, self.quiet_plies, self.clocks, self.history, self.final) = (
            st[:9]
        )
        self.variant = V.get(st[9]) if len(st) > 9 else INTERNATIONAL
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
        bit = self.variant.geometry.square[square - 1]
        for code, board in (("w", self.wm), ("W", self.wk), ("b", self.bm), ("B", self.bk)):
            if board & bit:
                return code
        return None

    def pieces(self) -> dict:
        """{square: 'w' | 'W' | 'b' | 'B'}."""
        out = {}
        for code, board in (("w", self.wm), ("W", self.wk), ("b", self.bm), ("B", self.bk)):
            for s in self.variant.geometry.squares(board):
                out[s] = code
        return out

    # ---- moves
    def _all_moves(self):
        if self._moves is None:
            if self.variant is INTERNATIONAL:
                self._moves = _player_moves(self.wm, self.wk, self.bm, self.bk, self.to_move == "w")
            else:
                self._moves = _variant_moves(self.variant, self.wm, self.wk, self.bm, self.bk, self.to_move == "w")
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
        if self.variant is INTERNATIONAL:
            wm, wk, bm, bk, man = apply_move(self.wm, self.wk, self.bm, self.bk, white, internal(move))
            clocks = advance_clocks(wm, wk, bm, bk, self.clocks)
        else:
            g = self.variant.geometry
            caps = sum(g.square[s - 1] for s in move.captures)
            mv = (g.square[move.start - 1], g.square[move.end - 1], caps, move.crowned)
            wm, wk, bm, bk, man, changed = generator(self.variant).apply(self.wm, self.wk, self.bm, self.bk, white, mv)
            clocks = V.next_clocks(self.variant, wm, wk, bm, bk, self.clocks, changed)
        irreversible = man or move.captures
        quiet = 0 if irreversible else self.quiet_plies + 1
        key = (wm, wk, bm, bk, not white)
        history = (key,) if irreversible else self.history + (key,)
        return State(wm, wk, bm, bk, "b" if white else "w", quiet, clocks, history, variant=self.variant)

    # ---- end of the game
    def _draw(self):
        if self.history.count(self.history[-1]) >= 3:
            return "repetition"
        if self.quiet_plies >= self.variant.kings_only_plies:
            return self.variant.quiet_reason
        reasons = V.CLOCK_REASONS[self.variant.endgame]
        if self.clocks[0] == 0:
            return reasons[0]
        if self.clocks[1] == 0:
            return reasons[1]
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
            self.wm,
            self.wk,
            self.bm,
            self.bk,
            self.to_move,
            self.quiet_plies,
            self.clocks,
            self.history,
            result,
            self.variant,
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
        limit = self.variant.kings_only_plies
        reasons = V.CLOCK_REASONS[self.variant.endgame]
        for reason, left in (
            (self.variant.quiet_reason, limit - self.quiet_plies if self.quiet_plies else -1),
            (reasons[0], self.clocks[0]),
            (reasons[1], self.clocks[1]),
        ):
            if left >= 0 and (best is None or left < best[1]):
                best = (reason, left)
        return best


# ---- construction and position texts --------------------------------------------------------------
def _board_from(pieces: dict, square=SQUARE):
    wm = wk = bm = bk = 0
    for sq, code in pieces.items():
        bit = square[sq - 1]
        if code == "w":
            wm |= bit
        elif code == "W":
            wk |= bit
        elif code == "b":
            bm |= bit
        else:
            bk |= bit
    return wm, wk, bm, bk


def from_pieces(pieces: dict, to_move="w", variant: Variant = INTERNATIONAL, crown=False) -> State:
    """A state from {square: 'w'|'W'|'b'|'B'}. Men on their own promotion row are an error (with
    crown=True, kings: how the PDN reader takes such a problem diagram on 8x8)."""
    g = variant.geometry
    pieces = dict(pieces)
    for sq, code in pieces.items():
        if not (isinstance(sq, int) and 1 <= sq <= g.n) or code not in ("w", "W", "b", "B"):
            raise PositionError(f"bad piece {code!r} on square {sq!r}")
        if (code == "w" and sq <= g.width) or (code == "b" and sq > g.n - g.width):
            if not crown:
                side = "white" if code == "w" else "black"
                raise PositionError(f"a {side} man on square {sq} should already be a king")
            pieces[sq] = code.upper()
    if to_move not in SIDES:
        raise PositionError(f"side to move must be 'w' or 'b', not {to_move!r}")
    wm, wk, bm, bk = _board_from(pieces, g.square)
    return State(wm, wk, bm, bk, to_move, variant=variant)


def new_game(**options) -> State:
    """The start. The `first` option is international draughts' own; the 8x8 variants start
    with the side their rules name (White; Black in English checkers)."""
    opts = check_options(OPTIONS, options)
    variant = V.get(opts["variant"])
    n, men = variant.geometry.n, variant.start_men
    pieces = {s: "b" for s in range(1, men + 1)}
    pieces.update({s: "w" for s in range(n - men + 1, n + 1)})
    return from_pieces(pieces, opts["first"] if variant is INTERNATIONAL else variant.first, variant)


_FEN_RE = re.compile(r"^\s*\[?\s*(?:FEN\s+)?\"?\s*([WBwb])\s*((?::\s*[WBwb][^:\"\]]*){0,2})\s*\.?\s*\"?\s*\]?\s*$")


def parse_fen(text: str, variant: Variant = INTERNATIONAL, crown=False) -> State:
    """`W:W31-50:B1-20` (K before a king, ranges allowed, lists in either order)."""
    n = variant.geometry.n
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
            lo = parse_count(lo_text, "FEN: a square", n)
            hi = parse_count(hi_text, "FEN: a square", n) if dash else lo
            if lo > hi:
                raise PositionError(f"FEN range {item} runs backwards")
            span = range(lo, hi + 1)
            for sq in span:
                if not 1 <= sq <= n:
                    raise PositionError(f"FEN: square {sq} is not on the board (1..{n})")
                if sq in pieces:
                    raise PositionError(f"FEN: square {sq} is given twice")
                pieces[sq] = colour.upper() if king else colour
    return from_pieces(pieces, side, variant, crown)


def _runs(items):
    """8x8 FEN lists write runs of men as ranges (W21-32), as the issue's start text does."""
    out: list = []
    for s, t in items:
        if out and not t.startswith("K") and not out[-1][1].startswith("K") and out[-1][2] == s - 1:
            out[-1] = (out[-1][0], out[-1][1], s)
        else:
            out.append((s, t, s))
    return [t if lo == hi else f"{t}-{hi}" for lo, t, hi in out]


def to_fen(state: State) -> str:
    g = state.variant.geometry

    def part(colour, men, kings):
        items = sorted([(s, f"K{s}") for s in g.squares(kings)] + [(s, str(s)) for s in g.squares(men)])
        return colour + ",".join(_runs(items) if state.variant is not INTERNATIONAL else (t for _, t in items))

    return f"{state.to_move.upper()}:{part('W', state.wm, state.wk)}:{part('B', state.bm, state.bk)}"


def parse_grid(text: str, to_move: str | None = None, default_side="w", variant: Variant = INTERNATIONAL) -> State:
    """The source game's 100 characters (rows from the top, White at the bottom; 64 on 8x8): 0
    empty, w/W white man/king, b/B black man/king; the side to move may follow after a blank."""
    g = variant.geometry
    cells = g.size * g.size
    parts = text.split()
    if len(parts) == 2 and to_move is None:
        grid, to_move = parts
    elif len(parts) == 1:
        grid = parts[0]
    else:
        raise PositionError(f"expected {cells} board characters, then optionally the side to move (w/b)")
    side = (to_move or default_side).lower()
    if side not in SIDES:
        raise PositionError(f"side to move must be w or b, not {to_move!r}")
    if len(grid) != cells:
        raise PositionError(f"the board text must have {cells} characters, it has {len(grid)}")
    pieces = {}
    for i, ch in enumerate(grid):
        row, col = divmod(i, g.size)
        if ch not in "0wWbB":
            raise PositionError(f"unknown character {ch!r} at row {row + 1}, column {col + 1}")
        if ch == "0":
            continue
        sq = g.square_at(row, col)
        if sq is None:
            raise PositionError(f"a piece on a light square at row {row + 1}, column {col + 1}")
        pieces[sq] = ch
    return from_pieces(pieces, side, variant)


def to_grid(state: State) -> str:
    """The 100-character board text (64 on 8x8; without the side to move)."""
    g = state.variant.geometry
    cells = ["0"] * (g.size * g.size)
    for sq, code in state.pieces().items():
        r, c = g.row_col(sq)
        cells[r * g.size + c] = code
    return "".join(cells)


# Set by game.rules.draughts_pdn when it loads (game.rules loads it with this module), so that
# PDN reading stays in that module and the two import each other in one direction only.
PDN_READER: Callable[[str, Variant], State] | None = None


# How a PDN text may begin: a tag, a `%` escape line, a comment, a variation, the result `*` of a
# game without moves, a move number (leading zeros allowed), or (movetext without tags) a move such
# as 32-28 or 28x19, whose square never starts with 0. Never a FEN (W:...) or a board grid (0wWbB),
# so it is tried first. Russian movetext opens with an algebraic move (c3-d4).
_PDN_START = re.compile(r"[\[%{;(*]|[0-9]+\s*\.|[1-9][0-9]?\s*[-x:]\s*[0-9]|[a-j][1-9][0-9]?\s*[-x:]", re.ASCII)


def from_text(text: str, **options) -> State:
    """A FEN, the 100-character board (+ side to move), or a PDN game (its final position),
    read under the `variant` option (international unless given)."""
    opts = check_options(OPTIONS, options)
    variant = V.get(opts["variant"])
    if not isinstance(text, str) or not text.strip():
        raise PositionError("empty position")
    stripped = text.strip()
    if _PDN_START.match(stripped):
        if PDN_READER is None:
            raise PositionError("PDN text needs game.rules.draughts_pdn, which is not loaded")
        return PDN_READER(stripped, variant)
    first = stripped.split()[0]
    if ":" not in first and len(first) > 12:
        side = opts["first"] if variant is INTERNATIONAL else variant.first
        return parse_grid(stripped, default_side=side, variant=variant)
    if re.match(r"^[WBwb]\s*(:|$)", stripped):
        return parse_fen(stripped, variant)
    raise PositionError(f"not a draughts position (FEN, 100 board characters or PDN): {stripped[:40]!r}")


def to_text(state: State) -> str:
    """The FEN of the position."""
    return to_fen(state)
