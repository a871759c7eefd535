"""Banqi computer player: expectiminimax over the public view only.

The player never reads the face-down layout: choose_move() first turns the state into its public
view (rules.public_state: board as seen, captured pieces, history), and everything below works
from that. Flips are chance nodes weighted by the bag (the counts of each piece type still face
down). The search:

- root: every move and capture, and every flip square that can interact at once with a face-up
  piece (a neighbour, or a cannon line through one screen) as a chance node over the bag; the
  flip squares that cannot interact are one chance node (a representative square, drawn with the
  seeded generator among them when chosen); the chance nodes use Star1 bounds (child windows
  from the outcomes already searched and the win/loss bounds of the rest). Moves that end the
  game by the rules (repetition, perpetual chase, no progress), or let the opponent end it at
  once by repetition or perpetual chase, get that exact result from the rules engine.
- inside the tree: alpha-beta (negamax, principal variation search, late quiet steps one ply
  shallower) with a transposition table, killer and history ordering over moves and captures, plus
  a flip modelled as a null move (flipping mostly passes the turn and adds an expected piece
  already counted; two in a row are scored statically), then a capture-only quiescence search
  that leaves out captures which cannot reach alpha (delta pruning) and captures that give a more
  valuable piece for a defended one (where cannon exchanges made it explode). A position met again
  since the last flip or capture, or the no-progress limit, scores as a draw.
- iterative deepening under the budget (time, or a node count that makes it deterministic). A
  root flip's outcomes are searched one ply shallower than a move (FLIP_REDUCTION): profiling
  showed 85-99% of the nodes of a busy position going to the root's chance nodes. When the
  iterations stop changing any root score (most pieces face down) the search stops: deeper
  iterations would only stack modelled flips, and the depth reported is where it settled.
- evaluation: each piece type is valued by what it can still capture and by what can still
  capture it (enemy pieces alive, face up or face down), with a bonus for pieces nothing can
  capture, soldiers while the enemy general lives, and a pull of strong pieces toward prey.
- endgames (hard): with nothing face down and at most 3 pieces the exact tables of
  game.ai.banqi_endgame choose the move; inside the search, such positions score exactly once
  their table is solved (the tables a search can reach are solved before it starts).

The search itself (Search, the evaluation, the piece codes) is in game.ai.banqi_search.

Levels: easy searches one action deep and picks with human-like mistakes; medium searches two
plies and sometimes takes a close second best; hard deepens as far as the budget allows.
"""

from __future__ import annotations

import math
import random
import time

from game.ai.banqi import endgame
from game.ai.banqi.search import INF, WIN, Search
from game.ai.common import Budget, SearchReport, SearchStopped, pick_with_mistakes, resolve_time
from game.rules import banqi as rules

__all__ = ["INF", "WIN", "Search", "analyse", "choose_move", "describe", "evaluate", "flip_chances", "search_report"]

FLIP_REDUCTION = 1
SETTLED = 3

LEVELS = {
    # max depth, temperature of pick_with_mistakes (score units), quiescence depth
    "easy": (1, 6.0, 2),
    "medium": (2, 2.0, 3),
    "hard": (64, 0.0, 8),
}


def _root_actions(pub, search: Search):
    """[(kind, payload, rules-move-or-None)] of the root: steps/captures and flip groups."""
    acts = []
    for m in pub.legal_moves():
        if m.kind != "flip":
            acts.append(("move", m.path[0] * 32 + m.path[1], m))
    for rep, group in search.flip_groups():
        acts.append(("flip", (rep, group), None))
    return acts


def _exact(pub, act, me):
    """The rules' own verdict on a root move, in search units: ("exact", v) when the move ends the
    game, ("cap", v) when the opponent can then end it at once by repetition or perpetual chase
    (the search knows no history, so this is checked here), else None."""
    if act[0] != "move":
        return None
    nxt = pub.play(act[2])
    res = nxt.result()
    if res is not None:
        if res.winner is None:
            return ("exact", 0.0)
        return ("exact", WIN - 1 if res.winner == me else -WIN + 1)
    if pub.options["repetition"] == "off" or len(nxt.reps) < 4:
        return None
    cap = None
    for reply in nxt.legal_moves():
        if reply.kind != "move":
            continue
        r = nxt.play(reply).result()
        if r is None or r.reason not in ("repetition", "perpetual_chase"):
            continue
        if r.winner is not None and r.winner != me:
            return ("exact", -WIN + 2)
        cap = 0.0 if r.winner is None else cap
    return None if cap is None else ("cap", cap)


