"""A move is the points a player touches: the legal moves of the position, narrowed with every
point touched, until exactly one matches. Pure Python (no pygame), so it is tested bare.

    inp = MoveInput(paths)          # [(move, path)] for every way to play every legal move
    outcome = inp.touch(point)      # Outcome: "play" (move, path), "select", "deselect", "illegal"
    inp.selection, inp.next_points(), inp.clickable_points(), inp.movable_points()

This one mechanism gives draughts' step-by-step capture paths, Banqi's flip-or-move and the
palace's drop-or-move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Path = tuple[int, ...]


@dataclass(frozen=True)
class Outcome:
    """What a touch did. kind: "play" (move and the path it was touched by), "select" (the
    selection grew), "back" (the previous landing: one landing taken back), "deselect" (a wrong
    point cleared it), "illegal" (nothing matches)."""

    kind: str
    move: Any = None
    path: Path = ()


def paths_of(moves: Iterable[Any]) -> list[tuple[Any, Path]]:
    """[(move, path)] for every way to play each move (a draughts capture taken in any order of
    its landings offers move.paths; other moves only move.path)."""
    return [(m, tuple(p)) for m in moves for p in (getattr(m, "paths", None) or (m.path,))]


class MoveInput:
    """The selection of one player's turn, over a fixed list of legal paths."""

    def __init__(self, paths: Sequence[tuple[Any, Path]] = ()) -> None:
        self.paths = list(paths)
        self.selection: list[int] = []

    def reset(self, paths: Sequence[tuple[Any, Path]] | None = None) -> None:
        """Forget the selection (and take the legal paths of a new position)."""
        if paths is not None:
            self.paths = list(paths)
        self.selection = []

    def _matching(self, prefix: Sequence[int]) -> list[tuple[Any, Path]]:
        n, pre = len(prefix), tuple(prefix)
        return [(m, p) for m, p in self.paths if p[:n] == pre]

    def touch(self, point: int | None) -> Outcome:
        """The player touches `point` (None: outside the board, which clears the selection)."""
        if point is None:
            self.selection = []
            return Outcome("deselect")
        prefix = [*self.selection, point]
        cands = self._matching(prefix)
        if not cands and len(self.selection) >= 2 and point == self.selection[-2]:
            self.selection.pop()  # the previous landing again: one landing back
            return Outcome("back")
        if not cands and self.selection:
            again = point == self.selection[0]
            self.selection = []
            if again:
                return Outcome("deselect")  # touching the selected piece again lets it go
            prefix = [point]
            cands = self._matching(prefix)
            if not cands:
                return Outcome("deselect")  # a wrong point cancels the selection
        if not cands:
            return Outcome("illegal")
        exact = [(m, p) for m, p in cands if len(p) == len(prefix)]
        moves = {m for m, _ in cands}
        if exact and (len(cands) == len(exact) or len(prefix) >= 2):
            self.selection = []
            return Outcome("play", exact[0][0], exact[0][1])
        if len(moves) == 1 and len(prefix) >= 2:  # the rest of the path is forced
            self.selection = []
            return Outcome("play", cands[0][0], cands[0][1])
        self.selection = prefix
        return Outcome("select")

    def next_points(self) -> set[int]:
        """The points that may follow the selection."""
        n, sel = len(self.selection), tuple(self.selection)
        return {p[n] for _, p in self.paths if len(p) > n and p[:n] == sel}

    def clickable_points(self) -> set[int]:
        """Points a touch would use now: a next point, the previous landing, or a new start."""
        back = set(self.selection[-2:-1])
        return self.next_points() | back | {p[0] for _, p in self.paths}

    def movable_points(self) -> set[int]:
        """Starts of moves of more than one point (pieces that can move)."""
        return {p[0] for _, p in self.paths if len(p) >= 2}

    def single_points(self) -> set[int]:
        """Moves of one point: drops (palace) and flips (Banqi)."""
        return {p[0] for _, p in self.paths if len(p) == 1}


def nearest_in_direction(
    points: Iterable[tuple[int, tuple[float, float]]], origin: tuple[float, float], direction: tuple[int, int]
) -> int | None:
    """Keyboard play: the point nearest `origin` (screen coordinates) in `direction` (dx, dy),
    preferring points straight ahead; None when there is none that way."""
    dx, dy = direction
    cx, cy = origin
    best, best_score = None, 0.0
    for p, (x, y) in points:
        along = (x - cx) * dx + (y - cy) * dy
        across = abs((x - cx) * dy - (y - cy) * dx)
        if along <= 0 or across > along * 1.5:
            continue
        score = along + 2 * across
        if best is None or score < best_score:
            best, best_score = p, score
    return best
