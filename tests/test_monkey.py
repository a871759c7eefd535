"""Monkey test: thousands of random mouse and key events into every scene (fixed seeds). No event
may raise, and a game on the board must always be consistent: its states are exactly the replay
of its moves, and a game that is not over has legal moves."""

import random

import pygame
import pytest
from conftest import Driver

from game.match import Match
from game.record import SaveError
from game.rules import GAMES, module
from game.scenes.board.scene import BoardScene
from game.scenes.views import VIEWS

SIZE = (1024, 640)
HAVE_VIEW = [g for g in GAMES if VIEWS.get(g) is not None]

KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_ESCAPE,
    pygame.K_h,
    pygame.K_f,
    pygame.K_o,
    pygame.K_n,
    pygame.K_z,
    pygame.K_y,
    pygame.K_s,
    pygame.K_BACKSPACE,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_a,
    pygame.K_1,
    pygame.K_F11,
]


def targets(app) -> list:
    """Points worth clicking in the top scene: widget rects and board points."""
    out = []
    for scene in app.scenes[-2:]:
        for value in vars(scene).values():
            items = value if isinstance(value, list) else [value]
            for w in items:
                rect = getattr(w, "rect", None)
                if isinstance(rect, pygame.Rect) and rect.w > 0 and hasattr(w, "handle_event"):
                    out.append(rect.center)
        if isinstance(scene, BoardScene):
            out += [scene.view.point_xy(p) for p in scene.view.points()]
    return out


def random_event(rng, app):
    w, h = app.size
    top = app.top
    if isinstance(top, BoardScene) and rng.random() < 0.35 and top.review is None:
        # a purposeful click: the next point of some legal move, so games get played to their end
        nxt = sorted(top.move_input().next_points())
        if nxt:
            pos = top.view.point_xy(rng.choice(nxt))
            return [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
            ]
    pts = targets(app)
    pos = rng.choice(pts) if pts and rng.random() < 0.7 else (rng.randrange(w), rng.randrange(h))
    pos = (int(pos[0]) + rng.randint(-3, 3), int(pos[1]) + rng.randint(-3, 3))
    r = rng.random()
    if r < 0.55:
        button = 1 if rng.random() < 0.9 else rng.choice((2, 3))
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    if r < 0.62:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))]
    if r < 0.67:
        return [
            pygame.event.Event(
                pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False, precise_x=0.0, precise_y=0.0
            )
        ]
    if r < 0.72:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("ab棋1 "))]
    key = rng.choice(KEYS)
    mod = pygame.KMOD_LCTRL if key in (pygame.K_z, pygame.K_y, pygame.K_s) and rng.random() < 0.7 else 0
    if key == pygame.K_ESCAPE and rng.random() < 0.6:  # leaving too often would keep the monkey in the menu
        key = pygame.K_h
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0),
    ]


def check_board(scene):
    assert len(scene.states) == len(scene.moves) + 1 == len(scene.move_objs) + 1
    rules = module(scene.game)
    record = scene.record()
    try:
        replayed = Match.from_record(record)
    except SaveError as exc:  # say everything about the record that does not replay (seen rarely, under load)
        pytest.fail(
            f"{exc}: scene {type(scene).__name__} of {scene.game!r}, record of {record.game!r}, start "
            f"{record.start!r}, options {record.options!r}, mode {record.mode!r}, moves {record.moves!r}, "
            f"redo {record.redo!r}, the app's scenes {[type(x).__name__ for x in scene.app.scenes]}"
        )
    assert rules.to_text(replayed.state) == rules.to_text(scene.state)
    if scene.result() is None:
        assert scene.legal_moves()
    if scene.review is not None:
        assert 0 <= scene.review < len(scene.states)


def monkey(d, rng, events, enter=None):
    checked = plies = away = played = 0
    last = None
    seen = set()
    for i in range(events):
        if not d.app.running:
            d.close()
            d.__init__(size=SIZE)
            d.app.ai_nodes = 200
            if enter:
                enter(d)
        for ev in random_event(rng, d.app):
            pygame.event.post(ev)
        if i % 2 == 0:
            d.step()
        seen.add(type(d.app.top).__name__)
        boards = [s for s in d.app.scenes if isinstance(s, BoardScene)]
        if boards:  # count every move played, whoever played it
            now = (id(boards[-1]), len(boards[-1].moves))
            if last is not None and now[0] == last[0] and now[1] > last[1]:
                played += now[1] - last[1]
            last = now
        away = 0 if boards else away + 1
        if enter and away > 40:  # the monkey wandered off: back to a board
            enter(d)
            away = 0
        if boards and i % 40 == 0:
            check_board(boards[-1])
            checked += 1
            plies = max(plies, len(boards[-1].moves))
    d.step(5)
    print(
        f"scenes seen: {sorted(seen)}; board checks: {checked}; most plies on a board: {plies}; moves played: {played}"
    )
    return checked, seen, played


@pytest.fixture
def monkey_driver():
    d = Driver(size=SIZE)
    d.app.ai_nodes = 200
    yield d
    d.close()


MENU_ENTRIES = {  # each menu destination, opened by its registered scene name
    "menu": None,
    "setup_palace": ("setup", "palace"),
    "setup_draughts": ("setup", "draughts"),
    "setup_banqi": ("setup", "banqi"),
    "settings": ("settings",),
    "rules": ("rules", None),
    "load": ("load_game",),
    "network": ("network",),
}


@pytest.mark.parametrize("name", list(MENU_ENTRIES))
def test_monkey_menus(monkey_driver, name):
    """Random events into each menu destination and wherever they lead: nothing may raise. Each
    run starts in its own scene, so every scene is covered however the clicks happen to wander."""
    entry = MENU_ENTRIES[name]

    def enter(d):
        if entry is not None:
            d.app.open(*entry)
        d.step()

    enter(monkey_driver)
    start = type(monkey_driver.app.top).__name__
    _, seen, _ = monkey(monkey_driver, random.Random(f"menu-{name}"), 300)
    assert start in seen


@pytest.mark.skipif(not HAVE_VIEW, reason="no game view has landed yet")
@pytest.mark.parametrize("game", HAVE_VIEW)
@pytest.mark.parametrize("mode", ["hotseat", "computer"])
def test_monkey_board(monkey_driver, game, mode):
    def enter(d):
        d.app.settings["anim_speed"] = 6.0  # short animations: more of the monkey's clicks count
        d.app.new_game(game, {}, mode=mode, human_seat=0, level="easy")
        d.step()

    enter(monkey_driver)
    checked, seen, played = monkey(monkey_driver, random.Random(f"{game}-{mode}"), 800, enter)
    assert checked > 0 and "BoardScene" in seen and played >= 3