def analyse(state, level="hard", time_limit=None, seed=None, nodes=None):
    """Search the public view of `state`: ([(score, action)], search, rng, temperature), best
    first. After a stopped search the board of `search` is left mid-line: use only its counters.
    An action is ("move", int, Move) or ("flip", (representative, [points]), None)."""
    pub = rules.public_state(state)  # from here on, no hidden layout exists
    rng = random.Random(seed)
    max_depth, temperature, qdepth = LEVELS[level]
    budget = Budget(time_limit=resolve_time(level, time_limit), nodes=nodes)
    search = Search(pub, budget, qdepth)
    search.tables = level == "hard"  # an all-revealed position of few pieces: the endgame tables' ranking
    if search.tables and (table := endgame.rank_root(pub)) is not None:
        search.from_table = True
        return [(v, ("move", m.path[0] * 32 + m.path[1], m)) for v, m in table], search, rng, temperature
    if search.tables and not search.ndown:  # tables the search's captures reach, within 40% of the clock
        limit = resolve_time(level, time_limit)
        endgame.prepare(search.board, search.limit, None if nodes is not None else time.perf_counter() + 0.4 * limit)
    acts = _root_actions(pub, search)
    me = pub.to_move
    exact = {i: _exact(pub, a, me) for i, a in enumerate(acts)}
    scores = None
    order = list(range(len(acts)))
    full_window = temperature > 0
    stable = 0
    for depth in range(1, max_depth + 1):
        cur = {}
        alpha = -INF
        try:
            for i in order:
                act = acts[i]
                if exact[i] is not None and exact[i][0] == "exact":
                    v = exact[i][1]
                elif act[0] == "move":
                    taken = search.make(act[1])
                    v = -search.negamax(depth - 1, -INF, -alpha if not full_window else INF, 1)
                    search.unmake(act[1], taken)
                    if exact[i] is not None:  # the opponent may take a draw by repetition
                        v = min(v, exact[i][1])
                else:
                    v = search.chance(act[1][0], depth - FLIP_REDUCTION, alpha if not full_window else -INF, INF, 0)
                cur[i] = v
                if v > alpha:
                    alpha = v
        except SearchStopped:
            # keep the finished iteration; an action of this one that beat the previous best
            # (searched deeper) is preferred
            if scores is None:
                scores = {i: cur.get(i, -INF) for i in range(len(acts))}
            elif cur:
                best_now = max(cur, key=cur.get)
                if best_now != order[0] and cur[best_now] > scores[order[0]]:
                    scores = dict(scores)
                    scores[best_now] = max(scores.values()) + 1e-6
            break
        # when most pieces are face down, deeper iterations soon only add modelled flips and change
        # nothing: after SETTLED equal iterations the search stops and reports where it settled
        stable = stable + 1 if cur == scores else 0
        scores = cur
        if stable >= SETTLED:
            search.settled = True
            search.depth_done = depth - SETTLED
            break
        search.depth_done = depth
        order = sorted(order, key=lambda i: -scores[i])
        if budget.spent() or all(abs(v) >= WIN - 1000 for v in scores.values()):
            break
    # stable sort: on equal scores the action searched first (exact, the others only bounds) wins
    order = sorted(order, key=lambda i: -scores.get(i, -INF))
    ranked = [(scores.get(i, -INF), acts[i]) for i in order]
    budget.finish()
    return ranked, search, rng, temperature


def _to_move(act, rng):
    kind, payload, move = act
    if kind == "move":
        return move
    rep, group = payload
    return rules.Move("flip", (rng.choice(group) if len(group) > 1 else rep,))


