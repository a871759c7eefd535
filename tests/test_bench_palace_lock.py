"""bench/bench_palace_lock.py: the retrograde solution of one palace's locked palace. Its kings'
moves are the rules' own, its wins are real ones in the rules, and what it says of the lock."""

from __future__ import annotations

import os
import random
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))

import bench_palace_lock as L  # noqa: E402

from game.ai import jit  # noqa: E402
from game.rules import palace as P  # noqa: E402
from game.rules.common import check_options  # noqa: E402

ONE = check_options(P.OPTIONS, {"palaces": 1})


def _state(r: L.Region, pair: int, soldiers: int, side: str) -> P.State:
    black = sum(1 << r.points[i] for i in r.pairs[pair])
    white = sum(1 << r.points[i] for i in range(len(r.points)) if soldiers >> i & 1)
    return P.State(black, white, side, 0, 0, 0, ((black, white, side, 0),), ONE)


def _local(r: L.Region, mask: int) -> int:
    return sum(1 << i for i, p in enumerate(r.points) if mask >> p & 1)


@pytest.mark.parametrize("reach", [0, 1, 2])
def test_the_kings_moves_are_the_rules_moves(reach):
    r = L.region(reach)
    kings = set(r.points[: r.kings])
    assert set(L.kings_points(r.board, reach)) == kings
    for p in kings:  # everything a king there touches is in the region
        assert set(r.board.adj[p]) <= set(r.points)
        assert {q for jump in r.board.jumps[p] for q in jump} <= set(r.points)
    out = np.zeros((4 * L.MOVES, 3), np.int64)
    rng = random.Random(reach)
    for _ in range(300):
        pair = rng.randrange(len(r.pairs))
        kmask = (1 << int(r.pairs[pair, 0])) | (1 << int(r.pairs[pair, 1]))
        soldiers = rng.getrandbits(len(r.points)) & ~kmask
        n = L.black_moves(pair, soldiers, r.pairs, r.pair_of, r.adj, r.over, r.to, r.kings, out)
        ours = set()
        for escape, new_pair, left in out[:n].tolist():
            ours.add(("escape", left) if escape else (tuple(r.pairs[new_pair].tolist()), left))
        theirs = set()
        for move in _state(r, pair, soldiers, "b").legal_moves():
            state = _state(r, pair, soldiers, "b").play(move)
            left = _local(r, state.white)
            if move.path[-1] not in kings:
                theirs.add(("escape", left))
            else:
                theirs.add(
                    (tuple(sorted(r.points.index(k) for k in range(r.board.size) if state.black >> k & 1)), left)
                )
        assert ours == theirs, (pair, bin(soldiers))


@pytest.mark.skipif(not jit.AVAILABLE, reason="the solution takes minutes without numba")
def test_a_win_in_the_tables_is_a_win_in_the_rules_and_the_lock_holds_below_three_inside():
    r = L.region(0)
    black, white = L.solve(r)
    # Black to move and shut in: won at once (1 = no ply to go) exactly where the rules say so
    rng = random.Random(1)
    pairs, states = black.shape
    for _ in range(3000):
        pair = rng.randrange(pairs)
        kmask = (1 << int(r.pairs[pair, 0])) | (1 << int(r.pairs[pair, 1]))
        soldiers = rng.getrandbits(len(r.points)) & ~kmask
        state = _state(r, pair, soldiers, "b")
        assert (black[pair, soldiers] == 1) == (state.result() is not None and state.result().winner == "w")

    # White to move one ply from the win: a step of the rules, a soldier brought in or taken out
    # (the region's outside), or a move elsewhere, leaves both kings shut in by the rules
    def shut(pair, soldiers):
        state = _state(r, pair, soldiers, "b")
        return state.result() is not None and state.result().winner == "w"

    won = list(zip(*np.nonzero(white == 2)))
    assert won
    for pair, soldiers in rng.sample(won, 300):
        pair, soldiers = int(pair), int(soldiers)
        kmask = (1 << int(r.pairs[pair, 0])) | (1 << int(r.pairs[pair, 1]))
        after = [soldiers]  # a move elsewhere
        after += [soldiers ^ (1 << i) for i in range(len(r.points)) if r.entry[i] and not kmask >> i & 1]
        state = _state(r, pair, soldiers, "w")
        after += [_local(r, state.play(m).white) for m in state.legal_moves() if m.path[1] in r.points]
        assert any(shut(pair, a) for a in after), (pair, bin(soldiers))
    # the lock: both kings in the palace, the door and the points behind it held
    report = L.report(r, black, white)
    assert report["pairs in the palace"] == 15
    assert report["won with nothing inside"] == 0
    by_inside = report["by soldiers inside"]
    assert [by_inside[n][1] for n in (0, 1, 2)] == [0, 0, 0]  # never won below three inside
    assert by_inside[4][1] == by_inside[4][0]  # a full palace is shut
    assert 0 < by_inside[3][1] < by_inside[3][0]


def test_the_lock_is_the_door_and_the_points_a_jump_over_it_lands_on():
    r = L.region(0)
    names = {r.board.name(r.points[i]) for i in range(len(r.points)) if L.lock_mask(r) >> i & 1}
    door = r.board.name(r.board.doors[0])
    assert door in names and len(names) == 4
    for name in names - {door}:
        p = r.board.parse(name)
        assert any(
            over == r.board.doors[0] and to == p for k in r.board.palace_sets[0] for over, to in r.board.jumps[k]
        )
