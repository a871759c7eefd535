"""A Monte Carlo tree search Banqi player: the bench's second, independent sparring partner.

Why this design. Banqi (Chinese Dark Chess) is a stochastic game with *symmetric* hidden
information: neither player knows what lies face down, both know the bag (the counts still face
down). So the game is a perfect-information game with chance events, and a flip is a chance node
whose outcomes are the piece types of the bag, weighted by their counts. Sampling a layout from the
bag per iteration (determinization, information-set MCTS) gives the same distribution of flip
outcomes; chance nodes keep the statistics of each outcome apart. The strong published programs
(Diablo, DarkKnight: Yen et al. 2014, Hsueh et al. 2015/2016) are MCTS with chance nodes for flips,
early playout termination, implicit minimax backups and progressive bias (each measured there to
add strength); this player follows that design:

- Tree: decision nodes hold a public-view rules.State, so the tree knows every rule exactly
  (repetition, perpetual chase, no progress). A flip is a chance node: at each visit an outcome is
  drawn from the bag with the seeded generator, one child per piece letter. Flip squares that can
  interact at once with a face-up piece (a neighbour, or one screen away on a line) are actions of
  their own; the others are alike for the near future and are one action (a square drawn once).
- Selection: UCB1 (UCT) over (1 - ALPHA) * the playouts' mean + ALPHA * an implicit minimax value
  (every new node gets a static value: material plus the best capture of the side to move; these
  back up by max at decision nodes and by the bag's weights at chance nodes), plus progressive
  bias: a heuristic score of the action (gain of a capture, rescue of an attacked piece, a step
  onto an attacked square) divided by (visits + 1), so the heuristic leads while the statistics
  are thin and fades as they grow. The static value sees at once a piece left hanging by a flip,
  which the few samples of a chance node would see late.
- Playout: on a small integer board (no rules.State objects, fast), a cheap policy: with
  probability EPSILON a random action; else the capture with the best gain (victim's value, less
  the attacker's when the victim's square is defended); else move the most valuable attacked piece
  to a safe square; else a flip or a step onto a safe square at random. The no-progress draw
  counter is kept. The playout stops after PLAYOUT_PLIES plies (early playout termination) and is
  scored by the material of the pieces alive (face up and face down), squashed to [-1, 1].
- Result: the most visited root action.

Fairness: choose_move() takes the public view (rules.public_state) first; nothing below sees the
layout, flips draw from the bag. Given seed and iterations the choice is deterministic; with a
time limit the number of iterations depends on the machine. Independent of game/ai/banqi_ai.py:
only the rules module is shared.
"""

from __future__ import annotations

import math
import random
import time

from game.rules import banqi as rules

# tuned by short matches against banqi_ai and between variants (see bench/RESULTS.md)
EXPLORATION = 0.4  # UCB1 constant (rewards in [-1, 1])
BIAS = 3.0  # weight of progressive bias (heuristic gain / general value / (n + 1))
PLAYOUT_PLIES = 6  # early playout termination
EPSILON = 0.1  # random actions in playouts
SCALE = 12.0  # material difference giving tanh(1) = 0.76 of a win
ALPHA = 0.4  # weight of the implicit minimax value against the playouts' mean in selection
DEFAULT_ITERATIONS = 2000

DOWN = 16
# codes: red P1 C2 N3 R4 B5 A6 K7, black the same + 8, face down 16, empty 0; code >> 3 is the side
CODE = {t: i + 1 for i, t in enumerate("PCNRBAK")}
CODE.update({t.lower(): v + 8 for t, v in list(CODE.items())})
NB = rules.NEIGHBOURS
RAYS = rules.RAYS
# base material value of each type (index = type number): P C N R B A K
VALUE = (0.0, 2.0, 5.0, 3.0, 4.5, 7.0, 12.0, 20.0)
SOLDIER_BONUS = 1.5  # a soldier is worth more while the enemy general lives


def _can(a: int, t: int) -> bool:
    """Step capture of type a on type t (rank order; general not on soldier; soldier on general)."""
    if a == 7 and t == 1:
        return False
    if a == 1 and t == 7:
        return True
    return a >= t


CAN = [[_can(a, t) for t in range(8)] for a in range(8)]


def _codes(board) -> list:
    return [0 if c == "." else DOWN if c == "x" else CODE[c] for c in board]


