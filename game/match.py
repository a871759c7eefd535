"""A game being played: where it started, every state and move since, the moves taken back, how
it ended, and who sits in each seat. Pure Python, no pygame: the board scene, network play, the
saved-game record, the result screen and review all read and change a game through a Match, and
nothing else rebuilds one from its moves.

Seats: seat 0 moves first from the start position, seat 1 second; the three games alternate
strictly, so seat `ply % 2` is to move after `ply` moves. Each seat is a SeatSpec: a human at
this screen, the computer (with its level) or a remote player (network).

    m = Match.new("draughts", mode="computer", human_seat=0, level="hard")
    m.play(m.legal_moves()[0]); m.undo(); m.redo()
    record = m.to_record()               # game.record.GameRecord, the saved-game file
    m2 = Match.from_record(record)       # SaveError naming the first move that does not replay

Clocks (game/clock.py): a match with a time control has `clock` (a running Clock) and `times`,
what each seat had left in each position (`times[i]` after i moves): a move presses the clock,
undo sets it back to the position's times, `flag()` ends the game when the time to move is out.

Hidden information (Banqi): the match may hold the true layout (a local game, a network host) or
only the public view (a network guest); then a revealing move needs the piece it turns up,
`play(move, piece)`, and `pieces` remembers what each move revealed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game import games
from game.ai.levels import parse_level
from game.clock import Clock, TimeControl
from game.record import GameRecord, SaveError
from game.rules.common import TIME_ENDINGS, PositionError, Result, find_move

HUMAN, COMPUTER, REMOTE = "human", "computer", "remote"


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: kind is HUMAN, COMPUTER (at `level`, `time` seconds a move or the level's
    default) or REMOTE."""

    kind: str = HUMAN
    level: int | None = None  # 1-10 (game.ai.levels; made from any form parse_level takes)
    time: float | None = None

    def __post_init__(self) -> None:
        if self.level is not None:
            object.__setattr__(self, "level", parse_level(self.level))


