"""The learned draughts evaluation (tools/train_learned_eval.py, eval.save_learned): its model is
the engine's own form, so a file written from it evaluates as the model says, in the plain and
the compiled search alike (QIPAN_DRAUGHTS_EVAL chooses the file)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from game.ai.draughts import eval as E

pytest.importorskip("scipy")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))

import draughts_selfplay as DS  # noqa: E402
import train_learned_eval as T  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    folder = str(tmp_path_factory.mktemp("shards"))
    DS.generate(folder, seed=11, nodes=300, games=3, per_shard=1, workers=1)
    return folder


@pytest.fixture(scope="module")
def positions(shards):
    return T.both(DS.load([shards]))


def _plain_scaling(d: dict) -> np.ndarray:
    """Positions where the drawish endings' scaling (not a model column) does not act."""
    nk = np.bitwise_count(d["wk"]) + np.bitwise_count(d["bk"])
    return nk == 0


def test_the_current_evaluation_written_as_a_learned_file_evaluates_the_same(positions, tmp_path):
    path = str(tmp_path / "current.bin")
    T.export(T.current_terms(), path)
    assert E.load_learned_terms(path) is not None
    assert np.array_equal(T.engine_eval(path, positions), T.engine_eval(None, positions))


@pytest.mark.parametrize("boxes", [False, True])
def test_a_learned_file_evaluates_as_its_model(positions, tmp_path, boxes):
    rng = np.random.default_rng(5)
    theta = T.current_terms() + rng.integers(-30, 31, T.N_COL)
    path = str(tmp_path / "noisy.bin")
    T.export(theta, path, boxes)
    assert len(E._load_weights(path)[1][0]) == len(E.PATTERNS) + (len(E.BOX_PATTERNS) if boxes else 0)
    plain = _plain_scaling(positions)
    got = T.engine_eval(path, positions)
    assert np.array_equal(got[plain], (T.design(positions, boxes) @ theta)[plain].astype(np.int64))
    assert not np.array_equal(got, T.engine_eval(None, positions))


def test_the_boxes_are_4_by_4_fields_and_the_trainer_reads_them_as_the_engine(positions):
    from game.rules import draughts as R

    assert len(E.BOX_PATTERNS) == 16
    for p in E.BOX_PATTERNS:
        rows = [R.row_col(s + 1)[0] for s in p]
        cols = [R.row_col(s + 1)[1] for s in p]
        assert max(rows) - min(rows) == 3 and max(cols) - min(cols) <= 3
    engine = [E.box_indices(wm, bm) for wm, bm in zip(positions["wm"].tolist(), positions["bm"].tolist())]
    assert np.array_equal(np.stack([T.box_index(positions, i) for i in range(16)], axis=1), np.array(engine))


@pytest.mark.parametrize("boxes", [False, True])
def test_with_a_learned_file_the_compiled_search_follows_the_plain_one(tmp_path, boxes):
    rng = np.random.default_rng(6)
    theta = T.current_terms() + rng.integers(-40, 41, T.N_COL)
    path = str(tmp_path / "noisy.bin")
    T.export(theta, path, boxes)
    code = f"""
import random
from game.ai.draughts import eval as E, fast as F, search as A
from game.rules import draughts as R
assert E.KING_VS_KINGLESS == {int(round(theta[T.C_HAND]))} and F.available()
assert F.WEIGHTS[1].shape[1] == {len(E.PATTERNS) + (len(E.BOX_PATTERNS) if boxes else 0)}
rng = random.Random(4)
checked = 0
while checked < 12:
    s = R.new_game()
    for _ in range(rng.randint(4, 90)):
        if s.result() is not None:
            break
        s = s.play(rng.choice(s.legal_moves()))
    if s.result() is not None or len(s.legal_moves()) < 2 or (s.wm | s.wk | s.bm | s.bk).bit_count() < 8:
        continue  # (below 8 pieces the endgame tables answer, and the two searches ask them apart)
    bits = (s.wm, s.wk, s.bm, s.bk)
    for side in (0, 1):
        assert F.evaluate(*bits, side, *F.WEIGHTS) == E.evaluate_board(*bits, bool(side))
    for depth in (1, 2, 3):
        plain = A.Search(A.Budget(nodes=10**8), s.history[:-1]).root(s, depth)
        fast = A.FastSearch(A.Budget(nodes=10**8), s.history[:-1]).root(s, depth)
        assert fast[1:] == plain[1:], (R.to_text(s), depth, fast, plain)
    checked += 1
print("ok")
"""
    env = dict(os.environ, QIPAN_DRAUGHTS_EVAL=path)
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_the_trainer_fits_and_writes_a_file_the_engine_loads(shards, tmp_path, capsys):
    out = str(tmp_path / "fitted.bin")
    assert T.main([shards, "--out", out, "--lam", "1e-3", "--maxiter", "50"]) == 0
    text = capsys.readouterr().out
    assert "held-out log-loss" in text and "as the engine evaluates" in text
    assert E._load_weights(out) is not None and E.load_learned_terms(out) is not None


