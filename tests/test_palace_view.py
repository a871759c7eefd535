"""The palace view, headless: geometry, drawing, panel texts, and what the teaching overlay counts."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import STRINGS
from game.rules import palace as P
from game.rules.common import Result, find_move
from game.scenes.views.palace import view as V


@pytest.fixture(scope="module")
def view():
    pygame.init()
    v = V.View({})
    v.layout(pygame.Rect(0, 0, 900, 720), False)
    yield v


def play(state, *texts):
    for t in texts:
        state = state.play(find_move(state, t))
    return state


def test_points_are_distinct_inside_the_rect_and_hit(view):
    xy = {p: view.point_xy(p) for p in view.points()}
    assert len(set(xy.values())) == 37
    for p, (x, y) in xy.items():
        assert view.rect.collidepoint(x, y) and view.board_rect.collidepoint(x, y)
        assert view.hit((x + 2, y - 2)) == p
    assert view.hit((1, 1)) is None
    # the palace base row: a9 and c9 stand two columns apart
    assert xy[2][0] - xy[0][0] == pytest.approx(2 * view.step, abs=2)


def test_flip_turns_the_board(view):
    a = view.point_xy(0)
    view.layout(view.rect, True)
    assert view.point_xy(44) == pytest.approx(a, abs=1)
    view.layout(view.rect, False)


def test_jumps_are_arcs(view):
    assert view.is_jump(P.parse_point("c7"), P.parse_point("c5"))
    assert not view.is_jump(P.parse_point("a9"), P.parse_point("c9"))  # a step along the base row


def test_drawing_runs_for_every_piece_scale_and_alpha(view):
    surf = pygame.Surface((900, 720), pygame.SRCALPHA)
    s = play(P.new_game(opening="doors"), "c7xc5", "a1")
    view.draw_board(surf)
    view.draw_extras(surf, s, "zh")
    for p, code in view.pieces(s).items():
        view.draw_piece(surf, code, view.point_xy(p), scale=0.6, alpha=120)
    view.draw_overlay(surf, s, "en")
    assert view.pieces(s)[P.parse_point("c5")] == "B" and len(view.pieces(s)) == 2 + 8
    x, y = view.point_xy(P.parse_point("c6"))
    assert surf.get_at((x, y))[:3] != (0, 0, 0)  # the board is painted under the captured point


def test_panel_texts(view):
    s = P.new_game()
    assert view.seat_label(0, s, "en") == "Black (kings)" and view.seat_label(1, s, "zh") == "白方（兵）"
    assert view.side_label("w", "en") == "White"
    assert view.captured(play(P.new_game(opening="doors"), "c7xc5")) == {"b": ["W"], "w": []}
    assert any("16" in line for line in view.status_lines(s, "en"))


@pytest.mark.parametrize(
    "result",
    [
        Result("b", "captures"),
        Result("w", "blocked"),
        Result("b", "white_blocked"),
        Result(None, "white_blocked"),
        Result(None, "repetition"),
        Result(None, "no_progress"),
        Result("w", "resign"),
        Result("b", "resign"),
        Result(None, "agreement"),
    ],
)
def test_every_result_has_its_own_text(view, result):
    for lang in ("zh", "en"):
        text = view.result_text(result, lang)
        assert text and not text.startswith("palace.")
    if result.reason == "resign":
        assert view.result_text(result, "en").startswith("Black" if result.winner == "w" else "White")


def test_strings_have_both_languages():
    keys = [k for k in STRINGS if k.startswith("palace.")]
    assert len(keys) > 20 and all(set(STRINGS[k]) == {"zh", "en"} for k in keys)


def test_surround_counts_follow_the_paper():
    need = V.SURROUND
    assert need[P.parse_point("c5")] == 16  # the strongest points
    assert max(need.values()) == 16
    for name in ("a9", "c9", "e9", "b8", "c8", "d8", "a1", "c1", "e1", "b2", "c2", "d2"):
        assert need[P.parse_point(name)] in (4, 5)  # inside a palace


def test_escapes_and_trap_points():
    s = P.from_text("B-W-./-W..-/..W../.WWW./.WBW./.W.W./...../-...-/.-.-. w 13 1")
    a9 = P.parse_point("a9")
    assert V.king_escapes(s, a9) == 1  # only the jump over c9
    traps = V.trap_points(s)
    assert traps == {P.parse_point("e9"): [a9]}
    # the trap is real: a soldier on e9 leaves the a9 king without a move
    t = s.play(find_move(s, "e9"))
    assert not [m for m in t.legal_moves() if m.path[0] == a9]


def test_a_jump_arcs_over_the_soldier_which_fades(view):
    from game.sprites.anim import MoveAnimation

    s = P.new_game(opening="doors")
    m = find_move(s, "c7xc5")
    anim = MoveAnimation(view, view.pieces(s), view.pieces(s.play(m)), m.path)
    assert anim.kind == "slide" and anim.segments[0][4] is True  # drawn as a jump arc
    assert anim.captures == {P.parse_point("c6"): "W"}  # the jumped soldier fades
    drop = find_move(s.play(m), "a1")
    before, after = view.pieces(s.play(m)), view.pieces(s.play(m).play(drop))
    assert MoveAnimation(view, before, after, drop.path).kind == "drop"


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("size", [(700, 560), (620, 520)])  # the board's part of 1024x640 and less
def test_every_board_fits_reads_and_hits(n, size):
    pygame.init()
    v = V.View({"palaces": n})
    v.layout(pygame.Rect(0, 0, *size), False)
    b = P.BOARDS[n]
    xy = {p: v.point_xy(p) for p in v.points()}
    assert len(set(xy.values())) == len(b.points)
    for p, (x, y) in xy.items():
        assert v.board_rect.collidepoint(x, y) and v.hit((x + 1, y + 1)) == p
    assert v.piece_radius() >= 12  # the 105-point board stays readable
    assert v.hand_rect.right <= v.board_rect.left and v.caps_rect.left >= v.board_rect.right
    s = P.new_game(palaces=n)
    surf = pygame.Surface(size)
    v.draw_board(surf)
    v.draw_extras(surf, s, "zh")
    v.draw_overlay(surf, s, "en")
    assert len(v.pieces(s)) == len(s.kings) + len(s.soldiers)
    v.layout(v.rect, True)  # turned round: the first point goes to the other corner
    assert v.point_xy(b.points[0]) != xy[b.points[0]]


def test_the_view_follows_the_board_of_its_state():
    pygame.init()
    v = V.View({})
    v.layout(pygame.Rect(0, 0, 700, 560), False)
    s = P.new_game(palaces=4)
    v.pieces(s)
    assert v.board is P.BOARDS[4] and len(v.points()) == 105
    assert f"captures: 0 / {s.win_captures}" in " ".join(v.status_lines(s, "en"))  # the board's own target


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("size", [(700, 560), (320, 300), (240, 200)])  # the game's board, the setup's picture, less
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_side_labels_stay_off_the_board(n, size, lang):
    # "Captured" is wider than the column beside the wide board on the setup's small picture
    pygame.init()
    v = V.View({"palaces": n})
    v.layout(pygame.Rect(0, 0, *size), False)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    v.draw_extras(surf, P.new_game(palaces=n), lang)
    board = v.board_rect
    assert not any(
        surf.get_at((x, y)).a for x in range(board.left, board.right) for y in range(board.top, board.bottom)
    )
    bounds = surf.get_bounding_rect()
    assert v.rect.contains(bounds)
    if size == (700, 560):  # the game's own board: both labels there, at body size
        left = surf.subsurface(pygame.Rect(v.rect.left, 0, board.left - v.rect.left, v.hand_rect.y + 30))
        right = surf.subsurface(pygame.Rect(board.right, 0, v.rect.right - board.right, v.caps_rect.y + 30))
        assert left.get_bounding_rect().w > 0 and right.get_bounding_rect().w > 0
