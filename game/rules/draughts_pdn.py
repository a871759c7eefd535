"""PDN game files for international draughts: read games from other programs, write our own.

    found = read_pdn(text)            # PdnFile(games=[Game...], problems=["game 14, move 21. ...", ...])
    games = read_games(text)          # the games that load: [Game(headers, start, moves, states, result), ...]
    game = read_game(text, 3)         # only the third game (PositionError if it does not load)
    tags = game_tags(text)            # [{"White": ..., "Black": ...}, ...]: every game's tags, moves unread
    text = write_game(start, moves, headers={"White": "Ann"}, result="2-0")

Reading accepts the usual PDN: tag pairs, move numbers (`1.`, `1...`, `12. ...`, leading zeros),
`%` escape lines, short (`32-28`, `28x19`) and long (`28x19x10`, every landing) captures, Hub-style
captures listing the captured squares, numbers padded with blanks (`1- 7`), comments `{...}` and
`;`, variations `(...)` (skipped), annotation glyphs (`!`, `?`, `$3`) and the results
`2-0 0-2 1-1 *` (also `1-0 0-1 0-0 1/2-1/2`). A bad game is reported by its number and move and
the file's other games still load; games of other variants (GameType, 8x8 numbering, algebraic
notation) are named as such. Lenient readings (unknown result, side to move `?`, moves after the
end of the game) load with a one-line notice in Game.notices.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.rules import draughts
from game.rules import draughts_variants as V
from game.rules.common import PositionError

RESULTS = {
    "2-0": "2-0",
    "0-2": "0-2",
    "1-1": "1-1",
    "*": "*",
    "1-0": "2-0",
    "0-1": "0-2",
    "0-0": "0-0",
    "1/2-1/2": "1-1",
}

_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
# One token at a time, tried in this order at each place. A result must not run on into digits
# or a separator, so that the move 1-12 is never read as the result 1-1 followed by "2". Moves may
# hold blanks around the separator ("1- 7", "35x 4": numbers padded to two columns).
_TOKEN = re.compile(
    r"""
    (?P<escape>^%[^\n]*) |
    (?P<comment>\{[^}]*\}?|;[^\n]*) |
    (?P<tag>\[\s*\w+\s+"(?:[^"\\]|\\.)*"\s*\]|\[[^\]\n]*\]?) |
    (?P<open>\() | (?P<close>\)) |
    (?P<result>(?:2-0|0-2|1-1|1-0|0-1|0-0|1/2-1/2|\*)(?![0-9/:x-])) |
    (?P<number>[0-9]+\s*\.(?:\s*\.)*) |
    (?P<move>[0-9]+(?:\s*[-x:]\s*[0-9]+)+) |
    (?P<nag>\$[0-9]+|[!?]+) |
    (?P<dots>\.+|\u2026) |
    (?P<other>[^\s{}()\[\];]+)
""",
    re.VERBOSE | re.MULTILINE | re.ASCII,
)
_ALGEBRAIC = re.compile(r"^[a-h][1-8](?:[-x:][a-h][1-8])+", re.ASCII)
_GAMETYPES = {
    "20": "international draughts",
    "21": "English checkers",
    "22": "Italian draughts",
    "23": "American pool checkers",
    "24": "Spanish draughts",
    "25": "Russian draughts",
    "26": "Brazilian draughts",
    "27": "Canadian draughts",
    "28": "Portuguese draughts",
    "29": "Czech draughts",
    "30": "Turkish draughts",
    "31": "Thai draughts",
    "40": "Frisian draughts",
    "41": "Spantsiretti",
}


@dataclass
class Game:
    headers: dict = field(default_factory=dict)
    start: object = None
    moves: list = field(default_factory=list)
    states: list = field(default_factory=list)
    result: str = "*"
    number: int = 0  # place in its file, from 1
    notices: list = field(default_factory=list)  # what was read leniently: one line each


@dataclass
class PdnFile:
    """What a PDN text holds: the games that load, and one line per game that does not
    ("game 14, move 23. 38x33: illegal move ..."), in file order."""

    games: list = field(default_factory=list)
    problems: list = field(default_factory=list)


def result_code(result, start=None) -> str:
    """PDN result text of a rules Result (or None: game running)."""
    if result is None:
        return "*"
    if result.winner is None:
        return "1-1"
    return "2-0" if result.winner == "w" else "0-2"


def _numbers(state, text: str) -> list:
    """The square numbers of a move's text (algebraic names read on 8x8)."""
    if state.variant is not V.INTERNATIONAL and _ALGEBRAIC.match(text.strip()):
        return [state.variant.geometry.from_algebraic(n) for n in re.findall(r"[a-h][1-8]", text)]
    return [int(n) for n in re.findall(r"[0-9]+", text)]


