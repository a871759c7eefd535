"""What the palace search knows of a board, made once per board (game.rules.palace_board): its
symmetries (for the transposition table's canonical keys: every image of a set of points at
once, from lookup tables), a loop-free "neighbours of a set of points" and the point behind each
neighbour. Pure Python, no pygame."""

from __future__ import annotations

from game.rules.palace_board import BOARDS, Board

CHUNK = 9  # bits per lookup table of the symmetry images


def _symmetries(b: Board) -> list:
    """Every reflection or rotation of the grid that maps the board's lines onto its own: as point
    permutations over the grid index (identity first)."""
    rows, cols = b.rows, b.cols
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (cols - 1 - c, r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
        ]
    out = []
    for f in maps:
        perm = tuple(b.at(*f(*divmod(p, cols))) for p in range(b.size))
        if all(frozenset(perm[p] for p in e) in b.edges for e in b.edges):
            out.append(perm)
    return out


class Geometry:
    def __init__(self, b: Board):
        self.board = b
        self.used = b.used_mask
        self.adj = b.adj
        self.adj_mask = b.adj_mask
        self.jumps = b.jumps
        self.palace_mask = b.palace_mask
        self.perms = _symmetries(b)
        #: inverse[t]: the permutation undoing perms[t] (rotations are not their own inverse)
        self.inverse = [tuple(sorted(range(b.size), key=perm.__getitem__)) for perm in self.perms]
        # every image side by side in one int, in slots of b.size bits (slot t: perms[t]'s image)
        self.slot, self.full = b.size, (1 << b.size) - 1
        self.shifts = tuple((t, b.size * t) for t in range(1, len(self.perms)))
        #: images(mask): every image of mask at once, perms[t]'s at bit slot * t (see image())
        self.images = _make_image(_image_tables(b.size, self.perms))
        #: beyond[k]: {neighbour q: the point behind q seen from k on the same line}
        self.beyond = [{over: to for over, to in b.jumps[k]} for k in range(b.size)]
        #: jump_bits[k]: (bit of the point jumped, bit of the landing) of every jump from k
        self.jump_bits = [tuple((1 << over, 1 << to) for over, to in b.jumps[k]) for k in range(b.size)]
        #: behind[k]: the points behind k's neighbours, one for each (lines through k part there)
        self.behind = [sum(1 << to for to in set(d.values())) for d in self.beyond]
        assert all(len(set(d.values())) == len(d) for d in self.beyond), "two neighbours share a point behind"
        #: dist[a][b]: steps along the lines from a to b (the kings' hunt, evaluate.hunt)
        self.dist = _distances(b)
        #: flanks[s]: (bit of a point a king jumps a soldier on s from, bit of where it lands) for
        #: every jump over s; none for the points no jump passes over (a soldier there is safe)
        flanks: list = [[] for _ in range(b.size)]
        for a in b.points:
            for over, to in b.jumps[a]:
                flanks[over].append((a, 1 << to))
        self.flanks = tuple(tuple(f) for f in flanks)
        self.neighbours = b.neighbours
        self.landings = b.landings
        self.around, self.ones = b.around, b.ones  # neighbours and points of small sets, kept

    def image(self, mask: int, t: int) -> int:
        """The image of the point set `mask` under perms[t]."""
        return self.images(mask) >> (self.slot * t) & self.full

    def canonical(self, black: int, white: int) -> tuple:
        """(white', black', t): the least image of the position under the symmetries, and which."""
        full = self.full
        whites, blacks = self.images(white), 0  # black's made when first needed
        best_w, best_b, best_t = white, black, 0
        for t, shift in self.shifts:
            w = whites >> shift & full
            if w > best_w:
                continue
            blacks = blacks or self.images(black)
            bl = blacks >> shift & full
            if w < best_w or bl < best_b:
                best_w, best_b, best_t = w, bl, t
        return best_w, best_b, best_t


def _distances(b: Board) -> tuple:
    """Every point's step distance to every point (breadth first along the board's lines)."""
    far = b.size
    out = []
    for a in range(b.size):
        d = [far] * b.size
        if a in b.points:
            d[a], front = 0, [a]
            while front:
                nxt = []
                for p in front:
                    for q in b.adj[p]:
                        if d[q] == far:
                            d[q] = d[p] + 1
                            nxt.append(q)
                front = nxt
        out.append(tuple(d))
    return tuple(out)


def _image_tables(size: int, perms: list) -> list:
    """For each CHUNK bits of a mask (point i*CHUNK first), the table of every value those bits
    can take -> the images of those points under every permutation, side by side (slot t at bit
    size * t). Each entry is the entry without its lowest bit plus that bit's images."""
    tables = []
    for first in range(0, size, CHUNK):
        points = range(first, min(first + CHUNK, size))
        images = [sum(1 << (size * t + perm[p]) for t, perm in enumerate(perms)) for p in points]
        table = [0] * (1 << len(points))
        for v in range(1, len(table)):
            low = v & -v
            table[v] = table[v ^ low] | images[low.bit_length() - 1]
        tables.append(table)
    return tables


def _make_image(tables: list):
    """images(mask): the union of the chunks' table entries, as one expression (no loop: it runs
    for every position the search stores)."""
    terms = [f"t{i}[m >> {CHUNK * i} & {len(table) - 1}]" for i, table in enumerate(tables)]
    args = ", ".join(f"t{i}=tables[{i}]" for i in range(len(tables)))
    namespace: dict = {"tables": tables}
    exec(f"def images(m, {args}):\n    return {' | '.join(terms)}\n", namespace)
    return namespace["images"]


GEOMETRY = {n: Geometry(b) for n, b in BOARDS.items()}
