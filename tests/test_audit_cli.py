"""Audit fixes in the command line: bad input is one line on stderr and exit status 2, never a
traceback."""

import pytest

from game.cli import main

START = "W:W31-50:B1-20"
PALACE = ".-.-./-.B.-/...../.WWW./.W.W./.WWW./...../-.B.-/.-.-. b {} 0"
HUGE = "9" * 5000


def _run(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse refusals
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ["perft", "draughts", START, "5000"],
        ["perft", "draughts", START, HUGE],
        ["perft", "draughts", START, "²"],
        ["perft", "draughts", START, "５"],
        ["perft", "draughts", START, "-1"],
        ["perft", "draughts", f"W:W{HUGE}:B1", "1"],
        ["moves", "draughts", f"W:W31-{HUGE}:B1"],
        ["moves", "palace", PALACE.format("²")],
        ["moves", "palace", PALACE.format(HUGE)],
        ["moves", "banqi", f"xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - - {HUGE}"],
        ["bestmove", "draughts", START, "--time", "-1"],
        ["bestmove", "draughts", START, "--time", "nan"],
        ["bestmove", "draughts", START, "--time", "inf"],
        ["bestmove", "draughts", START, "--time", "0"],
        ["bestmove", "draughts", START, "--nodes", "-5"],
        ["bestmove", "draughts", START, "--nodes", HUGE],
        ["bestmove", "draughts", START, "--seed", HUGE],
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    code, out, err = _run(argv, capsys)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and len(err) < 300
    assert "Traceback" not in err


def test_good_input_still_works(capsys):
    assert _run(["perft", "draughts", START, "2"], capsys)[:2] == (0, "81\n")
    code, out, _ = _run(["bestmove", "draughts", START, "--nodes", "300", "--seed", "-1"], capsys)
    assert code == 0 and out.split("\n")[0]
    code, out, _ = _run(["bestmove", "draughts", START, "--time", "0.05"], capsys)
    assert code == 0 and out.split("\n")[0]
