"""The kings' hunt in the four-palace ending (game.ai.palace.evaluate.hunt): the board distances it
stands on, the points a soldier can be jumped from, and that only Black's searches at the levels
that know the ending count it."""

from __future__ import annotations

from game.ai.contract import Limits
from game.ai.palace import search as A
from game.ai.palace.evaluate import HUNT, HUNT_CAP, hunt, hunting
from game.ai.palace.geometry import GEOMETRY
from game.rules import palace as P

#: a four-palace ending from a game between levels 9 and 7 that was drawn one capture short of the
#: target: 59 taken, five soldiers left (two on points no jump passes over), Black to move
ENDING = (
    "----.-W-.----/-----...-----/--.........--/--.....B.W.--/.-.........-./-B..........-/..B.......B../"
    "-...........-/W-.........-W/--.......W.--/--.........--/-----...-----/----.-.-.---- b 0 59"
)


def test_distances_follow_the_lines():
    for palaces, geo in GEOMETRY.items():
        b = geo.board
        for a in b.points:
            assert geo.dist[a][a] == 0
            for q in b.points:
                assert geo.dist[a][q] == geo.dist[q][a] < b.size, (palaces, a, q)
                assert (geo.dist[a][q] == 1) == (q in b.adj[a])


def test_no_flank_on_the_points_no_jump_passes_over():
    never = {1: 6, 2: 8, 4: 12}  # bench/RESULTS.md, "Four palaces: why the games stop at 57-59"
    for palaces, geo in GEOMETRY.items():
        safe = [p for p in geo.board.points if not geo.flanks[p]]
        assert len(safe) == never[palaces]
        for p in geo.board.points:
            for a, landing in geo.flanks[p]:
                assert (p, landing.bit_length() - 1) in geo.board.jumps[a]


def test_hunt_counts_each_kings_steps_to_a_point_it_could_jump_from():
    geo = GEOMETRY[4]
    b = geo.board
    s = P.from_text(ENDING)
    white = s.white
    far = sum(1 << b.parse(n) for n in ("a5", "c3", "e1", "i1"))  # one king on each of four corners
    g7 = b.parse("g7")
    lone = 1 << g7  # one soldier in the middle, nothing around it: every neighbour is a flank
    nearest = {k: min(geo.dist[k][q] for q in b.adj[g7]) for k in geo.ones[far]}
    assert hunt(far, lone, geo) == sum(min(HUNT_CAP, d) for d in nearest.values())
    # a king beside it with the point behind empty stands where it jumps from: no step left
    three = far & ~(1 << b.parse("a5"))
    assert hunt(three | 1 << b.parse("g6"), lone, geo) == hunt(three, lone, geo)
    # soldiers only on points no jump passes over: nothing to hunt, every king as far as counted
    corners = sum(1 << b.parse(n) for n in ("a9", "m5"))
    assert hunt(far, corners, geo) == HUNT_CAP * 4
    assert hunting(white, 0) and not hunting(white, 1)


def _search(state, level, nodes=2_000):
    search, _scored, _rng, _row = A.run(state, Limits(level, None, nodes, seed=1))
    return search


def test_only_blacks_searches_at_the_top_levels_of_four_palaces_hunt():
    s = P.from_text(ENDING)
    assert HUNT[4] > 0
    assert [_search(s, level).hunt for level in (7, 8, 9, 10)] == [0] + [HUNT[4]] * 3  # 8 up know the ending
    assert _search(P.from_text(ENDING.replace(" b 0 59", " w 0 59")), 10).hunt == 0
    assert _search(P.new_game(), 10).hunt == 0  # two palaces: not measured, not hunted


def test_the_top_levels_black_scores_the_ending_by_the_kings_distance():
    # where the score was flat (no soldier within a few plies' reach) it now falls a step at a time
    s = P.from_text(ENDING)
    geo = GEOMETRY[4]
    top, below = _search(s, 10), _search(s, 7)
    for black in (s.black, s.play(s.legal_moves()[0]).black):
        plain = below.static(black, s.white, "b", 0, 59)
        assert top.static(black, s.white, "b", 0, 59) == plain - HUNT[4] * hunt(black, s.white, geo)
    assert hunt(s.black, s.white, geo) > 0


def test_each_level_begins_its_hunt_where_its_board_says(monkeypatch):
    s = P.from_text(ENDING)  # five soldiers on the board
    assert [_search(s, level).hunt_from for level in (8, 10)] == [A.HUNT_SOLDIERS] * 2  # the engine's own
    starts = (0, 0, 0, 0, 0, 0, 0, 3, 20, 20)
    monkeypatch.setitem(A.HUNT_FROM, 4, starts)
    at8, at9 = _search(s, 8), _search(s, 9)
    assert (at8.hunt_from, at9.hunt_from) == (3, 20)
    geo = GEOMETRY[4]
    black = s.black
    plain = _search(s, 7).static(black, s.white, "b", 0, 59)
    assert at8.static(black, s.white, "b", 0, 59) == plain  # five soldiers: more than level 8's start
    assert at9.static(black, s.white, "b", 0, 59) == plain - HUNT[4] * hunt(black, s.white, geo)
