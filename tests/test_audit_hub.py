"""Audit fixes in the Hub engine (python -m game.cli hub), run as a real process with bounded
waits: bad levels are refused, every go ends with done, end of input ends the engine at once,
and over-long lines are refused without being read whole."""

import io
import os
import subprocess
import sys
import threading
import time

import pytest

from game.ai.draughts.hub import Hub

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class HubProcess:
    def __init__(self):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game.cli", "hub"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
        )
        self.lines = []
        self.cond = threading.Condition()
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        for raw in self.proc.stdout:
            with self.cond:
                self.lines.append(raw.decode("utf-8", "replace").rstrip("\n"))
                self.cond.notify_all()

    def send(self, *lines):
        self.proc.stdin.write("".join(line + "\n" for line in lines).encode())
        self.proc.stdin.flush()

    def wait_for(self, predicate, timeout=30.0):
        """The first output line (from the start) matching predicate, within timeout seconds."""
        end = time.monotonic() + timeout
        with self.cond:
            while True:
                for line in self.lines:
                    if predicate(line):
                        return line
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no matching line within {timeout} s; got {self.lines[-10:]}")
                self.cond.wait(left)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)


@pytest.fixture
def hub():
    h = HubProcess()
    h.send("hub", "init")
    h.wait_for(lambda line: line == "ready")
    yield h
    h.close()


@pytest.mark.parametrize(
    "bad",
    [
        "depth=abc",
        "time=abc",
        "move-time=nan",
        "move-time=-1",
        "time=inf",
        "nodes=-5",
        "depth=²",
        "nodes=" + "9" * 5000,
        "inc=nan",
        "bogus=1",
    ],
)
def test_bad_level_is_refused_and_go_still_ends_with_done(hub, bad):
    hub.send("level nodes=300", f"level {bad}", "ping")
    hub.wait_for(lambda line: line == "pong")
    assert sum(1 for line in hub.lines if line.startswith("error")) == 1
    hub.send('pos moves="32-28 19-23 28x19 14x23"', "go think")
    done = hub.wait_for(lambda line: line.startswith("done"), timeout=60)
    assert done.startswith("done move=")  # the previous level (300 nodes) was kept


@pytest.mark.parametrize("level", [{"depth": "abc"}, {"time": "abc"}, {"move-time": "x"}])
def test_go_ends_with_done_whatever_happens_in_the_search(level):
    out = io.StringIO()
    h = Hub(out)
    h.level = level  # a level no command can set any more: the search fails at once
    h.handle("go think")
    if h.thread is not None:
        h.thread.join(10)
    h.stop(wait=1)
    lines = out.getvalue().splitlines()
    assert lines[-2].startswith("error message=") and lines[-1] == "done"


@pytest.mark.parametrize("level", ["level move-time=nan", "level infinite"])
def test_end_of_input_stops_the_search_and_exits(hub, level):
    hub.send(level, "go think")
    hub.wait_for(lambda line: line.startswith("info"), timeout=60)
    t0 = time.monotonic()
    hub.proc.stdin.close()
    hub.proc.wait(timeout=10)
    assert time.monotonic() - t0 < 1.5
    assert hub.proc.returncode == 0


def test_end_of_input_with_nothing_running_exits():
    proc = subprocess.run(
        [sys.executable, "-m", "game.cli", "hub"],
        check=False,
        cwd=ROOT,
        input=b"level move-time=nan\n",
        capture_output=True,
        timeout=30,
    )
    assert proc.returncode == 0 and proc.stdout.startswith(b"error message=")


def test_over_long_lines_are_refused_quickly(hub):
    moves = " ".join(["32-28", "19-23"] * 100_000)  # about 1.2 MB
    t0 = time.monotonic()
    hub.send(f'pos moves="{moves}"', "x" * 200_000, "ping")
    hub.wait_for(lambda line: line == "pong", timeout=20)
    assert time.monotonic() - t0 < 10
    errors = [line for line in hub.lines if line.startswith("error")]
    assert len(errors) == 2 and all("longer than" in e for e in errors)
    hub.send("level nodes=200", "go")  # the engine is still in its start position and answers
    assert hub.wait_for(lambda line: line.startswith("done move="), timeout=60)


def test_non_ascii_digits_in_moves_are_an_error(hub):
    hub.send('pos moves="３２-28"', 'pos moves="32x²8"', "ping")
    hub.wait_for(lambda line: line == "pong")
    assert sum(1 for line in hub.lines if line.startswith("error")) == 2
