"""The 8x8 draughts family (issue 61): Russian, Brazilian and English checkers beside international
draughts. Move counts checked from outside (English checkers' published perft figures, py-draughts'
RussianBoard and BrazilianBoard), each variant's own rules on hand-built positions, position texts,
notation, PDN and the command line. docs/DRAUGHTS_VARIANTS.md gives the rules and their sources."""

import subprocess
import sys
from pathlib import Path

import pytest
from draughts.boards.brazilian import Board as PyBrazilian
from draughts.boards.russian import Board as PyRussian
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import draughts as R
from game.rules import draughts_board as B
from game.rules import draughts_pdn as P
from game.rules import draughts_variants as V
from game.rules.common import PositionError
from game.rules.draughts_movegen import generator

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from bench_draughts_variants import ENGLISH, ref_perft  # noqa: E402  (the references the bench prints)

ROOT = Path(__file__).resolve().parents[1]
PDN_OTHER = ROOT.parent / "shared" / "pdn" / "other"
REFERENCE = {"russian": PyRussian, "brazilian": PyBrazilian}

# Positions of the 1950 USSR championship (shared/pdn/other/ussr1947.pdn, games 1, 6, 41 and 101
# after 12, 25 and 40 plies), written here so that the test needs no shared folder.
REAL = (
    "W:W19,21-26,28-29,31-32:B1-6,8,10-12,15",
    "B:W18-19,21-24,28,31-32:B1-2,4,8-12,14",
    "W:W17,20-24,32:B2,4-5,8,10-12",
    "W:W21-22,25-30,32:B1-2,4-7,9,12,16",
    "B:W14,21,26-30:B1-2,6,10-12,16",
    "W:W21,23,27-28:B5,12,15-16,18",
    "B:W9-10,13,21,23,25-27,31-32:B1-3,6-8,12,16",
    "W:W17-18,26,31-32:B2,5,7,16,19",
    "W:W13,19-20,22,25,30,32:B2,6,8,10-11,14,18",
)


def start(variant):
    return R.new_game(variant=variant)


def ref_moves(board):
    """py-draughts' legal moves as (start, end, captured set) with squares numbered from 1."""
    return {
        (m.square_list[0] + 1, m.square_list[-1] + 1, frozenset(c + 1 for c in m.captured_list))
        for m in board.legal_moves
    }


def our_moves(state):
    return {(m.start, m.end, frozenset(m.captures)) for m in state.legal_moves()}


# ---- perft: published and reference figures ----------------------------------------------------------
def test_english_perft_matches_the_published_figures():
    # the published English checkers perft from the start (Black moves first), depth 1..8
    figures = ENGLISH  # published
    assert [R.perft(start("english"), d) for d in range(1, 9)] == figures


def test_russian_and_brazilian_perft_from_the_start():
    # py-draughts 1.10.1 counts these (bench/RESULTS.md: depth 7 and 8 compared in full)
    assert [R.perft(start("russian"), d) for d in range(1, 8)] == [7, 49, 302, 1469, 7482, 37986, 190146]
    assert [R.perft(start("brazilian"), d) for d in range(1, 8)] == [7, 49, 302, 1469, 7473, 37628, 187302]
    for name in ("russian", "brazilian"):
        assert R.perft(start(name), 5) == ref_perft(REFERENCE[name](), 5)


@pytest.mark.parametrize("fen", REAL)
@pytest.mark.parametrize("name", ["russian", "brazilian"])
def test_perft_on_real_game_positions_matches_py_draughts(name, fen):
    state = R.from_text(fen, variant=name)
    assert R.perft(state, 4) == ref_perft(REFERENCE[name].from_fen(fen), 4)


