"""The About screen (game/scenes/screens/about.py): opened from Settings, shows the version, the
licence and the third-party notices from the packages' metadata, scrolls, and goes back."""

import pygame

from game import notices
from game.scenes.screens.about import content, printable
from game.scenes.screens.settings import SettingsScene


def test_settings_opens_about_which_scrolls_and_goes_back(driver):
    app = driver.app
    settings = SettingsScene(app)
    app.push(settings)
    driver.step()
    driver.click(settings.about.rect.center, frames=3)
    about = app.top
    assert type(about).__name__ == "AboutScene"
    texts = [line[2] for line in about.lines]
    assert any(notices.program_version() in t for t in texts)
    for name in ("pygame-ce", "numpy", "platformdirs", "SDL", "Noto Sans CJK SC"):
        assert any(t.startswith(name) for t in texts), name
    assert about.height > about.view.h  # the licence texts run long: it scrolls
    driver.key(pygame.K_END, frames=60)
    assert about.scroll == about.max_scroll() > 0
    driver.key(pygame.K_HOME, frames=60)
    assert about.scroll == 0
    driver.key(pygame.K_ESCAPE)
    assert app.top is settings


def test_about_in_both_languages_and_at_small_sizes(driver):
    app = driver.app
    for lang in ("zh", "en"):
        app.settings["lang"] = lang
        about = app.open("about")
        assert content(lang)[1][1] != content("zh" if lang == "en" else "en")[1][1]
        for size in ((640, 480), (1920, 1080)):
            about.on_resize(size)
            about.draw(pygame.Surface(size))
        app.pop()


def test_printable_spells_what_the_font_lacks():
    assert printable("Copyright © 2024 Ünïcode") in ("Copyright © 2024 Ünïcode", "Copyright (c) 2024 Unicode")
    assert printable("plain") == "plain"
    assert printable("a\u16a0b") == "a?b"  # a runic letter: no glyph, no ASCII spelling
