"""Analysis of a position and game review (game.analysis, game.review) and their command line
(python -m game.cli analyse / review). No pygame."""

import json
from pathlib import Path

import pytest

from game import games
from game.ai import choose_move
from game.analysis import analyse, describe, win_chance
from game.cli import main
from game.match import Match
from game.review import BLUNDER, INACCURACY, MISTAKE, ReviewCancelled, mark_for, review_match, review_states
from game.rules import banqi, draughts
from game.rules.common import find_move

PDN_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "pdn"

# Black to move; 24-30?? lets White's man on 35 take three men and crown (35x4); 8-13 is level.
BLUNDER_FEN = "B:W25,27,31,33,35,42,43,45,48,49,50:B2,3,7,8,9,14,15,16,18,19,24"


def blunder_match() -> Match:
    m = Match("draughts", start_state=draughts.from_text(BLUNDER_FEN))
    for text in ("24-30", "35x4"):
        m.play(find_move(m.state, text))
    return m


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refusals
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# ---- marks -----------------------------------------------------------------------------------------
def test_thresholds_are_ordered_and_named():
    assert 0 < INACCURACY < MISTAKE < BLUNDER < 1
    assert mark_for(0.0) == "" and mark_for(INACCURACY - 1e-9) == ""
    assert mark_for(INACCURACY) == "?!" and mark_for(MISTAKE) == "?" and mark_for(BLUNDER) == "??"
    assert win_chance(0.0) == 0.5 and win_chance(1.0) == 1.0 and win_chance(-3) == 0.0


def test_a_move_that_gives_away_three_men_is_a_blunder_with_the_better_move_named():
    m = blunder_match()
    r = review_match(m, nodes=20000)
    first = r.moves[0]
    assert first.mark == "??" and first.side == "b" and first.label == "1..."
    assert first.drop >= BLUNDER and first.before > 0.4 and first.after < 0.2
    assert first.better is not None and first.better != "24-30"
    find_move(draughts.from_text(BLUNDER_FEN), first.better)  # a legal move of the position
    assert first.text() == f"1... 24-30 ??  (better {first.better})"
    assert r.moves[1].mark == "" and r.moves[1].label == "2."  # taking what was offered is best
    assert len(r.positions) == 3 and r.counts("b")["??"] == 1 and r.counts("w")["??"] == 0


def test_a_move_that_walks_into_a_forced_capture_is_judged_after_it():
    """After 19-24?? White's only move, 28x30, wins two men: the position with that capture
    pending is valued by a search, not by the evaluation (which sees the men still there), both
    under the review's node budget and on a clock."""
    m = Match.new("draughts")
    for text in ("32-28", "18-23", "38-32", "19-24"):
        m.play(find_move(m.state, text))
    assert [str(x) for x in m.legal_moves()] == ["28x30"]
    m.play(m.legal_moves()[0])
    r = review_match(m, nodes=20000)
    assert r.moves[3].mark in ("?", "??") and r.moves[3].better not in (None, "19-24")
    forced = r.positions[4]
    assert forced.depth >= 1 and forced.win_chance > 0.7 and r.moves[4].mark == ""
    timed = review_match(m, time_limit=0.2)
    assert timed.positions[4].win_chance > 0.7 and 1 <= timed.positions[4].depth <= 4


def test_progress_is_reported_and_cancel_stops_between_positions():
    m = blunder_match()
    seen = []
    review_match(m, nodes=300, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]
    asked = []

    def cancel():
        asked.append(1)
        return len(asked) > 2

    seen.clear()
    with pytest.raises(ReviewCancelled):
        review_match(m, nodes=300, progress=lambda done, total: seen.append((done, total)), cancel=cancel)
    assert seen == [(0, 3), (1, 3), (2, 3)]


