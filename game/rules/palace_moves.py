"""The palace family's moves (game.rules.palace re-exports all of it): the Move, each board's move
objects made once, and the one move generator that State, perft and the computer share, over
bit sets (game/rules/palace.py, "Representation").

Besides every move (gen_moves), the search asks two cheaper questions at its horizon: whether the
side to move has any move at all (has_moves: the end rules need nothing more) and, for black, its
captures alone (gen_captures), in the order gen_moves lists them. Pure Python, no pygame.
"""

from __future__ import annotations

from itertools import compress
from typing import NamedTuple

from game.rules.palace_board import BOARDS, Board

_B2 = BOARDS[2]
#: bin(mask)'s digits as bytes 0 and 1, for compress() to pick the points of a mask (see _points)
_DIGITS = bytes.maketrans(b"01", b"\x00\x01")


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _points(table: list, mask: int):
    """table[p] for every point p of mask, lowest first (compress over mask's binary digits)."""
    return compress(table, bin(mask)[:1:-1].encode().translate(_DIGITS))


class Move(NamedTuple):
    """A move: path is the tuple of points the player touches (a drop: (point,); a step or jump:
    (from, to); a chain of jumps: (from, landing, landing, ...)); captured: the jumped points;
    palaces: the board it is on (its notation depends on it)."""

    path: tuple
    captured: tuple = ()
    palaces: int = 2

    @property
    def kind(self) -> str:
        return "drop" if len(self.path) == 1 else ("jump" if self.captured else "step")

    def __str__(self):
        b = BOARDS[self.palaces]
        if len(self.path) == 1:
            return b.name(self.path[0])
        return ("x" if self.captured else "-").join(b.name(p) for p in self.path)


class Tables:
    """A board's move objects, made once: the generator hands out these shared (immutable) tuples.
    steps[p]: ((bit of q, the step p-q), ...) for p's neighbours q in order; jump_moves[p]:
    ((bit of the point jumped, bit of the landing, the jump), ...)."""

    def __init__(self, b: Board):
        n = b.palaces
        self.board = b
        self.used = b.used_mask
        self.jumps = b.jumps
        self.neighbours = b.neighbours
        self.landings = b.landings
        self.around, self.ones = b.around, b.ones  # neighbours and points of small sets, kept
        self.point = list(range(b.size))
        self.drop = [Move((p,), (), n) for p in range(b.size)]
        self.steps = [tuple((1 << q, Move((p, q), (), n)) for q in b.adj[p]) for p in range(b.size)]
        self.jump_moves = [tuple((1 << o, 1 << t, Move((p, t), (o,), n)) for o, t in b.jumps[p]) for p in range(b.size)]


TABLES = {n: Tables(b) for n, b in BOARDS.items()}


class Rules(NamedTuple):
    """The options in the form the move generator and end checks use (with the board's tables)."""

    chain: bool
    forced: bool
    white_blocked_loses: bool
    repetition: bool
    no_progress: int
    tables: Tables
    win: int


def _chains(t, k, white, empty, path, caps, out):
    """Append every maximal chain of jumps of the king that has reached path[-1]."""
    extended = False
    for over, to in t.jumps[k]:
        if white >> over & 1 and empty >> to & 1:
            extended = True
            b_over, b_to = 1 << over, 1 << to
            _chains(t, to, white ^ b_over, (empty | b_over) ^ b_to | (1 << k), path + (to,), caps + (over,), out)
    if not extended and caps:
        out.append(Move(path, caps, t.board.palaces))


def gen_captures(black: int, white: int, rules: Rules) -> list:
    """Black's captures (single jumps, or maximal chains under the "chain" option), king by king:
    the moves gen_moves lists first."""
    t = rules.tables
    empty = t.used & ~(black | white)
    jumps: list = []
    for k in t.ones[black]:
        if rules.chain:
            _chains(t, k, white, empty | (1 << k), (k,), (), jumps)
        else:
            for over, to, m in t.jump_moves[k]:
                if white & over and empty & to:
                    jumps.append(m)
    return jumps


def gen_moves(black: int, white: int, stm: str, hand: int, rules: Rules) -> list:
    """Every move of the side to move, ignoring whether the game is over (the fast path: bit sets
    and shared move objects; tests hold it to State.legal_moves). Black: its captures first, then
    its steps (only the captures when capturing is compulsory); white: its drops while it has
    soldiers in hand, else its steps; each in the order of the points."""
    t = rules.tables
    empty = t.used & ~(black | white)
    if stm == "b":
        jumps = gen_captures(black, white, rules)
        if jumps and rules.forced:
            return jumps
        moves = []
        for k in t.ones[black]:
            for q, m in t.steps[k]:
                if empty & q:
                    moves.append(m)
        return jumps + moves if jumps else moves
    if hand:
        return list(_points(t.drop, empty))
    moves = []
    steps = t.steps
    for w in _points(t.point, t.neighbours(empty) & white):  # the soldiers next to an empty point
        for q, m in steps[w]:
            if empty & q:
                moves.append(m)
    return moves


def has_moves(black: int, white: int, stm: str, hand: int, rules: Rules) -> bool:
    """Whether gen_moves would list any move (without making the list)."""
    t = rules.tables
    empty = t.used & ~(black | white)
    if stm == "w":
        return bool(empty if hand else t.neighbours(empty) & white)
    # a step, else a jump (chains start with one)
    return bool(t.around[black] & empty or t.landings(black, white) & empty)


def black_mobility(black: int, white: int, board: Board = _B2) -> int:
    """Number of moves black would have (steps + single jumps), for quick blocked tests."""
    empty = board.used_mask & ~(black | white)
    n = 0
    for k in _bits(black):
        n += (board.adj_mask[k] & empty).bit_count()
        for over, to in board.jumps[k]:
            if white >> over & 1 and empty >> to & 1:
                n += 1
    return n


def apply_move(black, white, hand, captures, move):
    """(black, white, hand, captures, irreversible) after `move` by the side whose turn it is."""
    path = move.path
    if len(path) == 1:
        return black, white | (1 << path[0]), hand - 1, captures, True
    a, b = path[0], path[-1]
    if black >> a & 1:
        black = (black & ~(1 << a)) | (1 << b)
        if move.captured:
            for c in move.captured:
                white &= ~(1 << c)
            return black, white, hand, captures + len(move.captured), True
        return black, white, hand, captures, False
    return black, white ^ (1 << a) ^ (1 << b), hand, captures, False
