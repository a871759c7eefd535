"""Banqi house rules (docs/BANQI.md): chain captures, the chariot rush, the Hong Kong rank order and
trades of equal pieces. Hand-built positions whose legal moves each rule changes (counted), random
games under every combination of them (property tests), the computer's fairness and moves under
them, the click input of a chain capture, and `python -m game.cli options`."""

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import games
from game.ai import choose_move
from game.ai.banqi import endgame
from game.ai.banqi.player import ENGINE, search_move
from game.ai.banqi.search import Search
from game.ai.common import Budget
from game.ai.contract import Limits
from game.cli import main
from game.rules import banqi as B
from game.scenes.board.input import MoveInput, paths_of
from tests.test_banqi_ai import other_layout
from tests.test_banqi_rules import caps_except

HOUSE = ("chain", "chariot", "ranking", "trade")
COMBOS = [
    dict(zip(HOUSE, values))
    for values in itertools.product((False, True), ("step", "rush"), ("standard", "hongkong"), (False, True))
]


def at(board: str, side: str = "r", **options):
    """The position of `board` (4 ranks), every piece not on it captured but for as many as lie
    face down, under `options`."""
    caps = caps_except("".join(c for c in board if c.isalpha() and c != "x"), board.count("x"))
    return B.from_text(f"{board} {side} {caps} 0", **options)


def pieces_moves(state) -> list:
    """The notation of every legal move that is not a flip, sorted."""
    return sorted(str(m) for m in state.legal_moves() if m.kind != "flip")


# ---- the options ---------------------------------------------------------------------------------
def test_the_house_rules_are_options_off_by_default():
    opts = {o.key: o for o in B.OPTIONS}
    assert {k: opts[k].default for k in HOUSE} == {
        "chain": False,
        "chariot": "step",
        "ranking": "standard",
        "trade": False,
    }
    for key in HOUSE:
        assert opts[key].label["en"] and opts[key].label["zh"]
        assert set(opts[key].choice_labels) == set(opts[key].choices)
    assert B.new_game(seed=1).house.standard and B.house({}) is B.STANDARD
    assert not B.new_game(seed=1, trade=True).house.standard


# ---- hand-built positions: what each rule changes, counted -----------------------------------------
CHAIN = "xxxxxxxx/x.cpxxxx/xRn.xxxx/xxxxxxxx r Pp 0"


def test_chain_captures_go_on_and_may_stop_after_each_capture():
    assert pieces_moves(B.from_text(CHAIN)) == ["b2-b3", "b2xc2"]
    s = B.from_text(CHAIN, chain=True)
    assert pieces_moves(s) == ["b2-b3", "b2xc2", "b2xc2xc3", "b2xc2xc3xd3"]
    after = s.play(next(m for m in s.legal_moves() if str(m) == "b2xc2xc3xd3"))
    assert B.to_text(after) == "xxxxxxxx/x..Rxxxx/x...xxxx/xxxxxxxx b Pncpp 0"
    stop = s.play(next(m for m in s.legal_moves() if str(m) == "b2xc2"))
    assert B.to_text(stop) == "xxxxxxxx/x.cpxxxx/x.R.xxxx/xxxxxxxx b Pnp 0"


def test_a_chain_needs_a_screen_for_each_cannon_capture_and_never_takes_a_face_down_piece():
    # the cannon on a1 takes c1 over b1, then from c1 e1 over d1; h1 lies face down beyond e1's
    # empty neighbours, and nothing else stands in line
    text = "xxxxxxxx/xxxxxxxx/xxxxxxxx/CxnxnP.x"
    assert pieces_moves(at(text)) == ["a1xc1", "f1-g1"]
    assert pieces_moves(at(text, chain=True)) == ["a1xc1", "a1xc1xe1", "f1-g1"]


def test_a_trade_ends_a_chain():
    text = "xxxxxxxx/xxxxxxxx/xNnpxxxx/xxxxxxxx"
    assert pieces_moves(at(text, chain=True)) == ["b2xc2", "b2xc2xd2"]
    assert pieces_moves(at(text, chain=True, trade=True)) == ["b2xc2"]


