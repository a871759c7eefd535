"""Export PDN (game/pdn_export.py and the board's button): a clocked draughts game written as a new
.pdn file in the saves folder, with [TimeControl] and %clk, that the Files screen lists and loads
back to the same position; never over another file; a folder that cannot be written gives a
message, not a crash; only games whose rules write PDN offer it."""

import os
import time

import pytest

from game import games, pdn_export, storage
from game.clock import TimeControl
from game.match import Match
from game.record import SaveError
from game.rules import draughts, draughts_pdn
from game.scenes.widgets import Dialog
from game.scenes.widgets.text_layout import text_of

WHEN = time.struct_time((2026, 11, 25, 22, 31, 0, 2, 329, 0))


def export_button(scene):
    found = [b for b in scene.panel.buttons if text_of(b.text) == "Export PDN"]
    return found[0] if found else None


def play(driver, scene, n):
    for _ in range(n):
        driver.step(30)
        scene.table.play(scene.legal_moves()[0])
        driver.settle(40)


def test_the_button_writes_a_pdn_that_loads_back_to_the_same_position(driver):
    app = driver.app
    app.set_lang("en")
    scene = app.new_game("draughts", {}, mode="hotseat", control=TimeControl(300, 5))
    driver.settle(5)
    play(driver, scene, 5)
    button = export_button(scene)
    assert button is not None and button.rect.w > 0
    driver.click(button.rect.center)
    dialog = app.top
    assert isinstance(dialog, Dialog) and text_of(dialog.title) == "PDN file written"
    written = [p for p in storage.saves_dir().iterdir() if p.suffix == ".pdn"]
    assert len(written) == 1 and str(written[0]) in [text_of(line) for line in dialog.lines]
    text = written[0].read_text(encoding="utf-8")
    assert '[TimeControl "300+5"]' in text and text.count("[%clk ") == 5
    assert '[White "Player 1"]' in text and '[Black "Player 2"]' in text
    # the Files screen lists it, and it loads to the position on the board
    entry = next(e for e in storage.list_saves() if e.path == written[0])
    assert entry.game == "draughts"
    loaded = Match.from_record(storage.load_named(entry.path, entry.number))
    assert loaded.texts == scene.match.texts
    assert draughts.to_text(loaded.state) == draughts.to_text(scene.match.state)
    # a second export is a second file: the first is never replaced
    app.pop()
    driver.step(2)
    driver.click(button.rect.center)
    again = sorted(p for p in storage.saves_dir().iterdir() if p.suffix == ".pdn")
    assert len(again) == 2 and written[0].read_text(encoding="utf-8") == text


def test_a_folder_that_cannot_be_written_gives_a_message(driver, _qipan_home):
    app = driver.app
    app.set_lang("en")
    (_qipan_home / "saves").write_text("not a folder")  # where the saves folder should be
    scene = app.new_game("draughts", {}, mode="hotseat")
    driver.settle(5)
    play(driver, scene, 2)
    driver.click(export_button(scene).rect.center)
    dialog = app.top
    assert isinstance(dialog, Dialog) and text_of(dialog.title) == "The PDN file was not written"
    assert any("could not be written" in text_of(line) for line in dialog.lines)
    driver.key(13)  # Enter closes it; the game goes on
    driver.step(3)
    assert app.top is scene and scene.match.ply == 2


def test_a_read_only_folder_gives_a_save_error(tmp_path, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    if getattr(os, "geteuid", lambda: 1)() == 0:  # root writes to read-only folders: the system's answer to anyone else
        real_open = os.open

        def refuse(path, *args, **kw):
            if str(path).startswith(str(folder)):
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(path, *args, **kw)

        monkeypatch.setattr(os, "open", refuse)
    try:
        with pytest.raises(SaveError, match="could not be written: Permission denied"):
            pdn_export.export(Match.new("draughts", mode="hotseat"), WHEN, folder)
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)


def test_names_tags_and_never_replacing(tmp_path):
    m = Match.new("draughts", mode="computer", human_seat=1, level="hard")
    for _ in range(3):
        m.play(m.legal_moves()[0])
    tags = pdn_export.headers(m, WHEN)
    assert tags == {"Event": "Qipan", "Date": "2026.11.25", "White": "Qipan (level 10)", "Black": "Player"}
    first = pdn_export.export(m, WHEN, tmp_path)
    assert first.name == "2026-11-25 22.31 Qipan (level 10) - Player.pdn"
    first.write_text("kept")
    second = pdn_export.export(m, WHEN, tmp_path)
    assert second.name == "2026-11-25 22.31 Qipan (level 10) - Player (2).pdn" and first.read_text() == "kept"
    game = draughts_pdn.read_pdn(second.read_text(encoding="utf-8")).games[0]
    assert [str(x) for x in game.moves] == m.texts and "TimeControl" not in second.read_text(encoding="utf-8")


def test_only_games_that_write_pdn_offer_it(driver):
    for name, info in games.GAMES.items():
        scene = driver.app.new_game(name, {}, mode="hotseat")
        driver.step(2)
        assert (export_button(scene) is not None) == info.pdn
        if not info.pdn:
            with pytest.raises(SaveError):
                pdn_export.export(scene.match, WHEN)
        driver.app.back_to_menu()
        driver.step(2)
    assert games.get("draughts").pdn
