"""What a game's package may give the shared teaching screens: its guided first games (Lessons
of Steps, in <game>/lessons.py as LESSONS, played by game/scenes/screens/lesson.py) and the
pictures of its rules (Diagrams, in <game>/diagrams.py as DIAGRAMS, drawn by
game/scenes/screens/rule_diagrams.py).

A game has one lesson, or one for each game its rule options make of it (draughts: one a variant,
each played under its own `options`, so on its own board; the first is the game's default). The
lesson screen chooses among them, and opened with a game's options (from its setup or a game in
progress) it opens the lesson those options name.

A lesson starts from the start of its game (Banqi: a fixed deal, so every flip is known) and goes
through steps. Each step says what to do, accepts the listed moves (in notation), explains a wrong
click, and may be answered by a scripted move of the other side; a step may also set up a new
position first (a later moment of a game). tests/test_lesson.py plays every script through.

A rules text places a diagram with a line of its own: `![diagram](diagram:palace-jump)`. Each
diagram is data: a position (text of game.rules.<game>.from_text, or None for the start), the
rule options it is read under (a house rule it shows), an optional move in notation, optional
ringed points, and a caption.
tests/test_rule_diagrams.py checks that every position is legal and every picture shows what it
claims.

Their texts are keys of the catalogue (game/strings/<game>.py: "lesson.<game>.N", "diagram.<key>").
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    say: str  # i18n key: what to do
    moves: tuple[str, ...]  # the moves that complete the step
    wrong: str  # i18n key: shown after a wrong click
    reply: str | None = None  # the other side's answer
    position: str | None = None  # a position text set up before the step
    options: tuple = ()  # (key, value) rule options of that position (a house rule it shows)

    def rule_options(self, base: dict) -> dict:
        """The options the step is played under: its own over `base` (the lesson's)."""
        return {**base, **dict(self.options)}


@dataclass(frozen=True)
class Lesson:
    game: str
    steps: tuple[Step, ...]
    done: str  # i18n key: the closing words
    seed: int = 1  # the deal of a dealt game (Banqi seed 1: c3 is a red Chariot, b3 a black Soldier)
    options: tuple = ()  # (key, value) rule options of the whole lesson (a draughts variant)
    side: str | None = None  # the side the player plays, drawn at the bottom (None: the view's own)

    def rule_options(self, check) -> dict:
        """The options the lesson plays under, completed by `check` (the game's check_options)."""
        return check(dict(self.options))

    def fits(self, options: dict) -> int:
        """How many of the lesson's options `options` names alike (-1: one differs)."""
        same = [options.get(k) == v for k, v in self.options if k in options]
        return -1 if not all(same) else len(same)


@dataclass(frozen=True)
class Diagram:
    key: str
    game: str
    caption: str  # i18n key
    position: str | None = None  # position text; None: the game's start
    move: str | None = None  # a legal move of the position, in notation
    rings: tuple[int, ...] = ()  # view points to ring (e.g. trapped kings)
    drops: bool = False  # dot every point where a piece may be dropped
    options: tuple = ()  # (key, value) rule options of the position (a house rule it shows)
