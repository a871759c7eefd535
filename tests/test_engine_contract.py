"""Every game's engine keeps the one contract of game.ai.contract, and what the command line prints
about a move is what the search that chose it found."""

import json
import subprocess
import sys

import pytest

from game import games
from game.ai import choose_move
from game.ai.contract import Engine, Limits, SearchResult
from game.rules.common import find_move

# a busy middle-game position of each game (many moves, captures about)
BUSY = {
    "palace": ".-.-./-...-/..W../.WBW./.W.W./.WWW./..B../-...-/.-.-. b 8 0",
    "draughts": "W:W27,28,31,32,33,34,35,36,37,38,39,40,41,43,44,45,46,48:B3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,22",
    "banqi": "xcRnPxAB/pxCx.rxx/CxPxrpPx/xcapPxNx b p 2",
}
# crowded Banqi boards: the issue's own, and five after 40 random plies (many pieces face up,
# captures and flips all about), where the notes once said depth 0
CROWDED = [
    "xcRnPxAB/pxCx.rxx/CxPxrpPx/xcapPxNx b p 2",
    ".pbPxaxP/bxr...xc/rP..Kxx./n.PCc.RB r ARNNCPnpp 0",
    "N.Rx.B.k/Rcx.px.p/aPxa..px/bAPx.B.n r KACCPPbrp 0",
    "N.Rx.kKP/.PBcBr.b/aCaxxRx./bpnxPxpN r PPnpp 3",
    "pxxRCN.p/NPxPP.na/pp.xxKAP/Bb.k..ax b BCPrnc 0",
    "P.CpxbpB/N.xAKP../xxN.Rn.n/rxccpx.r r ACPPkap 1",
]


def _state(name):
    return games.get(name).rules.from_text(BUSY[name])


@pytest.mark.parametrize("name", games.NAMES)
def test_every_engine_implements_the_contract(name):
    engine = games.get(name).engine
    assert isinstance(engine, Engine)
    progress = []
    engine.warm(progress.append)
    assert progress and progress[-1] == 1.0


@pytest.mark.parametrize("name", games.NAMES)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_search_result_describes_the_move_it_chose(name, level):
    state = _state(name)
    nodes = 60_000 if level == "hard" else 3000  # a busy Banqi board's first full iteration is ~30k nodes
    found = games.get(name).engine.search(state, Limits(level, nodes=nodes, seed=1))
    assert isinstance(found, SearchResult)
    assert found.move in state.legal_moves() and found.pv and found.pv[0] == found.move
    assert -1.0 <= found.value <= 1.0 and found.nodes > 0 and found.time >= 0 and found.depth >= 1
    assert found.move == choose_move(state, level, seed=1, nodes=nodes)  # the thin call agrees
    line = state
    for move in found.pv:  # the principal variation is a line of legal moves
        assert move in line.legal_moves()
        line = line.play(move)


@pytest.mark.parametrize("name", games.NAMES)
def test_iterations_stream_and_the_last_is_the_answer(name):
    seen = []
    found = games.get(name).engine.search(_state(name), Limits("hard", nodes=60_000, seed=0, on_iteration=seen.append))
    assert seen, "at least one iteration reported"
    assert [r.depth for r in seen] == sorted(r.depth for r in seen)
    assert seen[-1].depth == found.depth  # the depth reported was really searched
    assert all(r.pv[0] == r.move for r in seen)


@pytest.mark.parametrize("name", games.NAMES)
def test_stop_ends_a_search_at_once(name):
    found = games.get(name).engine.search(_state(name), Limits("hard", time=60, stop=lambda: True, seed=0))
    assert found.move in _state(name).legal_moves() and found.time < 5


@pytest.mark.parametrize("text", CROWDED)
def test_crowded_banqi_boards_report_the_depth_they_searched(text):
    state = games.get("banqi").rules.from_text(text)
    seen = []
    found = games.get("banqi").engine.search(state, Limits("hard", nodes=150_000, seed=0, on_iteration=seen.append))
    assert found.depth >= 4 and found.depth == max(r.depth for r in seen)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("name", games.NAMES)
def test_bestmove_notes_in_one_format_for_every_game(name):
    out = _cli("bestmove", name, BUSY[name], "--nodes", "100000", "--seed", "3")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    move = find_move(_state(name), lines[0])
    assert [line.split(": ")[0] for line in lines[1:6]] == ["score", "depth", "nodes", "time", "pv"]
    assert lines[5].split()[1] == str(move) and int(lines[2].split()[1]) >= 2


@pytest.mark.parametrize("name", games.NAMES)
def test_bestmove_json_is_one_line_with_the_searched_numbers(name):
    out = _cli("bestmove", name, BUSY[name], "--nodes", "100000", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.splitlines()) == 1
    found = json.loads(out.stdout)
    assert list(found) == ["move", "score", "value", "depth", "nodes", "time", "pv", "notes"]
    assert found["pv"][0] == found["move"] and found["depth"] >= 2 and found["nodes"] >= 100000
    assert isinstance(found["time"], float) and -1 <= found["value"] <= 1
    assert find_move(_state(name), found["move"]) is not None
    text = _cli("bestmove", name, BUSY[name], "--nodes", "100000", "--seed", "3").stdout.splitlines()
    assert text[0] == found["move"] and text[2] == f"depth: {found['depth']}"  # the same search, twice
    assert found["notes"] == text[6:]  # the game's own lines, after pv in the text form


def test_bestmove_json_says_a_book_move_came_from_the_book():
    """The book's note reaches --json as it reaches the text form (hard draughts plays the book
    from the start position, at once: depth 0, no node searched)."""
    start = "W:W31-50:B1-20"
    found = json.loads(_cli("bestmove", "draughts", start, "--nodes", "5000", "--seed", "1", "--json").stdout)
    text = _cli("bestmove", "draughts", start, "--nodes", "5000", "--seed", "1").stdout.splitlines()
    assert found["depth"] == 0 and found["nodes"] == 0 and text[0] == found["move"]
    assert found["notes"] == text[6:] and any(n.startswith("chose: from the opening book") for n in found["notes"])


def test_bestmove_json_on_a_finished_game_is_refused():
    out = _cli("bestmove", "draughts", "B:W46:B", "--json")
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and out.stdout == ""
