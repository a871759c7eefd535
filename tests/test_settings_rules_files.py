"""Settings, rules, load and save scenes, driven headless through the real app (tests/conftest.py)."""

import json
import random

import pygame
import pytest

from game import fonts, storage
from game.rules import module
from game.scenes.screens import rules as rules_scene
from game.scenes.screens.files import LoadGameScene, SaveGameScene
from game.scenes.screens.rules import RulesScene, parse, wrap
from game.scenes.screens.settings import SettingsScene
from game.scenes.widgets import Dialog


def _record(game="draughts", plies=8, seed=1):
    rules = module(game)
    rng = random.Random(seed)
    state = rules.new_game(seed=seed) if game == "banqi" else rules.new_game()
    start = {"seed": seed} if game == "banqi" else {"text": rules.to_text(state)}
    moves = []
    for _ in range(plies):
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(str(move))
        state = state.play(move)
    return storage.GameRecord(game=game, start=start, moves=moves)


def _saved_settings():
    return json.loads(storage.settings_path().read_text(encoding="utf-8"))


# ---- settings ------------------------------------------------------------------------------------
def test_settings_change_and_save_at_once(driver):
    app = driver.app
    app.push(SettingsScene(app))
    scene = driver.top
    driver.step()
    lang_before = app.lang
    driver.key(pygame.K_RIGHT)  # language row has the focus
    assert app.lang != lang_before and _saved_settings()["lang"] == app.lang
    driver.key(pygame.K_DOWN)  # sound
    driver.key(pygame.K_RETURN)
    assert _saved_settings()["sound"] is False and app.sounds.enabled is False
    driver.click(scene.sound.rect.center)  # and back on by mouse
    assert _saved_settings()["sound"] is True
    driver.key(pygame.K_DOWN)  # volume
    driver.key(pygame.K_LEFT)
    assert _saved_settings()["volume"] == pytest.approx(0.65)
    assert app.sounds.volume == pytest.approx(0.65)
    driver.key(pygame.K_DOWN)  # animation speed
    driver.key(pygame.K_RIGHT)
    assert _saved_settings()["anim_speed"] == pytest.approx(1.25) and app.settings["anim_speed"] == 1.25
    for key in ("show_legal", "board_labels", "auto_flip"):
        driver.key(pygame.K_DOWN)
        before = app.settings[key]
        driver.key(pygame.K_SPACE)
        assert _saved_settings()[key] is (not before)
    drag = scene.volume.track()
    driver.post(pygame.MOUSEBUTTONDOWN, pos=(drag.right, drag.centery), button=1)
    driver.post(pygame.MOUSEBUTTONUP, pos=(drag.right, drag.centery), button=1)
    driver.step(20)  # the volume preview plays once it rests
    assert _saved_settings()["volume"] == 1.0
    settings, notice = storage.load_settings()
    assert notice is None and settings["anim_speed"] == 1.25
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not scene


def test_settings_scene_draws_at_small_and_large_sizes(driver):
    app = driver.app
    app.push(SettingsScene(app))
    for size in ((640, 480), (1920, 1080)):
        app.top.on_resize(size)
        surface = pygame.Surface(size)
        app.top.draw(surface)


# ---- rules ----------------------------------------------------------------------------------------------
SAMPLE_ZH = """# 王宫双门棋

两位**国王**对抗二十四名士兵，
共三十七个点。

## 走法
- 国王走一步或者跳吃。
  续行接在同一条。
  - 嵌套的一条
1. 第一条
2) 第二条

---
| 局面 | 结果 |
|---|---|
| 甲 | 乙 |
```
code  kept
```
"""