def test_review_by_time_and_of_an_empty_game():
    m = Match("draughts", start_state=draughts.from_text(BLUNDER_FEN))
    r = review_match(m, time_limit=0.05)
    assert r.moves == () and len(r.positions) == 1 and r.positions[0].best is not None
    with pytest.raises(ValueError):
        review_states(m.states, [find_move(m.state, "24-30")])


# ---- analysis --------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["palace", "draughts", "banqi"])
def test_analysis_gives_a_legal_line_and_is_repeatable_with_a_node_budget(name):
    info = games.get(name)
    m = Match.new(name, seed=3)
    for i in range(6):
        m.play(choose_move(m.public_state(), "easy", seed=i, nodes=500))
    while len(m.legal_moves()) == 1:  # a forced move (in play answered at once)
        m.play(m.legal_moves()[0])
    a = analyse(m.state, nodes=3000)
    assert a == analyse(m.state, nodes=3000)
    assert -1 <= a.value <= 1 and a.depth >= 1 and 0 < a.nodes <= 3001 and a.line and a.line[0] == str(a.best)
    state = info.public(m.state)
    for text in a.line:  # the line replays through the rules (up to a flip, which ends it)
        move = find_move(state, text)
        if info.reveals(move):
            assert text == a.line[-1] and a.flip == text
            break
        state = state.play(move)
    lines = describe(a)
    assert lines[0].startswith("evaluation ") and lines[1] == "best line: " + " ".join(a.line)


def test_banqi_analysis_never_uses_the_true_layout():
    m = Match.new("banqi", seed=11)
    for i in range(12):
        m.play(choose_move(m.public_state(), "easy", seed=i, nodes=500))
    pub = banqi.public_state(m.state)
    one, two = banqi.deal(pub, seed=1), banqi.deal(pub, seed=2)
    assert one.hidden != two.hidden and banqi.public_state(one).board == banqi.public_state(two).board
    a, b = analyse(one, nodes=4000), analyse(two, nodes=4000)
    assert a == b and a == analyse(m.state, nodes=4000)
    if a.flip is not None:
        assert abs(sum(p for _, p in a.flip_chances) - 1) < 1e-9


def test_banqi_line_stops_at_the_first_flip_with_its_odds():
    a = analyse(banqi.new_game(seed=4), nodes=1000)
    assert a.to_move is None and a.line == (a.flip,) and len(a.flip_chances) == 14
    assert dict(a.flip_chances)["K"] == pytest.approx(1 / 32)


def test_analysis_of_a_finished_position():
    a = analyse(draughts.from_text("B:W46:B"), nodes=100)
    assert a.over and a.line == () and a.best is None and a.value in (1.0, -1.0)


# ---- command line ----------------------------------------------------------------------------------
def test_cli_analyse_prints_evaluation_line_depth_and_nodes(capsys):
    code, out, err = run(capsys, "analyse", "draughts", BLUNDER_FEN, "--nodes", "5000")
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert [line.split(":")[0] for line in lines[1:6]] == ["score", "depth", "nodes", "time", "pv"]
    assert lines[0] != "24-30" and lines[5].startswith(f"pv: {lines[0]}") and lines[3] in ("nodes: 5000", "nodes: 5001")
    assert lines[6].startswith("evaluation ") and "for b to move" in lines[6] and "win chance" in lines[6]
    assert lines[7].startswith("best line: ")
    code, out, _ = run(capsys, "analyse", "draughts", BLUNDER_FEN, "--nodes", "5000", "--json")
    found = json.loads(out)
    assert (
        found["move"] == lines[0]
        and found["pv"][0] == found["move"]
        and found["line"] == found["pv"][: len(found["line"])]
    )
    code, out, _ = run(capsys, "analyse", "banqi", "xxxxxxxx/xxxxxxxx/xxxPxxxx/xxxxxxxx b - 0", "--time", "0.2")
    assert code == 0 and "the line stops at the flip" in out


