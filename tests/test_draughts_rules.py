"""International draughts rules: perft, FMJD edge cases, formats, and an independent engine."""

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import draughts as d
from game.rules.common import PositionError, Result
from game.rules.draughts_pdn import read_games, write_game

START_PERFT = [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961]


def moves_of(fen):
    return sorted(str(m) for m in d.from_text(fen).legal_moves())


# ---- perft ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("depth", range(1, 7))
def test_perft_start_unhashed(depth):
    assert d.perft(d.new_game(), depth, hashed=False) == START_PERFT[depth - 1]


def test_perft_start_depth_8_hashed():
    # depth 8 is the first depth where counting captures once per path would be wrong
    assert d.perft(d.new_game(), 8) == START_PERFT[7]


def test_perft_black_first_is_mirror():
    assert d.perft(d.new_game(first="b"), 5) == START_PERFT[4]


# ---- the rules file's edge cases ---------------------------------------------------------------------
def test_man_steps_forward_only_and_captures_backward():
    assert moves_of("W:W28:B") == ["28-22", "28-23"]
    # a black man behind the white man: capture backward
    assert moves_of("W:W28:B33") == ["28x39"]


def test_capture_is_compulsory_and_maximum():
    # 28x19 or 28x17 alone take one; going on over 12 or 23 takes two: only those are legal
    s = d.from_text("W:W27,28:B22,23,12")
    moves = s.legal_moves()
    assert all(len(m.captures) == 2 for m in moves) and moves
    assert [str(m) for m in moves] == ["27x7", "27x29", "28x8"]


def test_king_counts_same_as_man_in_maximum_capture():
    # capturing one king or one man are equal: both captures are offered
    assert moves_of("W:W28:B23,K22") == ["28x17", "28x19"]


def test_flying_king_moves_and_captures_at_distance():
    s = d.from_text("W:WK46:B")
    assert len(s.legal_moves()) == 9  # the long diagonal 46..5
    moves = moves_of("W:WK46:B19")
    assert moves == ["46x10", "46x14", "46x5"]


def test_promotion_only_at_end_of_move():
    # the man lands on square 3 (White's far row) and jumps back to 12: it stays a man
    s = d.from_text("W:W14:B9,8")
    (move,) = s.legal_moves()
    assert move.path == (14, 3, 12) and str(move) == "14x12"
    after = s.play(move)
    assert after.piece_at(12) == "w" and after.piece_at(3) is None
    # ending on the far row crowns
    after = d.from_text("W:W14:B9").play("14x3")
    assert after.piece_at(3) == "W"


def test_turkish_strike_captured_piece_blocks():
    # king 47 takes 42 -> 36? No: from 47 over 42 lands 37 is wrong diagonal; use a ring: the king
    # could take 27 twice around the ring if pieces vanished at once. With the Turkish strike,
    # 33 stays on the board and blocks the way back, so the capture ends after three pieces.
    s = d.from_text("W:WK49:B43,33,24,22")
    best = max(len(m.captures) for m in s.legal_moves())
    for m in s.legal_moves():
        assert len(set(m.captures)) == len(m.captures) == best
        # no landing square is a captured square and no square is captured twice
        for path in m.paths:
            assert not set(path[1:]) & set(m.captures)


def test_ad_libitum_duplicates_are_one_move():
    s = d.from_text("W:WK41:B19,22,32")
    moves = s.legal_moves()
    assert len(moves) == 6
    (m,) = [m for m in moves if str(m) == "41x5"]
    assert set(m.paths) == {(41, 28, 5), (41, 23, 5)}
    assert m.captures == (19, 32)


def test_same_start_and_end_are_written_with_every_landing():
    s = d.from_text("W:WK40:B17,18,28,34,44")
    texts = {str(m) for m in s.legal_moves()}
    assert all(t.count("x") >= 1 for t in texts)
    starts_ends = [(m.start, m.end) for m in s.legal_moves()]
    for m in s.legal_moves():
        if starts_ends.count((m.start, m.end)) > 1:
            assert str(m) == "x".join(map(str, m.path))
        else:
            assert str(m) == f"{m.start}x{m.end}"


def test_no_moves_loses():
    assert d.from_text("W:W:B1").result() == Result("b", "no_moves")
    # blocked: the white man on 46 faces a black man on 41 backed by 37
    blocked = d.from_text("W:W46:B41,37")
    assert blocked.legal_moves() == [] and blocked.result() == Result("b", "no_moves")


def _shuffle(state, cycle, times):
    for _ in range(times):
        for mv in cycle:
            state = state.play(mv)
    return state


