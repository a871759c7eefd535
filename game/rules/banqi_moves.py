"""How Banqi pieces move and capture, under the house rules (docs/BANQI.md): the pieces, the board's
geometry, and House, the rule options that change moving and capturing as one value. Pure Python;
game.rules.banqi builds its states and moves on it (and re-exports these names)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .common import PositionError

#: Piece letters of one side, high rank first, and how many of each a side has.
TYPES = "KABRNCP"
COUNTS = {"K": 1, "A": 2, "B": 2, "R": 2, "N": 2, "C": 2, "P": 5}
RANK = {t: 6 - i for i, t in enumerate(TYPES)}  # K 6 ... P 0 (the standard order)
#: the rank orders of the option `ranking`, high to low
ORDERS = {"standard": TYPES, "hongkong": "KRABNCP"}
ALL_LETTERS = TYPES + TYPES.lower()
FULL_SET = tuple(t for t in TYPES for _ in range(COUNTS[t])) + tuple(t.lower() for t in TYPES for _ in range(COUNTS[t]))
RESIGN_PLIES = 10
FACE_DOWN, EMPTY = "x", "."


def colour(letter: str) -> str:
    """'r' for a red letter, 'b' for a black one."""
    return "r" if letter.isupper() else "b"


def other(side: str) -> str:
    return "b" if side == "r" else "r"


def square_name(point: int) -> str:
    return "abcdefgh"[point % 8] + str(point // 8 + 1)


def parse_square(text: str) -> int:
    text = text.strip()
    if len(text) != 2 or text[0] not in "abcdefgh" or text[1] not in "1234":
        raise PositionError(f"bad square {text!r}")
    return (int(text[1]) - 1) * 8 + "abcdefgh".index(text[0])


def _neighbours(p: int) -> tuple:
    f, r = p % 8, p // 8
    out = []
    if r < 3:
        out.append(p + 8)
    if r > 0:
        out.append(p - 8)
    if f > 0:
        out.append(p - 1)
    if f < 7:
        out.append(p + 1)
    return tuple(out)


def _rays(p: int) -> tuple:
    """The four lines from p outwards (up, down, left, right), nearest square first."""
    f, r = p % 8, p // 8
    return (
        tuple(p + 8 * k for k in range(1, 4 - r)),
        tuple(p - 8 * k for k in range(1, r + 1)),
        tuple(p - k for k in range(1, f + 1)),
        tuple(p + k for k in range(1, 8 - f)),
    )


NEIGHBOURS = tuple(_neighbours(p) for p in range(32))
RAYS = tuple(_rays(p) for p in range(32))


@dataclass(frozen=True)
class House:
    """What the house-rule options change in moving and capturing (house(options) of an options
    dict): order: the rank order, high to low; rush: the Chariot moves and captures along a line
    and takes any piece (車直衝); chain: a capturing piece may go on capturing (連吃); trade: a
    capture of a piece of the same type removes both (同归于尽)."""

    order: str = TYPES
    rush: bool = False
    chain: bool = False
    trade: bool = False
    # {letter: rank} of the order, both colours (move generation asks it for every capture)
    ranks: dict = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        ranks = {t: 6 - i for i, t in enumerate(self.order)}
        object.__setattr__(self, "ranks", ranks | {t.lower(): r for t, r in ranks.items()})

    def rank(self, letter: str) -> int:
        return self.ranks[letter]

    @property
    def standard(self) -> bool:
        """Moves and captures as rules/banqi.md (only the draw options may differ)."""
        return self == STANDARD


STANDARD = House()


_HOUSES: dict = {("standard", "step", False, False): STANDARD}


def house(options) -> House:
    """The House of an options dict (missing keys: the standard rules); one value per combination,
    kept, since every new state asks."""
    key = (
        options.get("ranking", "standard"),
        options.get("chariot", "step"),
        bool(options.get("chain", False)),
        bool(options.get("trade", False)),
    )
    got = _HOUSES.get(key)
    if got is None:
        got = _HOUSES[key] = House(ORDERS[key[0]], key[1] == "rush", key[2], key[3])
    return got


def can_capture(attacker: str, target: str, rules: House = STANDARD) -> bool:
    """Whether a step capture attacker -> target is allowed by rank (colours ignored; not for a
    Cannon, nor for a rushing Chariot, which take any piece)."""
    a, t = attacker.upper(), target.upper()
    if a == "K" and t == "P":
        return False
    if a == "P" and t == "K":
        return True
    ranks = rules.ranks
    return ranks[a] >= ranks[t]


def attacks(board, p: int, rules: House = STANDARD) -> list:
    """Points of face-up enemy pieces the face-up piece on p could capture now."""
    piece = board[p]
    side = colour(piece)
    out = []
    if piece in "Cc":
        for ray in RAYS[p]:
            screen = False
            for q in ray:
                c = board[q]
                if c == EMPTY:
                    continue
                if not screen:
                    screen = True
                    continue
                if c != FACE_DOWN and colour(c) != side:
                    out.append(q)
                break
    elif rules.rush and piece in "Rr":
        for ray in RAYS[p]:  # the first piece along the line, any rank (an adjacent one too)
            for q in ray:
                c = board[q]
                if c == EMPTY:
                    continue
                if c != FACE_DOWN and colour(c) != side:
                    out.append(q)
                break
    else:
        for q in NEIGHBOURS[p]:
            c = board[q]
            if c not in (EMPTY, FACE_DOWN) and colour(c) != side and can_capture(piece, c, rules):
                out.append(q)
    return out


def steps(board, p: int, rules: House = STANDARD) -> list:
    """Empty points the face-up piece on p can move to (one square; a rushing Chariot slides)."""
    if rules.rush and board[p] in "Rr":
        out = []
        for ray in RAYS[p]:
            for q in ray:
                if board[q] != EMPTY:
                    break
                out.append(q)
        return out
    return [q for q in NEIGHBOURS[p] if board[q] == EMPTY]


def capture(board: list, a: int, b: int, rules: House = STANDARD) -> tuple:
    """Play the capture a -> b on `board` (a list, changed): the letters it removes (the victim,
    then the capturer too when `trade` removes both)."""
    piece, victim = board[a], board[b]
    board[a] = EMPTY
    if rules.trade and piece.upper() == victim.upper():
        board[b] = EMPTY
        return (victim, piece)
    board[b] = piece
    return (victim,)


def chains(board, path: tuple, rules: House) -> list:
    """Every capture path that goes on from `path` (whose captures are already played on `board`,
    its piece on path[-1]): the chain rule lets the piece capture again from where it landed, as
    long as it can; it may stop after any capture, so each path returned is a move of its own."""
    p = path[-1]
    if board[p] in (EMPTY, FACE_DOWN):
        return []  # the piece was removed by its own capture (trade)
    out = []
    for q in attacks(board, p, rules):
        after = list(board)
        capture(after, p, q, rules)
        longer = path + (q,)
        out.append(longer)
        out.extend(chains(after, longer, rules))
    return out
