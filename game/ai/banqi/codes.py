"""What the Banqi search and the endgame tables share: piece codes and who captures whom.

A board is 32 ints: 0 empty, DOWN a face-down piece, red pieces their type (P1 C2 N3 R4 B5 A6 K7),
black pieces 8 + type. WIN is a won position's score in the search's units."""

from __future__ import annotations

from game.rules import banqi as rules

WIN = 100000
INF = 10**9
DOWN = 16
CODE = {"P": 1, "C": 2, "N": 3, "R": 4, "B": 5, "A": 6, "K": 7}
CODE.update({k.lower(): v + 8 for k, v in list(CODE.items())})
LETTER = {v: k for k, v in CODE.items()}
CODES = tuple(sorted(LETTER))
NB = rules.NEIGHBOURS
RAYS = rules.RAYS


def _can(a: int, t: int) -> bool:
    """Non-cannon step capture of type a on type t: by rank, but the general cannot take a soldier
    and a soldier can take the general."""
    if a == 7 and t == 1:
        return False
    if a == 1 and t == 7:
        return True
    return a >= t


CAN = [[_can(a, t) for t in range(8)] for a in range(8)]


def can_table(house: rules.House, eval_rush: bool = False) -> list:
    """CAN under the house rules' rank order (rules.House); eval_rush: with the chariot rush on, the
    Chariot's row says it takes every type (what the evaluation counts as its prey and threats)."""

    def can(a: int, t: int) -> bool:
        if not a or not t:
            return _can(a, t)
        if eval_rush and house.rush and a == 4:
            return True
        return rules.can_capture(LETTER[a], LETTER[t], house)

    return [[can(a, t) for t in range(8)] for a in range(8)]