def test_the_generic_generator_agrees_with_the_international_one():
    """The family's generator under international rules counts what draughts_board counts."""
    state = R.new_game()
    gen = generator(V.INTERNATIONAL)
    assert [gen.perft(state.wm, 0, state.bm, 0, True, d, {}) for d in range(1, 6)] == [
        R.perft(state, d) for d in range(1, 6)
    ]
    kings = R.from_text("W:WK46,K3,28:B7,K12,19,22,32,K36")
    args = (kings.wm, kings.wk, kings.bm, kings.bk, True)
    assert gen.perft(*args, 3, None) == B._perft(*args, 3, None)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.integers(1, 50), st.sampled_from("wWbB"), min_size=2, max_size=24), st.booleans())
def test_the_generic_generator_agrees_with_the_international_one_on_random_positions(pieces, white):
    pieces = {s: c.upper() if (c == "w" and s <= 5) or (c == "b" and s > 45) else c for s, c in pieces.items()}
    state = R.from_pieces(pieces, "w" if white else "b")
    args = (state.wm, state.wk, state.bm, state.bk, white)
    generic = {(f, t, c) for f, t, c, _ in generator(V.INTERNATIONAL).moves(*args)}
    assert generic == set(B.gen_moves(*args))


def positions(size_squares=32):
    """Random 8x8 positions: no man on its own crowning row, at least one piece a side."""

    @st.composite
    def build(draw):
        squares = draw(st.lists(st.integers(1, size_squares), min_size=2, max_size=14, unique=True))
        pieces = {}
        for i, sq in enumerate(squares):
            code = draw(st.sampled_from("wWbB")) if i > 1 else ("w", "b")[i]
            if (code == "w" and sq <= 4) or (code == "b" and sq > size_squares - 4):
                code = code.upper()
            pieces[sq] = code
        return pieces, draw(st.sampled_from("wb"))

    return build()


def fen_of(pieces, side):
    def part(colour):
        return ",".join(("K" if c.isupper() else "") + str(s) for s, c in sorted(pieces.items()) if c.lower() == colour)

    return f"{side.upper()}:W{part('w')}:B{part('b')}"


@settings(max_examples=120, deadline=None)
@given(positions(), st.sampled_from(["russian", "brazilian"]))
def test_random_positions_have_the_moves_py_draughts_finds(position, name):
    pieces, side = position
    fen = fen_of(pieces, side)
    state = R.from_text(fen, variant=name)
    board = REFERENCE[name].from_fen(fen)
    assert our_moves(state) == ref_moves(board), fen
    assert R.perft(state, 3, hashed=False) == ref_perft(board, 3), fen


# ---- each variant's rules on hand-built positions --------------------------------------------------
def moves(fen, name):
    return sorted(str(m) for m in R.from_text(fen, variant=name).legal_moves())


def test_turkish_strike_a_captured_piece_blocks_until_the_move_ends():
    # the king on 11 takes 18's neighbour 15... only two pieces: the third would need it to pass
    # over a piece it has already taken, which stays on the board until the move ends
    state = R.from_text("W:WK11:B14-15,17,22-23", variant="russian")
    legal = state.legal_moves()
    assert len(legal) == 6 and all(len(m.captures) == 2 for m in legal)
    assert our_moves(state) == ref_moves(PyRussian.from_fen("W:WK11:B14,15,17,22,23"))


def test_a_russian_man_crowned_mid_capture_goes_on_as_a_king_a_brazilian_one_stops():
    fen = "W:W9:B6,16"  # b6 takes c7 landing on d8; as a king it goes on over g5 to h4
    (russian,) = R.from_text(fen, variant="russian").legal_moves()
    assert str(russian) == "b6:h4" and russian.captures == (6, 16) and russian.crowned
    after = R.from_text(fen, variant="russian").play(russian)
    assert after.pieces() == {20: "W"}  # a king on h4, away from the last row
    (brazilian,) = R.from_text(fen, variant="brazilian").legal_moves()
    assert str(brazilian) == "9x2" and brazilian.captures == (6,)
    assert R.from_text(fen, variant="brazilian").play(brazilian).pieces() == {2: "W", 16: "b"}