def test_markdown_subset_parses():
    blocks = parse(SAMPLE_ZH)
    kinds = [b[0] for b in blocks]
    assert blocks[0] == ("h1", 1, "", "王宫双门棋")
    assert ("para", 0, "", "两位国王对抗二十四名士兵，共三十七个点。") in blocks
    assert ("bullet", 1, "", "国王走一步或者跳吃。续行接在同一条。") in blocks
    assert ("bullet", 2, "", "嵌套的一条") in blocks
    assert ("number", 1, "1.", "第一条") in blocks and ("number", 1, "2)", "第二条") in blocks
    assert "rule" in kinds and ("pre", 0, "", "局面   结果") in blocks and ("pre", 0, "", "code  kept") in blocks
    assert (
        parse("Some *emphasis* and `code` and [a link](http://x) here\nnext line")[0][3]
        == "Some emphasis and code and a link here next line"
    )


def test_wrap_respects_width_words_and_chinese_punctuation():
    pygame.font.init()
    font = fonts.font(20)
    text = "这是一个很长很长的段落，用来检查换行是否正确。" * 4 + " Mixed English words like Double-Door stay whole."
    for width in (120, 300, 700):
        lines = wrap(text, font, width)
        assert all(font.size(line)[0] <= width for line in lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert not any(line[:1] in "，。" for line in lines)
    words = "alpha beta gamma delta epsilon".split()
    english = wrap(" ".join(words), font, 110)
    assert len(english) > 1 and " ".join(english).split() == words  # broken only between words
    assert wrap("x" * 200, font, 100) and all(font.size(l)[0] <= 100 for l in wrap("x" * 200, font, 100))


@pytest.fixture
def rules_dir(tmp_path, monkeypatch):
    (tmp_path / "palace.zh.md").write_text(SAMPLE_ZH * 6, encoding="utf-8")
    (tmp_path / "palace.en.md").write_text(
        "# Palace\n\n" + "- a rule that is long enough to wrap\n" * 80, encoding="utf-8"
    )
    (tmp_path / "draughts.en.md").write_text("# Draughts\n\nOnly in English.\n", encoding="utf-8")
    monkeypatch.setattr(rules_scene, "RULES_DIR", tmp_path)
    return tmp_path


def _texts_shown(scene):
    # the texts laid out, recovered from the app's text cache
    shown = {id(img) for _, _, img in scene.lines if not isinstance(img, tuple)}
    return [key[0] for key, img in scene.app._texts.items() if id(img) in shown]


def test_rules_scene_scrolls_switches_and_explains_missing_files(driver, rules_dir):
    app = driver.app
    app.settings["lang"] = "zh"
    app.push(RulesScene(app, "palace"))
    scene = driver.top
    driver.step()
    assert scene.max_scroll() > 0
    driver.key(pygame.K_PAGEDOWN, frames=30)
    assert 0 < scene.scroll <= scene.max_scroll()
    driver.post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    driver.step(30)
    driver.key(pygame.K_END, frames=40)
    assert scene.scroll == pytest.approx(scene.max_scroll())
    driver.key(pygame.K_DOWN, frames=10)
    assert scene.scroll == pytest.approx(scene.max_scroll())  # never beyond the end
    driver.key(pygame.K_HOME, frames=40)
    assert scene.scroll == 0
    driver.key(pygame.K_RIGHT)  # draughts: only an English text
    assert scene.game == "draughts" and scene.scroll == 0
    driver.step()
    shown = _texts_shown(scene)
    assert any("暂无中文版" in t for t in shown) and "Only in English." in shown
    driver.key(pygame.K_3)  # banqi: no file at all
    driver.step()
    assert any("banqi.zh.md" in t for t in _texts_shown(scene))
    driver.click(scene.tabs[0].rect.center)
    assert scene.game == "palace"
    track, thumb = scene._bar()
    driver.post(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1)
    driver.post(pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom + 50), rel=(0, 1), buttons=(1, 0, 0))
    driver.post(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.bottom + 50), button=1)
    driver.step()
    assert scene.scroll == pytest.approx(scene.max_scroll())
    for size in ((640, 480), (1920, 1080)):
        app.top.on_resize(size)
        app.top.draw(pygame.Surface(size))
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not scene


