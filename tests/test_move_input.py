"""game.scenes.board.input without pygame: a move is the points a player touches."""

from game.match import Match
from game.rules import draughts
from game.scenes.board.input import MoveInput, nearest_in_direction, paths_of


def _input(state):
    return MoveInput(paths_of(state.legal_moves()))


def test_a_step_is_two_touches_and_a_wrong_point_cancels():
    m = Match.new("draughts")
    inp = _input(m.state)
    move = m.legal_moves()[0]
    a, b = move.path
    assert inp.touch(a).kind == "select" and inp.selection == [a]
    assert b in inp.next_points()
    out = inp.touch(b)
    assert out.kind == "play" and out.move == move and inp.selection == []
    inp.touch(a)
    assert inp.touch(1).kind == "deselect" and inp.selection == []  # square 1 holds a black man


def test_touching_the_selected_piece_again_lets_it_go_and_another_piece_reselects():
    m = Match.new("draughts")
    inp = _input(m.state)
    starts = sorted(inp.movable_points())
    inp.touch(starts[0])
    assert inp.touch(starts[0]).kind == "deselect" and inp.selection == []
    inp.touch(starts[0])
    assert inp.touch(starts[1]).kind == "select" and inp.selection == [starts[1]]


def test_a_point_that_starts_nothing_is_illegal():
    inp = _input(Match.new("draughts").state)
    assert inp.touch(25).kind == "illegal"  # an empty square in the middle


def test_multiple_capture_is_chosen_landing_by_landing():
    # White king on 46 can take 41... a position with two capture routes sharing the first landing
    state = draughts.from_text("W:WK46:B41,32,30,19")
    inp = _input(state)
    moves = state.legal_moves()
    assert len(moves) >= 1
    path = max((p for _, p in inp.paths), key=len)
    outcome = None
    for point in path:
        outcome = inp.touch(point)
        if outcome.kind == "play":
            break
    assert (
        outcome is not None and outcome.kind == "play" and tuple(outcome.path)[: len(path)] == path[: len(outcome.path)]
    )


def test_palace_drop_is_one_touch_and_movable_excludes_drops():
    m = Match.new("palace")
    m.play(m.legal_moves()[0])  # the kings move first; then the soldiers drop or move
    inp = _input(m.state)
    drops = inp.single_points()
    assert drops and not (drops & inp.movable_points())
    point = sorted(drops)[0]
    out = inp.touch(point)
    assert out.kind == "play" and out.path == (point,)


def test_banqi_flip_or_move_on_the_same_board():
    m = Match.new("banqi", seed=1)
    inp = _input(m.state)
    assert inp.single_points() == inp.clickable_points()  # at the start every tile flips
    assert inp.movable_points() == set()


def test_nearest_in_direction_prefers_points_straight_ahead():
    pts = [(1, (0, 0)), (2, (10, 0)), (3, (10, 10)), (4, (20, 1))]
    assert nearest_in_direction(pts, (0, 0), (1, 0)) == 2
    assert nearest_in_direction(pts, (10, 0), (0, 1)) == 3
    assert nearest_in_direction(pts, (0, 0), (-1, 0)) is None


def test_the_previous_landing_steps_back_one_landing():
    # a white man on 38 takes 32, lands on 27, then takes 21 or 22: the second landing is a choice
    state = draughts.from_text("W:W38:B21,22,32")
    inp = _input(state)
    path = max((p for _, p in inp.paths), key=len)
    assert len(path) >= 3
    assert inp.touch(path[0]).kind == "select"
    assert inp.touch(path[1]).kind == "select"
    assert path[0] in inp.clickable_points()
    assert inp.touch(path[0]).kind == "back" and inp.selection == [path[0]]
    assert inp.touch(path[1]).kind == "select"
    outcome = None
    for point in path[2:]:
        outcome = inp.touch(point)
    assert outcome is not None and outcome.kind == "play"
