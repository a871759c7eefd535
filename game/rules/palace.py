"""Palace Double-Door (王宫双门棋), the Tibetan hunt game: rules of shared/rules/palace.md.

Two black kings hunt 24 white soldiers on a 37-point board (a 5x5 alquerque square with a
triangular palace at each end). Black moves first (option "first": white drops first) and captures
by jumping; white drops its 16 soldiers in hand one per turn, then moves them one step at a time.
Black wins with 7 captures, white by leaving both kings without a move. The option "palaces" (1, 2,
4) plays the family's other boards (shared/rules/palace-family.md): 王宫独门棋 on 31 points and
王宫四门棋 on 105 points with four kings; the position text's rows say which board it is on.

Representation: a board (game/rules/palace_board.py) numbers its grid points row*cols + col (on
two palaces the source paper's index, row 0 at the top); the whites and the kings are each one int
used as a bit set over that index. The board graph (two palaces: 76 adjacencies, 112 directed
jumps) is built from its lines, never from coordinate arithmetic. The moves and their generator
are in game/rules/palace_moves.py (imported here). States are immutable; play() returns a new
state.

>>> s = new_game()
>>> sorted(str(m) for m in s.legal_moves())
['c2-b2', 'c2-c1', 'c2-c3', 'c2-d2', 'c8-b8', 'c8-c7', 'c8-c9', 'c8-d8']
>>> to_text(s.play(find_move(s, 'c8-c7')))
'.-.-./-...-/..B../.WWW./.W.W./.WWW./...../-.B.-/.-.-. w 16 0'
>>> perft(s, 2)
216
"""

from __future__ import annotations

from game.rules.common import EndsOnRequest, Option, PositionError, Result, check_options, find_move, parse_count  # noqa: F401
from game.rules.palace_board import BOARDS, BY_SHAPE, Board, board_setup
from game.rules.palace_moves import TABLES, Move, Tables, _bits, apply_move, black_mobility, gen_moves  # noqa: F401
from game.rules.palace_moves import Rules as _Rules

NAME = "palace"
MENU_ORDER = 0  # where game.games lists it (the menu's order)
SIDES = ("b", "w")

# The two-palace board's constants (the default board; older callers and tests use them).
_B2 = BOARDS[2]
ROWS, COLS = _B2.rows, _B2.cols
UNUSED = _B2.unused
POINTS = _B2.points
USED_MASK = _B2.used_mask
FILES = _B2.files
WIN_CAPTURES = 7
TOTAL_WHITES = 24
START_HAND = 16
MAX_PLIES = 1_000_000  # a bound for the position text's ply count, far beyond any game
#: the 20 lines of the two-palace board (shared/rules/palace.md, "Lines"); other boards: Board.lines
LINES = _B2.lines
#: ADJ[p]: the points adjacent to p (consecutive on a line); JUMPS[p]: (over, landing) pairs.
ADJ, JUMPS = list(_B2.adj), list(_B2.jumps)
ADJ_MASK = list(_B2.adj_mask)
#: JUMP_OVER[(a, c)] = b for every directed jump a over b to c
JUMP_OVER = _B2.jump_over
EDGES = _B2.edges


def name(point: int, board: Board = _B2) -> str:
    """Square name of a grid index: files a.. from the left, ranks from the bottom (two-palace
    board by default: ranks 9..1 from the top, c5 is the centre)."""
    return board.name(point)


def parse_point(text: str, board: Board = _B2) -> int:
    """Grid index of a square name such as 'c5'; PositionError if it is not a board point."""
    p = board.parse(text)
    if p is None:
        raise PositionError(f"{text!r} is not a point of the {board.label} board")
    return p


