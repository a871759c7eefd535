"""What the palace search knows of a board, made once per board (game.rules.palace_board): its
symmetries (for the transposition table's canonical keys), a loop-free "neighbours of a set of
points" and the point behind each neighbour. Pure Python, no pygame."""

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
        n_chunks = (b.size + CHUNK - 1) // CHUNK
        self.chunks = [
            [
                [
                    sum(1 << perm[CHUNK * i + j] for j in range(CHUNK) if v >> j & 1 and CHUNK * i + j < b.size)
                    for v in range(1 << CHUNK)
                ]
                for i in range(n_chunks)
            ]
            for perm in self.perms
        ]
        #: images[t](mask): the image of a point set under perms[t] (the identity too)
        self.images = [_make_image(tables) for tables in self.chunks]
        self.others = tuple(enumerate(self.images))[1:]
        #: beyond[k]: {neighbour q: the point behind q seen from k on the same line}
        self.beyond = [{over: to for over, to in b.jumps[k]} for k in range(b.size)]
        #: jump_bits[k]: (bit of the point jumped, bit of the landing) of every jump from k
        self.jump_bits = [tuple((1 << over, 1 << to) for over, to in b.jumps[k]) for k in range(b.size)]
        #: behind[k]: the points behind k's neighbours, one for each (lines through k part there)
        self.behind = [sum(1 << to for to in set(d.values())) for d in self.beyond]
        assert all(len(set(d.values())) == len(d) for d in self.beyond), "two neighbours share a point behind"
        self.neighbours = b.neighbours
        self.landings = b.landings
        self.around, self.spread = b.around, b.spread  # neighbours() of small sets, kept

    def image(self, mask: int, t: int) -> int:
        """The image of the point set `mask` under perms[t]."""
        return self.images[t](mask)

    def canonical(self, black: int, white: int) -> tuple:
        """(white', black', t): the least image of the position under the symmetries, and which."""
        best_w, best_b, best_t = white, black, 0
        for t, image in self.others:
            w = image(white)
            if w > best_w:
                continue
            bl = image(black)
            if w < best_w or bl < best_b:
                best_w, best_b, best_t = w, bl, t
        return best_w, best_b, best_t


def _make_image(tables: list):
    """image(mask): the union of the chunks' table entries, as one expression (no loop: it runs
    for every position the search stores)."""
    terms = [f"t{i}[m >> {CHUNK * i} & {(1 << CHUNK) - 1}]" for i in range(len(tables))]
    args = ", ".join(f"t{i}=tables[{i}]" for i in range(len(tables)))
    namespace: dict = {"tables": tables}
    exec(f"def image(m, {args}):\n    return {' | '.join(terms)}\n", namespace)
    return namespace["image"]


GEOMETRY = {n: Geometry(b) for n, b in BOARDS.items()}
