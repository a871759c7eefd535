"""Analysis of one position: how good it is for the side to move and the engine's best line.
Pure Python, no pygame (the command line, the tests and the UI's worker process use it bare).

    from game.analysis import analyse
    a = analyse(state, time_limit=1.0)          # or nodes=20000: the same answer on any machine
    a.win_chance, a.value, a.score, a.line, a.depth, a.nodes, a.flip, a.flip_chances

The engine is the game's computer player (game.games.get(name).engine), searched as its hard level
through its search_report(state, time_limit, nodes). A hidden-information game (Banqi) is analysed
from what the player to move may know (GameInfo.public): the true layout is dropped before any
search, so two deals with the same public view give the same analysis.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import games
from game.ai.common import SearchReport

#: plies of the best line shown, the best move included
LINE_PLIES = 6
#: share of a time budget the first search gets; the rest builds the line after the best move
FIRST_SHARE = 0.6
#: each move of the line after the first is searched with this fraction of a node budget
LINE_NODE_FRACTION = 10
#: a node budget is never cut below this for a move of the line (a shorter search sees too little)
MIN_LINE_NODES = 500


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


def search(state: Any, time_limit: float | None = None, nodes: int | None = None) -> SearchReport:
    """One hard-level search of `state` (its public view when the game hides information)."""
    info = games.of_state(state)
    return info.engine.search_report(info.public(state), time_limit=time_limit, nodes=nodes)


def analyse(state: Any, time_limit: float | None = None, nodes: int | None = None, line_plies: int = LINE_PLIES):
    """The Analysis of `state`. Budget: `nodes` search nodes for the first search (deterministic;
    each further move of the line gets a tenth, at least MIN_LINE_NODES), or else `time_limit`
    seconds in all (default 1 s; the first search gets FIRST_SHARE of it).

    The engines keep no principal variation, so the line is built by searching again from each
    position along it and playing the best move found, with the smaller budget. The line stops
    when the game ends, and at the first move that reveals hidden information (a Banqi flip: what
    comes after depends on the piece turned up; flip_chances gives the odds of each)."""
    info = games.of_state(state)
    pub = info.public(state)  # from here on no hidden layout exists
    if nodes is None and time_limit is None:
        time_limit = 1.0
    first_time = None if time_limit is None else time_limit * FIRST_SHARE
    step_nodes = None if nodes is None else max(MIN_LINE_NODES, nodes // LINE_NODE_FRACTION)
    step_time = None
    if time_limit is not None and line_plies > 1:
        step_time = time_limit * (1 - FIRST_SHARE) / (line_plies - 1)
    report = search(pub, first_time if nodes is None else None, nodes)
    over = pub.result() is not None
    line: list[str] = []
    flip = None
    chances: tuple[tuple[str, float], ...] = ()
    position, move = pub, report.move
    while move is not None and len(line) < line_plies:
        line.append(str(move))
        if info.reveals(move):
            flip = str(move)
            chances = tuple(flip_chances(position))
            break
        position = position.play(move)
        if position.result() is not None or len(line) >= line_plies:
            break
        move = search(position, step_time if nodes is None else None, step_nodes).move
    return Analysis(
        game=info.name,
        to_move=pub.to_move,
        value=report.value,
        score=report.score,
        best=report.move,
        line=tuple(line),
        depth=report.depth,
        nodes=report.nodes,
        flip=flip,
        flip_chances=chances,
        values=dict(report.values),
        over=over,
    )


def flip_chances(state: Any) -> list[tuple[str, float]]:
    """[(piece letter, probability)] of what a revealing move turns up in `state`, most likely
    first (the engine's flip_chances; empty for a game without hidden pieces)."""
    engine = games.of_state(state).engine
    chances = getattr(engine, "flip_chances", None)
    return [] if chances is None else list(chances(state))


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
