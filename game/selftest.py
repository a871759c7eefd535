"""`python main.py --selftest` (and `qipan --selftest` on a built app): a headless self-check.

With SDL's dummy video and audio drivers it opens the window, draws the menu once, imports every
module of the game package, checks that the shipped fonts and the sounds load and that the third-party notices are found, starts the
worker process, checks that the draughts opening book is there and asks the hard level for one
draughts move just past it (numba compiles the search first if this computer has no compiled
copy yet, into the user's cache folder). Each check
prints one line; the last line is `selftest ok` and the exit status 0, or, when anything failed,
`selftest failed: <checks>` and the exit status 1. The contract is in docs/BUILD.md.

Nothing is saved: the settings are read, never written, and no game is started on the menu.
"""

from __future__ import annotations

import os
import platform
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: seconds the draughts move may take, the first compile included (about 6 s on a quiet machine)
MOVE_TIMEOUT = 600.0
#: what online play (game/net/wormhole_link.py) imports when it starts, where magic-wormhole is installed
ONLINE_MODULES = ("wormhole", "autobahn.twisted.websocket", "nacl.secret", "twisted.internet.selectreactor")
#: the distributions whose notices the About screen must find (numba only where it has wheels)
REQUIRED_NOTICES = ("pygame-ce", "platformdirs", "numpy")


def numba_expected() -> bool:
    """Whether this platform should have numba (requirements.txt: none on Intel Macs)."""
    return sys.platform != "darwin" or platform.machine() == "arm64"


def app_folder() -> Path | None:
    """The folder of a frozen (PyInstaller) app, which must stay unwritten; None from a checkout."""
    base = getattr(sys, "_MEIPASS", None)
    return Path(base) if getattr(sys, "frozen", False) and base else None


