"""The contract between the shared board scene (game/scenes/board/) and one game's view.

The shared board scene owns everything common to the three games: the side panel (turn, captured
pieces, move list), the buttons and shortcuts (undo, redo, hint, resign, draw offer, save, flip,
menu), input by "a move is the list of points you touch", highlights, animation, the AI worker,
autosave. A game view (game/scenes/views/<game>/view.py, class View(GameView)) only knows its own game:
where its points are on the screen, how its board and pieces look, and what the panel should say
about its state.

Points are the ints that the game's moves use in `move.path`:
  palace   grid index row*5 + col (0..44, the paper's index; row 0 at the top)
  draughts square number 1..50
  banqi    (rank - 1) * 8 + file, 0..31 (a1 = 0, h1 = 7, a4 = 24)

Piece codes are whatever hashable values a view's pieces() returns and draw_piece() understands.

Animation is derived by the board scene from pieces(before), pieces(after) and move.path:
  - len(path) >= 2: the piece on path[0] slides (one segment per path step; a segment longer than
    one neighbour step is drawn as a jump arc when view.is_jump(a, b) says so) to path[-1]; if the
    code on path[-1] afterwards differs from the mover (promotion), it changes when it lands;
  - len(path) == 1 and the point was empty before: a drop (the piece falls in);
  - len(path) == 1 and the point was occupied before and after with another code: a flip;
  - every other point occupied before and empty (or taken by the mover) after: a capture, faded
    out after the mover lands (all together: the draughts Turkish strike).
Subclasses may add methods; the signatures below are fixed (the board scene relies on them).
"""

from __future__ import annotations

import pygame

from game import games
from game.i18n import tr


