"""Banqi view: geometry, drawing without errors, panel texts for every state and result."""

import random

import pygame
import pytest

from game.i18n import STRINGS
from game.rules import banqi as B
from game.rules.common import Result, defaults
from game.scenes.views.banqi.view import View
from tests.test_banqi_rules import caps_except


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    surf = pygame.Surface((1000, 700), pygame.SRCALPHA)
    yield surf


def played(seed, plies):
    s = B.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.result() is not None:
            break
        s = s.play(rng.choice(s.legal_moves()))
    return s


@pytest.mark.parametrize("flipped", [False, True])
def test_hit_finds_every_point(flipped):
    v = View(defaults(B.OPTIONS))
    v.layout(pygame.Rect(10, 20, 900, 600), flipped)
    seen = set()
    for p in v.points():
        x, y = v.point_xy(p)
        assert v.hit((x, y)) == p
        assert v.hit((x + v.piece_radius() * 0.9, y - v.piece_radius() * 0.9)) == p
        seen.add((x, y))
    assert len(seen) == 32
    a1, h1, a4 = v.point_xy(0), v.point_xy(7), v.point_xy(24)
    assert (a1[0] < h1[0]) != flipped and (a4[1] < a1[1]) != flipped
    assert v.hit((0, 0)) is None


def test_draws_every_piece_and_the_flip(screen):
    v = View(defaults(B.OPTIONS))
    v.layout(pygame.Rect(0, 0, 1000, 700), False)
    s = played(4, 60)
    v.draw_board(screen)
    v.draw_extras(screen, s, "zh")
    for code in B.ALL_LETTERS + "x":
        for flip in (None, 0.2, 0.5, 0.8):
            v.draw_piece(screen, code, (100, 100), scale=0.6, alpha=128, flip=flip)
    v.draw_overlay(screen, s, "en")
    assert v.has_overlay() and v.handle_key(pygame.K_c) and not v.handle_key(pygame.K_z)


def test_pieces_never_show_the_hidden_layout():
    v = View(defaults(B.OPTIONS))
    s = played(9, 10)
    codes = v.pieces(s)
    for p, c in codes.items():
        assert c == s.board[p]
    assert v.pieces(B.new_game(seed=1)) == {p: "x" for p in range(32)}


def test_seats_colours_and_winner():
    v = View(defaults(B.OPTIONS))
    start = B.new_game(seed=5)
    v.status_lines(start, "en")
    assert v.seat_label(0, start, "en") == "First" and v.seat_label(1, start, "zh") == "后手"
    q = start.hidden.index("k")
    s = start.play(B.Move("flip", (q,)))  # seat 0 flipped a black piece: seat 0 is black
    lines = v.status_lines(s, "en")
    assert "First player is Black" in lines[0]
    assert v.seat_label(0, start, "en", state=s) == "First (Black)"
    assert v.seat_label(1, start, "en", state=s) == "Second (Red)"
    assert v.seat_label(0, start, "en") == "First"  # before a game is under way: no colour yet
    assert v.winner_seat(start, s, Result("b", "resign")) == 0
    assert v.winner_seat(start, s, Result("r", "no_pieces")) == 1
    assert v.winner_seat(start, s, Result(None, "agreement")) is None
    assert v.captured(B.from_text("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxx. r p 1")) == {"r": ["p"], "b": []}


def test_status_lines_before_flip_counter_and_repetition():
    v = View(defaults(B.OPTIONS))
    assert "Colours not decided" in v.status_lines(B.new_game(seed=1), "en")[0]
    s = B.from_text(f"....p.../......../......../R....... r {caps_except('Rp')} 45")
    lines = v.status_lines(s, "en")
    assert any("45 / 60" in line for line in lines)
    s = B.from_text(f"....p.../......../......../R....... r {caps_except('Rp')} 3")
    for m in ["a1-a2", "e4-e3", "a2-a1", "e3-e4"]:
        s = s.play(next(x for x in s.legal_moves() if str(x) == m))
    assert any("2 times" in line for line in v.status_lines(s, "en"))


def test_result_text_for_every_reason():
    v = View(defaults(B.OPTIONS))
    for reason in ("no_pieces", "no_moves", "resign", "perpetual_chase"):
        for lang in ("zh", "en"):
            text = v.result_text(Result("r", reason), lang)
            assert "banqi." not in text and ("Red" in text or "红方" in text)
    for reason in ("agreement", "no_progress", "repetition"):
        for lang in ("zh", "en"):
            assert "banqi." not in v.result_text(Result(None, reason), lang)
    assert all(set(t) == {"zh", "en"} for k, t in STRINGS.items() if k.startswith("banqi."))
