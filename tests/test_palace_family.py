"""The palace family (shared/rules/palace-family.md): the one-, two- and four-palace boards built
from their lines, their openings and texts, perft, the fast path against legal_moves/play on every
board, the `start` command, the computer, saves and analysis on every board."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import choose_move
from game.ai.palace import search as A
from game.match import Match
from game.record import GameRecord
from game.rules import palace as P
from game.rules.common import PositionError
from game.rules.palace_board import BOARDS, SETUPS

BOARD_IDS = (1, 2, 4)


# ---- the boards ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "n, points, lines, edges, jumps", [(1, 31, 18, 66, 96), (2, 37, 20, 76, 112), (4, 105, 40, 248, 416)]
)
def test_board_counts(n, points, lines, edges, jumps):
    b = BOARDS[n]
    assert len(b.points) == points and len(b.lines) == lines and len(b.edges) == edges
    assert sum(len(j) for j in b.jumps) == jumps == len(b.jump_over)
    assert len(b.doors) == len(b.palace_sets) == n
    for s in b.palace_sets:
        assert len(s) == 6 and s <= set(b.points)


@pytest.mark.parametrize("n", BOARD_IDS)
def test_adjacency_and_jumps_come_from_the_lines(n):
    b = BOARDS[n]
    for a in b.points:
        for q in b.adj[a]:
            assert a in b.adj[q]
        for over, to in b.jumps[a]:
            assert over in b.adj[a] and to in b.adj[over]
            assert any(line[i : i + 3] in ((a, over, to), (to, over, a)) for line in b.lines for i in range(len(line)))
    for p in range(b.size):
        if p not in b.points:
            assert b.adj[p] == () and b.jumps[p] == ()
        else:
            assert b.parse(b.name(p)) == p


def test_two_palace_board_is_unchanged():
    b = BOARDS[2]
    assert b.points == P.POINTS and b.adj == tuple(P.ADJ) and b.jumps == tuple(P.JUMPS)
    assert {frozenset(line) for line in b.lines} == {frozenset(line) for line in P.LINES}


def test_four_palace_board_lines_run_through_the_doors():
    b = BOARDS[4]
    pt = lambda s: P.parse_point(s, b)  # noqa: E731
    assert [b.name(d) for d in b.doors] == ["g11", "g3", "c7", "k7"]
    # the door-to-door diagonal runs on into both palaces: i13 .. a5
    line = next(line for line in b.lines if pt("i13") in line and pt("a5") in line)
    assert len(line) == 9 and pt("g11") in line and pt("c7") in line
    # inside a palace only its lines: h12 touches i13, g12 and g11
    assert {b.name(q) for q in b.adj[pt("h12")]} == {"i13", "g12", "g11"}
    assert len(b.adj[b.centre]) == 8


# ---- openings and texts -----------------------------------------------------------------------------
STARTS = {
    1: ".-.-./-.B.-/..B../...../...../WWWWW/WWWWW b 5 0",
    2: ".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. b 16 0",
    4: "----.-.-.----/-----...-----/--....B....--/--.........--/.-..WWWWW..-./-...W...W...-/..B.W...W.B../"
    "-...W...W...-/.-..WWWWW..-./--.........--/--....B....--/-----...-----/----.-.-.---- b 48 0",
}


@pytest.mark.parametrize("n", BOARD_IDS)
def test_start_texts_carry_their_board(n):
    s = P.new_game(palaces=n)
    assert P.to_text(s) == STARTS[n]
    t = P.from_text(STARTS[n])  # no option needed: the rows say which board
    assert t.board is BOARDS[n] and t.options["palaces"] == n and P.to_text(t) == STARTS[n]
    assert t.win_captures == SETUPS[n].target
    assert len(s.kings) == SETUPS[n].kings


def test_openings_and_soldier_counts():
    one = {o: P.new_game(palaces=1, opening=o) for o in ("standard", "rows", "centre", "corners")}
    assert [(len(s.soldiers), s.hand) for s in one.values()] == [(10, 5), (10, 5), (8, 8), (4, 12)]
    four = P.new_game(palaces=4, opening="full")
    assert (len(four.soldiers), four.hand) == (24, 50)
    # an opening a board does not have is its standard one
    assert P.to_text(P.new_game(palaces=4, opening="rows")) == STARTS[4]
    assert P.to_text(P.new_game(opening="standard")) == P.to_text(P.new_game(opening="centre")) == STARTS[2]


@pytest.mark.parametrize("n", sorted(BOARDS))
def test_each_board_offers_exactly_its_own_openings(n):
    """The screens offer an opening only where it gives its own start: every offered one differs
    from the others, and every one left out plays the board's standard start."""
    opening = next(o for o in P.OPTIONS if o.key == "opening")
    offered = opening.offered({"palaces": n})
    assert offered[0] == "standard" and len(offered) == len(SETUPS[n].openings)
    starts = {name: P.to_text(P.new_game(palaces=n, opening=name)) for name in opening.choices}
    assert len({starts[name] for name in offered}) == len(offered)
    for name in set(opening.choices) - set(offered):
        assert starts[name] == STARTS[n], name
        assert opening.settled({"palaces": n, "opening": name}) == "standard"
    assert all(opening.settled({"palaces": n, "opening": name}) == name for name in offered)


