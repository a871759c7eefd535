"""The boards of the palace family (shared/rules/palace-family.md): one value per board, built
from its lines, so that the rules, the computer and the view share one move generator, one search
and one renderer whatever the board.

A board is a grid of ROWS x COLS points (index row*COLS + col, row 0 at the top); the points it
uses are those its lines pass through. The lines are built from a square with the alquerque
diagonals (through the points with row+col even) and palace triangles on some of its sides; every
line of the square that ends on a palace's door runs straight on into that palace. Adjacency and
jumps come from the lines, never from coordinate arithmetic.

>>> [len(BOARDS[n].points) for n in (1, 2, 4)]
[31, 37, 105]
>>> [len(BOARDS[n].lines) for n in (1, 2, 4)]
[18, 20, 40]
"""

from __future__ import annotations

#: how many palaces -> (rows, cols, the square (top, left, size), the palaces (door, outward step))
SHAPES = {
    1: (7, 5, (2, 0, 5), (((2, 2), (-1, 0)),)),
    2: (9, 5, (2, 0, 5), (((2, 2), (-1, 0)), ((6, 2), (1, 0)))),
    4: (13, 13, (2, 2, 9), (((2, 6), (-1, 0)), ((10, 6), (1, 0)), ((6, 2), (0, -1)), ((6, 10), (0, 1)))),
}
NAMES = {1: "one-palace", 2: "two-palace", 4: "four-palace"}
AROUND_MAX = 100_000  # the most sets Board.around and Board.ones keep


def _square_lines(top, left, size):
    """The square's rows, columns and alquerque diagonals as lists of (row, col)."""
    rng = range(size)
    lines = [[(top + i, left + j) for j in rng] for i in rng]
    lines += [[(top + i, left + j) for i in rng] for j in rng]
    for dc in (1, -1):  # down-right and down-left diagonals through even points
        for start in range(-size, 2 * size):
            pts = [(i, start + dc * i) for i in rng]
            pts = [(i, j) for i, j in pts if 0 <= j < size and (i + j) % 2 == 0]
            if len(pts) >= 2:
                lines.append([(top + i, left + j) for i, j in pts])
    return lines


def _palace(door, out):
    """The palace beyond `door` in direction `out`: its 6 points, its two short lines, its corners."""
    (r, c), (dr, dc) = door, out
    pr, pc = dc, dr  # across the palace
    mid = [(r + dr + k * pr, c + dc + k * pc) for k in (-1, 0, 1)]
    base = [(r + 2 * dr + 2 * k * pr, c + 2 * dc + 2 * k * pc) for k in (-1, 0, 1)]
    return mid + base, [mid, base], (base[0], base[2], (r, c))


