"""Rules of Palace Double-Door (shared/rules/palace.md): board graph, moves, every end rule,
position text, perft, CLI, and property tests over random games."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import palace as P
from game.rules.common import PositionError, Result, find_move

START = ".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. b 16 0"


def pt(name):
    return P.parse_point(name)


def board(black=(), white=(), side="b", hand=0, caps=None, plies=None, **opts):
    """A position text from square names (caps default: what makes 24 soldiers in all)."""
    cells = [["-" if (r, c) in P.UNUSED else "." for c in range(5)] for r in range(9)]
    for names, ch in ((black, "B"), (white, "W")):
        for n in names:
            r, c = divmod(pt(n), 5)
            cells[r][c] = ch
    if caps is None:
        caps = max(0, min(6, 24 - len(white) - hand))
    text = "/".join("".join(row) for row in cells) + f" {side} {hand} {caps}"
    if plies is not None:
        text += f" {plies}"
    return P.from_text(text, **opts)


def moves(state):
    return sorted(str(m) for m in state.legal_moves())


def play(state, *texts):
    for t in texts:
        state = state.play(find_move(state, t))
    return state


# ---- the board -----------------------------------------------------------------------------------
def test_board_counts():
    assert len(P.POINTS) == 37
    assert len(P.LINES) == 20
    assert len(P.EDGES) == 76
    assert sum(len(line) - 2 for line in P.LINES) == 56
    assert sum(len(j) for j in P.JUMPS) == 112
    assert len(P.JUMP_OVER) == 112


def test_unused_points_are_not_on_the_board():
    for r, c in [(0, 1), (0, 3), (1, 0), (1, 4), (7, 0), (7, 4), (8, 1), (8, 3)]:
        assert r * 5 + c not in P.POINTS
        assert P.ADJ[r * 5 + c] == ()


@pytest.mark.parametrize(
    "point, neighbours",
    [
        ("a9", {"c9", "b8"}),
        ("c9", {"a9", "e9", "c8"}),
        ("e9", {"c9", "d8"}),
        ("b8", {"a9", "c8", "c7"}),  # no other diagonals inside a palace
        ("c8", {"b8", "d8", "c9", "c7"}),
        ("d8", {"e9", "c8", "c7"}),
        ("c7", {"b7", "d7", "c8", "c6", "b8", "d8", "b6", "d6"}),  # the door
        ("a7", {"b7", "a6", "b6"}),
        ("b7", {"a7", "c7", "b6"}),  # (row+col) odd: no diagonal
        ("c5", {"b5", "d5", "c6", "c4", "b6", "d6", "b4", "d4"}),  # the centre
        ("a5", {"a6", "a4", "b5", "b6", "b4"}),
        ("c3", {"b3", "d3", "c4", "c2", "b4", "d4", "b2", "d2"}),  # the other door
        ("b2", {"c2", "a1", "c3"}),
        ("a1", {"c1", "b2"}),
        ("c1", {"a1", "e1", "c2"}),
    ],
)
def test_adjacency_from_the_rules_file(point, neighbours):
    assert {P.name(q) for q in P.ADJ[pt(point)]} == neighbours


def test_adjacency_is_symmetric_and_b8_is_not_next_to_b7():
    for a in P.POINTS:
        for b in P.ADJ[a]:
            assert a in P.ADJ[b]
    assert pt("b7") not in P.ADJ[pt("b8")]
    assert pt("d7") not in P.ADJ[pt("d8")]
    assert pt("b7") not in P.ADJ[pt("c8")]


def test_jumps_follow_lines():
    # along a palace base row the neighbours are two columns apart
    assert (pt("c9"), pt("e9")) in P.JUMPS[pt("a9")]
    # through the door straight on into the palace side
    assert (pt("c7"), pt("b8")) in P.JUMPS[pt("d6")]
    assert (pt("c7"), pt("a9")) not in P.JUMPS[pt("d6")]
    # no jump bends: b8 over c7 lands on d6 (never c6), b8 over c8 on d8
    assert {P.name(t) for _, t in P.JUMPS[pt("b8")]} == {"d6", "d8"}
    assert {P.name(t) for _, t in P.JUMPS[pt("c5")]} == {"a5", "e5", "c7", "c3", "a7", "e7", "a3", "e3"}


def test_grid_index_and_names():
    assert P.name(0) == "a9" and P.name(22) == "c5" and P.name(44) == "e1"
    assert pt("c8") == 7 and pt("c2") == 37
    for p in P.POINTS:
        assert pt(P.name(p)) == p
    with pytest.raises(PositionError):
        pt("b9")


# ---- openings, text ------------------------------------------------------------------------------
def test_start_position_text_and_moves():
    s = P.new_game()
    assert P.to_text(s) == START
    assert s.to_move == "b" and s.hand == 16 and s.captures == 0
    assert moves(s) == ["c2-b2", "c2-c1", "c2-c3", "c2-d2", "c8-b8", "c8-c7", "c8-c9", "c8-d8"]
    assert s.result() is None


def test_doors_opening_gives_black_an_immediate_capture():
    s = P.new_game(opening="doors")
    assert P.to_text(s) == ".-.-./-...-/..B../.WWW./.W.W./.WWW./..B../-...-/.-.-. b 16 0"
    assert "c7xc5" in moves(s) and "c3xa5" in moves(s)
    t = play(s, "c7xc5")
    assert t.captures == 1 and t.at(pt("c6")) is None and t.at(pt("c5")) == "B"


def test_white_first_option_starts_with_a_drop():
    s = P.new_game(first="white")
    assert P.to_text(s) == START.replace(" b ", " w ")
    assert s.options["first"] == "white" and s.history == (s.key(),)
    ms = s.legal_moves()
    assert all(m.kind == "drop" for m in ms) and len(ms) == 37 - 10
    t = play(s, "c5")
    assert t.to_move == "b" and t.hand == 15 and t.at(pt("c5")) == "W" and t.plies == 0
    assert moves(t) == moves(P.new_game())  # the kings' first moves are the same as by default


def test_white_first_with_the_doors_opening():
    s = P.new_game(opening="doors", first="white")
    assert P.to_text(s) == ".-.-./-...-/..B../.WWW./.W.W./.WWW./..B../-...-/.-.-. w 16 0"
    t = play(s, "c5")  # closes the jumps along the centre line, not the diagonal ones
    assert "c7xc5" not in moves(t) and "c3xc5" not in moves(t)
    assert {"c7xa5", "c7xe5", "c3xa5", "c3xe5"} <= set(moves(t))
    assert P.perft(s, 3) == slow_perft(s, 3)


def test_first_option_default_is_the_source_rule():
    assert P.new_game().options["first"] == "black"
    assert P.to_text(P.new_game(first="black")) == START
    with pytest.raises(PositionError):
        P.new_game(first="both")


def test_text_round_trip_and_options():
    s = play(P.new_game(), "c8-c7", "a1", "c7-b7")
    t = P.from_text(P.to_text(s))
    assert P.to_text(t) == P.to_text(s)
    assert moves(t) == moves(s)
    d = P.from_text(START, forced_capture=True, jumps="chain")
    assert d.options["forced_capture"] is True and d.options["jumps"] == "chain"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "rows"),
        (".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.- b 16 0", "9 rows"),
        (".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.- b 16 0", "5 cells"),
        ("..-../-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. b 16 0", "not a board point"),
        ("-.-.-/-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. b 16 0", "is a board point"),
        (".-.-./-.B.-/...../.WXW./.W.W./.WWW./...../-.B.-/.-.-. b 16 0", "'X'"),
        (".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-...-/.-.-. b 16 0", "2 kings"),
        (".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. x 16 0", "side to move"),
        (".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. b 17 0", "at most 16"),
        (".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. b 16 1", "too many"),
        (".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. b x 0", "number"),
    ],
)
def test_malformed_positions_give_one_line(text, words):
    with pytest.raises(PositionError) as err:
        P.from_text(text)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_unknown_option_rejected():
    with pytest.raises(PositionError):
        P.new_game(opening="middle")
    with pytest.raises(PositionError):
        P.new_game(colour="red")


# ---- moves ---------------------------------------------------------------------------------------
def test_drop_phase_white_only_drops_on_empty_points():
    s = play(P.new_game(), "c8-c7")
    ms = s.legal_moves()
    assert all(m.kind == "drop" for m in ms)
    assert len(ms) == 37 - 10
    assert {m.path[0] for m in ms} == {p for p in P.POINTS if s.at(p) is None}
    t = play(s, "a1")
    assert t.hand == 15 and t.at(pt("a1")) == "W" and t.to_move == "b"


def test_white_moves_after_all_drops():
    s = board(black=["a9", "e1"], white=["c5", "c3"], side="w", hand=0, caps=0)
    assert moves(s) == sorted(
        [
            "c5-b5",
            "c5-d5",
            "c5-c6",
            "c5-c4",
            "c5-b6",
            "c5-d6",
            "c5-b4",
            "c5-d4",
            "c3-b3",
            "c3-d3",
            "c3-c4",
            "c3-c2",
            "c3-b4",
            "c3-d4",
            "c3-b2",
            "c3-d2",
        ]
    )


def test_jumps_only_over_white_and_onto_empty_points():
    s = board(black=["c5", "c6"], white=["d5", "e5", "b4"], hand=3)
    ms = moves(s)
    assert "c5xa3" in ms  # over b4 to a3
    assert not any(m.startswith("c5xc7") for m in ms)  # c6 is the other king
    assert "c5xe5" not in ms  # e5 is taken: d5 cannot be jumped
    t = play(s, "c5xa3")
    assert t.at(pt("b4")) is None and t.captures == s.captures + 1 and t.plies == 0


def test_capture_is_optional_by_default_and_forced_as_option():
    s = board(black=["c5", "a9"], white=["c4"], hand=3)
    assert "c5xc3" in moves(s) and "c5-b5" in moves(s)
    f = board(black=["c5", "a9"], white=["c4"], hand=3, forced_capture=True)
    assert moves(f) == ["c5xc3"]


def test_one_jump_per_turn_and_chain_option():
    kw = dict(black=["c7", "a1"], white=["c6", "c4", "d3"], hand=3)
    one = board(**kw)
    assert [m for m in moves(one) if "x" in m] == ["c7xc5"]
    chain = board(jumps="chain", **kw)
    jumps = [m for m in moves(chain) if "x" in m]
    assert jumps == ["c7xc5xc3xe3"]  # a chain goes on while it can
    t = play(chain, "c7xc5xc3xe3")
    assert t.captures == one.captures + 3 and t.at(pt("e3")) == "B"
    assert find_move(chain, "c7xc5xc3xe3").path == (pt("c7"), pt("c5"), pt("c3"), pt("e3"))


def test_move_paths_are_points():
    s = P.new_game()
    m = find_move(s, "c8-c7")
    assert m.path == (7, 12)
    assert find_move(play(s, "c8-c7"), "c5").path == (pt("c5"),)
    assert hash(m) == hash(find_move(s, "c8-c7")) and m == find_move(s, "c8-c7")


def test_play_never_mutates():
    s = P.new_game()
    before = (P.to_text(s), s.history, s.plies)
    play(s, "c8-c7", "a1")
    assert (P.to_text(s), s.history, s.plies) == before


def test_illegal_move_raises():
    s = P.new_game()
    with pytest.raises(PositionError):
        find_move(s, "c8-c6")
    with pytest.raises(PositionError):
        s.play(P.Move((pt("c8"), pt("c6"))))


# ---- end of the game -----------------------------------------------------------------------------
def test_seven_captures_win_at_once():
    s = board(black=["c5", "a9"], white=["c4", "b8"], hand=0, caps=6)
    t = play(s, "c5xc3")
    assert t.result() == Result("b", "captures")
    assert t.legal_moves() == []
    with pytest.raises(PositionError):
        t.play(P.Move((pt("c3"), pt("c4"))))


def test_blocked_kings_lose_after_whites_move():
    trap = ["c9", "b8", "e9", "c7", "c1", "b2", "e1"]  # a9 and a1 closed but for c3
    s = board(black=["a9", "a1"], white=trap + ["d3"], side="w", hand=0, caps=0)
    assert s.result() is None
    t = play(s, "d3-c3")
    assert t.result() == Result("w", "blocked") and t.legal_moves() == []
    # one king free is enough to go on
    u = board(black=["a9", "c5"], white=trap + ["c3"], side="b", hand=0, caps=0)
    assert u.result() is None


def test_blocked_during_drop_phase():
    s = board(black=["a9", "a1"], white=["c9", "b8", "e9", "c7", "c1", "b2", "e1"], side="w", hand=5)
    t = play(s, "c3")
    assert t.result() == Result("w", "blocked")


def test_white_blocked_loses_or_draws():
    text_kw = dict(black=["c9", "b8"], white=["a9"], side="w", hand=0, caps=0)
    assert board(**text_kw).result() == Result("b", "white_blocked")
    assert board(white_blocked="draw", **text_kw).result() == Result(None, "white_blocked")


def test_threefold_repetition_draws():
    s = board(black=["a9", "a1"], white=["c5", "c3"], side="b", hand=0, caps=0)
    cycle = ("a9-b8", "c5-c6", "b8-a9", "c6-c5")
    t = play(s, *cycle)  # second time
    assert t.result() is None
    t = play(t, *cycle[:3])
    assert t.result() is None
    t = play(t, cycle[3])  # third time
    assert t.result() == Result(None, "repetition")
    off = board(black=["a9", "a1"], white=["c5", "c3"], repetition=False, caps=0)
    assert play(off, *cycle, *cycle).result() is None


def test_no_progress_draw_after_100_plies():
    s = board(black=["a9", "a1"], white=["c5", "c3"], side="b", hand=0, caps=0, plies=99)
    assert s.plies == 99 and s.result() is None
    assert play(s, "a9-b8").result() == Result(None, "no_progress")
    # a capture resets the count
    c = board(black=["c5", "a1"], white=["c4", "e9"], hand=0, caps=0, plies=99)
    assert play(c, "c5xc3").result() is None and play(c, "c5xc3").plies == 0
    assert play(board(black=["a9", "a1"], white=["c5"], caps=0, plies=99, no_progress=0), "a9-b8").result() is None
    assert play(board(black=["a9", "a1"], white=["c5"], caps=0, plies=99, no_progress=200), "a9-b8").result() is None


def test_drops_reset_the_no_progress_count():
    s = board(black=["a9", "a1"], white=["c5"], side="w", hand=2, caps=0, plies=60)
    assert play(s, "e1").plies == 0


def test_resign_and_agreed_draw():
    s = P.new_game()
    assert s.can_resign()
    r = s.resign()
    assert r.result() == Result("w", "resign") and r.legal_moves() == [] and not r.can_resign()
    assert play(s, "c8-c7").resign().result() == Result("b", "resign")
    assert s.agree_draw().result() == Result(None, "agreement")
    assert s.result() is None


def test_states_pickle():
    s = play(P.new_game(jumps="chain"), "c8-c7", "a1")
    t = pickle.loads(pickle.dumps(s))
    assert t == s and moves(t) == moves(s) and t.options == s.options
    r = pickle.loads(pickle.dumps(s.resign()))
    assert r.result() == Result("w", "resign")


# ---- perft -----------------------------------------------------------------------------------------
def slow_perft(state, depth):
    if depth == 0:
        return 1
    return sum(slow_perft(state.play(m), depth - 1) for m in state.legal_moves())


def test_perft_start_position():
    s = P.new_game()
    # 8 king steps; then 27 drops each; checked by hand for depths 1 and 2
    assert [P.perft(s, d) for d in range(5)] == [1, 8, 216, 1732, 45204]
    assert slow_perft(s, 3) == 1732


def test_perft_doors_opening():
    s = P.new_game(opening="doors")
    assert P.perft(s, 1) == 16
    assert P.perft(s, 3) == slow_perft(s, 3)


def test_perft_follows_repetition_and_no_progress():
    s = board(black=["a9", "a1"], white=["c5", "c3"], side="b", hand=0, caps=0, plies=97)
    assert P.perft(s, 4) == slow_perft(s, 4) < P.perft(board(black=["a9", "a1"], white=["c5", "c3"], caps=0), 4)
    cycle = ("a9-b8", "c5-c6", "b8-a9", "c6-c5")
    # one ply before the third occurrence
    r = play(board(black=["a9", "a1"], white=["c5", "c3"], caps=0), *cycle, *cycle[:3])
    free = play(board(black=["a9", "a1"], white=["c5", "c3"], caps=0, repetition=False), *cycle, *cycle[:3])
    assert P.perft(r, 4) == slow_perft(r, 4) < P.perft(free, 4) == slow_perft(free, 4)


def test_cli_moves_perft_and_errors():
    run = lambda *a: subprocess.run([sys.executable, "-m", "game.cli", *a], capture_output=True, text=True)  # noqa: E731
    out = run("moves", "palace", START)
    assert out.returncode == 0 and out.stdout.split() == moves(P.new_game())
    out = run("perft", "palace", START, "3")
    assert out.returncode == 0 and out.stdout.strip() == "1732"
    bad = run("moves", "palace", START.replace("B", "Q", 1))
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


# ---- property tests over random games ------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["one", "chain"]), st.booleans())
def test_random_games_keep_the_invariants(rng, jumps, forced):
    s = P.new_game(
        jumps=jumps,
        forced_capture=forced,
        opening=rng.choice(["centre", "doors"]),
        first=rng.choice(["black", "white"]),
    )
    for _ in range(160):
        if s.result() is not None:
            assert s.legal_moves() == []
            break
        ms = s.legal_moves()
        assert len(ms) == len(set(ms)) == P.perft(s, 1)
        m = rng.choice(ms)
        before = (P.to_text(s), s.history)
        t = s.play(m)
        assert (P.to_text(s), s.history) == before  # play() never mutates
        assert t.to_move != s.to_move  # alternation
        assert t.black.bit_count() == 2
        assert t.white.bit_count() + t.hand + t.captures == P.TOTAL_WHITES
        if m.kind == "drop":
            assert s.to_move == "w" and s.hand > 0 and t.hand == s.hand - 1 and s.at(m.path[0]) is None
        else:
            assert t.hand == s.hand
            if s.to_move == "w":
                assert s.hand == 0
        for c in m.captured:  # jumps only over white; a chain may end on a point it emptied
            assert s.at(c) == "W" and (t.at(c) is None or (jumps == "chain" and c == m.path[-1]))
        assert t.captures == s.captures + len(m.captured)
        if m.captured and forced is False and jumps == "one":
            assert len(m.captured) == 1
        u = P.from_text(P.to_text(t), jumps=jumps, forced_capture=forced)
        assert P.to_text(u) == P.to_text(t)
        s = t


def test_docstring_examples():
    import doctest

    assert doctest.testmod(P).failed == 0
