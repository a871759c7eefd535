"""Banqi flip risks (game/rules/banqi_risk.py): exact chances on hand-made positions, an
independent check through play_flip, and fairness: the true layout never changes the answer."""

import random
from fractions import Fraction as F

import pytest

from game.rules import banqi as B
from game.rules import banqi_risk as R
from game.rules.common import PositionError

FULL = "KAABBRRNNCCPPPPPkaabbrrnnccppppp"


def position(rank4, rank3, rank2, rank1, side, bag):
    """A public view whose face-down pieces are exactly `bag` (letters); the rest is captured."""
    board = rank4 + rank3 + rank2 + rank1
    assert board.count("x") == len(bag)
    left = list(FULL)
    for c in board.replace("x", "").replace(".", "") + bag:
        left.remove(c)
    return B.from_text(f"{rank4}/{rank3}/{rank2}/{rank1} {side} {''.join(left) or '-'} 0")


def sq(name):
    return B.parse_square(name)


def test_each_kind_of_chance_exactly():
    # red to move; a1 face down beside a black horse on b1, a red advisor on d1 behind it
    s = position("......xx", ".......x", "........", "xn.A....", "r", "RPkc")
    risk = R.flip_risk(s, sq("a1"))
    # R: red, takes the horse (chariot >= horse), the horse cannot take it back
    # P: red, the horse takes it at once          k: black, no red piece beside a1
    # c: black, jumps the horse onto the red advisor on d1 at once
    assert risk.own == F(2, 4)
    assert risk.captured == F(1, 4)
    assert risk.captures_own == F(1, 4)
    assert risk.captures_enemy == F(1, 4)
    assert risk.captures == F(2, 4) and risk.danger == F(2, 4)
    far = R.flip_risk(s, sq("h4"))  # only face-down neighbours: nothing can happen there
    assert (far.own, far.captured, far.captures_own, far.captures_enemy) == (F(1, 2), 0, 0, 0)
    assert R.flip_risks(s)[sq("a1")] == risk and set(R.flip_risks(s)) == {sq(n) for n in ("g4", "h4", "h3", "a1")}


def test_the_same_flip_seen_by_black():
    # the same board with black to move: now the red pieces are the opponent's
    s = position("......xx", ".......x", "........", "xn.A....", "b", "RPkc")
    risk = R.flip_risk(s, sq("a1"))
    assert risk.own == F(2, 4)  # k and c are black's own now
    assert risk.captured == 0  # nothing red beside a1 nor a red cannon in line
    assert risk.captures_own == F(1, 4)  # the cannon jumps its own horse onto d1
    assert risk.captures_enemy == F(1, 4)  # a red chariot would take the horse at once


def test_cannon_takes_over_a_screen_at_distance_never_adjacent():
    # black cannon a4, its screen a3, a2 empty: whatever red shows on a1 can be taken at once
    s = position("c......x", "p.......", "........", "x.......", "r", "KC")
    risk = R.flip_risk(s, sq("a1"))
    assert risk.own == 1 and risk.captured == 1
    assert risk.captures_own == F(1, 2)  # C (not K) jumps the same screen back onto the cannon
    # a red cannon beside a black piece cannot take it; a red chariot beside it can
    s = position("xx......", "........", "........", "xr......", "r", "CRP")
    risk = R.flip_risk(s, sq("a1"))
    assert risk.captures_own == F(1, 3)  # only R; the cannon may not take an adjacent piece
    assert risk.captured == 1  # the black chariot takes all three (R as an equal)


def test_general_and_soldier():
    # beside a black soldier: a red general is taken by it and cannot take it; a red soldier takes
    # it and is taken by it (equal rank)
    s = position("x.......", "........", "........", "xp......", "r", "KP")
    k = R.flip_risk(s, sq("a1"))
    assert k.captured == 1 and k.captures_own == F(1, 2)
    # a black general revealed beside a red soldier cannot take it: the soldier is not in danger
    s = position("x.......", "........", "........", "xP......", "r", "kp")
    risk = R.flip_risk(s, sq("a1"))
    assert risk.own == 0 and risk.captures_enemy == F(1, 2) and risk.danger == F(1, 2)  # only p takes P