class Kept(dict):
    """make(key) for the keys asked, made on the first asking and kept (all dropped when AROUND_MAX
    are kept): a plain dict lookup for the sets a search meets again and again."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        if len(self) >= AROUND_MAX:
            self.clear()
        value = self[key] = self.make(key)
        return value


class Board:
    """One board: points, lines, adjacency, jumps, palaces, doors and names (files a.. from the
    left, ranks 1.. from the bottom). Shared and immutable; pickled as a reference by its number."""

    def __init__(self, palaces: int):
        rows, cols, square, palace_specs = SHAPES[palaces]
        self.palaces = palaces
        self.label = NAMES[palaces]
        self.rows, self.cols = rows, cols
        self.files = "abcdefghijklm"[:cols]
        lines = _square_lines(*square)
        palace_points, triangles, doors = [], [], []
        for door, out in palace_specs:
            pts, short, tri = _palace(door, out)
            palace_points.append(pts)
            triangles.append(tri)
            doors.append(door)
            lines += short
            inside = set(pts)
            for line in lines:  # every line ending on the door runs on into the palace
                for end, prev in ((-1, -2), (0, 1)):
                    if line[end] != door:
                        continue
                    step = (door[0] - line[prev][0], door[1] - line[prev][1])
                    more = [(door[0] + k * step[0], door[1] + k * step[1]) for k in (1, 2)]
                    if all(p in inside for p in more):
                        if end == -1:
                            line.extend(more)
                        else:
                            line[:0] = more[::-1]
        idx = lambda rc: rc[0] * cols + rc[1]  # noqa: E731
        self.lines = tuple(tuple(idx(p) for p in line) for line in lines)
        self.points = tuple(sorted({p for line in self.lines for p in line}))
        self.size = rows * cols
        self.used_mask = sum(1 << p for p in self.points)
        self.unused = frozenset(divmod(i, cols) for i in range(self.size) if not self.used_mask >> i & 1)
        adj: dict = {p: set() for p in self.points}
        jumps: dict = {p: set() for p in self.points}
        for line in self.lines:
            for a, b in zip(line, line[1:]):
                adj[a].add(b)
                adj[b].add(a)
            for a, b, c in zip(line, line[1:], line[2:]):
                jumps[a].add((b, c))
                jumps[c].add((b, a))
        self.adj = tuple(tuple(sorted(adj.get(p, ()))) for p in range(self.size))
        self.jumps = tuple(tuple(sorted(jumps.get(p, ()))) for p in range(self.size))
        self.adj_mask = tuple(sum(1 << q for q in self.adj[p]) for p in range(self.size))
        self.jump_over = {(a, c): b for a in self.points for b, c in self.jumps[a]}
        self.edges = frozenset(frozenset((a, b)) for a in self.points for b in self.adj[a])
        self.doors = tuple(idx(d) for d in doors)
        self.palace_sets = tuple(frozenset(idx(p) for p in pts) for pts in palace_points)
        self.palace_mask = sum(1 << p for s in self.palace_sets for p in s)
        self.triangles = tuple(tuple(idx(p) for p in tri) for tri in triangles)
        top, left, n = square
        self.centre = idx((top + n // 2, left + n // 2))
        self.square = tuple(idx((top + i, left + j)) for i in range(n) for j in range(n))
        self.square_box = (top, left, n)
        self.neighbours = make_neighbours(self)
        self.landings = make_landings(self)
        #: around[mask]: neighbours(mask), kept for the sets asked (the kings, the rings of their
        #: room: a few thousand sets met again and again in a search)
        self.around = Kept(self.neighbours)
        #: ones[mask]: the points of mask, lowest first, kept for the sets asked (the kings)
        self.ones = Kept(lambda mask: tuple(p for p in range(mask.bit_length()) if mask >> p & 1))
        #: jumped[(mask, over)]: landings(mask, over), kept (over: the soldiers next to mask)
        self.jumped = Kept(lambda key: self.landings(*key))

    def __reduce__(self):
        return (board, (self.palaces,))

    def __repr__(self):
        return f"<palace board {self.label}: {len(self.points)} points>"

    def rc(self, point: int) -> tuple[int, int]:
        return divmod(point, self.cols)

    def at(self, row: int, col: int) -> int:
        return row * self.cols + col

    def name(self, point: int) -> str:
        """Square name: files a.. from the left, ranks 1.. from the bottom."""
        r, c = divmod(point, self.cols)
        return f"{self.files[c]}{self.rows - r}"

    def parse(self, text: str) -> int | None:
        """The point of a square name, or None."""
        t = text.strip().lower()
        if len(t) < 2 or t[0] not in self.files or not t[1:].isascii() or not t[1:].isdigit():
            return None
        rank = int(t[1:])
        if not 1 <= rank <= self.rows or t[1] == "0":
            return None
        p = (self.rows - rank) * self.cols + self.files.index(t[0])
        return p if self.used_mask >> p & 1 else None


def _shift(expr: str, d: int) -> str:
    return f"({expr} << {d})" if d > 0 else f"({expr} >> {-d})" if d < 0 else expr


def _function(name: str, args: str, body: str):
    namespace: dict = {}
    exec(f"def {name}({args}):\n    return {body}\n", namespace)
    return namespace[name]


def make_neighbours(b: Board):
    """neighbours(mask): the union of the neighbours of every point in mask, as one expression of
    shifts and masks (for every index difference d between neighbours, the points p whose
    neighbour is p + d): no loop, it runs in the move generator's and the evaluation's inner loops."""
    masks: dict = {}
    for p in b.points:
        for q in b.adj[p]:
            masks[q - p] = masks.get(q - p, 0) | (1 << p)
    return _function("neighbours", "m", " | ".join(_shift(f"(m & {mask})", d) for d, mask in sorted(masks.items())))


def make_landings(b: Board):
    """landings(mask, over): the points where a piece on a point of mask lands jumping a point of
    `over` (whether the landing is free is the caller's to check), as one expression like
    neighbours(): for every pair (d1, d2) of index differences of a jump p over p + d1 to p + d2,
    the points p with such a jump, moved by d2, where `over` moved by d2 - d1 has a bit."""
    masks: dict = {}
    for p in b.points:
        for over, to in b.jumps[p]:
            masks[(over - p, to - p)] = masks.get((over - p, to - p), 0) | (1 << p)
    terms = [f"{_shift(f'(m & {mask})', d2)} & {_shift('o', d2 - d1)}" for (d1, d2), mask in sorted(masks.items())]
    return _function("landings", "m, o", " | ".join(f"({t})" for t in terms))


BOARDS = {n: Board(n) for n in SHAPES}
#: (rows, cols) of a position text -> its board
BY_SHAPE = {(b.rows, b.cols): b for b in BOARDS.values()}


def board(palaces: int) -> Board:
    return BOARDS[palaces]


class Setup:
    """What a board starts with (shared/rules/palace-family.md): the kings, the openings
    {name: (kings, soldiers standing, soldiers in hand)} (an opening the board does not have means
    its first, standard one; "standard" names it too), the most soldiers and hand any opening has, and the standard number
    of captures black needs to win."""

    def __init__(self, b: Board, kings: int, openings: dict, target: int):
        self.board = b
        self.kings = kings
        self.openings = {
            k: (tuple(map(b.at, *zip(*ks))), tuple(b.at(r, c) for r, c in ws), h) for k, (ks, ws, h) in openings.items()
        }
        self.standard = next(iter(openings))
        self.max_soldiers = max(len(w) + h for _, w, h in self.openings.values())
        self.max_hand = max(h for _, _, h in self.openings.values())
        self.target = target

    def opening(self, name: str) -> tuple:
        return self.openings.get(name) or self.openings[self.standard]

    def offered(self) -> tuple:
        """The opening names worth offering: "standard" and the board's other openings (its
        standard one under its own name would be the same start twice)."""
        return ("standard", *(k for k in self.openings if k != self.standard))


def _around(r, c):
    return [(r + i, c + j) for i in (-1, 0, 1) for j in (-1, 0, 1) if i or j]


def _ring(top, left, n):
    return [(top + i, left + j) for i in range(n) for j in range(n) if i in (0, n - 1) or j in (0, n - 1)]


#: standard win targets (captures) per board: 2 palaces 7 of 24 (palace.md); the others measured
#: with bench/bench_palace.py (bench/RESULTS.md, "The family"). One palace: 14 of 15, because
#: white almost never traps both kings there, so black's score nears even only where black seldom
#: wins (medium 64%, hard 50%; at 5, 97% and 62%); the higher target also lets the stronger level
#: hold white (ladder 72.5% and 77.5%). Four palaces: 60 of 64. Between equal players the kings
#: take 43 to 59 soldiers in most games and white keeps the last few, so 60 is near even (medium
#: and hard self-play about 55% and 50% for black), while a stronger black reaches it and a
#: stronger white traps weaker kings (ladder about 80%); at 64 every game was drawn.
TARGETS = {1: 14, 2: 7, 4: 60}

SETUPS = {
    1: Setup(
        BOARDS[1],
        2,
        {
            "rows": ([(1, 2), (2, 2)], [(r, c) for r in (5, 6) for c in range(5)], 5),
            "centre": ([(1, 2), (2, 2)], _around(4, 2), 8),
            "corners": ([(1, 2), (2, 2)], [(3, 1), (3, 3), (5, 1), (5, 3)], 12),
        },
        TARGETS[1],
    ),
    2: Setup(
        BOARDS[2],
        2,
        {"centre": ([(1, 2), (7, 2)], _around(4, 2), 16), "doors": ([(2, 2), (6, 2)], _around(4, 2), 16)},
        TARGETS[2],
    ),
    4: Setup(
        BOARDS[4],
        4,
        {
            "centre": ([(2, 6), (10, 6), (6, 2), (6, 10)], _ring(4, 4, 5), 48),
            "full": ([(2, 6), (10, 6), (6, 2), (6, 10)], _ring(4, 4, 5) + _around(6, 6), 50),
        },
        TARGETS[4],
    ),
}


def board_setup(palaces: int) -> Setup:
    return SETUPS[palaces]
