"""The generic command line on draughts positions (python -m game.cli)."""

import subprocess
import sys

from game.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_moves_and_perft(capsys):
    code, out, _ = run(capsys, "moves", "draughts", "W:W31-50:B1-20")
    assert code == 0 and out.split() == [
        "31-26",
        "31-27",
        "32-27",
        "32-28",
        "33-28",
        "33-29",
        "34-29",
        "34-30",
        "35-30",
    ]
    code, out, _ = run(capsys, "perft", "draughts", "W:W31-50:B1-20", "5")
    assert code == 0 and out.strip() == "27117"


def test_grid_and_pdn_positions(capsys):
    grid = "0" * 90 + "w" + "0" * 9  # a white man on 46, the bottom-left cell
    code, out, _ = run(capsys, "moves", "draughts", grid + " w")
    assert code == 0 and out.split() == ["46-41"]
    code, out, _ = run(capsys, "moves", "draughts", '[GameType "20"]\n1. 32-28 19-23 *')
    assert code == 0 and out.split() == ["28x19"]


def test_bad_position_is_one_line_and_status_2(capsys):
    code, out, err = run(capsys, "moves", "draughts", "W:W31-50:B1-20,77")
    assert code == 2 and out == "" and err.count("\n") == 1 and "77" in err
    code, _, err = run(capsys, "perft", "draughts", "0w0" * 10, "3")
    assert code == 2 and err.count("\n") == 1


def test_module_entry_point():
    proc = subprocess.run(
        [sys.executable, "-m", "game.cli", "perft", "draughts", "B:W31-50:B1-20", "3"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stdout.strip() == "658"


def test_bestmove_prints_the_move_and_its_evaluation(capsys):
    code, out, _ = run(capsys, "bestmove", "draughts", "W:W46,47:B36", "--level", "hard", "--nodes", "2000")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "46-41"
    assert any(line.startswith("score") for line in lines[1:])
    code, _, err = run(capsys, "bestmove", "draughts", "W:W:B1", "--nodes", "100")
    assert code == 2 and "over" in err