def test_the_chariot_rush_slides_and_takes_the_first_piece_in_line_whatever_its_rank():
    text = "xxxxxxxx/xxxxxxxx/R....axx/xxxxxxxx"
    assert pieces_moves(at(text)) == ["a2-b2"]
    assert pieces_moves(at(text, chariot="rush")) == ["a2-b2", "a2-c2", "a2-d2", "a2-e2", "a2xf2"]
    # the General too, next to it or far; a face-down piece stops it and is never taken
    general = "xxxxxxxx/xxxxxxxx/R.k.xxxx/xxxxxxxx"
    assert pieces_moves(at(general)) == ["a2-b2"]
    assert pieces_moves(at(general, chariot="rush")) == ["a2-b2", "a2xc2"]
    blocked = "xxxxxxxx/xxxxxxxx/R.x.kxxx/xxxxxxxx"
    assert pieces_moves(at(blocked, chariot="rush")) == ["a2-b2"]


def test_the_hong_kong_order_ranks_the_chariot_second():
    text = "xxxxxxxx/xxxxxxxx/xxxRaxxx/xxxxxxxx"
    assert pieces_moves(at(text)) == []
    assert pieces_moves(at(text, ranking="hongkong")) == ["d2xe2"]
    black = "xxxxxxxx/xxxxxxxx/xxxRaxxx/xxxxxxxx"
    assert pieces_moves(at(black, "b")) == ["e2xd2"]
    assert pieces_moves(at(black, "b", ranking="hongkong")) == []
    # the General above the Chariot, the Soldier still takes the General, never the other way
    kp = "xxxxxxxx/xxxxxxxx/xxxKpRkx/xxxxxxxx"
    assert pieces_moves(at(kp, ranking="hongkong")) == ["f2xe2"]
    assert pieces_moves(at(kp, "b", ranking="hongkong")) == ["e2xd2", "g2xf2"]
    assert B.house({"ranking": "hongkong"}).order == "KRABNCP"


def test_a_trade_removes_both_pieces_and_the_last_two_draw():
    s = B.from_text("xxxxxxxx/xxxxxxxx/xxNnxxxx/xxxxxxxx r - 0", trade=True)
    after = s.play(s.legal_moves()[-1])
    assert B.to_text(after) == "xxxxxxxx/xxxxxxxx/xx..xxxx/xxxxxxxx b Nn 0"
    # the last piece of each side: a draw
    end = B.from_text("......../......../Nn....../........ r KAABBRRNCCPPPPPkaabbrrnccppppp 0", trade=True)
    assert pieces_moves(end) == ["a2-a1", "a2-a3", "a2xb2"]
    done = end.play(next(m for m in end.legal_moves() if str(m) == "a2xb2"))
    assert done.result() == B.Result(None, "no_pieces")


def test_a_trade_of_the_last_piece_against_more_loses_it():
    s = B.from_text("......../......../Nnp...../........ r KAABBRRNCCPPPPPkaabbrrnccpppp 0", trade=True)
    done = s.play(next(m for m in s.legal_moves() if str(m) == "a2xb2"))
    assert done.result() == B.Result("b", "no_pieces")


# ---- the click input: a chain is touched square by square, "stop" by touching the piece again -------
def test_a_chain_capture_is_touched_landing_by_landing_and_stopped_by_touching_the_piece_again():
    s = B.from_text(CHAIN, chain=True)
    sq = B.parse_square
    inp = MoveInput(paths_of(s.legal_moves()))
    assert inp.touch(sq("b2")).kind == "select"
    assert inp.touch(sq("c2")).kind == "select"  # it could stop here or go on
    assert inp.next_points() == {sq("c2"), sq("c3")}
    out = inp.touch(sq("c2"))
    assert out.kind == "play" and str(out.move) == "b2xc2"
    for p in ("b2", "c2", "c3"):
        inp.touch(sq(p))
    out = inp.touch(sq("d3"))  # the end of the chain: played at once
    assert out.kind == "play" and str(out.move) == "b2xc2xc3xd3"
    # under the standard rules the capture is played at its landing
    plain = MoveInput(paths_of(B.from_text(CHAIN).legal_moves()))
    plain.touch(sq("b2"))
    assert str(plain.touch(sq("c2")).move) == "b2xc2"