class Selftest:
    def __init__(self, app_class, out=None):
        self.app_class = app_class  # game.app.App (passed in: game.app imports this module)
        self.out = out or sys.stdout
        self.failed: list[str] = []
        self.app: Any = None

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def check(self, name: str, func: Callable[[], str | None]) -> bool:
        """Run one check: prints `selftest: NAME ok (detail)` or what failed."""
        started = time.perf_counter()
        try:
            detail = func()
        except Exception as exc:  # noqa: BLE001 -- every failure is reported, none stops the others
            self.failed.append(name)
            self.say(f"selftest: {name} FAILED: {type(exc).__name__}: {exc}")
            for line in traceback.format_exc().rstrip().splitlines():
                self.say(f"    {line}")
            return False
        took = time.perf_counter() - started
        self.say(f"selftest: {name} ok ({detail + ', ' if detail else ''}{took:.1f} s)")
        return True

    # ---- the checks ---------------------------------------------------------------------------
    def window(self) -> str:
        self.app = self.app_class(["--windowed"], headless=True)
        return f"{self.app.size[0]}x{self.app.size[1]}, video driver {_video_driver()}"

    def menu(self) -> str:
        from game.scenes import registry

        app = self.app
        assert app is not None, "no window"
        app.step()
        if app.frames != 1:
            raise AssertionError(f"{app.frames} frames drawn, expected 1")
        if type(app.top) is not registry.SCENES.get("menu"):
            raise AssertionError(f"the first screen is {type(app.top).__name__}, not the menu")
        return "drawn once"

    def modules(self) -> str:
        """Every module of the game package imports (in a built app: nothing was left out, the
        network play's included)."""
        import importlib
        import pkgutil

        import game

        names = [i.name for i in pkgutil.walk_packages(game.__path__, "game.") if not i.name.endswith("__main__")]
        for name in names:
            importlib.import_module(name)
        online = []
        if _installed("magic-wormhole"):  # online play imports them only when it starts
            for name in ONLINE_MODULES:
                importlib.import_module(name)
                online.append(name.split(".")[0])
        return f"{len(names)} modules of game" + (f", online play's {', '.join(online)}" if online else "")

    def fonts(self) -> str:
        import pygame

        from game import fonts

        sample = "棋盘 Qipan 国际跳棋"
        for serif in (False, True):
            path = fonts.font_path(serif)
            if not path.is_file():
                raise FileNotFoundError(path)
            if not fonts.covers("棋", serif):
                raise AssertionError(f"{path.name}: its character list lacks 棋")
            face = pygame.font.Font(str(path), 24)
            if face.metrics("棋")[0] is None:
                raise AssertionError(f"{path.name} has no glyph for 棋")
            if face.render(sample, True, (255, 255, 255)).get_width() < 100:
                raise AssertionError(f"{path.name} rendered {sample!r} too narrow")
        if not fonts.LICENSE_FILE.is_file():
            raise FileNotFoundError(fonts.LICENSE_FILE)
        return f"{fonts.SANS_FILE.name}, {fonts.SERIF_FILE.name}, OFL.txt"

    def sounds(self) -> str:
        from game import audio

        app = self.app
        assert app is not None, "no window"
        sounds = app.sounds
        if not sounds.available:
            raise AssertionError("the mixer did not start (dummy audio driver)")
        for name in audio.NAMES:
            takes = sounds._make(name)
            if not takes or any(t.get_length() <= 0 for t in takes):
                raise AssertionError(f"sound {name!r} was not made")
        return f"{len(audio.NAMES)} sounds made"

    def notices(self) -> str:
        from game import notices

        found = {n.name.lower(): n for n in notices.third_party()}
        need = [*REQUIRED_NOTICES, *(("numba", "llvmlite") if numba_expected() else ())]
        missing = [name for name in need if name not in found or not found[name].text.strip()]
        if missing:
            raise AssertionError(f"no metadata or licence text for {', '.join(missing)}")
        return f"{len(found)} notices, version {notices.program_version()}"

    def draughts(self) -> str:
        from game import games
        from game.rules import draughts as R

        app = self.app
        assert app is not None, "no window"
        compiled, cache = self._compiled_cache()
        if compiled and not _cache_files(cache):
            self.say(
                "selftest: first start on this computer: compiling the draughts engine "
                f"(once; later starts load it from {cache})"
            )
        from game.ai.draughts import book

        state = games.get("draughts").new_state()
        if not book.lookup(state):
            raise AssertionError(f"the opening book ({book.BOOK_FILE.name}) is missing or does not hold the start")
        plies = 0
        while plies < 40 and (found := book.lookup(state)):  # off the book by its worst moves: the search plays
            state, plies = state.play(found[-1][0]), plies + 1
        started = time.perf_counter()
        app.worker.start("draughts")
        move = self._hard_move(state, started)
        detail = f"opening book of {len(book.load())} positions; off it after {plies} plies hard played {move} in {time.perf_counter() - started:.1f} s"
        # the 8x8 boards' copy of the compiled search (fast8.py), compiled on its first move
        started = time.perf_counter()
        move = self._hard_move(R.new_game(variant="russian"), started)
        detail += f"; Russian draughts {move} in {time.perf_counter() - started:.1f} s"
        if compiled:
            if not _cache_files(cache):
                raise AssertionError(f"the compiled search left nothing in its cache {cache}")
            detail += f", compiled search cached in {cache}"
        else:
            detail += ", plain-Python search (no numba here)"
        return detail

    def _hard_move(self, state, started: float):
        """The worker's hard move (0.5 s) in `state`, checked legal."""
        from game.rules.common import find_move

        app = self.app
        rid = app.worker.request("move", state, level="hard", time_limit=0.5, ponder=False)
        answer = None
        while answer is None:
            for a in app.worker.poll():
                if a["id"] == rid:
                    answer = a
            if answer is None:
                if time.perf_counter() - started > MOVE_TIMEOUT:
                    raise TimeoutError(f"no move after {MOVE_TIMEOUT:.0f} s")
                time.sleep(0.05)
        if answer["error"]:
            raise RuntimeError(f"the worker failed: {answer['error']}")
        return find_move(state, answer["result"])  # raises when the move is not legal

    def endgame_tables(self) -> str:
        """The draughts endgame tables the package ships load (a built app left no data file out)."""
        from game.ai.draughts import egdb

        pieces = egdb.pieces_covered()
        if pieces < max(egdb.SHIPPED):
            raise AssertionError(f"the draughts endgame tables hold {pieces} pieces, {max(egdb.SHIPPED)} ship")
        return f"draughts, 2 to {pieces} pieces"

    def _compiled_cache(self) -> tuple[bool, Path]:
        """(whether the compiled search must play, its numba cache folder). Fails where numba
        should be there and is not, and where the cache would go inside the app folder."""
        from game.ai import jit

        cache = Path(jit.cache_dir())
        if os.environ.get("QIPAN_NO_JIT") == "1":
            return False, cache
        if not jit.AVAILABLE:
            if numba_expected():
                try:  # why: game.ai.jit keeps quiet about it
                    import numba  # noqa: F401

                    why = "numba imports, but game.ai.jit did not take it"
                except Exception as exc:  # noqa: BLE001
                    why = f"{type(exc).__name__}: {exc}"
                raise AssertionError(f"numba does not load ({why}): hard draughts would play the slow search")
            return False, cache
        inside = app_folder()
        if inside is not None and (inside == cache or inside in cache.parents):
            raise AssertionError(f"the numba cache {cache} is inside the app folder {inside}")
        return True, cache

    def unwritten(self) -> str:
        """The app folder holds nothing this run wrote (it may be read-only)."""
        folder = app_folder()
        if folder is None:
            return "not a built app: nothing to check"
        written = [p for p in folder.rglob("*") if p.name == "__pycache__" or p.suffix in (".nbi", ".nbc")]
        if written:
            raise AssertionError(f"written inside the app folder: {', '.join(map(str, written[:5]))}")
        return f"{folder}"

    def close(self) -> str:
        app, self.app = self.app, None
        if app is not None:
            app.close()
        return ""

    def run(self) -> int:
        self.say(f"selftest: Qipan on Python {platform.python_version()}, {sys.platform} {platform.machine()}")
        if self.check("window", self.window):
            self.check("menu", self.menu)
            self.check("modules", self.modules)
            self.check("fonts", self.fonts)
            self.check("sounds", self.sounds)
            self.check("notices", self.notices)
            self.check("draughts", self.draughts)
            self.check("endgame tables", self.endgame_tables)
        self.check("close", self.close)
        self.check("app folder unwritten", self.unwritten)
        if self.failed:
            self.say(f"selftest failed: {', '.join(self.failed)}")
            return 1
        self.say("selftest ok")
        return 0


def _installed(distribution: str) -> bool:
    from importlib import metadata

    try:
        metadata.distribution(distribution)
        return True
    except metadata.PackageNotFoundError:
        return False


def _video_driver() -> str:
    import pygame

    try:
        return pygame.display.get_driver()
    except pygame.error:
        return "?"


def _cache_files(cache: Path) -> list[Path]:
    return list(cache.rglob("*.nbi")) if cache.is_dir() else []


def run(argv, app_class) -> int:
    """The --selftest entry point: game.app.main(argv) calls it with its App class. Exit status 0
    when everything works."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame.init(): no screen, no sound card needed
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    return Selftest(app_class).run()
