"""Audit fix: the computer's worker process ends when the app that started it is killed."""

import os
import subprocess
import sys
import textwrap
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PARENT = textwrap.dedent("""
    import sys, time
    from game.rules import draughts
    from game.worker import Worker

    w = Worker()
    w.request("move", draughts.new_game(), level="hard", time_limit=60)
    print(w._proc.pid, flush=True)
    time.sleep(120)
""")


def _alive(pid: int) -> bool:
    """Whether process pid still runs (a zombie waiting for its reaper counts as gone)."""
    if sys.platform.startswith("linux"):
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
        except OSError:
            return False
    if os.name == "nt":
        out = subprocess.run(["tasklist", "/FI", f"PID eq {pid}"], capture_output=True, text=True, check=False).stdout
        return str(pid) in out
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def test_worker_exits_soon_after_its_parent_is_killed():
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    worker_pid = None
    try:
        worker_pid = int(parent.stdout.readline())  # printed once the search request is sent
        time.sleep(1.0)  # let the worker start thinking
        assert _alive(worker_pid)
        parent.kill()  # SIGKILL on POSIX, TerminateProcess on Windows: no clean-up in the app
        parent.wait(10)
        end = time.monotonic() + 2.5
        while _alive(worker_pid) and time.monotonic() < end:
            time.sleep(0.05)
        assert not _alive(worker_pid), "the worker outlived its parent"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait(10)
        if worker_pid is not None and _alive(worker_pid) and os.name != "nt":
            os.kill(worker_pid, 9)  # the test's own grandchild, left only when the test failed