class GameView:
    #: the side shown at the bottom when the board is not turned (None: no preferred side)
    bottom_side: str | None = None
    #: a scene the game's setup screen offers beside Start: (registered scene name, label key)
    setup_extra: tuple[str, str] | None = None

    def piece_name(self, piece: str, lang: str) -> str:
        """A piece letter as players read it (Banqi: its character)."""
        return piece

    def overlay_legend(self, lang: str) -> list[str]:
        """What the teaching overlay's marks mean, shown in the side panel while it is on."""
        return []

    def draw_over(self, surface: pygame.Surface, state, lang: str) -> None:
        """What goes over the pieces (e.g. square numbers that must stay readable beside them)."""

    def show_labels(self, on: bool) -> None:
        """Coordinates or square numbers on the board (the "board_labels" setting)."""

    def labels_shown(self) -> bool:
        return False

    def thumbnail_state(self, state):
        """The position shown on the menu card (a livelier one than the start, if the game likes)."""
        return state

    #: the new-game setup shows a picture of the start for the options chosen there, changing as
    #: they change (a family whose options are different boards); False: no picture
    setup_picture: bool = False

    #: the menu card's picture shows what draw_extras() draws beside the board (False: the board
    #: alone, e.g. when the extras are labels too small to read on a card)
    thumbnail_extras: bool = True

    #: the game's name: "palace", "draughts" or "banqi"
    game: str = ""

    @classmethod
    def title(cls, options: dict, lang: str) -> str:
        """The game's name as players call it under `options` (draughts: "Russian Draughts")."""
        return tr(games.get(cls.game).title_key(options), lang)

    def __init__(self, options: dict):
        """options: the variant options chosen on the new-game screen (keys of rules.OPTIONS)."""
        self.options = dict(options)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.flipped = False

    # ---- geometry -----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, flipped: bool) -> None:
        """Fit the board (and whatever the view draws beside it, e.g. the palace's soldiers in
        hand) into `rect`, square pixels, centred; `flipped` turns it by 180 degrees. Called on
        every resize and flip; caches may be rebuilt here."""
        self.rect = pygame.Rect(rect)
        self.flipped = flipped

    def points(self) -> list[int]:
        """Every point a click can land on."""
        raise NotImplementedError

    def point_xy(self, point: int) -> tuple[int, int]:
        """Screen pixel centre of `point` under the current layout."""
        raise NotImplementedError

    def piece_radius(self) -> int:
        """Radius in pixels of a piece drawn on a point (highlights are sized from it)."""
        raise NotImplementedError

    def hit(self, pos) -> int | None:
        """The point under screen position `pos`, or None. Default: the nearest point within
        1.2 piece radii."""
        best, best_d = None, (self.piece_radius() * 1.2) ** 2
        for p in self.points():
            x, y = self.point_xy(p)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= best_d:
                best, best_d = p, d
        return best

    def jumped(self, pieces: dict, a: int, b: int) -> int | None:
        """The point of the piece (in `pieces`) that a step from a to b jumps over, or None."""
        return None

    def move_label(self, move, after, lang: str) -> str:
        """A move as the move list shows it (`after`: the state it led to); notation by default."""
        return str(move)

    def is_jump(self, a: int, b: int) -> bool:
        """True when a step of the mover from a to b passes over a piece (draw it as an arc)."""
        return False

    # ---- drawing ------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        """The empty board (cache it per layout: this is called every frame)."""
        raise NotImplementedError

    def pieces(self, state) -> dict:
        """{point: piece code} of everything that stands on the board in `state`, as a player
        sees it (Banqi: face-down tiles are one code, never their hidden identity)."""
        raise NotImplementedError

    def draw_piece(
        self, surface: pygame.Surface, piece, center, scale: float = 1.0, alpha: int = 255, flip: float | None = None
    ) -> None:
        """Draw one piece at `center`. scale 1.0 = normal size (drops and lifts use other scales),
        alpha for fades; flip in 0..1 is a flip animation's progress (Banqi: the tile's width
        shrinks to 0 at 0.5 showing the back, and grows showing the face)."""
        raise NotImplementedError

    def draw_extras(self, surface: pygame.Surface, state, lang: str) -> None:
        """Optional, drawn every frame after the board and before the pieces: what the view shows
        beside the board (the palace's stack of soldiers in hand, coordinates, ...)."""

    def handle_key(self, key: int) -> bool:
        """Optional view toggles (e.g. draughts N: square numbers). True if the key was used."""
        return False

    def help_keys(self, lang: str) -> list:
        """[(key name, description)] of the keys handle_key() understands, for the help line."""
        return []

    def draw_overlay(self, surface: pygame.Surface, state, lang: str) -> None:
        """Optional teaching overlay drawn over the pieces when the player turns it on (O key)."""

    def has_overlay(self) -> bool:
        return False

    # ---- side panel ---------------------------------------------------------------------------
    def seat_label(self, seat: int, start_state, lang: str, state=None) -> str:
        """Name of seat 0 (the player who moves first from start_state) or seat 1, e.g.
        "黑方 (王) Black (kings)" / "先手 First"; shown in setup and the panel. `state` is the
        current state once a game is under way (Banqi names each seat's colour after the first
        flip); None before a game starts."""
        raise NotImplementedError

    def side_label(self, side, lang: str) -> str:
        """Name of a side token (state.to_move / result.winner), e.g. "白方"/"White"."""
        raise NotImplementedError

    def winner_seat(self, start_state, final_state, result) -> int | None:
        """Seat (0/1) of result.winner, None for a draw. All three games alternate strictly, so
        seat 0 moves on even plies from start_state."""
        if result.winner is None:
            return None
        return 0 if result.winner == start_state.to_move else 1

    def captured(self, state) -> dict:
        """{side token: [piece codes this side has captured]} for the panel (drawn with
        draw_piece at a small scale)."""
        return {}

    def status_lines(self, state, lang: str) -> list[str]:
        """Extra panel lines about the state: soldiers in hand, captures toward 7, draw counter,
        which player is red... (already translated)."""
        return []

    def result_text(self, result, lang: str) -> str:
        """Why the game ended, in the game's own terms (translated)."""
        raise NotImplementedError
