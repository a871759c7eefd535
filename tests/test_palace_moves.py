"""The palace move generator (game/rules/palace_moves.py) against a plain one written straight from
the rules (the generator as it was before the search's speed-up, commit 866fc60): the same moves
in the same order on every board and under every capture option, and the search's two shortcuts
(has_moves, gen_captures) agreeing with the full list; the search's mask helpers (the evaluation,
the symmetry images, neighbours and jump landings) against their plain readings."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.palace.geometry import GEOMETRY
from game.ai.palace.search import evaluate_black, soldiers_needed
from game.rules import palace as P
from game.rules.palace_board import BOARDS
from game.rules.palace_moves import gen_captures, has_moves


def _bits(mask):
    return [p for p in range(mask.bit_length()) if mask >> p & 1]


def _chains(b, k, white, empty, path, caps, out):
    extended = False
    for over, to in b.jumps[k]:
        if white >> over & 1 and empty >> to & 1:
            extended = True
            _chains(
                b,
                to,
                white ^ (1 << over),
                (empty | 1 << over) ^ (1 << to) | (1 << k),
                path + (to,),
                caps + (over,),
                out,
            )
    if not extended and caps:
        out.append(P.Move(path, caps, b.palaces))


def plain_moves(s) -> list:
    """Every move of the side to move, one point and one neighbour at a time."""
    b, n = s.board, s.board.palaces
    chain, forced = s.options["jumps"] == "chain", s.options["forced_capture"]
    empty = b.used_mask & ~(s.black | s.white)
    if s.to_move == "w":
        if s.hand:
            return [P.Move((p,), (), n) for p in b.points if empty >> p & 1]
        return [P.Move((w, q), (), n) for w in _bits(s.white) for q in b.adj[w] if empty >> q & 1]
    jumps: list = []
    steps = []
    for k in _bits(s.black):
        if chain:
            _chains(b, k, s.white, empty | (1 << k), (k,), (), jumps)
        else:
            jumps += [P.Move((k, t), (o,), n) for o, t in b.jumps[k] if s.white >> o & 1 and empty >> t & 1]
        steps += [P.Move((k, q), (), n) for q in b.adj[k] if empty >> q & 1]
    if jumps:
        return jumps if forced else jumps + steps
    return steps


def plain_evaluation(s) -> int:
    """evaluate_black as it was written before it worked on whole masks (commit 866fc60)."""
    geo = GEOMETRY[s.board.palaces]
    black, white = s.black, s.white
    empty = geo.used & ~(black | white)
    score, threatened = 100 * s.captures, 0
    for k in _bits(black):
        moves = sum(1 for q in geo.adj[k] if empty >> q & 1)
        for over, to in geo.jumps[k]:
            if white >> over & 1 and empty >> to & 1:
                moves += 1
                threatened |= 1 << over
        if moves == 0:
            score -= {1: 600, 2: 240, 4: 600}[s.board.palaces]
            continue
        score += 5 * moves
        need = 0
        for q in geo.adj[k]:
            if not black >> q & 1:
                need += (empty >> q & 1) + (q in geo.beyond[k] and empty >> geo.beyond[k][q] & 1)
        assert need == soldiers_needed(k, black, white, empty, geo)
        if need < 9:
            score -= 3 * (9 - need) ** 2
        reach, n, grew = {k}, 0, True
        while grew and n < 12:
            grew = False
            for ring_step in (False, True):  # steps until nothing grows, then jumps too
                new = set()
                for p in reach:
                    new |= {q for q in geo.adj[p] if empty >> q & 1}
                    if ring_step:
                        new |= {t for o, t in geo.jumps[p] if white >> o & 1 and empty >> t & 1}
                new -= reach
                if new:
                    reach |= new
                    n += len(new)
                    grew = True
                    break
        score -= 2 * (12 - min(n, 12)) ** 2
        score -= 15 if geo.palace_mask >> k & 1 else 0
    t = threatened.bit_count()
    if t:
        score += 85 + 10 * (t - 1) if s.to_move == "b" else (45 + 10 * t if t >= 2 else 15)
    return score - 3 * s.hand


@settings(max_examples=40, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from((1, 2, 4)),
    st.sampled_from(["one", "chain"]),
    st.booleans(),
    st.sampled_from(["standard", "centre", "corners", "full", "doors"]),
)
def test_the_generator_and_its_shortcuts_list_the_plain_moves(rng, n, jumps, forced, opening):
    s = P.new_game(palaces=n, jumps=jumps, forced_capture=forced, opening=opening)
    for _ in range(150):
        if s.result() is not None:
            break
        r = s._rules
        moves = P.gen_moves(s.black, s.white, s.to_move, s.hand, r)
        assert moves == plain_moves(s)
        assert has_moves(s.black, s.white, s.to_move, s.hand, r) == bool(moves)
        if s.to_move == "b":
            assert gen_captures(s.black, s.white, r) == [m for m in moves if m.captured]
        captures = [m for m in moves if m.captured]
        s = s.play(rng.choice(captures if captures and rng.random() < 0.6 else moves))


def test_has_moves_sees_a_side_without_moves():
    # both kings shut in their palaces' corners (two palaces)
    shut = P.from_text("B-W-W/-W..-/..W../...../...../...../..W../-W..-/B-W-W b 0 0")
    assert shut.legal_moves() == [] and shut.result().reason == "blocked"
    assert not has_moves(shut.black, shut.white, "b", 0, shut._rules)
    # white on every point but the kings': neither a step nor a drop; one soldier fewer: both
    r = P.new_game(palaces=4)._rules
    kings = P.new_game(palaces=4).black
    full = r.tables.used & ~kings
    assert not has_moves(kings, full, "w", 0, r) and not has_moves(kings, full, "w", 3, r)
    low = full & -full
    assert has_moves(kings, full ^ low, "w", 0, r) and has_moves(kings, full ^ low, "w", 3, r)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from((1, 2, 4)), st.integers(0, 200))
def test_the_evaluation_matches_its_plain_reading(rng, n, plies):
    s = P.new_game(palaces=n)
    for _ in range(plies):
        if s.result() is not None:
            break
        moves = s.legal_moves()
        s = s.play(rng.choice(moves))
    geo = GEOMETRY[n]
    assert evaluate_black(s.black, s.white, s.captures, s.to_move, s.hand, geo) == plain_evaluation(s)


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from((1, 2, 4)))
def test_the_mask_helpers_match_their_plain_readings(rng, n):
    geo, board = GEOMETRY[n], BOARDS[n]
    m = sum(1 << p for p in board.points if rng.random() < 0.4)
    over = sum(1 << p for p in board.points if rng.random() < 0.5)
    for t, perm in enumerate(geo.perms):
        assert geo.image(m, t) == sum(1 << perm[p] for p in _bits(m))
    assert board.neighbours(m) == sum(1 << q for q in board.points if any(m >> p & 1 for p in board.adj[q]))
    landings = {t for p in _bits(m) for o, t in board.jumps[p] if over >> o & 1}
    assert board.landings(m, over) == sum(1 << t for t in landings)
    assert board.around[m] == board.neighbours(m) == board.around[m]  # made, then kept
    assert board.ones[m] == tuple(_bits(m)) == board.ones[m]
    assert board.jumped[(m, over & board.around[m])] == board.landings(m, over)  # only soldiers beside m count
    white, black = m & ~over, over & -over
    cw, cb, t = geo.canonical(black, white)
    least = min((geo.image(white, u), geo.image(black, u), u) for u in range(len(geo.perms)))
    assert (cw, cb, t) == least