def test_english_men_never_capture_backwards_russian_men_do():
    assert moves("W:W18:B23", "english") == ["18-14", "18-15"]
    assert moves("W:W18:B23", "russian") == ["d4:f2"]
    assert moves("W:W18:B23", "brazilian") == ["18x27"]


def test_english_kings_move_one_square_flying_kings_any_distance():
    assert moves("W:WK18:B1", "english") == ["18-14", "18-15", "18-22", "18-23"]
    assert len(moves("W:WK18:B1", "russian")) == 13
    # a short king captures only what stands next to it
    assert moves("W:WK18:B4,9", "english") == ["18-14", "18-15", "18-22", "18-23"]
    assert len(moves("W:WK18:B4,9", "russian")) == 1


def test_majority_rule_in_brazilian_free_choice_in_russian_and_english():
    fen = "W:W22:B10,17-18"  # c3 takes b4 (one piece) or d4 and d6 (two)
    assert moves(fen, "brazilian") == ["22x6"]
    assert moves(fen, "russian") == ["c3:a5", "c3:c7"]
    assert moves(fen, "english") == ["22x13", "22x6"]


def test_a_capture_must_be_completed():
    # English: 22 takes 18 and must go on over 10; stopping on 15 is no move
    assert moves("W:W22:B10,18", "english") == ["22x6"]
    # Russian king: behind d4 it must land on e5, from where it goes on over d6 (to c7 or b8),
    # never on f6, g7 or h8, where it would stop
    assert moves("W:WK29:B10,18", "russian") == ["a1:b8", "a1:c7"]
    assert our_moves(R.from_text("W:WK29:B10,18", variant="russian")) == ref_moves(PyRussian.from_fen("W:WK29:B10,18"))


def test_black_moves_first_in_english_white_elsewhere():
    assert start("english").to_move == "b" and R.to_text(start("english")) == "B:W21-32:B1-12"
    for name in ("russian", "brazilian"):
        assert start(name).to_move == "w" and R.to_text(start(name)) == "W:W21-32:B1-12"
    assert R.to_text(R.new_game()) == R.to_text(R.new_game(variant="international"))


# ---- draw rules -------------------------------------------------------------------------------------
def quiet_king_move(state):
    return next(m for m in state.legal_moves() if not m.captures)


def with_counts(fen, name, quiet=0, clocks=None):
    s = R.from_text(fen, variant=name)
    return R.State(s.wm, s.wk, s.bm, s.bk, s.to_move, quiet, clocks, variant=s.variant)


def test_english_forty_move_rule():
    far = "W:WK29,K32:BK1,K4"
    assert with_counts(far, "english").draw_counter() is None
    assert with_counts(far, "english", 78).play(quiet_king_move(with_counts(far, "english", 78))).result() is None
    last = with_counts(far, "english", 79)
    assert last.play(quiet_king_move(last)).result().reason == "no_progress"
    # a man's move starts the count again
    men = with_counts("W:W29,K32:BK1,K4", "english", 79)
    assert men.play("29-25").result() is None


def test_russian_draw_rules():
    eight = "W:WK29,K30,K31,K32:BK1,K2,K3,K4"  # 8 pieces: only the 15 king-moves rule counts
    state = with_counts(eight, "russian", 29)
    assert state.clocks == (-1, -1)
    assert state.play(quiet_king_move(state)).result().reason == "no_progress_kings"
    three = R.from_text("W:WK29,K30,K31:BK4", variant="russian")  # 3 kings v 1: 15 moves each
    assert three.clocks[0] == 30 and three.draw_counter()[0] == "no_progress"
    small = R.from_text("W:WK29,K30:BK4", variant="russian")  # 3 pieces, both with kings: 5 moves each
    assert small.clocks == (-1, 10)
    ending = with_counts("W:WK29,K30:BK4", "russian", 0, (-1, 1))
    assert ending.play(quiet_king_move(ending)).result().reason == "no_progress"
    # a capture changes the balance: the count starts again for the new material
    took = R.from_text("W:WK29,K30:BK4,22", variant="russian")
    capture = next(m for m in took.legal_moves() if m.captures)
    assert took.play(capture).clocks == (-1, 10)


