"""Draughts computer player and Hub protocol (node budgets only: the same on any machine)."""

import io
import os
import subprocess
import sys

import pytest

from game.ai import choose_move, evaluate
from game.ai.contract import Limits
from game.ai.draughts import book
from game.ai.draughts import eval as E
from game.ai.draughts import search as A
from game.ai.draughts.hub import Hub, format_position, parse_position
from game.ai.draughts.player import ENGINE
from game.rules import draughts as R


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_returns_a_legal_move_deterministically(level):
    s = R.new_game().play("32-28").play("19-23")
    m1 = choose_move(s, level, seed=3, nodes=3000)
    m2 = choose_move(s, level, seed=3, nodes=3000)
    assert m1 in s.legal_moves() and str(m1) == str(m2)
    assert str(m1) == "28x19"  # the only legal move: compulsory capture


def test_finds_the_winning_block():
    # 46-41 leaves the black man on 36 without a move (47 stops the capture): White wins at once
    s = R.from_text("W:W46,47:B36")
    assert str(choose_move(s, "hard", nodes=2000)) == "46-41"
    assert s.play("46-41").result().reason == "no_moves"


@pytest.mark.parametrize(
    "fen,best",
    [
        # positions from random games where dame-rs at depth 10 sees far more than the static score
        ("B:W16,25,33,36,37,38,40,41,42,43,44,45,46,49,50:B1,2,4,5,6,7,8,9,10,11,13,14,19,23,24", "24-30"),
        ("B:W26,30,33,34,35,36,38,40,43,44,45,47,48,49:B1,2,3,4,5,6,7,9,10,11,13,15,16,19,22,25,41", "41-46"),
        # the shot 7-11 keeps: a million-node search (depth 13) scores 14-19 and 15-20, which
        # play it a move later, within a tenth of a man of it (White +96 and +110 against +102)
        ("B:W16,17,25,33,34,37,41,44,45,46,47,48,49,50:B1,2,3,4,6,7,8,10,13,14,15,18", "7-11 14-19 15-20"),
    ],
)
def test_agrees_with_dame_rs_deep_search_on_tactics(fen, best):
    assert str(choose_move(R.from_text(fen), "hard", nodes=30000)) in best.split()


def test_evaluate_is_bounded_and_signed():
    assert evaluate(R.from_text("W:W31-50:B1")) > 0.5
    assert evaluate(R.from_text("B:W31-50:B1"), nodes=2000) < -0.5
    assert -1 <= evaluate(R.new_game(), nodes=2000) <= 1
    assert evaluate(R.new_game().resign()) == -1.0


def test_easy_makes_varied_choices_a_level_without_mistakes_is_stable():
    s = R.new_game()
    easy = {str(choose_move(s, "easy", seed=i, nodes=5000)) for i in range(12)}
    assert len(easy) > 1
    steady = {str(choose_move(s, 8, seed=i, nodes=5000)) for i in range(3)}  # 7-9 play their best
    assert len(steady) == 1


def test_repetition_is_a_draw_in_search():
    # two kings each: nobody can win; the score stays near 0
    s = R.from_text("W:WK46,K50:BK1,K5")
    _, score, _, _ = A.analyse(s, "hard", nodes=5000)
    assert abs(score) < 100


def test_notes_are_those_of_the_search_that_chose_the_move():
    s = R.from_text("W:W31-49:B1-20")  # not in the opening book (tests/test_draughts_book.py)
    assert not book.lookup(s)
    found = ENGINE.search(s, Limits("hard", nodes=3000))
    assert found.move == choose_move(s, "hard", nodes=3000) and found.pv[0] == found.move
    assert [line.split(":")[0] for line in found.lines()[:5]] == ["score", "depth", "nodes", "time", "pv"]
    assert found.depth >= 2 and 3000 <= found.nodes <= 3001


# ---- Hub protocol -------------------------------------------------------------------------------------
def run_hub(lines):
    out = io.StringIO()
    hub = Hub(out)
    for line in lines:
        hub.handle(line)
        if hub.thread is not None and line.startswith("go"):
            hub.thread.join()
    return out.getvalue().splitlines()


def test_hub_handshake_and_search():
    out = run_hub(["hub", "init", "ping", 'pos moves="32-28 19-23"', "level nodes=500", "go think"])
    assert out[0].startswith("id name=") and "wait" in out and "ready" in out and "pong" in out
    assert out[-1].split()[:2] == ["done", "move=28x19x23"]  # the forced capture, searched for its reply