def test_every_shipped_rules_text_lays_out():
    files = sorted(rules_scene.RULES_DIR.glob("*.md"))
    if not files:
        pytest.skip("no rules texts shipped yet")
    pygame.font.init()
    font = fonts.font(22)
    for path in files:
        blocks = parse(path.read_text(encoding="utf-8"))
        assert blocks and blocks[0][0] == "h1", f"{path.name} should start with a '# ' heading"
        for _, _, _, text in blocks:
            assert all(font.size(line)[0] <= 400 for line in wrap(text, font, 400))


# ---- load ------------------------------------------------------------------------------------------------
def test_load_scene_lists_previews_refuses_damaged_and_opens(driver, monkeypatch):
    app = driver.app
    good = _record("draughts", 10)
    storage.save_named(good, "决赛 第1局")
    (storage.saves_dir() / "broken.json").write_text('{"format": "qipan-game", "version": 1, "game": "chess"}')
    opened = []
    monkeypatch.setattr(app, "open_game", lambda record: opened.append(record) or True)
    app.push(LoadGameScene(app))
    scene = driver.top
    names = [s[0] for s in scene.saves]
    assert sorted(names) == sorted(["决赛 第1局", "broken"])
    scene.list._select(names.index("broken"))
    driver.key(pygame.K_RETURN)
    assert driver.top is scene and not opened and scene.error
    assert "chess" in scene.error
    for size in ((800, 600), (1920, 1080)):
        scene.on_resize(size)
        scene.draw(pygame.Surface(size))
    scene.list._select(names.index("决赛 第1局"))
    assert scene.error is None and isinstance(scene.detail, tuple)
    scene.draw(pygame.Surface(app.size))
    driver.key(pygame.K_RETURN)
    assert opened == [good]


def test_load_scene_deletes_after_confirming(driver):
    app = driver.app
    storage.save_named(_record("palace", 4), "one")
    app.push(LoadGameScene(app))
    scene = driver.top
    driver.key(pygame.K_DELETE)
    assert isinstance(driver.top, Dialog)
    driver.key(pygame.K_ESCAPE)  # No
    assert driver.top is scene and len(storage.list_saves()) == 1
    driver.click(scene.delete_btn.rect.center)
    driver.key(pygame.K_RETURN)  # No has the focus first: Enter keeps the file
    assert driver.top is scene and len(storage.list_saves()) == 1
    driver.click(scene.delete_btn.rect.center)
    driver.key(pygame.K_LEFT)  # to Yes
    driver.key(pygame.K_RETURN)
    assert driver.top is scene and storage.list_saves() == [] and scene.saves == []
    scene.draw(pygame.Surface(app.size))  # the empty list explains itself
    driver.key(pygame.K_RETURN)  # nothing to open: no error
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not scene


# ---- save ------------------------------------------------------------------------------------------------
def test_save_dialog_types_chinese_saves_and_confirms_overwrite(driver):
    app = driver.app
    record = _record("banqi", 12)
    app.push(SaveGameScene(app, record))
    scene = driver.top
    driver.step()
    assert scene.input.value  # a default name, selected: typing replaces it
    driver.post(pygame.TEXTEDITING, text="jue", start=3, length=0)
    driver.step()
    scene.draw(app.screen)
    driver.post(pygame.TEXTINPUT, text="决赛")
    driver.post(pygame.TEXTINPUT, text="/1")
    driver.step()
    assert scene.input.value == "决赛/1"
    driver.key(pygame.K_RETURN)
    assert driver.top is not scene
    saves = storage.list_saves()
    assert [(e.name, e.game) for e in saves] == [("决赛/1", "banqi")]
    assert storage.load_named(saves[0][1]) == record
    # the same name again: asks before replacing
    app.push(SaveGameScene(app, _record("banqi", 14)))
    scene = driver.top
    driver.post(pygame.TEXTINPUT, text="决赛/1")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, Dialog)
    driver.key(pygame.K_LEFT)  # to Yes (No, the safe answer, has the focus first)
    driver.key(pygame.K_RETURN)
    assert len(storage.load_named(saves[0][1]).moves) == 14
    assert driver.top is not scene