def test_cli_review_of_a_saved_game(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    from game import storage

    path = storage.save_named(blunder_match().to_record(), "复盘 test")
    code, out, err = run(capsys, "review", str(path), "--nodes", "20000")
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert lines[0].startswith("1... 24-30 ??  (better ") and lines[1] == "2. 35x4"
    assert lines[2] == "marks: ?? 1, ? 0, ?! 0"


def _pdn(name):
    path = PDN_DIR / "international" / name
    if not path.is_file():
        pytest.skip(f"the shared PDN test files are not here ({path})")
    return path


def test_cli_review_of_a_pdn_file(capsys):
    code, out, err = run(capsys, "review", str(_pdn("variation.pdn")), "--nodes", "500")
    assert code == 0 and err == ""
    assert [line.split(" ?")[0] for line in out.splitlines()[1:5]] == [
        "1. 32-28",
        "1... 19-23",
        "2. 28x19",
        "2... 14x23",
    ]
    code, out, err = run(capsys, "review", str(_pdn("kurnik.pdn")), "--nodes", "300")
    assert code == 0 and out.count("\ngame ") + out.startswith("game ") == 4 and out.count("marks: ") == 4


def test_cli_review_of_a_pdn_file_with_a_bad_game_reviews_the_others(capsys):
    code, out, err = run(capsys, "review", str(_pdn("PROF2.pdn")), "--nodes", "200")
    assert code == 0 and "game 14" in err and all(line.startswith("skipped: ") for line in err.splitlines())
    assert "game 14:" not in out and out.startswith("game 1:")


@pytest.mark.parametrize(
    "argv",
    [
        ["analyse", "draughts", "W:W31-50:B1-20,77"],
        ["analyse", "nogame", "x"],
        ["analyse", "draughts", "W:W31-50:B1-20", "--time", "nan"],
        ["analyse", "draughts", "W:W31-50:B1-20", "--time", "-1"],
        ["analyse", "draughts", "W:W31-50:B1-20", "--nodes", "0"],
        ["analyse", "draughts", "W:W31-50:B1-20", "--nodes", "1" + "0" * 40],
        ["review", "FILE", "--nodes", "10", "--time", "1"],
        ["review", "FILE", "--time", "inf"],
        ["review", "/no/such/file.json"],
        ["review", "DIR"],
        ["review", "GARBAGE"],
        ["review", "ILLEGAL"],
        ["review", "EMPTY"],
    ],
)
def test_cli_malformed_input_is_one_line_and_status_2(capsys, tmp_path, argv):
    files = {
        "FILE": tmp_path / "ok.pdn",
        "DIR": tmp_path,
        "GARBAGE": tmp_path / "bad.json",
        "ILLEGAL": tmp_path / "illegal.json",
        "EMPTY": tmp_path / "empty.pdn",
    }
    files["FILE"].write_text("1. 32-28 *", encoding="utf-8")
    files["GARBAGE"].write_text('{"format": "qipan-game", "version": 1, "game": ', encoding="utf-8")
    record = blunder_match().to_record()
    record.moves[1] = "35x3"
    files["ILLEGAL"].write_text(record.to_json(), encoding="utf-8")
    files["EMPTY"].write_bytes(b"\x00\xff garbage")
    argv = [str(files[a]) if a in files else a for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: "), err


def test_a_banqi_flip_is_judged_by_its_odds_not_by_what_it_turned_up():
    m = Match.new("banqi", seed=11)
    for i in range(12):
        m.play(choose_move(m.public_state(), "easy", seed=i, nodes=500))
    pub = banqi.public_state(m.state)
    flip = next(mv for mv in pub.legal_moves() if mv.kind == "flip")
    judged = []
    for seed in range(1, 6):
        dealt = banqi.deal(pub, seed=seed)
        judged.append(review_states([dealt, dealt.play(flip)], [flip], nodes=2000).moves[0])
    assert len({banqi.revealed_piece(banqi.deal(pub, seed=s), flip) for s in range(1, 6)}) > 1
    assert len({(j.before, j.after, j.mark) for j in judged}) == 1