def test_hub_position_and_depth():
    start = format_position(R.new_game())
    assert start == "W" + "b" * 20 + "e" * 10 + "w" * 20
    assert parse_position(start) == R.new_game()
    out = run_hub([f"pos pos={start}", "level depth=3", "go"])
    assert any(line.startswith("info depth=3") for line in out)
    move = out[-1].split("move=")[1].split()[0]
    assert move in {m.hub() for m in R.new_game().legal_moves()}


def test_hub_errors_are_reported():
    out = run_hub(["pos pos=Wxyz", 'pos moves="32-29"', "frobnicate"])
    assert len(out) == 3 and all(line.startswith("error message=") for line in out)


def test_hub_as_a_process():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.run(
        [sys.executable, "-m", "game.cli", "hub"],
        cwd=root,
        text=True,
        timeout=120,
        input='hub\ninit\npos moves="32-28 19-23"\nlevel nodes=300\ngo think\n',
        capture_output=True,
    )
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0 and "ready" in lines and lines[-1].split()[:2] == ["done", "move=28x19x23"]


def test_weights_file_round_trip_and_damaged_files(tmp_path):
    """The shipped tables load; what save_weights writes loads back the same; a damaged, foreign
    or truncated file gives None (the hand evaluation is used), never an error."""
    shipped = A._load_weights()
    assert shipped is not None, "game/ai/draughts_weights.bin must load"
    phase_of, phases = shipped
    assert len(phase_of) == 41 and len(phases) == max(phase_of) + 1
    path = tmp_path / "w.bin"
    A.save_weights(str(path), phase_of, [[w for *_, w in tables] for tables in phases])
    assert A._load_weights(str(path)) == shipped
    data = path.read_bytes()
    for bad in (b"", b"QPD1" + data[4:], data[:100], data[:-2], b"\x00" * 60):
        path.write_bytes(bad)
        assert A._load_weights(str(path)) is None
    assert A._load_weights(str(tmp_path / "missing.bin")) is None


@pytest.mark.parametrize("kind", ["strips", "boxes"])
def test_pattern_indices_read_each_patterns_own_squares(kind):
    """Every pattern's index, read from its runs of bits, is the base-3 number of its eight
    squares (0 empty, 1 white man, 2 black man), and the patterns cover the board: the strips of
    2 rows, and the boxes of 4 x 4 fields a learned file may add."""
    import random

    patterns, indices = (E.PATTERNS, E.pattern_indices) if kind == "strips" else (E.BOX_PATTERNS, E.box_indices)
    rng = random.Random(8)
    assert all(len(p) == 8 for p in patterns)
    assert sorted({sq for p in patterns for sq in p}) == list(range(50))
    for _ in range(200):
        sq = rng.sample(range(50), rng.randrange(0, 41))
        cut = rng.randrange(len(sq) + 1)
        wm = sum(R.SQUARE[s] for s in sq[:cut])
        bm = sum(R.SQUARE[s] for s in sq[cut:])
        want = [
            sum(3**i * (1 if wm & R.SQUARE[s] else 2 if bm & R.SQUARE[s] else 0) for i, s in enumerate(p))
            for p in patterns
        ]
        assert indices(wm, bm) == want


def test_trained_evaluation_is_nearly_colour_symmetric():
    """Turning the board round and swapping the colours gives nearly the same value for the mover
    (the pattern tiling is not its own mirror image, so not exactly: a colour mix-up would show
    as hundreds of centi-men)."""
    import random

    rng = random.Random(4)
    rot = lambda b: sum(R.SQUARE[50 - sq] for sq in R.squares(b))  # noqa: E731
    diffs = []
    for _ in range(30):
        s = R.new_game()
        for _ in range(rng.randrange(4, 60)):
            if s.result() is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        a = A.evaluate_board(s.wm, s.wk, s.bm, s.bk, True)
        b = A.evaluate_board(rot(s.bm), rot(s.bk), rot(s.wm), rot(s.wk), False)
        diffs.append(abs(a - b))
    assert sum(diffs) / len(diffs) < 12 and max(diffs) < 50, diffs


def test_node_budgets_do_not_depend_on_earlier_searches():
    """Timed hard searches keep their tables from move to move; node-budget searches must not,
    so that the same call gives the same answer whatever ran before."""
    s = R.new_game().play("32-28").play("18-23")
    first = A.analyse(s, "hard", nodes=4000)
    A.analyse(R.new_game(), "hard", time_limit=0.2)  # fills the kept tables
    assert A.analyse(s, "hard", nodes=4000) == first


