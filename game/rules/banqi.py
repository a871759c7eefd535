"""Chinese Chess Flipping (Banqi, 中国象棋翻棋): rules of shared/rules/banqi.md. Pure Python.

Board: 32 points, point = (rank - 1) * 8 + file (a1 = 0, h1 = 7, a4 = 24). Pieces are the letters
of the position text: red K A B R N C P (General Advisor Elephant Chariot Horse Cannon Soldier),
black the same in lower case. Sides 'r' (red) and 'b' (black).

state.to_move is None before the first flip (only flips are legal then); state.first_colour is the
colour the first flip gave to the player who made it (None before; None too in a from_text()
state, which cannot know it). Undoing is going back to an earlier state: states never change.

Two kinds of states
-------------------
- A *true-layout* state (new_game(seed), deal()) knows which piece lies under every face-down
  square (state.hidden). It plays every action: play(flip) reveals the hidden piece. Only the game
  itself (and its save, which is new_game(seed=...) plus the move list) reads the layout.
- A *public-view* state (from_text(), public_state()) knows only what a player may know: the face-up
  pieces, the captured pieces and so the bag (counts of each piece type still face down). It
  supports legal_moves(), play() of moves and captures, result(), to_text() as usual, but a flip
  needs to be told which piece it reveals: play(flip) raises PositionError there; use
  state.play_flip(point, piece) instead (the network guest does this with the piece the host
  reveals; analysis never plays flips). deal(state, seed) turns a public view into a true-layout
  state by shuffling the bag over the face-down squares.

Network / analysis helpers
    public_state(state)          -> the public view of a state (drops the layout, keeps history)
    flip_piece(state, point)     -> letter a flip at `point` reveals (true-layout states only)
    state.play_flip(point, piece)-> state after flipping `point` revealing `piece` (a letter); on a
                                    true-layout state it must agree with the hidden piece, else
                                    PositionError
    deal(state, seed)            -> a true-layout state consistent with a public view

The position text (DESIGN.md) is the public view: ranks 4..1, '/' between, 'x' face down, '.'
empty, then side to move ('r'/'b', '-' before the first flip), the captured pieces ('-' if none,
red first, high rank first) and the plies since the last flip or capture. A from_text() state does
not know which colour flipped first (first_colour is None) nor the repetition history; its ply
count is estimated as flips + captures + quiet plies (used for the 10-ply resignation rule).

End of the game, checked after every action in this order: a side with no pieces left loses
("no_pieces"); the side to move without a legal action loses ("no_moves"); the third occurrence of
a position (board + side to move) is a draw ("repetition") unless exactly one side made only
chasing moves since the first occurrence: that side loses ("perpetual_chase"); after
`no_progress` plies without a flip or a capture, a draw ("no_progress"). resign() ("resign") and
agree_draw() ("agreement") end it on request.

House rules (options, all off by default; docs/BANQI.md gives the source of each and the choices
made): `chain` (連吃) lets a capturing piece go on capturing in the same turn, each capture by the
rules of that piece, stopping whenever its player likes: the move is [from, to, to, ...], written
a1xa2xa4, and each shorter chain is a move of its own; `chariot="rush"` (車直衝) moves the Chariot
any distance along a line over empty squares and lets it take the first piece in line, face-up
and of the enemy, whatever its rank; `ranking="hongkong"` ranks the Chariot second (General,
Chariot, Advisor, Elephant, Horse, Cannon, Soldier); `trade` removes both pieces when a piece
takes one of its own type (a capture that takes the last pieces of both sides is a draw,
"no_pieces" without a winner). State.house holds them as one value (House).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .banqi_moves import (
    ALL_LETTERS,
    COUNTS,
    EMPTY,
    FACE_DOWN,
    FULL_SET,
    NEIGHBOURS,
    RESIGN_PLIES,
    TYPES,
    attacks,
    can_capture,
    capture,
    chains,
    colour,
    house,
    other,
    square_name,
    steps,
)

# the names below are read by other modules as banqi.X (the computer, the overlay, the tests)
from .banqi_moves import ORDERS as ORDERS
from .banqi_moves import RANK as RANK
from .banqi_moves import RAYS as RAYS
from .banqi_moves import STANDARD as STANDARD
from .banqi_moves import House as House
from .banqi_moves import parse_square as parse_square
from .common import EndsOnRequest, Option, PositionError, Result, check_options, parse_count

NAME = "banqi"
MENU_ORDER = 2  # where game.games lists it (the menu's order)
HIDDEN = True  # players see only part of the position (the face-down tiles)
DEALT = True  # a new game is dealt from a seed
PERFT = False  # no fast leaf count: flips make the tree a lottery
SIDES = ("r", "b")

OPTIONS = (
    Option(
        key="no_progress",
        default=60,
        choices=(40, 60, 180),
        label={"en": "Draw after turns without a flip or capture", "zh": "无翻无吃和棋步数"},
    ),
    Option(
        key="repetition",
        default="chase",
        choices=("chase", "draw", "off"),
        label={"en": "Repeated positions", "zh": "重复局面"},
        choice_labels={
            "chase": {"en": "3rd time draws; chase loses", "zh": "三次重复和棋，长捉判负"},
            "draw": {"en": "3rd time draws", "zh": "三次重复和棋"},
            "off": {"en": "none", "zh": "不限"},
        },
    ),
    # house rules (docs/BANQI.md names the source of each and the choices made); all off by default.
    # Chain captures, the chariot rush and the Hong Kong order each have a ladder of the levels
    # measured apart (ladder=True: game.ai.levels, the player's record); equal trades share the
    # standard one (only the order of three levels was measured under them)
    Option(
        key="chain",
        default=False,
        choices=(False, True),
        label={"en": "Chain captures (連吃)", "zh": "连吃"},
        choice_labels={
            False: {"en": "one capture a turn", "zh": "每步只吃一子"},
            True: {"en": "may go on capturing", "zh": "可连续吃子，随时可停"},
        },
        ladder=True,
    ),
    Option(
        key="chariot",
        default="step",
        choices=("step", "rush"),
        label={"en": "Chariot", "zh": "车的走法"},
        choice_labels={
            "step": {"en": "one square", "zh": "一次一格"},
            "rush": {"en": "rush: any distance", "zh": "车直冲：不限格"},
        },
        ladder=True,
    ),
    Option(
        key="ranking",
        default="standard",
        choices=("standard", "hongkong"),
        label={"en": "Rank order", "zh": "大小顺序"},
        choice_labels={
            "standard": {"en": "standard", "zh": "标准"},
            "hongkong": {"en": "Hong Kong: Chariot 2nd", "zh": "香港：车排第二"},
        },
        ladder=True,
    ),
    Option(
        key="trade",
        default=False,
        choices=(False, True),
        label={"en": "Equal pieces", "zh": "同级互吃"},
        choice_labels={
            False: {"en": "the capturer stays", "zh": "吃子者留下"},
            True: {"en": "both are removed", "zh": "同归于尽"},
        },
    ),
)


@dataclass(frozen=True, order=True)
class Move:
    """A flip (path (point,)), a step (from, to) or a capture (from, to, ...): with chain captures
    (連吃) a capture goes on, [from, to, to, ...] like a draughts capture, written a1xa2xa4.

    paths: how the board's click input reaches the move (game/scenes/board/input.py). A capture
    that could go on but stops is touched with its last landing twice ("touch the piece again to
    stop"), so that it is never a prefix of a longer capture; None: its path alone."""

    kind: str  # "flip" | "move" | "capture"
    path: tuple
    paths: tuple | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        if self.kind == "flip":
            return square_name(self.path[0])
        sep = "x" if self.kind == "capture" else "-"
        return sep.join(square_name(p) for p in self.path)


class State(EndsOnRequest):
    """An immutable Banqi position; see the module docstring for true-layout vs public view."""

    __slots__ = (
        "board",
        "hidden",
        "to_move",
        "first_colour",
        "captured",
        "quiet",
        "ply",
        "reps",
        "chases",
        "options",
        "seed",
        "house",
        "_result",
        "_moves",
    )

    def __init__(
        self, board, hidden, to_move, first_colour, captured, quiet, ply, reps, chases, options, seed=None, result=None
    ):
        self.board = tuple(board)
        self.hidden = None if hidden is None else tuple(hidden)
        self.to_move = to_move
        self.first_colour = first_colour
        self.captured = tuple(captured)
        self.quiet = quiet
        self.ply = ply
        self.reps = tuple(reps)  # position keys since the last flip/capture, current last
        self.chases = tuple(chases)  # (mover, chasing?) for each move since then
        self.options = dict(options)
        self.seed = seed
        self.house = house(self.options)  # the house rules of the options, as one value
        self._result = result
        self._moves = None

    def __getstate__(self):
        return {k: getattr(self, k) for k in self.__slots__ if k not in ("_moves", "house")}

    def __setstate__(self, data):
        for k, v in data.items():
            object.__setattr__(self, k, v)
        self.house = house(self.options)
        self._moves = None

    # ---- public information -----------------------------------------------------------------
    @property
    def is_public(self) -> bool:
        """True for a public-view state (no face-down layout)."""
        return self.hidden is None

    def bag(self) -> dict:
        """{letter: count} of the pieces still face down (public knowledge), zero counts left out."""
        left = dict.fromkeys(ALL_LETTERS, 0)
        for t in ALL_LETTERS:
            left[t] = COUNTS[t.upper()]
        for c in self.board:
            if c not in (EMPTY, FACE_DOWN):
                left[c] -= 1
        for c in self.captured:
            left[c] -= 1
        return {t: n for t, n in left.items() if n}

    def pieces_left(self, side: str) -> int:
        """Pieces of `side` still in the game, face up or face down."""
        return 16 - sum(1 for c in self.captured if colour(c) == side)

    def key(self) -> tuple:
        """What the repetition rule compares: every square's public state plus side to move."""
        return (self.board, self.to_move)

    # ---- moves ------------------------------------------------------------------------------
    def legal_moves(self) -> list:
        if self._result is not None:
            return []
        if self._moves is None:
            self._moves = self._generate()
        return list(self._moves)

    def _generate(self) -> list:
        board = self.board
        out = [Move("flip", (p,)) for p in range(32) if board[p] == FACE_DOWN]
        side = self.to_move
        if side is None:
            return out
        rules = self.house
        for p in range(32):
            c = board[p]
            if c in (EMPTY, FACE_DOWN) or colour(c) != side:
                continue
            if rules.rush and c in "Rr":
                out.extend(Move("move", (p, q)) for q in steps(board, p, rules))
            else:  # (the common case inline: this loop is much of the rules' time)
                for q in NEIGHBOURS[p]:
                    if board[q] == EMPTY:
                        out.append(Move("move", (p, q)))
            for q in attacks(board, p, rules):
                if not rules.chain:
                    out.append(Move("capture", (p, q)))
                    continue
                after = list(board)
                capture(after, p, q, rules)
                paths = [(p, q), *chains(after, (p, q), rules)]
                going_on = {path[:-1] for path in paths}
                for path in paths:  # a capture that could go on is touched with its landing twice
                    out.append(Move("capture", path, ((*path, path[-1]),) if path in going_on else None))
        return out

    def play(self, move) -> State:
        """The state after `move` (a legal Move). Flips on a public view raise PositionError."""
        if move not in self.legal_moves():
            raise PositionError(f"illegal move {move} in this position")
        if move.kind == "flip":
            if self.hidden is None:
                raise PositionError("a public-view state cannot flip without the piece: use play_flip")
            return self._flip(move.path[0], self.hidden[move.path[0]])
        return self._step(move)

    def play_flip(self, point: int, piece: str) -> State:
        """Flip `point`, revealing `piece` (a letter). On a true-layout state the piece must be the
        hidden one; on a public view it must still be in the bag."""
        if self._result is not None:
            raise PositionError("the game is over")
        if not (isinstance(point, int) and 0 <= point < 32) or self.board[point] != FACE_DOWN:
            raise PositionError(f"no face-down piece on {point!r}")
        if not isinstance(piece, str) or len(piece) != 1 or piece not in ALL_LETTERS:
            raise PositionError(f"bad piece {piece!r}")
        if self.hidden is not None:
            if self.hidden[point] != piece:
                raise PositionError(f"the piece on {square_name(point)} is not {piece}")
        elif self.bag().get(piece, 0) == 0:
            raise PositionError(f"no {piece} is face down")
        return self._flip(point, piece)

    def _flip(self, point: int, piece: str) -> State:
        board = list(self.board)
        board[point] = piece
        hidden = None
        if self.hidden is not None:
            hidden = list(self.hidden)
            hidden[point] = None
        if self.to_move is None:
            first = colour(piece)
            to_move = other(first)
        else:
            first = self.first_colour
            to_move = other(self.to_move)
        new = State(board, hidden, to_move, first, self.captured, 0, self.ply + 1, (), (), self.options, self.seed)
        new.reps = (new.key(),)
        new._result = new._judge(None)
        return new

    def _step(self, move) -> State:
        a, b = move.path[0], move.path[-1]
        board = list(self.board)
        captured = self.captured
        if move.kind == "capture":
            for x, y in zip(move.path, move.path[1:]):
                captured = captured + capture(board, x, y, self.house)
        else:
            board[b], board[a] = board[a], EMPTY
        hidden = self.hidden
        if hidden is not None:
            hidden = list(hidden)
            for x in move.path:  # every square a move touches is face up or empty after it
                hidden[x] = None
        new = State(
            board,
            hidden,
            other(self.to_move),
            self.first_colour,
            captured,
            0,
            self.ply + 1,
            (),
            (),
            self.options,
            self.seed,
        )
        if move.kind == "capture":
            new.reps = (new.key(),)
        else:
            new.quiet = self.quiet + 1
            before = set(attacks(self.board, a, self.house))
            chasing = bool(set(attacks(new.board, b, self.house)) - before)
            new.reps = self.reps + (new.key(),)
            new.chases = self.chases + ((self.to_move, chasing),)
        new._result = new._judge(move)
        return new

    # ---- end of the game --------------------------------------------------------------------
    def _judge(self, move):
        gone = [side for side in SIDES if self.pieces_left(side) == 0]
        if len(gone) == 2:  # a trade took the last piece of each side: a draw (docs/BANQI.md)
            return Result(None, "no_pieces")
        if gone:
            return Result(other(gone[0]), "no_pieces")
        if not self._generate():
            return Result(other(self.to_move), "no_moves")
        rule = self.options["repetition"]
        if rule != "off" and move is not None and move.kind == "move":
            key = self.reps[-1]
            seen = [i for i, k in enumerate(self.reps) if k == key]
            if len(seen) >= 3:
                if rule == "chase":
                    cycle = self.chases[seen[0] :]
                    chasers = [s for s in SIDES if any(m == s for m, _ in cycle) and all(c for m, c in cycle if m == s)]
                    if len(chasers) == 1:
                        return Result(other(chasers[0]), "perpetual_chase")
                return Result(None, "repetition")
        if self.quiet >= self.options["no_progress"]:
            return Result(None, "no_progress")
        return None

    def result(self):
        return self._result

    SIDES = SIDES

    def can_win(self, side: str) -> bool:
        """False only when `side` cannot win by any series of moves (docs/CLOCK.md): nothing is
        face down, it has one piece left, and no capture either way is possible (no capture of
        its own, and no chase by the other side that the chase rule could punish)."""
        if FACE_DOWN in self.board:
            return True
        mine = [c for c in self.board if c != EMPTY and colour(c) == side]
        theirs = [c for c in self.board if c != EMPTY and colour(c) != side]
        if len(mine) != 1:
            return True

        rules = self.house

        def hits(attacker: str, target: str) -> bool:  # a cannon needs a third piece as its screen
            if attacker.upper() == "C":
                return len(mine) + len(theirs) >= 3
            return (rules.rush and attacker.upper() == "R") or can_capture(attacker, target, rules)

        def wins_by(target: str) -> bool:  # trading the last piece away wins nothing
            return hits(mine[0], target) and not (rules.trade and target.upper() == mine[0].upper())

        return any(wins_by(t) or hits(t, mine[0]) for t in theirs)

    def _resign_allowed(self) -> bool:
        return self.ply >= RESIGN_PLIES  # the first flips decide nothing yet (rules/banqi.md)

    def _ended(self, result) -> State:
        new = State(
            self.board,
            self.hidden,
            self.to_move,
            self.first_colour,
            self.captured,
            self.quiet,
            self.ply,
            self.reps,
            self.chases,
            self.options,
            self.seed,
            result,
        )
        return new

    def __repr__(self) -> str:
        return f"<banqi {to_text(self)}{' public' if self.hidden is None else ''}>"


# ---- construction ---------------------------------------------------------------------------
def new_game(seed=None, **options) -> State:
    """A shuffled deal; the same seed gives the same layout (and so, with the same moves, the
    same game). seed None draws a fresh seed, kept in state.seed."""
    opts = check_options(OPTIONS, options)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    layout = list(FULL_SET)
    random.Random(seed).shuffle(layout)
    state = State([FACE_DOWN] * 32, layout, None, None, (), 0, 0, (), (), opts, seed)
    state.reps = (state.key(),)
    return state


def _with_layout(state: State, hidden) -> State:
    """`state` with another face-down layout (None: the public view); all else kept."""
    return State(
        state.board,
        hidden,
        state.to_move,
        state.first_colour,
        state.captured,
        state.quiet,
        state.ply,
        state.reps,
        state.chases,
        state.options,
        state.seed,
        state._result,
    )


def public_state(state: State) -> State:
    """The same position without the face-down layout (history, counters and options kept)."""
    return _with_layout(state, None)


def flip_piece(state: State, point: int) -> str:
    """The letter a flip at `point` reveals (true-layout states only)."""
    if state.hidden is None:
        raise PositionError("a public-view state does not know its face-down pieces")
    if not (isinstance(point, int) and 0 <= point < 32) or state.board[point] != FACE_DOWN:
        raise PositionError(f"no face-down piece on {point!r}")
    return state.hidden[point]


def deal(state: State, seed=None) -> State:
    """A true-layout state with the public view of `state`: the bag shuffled over its face-down
    squares by random.Random(seed)."""
    bag = [t for t, n in sorted(state.bag().items()) for _ in range(n)]
    random.Random(seed).shuffle(bag)
    it = iter(bag)
    hidden = [next(it) if c == FACE_DOWN else None for c in state.board]
    return _with_layout(state, hidden)


def _sorted_captures(captured) -> str:
    return "".join(sorted(captured, key=lambda c: (c.islower(), TYPES.index(c.upper()))))


def to_text(state: State) -> str:
    rows = ["".join(state.board[r * 8 : (r + 1) * 8]) for r in range(3, -1, -1)]
    caps = _sorted_captures(state.captured) or "-"
    return f"{'/'.join(rows)} {state.to_move or '-'} {caps} {state.quiet}"


def from_text(text: str, **options) -> State:
    """A public-view state from the position text; PositionError with one line if it is wrong."""
    opts = check_options(OPTIONS, options)
    parts = text.split()
    if len(parts) != 4:
        raise PositionError("banqi position needs 4 fields: board side captured plies")
    rows = parts[0].split("/")
    if len(rows) != 4 or any(len(r) != 8 for r in rows):
        raise PositionError("banqi board needs 4 ranks of 8 cells separated by '/'")
    board = [EMPTY] * 32
    for i, row in enumerate(rows):
        for f, c in enumerate(row):
            if c not in ALL_LETTERS + FACE_DOWN + EMPTY:
                raise PositionError(f"bad cell {c!r} on {square_name((3 - i) * 8 + f)}")
            board[(3 - i) * 8 + f] = c
    side = parts[1]
    if side not in ("r", "b", "-"):
        raise PositionError(f"side to move must be r, b or -, not {side!r}")
    caps = "" if parts[2] == "-" else parts[2]
    for c in caps:
        if c not in ALL_LETTERS:
            raise PositionError(f"bad captured piece {c!r}")
    # a bound keeps a number thousands of digits long out of int(); no game gets near it
    quiet = parse_count(parts[3], "plies since the last flip or capture", 1_000_000)
    for t in ALL_LETTERS:
        n = board.count(t) + caps.count(t)
        if n > COUNTS[t.upper()]:
            raise PositionError(f"too many {t}: {n} on the board and captured, at most {COUNTS[t.upper()]}")
    face_up = sum(1 for c in board if c in ALL_LETTERS)
    if face_up + len(caps) + board.count(FACE_DOWN) != 32:
        raise PositionError(
            f"{face_up} face-up + {len(caps)} captured + {board.count(FACE_DOWN)} face-down pieces, expected 32"
        )
    if side == "-":
        if face_up or caps or quiet:
            raise PositionError("before the first flip ('-' to move) every piece is face down")
        to_move = None
    else:
        if face_up + len(caps) == 0:
            raise PositionError("no piece has been flipped yet: the side to move must be '-'")
        to_move = side
    flips = face_up + len(caps)
    state = State(board, None, to_move, None, caps, quiet, flips + len(caps) + quiet, (), (), opts)
    state.reps = (state.key(),)
    state._result = state._judge(None)
    return state


def perft(state: State, depth: int) -> int:
    """Leaf count at `depth` through real flips (true-layout states; on a public view only depth
    <= 1 or positions without flips can be counted)."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(m), depth - 1) for m in moves)


# ---- hidden information, for a game played between a dealer and a player who sees only the public
# view (game.match over the network): what a move reveals, and the move played with that piece
def reveals(move: Move) -> bool:
    """True when `move` turns a face-down piece up (a flip)."""
    return move.kind == "flip"


def revealed_piece(state: State, move: Move) -> str:
    """The letter the flip `move` reveals (true-layout states only)."""
    return flip_piece(state, move.path[0])


def play_revealed(state: State, move: Move, piece: str) -> State:
    """`move` played with `piece` as what it reveals (a flip on a public view)."""
    return state.play_flip(move.path[0], piece)
