"""Every game of shared/pdn/international opens through the saves folder (storage.list_saves and
load_named, what the Load screen uses), except the games its README lists as broken in the file
itself; and a 10x10 position with few men on low squares is not taken for an 8x8 game."""

import shutil
from pathlib import Path

import pytest

from game import record, storage
from game.rules import draughts_pdn

PDN_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "pdn"
needs_pdn = pytest.mark.skipif(
    not (PDN_DIR / "international").is_dir(),
    reason=f"shared PDN test files not found at {PDN_DIR} (shared/ beside the clone)",
)

# README of shared/pdn: games refused, with what the refusal must name (the game and move are checked too)
REFUSED = {
    ("PROF2.pdn", 14): ("move 21. 38x33", "illegal move"),
    ("schildpad.pdn", 3): ("36x16", "ambiguous", "36x13x2x16", "36x18x7x16"),
}


@pytest.fixture(autouse=True)
def english(monkeypatch):
    monkeypatch.setattr(record, "message_lang", "en")


def _copy_into_saves(path: Path) -> Path:
    folder = storage.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copyfile(path, folder / path.name))  # bytes unchanged: Windows-1252 files stay so


@needs_pdn
@pytest.mark.parametrize(
    "path",
    sorted((PDN_DIR / "international").glob("*.pdn")) if (PDN_DIR / "international").is_dir() else [],
    ids=lambda p: p.name,
)
def test_every_game_of_the_international_folder_opens(path):
    saved = _copy_into_saves(path)
    games = len(draughts_pdn.game_tags(draughts_pdn.decode(path.read_bytes())))
    entries = storage.list_saves()
    assert len(entries) == games  # one row per game
    for entry in entries:
        number = entry.number or 1  # a file of one game is one row without a number
        assert entry.path == saved and entry.game == "draughts"
        if (path.name, number) in REFUSED:
            with pytest.raises(storage.SaveError) as refused:
                storage.load_named(entry.path, entry.number)
            for part in (f"game {number}, move ", *REFUSED[(path.name, number)]):
                assert part in str(refused.value), (part, str(refused.value))
            continue
        loaded = storage.load_named(entry.path, entry.number)
        assert loaded.game == "draughts", (path.name, number)
    assert storage.load_named(saved).game == "draughts"  # no number: the file's first game that loads


@needs_pdn
@pytest.mark.parametrize("name", ["linecomment.pdn", "gameterminator.pdn", "movestrength.pdn", "variation.pdn"])
def test_a_file_with_an_escape_line_first_or_without_tags_opens(name):
    found = draughts_pdn.read_pdn(draughts_pdn.decode((PDN_DIR / "international" / name).read_bytes()))
    assert not found.problems and [len(g.moves) > 0 for g in found.games] == [True]
    assert storage.load_named(_copy_into_saves(PDN_DIR / "international" / name)).moves


# fen.pdn's second game, alone in its file: every square is at most 32, yet it is a 10x10 ending
FEW_LOW_MEN = '[FEN "W:W31,29,K15:B14,13,12,9"]\n*\n'


@pytest.mark.parametrize(
    "text",
    [
        FEW_LOW_MEN,
        '[FEN "W:W31,29,K15:B14,13,12,9"]\n1. 15-4 *\n',
        '% a comment first\n[FEN "W:W31,29,K15:B14,13,12,9"]\n1. 29-24 *\n',
        f"{FEW_LOW_MEN}\n{FEW_LOW_MEN}",
    ],
)
def test_a_10x10_position_with_few_low_squares_loads(text):
    found = draughts_pdn.read_pdn(text)
    assert not found.problems and found.games
    assert draughts_pdn.read_game(text, 1).start == draughts_pdn.read_games(text)[0].start
    path = storage.saves_dir() / "ending.pdn"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    storage.load_named(path)


@pytest.mark.parametrize(
    "text",
    [
        '[FEN "W:W25,14,11,10,9,6,5:B24,23,19,18,15,12,8,4,3."]\n*\n',  # a white man on 5: 8x8, not 10x10
        # only one of its games shows 8x8, yet every game of such a file is refused as 8x8
        '[FEN "W:WK27,K23:BK28,12."]\n0-1\n\n[FEN "B:WK23,13,5:B24,15,6."]\n1-0\n',
    ],
)
def test_an_8x8_position_is_named_as_such(text):
    found = draughts_pdn.read_pdn(text)
    assert not found.games and found.problems
    for problem in found.problems:
        assert "not international draughts" in problem and "8x8" in problem, problem
