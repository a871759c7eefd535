"""The command line reads a POSITION as Load and `review` read: a position text, a PDN game, or a
file holding one (every file of shared/pdn/international gives the position Load gives), or a
saved game."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import record, storage
from game.cli import main
from game.match import Match
from game.rules import draughts, draughts_pdn

PDN_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "pdn"
INTERNATIONAL = sorted((PDN_DIR / "international").glob("*.pdn")) if (PDN_DIR / "international").is_dir() else []
needs_pdn = pytest.mark.skipif(not INTERNATIONAL, reason=f"shared PDN test files not found at {PDN_DIR}")


@pytest.fixture(autouse=True)
def english(monkeypatch):
    monkeypatch.setattr(record, "message_lang", "en")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _sorted_moves(state) -> list:
    return sorted(str(m) for m in state.legal_moves())


def _loaded_state(path: Path):
    """The last position of the game Load opens from `path` (game 1 of a file of several): the
    board, though the file's result says a player resigned there."""
    several = len(draughts_pdn.game_tags(draughts_pdn.decode(path.read_bytes()))) > 1
    return Match.from_record(storage.load_named(path, 1 if several else None)).states[-1]


@needs_pdn
@pytest.mark.parametrize("path", INTERNATIONAL, ids=lambda p: p.name)
def test_every_international_file_reads_through_the_cli_as_through_load(path, capsys):
    state = _loaded_state(path)
    expected = _sorted_moves(state)
    code, out, err = run(capsys, "moves", "draughts", str(path))
    assert (code, err) == (0, "") and out.split() == expected, path.name
    # the file's text as the argument: the same reader, the same position
    code, out, err = run(capsys, "moves", "draughts", draughts_pdn.decode(path.read_bytes()))
    assert (code, err) == (0, "") and out.split() == expected, path.name
    if expected and state.result() is None:
        code, out, _ = run(capsys, "perft", "draughts", str(path), "2")
        assert code == 0 and int(out) == draughts.perft(state, 2)


@needs_pdn
@pytest.mark.parametrize("name", ["linecomment.pdn", "variation.pdn"])
def test_the_two_files_the_cli_refused(name, capsys):
    """linecomment.pdn opens with a `%` line; variation.pdn is movetext without tags, with
    variations (skipped): both are read from a file and as text."""
    path = PDN_DIR / "international" / name
    text = path.read_text(encoding="utf-8")
    game = draughts_pdn.read_games(text)[0]
    assert game.moves
    for argument in (str(path), text):
        code, out, err = run(capsys, "moves", "draughts", argument)
        assert (code, err) == (0, "") and out.split() == _sorted_moves(game.states[-1])


@needs_pdn
@pytest.mark.parametrize("name, says", [("goulds.pdn", "8x8"), ("ussr1947.pdn", "algebraic")])
def test_other_variants_are_refused_with_loads_message(name, says, capsys):
    path = PDN_DIR / "other" / name
    with pytest.raises(storage.SaveError) as refused:
        storage.load_named(path)
    code, out, err = run(capsys, "moves", "draughts", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert (
        "not international draughts" in err
        and says in err
        and err.strip().removeprefix("error: ") in str(refused.value)
    )


def test_pdn_without_tags_or_with_a_comment_first(capsys):
    after = _sorted_moves(draughts.new_game().play("32-28").play("19-23"))
    for text in (
        "32-28 19-23 (18-23 38-32) *",
        "32-28 19-23",
        "% written by hand\n1. 32-28 19-23",
        "{a comment first} 1. 32-28 19-23 *",
        "; a line comment\n1. 32-28 19-23 *",
    ):
        code, out, err = run(capsys, "moves", "draughts", text)
        assert (code, err) == (0, "") and out.split() == after, text
    assert draughts.from_text("1-1") == draughts.new_game()  # a result alone: a game without a move


def test_bad_files_and_texts_are_one_line_and_status_2(capsys, tmp_path):
    broken = tmp_path / "broken.pdn"
    broken.write_bytes(b'[Event "a"]\n1. 32-29 *\n')
    for argument, says in (
        (str(broken), "game 1, move 1. 32-29"),
        ("hello", "not a draughts position"),
        (str(tmp_path), "not a regular file"),  # a folder is named as such, not read as a board
        ('{"format": "x"}', "not a Qipan saved game"),
    ):
        code, out, err = run(capsys, "moves", "draughts", argument)
        assert code == 2 and out == "" and err.count("\n") == 1 and says in err, (argument, err)


def test_a_windows_1252_file_reads(capsys, tmp_path):
    path = tmp_path / "cp1252.pdn"
    path.write_bytes('[White "Jérôme"]\n1. 32-28 19-23 *\n'.encode("cp1252"))
    code, out, _ = run(capsys, "moves", "draughts", str(path))
    assert code == 0 and out.split() == ["28x19"]


def test_a_saved_game_is_its_last_position(capsys):
    match = Match.new("draughts")
    match.replay(["32-28", "19-23"])
    path = storage.save_named(match.to_record(), "two moves")
    code, out, _ = run(capsys, "moves", "draughts", str(path))
    assert code == 0 and out.split() == ["28x19"]
    code, out, err = run(capsys, "moves", "palace", str(path))
    assert code == 2 and out == "" and "a saved game of draughts, not of palace" in err


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30))
def test_every_form_of_a_position_reads_back_as_itself(seed, plies):
    """The PDN reading tried first never takes a FEN or a board grid for PDN, and a game's PDN
    (with or without its tags) reads back as its last position."""
    rng = random.Random(seed)
    state, moves = draughts.new_game(), []
    for _ in range(plies):
        legal = state.legal_moves()
        if not legal or state.result() is not None:
            break
        moves.append(rng.choice(legal))
        state = state.play(moves[-1])
    assert draughts.from_text(draughts.to_text(state)) == state
    assert draughts.from_text(f"{draughts.to_grid(state)} {state.to_move}") == state
    pdn = draughts_pdn.write_game(draughts.new_game(), moves)
    assert draughts.from_text(pdn) == state
    movetext = pdn.split("\n\n", 1)[1]  # the moves alone, as variation.pdn holds them
    assert draughts.from_text(movetext) == state
    assert draughts.from_text(" ".join(str(m) for m in moves) or "*") == state  # no move numbers either


def test_review_reads_a_pdn_file_that_opens_with_a_comment(capsys, tmp_path):
    path = tmp_path / "comment.pdn"
    path.write_text("{a comment first}\n1. 32-28 19-23 *\n", encoding="utf-8")
    code, out, err = run(capsys, "review", str(path), "--nodes", "300")
    assert (code, err) == (0, "") and out.startswith("game 1: ? - ? *") and "marks:" in out


def test_a_reader_that_stops_early_ends_the_command_quietly():
    """`python -m game.cli levels banqi | head -1`: the pipe closes before the output is written;
    the command ends without a traceback."""
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "game.cli", "levels", "banqi"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1
    assert "Traceback" not in err and err == ""