# ---- random games under every combination ----------------------------------------------------------
@settings(max_examples=48, deadline=None)
@given(combo=st.sampled_from(COMBOS), seed=st.integers(0, 10**6), plies=st.integers(0, 220))
def test_random_games_under_every_combination(combo, seed, plies):
    rng = random.Random(seed)
    s = B.new_game(seed=seed, **combo)
    for _ in range(plies):
        moves = s.legal_moves()
        if s.result() is not None:
            assert moves == []
            break
        assert moves and len(set(moves)) == len(moves)
        pub = B.public_state(s)
        # the public view allows the same moves, and the position text carries it whole
        assert pub.legal_moves() == moves
        again = B.from_text(B.to_text(s), **combo)
        assert B.to_text(again) == B.to_text(s) and pieces_moves(again) == pieces_moves(s)
        move = rng.choice(moves)
        after = s.play(move)
        assert str(move) in {str(m) for m in moves}
        # pieces are only ever removed by captures, and the counts add up to 32
        assert sum(c not in ".x" for c in after.board) + after.board.count("x") + len(after.captured) == 32
        assert (len(after.captured) > len(s.captured)) == (move.kind == "capture")
        res = after.result()
        if res is not None and res.reason == "no_pieces":
            gone = [side for side in B.SIDES if after.pieces_left(side) == 0]
            assert gone and res.winner == (None if len(gone) == 2 else B.other(gone[0]))
        s = after


@pytest.mark.parametrize("combo", COMBOS, ids=lambda c: "-".join(str(v) for v in c.values()))
def test_the_search_generates_the_rules_moves(combo):
    rng = random.Random(7)
    s = B.new_game(seed=11, **combo)
    checked = 0
    while s.result() is None and checked < 120:
        pub = B.public_state(s)
        if pub.to_move is not None:
            search = Search(pub, Budget(nodes=10**9), 3)
            caps, steps = search.gen(search.side)
            board = list(search.board)
            assert {m for _, m in caps} | set(steps) == {search_move(m) for m in pub.legal_moves() if m.kind != "flip"}
            for m in [m for _, m in caps] + steps:  # make and unmake leave nothing behind
                record = search.make(m)
                search.unmake(m, record)
                assert search.board == board
            checked += 1
        s = s.play(rng.choice(s.legal_moves()))


