"""bench/bench_draughts_deadline.py: a process's moves are timed from outside the engine, and the
report counts the moves over the time and finds the longest."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))

import bench_draughts_deadline as D  # noqa: E402


def test_a_process_times_each_of_its_moves():
    timed = D.play((3, 0.02, 4))
    assert [ply for ply, _, _ in timed] == [0, 1, 2, 3]
    assert all(took > 0 and cpu >= 0 for _, took, cpu in timed)


def test_the_report_counts_the_moves_over_the_time(capsys):
    games = [[(0, 0.30, 0.29), (1, 0.20, 0.2)], [(0, 0.24, 0.24), (1, 0.26, 0.25), (2, 0.1, 0.1)]]
    D.report(0.25, games)
    out = capsys.readouterr().out
    assert "5 moves in 2 processes, 2 over the time" in out
    assert "longest 0.3000 s (ply 0, CPU 0.2900 s), longest first move 0.3000 s" in out