# ---- position texts and notation ----------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(positions(), st.sampled_from(["russian", "brazilian", "english"]))
def test_fen_and_move_texts_read_back(position, name):
    pieces, side = position
    state = R.from_text(fen_of(pieces, side), variant=name)
    assert state.pieces() == pieces and state.to_move == side
    again = R.from_text(R.to_text(state), variant=name)
    assert again.pieces() == pieces and R.to_text(again) == R.to_text(state)
    grid = R.to_grid(state)
    assert len(grid) == 64 and R.parse_grid(grid, side, variant=V.get(name)).pieces() == pieces
    for m in state.legal_moves():
        assert P.match_move(state, str(m)) == m
        assert P.match_move(state, m.long()) == m
        if name == "russian":  # the same move in numbers, as 8x8 PDN also writes it
            assert P.match_move(state, "x".join(map(str, m.path)) if m.captures else f"{m.start}-{m.end}") == m


def test_russian_moves_are_written_in_algebraic_notation():
    state = start("russian")
    assert moves(R.to_text(state), "russian")[:3] == ["a3-b4", "c3-b4", "c3-d4"]
    state = state.play("c3-d4").play("f6-e5")
    (take,) = state.legal_moves()
    assert str(take) == "d4:f6" and take.long() == "d4:f6"
    assert V.RUSSIAN.geometry.algebraic(1) == "b8" and V.RUSSIAN.geometry.algebraic(29) == "a1"


def test_a_bad_square_or_variant_is_one_clear_error():
    with pytest.raises(PositionError, match="at most 32"):
        R.from_text("W:W33:B1", variant="russian")
    with pytest.raises(PositionError, match="should already be a king"):
        R.from_text("W:W3:B30", variant="english")
    with pytest.raises(PositionError):
        R.new_game(variant="polish")


def test_pdn_round_trip_keeps_the_variant():
    for name, line in (("russian", ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]), ("english", ["11-15", "23-19"])):
        state = start(name)
        played = []
        for text in line:
            move = P.match_move(state, text)
            played.append(move)
            state = state.play(move)
        text = P.write_game(start(name), played)
        assert f'[GameType "{V.get(name).gametype}"]' in text and "FEN" not in text
        (game,) = P.read_games(text, V.get(name))
        assert [str(m) for m in game.moves] == [str(m) for m in played]
        assert R.to_text(game.states[-1]) == R.to_text(state)
        with pytest.raises(PositionError, match="is not international draughts"):
            P.read_games(text)
    # English: Black moves first, so the move number stands before Black's move
    english = start("english")
    text = P.write_game(english, [P.match_move(english, "11-15"), P.match_move(english.play("11-15"), "23-19")])
    assert "1. 11-15 23-19" in text


# ---- the PDN files of shared/pdn/other -------------------------------------------------------------------
needs_shared = pytest.mark.skipif(not PDN_OTHER.is_dir(), reason=f"shared PDN files not found at {PDN_OTHER}")


@needs_shared
@pytest.mark.parametrize("file,name,count", [("ussr1947.pdn", "russian", 153), ("goulds.pdn", "english", 262)])
def test_other_variant_files_load_under_their_variant(file, name, count):
    text = P.decode((PDN_OTHER / file).read_bytes())
    found = P.read_pdn(text, V.get(name))
    assert found.problems == [] and len(found.games) == count
    refused = P.read_pdn(text)
    assert refused.games == [] and all("not international draughts" in p for p in refused.problems)


