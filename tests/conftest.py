"""Shared test set-up: headless SDL and a private QIPAN_HOME for every test (settings, saves)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _qipan_home(tmp_path, monkeypatch):
    home = tmp_path / "qipan_home"
    home.mkdir()
    monkeypatch.setenv("QIPAN_HOME", str(home))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield home