@pytest.mark.parametrize("n", sorted(BOARDS))
def test_each_board_offers_only_targets_its_soldiers_can_reach(n):
    target = next(o for o in P.OPTIONS if o.key == "target")
    offered = target.offered({"palaces": n})
    most = max(
        len(P.new_game(palaces=n, opening=o).soldiers) + P.new_game(palaces=n, opening=o).hand
        for o in SETUPS[n].openings
    )
    assert offered[0] == 0 and all(t <= most for t in offered)
    assert [t for t in target.choices if t <= most] == list(offered)  # none left out that could be won
    assert P.new_game(palaces=n, target=offered[-1]).win_captures == offered[-1]


def test_standard_targets_are_the_documented_ones():
    # docs/PALACE.md's table and the Rules screen give each board's standard target; they are
    # chosen by measurement (bench/RESULTS.md), so the code and the documents must agree
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[1]
    table = (root / "docs" / "PALACE.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| (\d)(?: \(default\))? \|.*\| (\d+) \|$", table, re.M))
    assert {int(k): int(v) for k, v in rows.items()} == {n: P.new_game(palaces=n).win_captures for n in BOARD_IDS}
    rules = (root / "assets" / "rules" / "palace.en.md").read_text(encoding="utf-8")
    for n, words in ((1, "One palace"), (4, "Four palaces")):
        line = next(x for x in rules.splitlines() if x.startswith(f"- {words} ("))
        assert f"Black wins with {P.new_game(palaces=n).win_captures} captures" in line
    # every target up to all 64 soldiers of four palaces can be chosen
    assert P.new_game(palaces=4, target=64).win_captures == 64


@pytest.mark.parametrize(
    "text, words",
    [
        (".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../..... b 5 0", "match no board"),
        ("...../...../...../...../...../...../..... b 5 0", "not a board point"),
        (".-.-./-.B.-/..B../...../..B../WWWWW/WWWWW b 5 0", "2 kings"),
        (".-.-./-.B.-/..B../...../...../WWWWW/WWWWW b 13 0", "at most 12"),
        (".-.-./-.B.-/..B../...../...../WWWWW/WWWWW b 5 7", "too many"),
        (STARTS[4].replace("b 48 0", "b 48 27"), "too many"),
        (STARTS[4].replace("--....B....--", "--....B....---", 1), "13 cells"),
        (STARTS[4].replace("W", "B", 1), "4 kings"),
    ],
)
def test_bad_texts_are_refused_with_one_line(text, words):
    with pytest.raises(PositionError) as err:
        P.from_text(text)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_the_text_says_the_board_whatever_the_option():
    s = P.from_text(STARTS[1], palaces=2, target=8)
    assert s.board is BOARDS[1] and s.options["palaces"] == 1 and s.win_captures == 8