def choose_move(state, level="medium", time_limit=None, seed=None, nodes=None):
    pub = rules.public_state(state)
    moves = pub.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    rng = random.Random(seed)
    if pub.to_move is None:  # the first flip: every square is alike
        return rng.choice(moves)
    ranked, _, rng, temperature = analyse(pub, level, time_limit, seed, nodes)
    if temperature > 0:
        act = pick_with_mistakes([(s, a) for s, a in ranked if s > -INF] or ranked, rng, temperature)
    else:
        act = ranked[0][1]
    return _to_move(act, rng)


def _squash(score: float) -> float:
    if score >= WIN - 1000:
        return 1.0
    if score <= -WIN + 1000:
        return -1.0
    return math.tanh(score / 40.0)


def evaluate(state, time_limit=0.5, nodes=None):
    """How good the public view of `state` is for the side to move, in [-1, 1]."""
    pub = rules.public_state(state)
    if pub.result() is not None:
        res = pub.result()
        return 0.0 if res.winner is None else (1.0 if res.winner == pub.to_move else -1.0)
    if pub.to_move is None:
        return 0.0
    ranked, _, _, _ = analyse(pub, "hard", time_limit, 0, nodes)
    return _squash(ranked[0][0])


def search_report(state, time_limit=None, nodes=None) -> SearchReport:
    """The hard level's search of the public view of `state` for game.analysis: best move (a flip
    of a group's representative square), value, score, depth (a flip counts as one ply), nodes,
    and the values of the root moves: every square of a flip group gets the group's expected value
    over the bag (all but the best are upper bounds)."""
    pub = rules.public_state(state)
    if pub.result() is not None:
        return SearchReport(None, evaluate(pub), "game over", 0, 0, {})
    if pub.to_move is None:  # the first flip: every square is alike and no side has a colour
        return SearchReport(pub.legal_moves()[0], 0.0, "+0.0", 0, 0, {str(m): 0.0 for m in pub.legal_moves()})
    ranked, search, _, _ = analyse(pub, "hard", time_limit, 0, nodes)
    values = {}
    for score, (kind, payload, move) in ranked:
        if score <= -INF:
            continue  # not searched before the budget ran out
        if kind == "move":
            values[str(move)] = _squash(score)
        else:
            for point in payload[1]:
                values[str(rules.Move("flip", (point,)))] = _squash(score)
    best_score, (kind, payload, move) = ranked[0]
    best = move if kind == "move" else rules.Move("flip", (payload[0],))
    if abs(best_score) >= WIN - 1000:
        text = f"{'mover' if best_score > 0 else 'opponent'} wins in {WIN - abs(best_score):.0f} plies"
    else:
        text = f"{best_score:+.1f}"
    return SearchReport(best, _squash(best_score), text, search.depth_done, search.budget.nodes, values)


def flip_chances(state) -> list:
    """[(letter, probability)] of what a flip reveals, from the bag (public), most likely first."""
    bag = rules.public_state(state).bag()
    total = sum(bag.values())
    return sorted(((t, n / total) for t, n in bag.items()), key=lambda tp: (-tp[1], rules.ALL_LETTERS.index(tp[0])))


def describe(state, move) -> list:
    """Extra lines for `game.cli bestmove`: the evaluation, the depth reached (a flip's chance
    node counts as one ply) and the nodes searched, and for a flip the outcome chances."""
    side = {"r": "red", "b": "black"}.get(state.to_move, "the first player")
    pub = rules.public_state(state)
    depth, nodes, value, how = 0, 0, 0.0, ""
    if pub.result() is None and pub.to_move is not None:
        ranked, search, _, _ = analyse(pub, "hard", 0.5, 0, 20000)
        depth, nodes, value = search.depth_done, search.budget.nodes, _squash(ranked[0][0])
        how = "; settled: deeper search changed nothing" if search.settled else ""
        if search.from_table:
            how = "; exact: the endgame tables hold every position of up to 3 face-up pieces"
    lines = [
        f"evaluation {value:+.2f} for {side} to move (+1 winning, -1 losing)",
        f"depth: {depth} (a flip counts as one ply{how}), nodes: {nodes}",
    ]
    if move.kind == "flip":
        chances = ", ".join(f"{t} {p * 100:.1f}%" for t, p in flip_chances(state))
        lines.append(f"flip outcomes: {chances}")
    return lines