def test_the_trainer_fits_the_boxes_and_keeps_them_in_a_correction(shards, tmp_path, capsys, monkeypatch):
    out, again = str(tmp_path / "boxes.bin"), str(tmp_path / "again.bin")
    assert T.main([shards, "--boxes", "--out", out, "--lam", "1e-3", "--maxiter", "50"]) == 0
    phases = E._load_weights(out)[1]
    assert all(len(ph) == len(E.PATTERNS) + len(E.BOX_PATTERNS) for ph in phases)
    assert any(any(t[-1]) for ph in phases for t in ph[len(E.PATTERNS) :])  # the boxes learned something
    # a correction to a file with boxes keeps them, without --boxes (the process plays that file)
    code = (
        "import sys; sys.path.insert(0, 'tools'); import train_learned_eval as T; "
        f"sys.exit(T.main([{shards!r}, '--base', 'current', '--out', {again!r}, '--maxiter', '20']))"
    )
    env = dict(os.environ, QIPAN_DRAUGHTS_EVAL=out)
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert all(len(ph) == len(E.PATTERNS) + len(E.BOX_PATTERNS) for ph in E._load_weights(again)[1])


def test_the_trainer_says_how_near_each_evaluation_comes_to_the_deeper_scores(shards, tmp_path, capsys):
    DS.deepen(shards, 600, 2, workers=1)
    out, report = str(tmp_path / "deep.bin"), str(tmp_path / "deep.json")
    assert T.main([shards, "--deep", "600", "--blend", "1", "--out", out, "--maxiter", "50", "--report", report]) == 0
    assert "held-out log-loss against the 600-node scores" in capsys.readouterr().out
    with open(report) as f:
        r = json.load(f)
    held = DS.load([shards], 600)
    held_deep = (held["game"] % 10 == 0) & (held["deep"] != DS.NO_SCORE)
    assert r["search_positions"] == int(held_deep.sum()) > 0
    # a cross-entropy is least where the guess is the target: neither evaluation beats the scores themselves
    target = T.sigmoid(held["deep"][held_deep].astype(np.float64) / r["K"])
    floor = T.logloss(target, target)
    assert r["learned_against_search"] >= floor - 1e-9 and r["current_against_search"] >= floor - 1e-9


def test_the_learned_choice_names_a_shipped_learned_file():
    assert E.eval_file("learned") == E.LEARNED_FILE and E.eval_file("hand") is None
    assert E.eval_file("") == E.LEARNED_FILE  # the default
    assert E.eval_file("weights") == E.WEIGHTS_FILE and E.eval_file("/x/y.bin") == "/x/y.bin"
    assert E._load_weights(E.LEARNED_FILE) is not None and E.load_learned_terms(E.LEARNED_FILE) is not None
    assert E.load_learned_terms(E.WEIGHTS_FILE) is None  # the former default holds the tables alone
