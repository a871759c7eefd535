"""What flipping each face-down Banqi square risks, from the public view only. Pure Python.

Everything here reads only what a player may know (rules/banqi.md, "Hidden information"): the
face-up pieces, the side to move and the bag (state.bag(): the counts of each piece type still
face down). A true-layout state is first reduced to its public view, so the answers cannot depend
on where the face-down pieces really lie. Each face-down piece is equally likely to be any piece
of the bag, so a flip on square p reveals letter t with probability bag[t] / sum(bag).

Definitions, for the side that flips (the *flipper*: the side to move; before the first flip the
flipper takes the colour of the piece it reveals, so every revealed piece is its own then). After
the flip the flipper's *opponent* moves next. With t revealed on p (board' = the board with t on p):

- captured: t is the flipper's and some face-up opponent piece attacks p in board' (banqi.attacks:
  step captures by rank, cannon jumps over exactly one screen, under the state's house rules), so
  the opponent can take it with
  its very next move. A revealed opponent piece is never "captured at once": its own side moves.
- captures_own: t is the flipper's and attacks a face-up enemy piece in board': it could capture on
  the flipper's next turn if the opponent left the board as it is.
- captures_enemy: t is the opponent's and attacks a face-up piece of the flipper in board': the
  opponent moves next, so it can capture at once.

Each is a probability over t (a Fraction, exact). Derived: captures = captures_own +
captures_enemy (the revealed piece, whoever owns it, can capture on its owner's next turn) and
danger = captured + captures_enemy (the flip hands the opponent a capture involving the revealed
piece). The two events of danger never overlap (they need different colours of t). A flip changes
no other capture: the square was occupied before (a face-down piece is a cannon screen too), so
only captures of or by the revealed piece appear.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import banqi as B
from .common import PositionError

ZERO = Fraction(0)


@dataclass(frozen=True)
class FlipRisk:
    """The chances of one flip, for the side that flips (see the module docstring)."""

    own: Fraction  # the revealed piece is the flipper's
    captured: Fraction
    captures_own: Fraction
    captures_enemy: Fraction

    @property
    def captures(self) -> Fraction:
        """The revealed piece can capture on its owner's next turn (if the board is left as is)."""
        return self.captures_own + self.captures_enemy

    @property
    def danger(self) -> Fraction:
        """The opponent gets a capture at once that involves the revealed piece."""
        return self.captured + self.captures_enemy


def _attacked_by(board: list[str], point: int, side: str, rules: B.House = B.STANDARD) -> bool:
    """Whether a face-up piece of `side` could capture the face-up piece on `point` now."""
    # only neighbours, cannons on the same rank or file and (with the chariot rush) chariots there
    # can reach a square
    far = "CcRr" if rules.rush else "Cc"
    candidates = set(B.NEIGHBOURS[point])
    for ray in B.RAYS[point]:
        candidates.update(q for q in ray if board[q] in far)
    for q in candidates:
        c = board[q]
        if c not in (B.EMPTY, B.FACE_DOWN) and B.colour(c) == side and point in B.attacks(board, q, rules):
            return True
    return False


def _risk(
    board: list[str], point: int, flipper: str | None, bag: dict[str, int], rules: B.House = B.STANDARD
) -> FlipRisk:
    total = sum(bag.values())
    own = captured = captures_own = captures_enemy = 0
    for t, n in bag.items():
        board[point] = t
        owner = B.colour(t)
        mine = flipper is None or owner == flipper  # the first flip gives the flipper t's colour
        takes = bool(B.attacks(board, point, rules))
        if mine:
            own += n
            captures_own += n * takes
            captured += n * _attacked_by(board, point, B.other(owner), rules)
        else:
            captures_enemy += n * takes
    board[point] = B.FACE_DOWN
    return FlipRisk(
        Fraction(own, total), Fraction(captured, total), Fraction(captures_own, total), Fraction(captures_enemy, total)
    )


def flip_risks(state: B.State) -> dict[int, FlipRisk]:
    """{point: FlipRisk} for every face-down square of `state` (empty when the game is over)."""
    view = B.public_state(state)  # the layout is never read, even when `state` has one
    if view.result() is not None:
        return {}
    bag = view.bag()
    board = list(view.board)
    return {p: _risk(board, p, view.to_move, bag, view.house) for p in range(32) if board[p] == B.FACE_DOWN}


def flip_risk(state: B.State, point: int) -> FlipRisk:
    """The FlipRisk of flipping `point` (a face-down square)."""
    view = B.public_state(state)
    if view.board[point] != B.FACE_DOWN:
        raise PositionError(f"no face-down piece on {B.square_name(point)}")
    return _risk(list(view.board), point, view.to_move, view.bag(), view.house)


def face_down_counts(state: B.State) -> dict[str, list[tuple[str, int]]]:
    """{'r': [(letter, count), ...], 'b': [...]}: the pieces still face down by type, high rank
    first, zero counts left out (public knowledge: 32 minus the face-up and captured ones)."""
    bag = state.bag()
    return {
        "r": [(t, bag[t]) for t in B.TYPES if bag.get(t)],
        "b": [(t, bag[t]) for t in B.TYPES.lower() if bag.get(t)],
    }
