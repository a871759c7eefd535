"""Analysis of one position: how good it is for the side to move and the engine's best line.
Pure Python, no pygame (the command line, the tests and the UI's worker process use it bare).

    from game.analysis import analyse
    a = analyse(state, time_limit=1.0)          # or nodes=20000: the same answer on any machine
    a.win_chance, a.value, a.score, a.line, a.depth, a.nodes, a.flip, a.flip_chances

The engine is the game's computer player (game.games.get(name).engine), searched once as its hard
level (engine.search, game.ai.contract); the line is that search's principal variation, and its
iterations can be followed as they finish (on_iteration). A hidden-information game (Banqi) is analysed
from what the player to move may know (GameInfo.public): the true layout is dropped before any
search, so two deals with the same public view give the same analysis.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game import games
from game.ai.contract import Limits, SearchResult

#: plies of the best line shown, the best move included
LINE_PLIES = 8


def win_chance(value: float) -> float:
    """An engine value in [-1, 1] (evaluate's scale) as a chance in [0, 1] to win. The engines'
    values are tanh of their scores, not fitted to results, so this is a chance only in name: it
    is monotone and 0.5 for a level position, which is what marking moves needs."""
    return (max(-1.0, min(1.0, value)) + 1.0) / 2.0


@dataclass(frozen=True)
class Analysis:
    """One position analysed, for the side to move (`to_move`; None in Banqi before the first flip).

    value:        the engine's evaluation in [-1, 1] (+1 winning); win_chance the same in [0, 1]
    score:        the engine's own score as text (men, soldiers, Banqi material units)
    best:         the best move (a rules Move), None when the game is over
    line:         the best line in notation, the best move first (a principal variation)
    depth, nodes: of the first search (the one that valued the position and chose the best move)
    flip:         when the line stops at a move that reveals hidden information (a Banqi flip):
                  that move's notation, with flip_chances [(piece letter, probability)]
    values:       {notation: value in [-1, 1]} of the root moves, where the engine gives them
                  (all but the best are often upper bounds)
    over:         the game is over in this position
    """

    game: str
    to_move: str | None
    value: float
    score: str
    best: Any
    line: tuple[str, ...]
    depth: int
    nodes: int
    flip: str | None = None
    flip_chances: tuple[tuple[str, float], ...] = ()
    values: dict | None = None
    over: bool = False

    @property
    def win_chance(self) -> float:
        return win_chance(self.value)


def search(
    state: Any,
    time_limit: float | None = None,
    nodes: int | None = None,
    on_iteration: Callable[[SearchResult], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> SearchResult:
    """One hard-level search of `state` (its public view when the game hides information), with
    the values of the root moves."""
    info = games.of_state(state)
    if nodes is None and time_limit is None:
        time_limit = 1.0
    limits = Limits(10, time_limit, nodes, seed=0, root_values=True, on_iteration=on_iteration, stop=stop)
    return info.engine.search(info.public(state), limits)


def from_result(state: Any, result: SearchResult, line_plies: int = LINE_PLIES) -> Analysis:
    """The Analysis of `state` that one search's result gives: its value, and its principal
    variation as the line, cut at the end of the game and at the first move that reveals hidden
    information (a Banqi flip: what comes after depends on the piece turned up; flip_chances
    gives the odds of each)."""
    info = games.of_state(state)
    pub = info.public(state)  # from here on no hidden layout exists
    line: list[str] = []
    flip = None
    chances: tuple[tuple[str, float], ...] = ()
    position = pub
    for move in result.pv[:line_plies]:
        line.append(str(move))
        if info.reveals(move):
            flip = str(move)
            chances = tuple(flip_chances(position))
            break
        position = position.play(move)
        if position.result() is not None:
            break
    return Analysis(
        game=info.name,
        to_move=pub.to_move,
        value=result.value,
        score=result.score,
        best=result.move,
        line=tuple(line),
        depth=result.depth,
        nodes=result.nodes,
        flip=flip,
        flip_chances=chances,
        values=dict(result.values),
        over=pub.result() is not None,
    )


def analyse(
    state: Any,
    time_limit: float | None = None,
    nodes: int | None = None,
    line_plies: int = LINE_PLIES,
    on_iteration: Callable[[Analysis], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Analysis:
    """The Analysis of `state` from one search: `nodes` search nodes (deterministic), or else
    `time_limit` seconds (default 1 s). on_iteration(Analysis) is called after each finished
    iteration of the search (the stream the board shows while it deepens)."""
    each = None if on_iteration is None else (lambda r: on_iteration(from_result(state, r, line_plies)))
    return from_result(state, search(state, time_limit, nodes, each, stop), line_plies)


def flip_chances(state: Any) -> list[tuple[str, float]]:
    """[(piece letter, probability)] of what a revealing move turns up in `state`, most likely
    first (the engine's flip_chances; empty for a game without hidden pieces)."""
    return list(games.of_state(state).engine.flip_chances(state))


def describe(a: Analysis) -> list[str]:
    """The analysis as lines of text (the command line prints them)."""
    side = a.to_move if a.to_move is not None else "the first player"
    lines = [f"evaluation {a.value:+.2f} for {side} to move, win chance {a.win_chance * 100:.0f}% (score {a.score})"]
    if a.over:
        lines.append("the game is over in this position")
    else:
        lines.append("best line: " + " ".join(a.line))
        if a.flip is not None:
            odds = ", ".join(f"{letter} {p * 100:.1f}%" for letter, p in a.flip_chances)
            lines.append(f"the line stops at the flip {a.flip}: {odds}")
    lines.append(f"depth {a.depth}, nodes {a.nodes}")
    return lines


def to_json(a: Analysis, result: SearchResult) -> dict:
    """`analyse --json`: the search's fields (as bestmove --json) and the line as analysed."""
    out = result.to_json()
    out["line"] = list(a.line)
    if a.flip is not None:
        out["flip"] = {"move": a.flip, "chances": {letter: round(p, 4) for letter, p in a.flip_chances}}
    return out
