"""`python main.py --selftest` (game/selftest.py): the headless self-check the built app runs too.

It starts the real worker process and asks hard for a draughts move, so the first run on a machine
pays numba's compile (about 10 s on 2 cores); later runs load the compiled search from the cache.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_selftest(env_extra=None, timeout=600):
    env = dict(os.environ, **(env_extra or {}))
    env.pop("SDL_VIDEODRIVER", None)  # --selftest chooses the dummy drivers itself
    env.pop("SDL_AUDIODRIVER", None)
    return subprocess.run(
        [sys.executable, "main.py", "--selftest"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.slow
def test_selftest_passes_and_says_so_last():
    done = run_selftest()
    lines = done.stdout.strip().splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert lines[-1] == "selftest ok"
    for check in ("window", "menu", "modules", "fonts", "sounds", "notices", "draughts", "endgame tables"):
        assert any(line.startswith(f"selftest: {check} ok") for line in lines), (check, done.stdout)


def test_selftest_failure_names_the_check_and_exits_1(monkeypatch, capsys):
    from game import selftest
    from game.app import App

    def broken_fonts(self):
        raise FileNotFoundError("NotoSansCJKsc-Regular.subset.otf")

    monkeypatch.setattr(selftest.Selftest, "fonts", broken_fonts)
    monkeypatch.setattr(selftest.Selftest, "draughts", lambda self: "skipped here")  # no worker in this test
    status = selftest.run([], App)
    lines = capsys.readouterr().out.strip().splitlines()
    assert status == 1
    assert lines[-1] == "selftest failed: fonts"
    assert any(line.startswith("selftest: fonts FAILED: FileNotFoundError") for line in lines)
    assert any(line.startswith("selftest: menu ok") for line in lines)


def test_notices_name_the_runtime_packages():
    from game import notices

    found = {n.name.lower(): n for n in notices.third_party()}
    for name in ("pygame-ce", "numpy", "platformdirs", "sdl", "python"):
        assert name in found, sorted(found)
        assert found[name].text.strip() and found[name].licence
    assert any("Open Font License" in n.text for n in found.values())
    assert "MIT" in notices.program_licence()