def match_move(state, text: str):
    """The legal move of `state` written as `text` in any common PDN form (on 8x8 also in
    algebraic notation, c3-d4 d4:b6)."""
    g = state.variant.geometry
    nums = _numbers(state, text)
    capture = "x" in text or ":" in text
    if len(nums) < 2 or any(not 1 <= n <= g.n for n in nums):
        raise PositionError(f"cannot read move {text!r}: squares are numbered 1 to {g.n}")
    legal = state.legal_moves()
    cands = [
        m for m in legal if m.start == nums[0] and m.end == nums[-1] and (bool(m.captures) == capture or not capture)
    ]
    if len(nums) > 2:
        by_path = [m for m in cands if any(p == tuple(nums) for p in m.paths)]
        if by_path:
            cands = by_path
        else:  # Hub style: start x end x captured... or a partial path
            hub = [m for m in legal if m.start == nums[0] and m.end == nums[1] and set(nums[2:]) == set(m.captures)]
            part = [m for m in cands if any(set(nums[1:-1]) <= set(p) for p in m.paths)]
            cands = hub or part
    if len(cands) == 1:
        return cands[0]
    if not cands:
        raise PositionError(f"illegal move {text!r} in position {draughts.to_text(state)}")
    raise PositionError(
        f"ambiguous move {text!r}: it matches {' and '.join(m.long() for m in cands)}; write every landing square"
    )


def tagged_variant(headers: dict) -> V.Variant:
    """The variant a game's [GameType] tag names where we play it (25 Russian, 26 Brazilian, 21
    English), else international (no tag, 20, or a variant we do not play)."""
    number = headers.get("GameType", "20").split(",")[0].strip()
    return V.BY_GAMETYPE.get(int(number), V.INTERNATIONAL) if number.isascii() and number.isdigit() else V.INTERNATIONAL


def read_pdn(text: str, variant: V.Variant = V.INTERNATIONAL) -> PdnFile:
    """Every game of a PDN text: the good ones load, each bad one becomes a problem line naming
    its game number (and move), and the other games still load. Never raises. `variant`: the
    rules the games are read under (a game whose GameType names another variant is refused)."""
    out = PdnFile()
    chunks = _split_games(text)
    eight = variant is V.INTERNATIONAL and _looks_8x8(chunks)
    for number, (headers, tokens) in enumerate(chunks, 1):
        try:
            out.games.append(_read_game(headers, tokens, number, eight, variant))
        except PositionError as exc:
            out.problems.append(str(exc))
    return out


def read_games(text: str, variant: V.Variant = V.INTERNATIONAL) -> list:
    """The games of a PDN text that load (see read_pdn for the ones that do not). A text in which
    no game loads is a PositionError naming the first problem."""
    result = read_pdn(text, variant)
    if not result.games:
        raise PositionError(result.problems[0] if result.problems else "no game in the PDN text")
    return result.games


def _match_with_next(state, text, rest):
    """match_move, except that a short capture matching several captures is settled by the next
    move when only one of them lets it be played (as other PDN readers do)."""
    try:
        return match_move(state, text)
    except PositionError as exc:
        if not str(exc).startswith("ambiguous"):
            raise
        following = next((v for k, v in rest if k == "move"), None)
        if following is None:
            raise
        nums = _numbers(state, text)
        fits = []
        for m in state.legal_moves():
            if (m.start, m.end) == (nums[0], nums[-1]) and m.captures:
                try:
                    match_move(state.play(m), following)
                except PositionError:
                    continue
                fits.append(m)
        if len(fits) == 1:
            return fits[0]
        raise


def game_tags(text: str) -> list:
    """The tag pairs of every game of a PDN text, in file order, without reading the moves
    (cheap enough to list a folder's games)."""
    return [headers for headers, _ in _split_games(text)]


