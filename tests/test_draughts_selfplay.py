"""tools/draughts_selfplay.py: hard's self-play positions with their games' results, in shards that
a stopped job goes on from, the same on a local process pool and on a Dask cluster."""

from __future__ import annotations

import hashlib
import os
import sys

import numpy as np
import pytest

from game.ai.draughts import eval as E
from game.rules import draughts as R

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))

import draughts_selfplay as DS  # noqa: E402

JOB = dict(seed=7, nodes=300, games=2, per_shard=1)


def _same(a: dict, b: dict) -> None:
    for f in DS.FIELDS:
        assert a[f].dtype == b[f].dtype and np.array_equal(a[f], b[f]), f


@pytest.fixture(scope="module")
def pooled(tmp_path_factory):
    """The job's shards from the multiprocessing pool (2 processes)."""
    folder = str(tmp_path_factory.mktemp("pool"))
    assert DS.generate(folder, workers=2, **JOB) == 2
    return folder


def test_positions_are_quiet_with_the_games_results(pooled):
    data = DS.load([pooled])
    assert len(data["wm"]) > 20
    assert set(np.unique(data["game"]).tolist()) == {0, 1}
    for g in (0, 1):
        assert len(set(data["result"][data["game"] == g].tolist())) == 1  # one result a game
    for i in range(len(data["wm"])):
        wm, wk, bm, bk = (int(data[k][i]) for k in ("wm", "wk", "bm", "bk"))
        assert not (wm | wk) & (bm | bk)
        occ = wm | wk | bm | bk
        assert not R.has_capture(wm, wk, bm | bk, occ) and not R.has_capture(bm, bk, wm | wk, occ)
        assert data["ply"][i] >= 4  # the random opening plies are not kept
    assert abs(int(data["score"].astype(np.int64).max())) <= DS.SCORE_CLIP
    assert "positions from 2 games" in DS.info(pooled)


def test_a_stopped_job_goes_on_with_the_same_games(pooled, tmp_path):
    whole = DS.load([pooled])
    folder = str(tmp_path / "again")
    assert DS.generate(folder, workers=1, **{**JOB, "games": 1}) == 1  # the first shard only
    assert DS.generate(folder, workers=1, **JOB) == 1  # the second one now
    assert DS.generate(folder, workers=1, **JOB) == 0  # nothing left
    _same(DS.load([folder]), whole)
    with pytest.raises(SystemExit):
        DS.generate(folder, workers=1, **{**JOB, "nodes": 301})  # another recipe in the same folder


def test_a_dask_cluster_on_loopback_makes_the_same_shards(pooled, tmp_path):
    distributed = pytest.importorskip("distributed")
    folder = str(tmp_path / "dask")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, host="127.0.0.1", dashboard_address="127.0.0.1:0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        assert DS.generate(folder, client=client, **JOB) == 2
    _same(DS.load([folder]), DS.load([pooled]))


def test_deeper_scores_go_beside_the_shards_and_are_made_once(pooled, tmp_path):
    folder = str(tmp_path / "deep")
    assert DS.generate(folder, workers=1, **JOB) == 2
    assert DS.deepen(folder, nodes=400, stride=3, workers=1) == 2
    assert DS.deepen(folder, nodes=400, stride=3, workers=1) == 0  # resumable: nothing left
    data = DS.load([folder], deep_nodes=400)
    has = data["deep"] != DS.NO_SCORE
    first = data["game"] == 0
    assert np.flatnonzero(has[first]).tolist() == list(range(0, int(first.sum()), 3))
    assert np.abs(data["deep"][has].astype(np.int64)).max() <= DS.SCORE_CLIP
    # a position's deeper score is hard's own value of it at that budget
    i = int(np.flatnonzero(has)[1])
    row = tuple(int(data[k][i]) for k in ("wm", "wk", "bm", "bk", "white"))
    assert DS.deep_scores(0, [row], 400)[1][0] == data["deep"][i]


def test_a_folder_never_mixes_games_or_scores_of_two_evaluations(pooled, tmp_path, monkeypatch):
    """The recipe names the evaluation hard played with: another one neither adds shards to the
    folder, nor scores its positions deeper, nor runs in a worker the job did not expect."""
    assert DS.read_recipe(pooled)["evaluation"] == DS.evaluation_id()
    folder = str(tmp_path / "other")
    assert DS.generate(folder, workers=1, **{**JOB, "games": 1}) == 1
    monkeypatch.setattr(DS, "evaluation_id", lambda: "another")
    with pytest.raises(SystemExit, match="another recipe"):
        DS.generate(folder, workers=1, **JOB)
    with pytest.raises(SystemExit, match="evaluation"):
        DS.deepen(folder, nodes=200, stride=4, workers=1)
    with pytest.raises(RuntimeError, match="evaluation"):
        DS._shard_task((7, 1, 1, 300, 4, 0.0, "the job's"))


def test_the_kept_set_names_the_evaluation_it_was_played_with():
    kept = os.path.join(os.path.dirname(__file__), "..", "bench", "draughts_selfplay_s1")
    with open(E.WEIGHTS_FILE, "rb") as f:
        assert DS.read_recipe(kept)["evaluation"] == hashlib.sha256(f.read()).hexdigest()[:12]  # weights.bin
