"""game.match.Match without pygame: history, undo/redo rules, endings, seats, records."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import games
from game.match import COMPUTER, HUMAN, REMOTE, Match, SeatSpec
from game.record import GameRecord, SaveError
from game.rules.common import EndReason, PositionError


def _play_random(m, n, rng):
    for _ in range(n):
        if m.over:
            break
        m.play(rng.choice(m.legal_moves()))


@pytest.mark.parametrize("game", games.NAMES)
def test_new_match_starts_at_the_games_start(game):
    m = Match.new(game, seed=5)
    assert m.ply == 0 and m.seat_to_move == 0 and not m.over and m.legal_moves()
    assert m.mode == "hotseat" and m.human_seat is None
    if games.get(game).dealt:
        assert m.start == {"seed": 5}
    else:
        assert m.start == {"text": m.rules.to_text(m.start_state)}


def test_hotseat_undo_takes_back_one_move_and_redo_replays_it():
    m = Match.new("palace")
    first, second = m.legal_moves()[0], None
    m.play(first)
    second = m.legal_moves()[0]
    m.play(second)
    m.undo()
    assert m.ply == 1 and m.redo == [str(second)]
    assert m.next_redo() == second
    m.play(second)  # playing the next redo move keeps the rest of the stack
    assert m.redo == [] and m.ply == 2


def test_against_the_computer_undo_goes_back_to_the_humans_last_move():
    m = Match.new("draughts", mode="computer", human_seat=1, level="easy")
    assert m.seats == (SeatSpec(COMPUTER, "easy"), SeatSpec(HUMAN)) and m.human_seat == 1
    assert m.undo_count() == 0 and not m.can_undo()  # the computer's first move is not the human's
    for _ in range(3):
        m.play(m.legal_moves()[0])
    assert m.undo_count() == 2  # the computer's reply and the human's move
    m.undo()
    assert m.ply == 1 and len(m.redo) == 2 and m.redo_count() == 2


def test_a_different_move_clears_the_redo_stack():
    m = Match.new("palace")
    m.play(m.legal_moves()[0])
    m.undo()
    m.play(m.legal_moves()[-1])
    assert m.redo == []


@pytest.mark.parametrize("game", games.NAMES)
def test_resign_and_agree_draw_behave_the_same_in_every_game(game):
    m = Match.new(game, seed=3)
    _play_random(m, 12, random.Random(1))
    if m.over:
        pytest.skip("the random game ended by the rules")
    side = m.state.to_move
    r = m.resign()
    assert r.reason == EndReason.RESIGN and r.winner == games.get(game).other_side(side)
    assert m.over and m.legal_moves() == [] and not m.can_resign()
    with pytest.raises(PositionError):  # a finished game cannot be resigned again
        m.resign()
    with pytest.raises(PositionError):
        m.agree_draw()
    m.undo()  # takes back the resignation only
    assert not m.over and m.ply == 12
    assert m.agree_draw() == m.result() and m.result().winner is None


def test_banqi_cannot_be_resigned_in_its_first_plies():
    m = Match.new("banqi", seed=2)
    m.play(m.legal_moves()[0])
    assert not m.can_resign()
    with pytest.raises(PositionError):
        m.resign()


def test_illegal_moves_and_moves_after_the_end_are_refused():
    m = Match.new("draughts")
    other = Match.new("draughts")
    other.play(other.legal_moves()[0])
    with pytest.raises(PositionError):
        m.play(other.legal_moves()[0])  # a move of another position
    m.agree_draw()
    with pytest.raises(PositionError):
        m.play(m.states[-1].legal_moves()[0])


@pytest.mark.parametrize("game", games.NAMES)
def test_side_and_winner_seats(game):
    m = Match.new(game, seed=9)
    _play_random(m, 2, random.Random(4))
    s0, s1 = m.side_of_seat(0), m.side_of_seat(1)
    assert {s0, s1} == set(games.get(game).sides)
    m.resign() if m.can_resign() else m.agree_draw()
    r = m.result()
    assert m.winner_seat() == (None if r.winner is None else (0 if r.winner == s0 else 1))


def test_hidden_information_a_public_match_needs_the_revealed_piece():
    host = Match.new("banqi", seed=11)
    guest = Match("banqi", start_state=games.get("banqi").public_start(), seats=(SeatSpec(), SeatSpec(REMOTE)))
    flip = host.legal_moves()[0]
    piece = host.reveal(flip)
    assert piece is not None and guest.reveal(flip) is None
    with pytest.raises(PositionError):
        guest.play(flip)  # the guest does not know what is under the tile
    with pytest.raises(PositionError):
        host.play(flip, "k" if piece != "k" else "K")  # the host's layout says otherwise
    host.play(flip)
    guest.play(flip, piece)
    assert host.rules.to_text(host.state) == guest.rules.to_text(guest.state)
    assert host.pieces == guest.pieces == [piece]


def test_public_state_hides_the_layout_from_the_computer():
    m = Match.new("banqi", seed=4)
    assert m.public_state().hidden is None and m.state.hidden is not None
    d = Match.new("draughts")
    assert d.public_state() is d.state


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    game=st.sampled_from(games.NAMES),
    seed=st.integers(0, 10**6),
    n=st.integers(0, 40),
    undo=st.integers(0, 5),
    end=st.sampled_from([None, "resign", "agreement"]),
)
def test_record_round_trip(game, seed, n, undo, end):
    rng = random.Random(seed)
    m = Match.new(game, mode="computer", human_seat=seed % 2, level="hard", seed=seed)
    _play_random(m, n, rng)
    for _ in range(undo):
        if m.ending is None and m.can_undo():
            m.undo()
    if not m.over and end == "resign" and m.can_resign():
        m.resign()
    elif not m.over and end == "agreement":
        m.agree_draw()
    record = GameRecord.from_json(m.to_record().to_json())
    again = Match.from_record(record)
    rules = m.rules
    assert [rules.to_text(s) for s in again.states] == [rules.to_text(s) for s in m.states]
    assert again.texts == m.texts and again.redo == m.redo and again.result() == m.result()
    assert again.seats == m.seats and again.start == m.start


def test_a_record_with_an_illegal_move_names_it():
    m = Match.new("palace")
    m.play(m.legal_moves()[0])
    record = m.to_record()
    record.moves.append("a1-a2")
    with pytest.raises(SaveError) as err:
        Match.from_record(record)
    assert err.value.key == "storage.bad_move" and err.value.fmt["number"] == 2


def test_copy_is_independent():
    m = Match.new("draughts")
    m.play(m.legal_moves()[0])
    c = m.copy()
    c.play(c.legal_moves()[0])
    assert m.ply == 1 and c.ply == 2 and c.states[:2] == m.states


def test_a_save_written_before_the_match_model_still_loads():
    # the README's example, as the version before the restructuring wrote it (format version 1)
    text = (
        '{"format": "qipan-game", "version": 1, "name": "决赛 第1局", "game": "draughts", "options": {},'
        ' "start": {"text": "W:W31-50:B1-20"}, "moves": ["32-27", "17-21", "34-29", "21x32"],'
        ' "redo": [], "mode": "computer", "human_seat": 0, "level": "hard", "end": null}'
    )
    m = Match.from_record(GameRecord.from_json(text))
    assert (
        m.ply == 4 and m.mode == "computer" and m.human_seat == 0 and m.level == 10
    )  # an old save's "hard" is level 10
    assert m.seats[1] == SeatSpec(COMPUTER, "hard")
    banqi = (
        '{"format": "qipan-game", "version": 1, "game": "banqi", "options": {}, "start": {"seed": 77},'
        ' "moves": [], "redo": [], "mode": "hotseat", "human_seat": null, "level": "medium",'
        ' "end": null}'
    )
    b = Match.from_record(GameRecord.from_json(banqi))
    assert b.start == {"seed": 77} and b.state.hidden is not None
    b.play(b.legal_moves()[0])
    b.play(b.legal_moves()[0]) if not b.over else None
    assert Match.from_record(GameRecord.from_json(b.to_record().to_json())).texts == b.texts
