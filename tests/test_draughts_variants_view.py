"""The 8x8 draughts variants on screen (issue 61): the board of the chosen variant, its numbering,
colours and draw-rule texts, and a game played by clicks through the real app."""

import pygame
import pytest

from game.rules import draughts as R
from game.rules.common import Result
from game.scenes.views.draughts.view import BOARD_COLOURS, View


@pytest.fixture
def driver():
    from conftest import Driver

    d = Driver()
    yield d
    d.close()


@pytest.mark.parametrize("name", ["russian", "brazilian", "english"])
def test_eight_by_eight_geometry_round_trips_and_flips(name):
    pygame.init()
    v = View({"first": "w", "variant": name})
    assert v.points() == list(range(1, 33))
    for flipped in (False, True):
        v.layout(pygame.Rect(0, 0, 640, 640), flipped)
        assert v.cell * 8 <= 640 and v.cell > 640 // 11  # eight cells across, not ten
        for sq in v.points():
            assert v.hit(v.point_xy(sq)) == sq
    v.layout(pygame.Rect(0, 0, 640, 640), False)
    (x29, y29), (x4, y4) = v.point_xy(29), v.point_xy(4)
    assert x29 < x4 and y29 > y4  # a1 (29) bottom left, h8 (4) top right with White below
    assert v.jumped({18: "b"}, 22, 15) == 18 and v.jumped({}, 22, 15) is None


