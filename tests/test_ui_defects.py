"""The screen defects of issue #26, each seen as a player sees it: the menu's pictures, what the
board says while the computer player is being prepared, the analysis of a studied position, a
network game never replacing another without asking, and the side panel's type at 1024x640."""

import random
import time

import pygame
import pytest
from conftest import Driver
from net_helpers import Pair

from game.i18n import tr
from game.net import saves
from game.net.host import HostSession
from game.rules.draughts_board import row_col
from game.scenes.lobbies import network as N
from game.scenes.views import make_view, render_thumbnail
from game.scenes.views.draughts import view as draughts_view
from game.sprites import theme
from game.worker import Worker


def _spy_texts(app, monkeypatch) -> list:
    """Every (text, size) the app renders from now on."""
    seen = []
    original = app.text

    def spy(text, size, colour=theme.TEXT, serif=False):
        seen.append((text, int(size)))
        return original(text, size, colour, serif)

    monkeypatch.setattr(app, "text", spy)
    return seen


# ---- a. the menu's pictures -------------------------------------------------------------------
@pytest.mark.parametrize("side", [120, 157, 180, 233, 320, 411])
def test_the_menu_draughts_picture_has_its_pieces_on_the_dark_squares(driver, side):
    """The board plays on the dark squares; the menu's picture must show the same."""
    pic = render_thumbnail("draughts", (side, side))
    view = make_view("draughts", {})
    view.layout(pygame.Rect(0, 0, side, side), False)
    half = view.cell // 2
    for square in (1, 5, 16, 20, 31, 35, 46, 50):  # pieces of both sides, at both edges
        x, y = view.point_xy(square)
        row, col = row_col(square)
        corner = pic.get_at((x - half + 1, y - half + 1))[:3]  # the square's corner, beside the piece
        dark = sum(abs(a - b) for a, b in zip(corner, draughts_view.DARK))
        light = sum(abs(a - b) for a, b in zip(corner, draughts_view.LIGHT))
        assert dark < light, (side, square, corner)
        assert (row + col) % 2 == 1  # a dark square of the grid the board draws


def test_the_menu_banqi_picture_has_no_tiny_captured_labels(driver, monkeypatch):
    from game.scenes.views.banqi import view as banqi_view

    asked = []
    original = banqi_view.tr
    monkeypatch.setattr(banqi_view, "tr", lambda key, *a, **k: asked.append(key) or original(key, *a, **k))
    assert render_thumbnail("banqi", (180, 180)) is not None
    assert not {"banqi.lost_black", "banqi.lost_red"} & set(asked)


# ---- b. preparing the computer player ----------------------------------------------------------
def test_the_board_says_the_computer_player_is_being_prepared_with_its_progress(driver, monkeypatch):
    app = driver.app
    share = {"value": 0.42}
    monkeypatch.setattr(Worker, "preparing", property(lambda self: share["value"]), raising=False)
    board = app.new_game("draughts", {}, mode="computer", human_seat=1, level="hard")
    driver.step(2)
    seen = _spy_texts(app, monkeypatch)
    for lang, text in (
        ("en", "Preparing the computer player (once per version)… 42%"),
        ("zh", "正在准备电脑棋手（每个版本只需一次）… 42%"),
    ):
        app.set_lang(lang)
        seen.clear()
        board.panel.draw(app.screen)
        drawn = "".join(t for t, _ in seen)
        assert text.replace(" ", "") in drawn.replace(" ", ""), drawn
        assert board.panel.preparing_bar is not None and board.panel.preparing_bar.w > 0
    share["value"] = 0.5  # the panel follows the progress
    seen.clear()
    board.panel.draw(app.screen)
    assert "50%" in "".join(t for t, _ in seen)
    share["value"] = None  # ready: the line and its bar go
    seen.clear()
    board.panel.draw(app.screen)
    assert not any("准备电脑棋手" in t or "Preparing" in t for t, _ in seen)
    assert board.panel.preparing_bar is None


# ---- c. analysis of a studied position ----------------------------------------------------------
def _studied(driver, where):
    app = driver.app
    if where == "editor":
        editor = app.open("draughts_setup")
        driver.step()
        editor.text.value = "W:W28,33,K45:B18,19"  # a small ending: the search soon reaches its end
        editor.load_text()
        editor.analyse()
    else:
        assistant = app.open("banqi_assistant")
        driver.step()
        assistant.text.value = "xxxnxpxx/xxxPxxxx/Nxxxxxxx/xxxxxxxx r - 0"
        assistant.load_text()
        assistant.analyse()
    return driver.top


