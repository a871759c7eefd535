"""PDN game files for international draughts: read games from other programs, write our own.

    games = read_games(text)          # [Game(headers, start, moves, states, result), ...]
    text = write_game(start, moves, headers={"White": "Ann"}, result="2-0")

Reading accepts the usual PDN: tag pairs, move numbers (`1.`, `1...`), short (`32-28`, `28x19`) and
long (`28x19x10`, every landing) captures, Hub-style captures listing the captured squares,
comments `{...}`, variations `(...)` (skipped), annotation glyphs (`!`, `?`, `$3`) and the results
`2-0 0-2 1-1 *` (also `1-0 0-1 0-0 1/2-1/2`). Any problem is a PositionError naming the game,
the move and what is wrong.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.rules.common import PositionError
from game.rules import draughts

RESULTS = {"2-0": "2-0", "0-2": "0-2", "1-1": "1-1", "*": "*", "1-0": "2-0", "0-1": "0-2",
           "0-0": "0-0", "1/2-1/2": "1-1"}

_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN = re.compile(r"""
    (?P<comment>\{[^}]*\}|;[^\n]*) |
    (?P<open>\() | (?P<close>\)) |
    (?P<result>2-0|0-2|1-1|1-0|0-1|0-0|1/2-1/2|\*) |
    (?P<number>\d+\s*\.(?:\s*\.\s*\.)?) |
    (?P<move>\d+(?:\s*[-x:]\s*\d+)+) |
    (?P<nag>\$\d+|[!?]+) |
    (?P<other>\S+)
""", re.VERBOSE)


@dataclass
class Game:
    headers: dict = field(default_factory=dict)
    start: object = None
    moves: list = field(default_factory=list)
    states: list = field(default_factory=list)
    result: str = "*"


def result_code(result, start=None) -> str:
    """PDN result text of a rules Result (or None: game running)."""
    if result is None:
        return "*"
    if result.winner is None:
        return "1-1"
    return "2-0" if result.winner == "w" else "0-2"


def match_move(state, text: str):
    """The legal move of `state` written as `text` in any common PDN form."""
    nums = [int(n) for n in re.findall(r"\d+", text)]
    capture = "x" in text or ":" in text
    legal = state.legal_moves()
    if len(nums) < 2:
        raise PositionError(f"cannot read move {text!r}")
    cands = [m for m in legal if m.start == nums[0] and m.end == nums[-1]
             and (bool(m.captures) == capture or not capture)]
    if len(nums) > 2:
        by_path = [m for m in cands if any(p == tuple(nums) for p in m.paths)]
        if by_path:
            cands = by_path
        else:  # Hub style: start x end x captured... or a partial path
            hub = [m for m in legal if m.start == nums[0] and m.end == nums[1]
                   and set(nums[2:]) == set(m.captures)]
            part = [m for m in cands if any(set(nums[1:-1]) <= set(p) for p in m.paths)]
            cands = hub or part
    if len(cands) == 1:
        return cands[0]
    if not cands:
        raise PositionError(f"illegal move {text!r} in position {draughts.to_text(state)}")
    raise PositionError(f"ambiguous move {text!r}: write every landing square")


def read_games(text: str) -> list:
    """Every game of a PDN text. A file without any move and tag is an error."""
    games = []
    chunks = re.split(r"\n\s*\n(?=\s*\[)", text.strip())
    for chunk in chunks:
        if chunk.strip():
            games.append(_read_game(chunk, len(games) + 1))
    if not games:
        raise PositionError("no game in the PDN text")
    return games


def _read_game(chunk: str, number: int) -> Game:
    headers = {}
    body_start = 0
    for m in _TAG.finditer(chunk):
        between = chunk[body_start:m.start()]
        if between.strip():
            break
        headers[m.group(1)] = m.group(2).replace('\\"', '"')
        body_start = m.end()
    body = chunk[body_start:]
    gametype = headers.get("GameType", "20").split(",")[0].strip()
    if gametype != "20":
        raise PositionError(f"game {number}: GameType {gametype} is not international draughts (20)")
    try:
        start = draughts.parse_fen(headers["FEN"]) if "FEN" in headers else draughts.new_game()
    except PositionError as exc:
        raise PositionError(f"game {number}: FEN tag: {exc}") from None
    game = Game(headers, start, [], [start], RESULTS.get(headers.get("Result", "*"), "*"))
    state = start
    depth = 0
    for tok in _TOKEN.finditer(body):
        kind = tok.lastgroup
        value = tok.group()
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth = max(0, depth - 1)
        elif depth or kind in ("comment", "number", "nag"):
            continue
        elif kind == "result":
            game.result = RESULTS[value]
        elif kind == "move":
            try:
                move = match_move(state, value)
            except PositionError as exc:
                raise PositionError(f"game {number}, move {len(game.moves) // 2 + 1}: {exc}") from None
            state = state.play(move)
            game.moves.append(move)
            game.states.append(state)
        else:
            raise PositionError(f"game {number}: cannot read {value!r}")
    return game


def write_game(start, moves, headers=None, result=None) -> str:
    """PDN text of the game `moves` played from `start`. result: PDN code ("2-0"...), a rules
    Result, or None to take it from the final position."""
    states = [start]
    for m in moves:
        states.append(states[-1].play(m))
    if result is None or not isinstance(result, str):
        result = result_code(result if result is not None else states[-1].result())
    tags = {"Event": "?", "Date": "????.??.??", "White": "?", "Black": "?"}
    tags.update(headers or {})
    tags["Result"] = result
    tags["GameType"] = "20"
    if draughts.to_text(start) != draughts.to_text(draughts.new_game()):
        tags["FEN"] = draughts.to_text(start)
    lines = [f'[{k} "{str(v).replace(chr(34), chr(92) + chr(34))}"]' for k, v in tags.items()]
    words = []
    number = 1
    for i, (state, move) in enumerate(zip(states, moves)):
        if state.to_move == "w":
            words.append(f"{number}.")
        elif i == 0:
            words.append(f"{number}...")
        words.append(str(move))
        if state.to_move == "b":
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