def test_save_dialog_refuses_an_empty_name_and_shows_write_errors(driver, monkeypatch):
    app = driver.app
    app.push(SaveGameScene(app, _record("palace", 2)))
    scene = driver.top
    driver.key(pygame.K_BACKSPACE)  # clears the selected default
    driver.key(pygame.K_RETURN)
    assert driver.top is scene and scene.error
    driver.post(pygame.TEXTINPUT, text="x")
    driver.step()

    def full_disk(*a, **k):
        raise storage.SaveError("storage.write_failed", why="No space left on device")

    monkeypatch.setattr(storage, "save_named", full_disk)
    driver.key(pygame.K_RETURN)
    assert driver.top is scene and "No space left" in scene.error
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not scene


# ---- random input -------------------------------------------------------------------------------------
@pytest.mark.parametrize("which", ["settings", "rules", "load", "save"])
def test_random_input_never_breaks_these_scenes(driver, which):
    app = driver.app
    storage.save_named(_record("draughts", 6), "a")
    (storage.saves_dir() / "b.json").write_text("[]")
    make = {
        "settings": lambda: SettingsScene(app),
        "rules": lambda: RulesScene(app, "banqi"),
        "load": lambda: LoadGameScene(app),
        "save": lambda: SaveGameScene(app, _record("palace", 3)),
    }[which]
    app.push(make())
    rng = random.Random(7)
    keys = [
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_RETURN,
        pygame.K_SPACE,
        pygame.K_TAB,
        pygame.K_PAGEUP,
        pygame.K_PAGEDOWN,
        pygame.K_HOME,
        pygame.K_END,
        pygame.K_DELETE,
        pygame.K_BACKSPACE,
        pygame.K_1,
        pygame.K_3,
        pygame.K_ESCAPE,
    ]
    for _ in range(400):
        if app.top is app.scenes[0]:  # left (Esc, Back, a save): open it again
            app.push(make())
        w, h = app.size
        pos = (rng.randrange(w), rng.randrange(h))
        r = rng.random()
        if r < 0.45:
            driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 3), buttons=(1, 0, 0))
            driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif r < 0.55:
            driver.post(
                pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False, precise_x=0.0, precise_y=0.0
            )
        elif r < 0.65:
            driver.post(pygame.TEXTINPUT, text=rng.choice(["棋", "a", "/", " ", "..", "中文名"]))
        elif r < 0.7:
            driver.post(pygame.TEXTEDITING, text=rng.choice(["", "zh", "qi'pan"]), start=0, length=0)
        else:
            key = rng.choice(keys)
            if key == pygame.K_ESCAPE and rng.random() < 0.7:
                key = pygame.K_DOWN
            driver.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        driver.step()
    for scene in app.scenes:
        assert not isinstance(scene, Dialog) or scene.panel.buttons
    settings, notice = storage.load_settings()
    assert notice is None and settings == storage.clean_settings(settings)


def test_load_scene_names_the_side_of_the_human_against_the_computer(driver):
    app = driver.app
    record = _record("banqi", 10)
    record.mode, record.human_seat = "computer", 1
    storage.save_named(record, "vs computer")
    app.push(LoadGameScene(app))
    scene = driver.top
    scene.draw(app.screen)
    from game.scenes.views import VIEWS

    if VIEWS.get("banqi") is None:
        pytest.skip("no banqi view")
    states = scene.detail[1]
    expected = VIEWS.get("banqi")(record.options).seat_label(1, states[0], app.lang, state=states[-1])
    texts = [key[0] for key in app._texts]
    assert any(expected in t for t in texts)