# ---- the computer: fair, legal, and it uses the rules ------------------------------------------------
def _positions(combo, count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = B.new_game(seed=rng.randrange(10**6), **combo)
        for _ in range(rng.randrange(8, 90)):
            if s.result() is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        if s.result() is None and s.to_move is not None:
            out.append(s)
    return out


@pytest.mark.parametrize("combo", COMBOS, ids=lambda c: "-".join(str(v) for v in c.values()))
def test_same_choice_whatever_the_hidden_layout_under_every_combination(combo):
    for i, state in enumerate(_positions(combo, 2, seed=len(str(combo)))):
        level = ("medium", "hard")[i % 2]
        a = choose_move(state, level=level, seed=i, nodes=1200)
        b = choose_move(other_layout(state, i), level=level, seed=i, nodes=1200)
        c = choose_move(B.public_state(state), level=level, seed=i, nodes=1200)
        assert a == b == c and a in state.legal_moves()


def test_the_computer_takes_the_chain_the_rush_and_the_hong_kong_capture():
    limits = Limits("hard", None, 4000, seed=1)
    assert str(ENGINE.search(B.from_text(CHAIN, chain=True), limits).move) == "b2xc2xc3xd3"
    # the last black piece: a capture wins, under the house rule only
    rush = "......../......../R....k../........"
    assert pieces_moves(at(rush)) == ["a2-a1", "a2-a3", "a2-b2"]
    assert str(ENGINE.search(at(rush, chariot="rush"), limits).move) == "a2xf2"
    hk = "......../......../...Ra.../........"
    assert "d2xe2" not in pieces_moves(at(hk))
    assert str(ENGINE.search(at(hk, ranking="hongkong"), limits).move) == "d2xe2"


def test_under_a_house_rule_a_level_plays_its_row_there_and_the_others_keep_their_rows():
    from game.ai.banqi.player import HOUSE_LEVELS, LEVELS, analyse

    rush = HOUSE_LEVELS[("chariot", "rush")]
    assert all(rush[level].depth == 2 and rush[level].overlook > 0 for level in (1, 2))  # look at the reply
    text = "......../......../R....k../........"
    for level in range(1, 11):
        for combo in COMBOS:
            row = analyse(at(text, **combo), level=level, seed=0, nodes=200)[3]
            # the first house rule in force with a row for the level gives it (several at once: no
            # ladder measured, game.ai.levels shows none)
            own = [rows[level] for (key, value), rows in HOUSE_LEVELS.items() if combo[key] == value and level in rows]
            assert row == (own[0] if own else LEVELS[level]), (level, combo)


def test_the_endgame_tables_stay_off_under_the_house_rules():
    text = "......../......../.R..n.../....c..."
    assert endgame.rank_root(at(text)) is not None
    for combo in COMBOS[1:]:
        s = at(text, **combo)
        assert endgame.rank_root(s) is None
        search = Search(s, Budget(nodes=10), 1)
        search.tables = True
        assert not search.tables
        assert ENGINE.search(s, Limits("hard", None, 800, seed=1)).move in s.legal_moves()


# ---- python -m game.cli options ---------------------------------------------------------------------
def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game", games.NAMES)
def test_cli_options_lists_what_the_setup_screen_shows(capsys, game):
    options = games.get(game).options
    code, out, err = run(capsys, "options", game, "--json")
    assert code == 0 and not err
    rows = json.loads(out)
    assert [r["key"] for r in rows] == [o.key for o in options]
    for row, o in zip(rows, options):
        assert set(row) == {"key", "default", "choices", "label"}
        assert row["default"] == o.default and row["choices"] == list(o.choices) and row["label"] == o.label
    code, out, _ = run(capsys, "options", game)
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(options)
    for line, o in zip(lines, options):
        key, default, choices, en, zh = line.split("\t")
        assert (key, en, zh) == (o.key, o.label["en"], o.label["zh"]) and len(choices.split("|")) == len(o.choices)
        # every value printed is one `--option K=V` accepts
        for value in [default, *choices.split("|")]:
            assert run(capsys, "start", game, "--option", f"{key}={value}", "--seed", "1")[0] == 0


def test_cli_moves_perft_and_bestmove_take_the_options(capsys):
    code, out, _ = run(capsys, "moves", "banqi", CHAIN, "--option", "chain=true")
    assert code == 0 and [m for m in out.split() if "x" in m and m[1].isdigit()] == [
        "b2xc2",
        "b2xc2xc3",
        "b2xc2xc3xd3",
    ]
    code, out, _ = run(capsys, "bestmove", "banqi", CHAIN, "--option", "chain=true", "--nodes", "3000", "--seed", "1")
    assert code == 0 and out.splitlines()[0] == "b2xc2xc3xd3"
    code, out, _ = run(capsys, "perft", "draughts", "W:W31-50:B1-20", "1", "--option", "first=w")
    assert code == 0 and out.strip() == "9"


@pytest.mark.parametrize(
    "argv",
    [
        ("moves", "banqi", CHAIN, "--option", "chain=maybe"),
        ("moves", "banqi", CHAIN, "--option", "nonsense=1"),
        ("bestmove", "banqi", CHAIN, "--option", "chariot"),
        ("perft", "draughts", "W:W31-50:B1-20", "1", "--option", "first=red"),
    ],
)
def test_cli_a_bad_option_is_one_line_and_status_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out and len(err.strip().splitlines()) == 1


def test_cli_options_of_an_unknown_game_is_status_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["options", "chess"])
    assert exc.value.code == 2 and len(capsys.readouterr().err.strip().splitlines()) == 1


