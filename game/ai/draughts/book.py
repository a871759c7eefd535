"""The hard level's opening book: the first moves of a game from deep searches made offline.

book.txt holds one position a line: its FEN, then each searched move with its score in
centi-men for the side to move (`32-28:+4`). tools/build_draughts_book.py writes it by searching
every move of each position at a node budget, much deeper than a move in play looks, from the
start along the moves within reach of the best. In play, hard picks among the moves within
MARGIN of the best (so that its games do not all open alike) and answers at once. A position
the book holds only with the colours swapped (a game where Black moves first) is looked up
turned round. A line the book cannot read is skipped with a warning: the search plays there.
"""

from __future__ import annotations

import functools
import logging
import random
import re
from pathlib import Path

from game.rules import draughts as R

BOOK_FILE = Path(__file__).with_name("book.txt")
# centi-men: every move this close to the best is one the book plays. The search at a move in
# play's budget gives away 0.8 on average by the book's own scores; a random move within 3 gives
# away 0.9, with 2.8 moves to choose from (bench/RESULTS.md, round 19)
MARGIN = 3
_LOG = logging.getLogger(__name__)
_MOVE = re.compile(r"^(\d{1,2}(?:[-x]\d{1,2})+):([+-]?\d{1,5})$")

Book = dict[str, tuple[tuple[str, int], ...]]


def parse(lines) -> tuple[Book, list[str]]:
    """The book in `lines` and a message for each line it could not read ('#' starts a comment)."""
    book: Book = {}
    errors = []
    for number, line in enumerate(lines, 1):
        line = line.split("#")[0].strip()
        if not line:
            continue
        fen, *items = line.split()
        try:
            R.parse_fen(fen)
            matches = [_MOVE.match(item) for item in items]
            if not items or not all(matches):
                raise R.PositionError("expected move:score items after the position")
        except R.PositionError as exc:
            errors.append(f"line {number}: {exc}")
            continue
        book[fen] = tuple((m.group(1), int(m.group(2))) for m in matches if m)
    return book, errors


def format_book(book: Book) -> list[str]:
    """The lines of book.txt for `book`, best move first in each line."""
    return [
        fen + " " + " ".join(f"{mv}:{score:+d}" for mv, score in sorted(moves, key=lambda x: (-x[1], x[0])))
        for fen, moves in sorted(book.items())
    ]


@functools.cache
def load(path: Path = BOOK_FILE) -> Book:
    try:
        with open(path, encoding="utf-8") as f:
            book, errors = parse(f)
    except (OSError, ValueError) as exc:  # missing, unreadable, not UTF-8: the search plays
        if not isinstance(exc, FileNotFoundError):
            _LOG.warning("opening book %s not read: %s", path, exc)
        return {}
    for error in errors:
        _LOG.warning("opening book %s, %s (skipped)", path.name, error)
    return book


def _turned(text: str) -> str:
    """A move's text with the board turned round (square n becomes 51 - n)."""
    return re.sub(r"\d+", lambda m: str(51 - int(m.group())), text)


def turned_round(state) -> R.State:
    """The position with the board turned round and the colours swapped (the same game)."""
    swap = {"w": "b", "b": "w", "W": "B", "B": "W"}
    return R.from_pieces({51 - sq: swap[code] for sq, code in state.pieces().items()}, swap[state.to_move])


def lookup(state, book: Book | None = None) -> list[tuple[R.Move, int]]:
    """The book's moves for `state` with their scores, best first (legal moves only); [] when the
    book does not hold the position."""
    book = load() if book is None else book
    moves = book.get(R.to_fen(state))
    turn = False
    if moves is None:
        moves = book.get(R.to_fen(turned_round(state)))
        turn = True
    if not moves:
        return []
    legal = {str(m): m for m in state.legal_moves()}
    texts = [(_turned(mv) if turn else mv, score) for mv, score in moves]
    return sorted(((legal[mv], score) for mv, score in texts if mv in legal), key=lambda x: -x[1])


def choose(state, rng: random.Random, book: Book | None = None) -> tuple[R.Move, int, list] | None:
    """A move of the book for `state` (one of those within MARGIN of the best, drawn by `rng`),
    its score and the candidates it was drawn from; None outside the book."""
    found = lookup(state, book)
    if not found:
        return None
    best = found[0][1]
    near = [(m, score) for m, score in found if score >= best - MARGIN]
    move, score = rng.choice(near)
    return move, score, near
