"""Banqi rules: every edge case of shared/rules/banqi.md, plus property tests over random games."""

import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import banqi as B
from game.rules.common import PositionError, find_move

START = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - - 0"
ALL_RED = "KAABBRRNNCCPPPPP"
ALL_BLACK = ALL_RED.lower()


def caps_except(on_board: str, face_down: int = 0) -> str:
    """Every piece not in `on_board`, less `face_down` soldiers left in the bag, as captured text."""
    left = list(ALL_RED + ALL_BLACK)
    for c in on_board:
        left.remove(c)
    for _ in range(face_down):
        left.pop()
    return "".join(left) or "-"


def pos(rank4, rank3, rank2, rank1, side="r", quiet=0, caps=None):
    board = "/".join((rank4, rank3, rank2, rank1))
    if caps is None:
        caps = caps_except("".join(c for c in board if c.isalpha() and c != "x"), board.count("x"))
    return B.from_text(f"{board} {side} {caps} {quiet}")


def moves(state):
    return sorted(str(m) for m in state.legal_moves())


def play(state, *texts):
    for t in texts:
        state = state.play(find_move(state, t))
    return state


# ---- text and setup ---------------------------------------------------------------------------
def test_start_text_roundtrip_and_only_flips():
    s = B.from_text(START)
    assert B.to_text(s) == START
    assert s.to_move is None and s.first_colour is None
    assert len(s.legal_moves()) == 32 and all(m.kind == "flip" for m in s.legal_moves())
    g = B.new_game(seed=1)
    assert B.to_text(g) == START and sorted(g.hidden) == sorted(B.FULL_SET)


def test_same_seed_same_deal_and_game():
    a, b = B.new_game(seed=42), B.new_game(seed=42)
    assert a.hidden == b.hidden and a.hidden != B.new_game(seed=43).hidden
    rng = random.Random(5)
    for _ in range(40):
        m = rng.choice(a.legal_moves())
        a, b = a.play(m), b.play(m)
        assert B.to_text(a) == B.to_text(b)
    assert B.new_game().seed is not None


@pytest.mark.parametrize(
    "text,needle",
    [
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx r -", "4 fields"),
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxx - - 0", "4 ranks of 8"),
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxQ r - 0", "bad cell"),
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx w - 0", "side to move"),
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxKK r - 0", "too many K"),
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxx. r - 0", "expected 32"),
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxK - - 0", "before the first flip"),
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx r - 0", "must be '-'"),
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxK r - z", "must be a number"),
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxK r Q 0", "bad captured"),
    ],
)
def test_bad_positions(text, needle):
    with pytest.raises(PositionError, match=needle):
        B.from_text(text)


def test_bad_option():
    with pytest.raises(PositionError):
        B.new_game(seed=1, no_progress=50)
    assert B.new_game(seed=1, no_progress=40).options["no_progress"] == 40


def test_captured_text_is_canonical():
    s = pos("........", "........", "........", "Rn......")
    text = B.to_text(s)
    assert text.split()[2] == "KAABBRNNCCPPPPPkaabbrrnccppppp"


# ---- the first flip -----------------------------------------------------------------------------
def test_first_flip_assigns_colours_and_undo_unassigns():
    s0 = B.new_game(seed=3)
    p = s0.hidden.index("p")  # a black soldier
    s1 = s0.play(B.Move("flip", (p,)))
    assert s1.first_colour == "b" and s1.to_move == "r"
    assert s1.board[p] == "p" and s1.hidden[p] is None
    # undo = the previous state, untouched: colours unassigned again, the piece face down
    assert s0.to_move is None and s0.first_colour is None and s0.board[p] == "x" and s0.hidden[p] == "p"
    q = s0.hidden.index("K")
    s1 = s0.play(B.Move("flip", (q,)))
    assert s1.first_colour == "r" and s1.to_move == "b"
    s2 = s1.play(s1.legal_moves()[0])
    assert s2.first_colour == "r" and s2.to_move == "r"


# ---- captures -----------------------------------------------------------------------------------
def test_soldier_takes_general_general_cannot_take_soldier():
    s = pos("........", "........", "........", "Pk......")
    assert "a1xb1" in moves(s)
    s = pos("........", "........", "........", "Kp......")
    assert "a1xb1" not in moves(s)
    s = pos("........", "........", "........", "Kp......", side="b")
    assert "b1xa1" in moves(s)


def test_soldier_cannot_take_cannon_but_others_can():
    s = pos("........", "........", "........", "Pc......")
    assert "a1xb1" not in moves(s) and moves(s) == ["a1-a2"]
    s = pos("........", "........", "........", "Nc......")
    assert "a1xb1" in moves(s)


def test_rank_order_and_equal_rank():
    s = pos("........", "........", "........", "Rr.Ra...")
    ms = moves(s)
    assert "a1xb1" in ms  # equal rank captures
    assert "d1xe1" not in ms  # chariot cannot take advisor
    s = pos("........", "........", "........", "Ab......", side="b")
    assert "b1xa1" not in moves(s)


