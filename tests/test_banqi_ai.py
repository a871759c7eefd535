"""Banqi computer player: public information only, legal and sensible choices, the CLI suggestion."""

import random
import subprocess
import sys

import pytest

from game.ai import choose_move, evaluate
from game.ai.banqi import baseline as banqi_baseline
from game.ai.banqi import player as A
from game.ai.contract import Limits
from game.rules import banqi as B
from game.rules.common import find_move
from tests.test_banqi_rules import CHASE, play, pos


def random_positions(count, seed=0):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = B.new_game(seed=rng.randrange(10**6))
        for _ in range(rng.randrange(1, 70)):
            if s.result() is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        if s.result() is None:
            out.append(s)
    return out


def other_layout(state, i):
    """`state` with its face-down pieces dealt again (another layout where the bag allows one):
    the same public view, so a fair player must choose the same there."""
    other = next(
        d
        for k in range(50)
        for d in [B.deal(B.public_state(state), seed=i * 50 + k)]
        if d.hidden != state.hidden or len(state.bag()) < 2
    )
    assert B.to_text(other) == B.to_text(state)
    return other


def test_same_choice_whatever_the_hidden_layout():
    """Two states that differ only in where the face-down pieces lie, same seed: same action."""
    checked = 0
    for i, state in enumerate(random_positions(24, seed=1)):
        other = other_layout(state, i)
        level = ("easy", "medium", "hard")[i % 3]
        a = choose_move(state, level=level, seed=i, nodes=1500)
        b = choose_move(other, level=level, seed=i, nodes=1500)
        assert a == b and a in state.legal_moves()
        checked += 1
    assert checked == 24


def test_deterministic_with_nodes_and_legal():
    states = random_positions(4, seed=2)
    for state in states:
        m1 = choose_move(state, level="hard", seed=3, nodes=3000)
        m2 = choose_move(state, level="hard", seed=3, nodes=3000)
        assert m1 == m2 and m1 in state.legal_moves()
    late = [s for s in states if s.board.count("x") < 20] or states
    assert banqi_baseline.choose_move(late[0], seed=1) in late[0].legal_moves()


def test_first_flip_is_a_flip():
    s = B.new_game(seed=1)
    assert choose_move(s, level="hard", seed=1, nodes=100).kind == "flip"


def test_takes_a_free_general():
    s = pos("xxxx....", "........", ".......R", "Pk.....x")
    assert str(choose_move(s, level="hard", seed=0, nodes=3000)) == "a1xb1"


def test_cannon_takes_over_a_face_down_screen():
    s = pos("a.......", "........", "x.......", "C......x")
    assert str(choose_move(s, level="medium", seed=0, nodes=3000)) == "a1xa4"


def test_runs_from_a_threat():
    # red advisor on d2 attacked by the black general on d3; the advisor cannot take it
    s = pos("xxxxxxxx", "...k....", "...A....", "xxxxxxxx")
    move = choose_move(s, level="hard", seed=0, nodes=20000)
    after = s.play_flip(move.path[0], "p") if move.kind == "flip" else s.play(move)
    red = [p for p, c in enumerate(after.board) if c == "A"]
    assert red and not any(q in B.attacks(after.board, p) for p in range(32) if after.board[p] == "k" for q in red)


def test_avoids_walking_into_a_perpetual_chase_loss():
    s = pos(*CHASE)
    s = play(s, "a1-a2", "e4-e3", "a2-a1", "e3-e4", "a1-a2", "e4-e3")
    ranked, _, _, _ = A.analyse(s, "hard", nodes=3000, seed=0)
    scores = {str(a[2]): v for v, a in ranked if a[0] == "move"}
    assert scores["a2-a1"] == -A.WIN + 2  # black would repeat a third time: red chased only
    assert str(ranked[0][1][2]) != "a2-a1"


def test_evaluate_and_describe():
    s = random_positions(1, seed=5)[0]
    v = evaluate(s, nodes=2000)
    assert -1.0 <= v <= 1.0
    won = play(pos("........", "........", "........", "Rn......"), "a1xb1")
    assert evaluate(won) == -1.0  # black to move, lost
    chances = A.flip_chances(B.from_text("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - - 0"))
    assert chances[0] == ("P", 5 / 32) and abs(sum(p for _, p in chances) - 1) < 1e-9
    found = A.ENGINE.search(s, Limits("hard", nodes=3000, seed=0))
    lines = found.lines()
    assert [line.split(":")[0] for line in lines[:5]] == ["score", "depth", "nodes", "time", "pv"]
    assert found.pv[0] == found.move and found.depth >= 1


def test_cli_bestmove_prints_move_evaluation_and_flip_chances():
    text = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - - 0"
    out = subprocess.run(
        [sys.executable, "-m", "game.cli", "bestmove", "banqi", text, "--nodes", "500", "--seed", "1"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert find_move(B.from_text(text), lines[0]).kind == "flip"
    assert lines[1].startswith("score: ") and lines[2].startswith("depth: ") and lines[5] == f"pv: {lines[0]}"
    assert any(line.startswith("flip outcomes") and "P 15.6%" in line for line in lines[6:])


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_finish_a_game(level):
    s = B.new_game(seed=31)
    rng = random.Random(0)
    while s.result() is None and s.ply < 120:
        if s.ply % 2:
            m = choose_move(s, level=level, seed=s.ply, nodes=400)
        else:
            m = rng.choice(s.legal_moves())
        s = s.play(m)
    assert s.ply >= 40 or s.result() is not None


def test_describe_says_where_the_depth_comes_from():
    """The notes say when the endgame tables answered and when the search settled early."""
    table = B.from_text("R......./......../....p.../..k..... r KAABBRNNCCPPPPPaabbrrnnccpppp 0")
    found = A.ENGINE.search(table, Limits("hard", nodes=2000, seed=0))
    assert any(note.startswith("exact: the endgame tables") for note in found.notes) and found.value == -1.0
    only_flips = B.from_text("xxxnxpxx/xxxPxxxx/Nxxxxxxx/xxxxxxxx r - 0")  # red can only flip
    _, search, _, _ = A.analyse(only_flips, "hard", nodes=200_000, seed=0)
    assert search.settled and search.depth_done < 20