# ---- the command line ------------------------------------------------------------------------------------
def cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_cli_takes_the_variant():
    assert cli("start", "draughts", "--option", "variant=russian").stdout == "W:W21-32:B1-12\n"
    assert cli("start", "draughts", "--option", "variant=english").stdout == "B:W21-32:B1-12\n"
    out = cli("perft", "draughts", "B:W21-32:B1-12", "5", "--option", "variant=english")
    assert out.stdout == "7361\n" and out.returncode == 0
    out = cli("moves", "draughts", "W:W21-32:B1-12", "--option", "variant=russian")
    assert out.stdout.split() == ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    bad = cli("moves", "draughts", "W:W21-32:B1-12", "--option", "variant=polish")
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.strip().splitlines()) == 1
    assert "variant" in bad.stderr


def test_hub_engine_switches_variant():
    from io import StringIO

    from game.ai.draughts.hub import Hub

    out = StringIO()
    hub = Hub(out)
    hub.handle("hub")
    assert 'values="normal russian brazilian english"' in out.getvalue()
    hub.handle("set-param name=variant value=russian")
    assert hub.state.variant is V.RUSSIAN and R.to_text(hub.state) == "W:W21-32:B1-12"
    hub.handle("pos pos=W" + "b" * 12 + "e" * 8 + "w" * 12 + ' moves="22-18"')
    assert hub.state.to_move == "b" and hub.state.piece_at(18) == "w"
    hub.handle("set-param name=variant value=polish")
    assert "not supported" in out.getvalue()
    hub.handle("set-param name=variant value=english")
    hub.handle("level nodes=2000")
    hub.handle("go")
    hub.thread.join(30)
    done = out.getvalue().splitlines()[-1]
    assert done.startswith("done move=") and done.split("=")[1].split()[0] in {
        "9-13",
        "9-14",
        "10-14",
        "10-15",
        "11-15",
        "11-16",
        "12-16",
    }


def test_the_network_protocol_carries_the_variant_and_russian_captures():
    from game.net import protocol as P

    assert P.VERSION == 5
    assert P.parse_line("MOVE 6 d4:b6").args[1] == "d4:b6"
    assert P.parse_line("MOVE 7 d4:f6:h4").args[1] == "d4:f6:h4"
    options = {"first": "w", "variant": "russian"}
    wire = P.options_to_wire(options)
    assert ("variant", "russian") in wire and P.options_from_wire(wire, R.OPTIONS) == options


@pytest.mark.parametrize("name", ["russian", "english"])
def test_a_saved_variant_game_and_its_pdn_load_back(name):
    import random

    from game.match import Match
    from game.record import GameRecord, match_pdn

    match = Match("draughts", {"variant": name})
    rng = random.Random(5)
    for _ in range(40):
        if match.states[-1].result() is not None:
            break
        match.play(rng.choice(match.states[-1].legal_moves()))
    again = Match.from_record(GameRecord.from_json(match.to_record().to_json()))
    assert again.states[-1].variant.name == name and R.to_text(again.states[-1]) == R.to_text(match.states[-1])
    (game,) = P.read_games(match_pdn(match), V.get(name))
    assert R.to_text(game.states[-1]) == R.to_text(match.states[-1])


def test_a_pdn_file_tagged_with_a_variant_opens_as_that_variant():
    from game.match import Match
    from game.record import SaveError, record_from_pdn

    state, played = start("brazilian"), []
    for text in ("22-18", "11-15", "18x11", "8x15"):
        played.append(P.match_move(state, text))
        state = state.play(played[-1])
    text = P.write_game(start("brazilian"), played)
    record = record_from_pdn(text)
    assert record.options["variant"] == "brazilian"
    assert R.to_text(Match.from_record(record).states[-1]) == R.to_text(state)
    assert record_from_pdn(text, 1).moves == record.moves
    # untagged 8x8 games are still refused as international draughts, as before
    untagged = text.replace('[GameType "26"]\n', "")
    with pytest.raises(SaveError):
        record_from_pdn(untagged)
