"""Shared test set-up: headless SDL, strict texts (game.i18n) and a private QIPAN_HOME for every
test (settings, saves)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# tr() raises for an unknown key or a missing field (the program shows the key and goes on)
os.environ["QIPAN_STRICT_STRINGS"] = "1"

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# CI (CI=true) runs the property tests on the same examples every time, so a submission lands or
# fails for what it changed; elsewhere each run explores new random examples.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session", autouse=True)
def _compiled_search():
    """Compile the draughts search once, before any test: the app's worker processes then load it
    from numba's cache. A changed engine otherwise compiles in the first app test's worker, and on
    a busy machine that took longer than the test's 30 s wait for a hint."""
    from game.ai.draughts import fast

    fast.warm()


@pytest.fixture(autouse=True)
def _qipan_home(tmp_path, monkeypatch):
    home = tmp_path / "qipan_home"
    home.mkdir()
    monkeypatch.setenv("QIPAN_HOME", str(home))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield home


class Driver:
    """Drives the real app headless: posts events and steps frames (each step advances 1/60 s)."""

    def __init__(self, argv=("--windowed",), size=(1280, 800)):
        from game.app import App

        self.app = App(list(argv), headless=True, size=size)
        self.app.ai_nodes = 300  # a small deterministic budget keeps the computer quick
        self.app.ai_time = 0.05
        self.app.step()

    @property
    def top(self):
        return self.app.top

    def post(self, type_, **attrs):
        import pygame

        pygame.event.post(pygame.event.Event(type_, **attrs))

    def step(self, n=1):
        for _ in range(n):
            if not self.app.running:
                return
            self.app.step()

    def click(self, pos, button=1, frames=1):
        import pygame

        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.step(frames)

    def key(self, key, mod=0, unicode="", frames=1):
        import pygame

        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.step(frames)

    def settle(self, frames=120):
        """Let animations finish."""
        self.step(frames)

    def wait(self, cond, seconds=30.0):
        """Step frames until cond() (the computer answers from its own process)."""
        import time

        end = time.monotonic() + seconds
        while not cond():
            if time.monotonic() > end:
                raise AssertionError("timed out waiting")
            self.app.step()
            time.sleep(0.005)

    def close(self):
        self.app.close()


@pytest.fixture
def driver():
    d = Driver()
    yield d
    d.close()


@pytest.fixture(scope="module")
def mailbox():
    """A real magic-wormhole mailbox server on a free loopback port, for the online tests of one
    module (imported here only when asked: the other tests need no Twisted)."""
    from game.net.mailbox import LocalMailbox

    box = LocalMailbox().start()
    try:
        yield box
    finally:
        box.close()
