"""Who plays a seat of the board. Each of the two seats (seat 0 moves first from the start
position) has a controller; the board calls these, a kind of player overrides what it needs:

    interactive: bool        clicks on the board may move for this seat
    thinking: bool           show the thinking indicator for this seat
    allows_undo: bool        False: undo goes through the other player (network)
    label(lang) -> str       "You", "Computer (hard)", "Player 1"...
    start_turn(scene)        this seat is to move in scene.match (once per position, again after
                             undo/redo)
    cancel(scene)            drop whatever it is doing for the turn (undo, new game, leaving)
    handle_event(scene, ev)  every event the scene receives (AI_EVENT answers); True if used

A controller plays by calling scene.submit(move, seat). The remote player's seat is in
game.scenes.board.net.
"""

from __future__ import annotations

import random

from game.ai.levels import level_label, parse_level
from game.events import AI_EVENT
from game.i18n import tr
from game.match import COMPUTER
from game.rules.common import PositionError, find_move


class Seat:
    """Who plays one seat. The defaults do nothing."""

    interactive = False
    thinking = False
    allows_undo = True

    def label(self, lang) -> str:
        raise NotImplementedError

    def start_turn(self, scene) -> None:
        """The seat is to move in scene.match."""

    def cancel(self, scene) -> None:
        """Forget any move under way (undo, new game, leaving)."""

    def handle_event(self, scene, event) -> bool:
        """An event the board did not use (e.g. AI_EVENT); True if this seat used it."""
        return False


class HumanSeat(Seat):
    interactive = True

    def __init__(self, name_key="board.you", n=None):
        self.name_key, self.n = name_key, n

    def label(self, lang):
        return tr(self.name_key, lang, n=self.n) if self.n is not None else tr(self.name_key, lang)


class ComputerSeat(Seat):
    """The computer, thinking in the worker process; its answer arrives as an AI_EVENT."""

    def __init__(self, level=6, time_limit=None):
        self.level = parse_level(level)  # 1-10
        self.time_limit = time_limit  # seconds a move; None: the level's default
        self.rid = None
        self.ply = -1

    @property
    def thinking(self):
        return self.rid is not None

    def label(self, lang):
        return tr("board.computer", lang, level=level_label(self.level, lang))

    def start_turn(self, scene):
        app, match = scene.app, scene.match
        params = {}
        if match.clock is not None and app.ai_time is None:  # its time manager decides (game/ai/timeman.py)
            clock, seat = match.clock, match.seat_to_move
            params["clock"] = {
                "player": id(self),
                "left": clock.left(seat),
                "inc": clock.control.inc,
                "base": clock.control.start_times()[seat],
                "moves": match.ply // 2,
            }
        self.rid = app.worker.request(
            "move",
            match.public_state(),
            level=self.level,
            time_limit=app.ai_time if app.ai_time is not None else self.time_limit,
            seed=scene.ai_seed,
            nodes=app.ai_nodes,
            ponder=bool(app.settings.get("ponder", True)),
            **params,
        )
        self.ply = match.ply

    def cancel(self, scene):
        if self.rid is not None:
            scene.app.worker.cancel(self.rid)
            self.rid = None

    def handle_event(self, scene, event):
        if event.type != AI_EVENT or event.id != self.rid:
            return False
        self.rid = None
        match = scene.match
        if match.ply != self.ply or match.over:
            return True
        if match.clock is not None and match.clock.running == match.seat_to_move:
            match.clock.hold()  # its answer is in: the slide of its move is not its time
        move = None
        if event.error is None:
            try:
                move = find_move(match.state, event.result)
            except PositionError:
                move = None
        if move is None:  # never leave the game hanging on an engine failure
            scene.app.toast(tr("board.ai_error", scene.app.lang) + (f" ({event.error})" if event.error else ""))
            move = random.choice(match.legal_moves())
        scene.submit(move, match.seat_to_move)
        return True


def local_seats(match) -> list:
    """Controllers for the seats of a local match: humans at this screen and the computer."""
    seats: list[Seat] = []
    humans = sum(1 for spec in match.seats if spec.kind != COMPUTER)
    for spec in match.seats:
        if spec.kind == COMPUTER:
            seats.append(ComputerSeat(spec.level or match.level, spec.time))
        elif humans > 1:
            seats.append(HumanSeat("board.player", len(seats) + 1))
        else:
            seats.append(HumanSeat())
    return seats