# ---- the small board: attacks, move generation, heuristics -------------------------------------
def _attackers(b: list, q: int, t: int, enemy: int) -> bool:
    """Whether `enemy` (0/1) has a face-up piece that could capture a piece of type t on q."""
    for p in NB[q]:
        d = b[p]
        if d and d != DOWN and (d >> 3) == enemy and (d & 7) != 2 and CAN[d & 7][t]:
            return True
    for ray in RAYS[q]:
        screen = False
        for p in ray:
            d = b[p]
            if not d:
                continue
            if screen:
                if d != DOWN and (d >> 3) == enemy and (d & 7) == 2:
                    return True
                break
            screen = True
    return False


def _gen(b: list, side: int):
    """(captures, steps) of `side` as (from, to) pairs."""
    caps, steps = [], []
    for p in range(32):
        c = b[p]
        if not c or c == DOWN or (c >> 3) != side:
            continue
        t = c & 7
        for q in NB[p]:
            d = b[q]
            if not d:
                steps.append((p, q))
            elif t != 2 and d != DOWN and (d >> 3) != side and CAN[t][d & 7]:
                caps.append((p, q))
        if t == 2:
            for ray in RAYS[p]:
                screen = False
                for q in ray:
                    d = b[q]
                    if not d:
                        continue
                    if screen:
                        if d != DOWN and (d >> 3) != side:
                            caps.append((p, q))
                        break
                    screen = True
    return caps, steps


def _values(alive: list) -> list:
    """Value of each code given the pieces alive (index code; soldiers gain while the enemy general lives)."""
    val = [0.0] * 17
    for code in range(1, 16):
        t = code & 7
        if not t:
            continue
        v = VALUE[t]
        if t == 1 and alive[(code & 8) ^ 8 | 7]:
            v += SOLDIER_BONUS
        val[code] = v
    return val


def _gain(b: list, a: int, q: int, val: list) -> float:
    """Heuristic gain of the step or capture a -> q for its mover (small board, not changed)."""
    c, d = b[a], b[q]
    side, t = c >> 3, c & 7
    enemy = side ^ 1
    before = _attackers(b, a, t, enemy)
    b[a], b[q] = 0, c
    after = _attackers(b, q, t, enemy)
    b[a], b[q] = c, d
    g = val[d] if d else 0.0
    if after:
        g -= val[c]
    elif before:
        g += val[c]  # a rescue
    return g


def _material(alive: list) -> float:
    """Material of red minus black, pieces alive (face up or face down)."""
    val = _values(alive)
    return sum(val[c] * alive[c] for c in range(1, 8)) - sum(val[c] * alive[c] for c in range(9, 16))


# ---- playouts ------------------------------------------------------------------------------------
def _playout(state, rng: random.Random) -> float:
    """Result of a playout from a public state, for red, in [-1, 1]."""
    b = _codes(state.board)
    bag = [0] * 17
    for letter, n in state.bag().items():
        bag[CODE[letter]] = n
    alive = bag[:]
    for c in b:
        if c and c != DOWN:
            alive[c] += 1
    left = [sum(alive[1:8]), sum(alive[9:16])]
    side = 0 if state.to_move == "r" else 1
    quiet, limit = state.quiet, state.options["no_progress"]
    ndown = b.count(DOWN)
    val = _values(alive)
    for _ in range(PLAYOUT_PLIES):
        caps, steps = _gen(b, side)
        if not caps and not steps and not ndown:
            return -1.0 if side == 0 else 1.0  # no legal action: the side to move loses
        move = None
        flip = False
        if rng.random() < EPSILON:
            k = rng.randrange(len(caps) + len(steps) + ndown)
            if k < len(caps) + len(steps):
                move = (caps + steps)[k]
            else:
                flip = True
        elif caps:
            best = -1e9
            for m in caps:
                g = _gain(b, m[0], m[1], val) + rng.random() * 0.01
                if g > best:
                    best, move = g, m
        if move is None and not flip:
            enemy = side ^ 1
            threatened = [p for p in range(32) if b[p] and b[p] != DOWN and (b[p] >> 3) == side]
            threatened = [p for p in threatened if _attackers(b, p, b[p] & 7, enemy)]
            if threatened:
                threatened.sort(key=lambda p: -val[b[p]])
                for p in threatened:
                    safe = [m for m in steps if m[0] == p and _gain(b, p, m[1], val) > 0]
                    if safe:
                        move = safe[rng.randrange(len(safe))]
                        break
            if move is None:
                safe = [m for m in steps if not _attackers_after(b, m, enemy)]
                k = rng.randrange(len(safe) + ndown) if safe or ndown else -1
                if 0 <= k < len(safe):
                    move = safe[k]
                elif ndown:
                    flip = True
                else:
                    move = steps[rng.randrange(len(steps))] if steps else caps[0]
        if flip:
            downs = [i for i in range(32) if b[i] == DOWN]
            p = downs[rng.randrange(ndown)]
            r = rng.randrange(ndown)
            code = 1
            while r >= bag[code]:
                r -= bag[code]
                code += 1
            bag[code] -= 1
            b[p] = code
            ndown -= 1
            quiet = 0
        else:
            a, q = move  # type: ignore[misc]
            d = b[q]
            b[q], b[a] = b[a], 0
            if d:
                alive[d] -= 1
                left[d >> 3] -= 1
                quiet = 0
                if not left[d >> 3]:
                    return 1.0 if side == 0 else -1.0
                val = _values(alive)
            else:
                quiet += 1
                if quiet >= limit:
                    return 0.0
        side ^= 1
    return math.tanh(_material(alive) / SCALE)