def test_pondering_fills_the_kept_tables_and_stops_when_asked():
    """Hard thinks on the opponent's time into the tables its next timed move keeps; it stops as
    soon as should_stop() says so (the worker passes 'a request is waiting')."""
    s = R.new_game().play("32-28").play("18-23").play("37-32")  # Black to move, after White's move
    saved = A.use_tables(A.new_tables())
    try:
        calls = []

        def should_stop():
            calls.append(1)
            return len(calls) > 40

        depth = A.ponder(s, should_stop)
        assert depth >= 1 and len(calls) == 41
        search = A.make_search(A.Budget(nodes=1), (), "shared")
        replies = [s.play(m) for m in s.legal_moves()]
        assert sum(search.tt_move(r.key()) is not None for r in replies) >= 1
    finally:
        A.use_tables(saved)


def test_pondering_skips_forced_replies_and_finished_games():
    s = R.new_game().play("32-28").play("19-23")  # White must take 28x19
    assert len(s.legal_moves()) == 1
    saved = A.use_tables(A.new_tables())
    try:
        assert A.ponder(s, lambda: False, seconds=0.2) >= 1  # thought about the position after 28x19
        over = R.parse_fen("B:W28:B")
        assert A.ponder(over, lambda: False, seconds=0.2) == 0
    finally:
        A.use_tables(saved)


def test_the_kept_tables_are_fixed_slots_and_cached_evaluations_are_exact():
    """Nothing the timed searches keep is ever dropped at once (freeing a big dict took tens of
    milliseconds inside a move), and a cached evaluation is the evaluation itself."""
    import random

    saved = A.use_tables(A.new_tables())
    try:
        rng = random.Random(5)
        s = R.new_game()
        for _ in range(20):
            s = s.play(rng.choice(s.legal_moves()))
        for _ in range(3):
            tt, evals, _ = A.shared_tables()
            A.Search(A.Budget(nodes=5000), (), (tt, evals, {})).root(s, 64)
        tt2, evals2, _ = A.shared_tables()
        assert tt2 is tt and evals2 is evals and len(evals) == 1 << A.EVAL_BITS and len(tt) == 1 << A.TT_BITS
        cached = [e for e in evals if e is not None]
        assert len(cached) > 100
        for (wm, wk, bm, bk), score in cached[:200]:
            assert score == A.evaluate_board(wm, wk, bm, bk, True)
    finally:
        A.use_tables(saved)


def test_the_line_reaches_the_depth_searched_even_where_the_table_lost_it():
    """The compiled search keeps its principal variation in a triangular array: the line reported
    is at least as long as the depth searched, even where the table alone (whose entries later
    searches overwrite) gives only a move or two."""
    import random

    rng = random.Random(3)
    checked = short_walks = 0
    for g in range(6):
        s = R.new_game()
        for _ in range(24 + 3 * g):
            s = s.play(rng.choice(s.legal_moves()))
        mv, _score, depth, _nodes, search = A.run(s, "hard", None, 400_000)
        if depth == 0:  # a node budget too small for one iteration
            continue
        first = A._to_move(s, mv)
        line = A.pv(search, s, first, plies=40)
        assert line[0] == first and len(line) >= depth
        end = s
        for move in line:  # every move of it legal in turn
            assert move in end.legal_moves()
            end = end.play(move)
        search.line = []
        short_walks += len(A.pv(search, s, first, plies=40)) < depth
        checked += 1
    assert checked >= 3 and short_walks >= 1  # the table alone would have cut some lines short


def test_the_time_spent_building_the_line_teaches_the_next_margin(monkeypatch):
    """A timed move ends when its line is built, not when its search returns: a slow line (here
    0.25 s) must widen the next moves' margin, as any lateness does (common.Budget.finish)."""
    import time

    from game.ai.common import Budget

    saved = Budget.late
    line = A.pv
    monkeypatch.setattr(book, "choose", lambda *a: None)
    monkeypatch.setattr(A, "pv", lambda *a: (time.sleep(0.25), line(*a))[1])
    try:
        Budget.late = 0.0
        s = R.new_game().play("32-28").play("18-23").play("37-32").play("12-18")
        found = ENGINE.search(s, Limits("hard", time=0.3))
        assert found.move in s.legal_moves() and found.time > 0.3
        assert Budget.late > 0.05
    finally:
        Budget.late = saved
