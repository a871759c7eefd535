"""Clocks (game/clock.py), the match on a clock (game/match.py), saves and PDN with clocks, the
flag-fall rule of each game, the time manager (game/ai/timeman.py), the Hub's time levels and
selfplay. Every clock here runs on a hand-driven time source: nothing depends on the machine's
speed."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.timeman import MIN_MOVE, TimeManager, TimePlan
from game.clock import PRESETS, Clock, ClockError, TimeControl, format_time, pdn_clock
from game.match import Match
from game.record import GameRecord, SaveError, match_pdn
from game.rules import banqi, draughts, draughts_pdn


class FakeTime:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


# ---- the time control ------------------------------------------------------------------------
def test_presets_and_parse():
    assert [TimeControl.preset(p).label() for p in PRESETS] == list(PRESETS)
    tc = TimeControl.preset("5+3")
    assert (tc.base, tc.inc) == (300, 3)
    assert TimeControl.parse("4+0.1") == TimeControl(4.0, 0.1)
    assert TimeControl.parse(" 60 + 0.5 ").pdn_tag() == "60+0.5"
    assert TimeControl(300, 5).handicap(300, 120).label() == "5/2+5"
    for bad in ("", "5", "x+1", "-1+0", "0+0", "nan+1", "1+inf", "99999999+0", "1+1+1"):
        with pytest.raises(ClockError):
            TimeControl.parse(bad)


@given(st.text(max_size=30))
def test_parse_never_fails_otherwise(text):
    try:
        tc = TimeControl.parse(text)
    except ClockError:
        return
    assert min(tc.start_times()) > 0 and tc.inc >= 0


def test_control_json_round_trip():
    for tc in (TimeControl(60, 0.5), TimeControl(300, 5).handicap(300, 60), TimeControl(10, 0, None, False)):
        assert TimeControl.from_json(json.loads(json.dumps(tc.to_json()))) == tc
    for bad in (None, [], {"base": "1"}, {"base": 1, "x": 2}, {"base": 1, "bases": [1]}, {"base": 1, "flag_draw": 1}):
        with pytest.raises(ClockError):
            TimeControl.from_json(bad)


def test_faces():
    assert format_time(125.7) == "2:05"
    assert format_time(3725) == "1:02:05"
    assert format_time(9.87) == "9.8"
    assert format_time(-1) == "0.0"
    assert pdn_clock(298.4) == "0:04:58"
    assert pdn_clock(9.45) == "0:00:09.4"


# ---- the clock ---------------------------------------------------------------------------------
def test_clock_runs_presses_pauses_and_flags():
    t = FakeTime()
    c = Clock(TimeControl(10, 2), now=t)
    assert c.times() == (10, 10) and not c.ticking()
    c.start(0)
    t.t += 3
    assert c.left(0) == pytest.approx(7)
    assert c.press() == pytest.approx(9)  # the increment after the move
    assert c.running == 1
    t.t += 1
    c.pause()
    t.t += 50  # a question is open: nothing runs
    assert c.left(1) == pytest.approx(9)
    c.resume()
    t.t += 1
    c.hold()  # the computer answered; its move waits for the board
    t.t += 5
    assert c.left(1) == pytest.approx(8)
    c.press()
    assert c.times() == (pytest.approx(9), pytest.approx(10))
    t.t += 8.5
    assert c.flagged() is None
    t.t += 0.5
    assert c.flagged() == 0 and c.left(0) == 0


# ---- a match on the clock ----------------------------------------------------------------------
MINUTE = TimeControl(60, 1)


def clocked(game="draughts", control=MINUTE, **kw):
    t = FakeTime()
    m = Match.new(game, control=control, **kw)
    assert m.clock is not None
    m.clock.now = t
    return m, t


def test_match_keeps_every_positions_times_and_undo_restores_them():
    m, t = clocked(mode="computer", human_seat=0, level="hard")
    m.start_clock()
    t.t += 5
    m.play(m.legal_moves()[0])  # the human: 60 - 5 + 1
    t.t += 2
    m.play(m.legal_moves()[0])  # the computer: 60 - 2 + 1
    t.t += 10
    assert m.times == [(60, 60), (56, 60), (56, 59)]
    assert m.clock.left(0) == pytest.approx(46)
    m.undo()  # back to the human's last move: the clocks of that position
    assert m.ply == 0 and m.clock.times() == (60, 60) and not m.clock.ticking()
    m.start_clock()
    assert m.clock.running == 0


def test_flag_fall_loses_and_is_saved():
    m, t = clocked(control=TimeControl(5, 0))
    m.start_clock()
    t.t += 4.9
    assert m.flag() is None
    t.t += 0.2
    r = m.flag()
    assert r is not None and r.winner == "b" and r.reason == "time"
    assert m.clock.times()[0] == 0 and not m.clock.ticking()
    rec = GameRecord.from_json(m.to_record().to_json())
    assert rec.end == {"winner": "b", "reason": "time"}
    again = Match.from_record(rec)
    assert again.result() == r and again.clock is not None


def test_saved_clock_round_trip_and_old_saves():
    m, t = clocked(control=TimeControl(300, 5).handicap(300, 100))
    m.start_clock()
    for step in (3, 7, 1):
        t.t += step
        m.play(m.legal_moves()[0])
    t.t += 4  # saved in the middle of black's move (the autosave)
    data = json.loads(m.to_record().to_json())
    assert data["clock"]["control"] == {"base": 300, "inc": 5, "bases": [300, 100]}
    assert data["clock"]["times"] == [[300, 100], [302, 100], [302, 98], [306, 98]]
    assert data["clock"]["now"] == [306, 94]
    back = Match.from_record(GameRecord.from_dict(data))
    assert back.times == m.times and back.clock.times() == (306, 94)
    del data["clock"]  # a save from before clocks
    old = Match.from_record(GameRecord.from_dict(data))
    assert old.clock is None and old.times == [] and old.texts == m.texts
    for bad in ({"control": {"base": 1}, "times": [[1, 1]]}, {"control": {"base": 60}, "times": []}, [1]):
        data["clock"] = bad
        with pytest.raises(SaveError):
            GameRecord.from_dict(data)


def test_copy_has_a_clock_of_its_own():
    m, t = clocked()
    m.start_clock()
    c = m.copy()
    t.t += 10
    assert c.clock is not m.clock and c.clock.times() == (60, 60)


# ---- each game's flag-fall rule (docs/CLOCK.md) ----------------------------------------------------
def test_banqi_lone_pieces_that_can_capture_nothing_draw_on_time():
    gone = "AABBRRNNCPPPPPKaabbrrnnckppppp"  # everything but a cannon each is captured
    s = banqi.from_text(f"C......./......../......../.......c r {gone} 0")
    assert not s.can_win("b") and not s.can_win("r")
    assert s.out_of_time().result().reason == "time_draw"
    assert s.out_of_time(flag_draw=False).result().winner == "b"  # the named option off: a loss
    gone = "AABBRRNNCCPPPPPaabbrrnncckpppp"  # red's general against black's soldier: a chase is possible
    s = banqi.from_text(f"K......./......../......../.......p r {gone} 0")
    assert s.can_win("r") and s.out_of_time().result().winner == "b"


def test_banqi_before_the_first_flip_no_winner_can_be_named():
    m, t = clocked("banqi", TimeControl(3, 0), seed=5)
    m.start_clock()
    t.t += 4
    assert m.flag().reason == "time_draw"


def test_draughts_flag_fall_is_a_loss_unless_dead_drawn():
    s = draughts.from_text("W:W46:B5")  # lone king against lone king? no: men, a win is possible
    assert s.out_of_time().result().winner == "b"
    kings = draughts.from_text("W:WK46:BK5")
    assert kings.is_dead_draw() and kings.out_of_time().result().reason == "time_draw"


# ---- PDN ------------------------------------------------------------------------------------------
def test_pdn_carries_time_control_and_clk():
    m, t = clocked(control=TimeControl(300, 5))
    m.start_clock()
    for _ in range(3):
        t.t += 2
        m.play(m.legal_moves()[0])
    text = match_pdn(m, {"White": "Ann"})
    assert '[TimeControl "300+5"]' in text
    assert text.count("[%clk") == 3 and "{[%clk 0:05:03]}" in text
    game = draughts_pdn.read_pdn(text).games[0]
    assert [str(x) for x in game.moves] == m.texts


# ---- the time manager -------------------------------------------------------------------------------
@settings(max_examples=300)
@given(
    st.floats(0.001, 20000),
    st.floats(0, 60),
    st.integers(0, 300),
    st.lists(st.floats(-1, 1), max_size=4),
    st.floats(0, 2),
)
def test_allotment_stays_inside_the_clock(left, inc, moves, values, late):
    tm = TimeManager(TimePlan(moves=40), base=left)
    tm.moves, tm.values, tm.late = moves, values, late
    t = tm.allot(left, inc)
    assert t >= MIN_MOVE
    assert t <= max(MIN_MOVE, left * 0.2)  # never more than a fifth of what is left


def test_allotment_grows_with_an_unclear_position_and_shrinks_when_late():
    tm = TimeManager(TimePlan(moves=40), base=60)
    calm = tm.allot(60, 0.5)
    tm.values = [0.1, 0.4]
    assert tm.allot(60, 0.5) > calm
    tm.values = []
    tm.done(None, spent=1.5, allotted=1.0)
    assert tm.late == pytest.approx(0.5) and tm.allot(60, 0.5) < calm
    assert tm.allot(0.2, 0.1) <= 0.05  # inside the reserve: part of the increment


def test_hub_level_time_uses_the_time_manager():
    from game.ai.draughts.hub import Hub, parse_level

    hub = Hub(out=open("/dev/null", "w"))  # noqa: SIM115
    hub.level = parse_level({"time": "10", "inc": "0.1"})
    seconds, nodes, _ = hub._limits()
    assert nodes is None and MIN_MOVE <= seconds <= 2.0
    hub.level = parse_level({"time": "10", "moves": "2"})
    assert hub._limits()[0] == pytest.approx((10 - hub.timeman.reserve()) / 5)  # 2 moves to go, capped at a fifth


# ---- selfplay -------------------------------------------------------------------------------------
def test_selfplay_game_object():
    from game.selfplay import play_game

    out = play_game("palace", "easy", "medium", TimeControl(600, 1), nodes=200, seed=3, max_plies=30)
    assert list(out) == ["result", "reason", "plies", "clock", "flagged", "white", "black"]
    assert (out["white"], out["black"]) == (3, 6)
    assert out["result"] in ("white", "black", "draw") and out["flagged"] is None
    assert 0 < out["clock"]["white"] <= 615 and 0 < out["clock"]["black"] <= 615


def test_selfplay_flags_a_slow_side():
    from game.selfplay import play_game

    t = FakeTime()

    def slow() -> float:  # every reading of the clock costs a second
        t.t += 1.0
        return t.t

    out = play_game("banqi", "easy", "easy", TimeControl(4, 0), nodes=50, seed=1, now=slow)
    assert out["flagged"] in ("white", "black") and out["reason"] in ("time", "time_draw")
    assert out["clock"][out["flagged"]] == 0


def test_selfplay_command_line(capsys):
    from game import cli

    assert (
        cli.main(
            [
                "selfplay",
                "palace",
                "--white",
                "easy",
                "--black",
                "easy",
                "--clock",
                "600+1",
                "--games",
                "2",
                "--max-plies",
                "6",
                "--json",
                "--seed",
                "4",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    for line in lines:
        out = json.loads(line)
        assert out["result"] == "draw" and out["reason"] == "move_limit" and out["plies"] == 6
    for bad in (["--clock", "5"], ["--clock", "1+1", "--time", "2"], ["--option", "nope=1"], ["--games", "0"]):
        with pytest.raises(SystemExit) as exc:
            code = cli.main(["selfplay", "banqi", "--white", "easy", "--black", "hard", *bad])
            raise SystemExit(code)
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("error:")


def test_worker_plays_a_move_on_the_clock_with_its_time_manager():
    from game.rules import palace
    from game.worker import Worker

    w = Worker()
    try:
        state = palace.new_game()
        clock = {"player": 7, "left": 3.0, "inc": 0.1, "base": 3.0, "moves": 0}
        rid = w.request("move", state, level="medium", seed=1, clock=clock)
        answers = []
        for _ in range(6000):  # up to a minute for the process to start on a busy machine
            answers += w.poll()
            if answers:
                break
            time.sleep(0.01)
        assert answers and answers[0]["id"] == rid and answers[0]["error"] is None
        assert answers[0]["result"] in {str(m) for m in state.legal_moves()}
    finally:
        w.close()


def test_review_prints_each_moves_clock(tmp_path, capsys):
    from game import cli

    m, t = clocked("palace", TimeControl(120, 2))
    m.start_clock()
    for step in (5, 70):
        t.t += step
        m.play(m.legal_moves()[0])
    path = tmp_path / "clocked.json"
    path.write_text(m.to_record().to_json(), encoding="utf-8")
    assert cli.main(["review", str(path), "--nodes", "50"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("[clock 1:57]") and lines[1].endswith("[clock 0:52]")