def test_face_down_pieces_never_captured():
    s = pos("........", "........", "x.......", "K.......")
    assert "a1xa2" not in moves(s) and "a1-a2" not in moves(s)
    s = pos("........", "x.......", "x.......", "C.......")
    assert all(not m.startswith("a1x") for m in moves(s))


def test_cannon_jumps_one_face_down_screen_at_distance():
    # a1 cannon, a2 face down screen, a3 empty, a4 black king
    s = pos("k.......", "........", "x.......", "C.......")
    assert "a1xa4" in moves(s)
    # a screen of the cannon's own colour and empty squares before the screen
    s = pos("........", "........", "........", "C..P..n.")
    assert "a1xg1" in moves(s)


def test_cannon_cannot_take_adjacent_nor_over_two_screens_nor_onto_empty():
    s = pos("........", "........", "........", "Cn......")
    assert "a1xb1" not in moves(s)
    s = pos("........", "........", "........", "Cxnp....")
    ms = moves(s)
    assert "a1xc1" in ms and "a1xd1" not in ms  # two screens block d1
    s = pos("........", "........", "........", "Cx......")
    assert all(not m.startswith("a1x") for m in moves(s))  # nothing beyond the screen
    s = pos("........", "........", "........", "CxP.....")
    assert all(not m.startswith("a1x") for m in moves(s))  # own piece beyond the screen


def test_cannon_steps_like_other_pieces():
    s = pos("c.......", "........", "........", ".C......")
    assert moves(s) == ["b1-a1", "b1-b2", "b1-c1"]


def test_rows_never_wrap():
    s = pos("........", "........", "n.......", ".......R")  # h1 and a2 are not neighbours
    assert moves(s) == ["h1-g1", "h1-h2"]
    s = pos("........", "........", "xn......", ".......C")  # no cannon line across the row end
    assert all("x" not in m for m in moves(s))
    s = pos("........", "........", "........", "R......n", side="b")  # a1 and h1 are not joined
    assert "h1xa1" not in moves(s)


def test_state_is_immutable_and_pickles():
    s = B.new_game(seed=9)
    text, hidden = B.to_text(s), s.hidden
    t = s.play(s.legal_moves()[5])
    assert B.to_text(s) == text and s.hidden == hidden
    u = pickle.loads(pickle.dumps(t))
    assert B.to_text(u) == B.to_text(t) and u.hidden == t.hidden and moves(u) == moves(t)


# ---- end of the game ----------------------------------------------------------------------------
def test_no_pieces_loses():
    s = pos("........", "........", "........", "Rn......")
    t = play(s, "a1xb1")
    assert t.result() == B.Result("r", "no_pieces") and t.legal_moves() == []


def test_no_moves_loses():
    s = pos("........", "c.......", "........", "Pc......", side="b")
    t = play(s, "a3-a2")
    assert t.result() == B.Result("b", "no_moves") and t.legal_moves() == []
    # with a face-down piece left the side can always flip
    s = pos("......x.", "c.......", "........", "Pc......", side="b")
    assert play(s, "a3-a2").result() is None


def test_resign_after_ten_plies():
    s = B.new_game(seed=11)
    rng = random.Random(1)
    for _ in range(10):
        assert not s.can_resign()
        with pytest.raises(PositionError):
            s.resign()
        s = s.play(rng.choice(s.legal_moves()))
    assert s.ply == 10 and s.can_resign()
    r = s.resign()
    assert r.result() == B.Result(B.other(s.to_move), "resign") and r.legal_moves() == []
    assert s.result() is None


def test_draw_by_agreement():
    s = B.new_game(seed=2).play(B.Move("flip", (0,)))
    d = s.agree_draw()
    assert d.result() == B.Result(None, "agreement") and d.legal_moves() == []


@pytest.mark.parametrize("limit", [40, 60, 180])
def test_no_progress_counter(limit):
    # two lone cannons wandering can never capture; repetition off so only the counter ends it
    s = B.from_text(
        "C......./......../......../.......c r " + caps_except("Cc") + " 0", no_progress=limit, repetition="off"
    )
    rng = random.Random(limit)
    n = 0
    while s.result() is None:
        s = s.play(rng.choice(s.legal_moves()))
        n += 1
    assert n == limit and s.quiet == limit and s.result() == B.Result(None, "no_progress")


def test_flip_and_capture_reset_the_counter():
    s = pos("x.......", "........", "........", "Rn......", quiet=30)
    assert s.play_flip(24, "p").quiet == 0 and B.deal(s, 1).play(B.Move("flip", (24,))).quiet == 0
    assert play(s, "a1-a2").quiet == 31
    s = pos("x.......", "........", "........", "Rnn.....", quiet=30)
    assert play(s, "a1xb1").quiet == 0


CHASE = ("....p...", "........", ".n......", "Rn......")


def test_perpetual_chase_loses():
    s = pos(*CHASE)
    cycle = ["a1-a2", "e4-e3", "a2-a1", "e3-e4"]
    s = play(s, *cycle)
    assert s.result() is None
    s = play(s, *cycle[:3])
    assert s.result() is None
    s = play(s, cycle[3])  # third time the start position, red only chased
    assert s.result() == B.Result("b", "perpetual_chase")