def _attackers_after(b: list, m: tuple, enemy: int) -> bool:
    a, q = m
    c = b[a]
    b[a], b[q] = 0, c
    hit = _attackers(b, q, c & 7, enemy)
    b[a], b[q] = c, 0
    return hit


# ---- the tree ------------------------------------------------------------------------------------
class _Node:
    """A decision node (a public state) or, with `bag` set, a chance node (a flip)."""

    __slots__ = ("state", "acts", "children", "n", "w", "v", "bag", "terminal")

    def __init__(self, rng: random.Random, state=None, bag=None):
        self.state = state
        self.bag = bag  # chance node: [(letter, count)], the outcomes
        self.acts: list = []  # decision node: [(move, bias)]
        self.children: dict = {}
        self.n = 0
        self.w = 0.0  # sum of results for the side that moved into this node
        self.v = 0.0  # heuristic minimax value for that side (implicit minimax backups)
        self.terminal = None
        if state is None:
            return
        res = state.result()
        if res is not None:
            self.terminal = 0.0 if res.winner is None else (1.0 if res.winner == "r" else -1.0)
            self.v = self.terminal if state.to_move == "b" else -self.terminal
        else:
            self.acts, own = _actions(state, rng)
            self.v = -math.tanh(own / SCALE)


def _actions(state, rng: random.Random) -> tuple:
    """([(Move, heuristic bias)], static value for the side to move) of a public state: steps,
    captures and flips (grouped); the value is the material plus the best capture's gain."""
    b = _codes(state.board)
    alive = [0] * 17
    for letter, n in state.bag().items():
        alive[CODE[letter]] += n
    for c in b:
        if c and c != DOWN:
            alive[c] += 1
    val = _values(alive)
    lone: list = []
    quiet: list = []
    out: list = []
    best = 0.0
    for m in state.legal_moves():
        if m.kind == "flip":
            p = m.path[0]
            (lone if _interacts(b, p) else quiet).append(p)
        else:
            g = _gain(b, m.path[0], m.path[1], val)
            out.append((m, g))
            if m.kind == "capture" and g > best:
                best = g
    for p in lone:
        out.append((rules.Move("flip", (p,)), 0.0))
    if quiet:
        out.append((rules.Move("flip", (quiet[rng.randrange(len(quiet))],)), 0.0))
    material = _material(alive)
    return out, (material if state.to_move == "r" else -material) + best


def _interacts(b: list, p: int) -> bool:
    """Whether a piece flipped on p meets a face-up piece at once (neighbour or one screen away)."""
    if any(b[q] and b[q] != DOWN for q in NB[p]):
        return True
    for ray in RAYS[p]:
        seen = 0
        for q in ray:
            if b[q]:
                seen += 1
                if seen == 2:
                    if b[q] != DOWN:
                        return True
                    break
    return False


def _child(node: _Node, move, rng: random.Random) -> _Node:
    """The child reached by `move` from decision node `node` (created if new): a chance node for
    a flip, whose outcome is then drawn by _outcome."""
    child = node.children.get(move)
    if child is None:
        if move.kind == "flip":
            child = _Node(rng, bag=sorted(node.state.bag().items()))
        else:
            child = _Node(rng, node.state.play(move))
        node.children[move] = child
    return child