def test_moves_pickle_and_name_their_board():
    s = P.new_game(palaces=4)
    m = s.legal_moves()[0]
    assert pickle.loads(pickle.dumps(m)) == m and str(m) == "g11-f12"
    t = pickle.loads(pickle.dumps(s))
    assert t == s and t.board is BOARDS[4]


# ---- perft and the fast path ------------------------------------------------------------------------
@pytest.mark.parametrize("n, counts", [(1, [10, 190, 1571]), (2, [8, 216, 1732]), (4, [32, 2720, 77160])])
def test_perft(n, counts):
    s = P.new_game(palaces=n)
    assert [P.perft(s, d) for d in (1, 2, 3)] == counts


def _object_perft(state, depth):
    if depth == 0:
        return 1
    return sum(_object_perft(state.play(m), depth - 1) for m in state.legal_moves())


@settings(max_examples=30, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(BOARD_IDS),
    st.sampled_from(["one", "chain"]),
    st.booleans(),
    st.sampled_from(["standard", "centre", "corners", "full", "doors"]),
)
def test_fast_path_equals_legal_moves_and_play(rng, n, jumps, forced, opening):
    s = P.new_game(palaces=n, jumps=jumps, forced_capture=forced, opening=opening)
    total = len(s.soldiers) + s.hand
    for ply in range(120):
        if s.result() is not None:
            assert s.legal_moves() == []
            break
        fast = P.gen_moves(s.black, s.white, s.to_move, s.hand, s._rules)
        legal = s.legal_moves()
        assert [str(m) for m in fast] == [str(m) for m in legal] and len(set(legal)) == len(legal)
        assert P.perft(s, 1) == len(legal)
        if ply % 25 == 0:
            assert P.perft(s, 2) == _object_perft(s, 2)
        m = rng.choice(legal)
        t = s.play(m)
        black, white, hand, caps, _ = P.apply_move(s.black, s.white, s.hand, s.captures, m)
        assert (t.black, t.white, t.hand, t.captures) == (black, white, hand, caps)
        assert t.black.bit_count() == SETUPS[n].kings and t.white.bit_count() + t.hand + t.captures == total
        assert (t.black | t.white) & ~t.board.used_mask == 0 and t.black & t.white == 0
        assert P.to_text(P.from_text(P.to_text(t), jumps=jumps, forced_capture=forced)) == P.to_text(t)
        s = t


# ---- the command line ---------------------------------------------------------------------------------
def run(*args):
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=120)


def test_cli_start_every_game_and_board():
    for n in BOARD_IDS:
        out = run("start", "palace", "--option", f"palaces={n}")
        assert out.returncode == 0 and out.stdout.strip() == STARTS[n]
    assert run("start", "palace").stdout.strip() == STARTS[2]
    assert run("start", "draughts").stdout.strip().startswith("W:W31,32")
    assert run("start", "banqi", "--seed", "5").stdout.strip() == "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - - 0"
    bad = run("start", "palace", "--option", "palaces=3")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
    bad = run("moves", "palace", STARTS[4].replace("W", "B", 1))
    assert bad.returncode == 2 and "4 kings" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    out = run("perft", "palace", STARTS[1], "2")
    assert out.stdout.strip() == "190"


# ---- the computer, saves, analysis -----------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 4])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_on_every_board(n, level):
    s = P.new_game(palaces=n)
    for i in range(4):
        m = choose_move(s, level, seed=i, nodes=400)
        assert m in s.legal_moves()
        s = s.play(m)


def test_search_finds_the_winning_capture_on_four_palaces():
    b = BOARDS[4]
    text = STARTS[4].replace("--....B....--", "--....BW...--", 1).replace("b 48 0", "b 44 3")
    t = P.from_text(text, target=4)
    m = choose_move(t, "hard", seed=0, nodes=3000)
    assert str(m) == "g11xi11" and b.name(m.captured[0]) == "h11"


