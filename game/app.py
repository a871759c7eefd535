"""The application: window, scene stack, settings, sounds, the AI worker and the frame loop.

    app = App(sys.argv[1:]); app.run()                 # the program (main.py)
    app = App(["--windowed"], headless=True)           # tests: drive it frame by frame
    pygame.event.post(...); app.step(); ...; app.close()

Scenes (game.scenes.base.Scene) live on a stack; the top one gets the input events, and every
scene from the topmost non-overlay one upward is updated and drawn each frame. Answers of the AI
worker arrive as pygame events of type AI_EVENT (attributes: id, kind, result, error) and are
given to every scene on the stack, so a dialog on top never swallows the computer's move.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time

import pygame

from game import audio, fonts, games, storage
from game.events import AI_EVENT
from game.i18n import LANGS, tr
from game.match import Match
from game.scenes import registry
from game.scenes.record_keeper import KeptRecord
from game.scenes.screens import menu  # noqa: F401  (registers the first screen)
from game.scenes.session_choices import SessionChoices
from game.sprites import theme
from game.worker import Worker


def import_scenes() -> None:
    """Import every scene module once: each registers its scenes by name (game.scenes.registry).
    Done on the first open() of another screen, not at start, so the menu shows sooner."""
    from game.scenes.board import scene  # noqa: F401
    from game.scenes.lobbies import network, online, online_settings  # noqa: F401
    from game.scenes.screens import about, files, lesson, result, rules, settings, setup  # noqa: F401
    from game.scenes.views import scene_modules

    for name in scene_modules():  # each game's own screens (the draughts editor, ...)
        importlib.import_module(name)


FADE_TIME = 0.16  # seconds of cross-fade between full screens


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python main.py", description="Qipan: three traditional board games")
    p.add_argument("--windowed", action="store_true", help="open in a window instead of fullscreen")
    p.add_argument("--game", choices=games.NAMES, help="go straight to this game's new-game setup")
    p.add_argument("--lang", choices=LANGS, help="interface language for this run")
    p.add_argument("--size", help="window size WxH (with --windowed)")
    p.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    p.add_argument(
        "--selftest", action="store_true", help="headless self-check (game/selftest.py); last line 'selftest ok'"
    )
    return p.parse_args(argv)


class App:
    def __init__(self, argv=None, headless: bool = False, size=None):
        self.started = time.perf_counter()
        self.args = parse_args([] if argv is None else list(argv))
        self.headless = headless
        self.away = False  # the window lost the focus or was minimised (local clocks stop)
        pygame.init()
        pygame.key.set_repeat(350, 40)
        self.settings, notice = storage.load_settings()
        self.settings = dict(self.settings)
        if self.args.lang:
            self.settings["lang"] = self.args.lang
        storage.set_message_lang(self.settings["lang"])  # storage's notices in the language shown
        self.windowed = bool(self.args.windowed or headless or not self.settings.get("fullscreen", True))
        self.window_size = self._parse_size(self.args.size or size)
        self.screen = self._open_display()
        pygame.display.set_caption("Qipan 棋盘")
        try:  # our icon (tools/make_icon.py), not pygame's
            from game.paths import asset

            pygame.display.set_icon(pygame.image.load(str(asset("icon", "qipan.png"))))
        except (pygame.error, OSError):
            pass
        self.sounds = audio.Sounds(self.settings)
        self.worker = Worker()
        #: work that outlives the screen that began it (the draughts endgame tables' build): name ->
        #: an object whose update(dt) runs each frame until it returns False, and close() at quit
        self.jobs: dict = {}
        self.clock = pygame.time.Clock()
        self.scenes: list = []
        self.running = True
        self.frames = 0
        self._texts: dict = {}
        self._toast = None  # (text, seconds left)
        self._fade = None  # [snapshot of the last frame, seconds left] while scenes cross-fade
        #: seconds of thinking for the computer; None: the level's default (tests set it small)
        self.ai_time = None
        #: a node budget for the computer instead of the clock (tests, benchmarks)
        self.ai_nodes = None
        #: the menu offers the guided first game once (tests driving the app headless skip it)
        self.offer_lesson = not headless and not self.args.game
        #: the choices remembered until the program quits: each game's setup, the network's
        self.choices = SessionChoices()
        #: the player's record as the window keeps it (game.scenes.record_keeper: read on first need)
        self.kept_record = KeptRecord()
        self.open("menu")
        if self.args.game:
            self.open("setup", self.args.game)
        if notice:
            self.toast(notice)

    # ---- display ----------------------------------------------------------------------------
    @staticmethod
    def _parse_size(value):
        if value is None:
            return None
        if isinstance(value, str):
            try:
                w, h = (int(v) for v in value.lower().split("x"))
                return (max(320, w), max(240, h))
            except ValueError:
                return None
        return (int(value[0]), int(value[1]))

    def _desktop_size(self):
        try:
            sizes = pygame.display.get_desktop_sizes()
            if sizes and sizes[0][0] > 0:
                return sizes[0]
        except pygame.error:
            pass
        return (1280, 800)

    def _open_display(self):
        if self.windowed:
            if self.window_size is None:
                dw, dh = self._desktop_size()
                self.window_size = (
                    (max(800, int(dw * 0.8)), max(600, int(dh * 0.8))) if not self.headless else (1280, 800)
                )
            return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        try:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error:
            self.windowed = True
            self.window_size = self.window_size or (1280, 800)
            return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    @property
    def size(self):
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        """F11. Never raises: where the display cannot switch, a notice shows instead."""
        old = (self.windowed, self.screen.get_size())
        try:
            if self.windowed:
                self.window_size = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.windowed = False
            else:
                self.windowed = True
                if self.window_size is None:
                    dw, dh = self._desktop_size()
                    self.window_size = (max(800, int(dw * 0.8)), max(600, int(dh * 0.8)))
                self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        except pygame.error:
            self.windowed = old[0]
            try:
                self.screen = pygame.display.get_surface() or pygame.display.set_mode(old[1], pygame.RESIZABLE)
            except pygame.error:
                pass
            self.toast(tr("app.fullscreen_failed", self.lang))
        if self.windowed != old[0] and not self.headless:
            self.settings["fullscreen"] = not self.windowed
            self.save_settings()
        self._resized()

    def _resized(self) -> None:
        for scene in list(self.scenes):
            scene.on_resize(self.size)

    # ---- settings, language, text -----------------------------------------------------------
    @property
    def lang(self) -> str:
        lang = self.settings.get("lang")
        return lang if lang in LANGS else "en"

    def set_lang(self, lang: str) -> None:
        self.settings["lang"] = lang
        storage.set_message_lang(lang)
        self.save_settings()
        self._resized()

    def save_settings(self) -> None:
        try:
            storage.save_settings(self.settings)
        except (OSError, storage.SaveError) as exc:
            self.toast(str(exc))
        self.sounds.apply(self.settings)

    def font(self, size, serif: bool = False):
        return fonts.font(int(size), serif)

    def text(self, text: str, size: int, colour=theme.TEXT, serif: bool = False) -> pygame.Surface:
        """`text` rendered (antialiased) and cached: scenes call this every frame at no cost."""
        key = (text, int(size), tuple(colour), serif)
        surf = self._texts.get(key)
        if surf is None:
            if len(self._texts) > 3000:
                self._texts.clear()
            f = fonts.font_for(text, int(size), serif)
            try:
                surf = f.render(text, True, colour)
            except pygame.error:  # "" (or only zero-width characters): an empty, transparent line
                surf = pygame.Surface((1, f.get_height()), pygame.SRCALPHA)
            self._texts[key] = surf
        return surf

    def toast(self, text: str, seconds: float = 3.5) -> None:
        """A one-line notice shown at the top of the window for a few seconds."""
        self._toast = [text, seconds]

    # ---- scene stack ------------------------------------------------------------------------
    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    def _start_fade(self, scene) -> None:
        """A short cross-fade from the last frame when a full screen (not a dialog) comes or goes."""
        if scene is not None and not getattr(scene, "overlay", False) and self.frames:
            try:
                self._fade = [self.screen.copy(), FADE_TIME]
            except pygame.error:
                self._fade = None

    def push(self, scene) -> None:
        self._start_fade(scene)
        self.scenes.append(scene)
        scene.on_resize(self.size)
        scene.on_enter()

    def pop(self):
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._start_fade(scene)
        scene.on_exit()
        if self.scenes:
            self.scenes[-1].on_enter()
        else:
            self.quit()
        return scene

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def back_to_menu(self) -> None:
        """Pop every scene above the menu."""
        if len(self.scenes) > 1:
            self._start_fade(self.scenes[-1] if not self.scenes[-1].overlay else self.scenes[1])
        while len(self.scenes) > 1:
            self.scenes.pop().on_exit()
        if self.scenes:
            self.scenes[-1].on_enter()

    def open(self, name: str, *args, **kwargs):
        """Push a new scene of the class registered as `name` (game.scenes.registry); returns it."""
        if name not in registry.SCENES:
            import_scenes()
        scene = registry.make(name, self, *args, **kwargs)
        self.push(scene)
        return scene

    def _start_board(self, scene) -> None:
        while len(self.scenes) > 1:
            self.scenes.pop().on_exit()
        self.push(scene)

    def new_game(
        self,
        game,
        options=None,
        mode="hotseat",
        human_seat=0,
        level="medium",
        start_state=None,
        seed=None,
        control=None,
    ):
        """Start a game: the board scene replaces every scene above the menu.

        mode "hotseat" | "computer"; human_seat 0 (moves first) or 1 with the computer;
        start_state: a position to start from (e.g. a custom draughts position), else new_game();
        seed: the banqi deal (None: a random one); control: the time control (game.clock), None: no clock.
        """
        match = Match.new(
            game,
            options,
            mode=mode,
            human_seat=human_seat,
            level=level,
            start_state=start_state,
            seed=seed,
            control=control,
        )
        import_scenes()
        scene = registry.make("board", self, match)
        self._start_board(scene)
        return scene

    def watch_game(
        self,
        game,
        options=None,
        levels=("medium", "medium"),
        times=(None, None),
        games=1,
        start_state=None,
        seed=None,
        control=None,
    ):
        """The computer against itself: `levels` and `times` (seconds a move, None: the level's
        default) per seat, a series of `games` games with the engines swapping colours; control:
        a clock both play on (each engine manages its time)."""
        import_scenes()

        match = Match.new(
            game,
            options,
            mode="watch",
            levels=tuple(levels),
            times=tuple(times),
            start_state=start_state,
            seed=seed,
            control=control,
        )
        scene = registry.make("board", self, match, series=games)
        self._start_board(scene)
        return scene

    def open_game(self, record) -> bool:
        """Restore a saved game (a storage.GameRecord) into the board scene. False (and a notice)
        when the record cannot be replayed."""
        import_scenes()
        try:
            scene = registry.make("board", self, Match.from_record(record))
        except Exception as exc:  # a damaged or foreign record: tell the player, never crash
            self.toast(tr("app.load_failed", self.lang, msg=str(exc) or type(exc).__name__), 6)
            return False
        self._start_board(scene)
        return True

    # ---- frame loop -------------------------------------------------------------------------
    def dispatch(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.away = True  # a local game's clocks stop (game/scenes/board/clocks.py)
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.away = False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surf = pygame.display.get_surface()
            if surf is not None:
                self.screen = surf
            if self.windowed:
                self.window_size = self.size
            self._resized()
            return
        if event.type == AI_EVENT:
            for scene in list(self.scenes):
                scene.handle_event(event)
            return
        top = self.top
        if top is not None:
            top.handle_event(event)

    def visible_scenes(self) -> list:
        """The scenes drawn this frame: the topmost non-overlay scene and every one above it."""
        i = len(self.scenes) - 1
        while i > 0 and getattr(self.scenes[i], "overlay", False):
            i -= 1
        return self.scenes[max(0, i) :]

    def step(self, dt: float | None = None) -> None:
        """One frame: worker answers, events, update, draw, flip."""
        if dt is None:
            dt = 1 / 60 if self.headless else min(0.1, self.clock.tick(60) / 1000)
        for answer in self.worker.poll():
            pygame.event.post(pygame.event.Event(AI_EVENT, answer))
        for name, job in list(self.jobs.items()):
            if not job.update(dt) and self.jobs.get(name) is job:
                del self.jobs[name]
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        scenes = self.visible_scenes()
        for scene in scenes:
            scene.update(dt)
        error = storage.autosave_error()  # a background autosave failed: say so now, not at the next move
        if error is not None:
            self.toast(tr("app.autosave_failed", self.lang, msg=error.text(self.lang)))
        if not self.running:
            return
        self.draw(dt)

    def draw(self, dt: float = 0.0) -> None:
        surface = self.screen
        for scene in self.visible_scenes():
            if getattr(scene, "overlay", False):
                theme.shade(surface) if getattr(scene, "shade", True) else None
            scene.draw(surface)
        if self._fade is not None:
            snapshot, left = self._fade
            if left <= 0 or snapshot.get_size() != surface.get_size():
                self._fade = None
            else:
                snapshot.set_alpha(int(255 * left / FADE_TIME))
                surface.blit(snapshot, (0, 0))
                self._fade[1] -= max(dt, 1 / 60)
        if self._toast:
            self._draw_toast(surface)
            self._toast[1] -= dt
            if self._toast[1] <= 0:
                self._toast = None
        pygame.display.flip()
        self.frames += 1

    def _draw_toast(self, surface) -> None:
        s = theme.ui_scale(self.size)
        img = self.text(self._toast[0], theme.px(20, s))
        pad = theme.px(12, s)
        h = img.get_height() + pad
        top = self.top if self.top is not None and not self.top.overlay else None
        x, y = top.toast_place(self.size, h) if top is not None else (self.size[0] // 2, theme.px(16, s))
        rect = img.get_rect(midtop=(x, y + pad // 2)).inflate(pad * 2, pad)
        rect.clamp_ip(surface.get_rect())
        theme.panel(surface, rect, radius=pad, colour=(52, 46, 40), edge=theme.ACCENT)
        surface.blit(img, img.get_rect(center=rect.center))

    def run(self) -> int:
        try:  # a polite kill (SIGTERM) leaves like the window's close button: scenes saved, worker stopped
            import signal

            signal.signal(signal.SIGTERM, lambda *_: self.quit())
        except (ValueError, AttributeError, OSError):  # not the main thread, or no such signal here
            pass
        first = True
        while self.running:
            self.step()
            if first and self.args.exit_after_first_frame:
                print(f"first frame after {time.perf_counter() - self.started:.3f} s")
                self.quit()
            first = False
        self.close()
        return 0

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """Leave cleanly: every scene's on_exit (the board autosaves), stop the worker and the jobs, quit
        pygame."""
        self.running = False
        while self.scenes:
            self.scenes.pop().on_exit()
        try:
            storage.flush_autosave()
        except storage.SaveError as exc:  # leaving anyway: the last complete autosave stays
            print(f"qipan: {exc.text(self.lang)}", file=sys.stderr)
        self.worker.close()
        for job in self.jobs.values():  # a build still running stops; what it began is removed
            job.close()
        self.jobs.clear()
        clear_fonts = getattr(fonts, "_clear", None)
        if clear_fonts is not None:  # fonts die with pygame.quit(); a later App in this process needs new ones
            clear_fonts()
        pygame.quit()


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if parse_args(argv).selftest:
        from game import selftest

        return selftest.run(argv, App)
    app = App(argv)
    return app.run()
