"""What the board shows while a player makes a move (issue: play feel): a multiple capture landing
by landing, the jump and its victim, quiet drop dots, and what a Banqi flip revealed."""

import pygame

from game.match import Match
from game.rules import banqi, draughts, palace
from game.sprites import highlight


def _record(monkeypatch, scene):
    """Draw one frame and return {mark kind: [points]} and the points pieces were drawn at."""
    view = scene.view
    at = {view.point_xy(p): p for p in view.points()}
    marks: dict = {}
    pieces = []

    def mark(kind):
        def f(surface, center, r, *args, **kwargs):
            key = kind + ("_taken" if kwargs.get("taken") else "")
            marks.setdefault(key, []).append(at.get(tuple(center)))

        return f

    for kind in ("jump", "victim", "drop", "target", "selected"):
        monkeypatch.setattr(highlight, kind, mark(kind))
    real = view.draw_piece
    monkeypatch.setattr(
        view,
        "draw_piece",
        lambda surface, code, center, **kw: (pieces.append(at.get(tuple(center))), real(surface, code, center, **kw)),
    )
    scene.draw(pygame.display.get_surface())
    return marks, pieces


def _board(driver, game, state):
    app = driver.app
    match = Match(game, start_state=state)
    scene = app.open("board", match)
    driver.step()
    return scene


def test_a_multiple_capture_is_shown_landing_by_landing(driver, monkeypatch):
    scene = _board(driver, "draughts", draughts.from_text("W:W38:B21,22,32"))
    view = scene.view
    for sq in (38, 27):
        driver.click(view.point_xy(sq))
    assert scene.selection == [38, 27] and scene.ply == 0
    marks, pieces = _record(monkeypatch, scene)
    assert 27 in pieces and 38 not in pieces  # the man stands on its landing
    assert 32 in pieces and marks["victim_taken"] == [32]  # taken so far: marked, still on the board
    assert sorted(marks["jump"]) == [16, 18] and sorted(marks["victim"]) == [21, 22]
    driver.click(view.point_xy(38))  # the previous landing: one landing back
    assert scene.selection == [38]
    driver.click(view.point_xy(27))
    driver.click(view.point_xy(16))
    assert scene.moves == ["38x16"]


def test_palace_jump_has_its_own_mark_and_the_victim_is_marked(driver, monkeypatch):
    # black king on c5 with a soldier on c4 and c3 empty: the jump c5xc3 takes c4
    state = palace.from_text(".-.-./-.B.-/...../...../..B../..W../...../-...-/.-.-. b 0 0")
    scene = _board(driver, "palace", state)
    king = palace.parse_point("c5")
    driver.click(scene.view.point_xy(king))
    marks, _ = _record(monkeypatch, scene)
    assert palace.parse_point("c3") in marks["jump"]
    assert marks["victim"] == [palace.parse_point("c4")]
    assert palace.parse_point("c3") not in marks.get("target", [])


def test_palace_drops_are_quiet_dots(driver, monkeypatch):
    m = Match.new("palace")
    m.play(m.legal_moves()[0])  # the kings move first; now the soldiers drop
    scene = driver.app.open("board", m)
    driver.step()
    marks, _ = _record(monkeypatch, scene)
    assert len(marks["drop"]) > 10 and not marks.get("target")


def test_banqi_move_list_names_what_a_flip_revealed(driver):
    m = Match.new("banqi", seed=3)
    flip = m.legal_moves()[0]
    m.play(flip)
    scene = driver.app.open("board", m)
    driver.step()
    piece = m.state.board[flip.path[0]]
    label = scene.panel.move_labels()[0]
    assert label.startswith(str(flip) + " ") and label.split()[1] in "帥仕相俥傌炮兵將士象車馬包卒"
    assert str(m.moves[0]) == str(flip)  # the notation itself is unchanged
    assert banqi.colour(piece) in ("r", "b")


def test_draughts_is_played_on_the_dark_squares_with_their_numbers(driver):
    from game.scenes.views.draughts import view as draughts_view

    scene = _board(driver, "draughts", draughts.new_game())
    view = scene.view
    surf = pygame.Surface(driver.app.size)
    view.draw_board(surf)
    c = view.cell
    middle = (sum(draughts_view.DARK) + sum(draughts_view.LIGHT)) / 2
    for sq in range(1, 51):  # every playing square is dark wood (FMJD), every other square light
        x, y = view.point_xy(sq)
        assert sum(tuple(surf.get_at((x, y)))[:3]) < middle
        assert sum(tuple(surf.get_at((x + c, y)))[:3]) > middle or x + c >= view.board_rect.right
    x, y = view.point_xy(46)  # a1, the first square on White's left, is a playing square
    assert view.hit((x, y)) == 46 and draughts.row_col(46) == (9, 0)
    assert view.labels_shown()  # square numbers by default, as the move list writes them
    driver.key(pygame.K_n)
    assert not view.labels_shown() and driver.app.settings["board_labels"] is False
