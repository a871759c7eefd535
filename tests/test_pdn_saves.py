"""PDN files in the saves folder: every game of a file is listed and opens on its own, a file in
Windows-1252 reads, and deleting one of its games says that the whole file goes."""

import random
from pathlib import Path

import pygame
import pytest

from game import storage
from game.match import Match
from game.rules import draughts, draughts_pdn
from game.scenes.widgets import Dialog

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "pdn" / "international"


def _game(seed: int, plies: int, result: str = "*", **tags) -> tuple[str, list[str]]:
    rng = random.Random(seed)
    state, moves = draughts.new_game(), []
    for _ in range(plies):
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.play(move)
    return draughts_pdn.write_game(draughts.new_game(), moves, headers=tags, result=result), [str(m) for m in moves]


def _write(name: str, texts: list[str], encoding: str = "utf-8") -> Path:
    folder = storage.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes("\n".join(texts).encode(encoding))
    return path


def test_each_game_of_a_pdn_file_is_listed_and_loads_alone():
    (a, moves_a), (b, moves_b), (c, moves_c) = (_game(s, 6 + s, White=f"P{s}", Black="Jérôme") for s in (1, 2, 3))
    path = _write("club.pdn", [a, b, c], encoding="cp1252")  # what many Windows programs write
    entries = storage.list_saves()
    assert [(e.name, e.number, e.game) for e in entries] == [
        ("1/3 · P1 - Jérôme (club.pdn)", 1, "draughts"),
        ("2/3 · P2 - Jérôme (club.pdn)", 2, "draughts"),
        ("3/3 · P3 - Jérôme (club.pdn)", 3, "draughts"),
    ]
    for entry, moves in zip(entries, (moves_a, moves_b, moves_c)):
        assert entry.path == path
        assert storage.load_named(entry.path, entry.number).moves == moves
    assert storage.load_named(path).moves == moves_a  # no number: the first game that loads


def test_a_bad_game_is_refused_by_its_number_and_the_others_still_load():
    good, moves = _game(5, 8)
    path = _write("mixed.pdn", ['[White "A"]\n1. 32-28 19-23 2. 28-22 *', good])
    first, second = storage.list_saves()
    with pytest.raises(storage.SaveError, match="game 1"):
        storage.load_named(path, first.number)
    assert storage.load_named(path, second.number).moves == moves
    assert storage.load_named(path).moves == moves
    with pytest.raises(storage.SaveError, match="no game 3"):
        storage.load_named(path, 3)


@pytest.mark.parametrize(
    "plies, result, end",
    [
        (9, "2-0", {"winner": "w", "reason": "resign"}),  # White moved last, Black resigned
        (10, "0-2", {"winner": "b", "reason": "resign"}),
        (10, "1-1", {"winner": None, "reason": "agreement"}),
        (10, "2-0", None),  # White to move and the winner: nothing the record can say
        (10, "*", None),
    ],
)
def test_the_files_result_ends_a_game_the_rules_left_running(plies, result, end):
    text, moves = _game(11, plies, result=result)
    path = _write("result.pdn", [text])
    record = storage.load_named(path)
    assert record.moves == moves and record.end == end
    match = Match.from_record(record)
    assert match.over == (end is not None)


def test_a_file_of_one_game_is_one_row():
    text, moves = _game(7, 4, White="Ann", Black="Bob")
    _write("single.pdn", [text])
    (entry,) = storage.list_saves()
    assert entry.name == "single (PDN)" and entry.number is None
    assert storage.load_named(entry.path).moves == moves


def test_load_screen_opens_the_chosen_game_and_asks_before_deleting_the_whole_file(driver):
    texts = [_game(s, 5 + s, White=f"P{s}") for s in (1, 2)]
    _write("two.pdn", [t for t, _ in texts])
    app = driver.app
    scene = app.open("load_game")
    driver.step()
    assert len(scene.saves) == 2
    driver.key(pygame.K_DOWN)
    driver.step()
    assert scene.selected().number == 2 and scene.error is None
    scene.ask_delete()
    dialog = driver.top
    assert isinstance(dialog, Dialog)
    assert any("2" in str(line) and "PDN" in str(line) for line in dialog.lines)
    driver.key(pygame.K_RETURN)  # No is the default: nothing is deleted
    assert driver.top is scene and len(storage.list_saves()) == 2
    scene.draw(app.screen)
    scene.open()
    driver.step()
    board = driver.top
    assert board.match.game == "draughts" and board.match.texts == texts[1][1]


@pytest.mark.skipif(not SHARED.is_dir(), reason="shared/pdn is not beside the checkout")
def test_a_real_collection_lists_every_game():
    text = draughts_pdn.decode((SHARED / "wk2003.pdn").read_bytes())
    found = draughts_pdn.read_pdn(text)
    folder = storage.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "wk2003.pdn").write_text(text, encoding="utf-8")
    entries = storage.list_saves()
    assert len(entries) == len(found.games) + len(found.problems) > 1
    loaded = [storage.load_named(e.path, e.number).moves for e in entries]
    assert loaded == [[str(m) for m in g.moves] for g in found.games]