class Match:
    """One game. `states[i]` is the position after i moves; `moves[i]` the move played from
    `states[i]`; `redo` the notation of moves taken back (the next one first); `ending` a
    resignation or agreed draw (the rules' own endings are in the last state)."""

    def __init__(
        self,
        game: str,
        options: dict | None = None,
        *,
        start_state: Any = None,
        start: dict | None = None,
        seats: tuple[SeatSpec, SeatSpec] = (SeatSpec(), SeatSpec()),
        level: int | str = 6,
        control: TimeControl | None = None,
    ) -> None:
        self.info = games.get(game)
        self.options = self.info.check_options(options)
        if start_state is None:
            if start is None:
                start = {"seed": random.randrange(1, 2**31)} if self.info.dealt else {}
            start_state = self.start_from(self.info, self.options, start)
        if start is None or not start:
            start = {"text": self.info.rules.to_text(start_state)}
        self.start = dict(start)
        self.seats = tuple(seats)
        self.level = parse_level(level)  # 1-10; "easy"/"medium"/"hard" of older saves are 3/6/10
        self.states: list[Any] = [start_state]
        self.moves: list[Any] = []
        self.pieces: list[str | None] = []  # what each move revealed (hidden-information games)
        self.redo: list[str] = []
        self.ending: Result | None = None
        self._ended_state: Any = None
        self._legal: tuple[int, list] | None = None
        self.clock: Clock | None = None if control is None else Clock(control)
        self.times: list[tuple[float, float]] = [] if control is None else [control.start_times()]

    # ---- making one ---------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str,
        options: dict | None = None,
        *,
        mode: str = "hotseat",
        human_seat: int = 0,
        level: int | str = 6,
        start_state: Any = None,
        seed: int | None = None,
        levels: tuple = (),
        times: tuple = (),
        control: TimeControl | None = None,
    ) -> Match:
        """A new game: hot-seat (two humans), against the computer (the human in `human_seat`) or
        the computer against itself ("watch", with `levels` and `times` per seat); from
        `start_state` (a custom position) or the game's start (a dealt game: `seed`); `control`:
        the time control (None: no clocks)."""
        start = {"seed": seed} if seed is not None and games.get(game).dealt else None
        seats = seats_for(mode, human_seat, level, levels, times)
        return cls(game, options, start_state=start_state, start=start, seats=seats, level=level, control=control)

    @staticmethod
    def start_from(info: games.GameInfo, options: dict, start: dict) -> Any:
        """The state a start description gives: {"seed": N} (a deal), {"text": position} or {}."""
        if "seed" in start:
            return info.new_state(options, seed=start["seed"])
        if "text" in start:
            return info.rules.from_text(start["text"], **options)
        return info.new_state(options)

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        """The match a saved record describes, every move replayed through the rules; SaveError
        names what does not fit (the start, the first illegal move, the ending)."""
        info = _game_info(record.game)
        try:
            options = info.check_options(record.options)
            start_state = cls.start_from(info, options, record.start)
        except Exception as exc:  # PositionError, or anything a hostile text provokes
            why = str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
            raise SaveError("storage.bad_start", why=why) from None
        seats = seats_for(record.mode, record.human_seat if record.human_seat is not None else 0, record.level)
        control = None if record.clock is None else TimeControl.from_json(record.clock["control"])
        m = cls(
            record.game,
            options,
            start_state=start_state,
            start=record.start,
            seats=seats,
            level=record.level,
            control=control,
        )
        m.replay(record.moves, first_number=1)
        m._check_redo(record.redo)
        m.redo = list(record.redo)
        if m.clock is not None and record.clock is not None:
            times = [(float(a), float(b)) for a, b in record.clock["times"]]
            if len(times) == len(m.states):  # else the moves' own increments stand (a damaged list)
                m.times = times
            now = record.clock.get("now")
            m.clock.set(tuple(now) if now is not None else m.times[-1])
        if record.end is not None:
            m._apply_ending(record.end)
        return m

    def replay(self, texts: list[str], pieces: list[str | None] | None = None, first_number: int = 1) -> None:
        """Play moves given in notation (and what each revealed); SaveError names the first one
        that is not legal."""
        for i, text in enumerate(texts):
            try:
                self.play(find_move(self.state, text), pieces[i] if pieces else None)
            except Exception:
                raise SaveError("storage.bad_move", number=first_number + i, move=text) from None

    def _check_redo(self, redo: list[str]) -> None:
        state = self.state
        for i, text in enumerate(redo):
            try:
                state = state.play(find_move(state, text))
            except Exception:
                raise SaveError("storage.bad_move", number=self.ply + 1 + i, move=text) from None

    def _apply_ending(self, end: dict) -> None:
        try:
            if end["reason"] == "resign":
                self.resign()
            elif end["reason"] in TIME_ENDINGS:
                self.out_of_time(flag_draw=self.clock is None or self.clock.control.flag_draw)
            else:
                self.agree_draw()
        except PositionError:
            raise SaveError("storage.bad_end") from None
        r = self.result()
        if r is None or r.winner != end["winner"] or r.reason != end["reason"]:
            raise SaveError("storage.bad_end")

    def to_record(self) -> GameRecord:
        """The saved-game record (mode "hotseat" when no computer plays, e.g. over the network)."""
        end = None if self.ending is None else {"winner": self.ending.winner, "reason": str(self.ending.reason)}
        human = self.human_seat
        return GameRecord(  # a watched game is saved as one between two players, to look back at
            game=self.game,
            options=dict(self.options),
            start=dict(self.start),
            moves=self.texts,
            redo=list(self.redo),
            mode="hotseat" if self.mode == "watch" else self.mode,
            human_seat=human if self.mode == "computer" else None,
            level=self.level,
            end=end,
            clock=self.clock_record(),
        )

    def clock_record(self) -> dict | None:
        """The clocks as a record keeps them: the time control, what each seat had left in every
        position, and now (a game saved in the middle of a move)."""
        if self.clock is None:
            return None
        return {
            "control": self.clock.control.to_json(),
            "times": [[round(a, 3), round(b, 3)] for a, b in self.times],
            "now": [round(t, 3) for t in self.clock.times()],
        }

    def copy(self) -> Match:
        """An independent Match of the same game so far (states are immutable and shared)."""
        m = Match.__new__(Match)
        for name in ("info", "options", "start", "seats", "level", "ending", "_ended_state"):
            setattr(m, name, getattr(self, name))
        m.states, m.moves, m.pieces, m.redo = list(self.states), list(self.moves), list(self.pieces), list(self.redo)
        m.times = list(self.times)
        m.clock = None
        if self.clock is not None:  # a clock of its own, stopped at the times now
            m.clock = Clock(self.clock.control, self.clock.now)
            m.clock.set(self.clock.times())
        m._legal = None
        return m

    # ---- reading ------------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.info.name

    @property
    def rules(self) -> Any:
        return self.info.rules

    @property
    def state(self) -> Any:
        """The current state (a resigned or agreed game: its ended state)."""
        return self._ended_state if self._ended_state is not None else self.states[-1]

    @property
    def start_state(self) -> Any:
        return self.states[0]

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def seat_to_move(self) -> int:
        return self.ply % 2

    @property
    def texts(self) -> list[str]:
        return [str(m) for m in self.moves]

    @property
    def mode(self) -> str:
        """ "computer" (one human against it), "watch" (the computer against itself) or "hotseat"."""
        computers = sum(s.kind == COMPUTER for s in self.seats)
        return "watch" if computers == 2 else "computer" if computers == 1 else "hotseat"

    @property
    def human_seat(self) -> int | None:
        """The one human's seat against the computer (or a remote player), else None."""
        humans = [i for i, s in enumerate(self.seats) if s.kind == HUMAN]
        return humans[0] if len(humans) == 1 else None

    def result(self) -> Result | None:
        return self.state.result()

    @property
    def over(self) -> bool:
        return self.result() is not None

    def legal_moves(self) -> list:
        """The legal moves now (none once the game is over); computed once per position."""
        key = self.ply if self.ending is None else -1
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, [] if self.over else self.state.legal_moves())
        return self._legal[1]

    def public_state(self) -> Any:
        """What the player to move may know (what the computer is given)."""
        return self.info.public(self.states[-1])

    def side_of_seat(self, seat: int) -> str | None:
        """The side token `seat` plays (None in Banqi before the first flip gives colours)."""
        for i, s in enumerate(self.states):
            if s.to_move is not None:
                return s.to_move if i % 2 == seat else self.info.other_side(s.to_move)
        return None

    def winner_seat(self) -> int | None:
        r = self.result()
        if r is None or r.winner is None:
            return None
        for seat in (0, 1):
            if self.side_of_seat(seat) == r.winner:
                return seat
        return None

    def seat_of(self, kind: str) -> int | None:
        """The first seat played by `kind`, or None."""
        return next((i for i, s in enumerate(self.seats) if s.kind == kind), None)

    # ---- playing --------------------------------------------------------------------------------
    def reveal(self, move: Any) -> str | None:
        """What `move` turns up, when it reveals something and this match knows the layout."""
        if not self.info.reveals(move) or getattr(self.states[-1], "hidden", None) is None:
            return None
        return self.info.rules.revealed_piece(self.states[-1], move)

    def play(self, move: Any, piece: str | None = None, left: float | None = None) -> Any:
        """Play a legal `move` (a revealing move on a public view needs `piece`); returns the new
        state. The redo stack is kept when the move is the next one to redo. With a clock, the
        mover's clock is pressed; `left`: the mover's time left as someone else measured it (the
        network host), which is then the figure kept."""
        if self.over:
            raise PositionError("the game is over")
        if move not in self.legal_moves():
            raise PositionError(f"illegal move {str(move)!r} in this position")
        before = self.states[-1]
        if self.info.reveals(move):
            known = self.reveal(move)
            if piece is None:
                if known is None:
                    raise PositionError("a flip needs the revealed piece")
                piece = known
            elif known is not None and known != piece:
                raise PositionError("the revealed piece does not match the layout")
            after = self.info.rules.play_revealed(before, move, piece)
        elif piece is not None:
            raise PositionError("only a revealing move has a piece")
        else:
            after = before.play(move)
        mover = self.seat_to_move
        self.states.append(after)
        self.moves.append(move)
        self.pieces.append(piece)
        self._press(mover, left)
        if self.redo and self.redo[0] == str(move):
            self.redo.pop(0)
        else:
            self.redo = []
        return after

    # ---- taking back -------------------------------------------------------------------------
    def undo_count(self) -> int:
        """Moves one undo takes back: one in hot-seat; against the computer, back to the human's
        last move (the computer's reply and the human's move)."""
        human = self.human_seat if self.mode == "computer" else None
        if human is None:
            return 1 if self.ply > 0 else 0
        ply = self.ply
        while ply > 0:
            ply -= 1
            if ply % 2 == human:
                return self.ply - ply
        return 0

    def can_undo(self) -> bool:
        return self.ending is not None or self.undo_count() > 0

    def undo(self) -> None:
        """Take back a resignation or draw agreement, else undo_count() moves (onto redo)."""
        if self.ending is not None:
            self.ending, self._ended_state = None, None
            if self.clock is not None:
                self.clock.set(self.times[-1])
            return
        for _ in range(self.undo_count()):
            self.redo.insert(0, str(self.moves[-1]))
            self._pop()

    def undo_to(self, ply: int) -> None:
        """Back to the position after `ply` moves, forgetting the rest (network undo)."""
        self.ending, self._ended_state = None, None
        while self.ply > ply:
            self._pop()
        if self.clock is not None:
            self.clock.set(self.times[-1])
        self.redo = []

    def _pop(self) -> None:
        self.states.pop()
        self.moves.pop()
        self.pieces.pop()
        if self.clock is not None:
            self.times.pop()
            self.clock.set(self.times[-1])  # stopped: the board starts the seat to move again

    # ---- the clock --------------------------------------------------------------------------
    def _press(self, mover: int, left: float | None) -> None:
        clock = self.clock
        if clock is None:
            return
        if clock.running == mover:
            clock.press()
        else:  # the clock was not running (a replayed move): the increment alone
            times = list(clock.times())
            times[mover] += clock.control.inc
            clock.set((times[0], times[1]), running=None)
        if left is not None:
            times = list(clock.times())
            times[mover] = left
            clock.set((times[0], times[1]), running=clock.running)
        self.times.append(clock.times())
        if self.over:
            clock.stop()

    def start_clock(self) -> None:
        """Let the time of the seat to move run (the board calls it when a turn starts)."""
        if self.clock is not None and not self.over and self.clock.running != self.seat_to_move:
            self.clock.start(self.seat_to_move)

    def flag(self) -> Result | None:
        """End the game when the seat to move has run out of time (the time control's flag_draw
        rule decides between a loss and a draw); the Result, or None while time is left."""
        clock = self.clock
        if clock is None or self.over or clock.flagged() != self.seat_to_move:
            return None
        return self.out_of_time(clock.control.flag_draw)

    def out_of_time(self, flag_draw: bool = True) -> Result:
        """The seat to move lost on time (or drew, see flag_draw)."""
        result = self._end(self.states[-1].out_of_time(flag_draw))
        if self.clock is not None:
            times = list(self.clock.times())
            times[self.seat_to_move] = 0.0
            self.clock.set((times[0], times[1]))
        return result

    def can_redo(self) -> bool:
        return bool(self.redo) and not self.over

    def redo_count(self) -> int:
        """Moves one redo replays: against the computer the human's move and its reply."""
        if self.mode == "computer" and len(self.redo) >= 2 and self.seat_to_move == self.human_seat:
            return 2
        return 1

    def next_redo(self) -> Any | None:
        """The next move to redo, or None (the stack is cleared when it no longer fits)."""
        if not self.redo or self.over:
            return None
        try:
            return find_move(self.state, self.redo[0])
        except PositionError:
            self.redo = []
            return None

    # ---- ending on request ---------------------------------------------------------------------
    def can_resign(self) -> bool:
        return self.ending is None and self.state.can_resign()

    def resign(self) -> Result:
        """The player to move gives up (the rules decide when that is allowed)."""
        return self._end(self.states[-1].resign())

    def agree_draw(self) -> Result:
        return self._end(self.states[-1].agree_draw())

    def _end(self, ended: Any) -> Result:
        if self.ending is not None:
            raise PositionError("the game is over")
        self._ended_state = ended
        self.ending = ended.result()
        if self.clock is not None:
            self.clock.stop()
        return self.ending


def seats_for(
    mode: str, human_seat: int = 0, level: int | str = 6, levels: tuple = (), times: tuple = ()
) -> tuple[SeatSpec, SeatSpec]:
    """The seats of a hot-seat game, of a game against the computer at `level`, or of the computer
    watched playing itself ("watch": `levels` and `times` per seat, default `level` and None)."""
    if mode == "watch":
        lv = tuple(parse_level(x) for x in levels) or (parse_level(level),) * 2
        tm = tuple(times) or (None, None)
        return SeatSpec(COMPUTER, lv[0], tm[0]), SeatSpec(COMPUTER, lv[1], tm[1])
    if mode == "computer":
        number = parse_level(level)
        seats = [SeatSpec(COMPUTER, number), SeatSpec(COMPUTER, number)]
        seats[human_seat] = SeatSpec(HUMAN)
        return seats[0], seats[1]
    return SeatSpec(HUMAN), SeatSpec(HUMAN)


def _game_info(name: str) -> games.GameInfo:
    try:
        return games.get(name)
    except ValueError:
        raise SaveError("storage.unknown_game", game=str(name)[:40]) from None