def test_threefold_repetition():
    s = d.from_text("W:WK50,K46:BK5,K1")
    cycle = ["50-44", "1-7", "44-50", "7-1"]
    s2 = _shuffle(s, cycle, 1)
    assert s2.result() is None  # start position seen twice
    s3 = _shuffle(s2, cycle, 1)
    assert s3.result() == Result(None, "repetition") and s3.legal_moves() == []


def test_25_kings_only_moves():
    rng = random.Random(3)
    state = d.from_text("W:WK50,K46:BK5,K1")
    for _ in range(50):
        assert state.result() is None
        options = [
            n
            for n in map(state.play, state.legal_moves())
            if n.history.count(n.history[-1]) == 1 and not any(m.captures for m in n.legal_moves())
        ]
        state = rng.choice(options)
    assert state.quiet_plies == 50
    assert state.result() == Result(None, "no_progress_kings")


def test_endgame_5_and_16_move_rules():
    lone = d.from_text("W:WK46,K45:BK5")
    assert lone.clocks == (-1, 10)
    three = d.from_text("W:WK46,K45,K44:BK5")
    assert three.clocks == (32, -1)
    # the clock runs on man moves too
    assert d.from_text("W:WK46,45:BK5").clocks == (-1, 10)
    rng = random.Random(1)
    state, plies = lone, 0
    while state.result() is None:
        state = state.play(rng.choice(state.legal_moves()))
        plies += 1
    assert state.result().reason in ("endgame_5", "no_moves", "repetition")
    if state.result().reason == "endgame_5":
        assert plies == 10


def test_resign_and_agreement():
    s = d.new_game()
    assert s.can_resign()
    assert s.resign().result() == Result("b", "resign")
    assert s.play("32-28").resign().result() == Result("w", "resign")
    assert s.agree_draw().result() == Result(None, "agreement")
    assert s.resign().legal_moves() == []


def test_play_never_mutates_and_rejects_illegal():
    s = d.new_game()
    before = d.to_text(s)
    s.play(s.legal_moves()[0])
    assert d.to_text(s) == before
    with pytest.raises(PositionError):
        s.play("32-27x")
    with pytest.raises(PositionError):
        s.play(d.Move((21, 26)))


# ---- formats --------------------------------------------------------------------------------------
def test_fen_round_trip_and_ranges():
    s = d.from_text("W:W31-50:B1-20")
    assert d.to_text(s) == d.to_text(d.new_game())
    assert d.from_text(d.to_text(s)) == s
    k = d.from_text("B:WK3,31-33:B12,K46")
    assert k.to_move == "b" and k.piece_at(3) == "W" and k.piece_at(46) == "B"
    assert d.from_text('[FEN "W:W31-50:B1-20"]') == s
    assert d.from_text("B:BK46,12:WK3,31-33") == k


@pytest.mark.parametrize(
    "bad", ["", "X:W1:B2", "W:W51:B1", "W:W3,3:B10", "W:W30-20:B1", "W:Wa:B1", "W:W2:B10", "W:W10:B48"]
)
def test_bad_fen_is_a_clear_error(bad):
    with pytest.raises(PositionError) as err:
        d.from_text(bad)
    assert "\n" not in str(err.value)


def test_grid_round_trip():
    s = d.new_game()
    grid = d.to_grid(s)
    assert len(grid) == 100 and grid.startswith("0b0b0b0b0b")
    assert d.from_text(grid + " w") == s
    assert d.from_text(grid + " b").to_move == "b"
    assert d.from_text(grid, first="b").to_move == "b"


@pytest.mark.parametrize(
    "mutate,needle",
    [
        (lambda g: g[:-1], "100 characters"),
        (lambda g: "b" + g[1:], "light square"),
        (lambda g: g[:1] + "x" + g[2:], "unknown character"),
        (lambda g: g[:1] + "w" + g[2:], "king"),  # white man on square 1, its promotion row
        (lambda g: g[:90] + "b" + g[91:], "king"),  # black man on 46
    ],
)
def test_bad_grid_is_a_clear_error(mutate, needle):
    grid = d.to_grid(d.from_text("W:W:B"))
    with pytest.raises(PositionError) as err:
        d.from_text(mutate(grid) + " w")
    assert needle in str(err.value)


