"""The offline trainer of the draughts evaluation (tools/train_draughts_eval.py): it makes games,
fits tables that the engine loads, and can go on from trained tables."""

from __future__ import annotations

import importlib.util
import os

import pytest

from game.ai.draughts import eval as E

pytest.importorskip("numpy")
pytest.importorskip("scipy")
pytest.importorskip("dame")

_PATH = os.path.join(os.path.dirname(__file__), "..", "tools", "train_draughts_eval.py")
_spec = importlib.util.spec_from_file_location("train_draughts_eval", _PATH)
assert _spec is not None and _spec.loader is not None
T = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(T)


@pytest.fixture(scope="module")
def games_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("train") / "games.txt"
    assert T.generate(seed=3, depth=2, out=str(path), seconds=1.5) >= 1
    return path


def test_generate_writes_quiet_positions_with_scores_and_results(games_file):
    rows = [line.split() for line in games_file.read_text().splitlines()]
    assert len(rows) > 20
    for row in rows:
        assert len(row) == 7
        wm, wk, bm, bk, white, _score, result = (int(x) for x in row)
        assert white in (0, 1) and result in (-1, 0, 1)
        assert not (wm | wk) & (bm | bk)


def test_hard_self_play_writes_quiet_positions_with_its_own_scores(tmp_path):
    path = tmp_path / "hard.txt"
    assert T.generate_hard(seed=2, nodes=300, out=str(path), seconds=1.5) >= 1
    rows = [[int(x) for x in line.split()] for line in path.read_text().splitlines()]
    assert len(rows) > 20
    results = {row[6] for row in rows}
    assert results <= {-1, 0, 1}
    for wm, wk, bm, bk, white, score, _result in rows:
        assert white in (0, 1) and abs(score) < 2500 and not (wm | wk) & (bm | bk)
        assert T._quiet(T.R.State(wm=wm, wk=wk, bm=bm, bk=bk, to_move="w" if white else "b"))


def test_fit_writes_tables_the_engine_loads(games_file, tmp_path):
    out = tmp_path / "w.bin"
    T.fit([str(games_file)], (16, 26), lam=0.2, prior=10.0, out=str(out))
    tables = E._load_weights(str(out))
    assert tables is not None
    phase_of, phases = tables
    assert list(phase_of) == T.phase_map((16, 26)) and len(phases) == 3


def test_fit_from_init_with_a_strong_prior_keeps_the_init_tables(games_file, tmp_path):
    out = tmp_path / "w.bin"
    T.fit([str(games_file)], (16, 26), lam=0.2, prior=1e12, out=str(out), init=E.WEIGHTS_FILE)
    new, old = E._load_weights(str(out)), E._load_weights(E.WEIGHTS_FILE)
    assert new is not None and old is not None
    for a, b in zip(new[1], old[1]):
        for pa, pb in zip(a, b):
            assert max(abs(x - y) for x, y in zip(pa[4], pb[4])) <= 1


def test_fit_from_init_into_other_phases_starts_each_from_its_middle_men_count(games_file, tmp_path):
    out = tmp_path / "w.bin"
    T.fit([str(games_file)], (10, 20, 30), lam=0.2, prior=1e12, out=str(out), init=E.WEIGHTS_FILE)
    new, old = E._load_weights(str(out)), E._load_weights(E.WEIGHTS_FILE)
    assert new is not None and old is not None
    assert list(new[0]) == T.phase_map((10, 20, 30)) and len(new[1]) == 4
    for ph, middle in enumerate((5, 15, 25, 35)):  # men counts 0-9, 10-19, 20-29, 30-40
        for pa, pb in zip(new[1][ph], old[1][old[0][middle]]):
            assert max(abs(x - y) for x, y in zip(pa[4], pb[4])) <= 1