def _outcome(chance: _Node, parent_state, move, rng: random.Random) -> _Node:
    """The decision node of one flip outcome, drawn from the bag by its counts."""
    r = rng.randrange(sum(n for _, n in chance.bag))
    letter = chance.bag[-1][0]
    for piece, n in chance.bag:
        if r < n:
            letter = piece
            break
        r -= n
    child = chance.children.get(letter)
    if child is None:
        child = chance.children[letter] = _Node(rng, parent_state.play_flip(move.path[0], letter))
    return child


def _select(node: _Node) -> tuple:
    log_n = math.log(node.n + 1)
    best, pick = -1e18, node.acts[0]
    for act in node.acts:
        move, bias = act
        child = node.children.get(move)
        if child is None or child.n == 0:
            score = 1e9 + bias  # every action once, the heuristically best first
        else:
            score = (
                (1.0 - ALPHA) * child.w / child.n
                + ALPHA * child.v
                + EXPLORATION * math.sqrt(log_n / child.n)
                + BIAS * bias / VALUE[7] / (child.n + 1)
            )
        if score > best:
            best, pick = score, act
    return pick


def _iterate(root: _Node, rng: random.Random) -> None:
    path = [root]
    node = root
    while True:
        if node.terminal is not None:
            result = node.terminal
            break
        if node.n == 0 and node is not root:
            result = _playout(node.state, rng)
            break
        state = node.state
        move, _ = _select(node)
        child = _child(node, move, rng)
        path.append(child)
        if move.kind == "flip":
            child = _outcome(child, state, move, rng)
            path.append(child)
        node = child
    # back up: each node keeps the result for the side that moved into it; the heuristic values
    # back up by minimax (decision nodes) and by the bag's weights (chance nodes)
    for i in range(len(path) - 1, -1, -1):
        n = path[i]
        n.n += 1
        if i:
            mover = path[i - 1].state.to_move if path[i - 1].state is not None else path[i - 2].state.to_move
            n.w += result if mover == "r" else -result
        if n.children and n.terminal is None:
            if n.bag is None:
                n.v = -max(c.v for c in n.children.values())
            else:
                counts = dict(n.bag)
                total = sum(counts[k] for k in n.children)
                n.v = sum(counts[k] * c.v for k, c in n.children.items()) / total


def _mark_repetition_losses(root: _Node, rng: random.Random) -> None:
    """Root moves after which the opponent can end the game at once by repetition with us the
    only chaser (perpetual chase) become known losses: the tree would find them only by luck."""
    pub = root.state
    if pub.options["repetition"] != "chase" or len(pub.reps) < 3:
        return
    me = pub.to_move
    for move, _ in root.acts:
        if move.kind != "move":
            continue
        child = _child(root, move, rng)
        if child.terminal is not None:
            continue
        for reply in child.state.legal_moves():
            if reply.kind != "move":
                continue
            res = child.state.play(reply).result()
            if res is not None and res.reason == "perpetual_chase" and res.winner != me:
                child.terminal = -1.0 if me == "r" else 1.0
                child.v = -1.0
                break


def choose_move(state, time_limit=None, seed=None, iterations=None):
    """The move the search likes best, from the public view of `state` only. Deterministic given
    seed and iterations (iterations win over time_limit; neither: DEFAULT_ITERATIONS)."""
    pub = rules.public_state(state)  # from here on, no hidden layout exists
    moves = pub.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    rng = random.Random(seed)
    if pub.to_move is None:  # the first flip: every square is alike
        return rng.choice(moves)
    root = _Node(rng, pub)
    if len(root.acts) == 1:
        return root.acts[0][0]
    _mark_repetition_losses(root, rng)
    if iterations is None and time_limit is None:
        iterations = DEFAULT_ITERATIONS
    deadline = None if iterations is not None else time.perf_counter() + time_limit
    done = 0
    while True:
        _iterate(root, rng)
        done += 1
        if iterations is not None:
            if done >= iterations:
                break
        elif time.perf_counter() >= deadline:
            break
    best = max(root.acts, key=lambda a: (root.children[a[0]].n if a[0] in root.children else -1, a[1]))
    return best[0]
