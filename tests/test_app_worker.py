"""The AI worker process: answers in order, errors come back as answers, cancel stops at once."""

import os
import time

import pytest

from game.rules import palace
from game.worker import Worker


def wait_answers(w, n, seconds=30):
    out, end = [], time.monotonic() + seconds
    while len(out) < n and time.monotonic() < end:
        out += w.poll()
        time.sleep(0.01)
    return out


def test_move_evaluate_and_error_come_back_in_order():
    w = Worker()
    try:
        state = palace.new_game()
        a = w.request("move", state, level="easy", nodes=200, seed=1)
        b = w.request("evaluate", state, nodes=200)
        c = w.request("no such thing", state)
        answers = wait_answers(w, 3)
        assert [x["id"] for x in answers] == [a, b, c]
        assert answers[0]["result"] in {str(m) for m in state.legal_moves()}
        assert -1.0 <= answers[1]["result"] <= 1.0
        assert answers[2]["result"] is None and "unknown request" in answers[2]["error"]
        assert not w.busy
    finally:
        w.close()


def test_cancel_stops_a_long_search_at_once_and_the_next_request_works():
    w = Worker()
    try:
        state = palace.new_game()
        w.request("move", state, level="hard", time_limit=60)
        time.sleep(0.5)
        t = time.monotonic()
        w.cancel()
        assert time.monotonic() - t < 1.0 and not w.busy
        rid = w.request("move", state, level="easy", nodes=100, seed=2)
        (answer,) = wait_answers(w, 1)
        assert answer["id"] == rid and answer["error"] is None
    finally:
        w.close()


def test_hard_draughts_ponders_after_its_move_and_stops_for_the_next_request():
    """After a timed hard move the child thinks on the opponent's time (up to a minute); the next
    request must not wait for that."""
    from game.rules import draughts

    w = Worker()
    try:
        state = draughts.new_game()
        w.request("move", state, level="hard", time_limit=0.2, ponder=True)
        (first,) = wait_answers(w, 1)
        assert first["error"] is None
        time.sleep(0.5)  # pondering now
        t = time.monotonic()
        rid = w.request("move", state.play(first["result"]), level="easy", nodes=200)
        (answer,) = wait_answers(w, 1)
        assert answer["id"] == rid and answer["error"] is None
        assert time.monotonic() - t < 10  # not the 60 s a full ponder would take
    finally:
        w.close()


def test_cancelling_one_request_keeps_the_others():
    """Stopping an analysis while the computer thinks must not lose the computer's move: the
    fresh process gets the requests still pending, in order."""
    w = Worker()
    try:
        state = palace.new_game()
        first = w.request("move", state, level="easy", nodes=300, seed=3)
        long = w.request("move", state, level="hard", time_limit=60)
        last = w.request("evaluate", state, nodes=200)
        time.sleep(0.3)
        w.cancel(long)
        answers = wait_answers(w, 2)
        assert [a["id"] for a in answers] == [first, last] and all(a["error"] is None for a in answers)
        assert not w.busy
        # cancelling the one running now: the process restarts, the queued one still comes back
        running = w.request("move", state, level="hard", time_limit=60)
        queued = w.request("evaluate", state, nodes=200)
        time.sleep(0.3)
        t = time.monotonic()
        w.cancel(running)
        assert time.monotonic() - t < 1.0
        ((answer),) = wait_answers(w, 1)
        assert answer["id"] == queued and answer["error"] is None
    finally:
        w.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the recording warm reaches the child by fork")
def test_a_game_opened_in_a_running_worker_is_prepared_there_under_its_options_without_a_stray_answer(
    tmp_path, monkeypatch
):
    from game import ai
    from game.rules import draughts

    log = tmp_path / "warmed"

    def recording_warm(game):
        def warm(self, progress=None, options=None):
            with log.open("a") as f:
                f.write(game + ":" + (options or {}).get("variant", "-") + "\n")

        return warm

    for game in ("palace", "draughts"):
        monkeypatch.setattr(type(ai.engine_of(game)), "warm", recording_warm(game))
    w = Worker(start_method="fork")  # the child keeps the recording warm above
    try:
        w.start("palace")
        pid = w._proc.pid
        w.start("draughts")  # a draughts game opens: the same process prepares its engine
        w.start("draughts")  # already prepared: not again
        w.start("draughts", {"variant": "russian"})  # a Russian game: its own compiled search
        w.start("draughts", {"variant": "russian"})
        assert w._proc.pid == pid
        state = draughts.new_game()
        a = w.request("move", state, level="hard", nodes=2000)
        b = w.request("evaluate", state, nodes=200)
        answers = wait_answers(w, 2, seconds=60)
        assert [x["id"] for x in answers] == [a, b] and all(x["error"] is None for x in answers)
        assert answers[0]["result"] in {str(m) for m in state.legal_moves()}
        time.sleep(0.2)
        assert w.poll() == [] and not w.busy
        assert sorted(log.read_text().split()) == ["draughts:-", "draughts:russian", "palace:-"]
    finally:
        w.close()
