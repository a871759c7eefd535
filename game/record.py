"""A saved game as data: GameRecord (its start and its moves in notation, the file format
"qipan-game") and SaveError, the one-line reason a game file cannot be used. Pure Python.
game.storage reads and writes records as files; game.match.Match.from_record replays them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from game import games
from game.ai.levels import parse_level
from game.clock import ClockError, TimeControl
from game.i18n import tr
from game.rules import draughts, draughts_pdn
from game.rules.common import REQUESTED_ENDINGS, TIME_ENDINGS, PositionError

FORMAT = "qipan-game"
VERSION = 2  # 2: the level is a number 1-10 (version 1 saves hold easy | medium | hard)
MAX_SAVE_BYTES = 2_000_000  # a save of 20000 moves is far below this
MAX_MOVES = 20_000
MAX_NOTATION = 120  # characters of one move's notation
MAX_POSITION_TEXT = 2_000
MAX_OPTIONS = 32
MODES = ("hotseat", "computer")
END_REASONS = tuple(str(r) for r in (*REQUESTED_ENDINGS, *TIME_ENDINGS))

#: the language of SaveError messages (storage keeps it in step with the player's choice)
message_lang = "en"


class SaveError(Exception):
    """A game file that cannot be read, written or replayed. str(): one line for the player."""

    def __init__(self, key: str, **fmt):
        self.key = key
        self.fmt = fmt
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return tr(self.key, lang, **self.fmt)

    def __str__(self) -> str:
        return self.text(message_lang)


def loads_json(text: str):
    """Parsed JSON; SaveError for anything that is not JSON (NaN and Infinity included)."""
    try:
        return json.loads(text, parse_constant=lambda c: None)  # NaN/Infinity are not ours
    except (ValueError, RecursionError):
        raise SaveError("storage.not_json") from None


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass
class GameRecord:
    """A game as it is stored: its start and the moves played, in notation.

    game:       "palace" | "draughts" | "banqi"
    options:    the variant options ({key: value} of rules.OPTIONS)
    start:      {"text": position text} or, for a banqi deal, {"seed": int}
    moves:      notation of every move played from start, in order
    redo:       notation of the moves taken back and not replayed, the next one to redo first
    mode:       "hotseat" | "computer"
    human_seat: 0 | 1 (the human's seat against the computer; seat 0 moves first) | None
    level:      1-10 (game.ai.levels); saves before the ten levels hold "easy" | "medium" | "hard",
                read as 3, 6, 10
    end:        None, or {"winner": side token or None, "reason": "resign" | "agreement" |
                "time" | "time_draw"} for a game ended by a player or a clock rather than by the rules
    clock:      None (no clocks; every save before clocks), or {"control": TimeControl.to_json(),
                "times": [[seat 0, seat 1] seconds left in each position, one per move and the
                start], "now": [seat 0, seat 1] when saved}
    """

    game: str
    options: dict = field(default_factory=dict)
    start: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)
    redo: list = field(default_factory=list)
    mode: str = "hotseat"
    human_seat: int | None = None
    level: int = 6
    end: dict | None = None
    clock: dict | None = None

    def to_json(self, name: str | None = None) -> str:
        data = {"format": FORMAT, "version": VERSION}
        if name is not None:
            data["name"] = name
        data.update(
            game=self.game,
            options=dict(self.options),
            start=dict(self.start),
            moves=[str(m) for m in self.moves],
            redo=[str(m) for m in self.redo],
            mode=self.mode,
            human_seat=self.human_seat,
            level=self.level,
            end=None if self.end is None else dict(self.end),
        )
        if self.clock is not None:
            data["clock"] = self.clock
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text) -> GameRecord:
        """The record in `text` (str or bytes); SaveError for anything that is not a sound record."""
        if isinstance(text, (bytes, bytearray)):
            if len(text) > MAX_SAVE_BYTES:
                raise SaveError("storage.too_large")
            try:
                text = bytes(text).decode("utf-8-sig")
            except UnicodeDecodeError:
                raise SaveError("storage.not_json") from None
        if not isinstance(text, str):
            raise SaveError("storage.foreign")
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError("storage.too_large")
        return cls.from_dict(loads_json(text))

    @classmethod
    def from_dict(cls, data) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("storage.foreign")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise SaveError("storage.bad_field", field="version")
        if version > VERSION:
            raise SaveError("storage.future", version=version)

        def bad(name):
            return SaveError("storage.bad_field", field=name)

        game = data.get("game")
        if not isinstance(game, str):
            raise bad("game")
        try:
            info = games.get(game)
        except ValueError:
            raise SaveError("storage.unknown_game", game=game[:40]) from None
        options = data.get("options", {})
        if not isinstance(options, dict) or len(options) > MAX_OPTIONS or not all(isinstance(k, str) for k in options):
            raise bad("options")
        try:
            info.check_options(options)
        except (ValueError, TypeError):
            raise bad("options") from None
        start = data.get("start")
        if not isinstance(start, dict) or len(start) != 1:
            raise bad("start")
        if "text" in start:
            if not isinstance(start["text"], str) or len(start["text"]) > MAX_POSITION_TEXT:
                raise bad("start")
        elif "seed" in start:
            if not info.dealt or not _is_int(start["seed"]) or not 0 <= start["seed"] < 2**64:
                raise bad("start")
        else:
            raise bad("start")
        moves = data.get("moves", [])
        redo = data.get("redo", [])
        for name, seq in (("moves", moves), ("redo", redo)):
            if (
                not isinstance(seq, list)
                or len(seq) > MAX_MOVES
                or not all(isinstance(m, str) and 0 < len(m) <= MAX_NOTATION for m in seq)
            ):
                raise bad(name)
        mode = data.get("mode", "hotseat")
        if mode not in MODES:
            raise bad("mode")
        human_seat = data.get("human_seat")
        if human_seat is not None and not (_is_int(human_seat) and human_seat in (0, 1)):
            raise bad("human_seat")
        if mode == "computer" and human_seat is None:
            raise bad("human_seat")
        try:
            level = parse_level(data.get("level", "medium"))
        except ValueError:
            raise bad("level") from None
        end = data.get("end")
        if end is not None:
            if (
                not isinstance(end, dict)
                or set(end) != {"winner", "reason"}
                or end["reason"] not in END_REASONS
                or not (end["winner"] is None or end["winner"] in info.sides)
            ):
                raise bad("end")
            if (end["reason"] in ("agreement", "time_draw")) != (end["winner"] is None):
                raise bad("end")
        clock = _read_clock(data.get("clock"), len(moves))
        if clock is False:
            raise bad("clock")
        return cls(
            game=game,
            options=dict(options),
            start=dict(start),
            moves=list(moves),
            redo=list(redo),
            mode=mode,
            human_seat=human_seat,
            level=level,
            end=None if end is None else dict(end),
            clock=clock,
        )


def _read_clock(data, moves: int):
    """The clock field checked (None when absent), or False when it is damaged."""
    if data is None:
        return None
    if not isinstance(data, dict) or not set(data) <= {"control", "times", "now"}:
        return False
    try:
        control = TimeControl.from_json(data.get("control"))
    except ClockError:
        return False

    def pair(v) -> bool:
        return (
            isinstance(v, list)
            and len(v) == 2
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x <= 10**7 for x in v)
        )

    times, now = data.get("times"), data.get("now")
    if not isinstance(times, list) or len(times) != moves + 1 or not all(pair(t) for t in times):
        return False
    if now is not None and not pair(now):
        return False
    return {"control": control.to_json(), "times": [list(t) for t in times], "now": None if now is None else list(now)}


def record_from_pdn(text: str, number: int | None = None) -> GameRecord:
    """Game `number` (from 1) of a PDN text as a record, or with None the first game that loads
    (the whole file, and why a game would not load, are for `python -m game.cli review`);
    SaveError when it does not load."""
    # a game tagged [GameType "25"] (26, 21) loads as Russian (Brazilian, English) draughts
    tags = draughts_pdn.game_tags(text)
    index = 0 if number is None else number - 1
    variant = draughts_pdn.tagged_variant(tags[index]) if 0 <= index < len(tags) else None
    if number is None:
        found = draughts_pdn.read_pdn(text, variant or draughts.INTERNATIONAL)
        if not found.games:
            raise SaveError("storage.bad_start", why=(found.problems or ["no game in the file"])[0][:160])
        g = found.games[0]
    else:
        try:
            g = draughts_pdn.read_game(text, number, variant or draughts.INTERNATIONAL)
        except PositionError as exc:
            raise SaveError("storage.bad_start", why=str(exc)[:160]) from None
    options = {"first": g.states[0].to_move}
    if g.states[0].variant is not draughts.INTERNATIONAL:
        options = {"first": "w", "variant": g.states[0].variant.name}  # `first` is international's
    return GameRecord(
        game="draughts",
        options=options,
        start={"text": draughts.to_text(g.states[0])},
        moves=[str(m) for m in g.moves],
        end=_pdn_ending(g),
    )


def match_pdn(match, headers: dict | None = None) -> str:
    """The PDN text of a draughts match (game.match.Match); a game on a clock carries its
    [TimeControl] and each move's %clk (what the mover had left after it)."""
    from game.clock import pdn_clock

    clocks = None
    control = None
    if match.clock is not None:
        control = match.clock.control.pdn_tag()
        clocks = [pdn_clock(match.times[i + 1][i % 2]) for i in range(match.ply)]
    return draughts_pdn.write_game(
        match.start_state, match.moves, headers, match.result(), time_control=control, clocks=clocks
    )


def _pdn_ending(g) -> dict | None:
    """The file's result as the ending of a game the rules left running: 1-1 an agreed draw, a win
    for the side that just moved a resignation (other results say nothing the record can hold)."""
    last = g.states[-1]
    if last.result() is not None or len(g.moves) < 2:
        return None
    if g.result == "1-1":
        return {"winner": None, "reason": "agreement"}
    mover = "b" if last.to_move == "w" else "w"
    if g.result == ("2-0" if mover == "w" else "0-2"):
        return {"winner": mover, "reason": "resign"}
    return None


def pdn_labels(text: str) -> list[str]:
    """A short label for every game of a PDN text, in file order ("Ann - Bob, 2-0", or "" when its
    tags name nobody), from its tags alone."""
    out = []
    for tags in draughts_pdn.game_tags(text):
        names = [" ".join(tags.get(k, "").split())[:40] for k in ("White", "Black")]
        players = " - ".join(n for n in names if n not in ("", "?"))
        result = tags.get("Result", "").strip()
        out.append(players + (f", {result}" if players and result and result != "*" else ""))
    return out
