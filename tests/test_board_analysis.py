"""Analysis on the board (live, in the worker) and the review of a whole game, through the app."""

import random

import pygame

from game.match import Match


def _played(game, n, seed=1):
    m = Match.new(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if m.over:
            break
        m.play(rng.choice(m.legal_moves()))
    return m


def test_live_analysis_shows_a_line_and_play_from_here(driver):
    app = driver.app
    app.ai_nodes = 400
    scene = app.open("board", _played("draughts", 6))
    driver.step()
    driver.key(pygame.K_a)
    assert scene.analysis.on and scene.analysis.running
    driver.wait(lambda: scene.analysis.result is not None)
    a = scene.analysis.result
    assert a.line and a.line[0] in {str(m) for m in scene.match.legal_moves()}
    assert scene.analysis.bar_value() is not None
    driver.wait(lambda: scene.analysis.step >= 2)  # it goes on, with longer searches
    driver.key(pygame.K_a)  # stop
    assert not scene.analysis.running and scene.analysis.rid is None
    texts = [t for t, _ in scene.analysis.lines(app.lang)]
    assert any(a.line[0] in t for t in texts)
    driver.key(pygame.K_p)  # play from here: a new hot-seat game from this position
    new = driver.top
    assert new is not scene and new.match.mode == "hotseat"
    assert new.match.rules.to_text(new.match.state) == scene.match.rules.to_text(scene.match.state)


def test_banqi_analysis_from_the_public_view_and_play_from_here_deals(driver):
    app = driver.app
    app.ai_nodes = 300
    scene = app.open("board", _played("banqi", 8, seed=3))
    driver.step()
    driver.key(pygame.K_a)
    driver.wait(lambda: scene.analysis.result is not None)
    a = scene.analysis.result
    assert a.line and (a.flip is None or a.flip == a.line[-1])
    driver.key(pygame.K_p)
    new = driver.top
    public = new.match.info.public
    assert public(new.match.state).board == public(scene.match.state).board


def test_game_review_marks_moves_and_the_graph_opens_a_move(driver):
    app = driver.app
    app.ai_nodes = 200
    scene = app.open("board", _played("palace", 8))
    driver.step()
    driver.key(pygame.K_g)
    assert scene.game_review.running
    driver.wait(lambda: scene.game_review.result is not None, seconds=60)
    review = scene.game_review.result
    assert len(review.moves) == 8 and not scene.game_review.running
    labels = scene.panel.move_labels()
    for i, mv in enumerate(review.moves):
        assert (
            labels[i].endswith(mv.mark)
            if mv.mark
            else labels[i] == scene.view.move_label(scene.match.moves[i], scene.match.states[i + 1], app.lang)
        )
    driver.step(2)
    rect = scene.panel.graph_rect
    assert rect is not None
    driver.click((rect.x + rect.w // 2, rect.centery))
    assert scene.review == scene.game_review.ply_at(rect, rect.x + rect.w // 2)


def test_a_game_review_can_be_cancelled(driver):
    app = driver.app
    app.ai_nodes = 5000
    scene = app.open("board", _played("draughts", 20))
    driver.step()
    driver.key(pygame.K_g)
    assert scene.game_review.running
    driver.key(pygame.K_ESCAPE)
    assert not scene.game_review.running and scene.game_review.result is None and driver.top is scene


def test_the_result_screen_offers_to_analyse_the_game(driver):
    from game.scenes.screens.result import ResultScene

    app = driver.app
    app.ai_nodes = 200
    m = _played("palace", 6)
    m.resign()
    scene = app.open("board", m)
    scene.show_result()
    result = driver.top
    assert isinstance(result, ResultScene)
    result.analyse_btn.activate()
    assert driver.top is scene and scene.review == 0 and scene.game_review.running
    driver.wait(lambda: scene.game_review.result is not None, seconds=60)


def test_the_editor_and_the_assistant_open_an_analysis_board(driver):
    from game import storage

    app = driver.app
    app.ai_nodes = 200
    editor = app.open("draughts_setup")
    driver.step()
    editor.analyse()
    board = driver.top
    assert board.analysis.on and board.match.mode == "hotseat" and not board.table.autosave_on
    driver.wait(lambda: board.analysis.result is not None)
    app.pop()
    assistant = app.open("banqi_assistant")
    driver.step()
    assistant.text.value = "xxxnxpxx/xxxPxxxx/Nxxxxxxx/xxxxxxxx r - 0"
    assistant.load_text()
    assistant.analyse()
    board = driver.top
    assert board.analysis.on and board.match.info.public(board.match.state).board == assistant.state.board
    driver.wait(lambda: board.analysis.result is not None)
    assert storage.read_autosave()[0] is None  # studying a position never replaces the game in progress


def test_a_pdn_file_in_the_saves_folder_loads_and_can_be_reviewed(driver):
    import shutil
    from pathlib import Path

    import pytest

    from game import storage

    pdn = Path(__file__).resolve().parents[1].parent / "shared" / "pdn" / "international"
    if not pdn.is_dir():
        pytest.skip("shared/pdn is not beside the checkout")
    folder = storage.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(pdn / "090417ronde12.pdn", folder)
    entry = storage.list_saves()[0]
    assert entry.game == "draughts" and entry.name.endswith("(090417ronde12.pdn)")
    app = driver.app
    app.ai_nodes = 100
    assert app.open_game(storage.load_named(entry.path, entry.number))
    board = driver.top
    assert board.match.ply > 0 and board.match.game == "draughts"
    board.start_review(0)
    driver.key(pygame.K_g)
    driver.step(3)
    assert board.game_review.running
    driver.wait(lambda: board.game_review.result is not None, seconds=120)


def test_a_studied_banqi_position_is_not_saved_with_an_invented_layout(driver):
    app = driver.app
    assistant = app.open("banqi_assistant")
    driver.step()
    assistant.text.value = "xxxnxpxx/xxxPxxxx/Nxxxxxxx/xxxxxxxx r - 0"
    assistant.load_text()
    assistant.analyse()
    board = driver.top
    board.table.save()
    assert driver.top is board  # no save screen: a toast says why


def test_an_endgame_table_position_says_its_value_is_exact(driver):
    """Banqi positions of up to 3 face-up pieces are looked up, not searched: the panel says so
    instead of "depth 0 · 0 nodes"."""
    from game.rules import banqi

    app = driver.app
    app.ai_nodes = 300
    start = banqi.from_text("R......./......../....p.../..k..... r KAABBRNNCCPPPPPaabbrrnnccpppp 0")
    scene = app.open("board", Match.new("banqi", start_state=start))
    driver.step()
    driver.key(pygame.K_a)
    driver.wait(lambda: scene.analysis.result is not None)
    texts = [t for t, _ in scene.analysis.lines("en")]
    assert any(t.startswith("Exact: from the endgame tables") for t in texts), texts
    assert scene.analysis.result.value == -1.0  # red to move loses: the general takes the chariot


def test_stopping_analysis_while_the_computer_thinks_keeps_its_move(driver):
    """A starts the analysis and A again stops it; the computer was thinking all along and must
    still move (its request used to be lost with the analysis')."""
    app = driver.app
    app.ai_nodes, app.ai_time = None, 1.0
    board = app.new_game("draughts", {}, mode="computer", human_seat=1, level="medium")
    driver.step(3)
    assert board.seats[0].thinking
    driver.key(pygame.K_a)
    driver.step(2)
    assert board.analysis.running
    driver.key(pygame.K_a)
    driver.step(2)
    driver.wait(lambda: board.match.ply == 1, seconds=30)


def test_the_analysis_shows_each_iteration_of_its_search_as_it_finishes(driver):
    """The worker streams every finished iteration (game.ai.contract's on_iteration): the panel
    shows them depth by depth while the same request still runs."""
    app = driver.app
    app.ai_nodes = 40_000
    scene = app.open("board", _played("palace", 6))
    driver.step()
    seen = []
    answer = scene.analysis.answer

    def recording(event):
        if event.id == scene.analysis.rid and event.result is not None:
            seen.append((getattr(event, "partial", False), event.result.depth))
        return answer(event)

    scene.analysis.answer = recording
    driver.key(pygame.K_a)
    driver.wait(lambda: scene.analysis.step >= 1)
    partial = [d for p, d in seen if p]
    final = [d for p, d in seen if not p]
    assert partial and final and partial == sorted(partial) and final[0] >= partial[-1]
    assert scene.analysis.result is not None and scene.analysis.result.depth >= 2
