"""Labels stay at the body text size: a long label wraps onto two lines, a long choice gets a wider
segment or two lines, and the Banqi assistant's slider knob keeps clear of its label."""

import pygame
import pytest

from game.scenes.screens.setup import SetupScene
from game.scenes.views.banqi.assistant import AssistantScene
from game.scenes.views.draughts.editor import DraughtsSetupScene
from game.scenes.widgets import Button, Choice, Slider, text_of, wrap

SIZES = [(1920, 1080), (1280, 800), (1024, 640)]


def resize(driver, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    driver.step()


def check_choice(app, c: Choice) -> None:
    lw, segs = c.layout()
    assert segs[0].x >= c.rect.x + lw and segs[-1].right <= c.rect.right + 1, text_of(c.label)
    for a, b in zip(segs, segs[1:]):
        assert a.right < b.x
    if c.label:  # at the body size, on at most two lines
        assert len(wrap(text_of(c.label), app.font(c.size), lw - 16)) <= 2, text_of(c.label)
    pad = Button.padding(c.rect.h)
    for seg, (_, text) in zip(segs, c.choices):
        text = text_of(text)
        fits = c._text_width(text, False) <= seg.w - 2 * pad or (
            c._two_size() and len(c._halves(text)) == 2 and c._text_width(text, True) <= seg.w - 2 * pad
        )
        assert fits, (text, seg.w)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("scene", ["palace", "draughts", "banqi", "editor"])
def test_setup_labels_wrap_rather_than_shrink(driver, lang, scene):
    app = driver.app
    app.set_lang(lang)
    form = DraughtsSetupScene(app) if scene == "editor" else SetupScene(app, scene)
    app.push(form)
    for size in SIZES:
        resize(driver, size)
        for w in form.widgets:
            if isinstance(w, Choice):
                check_choice(app, w)
        form.draw(app.screen)


def test_long_palace_labels_are_whole(driver):
    app = driver.app
    app.set_lang("en")
    form = SetupScene(app, "palace")
    app.push(form)
    resize(driver, (1024, 640))
    labels = {text_of(w.label): w for w in form.option_widgets}
    draw_after = next(w for t, w in labels.items() if t.startswith("Draw after"))
    lw, _ = draw_after.layout()
    assert len(wrap(text_of(draw_after.label), app.font(draw_after.size), lw - 16)) == 2  # wrapped, not shrunk
    chain = next(w for w in form.option_widgets if any("Chain" in text_of(t) for _, t in w.choices))
    _, segs = chain.layout()
    i = next(i for i, (_, t) in enumerate(chain.choices) if "Chain" in text_of(t))
    assert chain._text_width(text_of(chain.choices[i][1]), False) <= segs[i].w  # one line, full size


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_assistant_slider_knob_keeps_off_its_label(driver, lang):
    app = driver.app
    app.set_lang(lang)
    scene = AssistantScene(app)
    app.push(scene)
    for size in SIZES:
        resize(driver, size)
        slider = scene.quiet
        assert isinstance(slider, Slider)
        column = slider.rect.x + int(slider.rect.w * slider.label_width)
        lines = wrap(text_of(slider.label), app.font(slider.size), int(slider.rect.w * slider.label_width) - 12)
        assert len(lines) <= 2
        assert slider.track().x - slider.knob_radius() > column  # the knob at 0 is right of the label
        slider.set(slider.lo)
        scene.draw(app.screen)
        check_choice(app, scene.to_move)
        for b in (scene.suggest_btn, scene.down_btn, scene.clear_btn, scene.back_btn):
            assert b.rect.w >= b.needed_width(b.rect.h) or size[0] < 1024
