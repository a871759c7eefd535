"""The bench's Monte Carlo tree search Banqi player: public information only, legal and sensible."""

import os
import random
import sys

from game.rules import banqi as B
from game.rules.common import find_move
from tests.test_banqi_ai import other_layout, random_positions
from tests.test_banqi_rules import CHASE, play, pos

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))

import banqi_mcts as M  # noqa: E402


def test_same_choice_whatever_the_hidden_layout():
    """Two states that differ only in where the face-down pieces lie, same seed: same action."""
    checked = 0
    for i, state in enumerate(random_positions(16, seed=4)):
        other = other_layout(state, i)
        a = M.choose_move(state, seed=i, iterations=150)
        b = M.choose_move(other, seed=i, iterations=150)
        assert a == b and a in state.legal_moves()
        checked += 1
    assert checked == 16


def test_deterministic_and_legal():
    for state in random_positions(3, seed=6):
        m1 = M.choose_move(state, seed=3, iterations=200)
        assert m1 == M.choose_move(state, seed=3, iterations=200)
        assert m1 in state.legal_moves()
    state = random_positions(1, seed=7)[0]
    assert M.choose_move(state, seed=1, time_limit=0.05) in state.legal_moves()


def test_first_flip_is_a_flip():
    s = B.new_game(seed=1)
    assert M.choose_move(s, seed=1, iterations=50).kind == "flip"


def test_takes_a_free_general():
    s = pos("xxxx....", "........", ".......R", "Pk.....x")
    assert str(M.choose_move(s, seed=0, iterations=400)) == "a1xb1"


def test_cannon_takes_over_a_face_down_screen():
    s = pos("a.......", "........", "x.......", "C......x")
    assert str(M.choose_move(s, seed=0, iterations=400)) == "a1xa4"


def test_only_flips_left():
    # red's only piece is boxed in by face-down pieces: every legal action is a flip
    s = pos("xxxxxxxx", "xxxxxxxx", "xxxxxxxx", "Kxxxxxxx")
    assert all(m.kind == "flip" for m in s.legal_moves())
    move = M.choose_move(s, seed=2, iterations=300)
    assert move.kind == "flip" and move in s.legal_moves()


def test_knows_a_perpetual_chase_loss_at_the_root():
    s = play(pos(*CHASE), "a1-a2", "e4-e3", "a2-a1", "e3-e4", "a1-a2", "e4-e3")
    rng = random.Random(0)
    root = M._Node(rng, B.public_state(s))
    M._mark_repetition_losses(root, rng)
    assert root.children[find_move(s, "a2-a1")].terminal == -1.0  # black repeats: red chased only
    assert M.choose_move(s, seed=0, iterations=300) != find_move(s, "a2-a1")


def test_plays_a_whole_game_from_the_public_view_only():
    s = B.new_game(seed=5)
    while s.result() is None and s.ply < 60:
        s = s.play(M.choose_move(s, seed=s.ply, iterations=30))
    assert s.ply == 60 or s.result() is not None
