"""Scene base class. The app (game/app.py) keeps a stack of scenes; the top one gets the events.

A scene sees the app as self.app, which offers (built by the shell):
    app.push(scene), app.pop(), app.replace(scene), app.quit()
    app.settings            dict-like settings (language, sound, volume, anim_speed, ...)
    app.lang                "zh" or "en"
    app.font(size, serif=False) -> pygame.font.Font with the shipped CJK subset
    app.sounds.play(name)   "move", "capture", "drop", "flip", "illegal", "win", "lose", "click"
    app.size                (width, height) of the window
"""

from __future__ import annotations


class Scene:
    #: True for scenes drawn over the one below (dialogs): the app draws the scene below first.
    overlay = False

    def __init__(self, app):
        self.app = app

    def on_enter(self) -> None:
        """Became the top scene (pushed, or the scene above was popped)."""

    def on_exit(self) -> None:
        """Removed from the stack."""

    def on_resize(self, size) -> None:
        """The window changed size; recompute layout."""

    def handle_event(self, event) -> None:
        """One pygame event (mouse, key, window, or a custom event posted by the app)."""

    def update(self, dt: float) -> None:
        """Advance animations by dt seconds."""

    def draw(self, surface) -> None:
        """Draw the whole scene (or, for an overlay, what it adds)."""

    def toast_place(self, size, height: int) -> tuple[int, int]:
        """The midtop of the app's notices over this scene: the top centre unless it covers
        something the player is looking at."""
        return size[0] // 2, max(4, height // 3)