def test_variant_boards_draw_with_their_colours():
    pygame.init()
    pictures = {}
    for name in ("russian", "english"):
        v = View({"first": "w", "variant": name})
        v.layout(pygame.Rect(0, 0, 400, 400), False)
        surf = pygame.Surface((400, 400))
        v.draw_board(surf)
        state = R.new_game(variant=name)
        for point, code in v.pieces(state).items():
            v.draw_piece(surf, code, v.point_xy(point))
        v.draw_over(surf, state, "en")
        v.draw_overlay(surf, state.play(state.legal_moves()[0]), "en")
        x, y = v.point_xy(15)  # an empty dark square
        pictures[name] = surf.get_at((x + v.cell // 3, y + v.cell // 3))[:3]
    assert pictures["english"] == BOARD_COLOURS["english"][1]
    assert pictures["russian"] != pictures["english"]


def test_draw_rule_texts_name_the_variants_counts():
    russian = View({"first": "w", "variant": "russian"})
    state = R.from_text("W:WK29,K30,K31,K32:BK1,K2,K3,K4", variant="russian")
    state = state.play(next(m for m in state.legal_moves() if not m.captures))
    assert "15-move rule: 15 moves left" in russian.status_lines(state, "en")[-1]
    assert "15 moves each" in russian.result_text(Result(None, "no_progress_kings"), "en")
    assert "20 moves each" in View({"variant": "brazilian"}).result_text(Result(None, "no_progress_kings"), "en")
    assert "25 moves each" in View({"first": "w"}).result_text(Result(None, "no_progress_kings"), "en")
    english = View({"first": "w", "variant": "english"})
    assert english.result_text(Result(None, "no_progress"), "zh")
    assert "Black (moves first)" == english.seat_label(0, R.new_game(variant="english"), "en")


def test_a_russian_game_is_played_by_clicks(driver):
    start = R.from_text("W:W9:B6,16", variant="russian")  # b6 takes c7, is crowned, goes on to h4
    scene = driver.app.new_game("draughts", {"first": "w", "variant": "russian"}, mode="hotseat", start_state=start)
    driver.settle(10)
    view = scene.view
    assert view.variant.name == "russian"
    driver.click(view.point_xy(9))
    driver.click(view.point_xy(2))  # d8: crowned there, the capture goes on
    driver.click(view.point_xy(20))
    driver.settle(90)
    assert scene.ply == 1 and str(scene.move_objs[-1]) == "b6:h4"
    assert scene.state.pieces() == {20: "W"}


def _choose(setup, key, value):
    widget = setup.option_widgets[[o.key for o in setup.rules.OPTIONS].index(key)]
    widget.set(value)
    setup._changed(value)
    return widget


def test_the_setup_hides_who_moves_first_under_an_8x8_variant_and_names_the_variant(driver):
    app = driver.app
    setup = app.open("setup", "draughts")
    driver.step(2)
    first = _choose(setup, "first", "b")
    assert first in setup._option_rows()
    assert setup.options()["first"] == "b"
    from game.scenes.views import VIEWS

    for name, title in (("russian", "Russian Draughts"), ("english", "English Checkers")):
        variant = _choose(setup, "variant", name)
        rows = setup._option_rows()
        assert first not in rows and variant in rows  # no effect on 8x8: not offered
        assert rows[0] is variant
        assert setup.options() == {"first": "w", "variant": name}  # the hidden choice is not passed on
        assert VIEWS["draughts"].title(setup.options(), "en") == title
        driver.step(2)  # it draws (the picture of the 8x8 start included)
        assert setup.picture.rect.w == 0 or setup.picture._cache[0][0] == tuple(sorted(setup.options().items()))
    _choose(setup, "variant", "international")
    assert first in setup._option_rows() and setup.options()["first"] == "b"
    assert VIEWS["draughts"].title(setup.options(), "en") == "International Draughts"
    # the variant row leads and stays put: who moves first is below it
    rows = setup._option_rows()
    assert rows[0] is setup.option_widgets[[o.key for o in setup.rules.OPTIONS].index("variant")]
    assert first in rows[1:] or setup._folded


@pytest.mark.parametrize("name", ["russian", "english"])
def test_the_position_editor_follows_the_variant_chosen_on_the_setup(driver, name):
    app = driver.app
    setup = app.open("setup", "draughts")
    _choose(setup, "variant", name)
    editor = app.open("draughts_setup")
    driver.step(2)
    assert editor.variant.name == name and editor.view.size == 8
    assert editor.state().variant.name == name and len(editor.board) == 24
    assert editor.text.value.split()[0] == R.to_grid(R.new_game(variant=name))  # 64 characters
    editor.place(2, "w")  # a white man on its crowning row: refused
    assert 2 not in editor.board or editor.board.get(2) == "b"
    editor.clear()
    editor.place(18, "W")
    editor.place(14, "b")
    assert editor.board == {18: "W", 14: "b"}
    editor.text.value = "W:W22:B13"
    editor.load_text()
    assert editor.board == {22: "w", 13: "b"}
    editor.start()
    driver.settle(5)
    scene = driver.top
    assert type(scene).__name__ == "BoardScene" and scene.view.variant.name == name
    assert scene.state.variant.name == name and scene.state.pieces() == {22: "w", 13: "b"}


def test_the_position_editor_keeps_international_draughts_by_default(driver):
    editor = driver.app.open("draughts_setup")
    driver.step(2)
    assert editor.variant.name == "international" and len(editor.board) == 40
    assert len(editor.text.value.split()[0]) == 100


def test_the_game_in_progress_is_named_by_its_variant(driver):
    from game.scenes.screens.in_progress import game_in_progress, unless_replacing
    from game.scenes.views import game_title
    from game.scenes.widgets import Dialog

    app = driver.app
    scene = app.new_game("draughts", {"variant": "russian"}, mode="hotseat")
    driver.settle(5)
    for p in scene.state.legal_moves()[0].path:
        driver.click(scene.view.point_xy(p))
    driver.settle(60)
    current = game_in_progress(app)
    assert current[:2] == ("draughts", 1)
    assert game_title(current[0], current[2], "en") == "Russian Draughts"
    assert game_title("draughts", {}, "zh") == "国际跳棋"
    assert game_title("draughts", {"variant": "nonsense"}, "en") == "International Draughts"
    unless_replacing(app, lambda: None)  # the question names the variant
    assert isinstance(driver.top, Dialog) and "Russian Draughts" in driver.top.lines[0]()
    driver.key(pygame.K_ESCAPE)
    app.back_to_menu()
    driver.step(2)
    assert driver.top.short_continue or "Russian Draughts" in driver.top._continue_text()


def test_network_offers_leave_out_who_moves_first_on_8x8():
    from game.scenes.lobbies.texts import option_lines

    assert option_lines("draughts", {"variant": "english", "first": "b"}, "en") == ["Rules: English checkers (8x8)"]
    lines = option_lines("draughts", {"first": "b"}, "en")
    assert "Who moves first: Black" in lines and "Rules: International (10x10)" in lines


def test_the_network_offer_greys_who_moves_first_on_8x8(driver):
    from game.scenes.lobbies import network as N

    app = driver.app
    setup = N.HostSetupScene(app)
    app.push(setup)
    driver.step()
    setup.game.set("draughts")
    setup._game_changed("draughts")
    keys = [o.key for o in R.OPTIONS]
    first, variant = (setup.option_widgets[keys.index(k)] for k in ("first", "variant"))
    assert first.enabled
    variant.set("russian")
    assert not first.enabled and variant.enabled


def test_the_n_key_is_offered_where_it_shows_numbers():
    assert View({"variant": "russian"}).help_keys("en") == []  # algebraic: the coordinates name squares
    assert [k for k, _ in View({"variant": "english"}).help_keys("en")] == ["N"]
    assert [k for k, _ in View({}).help_keys("en")] == ["N"]


def test_choosing_an_8x8_variant_does_not_move_the_rows_above(driver):
    setup = driver.app.open("setup", "draughts")
    driver.step(2)
    variant = _choose(setup, "variant", "international")
    driver.step(2)
    before = (setup.mode.rect.y, variant.rect.y)
    _choose(setup, "variant", "english")
    driver.step(2)
    assert (setup.mode.rect.y, variant.rect.y) == before


@pytest.mark.parametrize(
    ("lang", "name", "title"),
    [
        ("en", "russian", "Russian Draughts"),
        ("zh", "english", "英国跳棋"),
        ("en", "international", "International Draughts"),
    ],
)
def test_the_rules_screen_names_the_variant_chosen_and_opens_at_its_section(driver, lang, name, title):
    app = driver.app
    app.settings["lang"] = lang
    setup = app.open("setup", "draughts")
    driver.step(2)
    _choose(setup, "variant", name)
    setup.open_rules()
    rules = driver.top
    driver.step(2)
    assert rules.game == "draughts"
    tab = rules.tabs[rules.tabs.names.index("draughts")]
    assert (tab.text() if callable(tab.text) else tab.text) == title
    if name == "international":
        assert rules.scroll == 0  # the page of the default game opens at its top
    else:
        assert 0 < rules.scroll <= rules.max_scroll()
        top = [line for line in rules.lines if not isinstance(line[2], tuple) and line[0] >= rules.scroll][0]
        text = next(k[0] for k, img in app._texts.items() if img is top[2])
        assert text.lower() == title.lower()  # the first line shown is the variant's heading
    rules.select("palace")  # other tabs keep their own names
    assert rules.title_key("palace") == "games.palace"


def test_the_setup_picture_is_turned_to_the_players_side_as_the_game_will_be(driver):
    from game.scenes.views import render_thumbnail

    def pixels(options, seat):
        return pygame.image.tobytes(render_thumbnail("draughts", (240, 240), "en", options, False, seat), "RGBA")

    english, international = {"variant": "english"}, {"variant": "international"}
    # English checkers: Black moves first, so seat 0 is Black, drawn at the bottom as in its game
    assert pixels(english, 1) == pixels(english, None) != pixels(english, 0)
    assert pixels(international, 0) == pixels(international, None) != pixels(international, 1)
    setup = driver.app.open("setup", "draughts")
    _choose(setup, "variant", "english")
    driver.step(2)
    assert setup.mode.value == "computer" and setup.picture.rect.w > 0
    for seat in (1, 0):
        setup.side.value = seat
        driver.step(2)
        assert setup.picture._cache[0][3] == seat  # drawn for the player's seat
