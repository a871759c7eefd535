"""The search budget shared by the three engines: node budgets ignore the clock; a timed budget
keeps a margin before its limit that widens while searches end late (a loaded machine)."""

import time

import pytest

from game.ai.common import MAX_MARGIN_SHARE, TIME_MARGIN, Budget, SearchStopped


@pytest.fixture(autouse=True)
def fresh_lateness():
    saved = Budget.late
    Budget.late = 0.0
    yield
    Budget.late = saved


def margin_of(budget, limit, made):
    return made + limit - budget.deadline


def test_node_budget_stops_after_its_nodes_and_ignores_the_clock():
    b = Budget(time_limit=0.0, nodes=3)
    assert b.deadline is None
    for _ in range(3):
        b.tick()
    with pytest.raises(SearchStopped):
        b.tick()


def test_a_quiet_machine_keeps_the_small_margin():
    made = time.perf_counter()
    b = Budget(time_limit=0.5)
    assert TIME_MARGIN - 0.005 < margin_of(b, 0.5, made) <= TIME_MARGIN
    b.finish()  # ended well before its deadline: nothing to learn
    assert Budget.late == 0.0


def test_a_short_move_keeps_a_tenth_of_its_time():
    """At 0.05 s a move a 2.5 ms margin let 5 of 1,200 moves end up to 5.5 ms late with the other
    core busy (bench_draughts_deadline.py, round 23); a tenth (5 ms) let 1 through."""
    made = time.perf_counter()
    b = Budget(time_limit=0.05)
    assert 0.0045 < margin_of(b, 0.05, made) <= 0.005 + 1e-9


def test_a_budget_made_after_its_clock_started_keeps_to_that_clock():
    started = time.perf_counter() - 0.1  # the move's clock has run 0.1 s before the search
    b = Budget(time_limit=0.5, start=started)
    assert b.deadline == pytest.approx(started + 0.5 - TIME_MARGIN)


def test_late_searches_widen_the_margin_up_to_a_quarter_and_it_fades():
    b = Budget(time_limit=0.5)
    b.deadline = time.perf_counter() - 0.08  # as if the process had been paused 80 ms past it
    b.finish()
    assert 0.09 < Budget.late < 0.11
    made = time.perf_counter()
    wide = Budget(time_limit=0.5)
    assert 0.09 < margin_of(wide, 0.5, made) < 0.11
    made = time.perf_counter()
    short = Budget(time_limit=0.2)
    assert margin_of(short, 0.2, made) <= MAX_MARGIN_SHARE * 0.2 + 1e-9
    before = Budget.late
    wide.finish()  # this one stopped in time (well, it did not search at all)
    assert Budget.late == pytest.approx(0.9 * before)


def test_a_stop_callable_ends_the_search_at_the_next_clock_reading():
    asked = []
    b = Budget(time_limit=60, check_every=4, stop=lambda: asked.append(1) or len(asked) >= 2)
    with pytest.raises(SearchStopped):
        for _ in range(100):
            b.tick()
    assert b.nodes == 8 and len(asked) == 2


def test_slow_nodes_make_the_clock_read_more_often_and_fast_ones_less():
    """King captures in a crowded endgame can make a node cost milliseconds: the budget then reads
    the clock every node or so, and goes back to every check_every nodes when nodes are quick."""
    b = Budget(time_limit=60, check_every=8)
    for _ in range(40):
        time.sleep(0.002)
        b.tick()
    assert b.check_every == 1
    for _ in range(20000):
        b.tick()
    assert b.check_every == 8
