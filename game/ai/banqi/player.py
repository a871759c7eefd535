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
  iterations would only stack modelled flips; the depth reported is the deepest iteration finished.
- evaluation: each piece type is valued by what it can still capture and by what can still
  capture it (enemy pieces alive, face up or face down), with a bonus for pieces nothing can
  capture, soldiers while the enemy general lives, and a pull of strong pieces toward prey.
- endgames (hard): with nothing face down and at most 3 pieces the exact tables of
  game.ai.banqi.endgame choose the move; inside the search, such positions score exactly once
  their table is solved (the tables a search can reach are solved before it starts).

The search itself (Search, the evaluation, the piece codes) is in game.ai.banqi.search.

Levels (LEVELS): 1-9 search a node budget a few plies deep, captures seen only so far past the
horizon, and pick with human-like mistakes (game.ai.common.pick_level_move); 10 deepens as far as
its budget allows and uses the endgame tables.
"""

from __future__ import annotations

import math
import random
import time

from game.ai.banqi import endgame
from game.ai.banqi.codes import CODE, DOWN
from game.ai.banqi.search import INF, WIN, Search
from game.ai.common import LevelRow, SearchStopped, level_budget, pick_level_move, resolve_time
from game.ai.contract import EngineBase, Limits, SearchResult, over_result
from game.ai.levels import parse_level
from game.ai.timeman import TimePlan
from game.rules import banqi as rules

__all__ = ["ENGINE", "INF", "WIN", "BanqiEngine", "Search", "analyse", "flip_chances"]

FLIP_REDUCTION = 1
SETTLED = 3

#: the ten levels, level 1 first (game.ai.common.LevelRow; values in material units). Levels 1-9
#: search a node budget, captures seen `quiescence` plies past the horizon; 10 deepens as far as
#: its budget allows, with the exact endgame tables. The figures behind the rows: bench/RESULTS.md,
#: "Round 26 - ten levels" and "Round 27" (the middle re-spaced: the rows of 1-3 moved up to 2-4,
#: a fuzzier level 1 below them, a depth-3 level 6).
LEVELS = {
    1: LevelRow(1, 1_000, quiescence=0, noise=5.0, temperature=5.0, guard=12.0),
    2: LevelRow(1, 1_000, quiescence=0, noise=2.0, temperature=2.0, guard=12.0),
    3: LevelRow(1, 1_500, quiescence=1, noise=12.0, temperature=10.0, guard=20.0),
    4: LevelRow(1, 1_500, quiescence=1, noise=8.0, temperature=6.0, guard=15.0),
    5: LevelRow(2, 3_000, quiescence=2, noise=3.5, temperature=3.5, overlook=0.25, guard=10.0),
    6: LevelRow(3, 5_000, quiescence=3, noise=3.0, temperature=2.5, overlook=0.25, guard=8.0),
    7: LevelRow(3, 10_000, quiescence=4, noise=1.0, temperature=0.5, guard=4.0),
    8: LevelRow(4, 20_000, quiescence=6, noise=0.5, guard=3.0),
    9: LevelRow(64, 12_000, quiescence=8),
    10: LevelRow(64, None, quiescence=8, tables=True),
}


#: rows that differ under a house rule: (option, value) -> {level: row}; every other level plays its
#: LEVELS row. Each of these house rules has a ladder of its own, measured with these rows
#: (game/ai/level_ratings.json; bench/RESULTS.md, "Round 27" and "Banqi's ladders under three house
#: rules, measured apart"). Under the chariot rush a chariot captures from across the board, so a
#: level that never looks at the reply (levels 1 and 2, quiescence 0) loses a piece to it every few
#: moves: there they look at the reply one ply deeper but overlook it now and then; each ply and
#: each node of sight is worth more there, so 6 is a noisier three-ply row, 7 plays the standard
#: 6's, and 8 and 9 search four plies with a little noise (the standard 8's row was level with 10 on
#: 30,000 nodes). Under chain captures 2 looks at the reply too (1 and 2 were level), 3 is noisier,
#: 8 searches fewer nodes and 9 half of them (10 on 30,000 nodes was not above the standard 9).
#: Under the Hong Kong order 2, 4 and 6 play rows placed between their neighbours. Under several
#: of them at once the first entry with a row for a level gives it (no ladder measured there).
HOUSE_LEVELS: dict[tuple[str, object], dict[int, LevelRow]] = {
    ("chain", True): {
        2: LevelRow(2, 1_000, quiescence=0, noise=3.0, temperature=3.0, overlook=0.5, guard=12.0),
        3: LevelRow(1, 1_500, quiescence=1, noise=15.0, temperature=13.0, guard=24.0),
        8: LevelRow(4, 16_000, quiescence=6, noise=0.7, temperature=0.2, guard=3.5),
        9: LevelRow(64, 6_000, quiescence=8),
    },
    ("chariot", "rush"): {
        1: LevelRow(2, 1_000, quiescence=0, noise=3.0, temperature=3.0, overlook=0.5, guard=12.0),
        2: LevelRow(2, 1_000, quiescence=0, noise=2.0, temperature=2.0, overlook=0.3, guard=12.0),
        6: LevelRow(3, 5_000, quiescence=3, noise=4.0, temperature=3.5, overlook=0.3, guard=10.0),
        7: LEVELS[6],
        8: LevelRow(4, 12_000, quiescence=6, noise=1.0, temperature=0.5, guard=4.0),
        9: LevelRow(4, 16_000, quiescence=6, noise=0.7, temperature=0.2, guard=3.5),
    },
    ("ranking", "hongkong"): {
        2: LevelRow(2, 1_000, quiescence=0, noise=3.0, temperature=3.0, overlook=0.5, guard=12.0),
        4: LevelRow(1, 1_500, quiescence=1, noise=6.0, temperature=4.5, guard=13.0),
        6: LevelRow(3, 5_000, quiescence=3, noise=2.0, temperature=1.5, overlook=0.15, guard=8.0),
    },
}


def level_row(level: int, options: dict) -> LevelRow:
    """The row `level` plays under the rule options `options` (HOUSE_LEVELS, else LEVELS)."""
    for (key, value), rows in HOUSE_LEVELS.items():
        if options.get(key) == value and level in rows:
            return rows[level]
    return LEVELS[level]


def _root_actions(pub, search: Search):
    """[(kind, payload, rules-move-or-None)] of the root: steps/captures and flip groups."""
    acts = []
    for m in pub.legal_moves():
        if m.kind != "flip":
            acts.append(("move", search_move(m), m))
    for rep, group in search.flip_groups():
        acts.append(("flip", (rep, group), None))
    return acts


def search_move(move):
    """The search's form of a step or capture (game.ai.banqi.search): from * 32 + to, or the
    tuple of points of a chain capture (連吃) of more than one capture."""
    path = move.path
    return path[0] * 32 + path[1] if len(path) == 2 else tuple(path)


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


#: seconds: a timed search shorter than this solves no endgame table (see analyse)
TABLE_SOLVE_TIME = 1.0


def _unsolved_table(pub) -> bool:
    """The endgame tables cover this position (all face up, few pieces) but its table is not
    solved yet."""
    if rules.FACE_DOWN in pub.board or pub.to_move is None:
        return False
    board = [CODE.get(c, 0) for c in pub.board]
    if sum(1 for c in board if c) > endgame.MAX_PIECES or len({c >> 3 for c in board if c}) < 2:
        return False
    side = 0 if pub.to_move == "r" else 1
    return endgame._locate(board, side, pub.options["no_progress"], solve=False) is None


def analyse(state, level=10, time_limit=None, seed=None, nodes=None, max_depth=None, stop=None, on_iteration=None):
    """Search the public view of `state`: ([(score, action)], search, rng, the level's row), best
    first; search.shallower holds the iteration before the last. After a stopped search the board
    of `search` is left mid-line: use only its counters. An action is ("move", int, Move) or
    ("flip", (representative, [points]), None)."""
    pub = rules.public_state(state)  # from here on, no hidden layout exists
    rng = random.Random(seed)
    limits = Limits(level, time_limit, nodes, stop=stop)
    level = limits.level
    row = level_row(level, pub.options)
    max_depth = row.depth if max_depth is None else min(row.depth, max_depth)
    budget = level_budget(row, limits)
    search = Search(pub, budget, row.quiescence)
    search.shallower = []
    search.tables = row.tables  # an all-revealed position of few pieces: the endgame tables' ranking
    # a table takes about 0.15 s to solve (seconds on a loaded machine): a short timed search (a
    # clock running low) solves none, it uses those already solved
    short = nodes is None and resolve_time(level, time_limit) < TABLE_SOLVE_TIME
    if short and search.tables and _unsolved_table(pub):
        pass  # searched as any other position
    elif search.tables and (table := endgame.rank_root(pub)) is not None:
        search.from_table = True
        return [(v, ("move", search_move(m), m)) for v, m in table], search, rng, row
    if search.tables and not search.ndown and not short:  # tables its captures reach, in 40% of the clock
        limit = resolve_time(level, time_limit)
        endgame.prepare(search.board, search.limit, None if nodes is not None else time.perf_counter() + 0.4 * limit)
    acts = _root_actions(pub, search)
    me = pub.to_move
    exact = {i: _exact(pub, a, me) for i, a in enumerate(acts)}
    scores = None
    order = list(range(len(acts)))
    full_window = row.errs
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
        if scores is not None:
            search.shallower = [(scores.get(i, -INF), acts[i]) for i in order]
        scores = cur
        search.depth_done = depth  # the deepest iteration finished: what the notes report
        order = sorted(order, key=lambda i: -scores[i])
        if on_iteration is not None:
            on_iteration(search, [(scores[i], acts[i]) for i in order])
        if stable >= SETTLED:
            search.settled = True
            break
        if budget.spent() or all(abs(v) >= WIN - 1000 for v in scores.values()):
            break
    # stable sort: on equal scores the action searched first (exact, the others only bounds) wins
    order = sorted(order, key=lambda i: -scores.get(i, -INF))
    ranked = [(scores.get(i, -INF), acts[i]) for i in order]
    budget.finish()
    return ranked, search, rng, row


def _to_move(act, rng):
    kind, payload, move = act
    if kind == "move":
        return move
    rep, group = payload
    return rules.Move("flip", (rng.choice(group) if len(group) > 1 else rep,))


def flip_chances(state) -> list:
    """[(letter, probability)] of what a flip reveals, from the bag (public), most likely first."""
    bag = rules.public_state(state).bag()
    total = sum(bag.values())
    return sorted(((t, n / total) for t, n in bag.items()), key=lambda tp: (-tp[1], rules.ALL_LETTERS.index(tp[0])))


def _squash(score: float) -> float:
    if score >= WIN - 1000:
        return 1.0
    if score <= -WIN + 1000:
        return -1.0
    return math.tanh(score / 40.0)


def _score_text(score: float) -> str:
    if abs(score) >= WIN - 1000:
        return f"{'mover' if score > 0 else 'opponent'} wins in {WIN - abs(score):.0f} plies"
    return f"{score:+.1f}"


def _values(ranked) -> dict:
    """{notation: value} of the root actions searched; every square of a flip group gets the
    group's expected value over the bag."""
    values = {}
    for score, (kind, payload, move) in ranked:
        if score <= -INF:
            continue  # not searched before the budget ran out
        if kind == "move":
            values[str(move)] = _squash(score)
        else:
            for point in payload[1]:
                values[str(rules.Move("flip", (point,)))] = _squash(score)
    return values


def pv(search: Search, pub, first, plies: int = 12) -> tuple:
    """The principal variation: `first`, then the moves the search's table holds along it, up to
    and including the first flip (what comes after a flip depends on the piece turned up)."""
    line = [first]
    pos = pub
    move = first
    while len(line) < plies and move.kind != "flip":
        pos = pos.play(move)
        if pos.result() is not None:
            break
        codes = tuple(0 if c == "." else DOWN if c == "x" else CODE[c] for c in pos.board)
        entry = search.tt.get((codes, 0 if pos.to_move == "r" else 1))
        if entry is None or entry[3] is None or entry[3] == -1:
            break  # a flip modelled as a pass names no square
        move = next((m for m in pos.legal_moves() if m.kind != "flip" and search_move(m) == entry[3]), None)
        if move is None:
            break
        line.append(move)
    return tuple(line)


def _flip_note(pub) -> str:
    return "flip outcomes: " + ", ".join(f"{t} {p * 100:.1f}%" for t, p in flip_chances(pub))


class BanqiEngine(EngineBase):
    """Expectiminimax over the public view: the true layout is dropped before anything else."""

    #: its time manager's figures (game/ai/timeman.py): a game lasts about 80 of its moves and
    #: often far more (the flips and the long manoeuvres of the ending)
    time_plan = TimePlan(moves=80, min_moves=35)

    def level_row(self, level, options=None) -> LevelRow:
        return level_row(parse_level(level), dict(options or {}))

    def search(self, position, limits: Limits) -> SearchResult:
        started = time.perf_counter()
        pub = rules.public_state(position)  # from here on, no hidden layout exists
        if pub.result() is not None:
            return over_result(pub)
        moves = pub.legal_moves()
        rng = random.Random(limits.seed)
        if pub.to_move is None:  # the first flip: every square is alike and no side has a colour
            move = rng.choice(moves)
            values = {str(m): 0.0 for m in moves}
            spent = time.perf_counter() - started
            return SearchResult(move, 0.0, "+0.0", 0, 0, spent, (move,), values, (_flip_note(pub),))

        def result(search: Search, ranked, act, notes=()) -> SearchResult:
            score = next(v for v, a in ranked if a is act)
            kind, payload, move = act
            best = move if kind == "move" else rules.Move("flip", (payload[0],))
            line = pv(search, pub, best) if act is ranked[0][1] else (best,)
            return SearchResult(
                best,
                _squash(score),
                _score_text(score),
                search.depth_done,
                search.budget.nodes,
                time.perf_counter() - started,
                line,
                _values(ranked),
                notes,
            )

        def iteration(search: Search, ranked) -> None:
            assert limits.on_iteration is not None
            limits.on_iteration(result(search, ranked, ranked[0][1]))

        ranked, search, rng, row = analyse(
            pub,
            limits.level,
            limits.seconds,
            limits.seed,
            limits.nodes,
            limits.depth,
            limits.stop,
            iteration if limits.on_iteration else None,
        )
        if row.errs:
            seen = [(v, a) for v, a in search.shallower if v > -INF]
            act = pick_level_move([(v, a) for v, a in ranked if v > -INF] or ranked, seen, rng, row)
        else:
            act = ranked[0][1]
        notes: list[str] = []
        if search.from_table:
            notes.append("exact: the endgame tables hold every position of up to 3 face-up pieces")
        elif search.settled:
            notes.append("settled: the last iterations changed no root value")
        notes.append("depth counts a flip's chance node as one ply")
        found = result(search, ranked, act, tuple(notes))
        if act[0] == "flip":
            # the engine plays a square of the group drawn by the seeded generator
            played = _to_move(act, rng)
            found = SearchResult(
                played,
                found.value,
                found.score,
                found.depth,
                found.nodes,
                found.time,
                (played,),
                found.values,
                (*found.notes, _flip_note(pub)),
            )
        return found

    def flip_chances(self, position) -> list[tuple[str, float]]:
        return flip_chances(position)


ENGINE = BanqiEngine()
