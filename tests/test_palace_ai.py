"""The palace computer player: legal answers at every level, repeatable with node budgets, finds
wins and saves, uses the board's symmetry, and the evaluation's range."""

from __future__ import annotations

import pytest

from game.ai import choose_move, evaluate
from game.ai.contract import Limits
from game.ai.palace import search as A
from game.ai.palace.player import ENGINE
from game.rules import palace as P
from game.rules.common import find_move


def pos(black, white, side="b", hand=0, caps=0, **opts):
    cells = [["-" if (r, c) in P.UNUSED else "." for c in range(5)] for r in range(9)]
    for names, ch in ((black, "B"), (white, "W")):
        for n in names:
            r, c = divmod(P.parse_point(n), 5)
            cells[r][c] = ch
    return P.from_text("/".join("".join(r) for r in cells) + f" {side} {hand} {caps}", **opts)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_answers_a_legal_move(level):
    s = P.new_game()
    for i in range(4):
        m = choose_move(s, level, seed=i, nodes=400)
        assert m in s.legal_moves()
        s = s.play(m)


def test_white_first_variant_opens_with_a_drop():
    s = P.new_game(opening="doors", first="white")
    for level in ("easy", "medium", "hard"):
        m = choose_move(s, level, seed=0, nodes=400)
        assert m in s.legal_moves() and m.kind == "drop"


def test_node_budget_makes_answers_repeatable():
    s = P.new_game().play(find_move(P.new_game(), "c8-c7"))
    a = [str(choose_move(s, "hard", seed=5, nodes=1500)) for _ in range(2)]
    assert a[0] == a[1]
    srch, scored, _, _ = A.run(s, Limits(10, nodes=1500, seed=5))
    assert srch.budget.nodes <= 1501 and srch.depth_done >= 2


def test_black_takes_the_seventh_capture():
    s = pos(black=["c5", "a1"], white=["c4", "c7", "b8", "e5", "d5", "a9"], caps=6)
    m = choose_move(s, "hard", seed=0, nodes=500)
    assert m.captured and s.play(m).result().reason == "captures"


def test_white_closes_the_trap():
    # a9 and a1 are shut but for c3; d3-c3 blocks both kings
    s = pos(black=["a9", "a1"], white=["c9", "b8", "e9", "c7", "c1", "b2", "e1", "d3", "e5"], side="w")
    m = choose_move(s, "hard", seed=0, nodes=2000)
    assert str(m) == "d3-c3"


def test_white_stops_the_seventh_capture_with_a_drop():
    # black threatens c5xc3 (over c4) for its 7th capture; white must drop on c3
    s = pos(black=["c5", "a9"], white=["c4", "c9", "b8", "e9", "c7"], side="w", hand=3, caps=6)
    m = choose_move(s, "hard", seed=0, nodes=3000)
    assert str(m) == "c3"


def test_black_does_not_walk_into_a_trap():
    # the a9 king is shut in; b2-a1 would let white shut the other one with a drop on b2
    s = pos(black=["b2", "a9"], white=["c9", "b8", "e9", "c7", "c1", "e1", "c3", "d4"], hand=2, caps=0)
    losing = [
        m for m in s.legal_moves() if any(s.play(m).play(w).result() is not None for w in s.play(m).legal_moves())
    ]
    assert [str(m) for m in losing] == ["b2-a1"]
    for level in ("medium", "hard"):
        assert str(choose_move(s, level, seed=0, nodes=1000)) != "b2-a1"


def test_the_weakest_level_varies_and_hard_is_steady():
    s = P.new_game()
    weakest = {str(choose_move(s, 1, seed=i, nodes=300)) for i in range(12)}
    assert len(weakest) >= 3
    hard = {str(choose_move(s.play(find_move(s, "c8-c7")), "hard", seed=0, nodes=2000)) for _ in range(2)}
    assert len(hard) == 1


def test_canonical_key_is_shared_by_symmetric_positions():
    s = P.new_game()
    t = s.play(find_move(s, "c8-b8"))
    u = s.play(find_move(s, "c8-d8"))  # its mirror image
    v = s.play(find_move(s, "c2-b2"))  # top-bottom mirror
    cw, cb, _ = A.canonical(t.black, t.white)
    assert A.canonical(u.black, u.white)[:2] == (cw, cb) == A.canonical(v.black, v.white)[:2]
    for perm in A.PERMS:
        for a in P.POINTS:
            assert perm[a] in P.POINTS
            assert {perm[b] for b in P.ADJ[a]} == set(P.ADJ[perm[a]])


def test_evaluation_range_and_sign():
    s = P.new_game()
    e = evaluate(s, nodes=500)
    assert -1.0 <= e <= 1.0
    win = pos(black=["c5", "a1"], white=["c4", "b8"], caps=6)
    assert evaluate(win, nodes=500) == 1.0
    over = win.play(find_move(win, "c5xc3"))
    assert evaluate(over) == -1.0  # white to move, black has won
    trapped = pos(black=["a9", "a1"], white=["c9", "b8", "e9", "c7", "c1", "b2", "e1", "d3", "e5"], side="w")
    assert evaluate(trapped, nodes=2000) == 1.0


def test_describe_lines():
    s = P.new_game()
    m = choose_move(s, "hard", seed=0, nodes=300)
    found = ENGINE.search(s, Limits("hard", nodes=300, seed=0))
    assert found.move == m and found.pv[0] == m and found.lines()[1] == f"depth: {found.depth}"


def test_chain_variant_search():
    s = pos(black=["c7", "a1"], white=["c6", "c4", "d3"], hand=3, caps=4, jumps="chain")
    m = choose_move(s, "medium", seed=0, nodes=500)
    assert str(m) == "c7xc5xc3xe3"


def test_bit_parallel_neighbours_match_the_board():
    import random

    rng = random.Random(4)
    for _ in range(100):
        mask = rng.getrandbits(45) & P.USED_MASK
        expected = 0
        for p in P.POINTS:
            if mask >> p & 1:
                expected |= P.ADJ_MASK[p]
        assert A.neighbours(mask) == expected


def test_soldiers_needed_to_surround():
    s = P.new_game()
    empty = P.USED_MASK & ~(s.black | s.white)
    c8 = P.parse_point("c8")
    # c8 at the start: b8 d8 c9 c7 free, and c6 already stands behind c7
    assert A.soldiers_needed(c8, s.black, s.white, empty) == 4


def test_every_board_has_rows_of_its_own_and_climbs_in_node_budget():
    # each board's ladder is measured apart, on its own rows
    assert len({id(rows) for rows in A.LEVELS.values()}) == 3
    assert A.level_row(1, 1) != A.level_row(1, 2) != A.level_row(1, 4)
    for palaces, rows in A.LEVELS.items():
        assert len(rows) == 10 and rows[-1].nodes is None and rows[-1].tables
        budgets = [r.nodes for r in rows[:-1]]
        assert budgets == sorted(budgets), palaces
        assert all(r.errs for r in rows[:8]) and not rows[-1].errs
    assert A.level_row("hard", 1) is A.LEVELS[1][9] and A.level_row(3, 3) is A.LEVELS[2][2]  # unknown: two
