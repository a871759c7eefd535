"""`python -m game.cli online host|join` as scripts use it, against a REAL mailbox server on
loopback: two computer players finish a game and print the same result and moves; a wrong code
fails with one line on stderr while the host prints a fresh code; moves from stdin; a server
that cannot be reached."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from game.net.mailbox import free_port

ROOT = Path(__file__).resolve().parent.parent


def cli(*args, stdin=subprocess.DEVNULL):
    env = dict(os.environ, PYTHONUNBUFFERED="1", QIPAN_HOME=os.environ.get("QIPAN_HOME", "/tmp/qipan-cli-test"))
    return subprocess.Popen(
        [sys.executable, "-m", "game.cli", "online", *args],
        cwd=ROOT,
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def read_code(proc, limit=30.0) -> str:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if line.startswith("code: "):
            return line.split(" ", 1)[1].strip()
        if not line and proc.poll() is not None:
            break
    raise AssertionError(f"no code line; stderr: {proc.stderr.read() if proc.poll() is not None else ''}")


def finish(proc, limit=120):
    try:
        out, err = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"timed out: {out[-500:]} {err[-500:]}") from None
    return proc.returncode, out, err


def test_two_engines_play_a_whole_game(mailbox, tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    host = cli("host", "palace", "--relay", mailbox.url, "--engine", "easy", "--time", "0.02")
    try:
        code = read_code(host)
        guest = cli("join", code, "--relay", mailbox.url, "--engine", "easy", "--time", "0.02")
        g_status, g_out, g_err = finish(guest)
        h_status, h_rest, h_err = finish(host)
    finally:
        host.kill()
    assert (h_status, g_status) == (0, 0), (h_err, g_err)
    g_lines = [line for line in g_out.splitlines() if line.startswith(("result:", "moves:"))]
    h_lines = [line for line in h_rest.splitlines() if line.startswith(("result:", "moves:"))]
    assert len(g_lines) == 2 and g_lines == h_lines
    moves = g_lines[1].split()[1:]
    assert len(moves) > 4 and g_lines[0].split()[1] in ("b", "w", "draw")


def test_wrong_code_one_line_and_a_fresh_code(mailbox, tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    host = cli("host", "draughts", "--relay", mailbox.url, "--engine", "easy", "--time", "0.02")
    try:
        code = read_code(host)
        nameplate, *words = code.split("-")
        wrong = f"{nameplate}-{'absurd' if words[-1] != 'absurd' else 'adviser'}-aardvark"
        status, out, err = finish(cli("join", wrong, "--relay", mailbox.url, "--engine", "easy"), 60)
        assert status == 1 and out == "" and len(err.strip().splitlines()) == 1 and "wrong code" in err
        fresh = read_code(host)
        assert fresh != code
        guest = cli("join", fresh, "--relay", mailbox.url, "--engine", "easy", "--time", "0.02")
        g_status, g_out, g_err = finish(guest)
        assert g_status == 0 and "result: " in g_out, g_err
        assert finish(host)[0] == 0
    finally:
        host.kill()


def test_moves_from_stdin_and_a_bad_move(mailbox, tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    host = cli("host", "draughts", "--relay", mailbox.url, stdin=subprocess.PIPE)
    guest = None
    try:
        code = read_code(host)
        guest = cli("join", code, "--relay", mailbox.url, "--engine", "easy", "--time", "0.02")
        host.stdin.write("32-28\n")
        host.stdin.flush()
        time.sleep(3)  # the guest answers
        host.stdin.write("1-50\n")
        host.stdin.flush()
        status, out, err = finish(host, 60)
        assert status == 2 and len(err.strip().splitlines()) == 1 and "1-50" in err
    finally:
        host.kill()
        if guest is not None:
            guest.kill()
            guest.communicate()


def test_unreachable_server_and_bad_arguments(tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    nowhere = f"ws://127.0.0.1:{free_port()}/v1"
    status, out, err = finish(cli("host", "draughts", "--relay", nowhere), 60)
    assert status == 1 and out == "" and len(err.strip().splitlines()) == 1 and "mailbox server" in err
    status, out, err = finish(cli("join", "5-aardvark-absurd", "--relay", nowhere), 60)
    assert status == 1 and len(err.strip().splitlines()) == 1 and "mailbox server" in err
    status, out, err = finish(cli("join", "crossover", "--relay", nowhere), 60)
    assert status == 2 and len(err.strip().splitlines()) == 1
    status, out, err = finish(cli("host", "draughts", "--relay", nowhere, "--option", "nothing=1"), 60)
    assert status == 2 and len(err.strip().splitlines()) == 1


def _lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(("game ", "result:", "moves:"))]


def test_games_2_swaps_the_sides_over_one_wormhole(mailbox, tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    common = ("--relay", mailbox.url, "--engine", "easy", "--time", "0.02", "--games", "2")
    host = cli("host", "palace", *common)
    try:
        code = read_code(host)
        guest = cli("join", code, *common)
        g_status, g_out, g_err = finish(guest, 240)
        h_status, h_out, h_err = finish(host, 60)
    finally:
        host.kill()
    assert (h_status, g_status) == (0, 0), (h_err, g_err)
    h, g = _lines(h_out), _lines(g_out)
    assert [line for line in h if line.startswith("game ")] == ["game 1: first", "game 2: second"]
    assert [line for line in g if line.startswith("game ")] == ["game 1: second", "game 2: first"]
    assert len(h) == len(g) == 6 and h[0::3] == ["game 1: first", "game 2: second"]
    assert [h[1], h[2], h[4], h[5]] == [g[1], g[2], g[4], g[5]]  # the same results and moves
    assert h[2] != h[5]  # two games were played
    assert "code: " not in h_out.split("game 1:", 1)[1]  # one code: no new wormhole for game 2


def test_a_rematch_the_other_side_does_not_want_fails_with_one_line(mailbox, tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    common = ("--relay", mailbox.url, "--engine", "easy", "--time", "0.02")
    host = cli("host", "palace", *common, "--games", "2")
    try:
        code = read_code(host)
        g_status, g_out, g_err = finish(cli("join", code, *common), 240)  # one game only
        h_status, h_out, h_err = finish(host, 60)
    finally:
        host.kill()
    assert g_status == 0 and [line[:7] for line in _lines(g_out)] == ["game 1:", "result:", "moves: "]
    assert h_status == 1 and len(h_err.strip().splitlines()) == 1 and "game 2" in h_err, h_err
    assert _lines(h_out)[1:] == _lines(g_out)[1:]


def test_games_must_be_a_positive_number(tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    for bad in ("0", "-1", "two"):
        status, out, err = finish(cli("host", "palace", "--games", bad), 60)
        assert status == 2 and "--games" in err and out == ""