def test_repetition_draw_variants():
    cycle = ["a1-a2", "e4-e3", "a2-a1", "e3-e4"] * 2
    drawn = play(B.from_text(B.to_text(pos(*CHASE)), repetition="draw"), *cycle)
    assert drawn.result() == B.Result(None, "repetition")
    off = play(B.from_text(B.to_text(pos(*CHASE)), repetition="off"), *cycle)
    assert off.result() is None


def test_both_sides_chasing_is_a_draw():
    # red R oscillates a1/a2 against horses b1/b2; black r oscillates h1/h2 against horses g1/g2
    s = pos("........", "........", ".n....Nr", "Rn....N.")
    cycle = ["a1-a2", "h2-h1", "a2-a1", "h1-h2"] * 2
    s = play(s, *cycle)
    assert s.result() == B.Result(None, "repetition")


def test_non_chasing_repetition_is_a_draw():
    s = pos("....p...", "........", "........", "R.......")
    s = play(s, *(["a1-a2", "e4-e3", "a2-a1", "e3-e4"] * 2))
    assert s.result() == B.Result(None, "repetition")


# ---- public view and network helpers ---------------------------------------------------------------
def test_public_view_cannot_flip_without_piece():
    s = B.from_text(START)
    with pytest.raises(PositionError, match="play_flip"):
        s.play(s.legal_moves()[0])
    t = s.play_flip(3, "C")
    assert t.board[3] == "C" and t.to_move == "b" and t.first_colour == "r"
    assert t.bag()["C"] == 1
    t = t.play_flip(4, "C")
    with pytest.raises(PositionError, match="no C is face down"):
        t.play_flip(5, "C")
    with pytest.raises(PositionError):
        t.play_flip(4, "k")


def test_play_flip_and_flip_piece_on_true_layout():
    s = B.new_game(seed=21)
    piece = B.flip_piece(s, 10)
    t = s.play_flip(10, piece)
    assert B.to_text(t) == B.to_text(s.play(B.Move("flip", (10,))))
    wrong = next(c for c in "Kk" if c != piece)
    with pytest.raises(PositionError):
        s.play_flip(10, wrong)
    with pytest.raises(PositionError):
        B.flip_piece(B.public_state(s), 10)
    with pytest.raises(PositionError):
        B.flip_piece(t, 10)


def test_guest_mirrors_host_with_public_state():
    host = B.new_game(seed=77)
    guest = B.public_state(host)
    rng = random.Random(77)
    while host.result() is None:
        m = rng.choice(host.legal_moves())
        if m.kind == "flip":
            guest = guest.play_flip(m.path[0], B.flip_piece(host, m.path[0]))
        else:
            guest = guest.play(m)
        host = host.play(m)
        assert B.to_text(guest) == B.to_text(host) and moves(guest) == moves(host)
    assert guest.result() == host.result()


def test_deal_keeps_public_view():
    s = pos("x.x.....", "........", "........", "Rn......")
    d = B.deal(s, seed=1)
    assert B.to_text(d) == B.to_text(s) and sorted(c for c in d.hidden if c) == sorted(
        t for t, n in s.bag().items() for _ in range(n)
    )


def test_cli_moves_lists_flips_and_moves():
    out = subprocess.run(
        [sys.executable, "-m", "game.cli", "moves", "banqi", "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - - 0"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0 and len(out.stdout.split()) == 32
    bad = subprocess.run(
        [sys.executable, "-m", "game.cli", "moves", "banqi", "xx - - 0"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_perft_true_layout():
    s = B.new_game(seed=4)
    assert B.perft(s, 1) == 32
    # after the first flip: 31 flips and the moves of the side to move (none face up yet)
    assert B.perft(s, 2) == 32 * 31


# ---- properties over random games -----------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), choices=st.randoms(use_true_random=False))
def test_random_games_invariants(seed, choices):
    s = B.new_game(seed=seed)
    pub = B.public_state(s)
    for _ in range(300):
        ms = s.legal_moves()
        text = B.to_text(s)
        # text round trip, public view agrees with the true state
        assert B.to_text(B.from_text(text)) == text
        assert moves(pub) == moves(s) and B.to_text(pub) == text
        # counts are consistent: face up + face down + captured = 32
        bag = s.bag()
        assert sum(bag.values()) == s.board.count("x")
        assert sorted(c for c in s.hidden if c) == sorted(t for t, n in bag.items() for _ in range(n))
        assert len(set(map(str, ms))) == len(ms)
        if s.result() is not None:
            assert ms == []
            break
        if s.to_move is not None:
            assert s.first_colour in ("r", "b")
        m = choices.choice(ms)
        before = (s.board, s.hidden)
        nxt = s.play(m)
        assert (s.board, s.hidden) == before
        if m.kind == "flip":
            pub = pub.play_flip(m.path[0], s.hidden[m.path[0]])
        else:
            pub = pub.play(m)
            assert nxt.board[m.path[1]] == s.board[m.path[0]] and nxt.board[m.path[0]] == "."
        assert nxt.ply == s.ply + 1
        s = nxt