def test_pdn_round_trip_and_foreign_file():
    rng = random.Random(11)
    s = d.new_game()
    moves = []
    while s.result() is None and len(moves) < 120:
        m = rng.choice(s.legal_moves())
        moves.append(m)
        s = s.play(m)
    text = write_game(d.new_game(), moves, {"White": "A", "Black": "B"})
    assert '[GameType "20"]' in text
    (game,) = read_games(text)
    assert game.moves == moves and game.states[-1] == s
    foreign = """[Event "Test"]
[White "X"]
[Black "Y"]
[Result "2-0"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 {a comment} 3. 33-28! (3. 37-32 20-24) 23x32 4. 37x28 $1 2-0
"""
    (g,) = read_games(foreign)
    assert [str(m) for m in g.moves] == ["32-28", "19-23", "28x19", "14x23", "33-28", "23x32", "37x28"]
    assert g.result == "2-0"
    assert d.from_text(foreign) == g.states[-1]
    fen_game = write_game(d.from_text("B:WK3:B12,13"), [], result="1-1")
    assert '[FEN "B:WK3:B12,13"]' in fen_game


def test_pdn_errors():
    with pytest.raises(PositionError, match="move 1"):
        read_games('[GameType "20"]\n\n1. 32-29 *')
    with pytest.raises(PositionError, match="GameType"):
        read_games('[GameType "21"]\n\n1. 11-15 *')


# ---- independent engine (dame-rs) ----------------------------------------------------------------
def random_position(rng, max_pieces=30):
    pieces = {}
    for sq in rng.sample(range(1, 51), rng.randint(2, max_pieces)):
        colour = rng.choice("wb")
        king = rng.random() < 0.3 or (colour == "w" and sq <= 5) or (colour == "b" and sq >= 46)
        pieces[sq] = colour.upper() if king else colour
    return d.from_pieces(pieces, rng.choice("wb"))


def test_legal_moves_match_dame_rs_on_random_positions():
    dame = pytest.importorskip("dame")
    rng = random.Random(20240501)
    for _ in range(3000):
        s = random_position(rng)
        ours = {(m.start, m.end, m.captures) for m in s.legal_moves()}
        theirs = {(m.from_square, m.to_square, tuple(sorted(m.captured))) for m in dame.Board(d.to_text(s)).legal_moves}
        assert ours == theirs, d.to_text(s)


def test_perft_matches_dame_rs_on_random_positions():
    dame = pytest.importorskip("dame")
    rng = random.Random(99)
    for _ in range(60):
        s = random_position(rng, 16)
        if s.result() is None:
            assert d.perft(s, 3) == dame.perft(dame.Board(d.to_text(s)), 3), d.to_text(s)


def test_results_match_py_draughts_in_random_endgames():
    pd = pytest.importorskip("draughts")

    def reason(b):
        if not b.legal_moves:
            return "no_moves"
        for name, key in (
            ("is_threefold_repetition", "repetition"),
            ("is_25_moves_rule", "no_progress_kings"),
            ("is_16_moves_rule", "endgame_16"),
            ("is_5_moves_rule", "endgame_5"),
        ):
            if getattr(b, name):
                return key
        return None

    rng = random.Random(7)
    for _ in range(120):
        s = random_position(rng, 6)
        b = pd.Board.from_fen(d.to_text(s))
        for _ply in range(120):
            r = s.result()
            assert (None if r is None else r.reason) == reason(b), d.to_text(s)
            if r is not None:
                break
            m = rng.choice(s.legal_moves())
            counting = s.clocks != (-1, -1)
            s = s.play(m)
            if counting and s.clocks == (-1, -1):
                break  # py-draughts keeps counting on material no article covers; FMJD 6.3/6.4 do not
            theirs = {
                (x.square_list[0] + 1, x.square_list[-1] + 1, tuple(sorted(c + 1 for c in x.captured_list))): x
                for x in b.legal_moves
            }
            b.push(theirs[(m.start, m.end, m.captures)])


# ---- properties over random games -------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9))
def test_random_games_keep_invariants(seed):
    rng = random.Random(seed)
    s = d.new_game(first=rng.choice("wb"))
    for _ in range(rng.randint(0, 150)):
        moves = s.legal_moves()
        if not moves:
            assert s.result() is not None
            break
        assert len(set(moves)) == len(moves)
        m = rng.choice(moves)
        assert m.path[0] == m.start and m.path[-1] == m.end and len(m.path) == 2 + max(0, len(m.captures) - 1)
        nxt = s.play(m)
        assert nxt.to_move != s.to_move
        assert (nxt.wm | nxt.wk).bit_count() + (nxt.bm | nxt.bk).bit_count() == (s.wm | s.wk).bit_count() + (
            s.bm | s.bk
        ).bit_count() - len(m.captures)
        s = nxt
    assert d.from_text(d.to_text(s)).key() == s.key()
    assert d.from_text(d.to_grid(s) + " " + s.to_move).key() == s.key()
    clone = pickle.loads(pickle.dumps(s))
    assert clone == s and clone.legal_moves() == s.legal_moves()
    if s.result() is not None:
        assert s.legal_moves() == []
