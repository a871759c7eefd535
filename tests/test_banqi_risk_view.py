"""Banqi view: the face-down counts in the panel, the flip-risk overlay and its key, headless."""

import random
import re

import pygame
import pytest

from game.rules import banqi as B
from game.rules import banqi_risk
from game.rules.common import defaults
from game.scenes.views.banqi.view import GLYPH, View, percent

LETTER = {g: t for t, g in GLYPH.items()}


def played(seed, plies):
    s = B.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.result() is not None:
            break
        s = s.play(rng.choice(s.legal_moves()))
    return s


def counts_in(line):
    """{letter: count} from a line such as "Red face down: 帥1 仕2"."""
    return {LETTER[g]: int(n) for g, n in re.findall(r"(\w)(\d+)", line.split("：")[-1].split(": ")[-1])}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_status_lines_count_every_type_of_the_bag(lang):
    v = View(defaults(B.OPTIONS))
    for seed, plies in ((1, 0), (2, 9), (3, 30), (4, 70)):
        s = played(seed, plies)
        lines = v.status_lines(s, lang)
        red = [ln for ln in lines if ln.startswith(v.side_label("r", lang))]
        black = [ln for ln in lines if ln.startswith(v.side_label("b", lang))]
        assert len(red) == len(black) == 1, lines
        assert {**counts_in(red[0]), **counts_in(black[0])} == s.bag()
    assert "帥1 仕2 相2 俥2 傌2 炮2 兵5" in v.status_lines(B.new_game(seed=1), "en")[1]


def test_a_colour_with_nothing_face_down_says_so():
    s = B.from_text("x......./......../......../xP...... r AABBRRNNCCPPPPKaabbrrnnccpppp 0")
    assert s.bag() == {"k": 1, "p": 1}
    lines = View(defaults(B.OPTIONS)).status_lines(s, "en")
    assert "Red face down: none" in lines and "Black face down: 將1 卒1" in lines
    assert "红方暗子：无" in View(defaults(B.OPTIONS)).status_lines(s, "zh")


def test_percent():
    from fractions import Fraction as F

    assert [percent(F(x, 1000)) for x in (0, 1, 4, 5, 500, 994, 996, 1000)] == [
        "0",
        "1%",
        "1%",
        "1%",
        "50%",
        "99%",
        "99%",
        "100%",
    ]


@pytest.mark.parametrize("size", [(1400, 900), (700, 430)])
def test_overlay_draws_the_risks_and_r_switches_to_the_table(size):
    pygame.init()
    v = View(defaults(B.OPTIONS))
    v.layout(pygame.Rect((0, 0), size), False)
    s = played(6, 40)
    assert s.result() is None and "x" in s.board
    assert ("R", v.help_keys("en")[1][1]) in v.help_keys("en") and len(v.overlay_legend("zh")) == 4
    risky = pygame.Surface(size, pygame.SRCALPHA)
    v.draw_overlay(risky, s, "en")
    # every face-down tile carries its two figures on a dark label; others are left alone
    for p in range(32):
        x, y = v.point_xy(p)
        dark = risky.get_at((x, y - round(0.36 * v.radius)))
        assert (dark.a > 150) == (s.board[p] == "x"), B.square_name(p)
    assert v.flip_risks(s) == banqi_risk.flip_risks(B.public_state(s))
    assert v.handle_key(pygame.K_r) and not v.show_risk
    table = pygame.Surface(size, pygame.SRCALPHA)
    v.draw_overlay(table, s, "zh")
    assert pygame.image.tobytes(table, "RGBA") != pygame.image.tobytes(risky, "RGBA")
    assert v.handle_key(pygame.K_r) and v.show_risk


def test_the_cached_risks_follow_the_position():
    v = View(defaults(B.OPTIONS))
    s = played(8, 12)
    first = v.flip_risks(s)
    assert v.flip_risks(B.deal(B.public_state(s), seed=99)) is first  # same public view: same table
    later = s.play(next(m for m in s.legal_moves() if m.kind == "flip"))
    assert v.flip_risks(later) == banqi_risk.flip_risks(later) and v.flip_risks(later) is not first


def test_the_board_scene_draws_the_overlay(driver):
    scene = driver.app.new_game("banqi", {}, mode="hotseat", seed=5)
    driver.step()
    for _ in range(6):
        scene.match.play(next(m for m in scene.match.legal_moves() if m.kind == "flip"))
    driver.key(pygame.K_o)
    driver.key(pygame.K_r)
    driver.key(pygame.K_r, frames=5)
    assert scene.show_overlay and scene.view.show_risk
    assert scene.view._risk_cache is not None