@pytest.mark.parametrize("where", ["editor", "assistant"])
def test_the_analysis_of_a_studied_position_runs_at_once_and_never_says_stopped_unasked(driver, where):
    app = driver.app
    board = _studied(driver, where)
    stopped, done = tr("analysis.stopped", app.lang), tr("analysis.done", app.lang)
    texts = [t for t, _ in board.analysis.lines(app.lang)]
    assert board.analysis.running and tr("analysis.thinking", app.lang) in texts
    driver.wait(lambda: board.analysis.finished, seconds=120)
    driver.step(2)
    texts = [t for t, _ in board.analysis.lines(app.lang)]
    assert stopped not in texts and done in texts, texts
    board.analysis.toggle()  # A: the player stops it, and only then is it "Stopped"
    assert stopped in [t for t, _ in board.analysis.lines(app.lang)]


# ---- d. a network game never replaces another without asking -------------------------------------
@pytest.fixture
def saved_network_game(monkeypatch):
    monkeypatch.setattr(
        N, "open_host", lambda port=0, bind=None: HostSession(port=0, bind="127.0.0.1", autosave=saves.autosave)
    )
    pair = Pair("palace", saves=True)
    rng = random.Random(3)
    for _ in range(3):
        side = pair.mover()
        side.play(rng.choice(side.game.state.legal_moves()))
        pair.wait(pair.settled)
    ids = (pair.host.game.id, pair.guest.game.id)
    pair.close()
    saves.flush()
    return ids


def _wait(driver, cond, others=(), seconds=10.0):
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, f"timed out; top scene {type(driver.top).__name__}"
        for s in others:
            s.pump()
        driver.step()
        time.sleep(0.002)


def test_hosting_a_new_game_asks_before_replacing_the_saved_network_game(driver, saved_network_game):
    app = driver.app
    host_id = saved_network_game[0]
    setup = N.HostSetupScene(app)
    app.push(setup)
    driver.step()
    setup.open()
    dialog = app.top
    assert type(dialog).__name__ == "Dialog"
    assert dialog.focus.current() is dialog.buttons[dialog.cancel_index]  # keeping it is the default
    driver.key(pygame.K_RETURN)
    assert app.top is setup and saves.read("host")[0].id == host_id  # kept, nothing hosted
    setup.open()
    app.top.buttons[0].activate()  # Replace
    assert isinstance(app.top, N.HostWaitScene)


def test_accepting_a_new_offer_asks_before_replacing_the_saved_network_game(driver, saved_network_game):
    app = driver.app
    guest_id = saved_network_game[1]
    host = HostSession(bind="127.0.0.1")
    host.set_offer("draughts", {}, 0)
    try:
        join = N.JoinScene(app, f"127.0.0.1:{host.port}", code=host.code)
        app.push(join)
        join.connect()
        _wait(driver, lambda: join.offer is not None, [host])
        join.accept()
        dialog = app.top
        assert type(dialog).__name__ == "Dialog"
        assert dialog.focus.current() is dialog.buttons[dialog.cancel_index]
        driver.key(pygame.K_RETURN)  # keep the saved game: the offer stays unanswered
        assert app.top is join and host.phase != "playing" and saves.read("guest")[0].id == guest_id
        join.accept()
        app.top.buttons[0].activate()  # Replace
        _wait(driver, lambda: host.phase == "playing", [host])
    finally:
        host.close()


# ---- e. the side panel at 1024x640 -------------------------------------------------------------
@pytest.mark.parametrize("game", ["palace", "draughts", "banqi"])
def test_every_side_panel_text_is_at_least_body_size_at_1024x640(monkeypatch, game):
    d = Driver(size=(1024, 640))
    try:
        app = d.app
        for lang in ("en", "zh"):
            app.set_lang(lang)
            board = app.new_game(game, {}, mode="hotseat")
            d.step(2)
            answer = {"win_chance": 0.52, "to_move": board.match.info.sides[0], "line": [], "nodes": 1, "depth": 1}
            board.analysis.result = type("Answer", (), {**answer, "flip": None})()  # the evaluation bar too
            board.analysis.on = True
            seen = _spy_texts(app, monkeypatch)
            board.panel._surf = None
            board.panel.draw(app.screen)
            monkeypatch.undo()
            body = theme.px(16, board.s)
            small = sorted({(size, text) for text, size in seen if size < body})
            assert not small, (lang, body, small)
    finally:
        d.close()
