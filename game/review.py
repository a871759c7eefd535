"""Game review: every position of a game valued by the engine, every move marked by how much it
lowered the mover's chance to win, with the engine's better move. Pure Python, no pygame: the UI
runs it in its worker process (progress and cancel below), the command line prints it.

    from game.review import review_match
    r = review_match(match, nodes=REVIEW_NODES, progress=lambda done, total: ..., cancel=lambda: False)
    for m in r.moves: print(m.label, m.move, m.mark, m.better)

A move is judged by the mover's win chance (game.analysis.win_chance) before it, with the best
play the engine found, and after it, as the engine values the position the move leads to. For a
move that reveals hidden information (a Banqi flip) the position after it depends on luck, so the
mover's chance after it is the search's expected value of that flip over the pieces it may turn
up, taken from the search of the position before (an upper bound when the flip was not the best:
such a flip is never marked worse than it was).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game import games
from game.analysis import search, win_chance

# Marks by the drop in the mover's win chance (in [0, 1]), after lichess, which marks ?! ? ?? at
# drops of 0.1, 0.2 and 0.3 of its winning chances. Lichess's chances run from -1 to 1, ours
# from 0 to 1, so these are twice as lenient: our engines' values are tanh of their scores (not
# fitted to results) and a review searches each position briefly, so two searches of the same
# line differ by a few hundredths; a one-man loss in an even draughts game (tanh(1/3) = 0.32 ->
# a drop of 0.16) is an inaccuracy, three men or a lost won game a blunder.
INACCURACY = 0.10  # ?!
MISTAKE = 0.20  # ?
BLUNDER = 0.30  # ??
MARKS = ((BLUNDER, "??"), (MISTAKE, "?"), (INACCURACY, "?!"))

#: search nodes per position by default: the same review on any machine, and a 100-ply game in
#: well under a minute on a slow machine (bench/bench_review.py)
REVIEW_NODES = 20_000


class ReviewCancelled(Exception):
    """The cancel check answered True: the review stopped between two positions."""


@dataclass(frozen=True)
class PositionReview:
    """One position of the game: side to move, the engine's value in [-1, 1] for that side, its
    best move (None once the game is over), its score text, depth and nodes."""

    to_move: str | None
    value: float
    best: str | None
    score: str
    depth: int
    nodes: int

    @property
    def win_chance(self) -> float:
        return win_chance(self.value)


@dataclass(frozen=True)
class MoveReview:
    """One move: `ply` its index in the game (0 first), `label` its number as written ("12." or
    "12..."), `side` the mover (None for Banqi's first flip), the mover's win chance `before`
    (best play) and `after`, `drop` (>= 0), `mark` ("", "?!", "?", "??") and `better`, the
    engine's best move in the position before when the move is marked."""

    ply: int
    label: str
    side: str | None
    move: str
    before: float
    after: float
    drop: float
    mark: str
    better: str | None

    def text(self) -> str:
        """'12. 32-28 ?  (better 33-28)'"""
        out = f"{self.label} {self.move}"
        if self.mark:
            out += f" {self.mark}"
            if self.better is not None:
                out += f"  (better {self.better})"
        return out


@dataclass(frozen=True)
class Review:
    """A reviewed game: `positions[i]` the position after i moves, `moves[i]` the i-th move."""

    game: str
    positions: tuple[PositionReview, ...]
    moves: tuple[MoveReview, ...]

    def counts(self, side: str | None = None) -> dict[str, int]:
        """{mark: how many} of `side`'s moves (every move when side is None)."""
        out = {mark: 0 for _, mark in MARKS}
        for m in self.moves:
            if m.mark and (side is None or m.side == side):
                out[m.mark] += 1
        return out


def mark_for(drop: float) -> str:
    """The mark of a move that lowered the mover's win chance by `drop`."""
    for threshold, mark in MARKS:
        if drop >= threshold:
            return mark
    return ""


def review_match(match: Any, **kwargs: Any) -> Review:
    """The review of a game.match.Match (its played moves; a resignation or agreed draw adds no
    move). Keywords as review_states."""
    return review_states(match.states, match.moves, **kwargs)


def review_record(record: Any, **kwargs: Any) -> Review:
    """The review of a saved game (game.record.GameRecord), replayed by Match.from_record."""
    from game.match import Match

    return review_match(Match.from_record(record), **kwargs)


def review_states(
    states: Sequence[Any],
    moves: Sequence[Any],
    *,
    nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> Review:
    """The review of a game given as its states (states[i] after i moves) and its moves.

    Budget per position: `nodes` search nodes (deterministic), or `time_limit` seconds, or by
    default REVIEW_NODES nodes. `progress(done, total)` is called with (0, total) first and after
    each position (total = positions); `cancel()` is asked before each position, and True raises
    ReviewCancelled."""
    if len(states) != len(moves) + 1:
        raise ValueError("a game of n moves has n + 1 states")
    if nodes is None and time_limit is None:
        nodes = REVIEW_NODES
    total = len(states)
    if progress is not None:
        progress(0, total)
    reports = []
    for i, state in enumerate(states):
        if cancel is not None and cancel():
            raise ReviewCancelled
        reports.append(search(state, time_limit if nodes is None else None, nodes))
        if progress is not None:
            progress(i + 1, total)
    return judge(states, moves, reports)


def judge(states: Sequence[Any], moves: Sequence[Any], reports: Sequence[Any]) -> Review:
    """The review from a search report of every position (the UI searches them one by one in its
    worker process, to show progress and stay cancellable)."""
    info = games.of_state(states[0])
    positions = tuple(
        PositionReview(
            to_move=state.to_move,
            value=r.value,
            best=None if r.move is None else str(r.move),
            score=r.score,
            depth=r.depth,
            nodes=r.nodes,
        )
        for state, r in zip(states, reports)
    )
    reviewed = []
    first = _first_side_moves_first(states[0], info)
    for ply, move in enumerate(moves):
        state, before_r, after_r = states[ply], reports[ply], reports[ply + 1]
        text = str(move)
        number = (ply + (0 if first else 1)) // 2 + 1
        label = f"{number}." if (ply + (0 if first else 1)) % 2 == 0 else f"{number}..."
        if state.to_move is None:  # Banqi's first flip: no side yet, every square alike
            reviewed.append(MoveReview(ply, label, None, text, 0.5, 0.5, 0.0, "", None))
            continue
        before = win_chance(before_r.value)
        if info.reveals(move) and text in before_r.values:
            after = win_chance(before_r.values[text])  # the flip's expected value, not its luck
        else:
            after = 1.0 - win_chance(after_r.value)
        drop = max(0.0, before - after)
        best = None if before_r.move is None else str(before_r.move)
        mark = "" if best == text else mark_for(drop)
        reviewed.append(MoveReview(ply, label, state.to_move, text, before, after, drop, mark, best if mark else None))
    return Review(info.name, positions, tuple(reviewed))


def _first_side_moves_first(start: Any, info: games.GameInfo) -> bool:
    """True when the game's first side is to move at the start (numbering: '1.' not '1...')."""
    return start.to_move is None or start.to_move == info.sides[0]
