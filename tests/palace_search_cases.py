"""The positions and searches the palace search's identity test holds fixed
(tests/test_palace_search_identity.py, data made by tools/make_palace_search_golden.py).

Positions are reached from the start by seeded play that needs no search (random moves, black
taking a capture when it has one), on one, two and four palaces and under some rule options
(chains of jumps, compulsory captures, white dropping first). From each game a few positions are
kept: soldiers still in hand, a multi-capture on the board, black one capture from its target,
kings nearly shut in. Each is searched at several levels and seeds under the level's own node
budget given as `nodes` (so that no clock caps it), and level 10 under a fixed node budget.
"""

from __future__ import annotations

import dataclasses
import random

from game.ai.common import LevelRow, pick_level_move
from game.ai.contract import Limits
from game.ai.palace import search as S
from game.rules import palace as P
from game.rules.common import find_move

#: (name, rule options, game seed, what to keep, searches [(level, seed)]); level 10 searches
#: TOP_NODES nodes, levels 1-9 their own budget (search.LEVELS)
TOP_NODES = 6_000
GAMES = (
    ("two-start", {}, 1, "start", ((2, 0), (5, 1), (9, 0), (10, 0))),
    ("two-hand", {}, 2, "hand", ((1, 3), (4, 0), (7, 2), (10, 1))),
    ("two-middle", {}, 3, "middle", ((3, 0), (6, 4), (8, 1), (10, 0))),
    ("two-near-target", {}, 4, "near_target", ((2, 1), (5, 0), (8, 0), (10, 2))),
    ("two-shut", {}, 5, "shut", ((4, 2), (7, 0), (9, 0), (10, 0))),
    ("two-chain", {"jumps": "chain"}, 6, "multi", ((3, 1), (6, 0), (10, 0))),
    ("two-forced", {"forced_capture": True, "first": "white"}, 7, "hand", ((5, 2), (8, 0), (10, 3))),
    ("one-start", {"palaces": 1}, 11, "start", ((1, 0), (6, 1), (9, 0), (10, 0))),
    ("one-hand", {"palaces": 1}, 12, "hand", ((2, 2), (5, 0), (8, 3), (10, 0))),
    ("one-near-target", {"palaces": 1}, 13, "near_target", ((3, 0), (7, 1), (9, 0), (10, 1))),
    ("one-shut", {"palaces": 1, "white_blocked": "draw"}, 14, "shut", ((4, 0), (6, 2), (10, 0))),
    ("one-chain", {"palaces": 1, "jumps": "chain"}, 15, "multi", ((2, 0), (8, 1), (10, 0))),
    ("four-start", {"palaces": 4}, 21, "start", ((2, 0), (6, 0), (10, 0))),
    ("four-hand", {"palaces": 4}, 22, "hand", ((1, 1), (5, 0), (8, 2), (10, 0))),
    ("four-middle", {"palaces": 4, "opening": "full"}, 23, "middle", ((3, 2), (7, 0), (10, 1))),
    ("four-chain", {"palaces": 4, "jumps": "chain"}, 24, "multi", ((4, 0), (9, 0), (10, 0))),
    ("four-late", {"palaces": 4}, 25, "late", ((2, 1), (6, 0), (10, 0))),
    ("four-late-forced", {"palaces": 4, "forced_capture": True}, 26, "late", ((5, 1), (10, 0))),
)


def _wanted(s, kind: str, ply: int) -> bool:
    if kind == "start":
        return ply == 0
    if kind == "hand":
        return s.hand > 0 and ply >= 6 and s.captures >= 1
    if kind == "middle":
        return s.hand == 0 and ply >= 10
    if kind in ("near_target", "late"):
        short = 2 if kind == "near_target" else s.win_captures // 3
        return s.captures >= s.win_captures - short and s.hand == 0 and not _wins_now(s)
    if kind == "shut":
        return s.to_move == "w" and P.black_mobility(s.black, s.white, s.board) <= 3 and ply >= 4
    if kind == "multi":
        return any(len(m.captured) >= 2 for m in s.legal_moves()) and not _wins_now(s)
    raise ValueError(kind)


def _wins_now(s) -> bool:
    """Whether black can reach its target with this move (the search would stop at once)."""
    return any(s.captures + len(m.captured) >= s.win_captures for m in s.legal_moves())


def find_position(options: dict, seed: int, kind: str) -> list[str]:
    """The moves (their texts) from the start to the first position of `kind` in seeded games:
    random moves, black always capturing when it can (the most captures first), white preferring
    drops and steps next to a king when `kind` is "shut"."""
    for attempt in range(400):
        rng = random.Random(seed * 1000 + attempt)
        s = P.new_game(**options)
        played: list[str] = []
        for ply in range(400):
            if s.result() is not None:
                break
            if _wanted(s, kind, ply):
                return played
            moves = s.legal_moves()
            captures = [m for m in moves if m.captured]
            if s.to_move == "b" and captures and rng.random() < (0.3 if kind == "shut" else 0.9):
                most = max(len(m.captured) for m in captures)
                move = rng.choice([m for m in captures if len(m.captured) == most])
            elif s.to_move == "w" and kind in ("shut", "near_target", "late"):
                near = 0
                for k in s.kings:
                    near |= s.board.adj_mask[k]
                close = [m for m in moves if near >> m.path[-1] & 1]
                move = rng.choice(close or moves)
            else:
                move = rng.choice(moves)
            played.append(str(move))
            s = s.play(move)
    raise RuntimeError(f"no {kind} position for seed {seed} under {options}")


def replay(options: dict, moves: list[str]):
    s = P.new_game(**options)
    for text in moves:
        s = s.play(find_move(s, text))
    return s


def _scored(scored) -> list:
    return [[v, str(m)] for v, m in scored]


def record(state, level: int, seed: int, row: LevelRow | None = None) -> dict:
    """What the search returns at `level` with `seed`: the row it played, nodes, depth, every
    iteration's root list, the last finished one and the one before, the move the level plays and
    the principal variation (as the engine, game.ai.palace.player, makes them). `row`: play that
    row instead of the level's today (the row the reference data was made with)."""
    if row is None:
        row = S.level_row(level, state.board.palaces)
    nodes = TOP_NODES if row.nodes is None else row.nodes
    iterations: list = []

    def iteration(search, depth, scored):
        iterations.append([depth, _scored(scored)])

    search, scored, rng, row = S.run(state, Limits(level, nodes=nodes, seed=seed), iteration, row)
    out: dict = {"level": level, "seed": seed, "row": dataclasses.asdict(row)}
    out |= {"nodes": search.budget.nodes, "depth": search.depth_done}
    out["iterations"] = iterations
    out["scored"] = _scored(scored)
    out["shallower"] = _scored(search.shallower)
    if scored:
        move = pick_level_move(scored, search.shallower, rng, row) if row.errs else scored[0][1]
        out["chosen"] = str(move)
        out["pv"] = [str(m) for m in S.pv(search, state, scored[0][1])]
    return out


def make_cases(rows: list | None = None) -> list[dict]:
    """Every case with its position's moves and its searches' records; rows[case][run]: the
    LevelRow each search plays (None: each level's row today)."""
    cases = []
    for i, (name, options, seed, kind, searches) in enumerate(GAMES):
        moves = find_position(options, seed, kind)
        state = replay(options, moves)
        played = rows[i] if rows else [None] * len(searches)
        runs = [record(state, level, sseed, row) for (level, sseed), row in zip(searches, played, strict=True)]
        cases.append({"name": name, "options": options, "moves": moves, "position": P.to_text(state), "runs": runs})
    return cases
