"""The draughts family as data: each variant's board (10x10 or 8x8) and rules, and the draw rules
that differ between them (docs/DRAUGHTS_VARIANTS.md gives the rules with their sources).

Every board uses the "ghost square" bitboard layout of game.rules.draughts_board, generalised to
any even size N with W = N/2 squares a row: square s (0-based, row r = s // W from the top) sits
on bit (W+1)*r + r//2 + s%W, so the four diagonal steps are the constant shifts W+1 and W+2 down
(toward White's side) and the same shifts up; stepping off the board lands on a ghost bit or
outside the mask. On 10x10 these are exactly draughts_board's constants.

White always sits at the bottom (row N-1) and moves up; in English checkers the side at the top
is Black, which moves first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.common import Option, PositionError


class Geometry:
    """One board size: square numbers 1..n, their bits, the rays of a flying king, crowning rows."""

    def __init__(self, size: int):
        w = size // 2
        self.size, self.width, self.n = size, w, size * w
        self.s1, self.s2 = w + 1, w + 2  # the two diagonal shifts
        self.sq_bit = tuple((w + 1) * (s // w) + (s // w) // 2 + s % w for s in range(self.n))
        self.square = tuple(1 << b for b in self.sq_bit)  # 0-based square -> single-bit board
        self.bit_sq = {b: s + 1 for s, b in enumerate(self.sq_bit)}  # bit index -> square 1..n
        self.mask = sum(self.square)
        self.promo_w = sum(self.square[:w])  # White crowns on the top row
        self.promo_b = sum(self.square[-w:])  # Black on the bottom row
        dirs = ((self.s1, True), (self.s2, True), (self.s1, False), (self.s2, False))
        self.dirs = dirs
        rays = {}
        for bit in self.square:
            out = []
            for sh, down in dirs:
                ray, x = 0, bit
                while True:
                    x = (x << sh) if down else (x >> sh)
                    if not x & self.mask:
                        break
                    ray |= x
                out.append((sh, down, ray))
            rays[bit] = tuple(out)
        self.rays = rays

    def square_of(self, bit: int) -> int:
        return self.bit_sq[bit.bit_length() - 1]

    def squares(self, board: int) -> list[int]:
        out = []
        while board:
            low = board & -board
            out.append(self.bit_sq[low.bit_length() - 1])
            board ^= low
        return sorted(out)

    def row_col(self, square: int) -> tuple[int, int]:
        """(row from the top, column from the left) of square 1..n."""
        r, i = divmod(square - 1, self.width)
        return r, 2 * i + (1 if r % 2 == 0 else 0)

    def square_at(self, row: int, col: int) -> int | None:
        if not (0 <= row < self.size and 0 <= col < self.size) or (row + col) % 2 == 0:
            return None
        return row * self.width + col // 2 + 1

    def algebraic(self, square: int) -> str:
        """The square's name with a1 at White's lower left: square 1 of 8x8 is b8."""
        r, c = self.row_col(square)
        return f"{'abcdefghij'[c]}{self.size - r}"

    def from_algebraic(self, name: str) -> int:
        name = name.strip().lower()
        if len(name) < 2 or not name[1:].isascii() or not name[1:].isdigit() or name[0] not in "abcdefghij":
            raise PositionError(f"{name!r} is not a square name such as c3")
        sq = self.square_at(self.size - int(name[1:]), "abcdefghij".index(name[0]))
        if sq is None:
            raise PositionError(f"{name} is not a dark square of the {self.size}x{self.size} board")
        return sq


@dataclass(frozen=True)
class Variant:
    """A member of the family. The move generator (draughts_movegen) reads the rule flags; the
    draw rules are the limits below (plies, 0 for a rule the variant does not have)."""

    name: str
    size: int
    first: str  # the side that moves first ("w" or "b")
    men_capture_back: bool  # men capture backwards too
    flying_kings: bool  # kings move and capture any distance
    majority: bool  # the capture taking the most pieces is compulsory
    crown_in_capture: bool  # a man reaching the last row mid-capture is crowned and goes on as a king
    gametype: int  # the PDN GameType
    algebraic: bool  # moves written as c3-d4 (else square numbers 32-28)
    kings_only_plies: int  # draw after this many plies without a capture or a man's move
    quiet_reason: str  # the end reason of that rule (an EndReason key)
    endgame: str  # the counted endings: "fmjd" (16 and 5 moves), "russian" (see russian_limits) or "none"
    label: dict = field(default_factory=dict)

    @property
    def geometry(self) -> Geometry:
        return GEOMETRY[self.size]

    @property
    def start_men(self) -> int:
        """How many men each side starts with (the first 4 or 3 rows)."""
        return self.geometry.n * 2 // 5 if self.size == 10 else self.geometry.n * 3 // 8


GEOMETRY = {10: Geometry(10), 8: Geometry(8)}

INTERNATIONAL = Variant(
    "international", 10, "w", men_capture_back=True, flying_kings=True, majority=True, crown_in_capture=False,
    gametype=20, algebraic=False, kings_only_plies=50, quiet_reason="no_progress_kings", endgame="fmjd",
    label={"en": "International (10x10)", "zh": "国际跳棋"},
)  # fmt: skip
RUSSIAN = Variant(
    "russian", 8, "w", men_capture_back=True, flying_kings=True, majority=False, crown_in_capture=True,
    gametype=25, algebraic=True, kings_only_plies=30, quiet_reason="no_progress_kings", endgame="russian",
    label={"en": "Russian (8x8)", "zh": "俄罗斯跳棋"},
)  # fmt: skip
BRAZILIAN = Variant(
    "brazilian", 8, "w", men_capture_back=True, flying_kings=True, majority=True, crown_in_capture=False,
    gametype=26, algebraic=False, kings_only_plies=40, quiet_reason="no_progress_kings", endgame="fmjd",
    label={"en": "Brazilian (8x8)", "zh": "巴西跳棋"},
)  # fmt: skip
ENGLISH = Variant(
    "english", 8, "b", men_capture_back=False, flying_kings=False, majority=False, crown_in_capture=False,
    gametype=21, algebraic=False, kings_only_plies=80, quiet_reason="no_progress", endgame="none",
    label={"en": "English checkers (8x8)", "zh": "英国跳棋"},
)  # fmt: skip
VARIANTS = {v.name: v for v in (INTERNATIONAL, RUSSIAN, BRAZILIAN, ENGLISH)}
BY_GAMETYPE = {v.gametype: v for v in VARIANTS.values()}

OPTION = Option(
    "variant",
    "international",
    tuple(VARIANTS),
    {"en": "Rules", "zh": "规则"},
    {name: v.label for name, v in VARIANTS.items()},
    ladder=True,
)


def get(name: str) -> Variant:
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise PositionError(f"unknown draughts variant {name!r}; expected one of {', '.join(VARIANTS)}") from None


# ---- draw rules: the endgame clocks ------------------------------------------------------------------
# A state carries two clocks (plies left, -1 for none) that advance_clocks counts down after every
# ply; a clock reaching 0 draws the game (State._draw names the reason).
def endgame_limits(wm, wk, bm, bk):
    """International and Brazilian (FMJD): (16-move clock, 5-move clock) in plies that the
    material starts, -1 for none: a lone king against 3 pieces with a king -> 32 plies; against 1
    or 2 pieces with a king -> 10 plies."""
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


def russian_limits(wm, wk, bm, bk):
    """Russian federation rules: (3 kings v 1 king clock, balance clock) in plies that the material
    starts. Three kings or more (no men) against a lone king: 15 moves each. Both sides with kings
    and the balance of forces unchanged (no capture, no crowning): 5 moves each with 2-3 pieces on
    the board, 30 with 4-5, 60 with 6-7."""
    w, b = (wm | wk).bit_count(), (bm | bk).bit_count()
    three = -1
    if (not wm and not bm) and ((w >= 3 and b == 1) or (b >= 3 and w == 1)):
        three = 30
    balance = -1
    if wk and bk:
        total = w + b
        balance = 10 if total <= 3 else 60 if total <= 5 else 120 if total <= 7 else -1
    return three, balance


def advance_russian(wm, wk, bm, bk, clocks, changed):
    """Russian clocks after one more ply; `changed`: the ply captured or crowned (the balance of
    forces changed), which starts the counts afresh for the new material."""
    na, nb = russian_limits(wm, wk, bm, bk)
    if changed:
        return na, nb
    a, b = clocks
    a = (a - 1 if a > 0 else a) if na >= 0 else -1
    b = (b - 1 if b > 0 else b) if nb >= 0 else -1
    return (a if a >= 0 or na < 0 else na), (b if b >= 0 or nb < 0 else nb)


def start_clocks(variant: Variant, wm, wk, bm, bk):
    """The clocks a position starts with (a new game, a position text)."""
    if variant.endgame == "russian":
        return russian_limits(wm, wk, bm, bk)
    return endgame_limits(wm, wk, bm, bk) if variant.endgame == "fmjd" else (-1, -1)


def next_clocks(variant: Variant, wm, wk, bm, bk, clocks, changed):
    """The clocks after a ply; `changed`: it captured or crowned."""
    if variant.endgame == "russian":
        return advance_russian(wm, wk, bm, bk, clocks, changed)
    return advance_clocks(wm, wk, bm, bk, clocks) if variant.endgame == "fmjd" else (-1, -1)


#: the end reasons of the two clocks reaching 0, by the variant's counted endings
CLOCK_REASONS = {"fmjd": ("endgame_16", "endgame_5"), "russian": ("no_progress", "no_progress"), "none": ("", "")}
