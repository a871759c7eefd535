"""A plain 2-ply expectimax Banqi player: the yardstick of bench/bench_banqi.py.

Every action of the side to move and every reply of the opponent, flips as chance nodes over the
bag at both plies (squares that cannot interact with a face-up piece grouped as one), the static
evaluation of game.ai.banqi.search at the leaves; no pruning, no quiescence, no deepening. Public view only.
"""

from __future__ import annotations

import random

from game.ai.banqi.player import INF, WIN, Search, _to_move, search_move
from game.ai.common import Budget
from game.rules import banqi as rules


def _actions(search: Search):
    caps, steps = search.gen(search.side)
    return [("move", m) for _, m in caps] + [("move", m) for m in steps] + [("flip", g) for g in search.flip_groups()]


def _value(search: Search, act, depth: int) -> float:
    """Value of `act` for the side to move, looking `depth` plies in total."""
    kind, payload = act
    if kind == "move":
        taken = search.make(payload)
        v = -_node(search, depth - 1)
        search.unmake(payload, taken)
        return v
    point = payload[0]
    total = search.ndown
    acc = 0.0
    for code in range(17):
        n = search.bag[code]
        if n:
            search.flip(point, code)
            acc += n / total * -_node(search, depth - 1)
            search.unflip(point, code)
    return acc


def _node(search: Search, depth: int) -> float:
    if search.total[search.side] == 0:
        return -WIN
    if depth == 0:
        return search.evaluate()
    acts = _actions(search)
    if not acts:
        return -WIN
    return max(_value(search, a, depth) for a in acts)


def choose_move(state, level="medium", time_limit=None, seed=None, nodes=None):
    pub = rules.public_state(state)
    rng = random.Random(seed)
    moves = pub.legal_moves()
    if pub.to_move is None:
        return rng.choice(moves)
    search = Search(pub, Budget(nodes=10**12), 0)
    best, best_act = -INF, None
    for act in _actions(search):
        v = _value(search, act, 2)
        if v > best:
            best, best_act = v, act
    kind, payload = best_act
    if kind == "move":
        return next(m for m in moves if m.kind != "flip" and search_move(m) == payload)
    return _to_move(("flip", payload, None), rng)