# ---- variant options (every *(choice)* of the rules files) ----------------------------------------
# "first" is not one of them: a balance variant from Bagh-chal, where the many side starts. With the
# kings on the doors black scores ~73% between equal medium players; white dropping first evens it
# out (bench/bench_palace.py --selfplay; the figures are in assets/rules/palace.*.md).
_TARGETS = (0, 4, 5, 6, 7, 8, 10, 12, 14, 16, 19, 24, 32, 40, 60, 64)
OPTIONS = (
    Option(
        "palaces",
        2,
        (1, 2, 4),
        {"en": "Board", "zh": "棋盘"},
        {
            1: {"en": "One palace (31)", "zh": "王宫独门棋"},
            2: {"en": "Two palaces (37)", "zh": "王宫双门棋"},
            4: {"en": "Four palaces (105)", "zh": "王宫四门棋"},
        },
        ladder=True,
    ),
    # an opening a board does not have is the board's standard one (palace_board.Setup.opening), so
    # the screens offer each board only its own
    Option(
        "opening",
        "standard",
        ("standard", "centre", "doors", "rows", "corners", "full"),
        {"en": "Opening", "zh": "开局"},
        {
            "standard": {"en": "Standard", "zh": "标准"},
            "centre": {"en": "Centre ring", "zh": "兵围中心"},
            "doors": {"en": "Kings on doors", "zh": "王守宫门"},
            "rows": {"en": "Far rows", "zh": "远端两行"},
            "corners": {"en": "Corners", "zh": "四角"},
            "full": {"en": "74 soldiers", "zh": "七十四兵"},
        },
        narrowed_by="palaces",
        choices_under={p: board_setup(p).offered() for p in BOARDS},
    ),
    # a target above a board's soldiers could only be won by leaving white without a move
    Option(
        "target",
        0,
        _TARGETS,
        {"en": "Captures to win", "zh": "黑方胜需吃子"},
        {0: {"en": "Standard", "zh": "标准"}},
        narrowed_by="palaces",
        choices_under={p: tuple(t for t in _TARGETS if t <= board_setup(p).max_soldiers) for p in BOARDS},
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


_RULES_CACHE: dict = {}


def _rules_of(opts: dict) -> _Rules:
    key = tuple(sorted(opts.items()))
    r = _RULES_CACHE.get(key)
    if r is None:
        n = opts["palaces"]
        r = _RULES_CACHE[key] = _Rules(
            opts["jumps"] == "chain",
            opts["forced_capture"],
            opts["white_blocked"] == "loses",
            opts["repetition"],
            opts["no_progress"],
            TABLES[n],
            opts["target"] or board_setup(n).target,
        )
    return r


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
    def board(self) -> Board:
        """The board this position is on (palace_board.Board)."""
        return self._rules.tables.board

    @property
    def win_captures(self) -> int:
        """How many captures black needs to win."""
        return self._rules.win

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
        if self.captures >= r.win:
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
    kings, whites, hand = board_setup(opts["palaces"]).opening(opts["opening"])
    black = sum(1 << p for p in kings)
    white = sum(1 << p for p in whites)
    stm = "w" if opts["first"] == "white" else "b"  # the variant "first": white drops first
    return State(black, white, stm, hand, 0, 0, ((black, white, stm, hand),), opts)


def to_text(state: State) -> str:
    b = state.board
    rows = []
    for r in range(b.rows):
        cells = []
        for c in range(b.cols):
            p = r * b.cols + c
            if (r, c) in b.unused:
                cells.append("-")
            else:
                cells.append(state.at(p) or ".")
        rows.append("".join(cells))
    return f"{'/'.join(rows)} {state.to_move} {state.hand} {state.captures}"


def _shapes() -> str:
    return ", ".join(f"{b.rows} rows of {b.cols} ({b.label})" for b in BOARDS.values())


def from_text(text: str, **options) -> State:
    """A state from a position text (shared/DESIGN.md). Its rows say which board it is on (7, 9 or
    13 rows: one, two or four palaces), whatever the `palaces` option given says. An optional 4th number
    gives the plies already played since the last capture or drop (for the 100-ply draw)."""
    fields = text.split()
    if len(fields) not in (4, 5):
        raise PositionError("palace position needs: the rows, side to move (b/w), whites in hand, black's captures")
    rows = fields[0].split("/")
    b = BY_SHAPE.get((len(rows), len(rows[0])))
    if b is None:
        raise PositionError(f"palace position: {len(rows)} rows of {len(rows[0])} match no board; expected {_shapes()}")
    opts = check_options(OPTIONS, {**options, "palaces": b.palaces})
    setup = board_setup(b.palaces)
    black = white = 0
    for r, row in enumerate(rows):
        if len(row) != b.cols:
            raise PositionError(f"row {r + 1} ({row!r}) must have {b.cols} cells")
        for c, ch in enumerate(row):
            p = r * b.cols + c
            if (r, c) in b.unused:
                if ch != "-":
                    raise PositionError(f"row {r + 1} cell {c + 1} is not a board point: write '-'")
                continue
            if ch == "B":
                black |= 1 << p
            elif ch == "W":
                white |= 1 << p
            elif ch == "-":
                raise PositionError(f"row {r + 1} cell {c + 1} ({b.name(p)}) is a board point, not '-'")
            elif ch != ".":
                raise PositionError(f"row {r + 1} cell {c + 1}: {ch!r} is not B, W or '.'")
    if black.bit_count() != setup.kings:
        raise PositionError(f"black must have {setup.kings} kings on the {b.label} board, found {black.bit_count()}")
    side = fields[1]
    if side not in SIDES:
        raise PositionError(f"side to move must be 'b' or 'w', not {side!r}")
    numbers = []
    total = setup.max_soldiers
    for label, value in zip(("whites in hand", "captures", "plies"), fields[2:]):
        numbers.append(parse_count(value, label, MAX_PLIES if label == "plies" else total))
    hand, caps = numbers[0], numbers[1]
    plies = numbers[2] if len(numbers) > 2 else 0
    if hand > setup.max_hand:
        raise PositionError(f"white has at most {setup.max_hand} soldiers in hand on the {b.label} board, not {hand}")
    if white.bit_count() + hand + caps > total:
        raise PositionError(
            f"too many soldiers: {white.bit_count()} on the board + {hand} in hand "
            f"+ {caps} captured is more than {total}"
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
        if c2 >= rules.win:
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