def read_game(text: str, number: int, variant: V.Variant = V.INTERNATIONAL) -> Game:
    """Game `number` (from 1) of a PDN text; PositionError naming the game (and move) when it
    does not load or the file has no such game."""
    chunks = _split_games(text)
    if not 1 <= number <= len(chunks):
        raise PositionError(f"the file has no game {number} (it holds {len(chunks)})")
    headers, tokens = chunks[number - 1]
    return _read_game(headers, tokens, number, variant is V.INTERNATIONAL and _looks_8x8(chunks), variant)


def decode(data: bytes) -> str:
    """The text of a PDN file's bytes: UTF-8 (with or without a byte order mark), else Windows-1252,
    the two encodings draughts programs write."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _split_games(text: str):
    """[(headers, [(kind, value), ...]), ...]: a game ends with its result outside variations,
    or where a tag follows its moves."""
    games = []
    headers: dict = {}
    tokens: list = []
    depth = 0

    def close():
        nonlocal headers, tokens, depth
        if headers or tokens:
            games.append((headers, tokens))
        headers, tokens, depth = {}, [], 0

    for tok in _TOKEN.finditer(text):
        kind, value = tok.lastgroup, tok.group()
        if kind in ("escape", "comment"):
            continue
        if kind == "tag":
            if tokens:
                close()
            m = _TAG.fullmatch(value)
            if m:
                headers[m.group(1)] = m.group(2).replace('\\"', '"')
            continue
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth = max(0, depth - 1)
        elif depth:
            continue
        elif kind == "result":
            tokens.append((kind, value))
            close()
            continue
        if kind in ("move", "other", "result"):
            tokens.append((kind, value))
    close()
    return games


def _squares_in(headers, tokens):
    nums = [int(n) for n in re.findall(r"[0-9]+", headers.get("FEN", ""))]
    for kind, value in tokens:
        if kind == "move":
            nums += [int(n) for n in re.findall(r"[0-9]+", value)]
    return nums


def _looks_8x8(chunks) -> bool:
    """Whether a file reads as games of an 8x8 variant (English checkers numbering 1-32): none of
    its games says GameType 20, no square of its positions or moves goes above 32, and one of its
    FEN games does not read as international draughts (such as a white man on 5, the crowning row
    on 10x10 but not on 8x8). Low squares alone prove nothing: a 10x10 ending may hold a few men
    on 1-32 only. Games without FEN are judged one by one when read (their first move)."""
    if any(h.get("GameType", "").split(",")[0].strip() == "20" for h, _ in chunks):
        return False
    nums = [n for h, t in chunks for n in _squares_in(h, t)]
    if not nums or max(nums) > 32:
        return False
    return any("FEN" in h and not _reads_as_10x10(h, t) for h, t in chunks)


def _reads_as_10x10(headers, tokens) -> bool:
    try:
        _read_game(headers, tokens, 0, eight=False)
    except PositionError:
        return False
    return True


def _read_game(headers, tokens, number: int, eight: bool, variant: V.Variant = V.INTERNATIONAL) -> Game:
    ours = str(variant.gametype)
    gametype = headers.get("GameType", ours).split(",")[0].strip()
    if gametype != ours:
        name = _GAMETYPES.get(gametype, "another variant")
        mine = _GAMETYPES[ours]
        raise PositionError(f"game {number}: GameType {gametype} ({name}) is not {mine} ({ours})")
    if variant is not V.INTERNATIONAL:  # 8x8: algebraic moves are moves
        tokens = [("move" if k == "other" and _ALGEBRAIC.match(v) else k, v) for k, v in tokens]
    for kind, value in tokens:
        if kind == "other" and _ALGEBRAIC.match(value):
            raise PositionError(
                f"game {number}: not international draughts: its moves are in algebraic "
                f"notation ({value}), as in Russian draughts on 8x8, where ours are numbered 1-50"
            )
    if eight:
        raise PositionError(
            f"game {number}: not international draughts: the file's square numbers (all 1-32) "
            f"fit an 8x8 game such as English checkers"
        )
    notices = []
    fen = headers.get("FEN", "").strip()
    if fen[:1] == "?":  # side to move unknown: the side that moves first in the variant
        side = variant.first.upper()
        notices.append(f"side to move '?' in the FEN tag: {'White' if side == 'W' else 'Black'} assumed")
        fen = side + fen[1:]
    try:
        start = draughts.parse_fen(fen, variant) if fen else draughts.new_game(variant=variant.name)
    except PositionError as exc:
        if variant is V.INTERNATIONAL or "should already be a king" not in str(exc):
            raise PositionError(f"game {number}: FEN tag: {exc}") from None
        # problem collections on 8x8 (Gould's) write a man on its crowning row: it is a king there
        start = draughts.parse_fen(fen, variant, crown=True)
        notices.append(f"FEN tag: {exc}: read as a king")
    tag_result = headers.get("Result", "*").strip()
    game = Game(headers, start, [], [start], RESULTS.get(tag_result, "*"), number, notices)
    if tag_result not in RESULTS:
        notices.append(f"unknown result {tag_result!r} in the Result tag")
    state = start
    for i, (kind, value) in enumerate(tokens):
        white = state.to_move == variant.first  # the first mover's move carries the number
        ply = len(game.moves) + (1 if start.to_move != variant.first else 0)
        where = f"game {number}, move {ply // 2 + 1}{'.' if white else '...'} {value}"
        last = i == len(tokens) - 1
        if kind == "result":
            game.result = RESULTS[value]
        elif kind == "move":
            if state.result() is not None:
                rest = sum(1 for k, _ in tokens[i:] if k == "move")
                notices.append(
                    f"{where}: the game had already ended ({state.result().reason}); "
                    f"this and the {rest - 1} moves after it were ignored"
                )
                if tokens[-1][0] == "result":
                    game.result = RESULTS[tokens[-1][1]]
                break
            try:
                move = _match_with_next(state, value, tokens[i + 1 :])
            except PositionError as exc:
                if last and "-" in value and value.count("-") == 1 and "x" not in value:
                    # a score such as 4-6 where the result belongs, not a move
                    notices.append(f"game {number}: unknown result {value!r} at the end of the moves")
                    break
                if (
                    variant is V.INTERNATIONAL
                    and not game.moves
                    and "FEN" not in headers
                    and max(_squares_in(headers, tokens)) <= 32
                ):
                    raise PositionError(
                        f"{where}: not international draughts: its square numbers (all "
                        f"1-32) and first move fit an 8x8 game such as English checkers"
                    ) from None
                raise PositionError(f"{where}: {exc}") from None
            state = state.play(move)
            game.moves.append(move)
            game.states.append(state)
        else:
            raise PositionError(f"{where}: cannot read {value!r}")
    return game


def write_game(start, moves, headers=None, result=None, time_control=None, clocks=None) -> str:
    """PDN text of the game `moves` played from `start`. result: PDN code ("2-0"...), a rules
    Result, or None to take it from the final position. A game on a clock: time_control is the
    [TimeControl] tag ("300+5", seconds) and clocks[i] the %clk comment after move i (the mover's
    time left, "0:04:58")."""
    states = [start]
    for m in moves:
        states.append(states[-1].play(m))
    if result is None or not isinstance(result, str):
        result = result_code(result if result is not None else states[-1].result())
    tags = {"Event": "?", "Date": "????.??.??", "White": "?", "Black": "?"}
    tags.update(headers or {})
    tags["Result"] = result
    variant = start.variant
    tags["GameType"] = str(variant.gametype)
    if draughts.to_text(start) != draughts.to_text(draughts.new_game(variant=variant.name)):
        tags["FEN"] = draughts.to_text(start)
    if time_control is not None:
        tags["TimeControl"] = time_control
    lines = [f'[{k} "{str(v).replace(chr(34), chr(92) + chr(34))}"]' for k, v in tags.items()]
    words = []
    number = 1
    for i, (state, move) in enumerate(zip(states, moves)):
        if state.to_move == variant.first:  # a move number before the first mover's move (Black's in English)
            words.append(f"{number}.")
        elif i == 0:
            words.append(f"{number}...")
        words.append(str(move))
        if clocks is not None and i < len(clocks):
            words.append("{[%clk " + clocks[i] + "]}")
        if state.to_move != variant.first:
            number += 1
    words.append(result)
    body, line = [], ""
    for w in words:
        if len(line) + len(w) + 1 > 78:
            body.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


def final_position(text: str, variant: V.Variant = V.INTERNATIONAL):
    """The last position of the first game of a PDN text (draughts.from_text of a PDN text);
    PositionError naming the problem when that game does not load."""
    found = read_pdn(text, variant)
    if not found.games or found.games[0].number != 1:
        raise PositionError(found.problems[0] if found.problems else "no game in the PDN text")
    return found.games[0].states[-1]


# draughts.from_text reads a PDN text through this hook, so that draughts never imports this module
draughts.PDN_READER = final_position
