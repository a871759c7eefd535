"""Palace Double-Door (王宫双门棋), the Tibetan hunt game: rules of shared/rules/palace.md.

Two black kings hunt 24 white soldiers on a 37-point board (a 5x5 alquerque square with a
triangular palace at each end). Black moves first (option "first": white drops first) and captures
by jumping; white drops its 16 soldiers in hand one per turn, then moves them one step at a time.
Black wins with 7 captures, white by leaving both kings without a move.

Representation: the 45 grid points are numbered row*5 + col (the source paper's index, row 0 at
the top); the whites and the kings are each one int used as a bit set over that index. The board
graph (76 adjacencies, 112 directed jumps) is built from its 20 lines, never from coordinate
arithmetic. States are immutable; play() returns a new state.

>>> s = new_game()
>>> sorted(str(m) for m in s.legal_moves())
['c2-b2', 'c2-c1', 'c2-c3', 'c2-d2', 'c8-b8', 'c8-c7', 'c8-c9', 'c8-d8']
>>> to_text(s.play(find_move(s, 'c8-c7')))
'.-.-./-...-/..B../.WWW./.W.W./.WWW./...../-.B.-/.-.-. w 16 0'
>>> perft(s, 2)
216
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.common import EndsOnRequest, Option, PositionError, Result, check_options, find_move, parse_count  # noqa: F401

NAME = "palace"
MENU_ORDER = 0  # where game.games lists it (the menu's order)
SIDES = ("b", "w")

ROWS, COLS = 9, 5
UNUSED = frozenset({(0, 1), (0, 3), (1, 0), (1, 4), (7, 0), (7, 4), (8, 1), (8, 3)})
POINTS = tuple(r * 5 + c for r in range(ROWS) for c in range(COLS) if (r, c) not in UNUSED)
USED_MASK = sum(1 << p for p in POINTS)
FILES = "abcde"
WIN_CAPTURES = 7
TOTAL_WHITES = 24
START_HAND = 16
MAX_PLIES = 1_000_000  # a bound for the position text's ply count, far beyond any game


def _cells(*rc):
    return tuple(r * 5 + c for r, c in rc)


# The 20 lines of the board (shared/rules/palace.md, "Lines").
LINES = (
    *(tuple(r * 5 + c for c in range(COLS) if (r, c) not in UNUSED) for r in range(ROWS)),
    *(tuple(r * 5 + c for r in range(2, 7)) for c in (0, 1, 3, 4)),
    tuple(r * 5 + 2 for r in range(ROWS)),
    _cells((2, 0), (3, 1), (4, 2), (5, 3), (6, 4)),
    _cells((2, 4), (3, 3), (4, 2), (5, 1), (6, 0)),
    _cells((0, 0), (1, 1), (2, 2), (3, 3), (4, 4)),
    _cells((0, 4), (1, 3), (2, 2), (3, 1), (4, 0)),
    _cells((4, 0), (5, 1), (6, 2), (7, 3), (8, 4)),
    _cells((4, 4), (5, 3), (6, 2), (7, 1), (8, 0)),
)


def _build_graph():
    adj = {p: [] for p in POINTS}
    jumps = {p: [] for p in POINTS}
    for line in LINES:
        for a, b in zip(line, line[1:]):
            adj[a].append(b)
            adj[b].append(a)
        for a, b, c in zip(line, line[1:], line[2:]):
            jumps[a].append((b, c))
            jumps[c].append((b, a))
    ADJ = [()] * 45
    JUMPS = [()] * 45
    for p in POINTS:
        ADJ[p] = tuple(sorted(adj[p]))
        JUMPS[p] = tuple(sorted(jumps[p]))
    return ADJ, JUMPS


#: ADJ[p]: the points adjacent to p (consecutive on a line); JUMPS[p]: (over, landing) pairs.
ADJ, JUMPS = _build_graph()
ADJ_MASK = [sum(1 << q for q in ADJ[p]) for p in range(45)]
#: JUMP_OVER[(a, c)] = b for every directed jump a over b to c
JUMP_OVER = {(a, c): b for a in POINTS for b, c in JUMPS[a]}
EDGES = frozenset(frozenset((a, b)) for a in POINTS for b in ADJ[a])


def name(point: int) -> str:
    """Square name of a grid index: files a..e, ranks 9..1 from the top (c5 is the centre)."""
    r, c = divmod(point, 5)
    return f"{FILES[c]}{9 - r}"


def parse_point(text: str) -> int:
    """Grid index of a square name such as 'c5'; PositionError if it is not a board point."""
    t = text.strip().lower()
    if len(t) == 2 and t[0] in FILES and t[1] in "123456789":
        p = (9 - int(t[1])) * 5 + FILES.index(t[0])
        if p in POINTS:
            return p
    raise PositionError(f"{text!r} is not a point of the palace board")


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ---- variant options (every *(choice)* of the rules file) ----------------------------------------
# "first" is not one of them: a balance variant from Bagh-chal, where the many side starts. With the
# kings on the doors black scores ~73% between equal medium players; white dropping first evens it
# out (bench/bench_palace.py --selfplay; the figures are in assets/rules/palace.*.md).
OPTIONS = (
    Option(
        "opening",
        "centre",
        ("centre", "doors"),
        {"en": "Opening", "zh": "开局"},
        {
            "centre": {"en": "Kings in the palaces", "zh": "王在宫中"},
            "doors": {"en": "Kings on the doors (Kungser)", "zh": "王守宫门"},
        },
    ),
    Option(
        "first",
        "black",
        ("black", "white"),
        {"en": "First turn", "zh": "先手"},
        {
            "black": {"en": "Black: a king moves", "zh": "黑方先走"},
            "white": {"en": "White drops first (Bagh-chal)", "zh": "白方先落子"},
        },
    ),
    Option(
        "jumps",
        "one",
        ("one", "chain"),
        {"en": "Jumps per turn", "zh": "每步跳吃"},
        {
            "one": {"en": "One jump", "zh": "只跳一次"},
            "chain": {"en": "Chain: keep jumping while possible", "zh": "连跳到底"},
        },
    ),
    Option(
        "forced_capture",
        False,
        (False, True),
        {"en": "Capturing is compulsory", "zh": "能吃必吃"},
        {False: {"en": "No", "zh": "否"}, True: {"en": "Yes", "zh": "是"}},
    ),
    Option(
        "white_blocked",
        "loses",
        ("loses", "draw"),
        {"en": "White with no move", "zh": "白方无子可动"},
        {"loses": {"en": "loses", "zh": "判负"}, "draw": {"en": "draws", "zh": "和棋"}},
    ),
    Option(
        "repetition",
        True,
        (True, False),
        {"en": "Threefold repetition draws", "zh": "三次重复局面为和"},
        {True: {"en": "Yes", "zh": "是"}, False: {"en": "No", "zh": "否"}},
    ),
    Option(
        "no_progress",
        100,
        (100, 200, 0),
        {"en": "Draw after turns without a capture or drop", "zh": "无吃子无落子步数判和"},
        {100: {"en": "100", "zh": "100"}, 200: {"en": "200", "zh": "200"}, 0: {"en": "never", "zh": "不限"}},
    ),
)

_START_WHITE = _cells((3, 1), (3, 2), (3, 3), (4, 1), (4, 3), (5, 1), (5, 2), (5, 3))
_START_BLACK = {"centre": _cells((1, 2), (7, 2)), "doors": _cells((2, 2), (6, 2))}


class Move(NamedTuple):
    """A move: path is the tuple of points the player touches (a drop: (point,); a step or jump:
    (from, to); a chain of jumps: (from, landing, landing, ...)); captured: the jumped points."""

    path: tuple
    captured: tuple = ()

    @property
    def kind(self) -> str:
        return "drop" if len(self.path) == 1 else ("jump" if self.captured else "step")

    def __str__(self):
        if len(self.path) == 1:
            return name(self.path[0])
        return ("x" if self.captured else "-").join(name(p) for p in self.path)


class _Rules(NamedTuple):
    """The options in the form the move generator and end checks use."""

    chain: bool
    forced: bool
    white_blocked_loses: bool
    repetition: bool
    no_progress: int


def _rules_of(opts: dict) -> _Rules:
    return _Rules(
        opts["jumps"] == "chain",
        opts["forced_capture"],
        opts["white_blocked"] == "loses",
        opts["repetition"],
        opts["no_progress"],
    )


# ---- the move generator shared by State, perft and the AI ----------------------------------------
def _chains(k, white, empty, path, caps, out):
    """Append every maximal chain of jumps of the king that has reached path[-1]."""
    extended = False
    for over, to in JUMPS[k]:
        if white >> over & 1 and empty >> to & 1:
            extended = True
            b_over, b_to = 1 << over, 1 << to
            _chains(to, white ^ b_over, (empty | b_over) ^ b_to | (1 << k), path + (to,), caps + (over,), out)
    if not extended and caps:
        out.append(Move(path, caps))


# Every single move object, made once: the generator hands out these shared (immutable) tuples.
_DROP = [Move((p,)) for p in range(45)]
_STEPS = [tuple((q, Move((p, q))) for q in ADJ[p]) for p in range(45)]
_JUMPS = [tuple((over, to, Move((p, to), (over,))) for over, to in JUMPS[p]) for p in range(45)]
_DROP_ORDER = tuple(POINTS)


def gen_moves(black: int, white: int, stm: str, hand: int, rules: _Rules) -> list:
    """Every move of the side to move, ignoring whether the game is over."""
    empty = USED_MASK & ~(black | white)
    moves = []
    if stm == "b":
        jumps: list = []
        for k in _bits(black):
            if rules.chain:
                _chains(k, white, empty | (1 << k), (k,), (), jumps)
            else:
                for over, to, m in _JUMPS[k]:
                    if white >> over & 1 and empty >> to & 1:
                        jumps.append(m)
            if not (rules.forced and jumps):
                for q, m in _STEPS[k]:
                    if empty >> q & 1:
                        moves.append(m)
        if jumps:
            return jumps if rules.forced else jumps + moves
        return moves
    if hand:
        return [_DROP[p] for p in _DROP_ORDER if empty >> p & 1]
    for w in _bits(white):
        for q, m in _STEPS[w]:
            if empty >> q & 1:
                moves.append(m)
    return moves


def black_mobility(black: int, white: int, chain: bool = False) -> int:
    """Number of moves black would have (steps + single jumps), for quick blocked tests."""
    empty = USED_MASK & ~(black | white)
    n = 0
    for k in _bits(black):
        n += (ADJ_MASK[k] & empty).bit_count()
        for over, to in JUMPS[k]:
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


# ---- the immutable game state --------------------------------------------------------------------
class State(EndsOnRequest):
    """A position plus what the end rules need (plies since a capture or drop, the positions seen
    since then for repetition). Immutable: play(), resign() and agree_draw() return new states."""

    __slots__ = (
        "black",
        "white",
        "to_move",
        "hand",
        "captures",
        "plies",
        "history",
        "options",
        "_rules",
        "_result",
        "_moves",
    )

    def __init__(self, black, white, to_move, hand, captures, plies, history, options, result=None):
        self.black = black
        self.white = white
        self.to_move = to_move
        self.hand = hand
        self.captures = captures
        self.plies = plies
        self.history = history
        self.options = options
        self._rules = _rules_of(options)
        self._moves = None
        self._result = result if result is not None else self._end()

    # pickling: only the defining fields (caches are rebuilt)
    def __getstate__(self):
        return (
            self.black,
            self.white,
            self.to_move,
            self.hand,
            self.captures,
            self.plies,
            self.history,
            self.options,
            self._result,
        )

    def __setstate__(self, st):
        (
            self.black,
            self.white,
            self.to_move,
            self.hand,
            self.captures,
            self.plies,
            self.history,
            self.options,
            self._result,
        ) = st
        self._rules = _rules_of(self.options)
        self._moves = None

    def __eq__(self, other):
        return isinstance(other, State) and self.__getstate__() == other.__getstate__()

    def __hash__(self):
        return hash((self.black, self.white, self.to_move, self.hand, self.captures))

    def __repr__(self):
        return f"palace.from_text({to_text(self)!r})"

    # ---- board queries ---------------------------------------------------------------------------
    def at(self, point: int) -> str | None:
        """'B' (king), 'W' (soldier) or None for an empty point."""
        if self.black >> point & 1:
            return "B"
        if self.white >> point & 1:
            return "W"
        return None

    @property
    def kings(self) -> tuple:
        return tuple(_bits(self.black))

    @property
    def soldiers(self) -> tuple:
        return tuple(_bits(self.white))

    def key(self):
        """What threefold repetition compares: board, side to move, pieces in hand."""
        return (self.black, self.white, self.to_move, self.hand)

    # ---- moves and results -----------------------------------------------------------------------
    def _raw_moves(self):
        if self._moves is None:
            self._moves = gen_moves(self.black, self.white, self.to_move, self.hand, self._rules)
        return self._moves

    def _end(self):
        r = self._rules
        if self.captures >= WIN_CAPTURES:
            return Result("b", "captures")
        if not self._raw_moves():
            if self.to_move == "b":
                return Result("w", "blocked")
            return Result("b" if r.white_blocked_loses else None, "white_blocked")
        if r.repetition and self.history.count(self.key()) >= 3:
            return Result(None, "repetition")
        if r.no_progress and self.plies >= r.no_progress:
            return Result(None, "no_progress")
        return None

    def legal_moves(self) -> list:
        return [] if self._result is not None else list(self._raw_moves())

    def result(self):
        return self._result

    def play(self, move) -> State:
        if self._result is not None:
            raise PositionError("the game is over")
        if move not in self._raw_moves():
            raise PositionError(f"illegal move {move}")
        black, white, hand, caps, reset = apply_move(self.black, self.white, self.hand, self.captures, move)
        stm = "w" if self.to_move == "b" else "b"
        key = (black, white, stm, hand)
        if reset:
            return State(black, white, stm, hand, caps, 0, (key,), self.options)
        return State(black, white, stm, hand, caps, self.plies + 1, self.history + (key,), self.options)

    SIDES = SIDES

    def _ended(self, result):
        return State(
            self.black,
            self.white,
            self.to_move,
            self.hand,
            self.captures,
            self.plies,
            self.history,
            self.options,
            result,
        )


# ---- creation, text -----------------------------------------------------------------------------
def new_game(**options) -> State:
    opts = check_options(OPTIONS, options)
    black = sum(1 << p for p in _START_BLACK[opts["opening"]])
    white = sum(1 << p for p in _START_WHITE)
    stm = "w" if opts["first"] == "white" else "b"  # the variant "first": white drops first
    return State(black, white, stm, START_HAND, 0, 0, ((black, white, stm, START_HAND),), opts)


def to_text(state: State) -> str:
    rows = []
    for r in range(ROWS):
        cells = []
        for c in range(COLS):
            p = r * 5 + c
            if (r, c) in UNUSED:
                cells.append("-")
            else:
                cells.append(state.at(p) or ".")
        rows.append("".join(cells))
    return f"{'/'.join(rows)} {state.to_move} {state.hand} {state.captures}"


def from_text(text: str, **options) -> State:
    """A state from a position text (shared/DESIGN.md). An optional 4th number gives the plies
    already played since the last capture or drop (for the 100-ply draw)."""
    opts = check_options(OPTIONS, options)
    fields = text.split()
    if len(fields) not in (4, 5):
        raise PositionError("palace position needs: 9 rows, side to move (b/w), whites in hand, black's captures")
    rows = fields[0].split("/")
    if len(rows) != ROWS:
        raise PositionError(f"palace position needs 9 rows separated by '/', got {len(rows)}")
    black = white = 0
    for r, row in enumerate(rows):
        if len(row) != COLS:
            raise PositionError(f"row {r + 1} ({row!r}) must have 5 cells")
        for c, ch in enumerate(row):
            p = r * 5 + c
            if (r, c) in UNUSED:
                if ch != "-":
                    raise PositionError(f"row {r + 1} cell {c + 1} is not a board point: write '-'")
                continue
            if ch == "B":
                black |= 1 << p
            elif ch == "W":
                white |= 1 << p
            elif ch == "-":
                raise PositionError(f"row {r + 1} cell {c + 1} ({name(p)}) is a board point, not '-'")
            elif ch != ".":
                raise PositionError(f"row {r + 1} cell {c + 1}: {ch!r} is not B, W or '.'")
    if black.bit_count() != 2:
        raise PositionError(f"black must have 2 kings on the board, found {black.bit_count()}")
    side = fields[1]
    if side not in SIDES:
        raise PositionError(f"side to move must be 'b' or 'w', not {side!r}")
    numbers = []
    for label, value in zip(("whites in hand", "captures", "plies"), fields[2:]):
        numbers.append(parse_count(value, label, MAX_PLIES if label == "plies" else TOTAL_WHITES))
    hand, caps = numbers[0], numbers[1]
    plies = numbers[2] if len(numbers) > 2 else 0
    if hand > START_HAND:
        raise PositionError(f"white has at most {START_HAND} soldiers in hand, not {hand}")
    if white.bit_count() + hand + caps > TOTAL_WHITES:
        raise PositionError(
            f"too many soldiers: {white.bit_count()} on the board + {hand} in hand "
            f"+ {caps} captured is more than {TOTAL_WHITES}"
        )
    return State(black, white, side, hand, caps, plies, ((black, white, side, hand),), opts)


# ---- perft --------------------------------------------------------------------------------------
def perft(state: State, depth: int) -> int:
    """Number of leaf positions `depth` plies below `state`, following every end rule."""
    if depth <= 0:
        return 1
    if state.result() is not None:
        return 0
    counts: dict = {}
    for k in state.history:
        counts[k] = counts.get(k, 0) + 1
    return _perft(
        state.black, state.white, state.to_move, state.hand, state.captures, state.plies, depth, state._rules, counts
    )


def _perft(black, white, stm, hand, caps, plies, depth, rules, counts):
    moves = gen_moves(black, white, stm, hand, rules)
    if depth == 1:
        return len(moves)
    nxt = "w" if stm == "b" else "b"
    total = 0
    limit = rules.no_progress
    for m in moves:
        b2, w2, h2, c2, reset = apply_move(black, white, hand, caps, m)
        if c2 >= WIN_CAPTURES:
            continue
        if reset:
            p2, sub = 0, {}
        else:
            p2, sub = plies + 1, counts
        key = (b2, w2, nxt, h2)
        seen = sub.get(key, 0) + 1
        if (rules.repetition and seen >= 3) or (limit and p2 >= limit):
            # a drawn position still has no moves unless it is also blocked: nothing below
            continue
        sub[key] = seen
        total += _perft(b2, w2, nxt, h2, c2, p2, depth - 1, rules, sub)
        if seen == 1:
            del sub[key]
        else:
            sub[key] = seen - 1
    return total