def test_face_down_pieces_are_never_targets():
    s = position("xx......", "........", "........", "xx......", "r", "RRrr")
    for risk in R.flip_risks(s).values():
        assert risk.own == F(1, 2) and risk.captured == risk.captures == 0


def test_before_the_first_flip_every_revealed_piece_is_the_flippers():
    start = B.new_game(seed=3)
    risks = R.flip_risks(start)
    assert len(risks) == 32
    assert all(r == R.FlipRisk(F(1), F(0), F(0), F(0)) for r in risks.values())
    # the same rule with pieces on the board (a hand-made board: no real game has one then)
    board = list(".n..............................")
    board[0] = B.FACE_DOWN
    risk = R._risk(board, 0, None, {"R": 1, "r": 1})
    assert risk.own == 1 and risk.captures_own == F(1, 2) and risk.captures_enemy == 0
    assert board[0] == B.FACE_DOWN  # the scratch board is given back as it was


def test_errors_and_the_end():
    s = position("x.......", "........", "........", "xP......", "r", "kp")
    with pytest.raises(PositionError):
        R.flip_risk(s, sq("b1"))
    assert R.flip_risks(s.resign()) == {}


def random_states(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = B.new_game(seed=rng.randrange(10**6))
        for _ in range(rng.randrange(1, 90)):
            if s.result() is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        if s.result() is None and s.board.count("x") >= 2:
            out.append(s)
    return out


def brute_force(state, point):
    """The definitions played out with play_flip, one revealed letter at a time."""
    view = B.public_state(state)
    bag = view.bag()
    total = sum(bag.values())
    own = captured = mine_takes = theirs_take = F(0)
    for t, n in bag.items():
        after = view.play_flip(point, t)
        flipper, opponent = B.other(after.to_move), after.to_move  # whoever moves next is the opponent
        board = after.board
        takers = [q for q in range(32) if board[q] not in "x." and B.colour(board[q]) == opponent]
        hit = any(point in B.attacks(board, q) for q in takers)
        if B.colour(t) == flipper:
            own += F(n, total)
            captured += F(n, total) * hit
            mine_takes += F(n, total) * bool(B.attacks(board, point))
        else:
            theirs_take += F(n, total) * bool(B.attacks(board, point))
    return R.FlipRisk(own, captured, mine_takes, theirs_take)


def test_agrees_with_playing_each_flip():
    for state in random_states(12, seed=7):
        risks = R.flip_risks(state)
        assert set(risks) == {p for p in range(32) if state.board[p] == "x"}
        for p, risk in risks.items():
            assert risk == brute_force(state, p)


def test_same_table_whatever_the_hidden_layout():
    """Two true layouts with one public view give the same table (as the AI's fairness test)."""
    checked = 0
    for i, state in enumerate(random_states(16, seed=11)):
        public = B.public_state(state)
        a, b = (B.deal(public, seed=i * 100 + k) for k in (1, 2))
        if a.hidden == b.hidden:
            b = next(d for k in range(3, 60) for d in [B.deal(public, seed=i * 100 + k)] if d.hidden != a.hidden)
        assert B.to_text(a) == B.to_text(b) == B.to_text(state)
        assert R.flip_risks(a) == R.flip_risks(b) == R.flip_risks(state) == R.flip_risks(public)
        checked += 1
    assert checked == 16


def test_face_down_counts_follow_the_bag():
    start = B.new_game(seed=1)
    counts = R.face_down_counts(start)
    assert counts["r"] == [("K", 1), ("A", 2), ("B", 2), ("R", 2), ("N", 2), ("C", 2), ("P", 5)]
    assert counts["b"] == [(t.lower(), n) for t, n in counts["r"]]
    s = position("x.......", "........", "........", "xP......", "r", "kp")
    assert R.face_down_counts(s) == {"r": [], "b": [("k", 1), ("p", 1)]}
    for state in random_states(6, seed=3):
        bag = state.bag()
        assert dict(R.face_down_counts(state)["r"] + R.face_down_counts(state)["b"]) == bag