# ---- saves and the network carry the house rules ---------------------------------------------------
def test_a_saved_game_under_house_rules_replays_its_chain_captures():
    from game.match import Match
    from game.record import GameRecord

    combo = {"chain": True, "chariot": "rush", "ranking": "hongkong", "trade": True}
    rng = random.Random(3)
    match = Match.new("banqi", combo, seed=12)
    chains = 0
    while not match.over and match.ply < 300:
        moves = match.legal_moves()
        longest = max(moves, key=lambda m: len(m.path))
        move = longest if len(longest.path) > 2 else rng.choice(moves)
        chains += len(move.path) > 2
        match.play(move)
    assert chains
    loaded = Match.from_record(GameRecord.from_json(match.to_record().to_json()))
    assert loaded.state.options == match.state.options and B.to_text(loaded.state) == B.to_text(match.state)
    assert loaded.texts == match.texts and loaded.result() == match.result()


def test_the_network_offer_carries_the_house_rules():
    from game.net import protocol as P

    options = games.get("banqi").check_options({"chain": True, "chariot": "rush", "ranking": "hongkong"})
    assert P.options_from_wire(P.options_to_wire(options), B.OPTIONS) == options


def test_each_house_rule_diagram_needs_its_option_and_the_trade_crosses_out_both_pieces():
    from game.scenes.screens import rule_diagrams as R
    from game.scenes.views import make_view

    for key, notation in (
        ("banqi-chain", "b2xc2xc3xd3"),
        ("banqi-rush", "a2xf2"),
        ("banqi-hongkong", "d2xe2"),
        ("banqi-trade", "c2xd2"),
    ):
        d = R.BY_KEY[key]
        assert d.options and R.find_move(R.position(d), notation) is not None
        if key != "banqi-trade":  # (the trade's capture is legal either way: its result differs)
            assert R.find_move(B.from_text(d.position), notation) is None
    d = R.BY_KEY["banqi-trade"]
    state = R.position(d)
    view = make_view("banqi", state.options)
    move = R.find_move(state, d.move)
    assert sorted(R.captured_points(view, state, state.play(move), list(move.path))) == [
        B.parse_square("c2"),
        B.parse_square("d2"),
    ]


def test_a_network_game_under_house_rules_plays_its_chains_on_both_sides():
    from tests.net_helpers import Pair

    combo = {"chain": True, "chariot": "rush", "trade": True}
    pair = Pair("banqi", combo)
    try:
        assert pair.guest.game.options == pair.host.game.options == games.get("banqi").check_options(combo)
        rng = random.Random(5)
        chains = 0
        while pair.host.game.result() is None and pair.host.game.ply < 200:
            side = pair.mover()
            moves = side.game.state.legal_moves()
            longest = max(moves, key=lambda m: len(m.path))
            move = longest if len(longest.path) > 2 else rng.choice(moves)
            chains += len(move.path) > 2
            side.play(move)
            pair.wait(pair.settled)
        assert chains
        assert B.to_text(pair.host.game.state) == B.to_text(pair.guest.game.state)
        assert pair.host.game.result() == pair.guest.game.result()
    finally:
        pair.close()


def test_the_side_panel_names_the_house_rules_in_force():
    from game.scenes.views.banqi.view import View, house_text

    on = B.new_game(seed=1, chain=True, ranking="hongkong")
    lines = View(on.options).status_lines(on, "en")
    assert lines[0] == "House rules: " + house_text(on.options, "en")
    assert "Chain captures" in lines[0] and "Hong Kong" in lines[0]
    off = B.new_game(seed=1)
    assert house_text(off.options, "zh") == "" and not any("House rules" in t for t in View({}).status_lines(off, "en"))