def _palace_corner(n):
    """A king on the first palace's base corner, shut in but for the base's middle point (whose
    own way on is closed): one drop there shuts it in. The other kings stand free on the doors."""
    b = BOARDS[n]
    rows = [["-" if (r, c) in b.unused else "." for c in range(b.cols)] for r in range(b.rows)]
    corner, far_corner, door = b.triangles[0]
    base_mid = b.jump_over[(corner, far_corner)]
    mids = [p for p in b.palace_sets[0] if p not in (corner, far_corner, base_mid)]
    others = list(b.doors[1:]) if n == 4 else [b.at(b.rows - 1, 2)]
    for p, ch in [
        (corner, "B"),
        *((k, "B") for k in others),
        (door, "W"),
        (far_corner, "W"),
        *((m, "W") for m in mids),
    ]:
        r, c = b.rc(p)
        rows[r][c] = ch
    return P.from_text("/".join("".join(r) for r in rows) + " w 3 0"), base_mid


@pytest.mark.parametrize("n", [1, 4])
def test_a_shut_king_costs_black_more_than_a_nearly_shut_one(n):
    # the evaluation must reward white for closing a trap (search.SHUT_IN): before, a king with
    # one move into a dead end (-429) looked worse to black than a shut one (-240)
    s, closing = _palace_corner(n)
    geo = A.GEOMETRY[n]
    far = next(p for p in reversed(s.board.points) if s.at(p) is None and not s.board.palace_mask >> p & 1)
    shut, open_ = s.play(P.Move((closing,), (), n)), s.play(P.Move((far,), (), n))
    corner = s.board.triangles[0][0]
    assert [m.path for m in open_.legal_moves() if m.path[0] == corner] == [(corner, closing)]
    assert not [m for m in shut.legal_moves() if m.path[0] == corner]
    value = lambda t: A.evaluate_black(t.black, t.white, t.captures, t.to_move, t.hand, geo)  # noqa: E731
    assert value(shut) < value(open_)
    assert A.SHUT_IN[n] > A._WORST_FREE


@pytest.mark.parametrize("n", [1, 4])
def test_white_closes_a_palace_trap(n):
    s, closing = _palace_corner(n)
    m = choose_move(s, "hard", seed=0, nodes=300)
    assert m.path == (closing,)


@pytest.mark.parametrize("n", BOARD_IDS)
def test_save_load_round_trip_and_analysis(n):
    from game import analysis

    m = Match("palace", {"palaces": n})
    for i in range(6):
        m.play(choose_move(m.state, "easy", seed=i, nodes=200))
    rec = m.to_record()
    back = Match.from_record(GameRecord.from_json(rec.to_json()))
    assert P.to_text(back.states[-1]) == P.to_text(m.states[-1]) and back.options["palaces"] == n
    found = analysis.search(back.states[-1], nodes=500)
    assert found.move in back.states[-1].legal_moves() and found.pv


@pytest.mark.parametrize("n", [1, 4])
def test_network_game_on_every_board(n, tmp_path, monkeypatch):
    import random

    from net_helpers import Pair

    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    pair = Pair("palace", options={"palaces": n}, host_seat=1, saves=True)
    try:
        assert pair.guest.game.state.board is BOARDS[n] and pair.host.game.state.board is BOARDS[n]
        pair.play_random(random.Random(n), 40)
        h, g = pair.host.game, pair.guest.game
        assert h.plies == g.plies and P.to_text(h.state) == P.to_text(g.state)
    finally:
        pair.close()


@pytest.mark.parametrize("n", BOARD_IDS)
def test_review_on_every_board(n):
    from game.review import review_match

    m = Match("palace", {"palaces": n})
    for i in range(4):
        m.play(choose_move(m.state, "easy", seed=i, nodes=150))
    review = review_match(m, nodes=150)
    assert len(review.moves) == 4
