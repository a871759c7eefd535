"""Training data for the draughts evaluation: hard plays itself, positions are kept with the result.

Offline tool, not needed to play. Hard (the compiled search) plays itself on a node budget a move
from seeded random openings (the first --opening-plies plies at random, then `--random-rate` of the
later moves too). Every quiet position (no capture for either side) with a choice of moves is kept
with the search's score and what became of the game, both from White's view. A node-budget search
starts with empty tables, so a seed gives the same games on any machine and in any order.

The games go into shards of --per-shard games each (numpy .npz, shard-00000.npz, ...) in one
folder with a meta.json that fixes the recipe (seed, nodes, openings): a second run with the same
folder writes only the shards that are missing, so a stopped job goes on where it stopped and
--games can grow later. Each shard is made by one task, on a local process pool (every core by
default) or on a Dask distributed cluster (--dask-local N starts one on this machine, --scheduler
ADDRESS uses a running one: the workers need this repository's `game` package importable).

    python tools/draughts_selfplay.py --out data/selfplay-s1 --seed 1 --nodes 4000 --games 2000
    python tools/draughts_selfplay.py --out data/selfplay-s1 --seed 1 --nodes 4000 --games 2000 --dask-local 2
    python tools/draughts_selfplay.py --out data/selfplay-s1 --info      # what the folder holds

Arrays of a shard (one row a position): wm wk bm bk (uint64 bitboards of the rules), white (1: White
to move), ply, score (int16, the node-budget search's score, White's view, clipped to +-2500),
result (int8: 1 White won, 0 drawn, -1 Black won) and game (int32, the game's number in the job:
held-out sets are drawn by game, not by position).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Iterable, Iterator

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai.draughts.eval import evaluation_id  # noqa: E402
from game.rules import draughts as R  # noqa: E402

FIELDS = ("wm", "wk", "bm", "bk", "white", "ply", "score", "result", "game")
DTYPES = {
    "wm": np.uint64,
    "wk": np.uint64,
    "bm": np.uint64,
    "bk": np.uint64,
    "white": np.uint8,
    "ply": np.uint16,
    "score": np.int16,
    "result": np.int8,
    "game": np.int32,
}
MAX_PLIES = 300
SCORE_CLIP = 2500


def quiet(s) -> bool:
    """Neither side has a capture."""
    occ = s.wm | s.wk | s.bm | s.bk
    return not (R.has_capture(s.wm, s.wk, s.bm | s.bk, occ) or R.has_capture(s.bm, s.bk, s.wm | s.wk, occ))


def play_game(seed: int, game: int, nodes: int, opening_plies: int = 4, random_rate: float = 0.0) -> list[tuple]:
    """One game of hard against itself: its kept positions as rows of FIELDS. The game's random
    choices come from (seed, game) alone."""
    from game.ai.contract import Limits
    from game.ai.draughts.player import ENGINE

    rng = random.Random(f"qipan-selfplay:{seed}:{game}")
    s = R.new_game()
    rows: list[list[int]] = []
    for ply in range(MAX_PLIES):
        if s.result() is not None:
            break
        moves = s.legal_moves()
        if len(moves) > 1 and (ply < opening_plies or rng.random() < random_rate):
            s = s.play(rng.choice(moves))
            continue
        found = ENGINE.search(s, Limits(level="hard", nodes=nodes, seed=rng.randrange(1 << 30)))
        if len(moves) > 1 and quiet(s) and found.raw is not None:
            score = found.raw if s.to_move == "w" else -found.raw
            score = max(-SCORE_CLIP, min(SCORE_CLIP, int(score)))
            rows.append([s.wm, s.wk, s.bm, s.bk, int(s.to_move == "w"), ply, score])
        s = s.play(found.move)
    result = s.result()
    z = 0 if result is None or result.winner is None else (1 if result.winner == "w" else -1)
    return [(*row, z, game) for row in rows]


def make_shard(seed: int, shard: int, per_shard: int, nodes: int, opening_plies: int, random_rate: float) -> dict:
    """The arrays of one shard: games shard * per_shard up to the next shard's first."""
    rows: list[tuple] = []
    for game in range(shard * per_shard, (shard + 1) * per_shard):
        rows.extend(play_game(seed, game, nodes, opening_plies, random_rate))
    cols = list(zip(*rows)) if rows else [()] * len(FIELDS)
    return {name: np.array(col, DTYPES[name]) for name, col in zip(FIELDS, cols)}


def _same_evaluation(wanted: str) -> None:
    """A worker plays the evaluation the job's recipe names, or nothing (a Dask worker may have
    been started with another QIPAN_DRAUGHTS_EVAL)."""
    if evaluation_id() != wanted:
        raise RuntimeError(f"this worker's draughts evaluation is {evaluation_id()}, the job's {wanted}")


def _shard_task(args: tuple) -> tuple[int, dict]:
    *job, evaluation = args
    _same_evaluation(evaluation)
    return job[1], make_shard(*job)


def deep_scores(shard: int, positions: list[tuple], nodes: int) -> tuple[int, np.ndarray]:
    """A deeper search's score (White's view, clipped) of each position (wm, wk, bm, bk, white)."""
    from game.ai.contract import Limits
    from game.ai.draughts.player import ENGINE

    out = []
    for wm, wk, bm, bk, white in positions:
        s = R.State(wm, wk, bm, bk, "w" if white else "b")
        raw = ENGINE.search(s, Limits(level="hard", nodes=nodes, seed=0)).raw or 0
        out.append(max(-SCORE_CLIP, min(SCORE_CLIP, int(raw if white else -raw))))
    return shard, np.array(out, np.int16)


def _deep_task(args: tuple) -> tuple[int, np.ndarray]:
    *job, evaluation = args
    _same_evaluation(evaluation)
    return deep_scores(*job)


def deep_path(folder: str, shard: int, nodes: int) -> str:
    return os.path.join(folder, f"deep{nodes}-{shard:05d}.npz")


def deepen(folder: str, nodes: int, stride: int, workers: int | None = None, client=None, progress=False) -> int:
    """A deeper search's score for every stride-th position of each shard that has none yet
    (deepNODES-NNNNN.npz beside the shard: idx, score); resumable as generate(). Returns how many
    shards were scored. The deeper searches play the evaluation the folder's games were played
    with (its recipe), or none."""
    evaluation = read_recipe(folder).get("evaluation")
    if evaluation != evaluation_id():
        raise SystemExit(
            f"{folder} was played with the draughts evaluation {evaluation}; this process plays {evaluation_id()}"
            " (QIPAN_DRAUGHTS_EVAL=weights for the kept set, docs/LEARNED_EVAL.md)"
        )
    tasks = []
    for name in sorted(os.listdir(folder)):
        if not (name.startswith("shard-") and name.endswith(".npz")):
            continue
        shard = int(name[6:11])
        if os.path.exists(deep_path(folder, shard, nodes)):
            continue
        with np.load(os.path.join(folder, name)) as z:
            idx = np.arange(0, len(z["wm"]), stride)
            rows = list(zip(*(z[k][idx].tolist() for k in ("wm", "wk", "bm", "bk", "white"))))
        tasks.append(((shard, rows, nodes, evaluation), idx))
    index = {t[0][0]: idx for t, idx in ((t, t[1]) for t in tasks)}
    args = [t[0] for t in tasks]
    if client is not None:
        import cloudpickle
        from distributed import as_completed

        cloudpickle.register_pickle_by_value(sys.modules[__name__])
        made = (f.result() for f in as_completed([client.submit(_deep_task, a, pure=False) for a in args]))
    elif (workers or os.cpu_count() or 1) <= 1:
        made = (_deep_task(a) for a in args)
    else:
        import multiprocessing

        pool = multiprocessing.get_context("spawn").Pool(workers or os.cpu_count())
        made = pool.imap_unordered(_deep_task, args)
    for n, (shard, scores) in enumerate(made, 1):
        tmp = os.path.join(folder, f".deep{nodes}-{shard:05d}.tmp.npz")
        np.savez_compressed(tmp, idx=index[shard].astype(np.int32), score=scores)
        os.replace(tmp, deep_path(folder, shard, nodes))
        if progress:
            print(f"  shard {shard}: {len(scores)} deeper scores ({n}/{len(args)})", flush=True)
    return len(args)


# ---- the job: which shards, where they run, where they go ------------------------------------------------
def shard_path(folder: str, shard: int) -> str:
    return os.path.join(folder, f"shard-{shard:05d}.npz")


def recipe(seed: int, nodes: int, per_shard: int, opening_plies: int, random_rate: float) -> dict:
    """What fixes a job's games: with the evaluation hard plays (a fingerprint of its file), so
    that a folder never mixes games of two evaluations."""
    return {
        "seed": seed,
        "nodes": nodes,
        "per_shard": per_shard,
        "opening_plies": opening_plies,
        "random_rate": random_rate,
        "format": 1,
        "evaluation": evaluation_id(),
    }


def read_recipe(folder: str) -> dict:
    with open(os.path.join(folder, "meta.json")) as f:
        return json.load(f)


def missing_shards(folder: str, games: int, per_shard: int) -> list[int]:
    count = (games + per_shard - 1) // per_shard
    return [i for i in range(count) if not os.path.exists(shard_path(folder, i))]


def write_shard(folder: str, shard: int, arrays: dict) -> None:
    """Written under another name, then renamed: a stopped job leaves no half shard."""
    tmp = os.path.join(folder, f".shard-{shard:05d}.tmp.npz")
    np.savez_compressed(tmp, **arrays)
    os.replace(tmp, shard_path(folder, shard))


def run_local(tasks: list[tuple], workers: int) -> Iterator[tuple[int, dict]]:
    """The shards made by a local process pool (in this process when workers is 1)."""
    if workers <= 1:
        for t in tasks:
            yield _shard_task(t)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(_shard_task, tasks)


def run_dask(tasks: list[tuple], client) -> Iterator[tuple[int, dict]]:
    """The shards made by the workers of a Dask distributed client: this module's functions go
    to them by value, so they need only the `game` package."""
    import cloudpickle
    from distributed import as_completed

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    futures = [client.submit(_shard_task, t, pure=False) for t in tasks]
    for future in as_completed(futures):
        yield future.result()
        future.release()


def generate(
    folder: str,
    seed: int,
    nodes: int,
    games: int,
    per_shard: int = 20,
    opening_plies: int = 4,
    random_rate: float = 0.0,
    workers: int | None = None,
    client=None,
    progress: bool = False,
) -> int:
    """Make the missing shards of the job (see the module's text); returns how many were made."""
    os.makedirs(folder, exist_ok=True)
    meta_path = os.path.join(folder, "meta.json")
    want = recipe(seed, nodes, per_shard, opening_plies, random_rate)
    if os.path.exists(meta_path):
        have = read_recipe(folder)
        if have != want:
            raise SystemExit(f"{folder} holds another recipe: {have}; this run's is {want}")
    else:
        with open(meta_path, "w") as f:
            json.dump(want, f, indent=1)
    todo = missing_shards(folder, games, per_shard)
    tasks = [(seed, i, per_shard, nodes, opening_plies, random_rate, want["evaluation"]) for i in todo]
    made = run_dask(tasks, client) if client is not None else run_local(tasks, workers or os.cpu_count() or 1)
    start = time.perf_counter()
    for n, (shard, arrays) in enumerate(made, 1):
        write_shard(folder, shard, arrays)
        if progress:
            print(
                f"  shard {shard}: {len(arrays['wm'])} positions ({n}/{len(tasks)}, {time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    return len(tasks)


NO_SCORE = -32768  # "deep" where a position has no deeper score


def load(folders: Iterable[str], deep_nodes: int | None = None) -> dict:
    """Every shard of the folders as one set of arrays. Game numbers of a later folder are
    shifted past the earlier ones' so that they stay one number a game. With deep_nodes, "deep"
    holds deepen()'s scores at that budget (NO_SCORE where there is none)."""
    parts: dict[str, list] = {name: [] for name in FIELDS}
    deep: list[np.ndarray] = []
    offset = 0
    for folder in folders:
        top = 0
        for name in sorted(os.listdir(folder)):
            if name.startswith("shard-") and name.endswith(".npz"):
                with np.load(os.path.join(folder, name)) as z:
                    for f in FIELDS:
                        parts[f].append(z[f] + offset if f == "game" else z[f])
                    if len(z["game"]):
                        top = max(top, int(z["game"].max()) + 1)
                    n = len(z["wm"])
                if deep_nodes is not None:
                    d = np.full(n, NO_SCORE, np.int16)
                    path = deep_path(folder, int(name[6:11]), deep_nodes)
                    if os.path.exists(path):
                        with np.load(path) as z:
                            d[z["idx"]] = z["score"]
                    deep.append(d)
        offset += top
    out = {f: np.concatenate(parts[f]) if parts[f] else np.zeros(0, DTYPES[f]) for f in FIELDS}
    if deep_nodes is not None:
        out["deep"] = np.concatenate(deep) if deep else np.zeros(0, np.int16)
    return out


def info(folder: str) -> str:
    data = load([folder])
    size = sum(
        os.path.getsize(os.path.join(folder, n))
        for n in os.listdir(folder)
        if n.startswith("shard-") and n.endswith(".npz")
    )
    n = len(data["wm"])
    games = len(np.unique(data["game"]))
    res = data["result"]
    per_game = {}
    for g, r in zip(data["game"].tolist(), res.tolist()):
        per_game[g] = r
    rs = list(per_game.values())
    return (
        f"{folder}: {n} positions from {games} games with positions "
        f"(White won {rs.count(1)}, drawn {rs.count(0)}, Black won {rs.count(-1)}), "
        f"{size / 1e6:.1f} MB on disk ({size / max(1, n):.1f} bytes a position)"
    )


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True, help="the shards' folder (made if missing; a second run goes on)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--nodes", type=int, default=4000, help="hard's node budget a move")
    p.add_argument("--games", type=int, default=200, help="games of the whole job (the shards cover them)")
    p.add_argument("--per-shard", type=int, default=20, help="games a shard (one task)")
    p.add_argument("--opening-plies", type=int, default=4, help="random plies at the start of each game")
    p.add_argument("--random-rate", type=float, default=0.0, help="share of later moves played at random")
    p.add_argument("--jobs", type=int, help="local worker processes (default: every core)")
    p.add_argument("--dask-local", type=int, metavar="N", help="run on a Dask LocalCluster of N workers (127.0.0.1)")
    p.add_argument("--scheduler", help="run on the Dask scheduler at this address (tcp://host:port)")
    p.add_argument("--info", action="store_true", help="only say what the folder holds")
    p.add_argument("--deepen", type=int, metavar="NODES", help="score the kept positions with this node budget")
    p.add_argument("--stride", type=int, default=1, help="with --deepen: every stride-th position of a shard")
    args = p.parse_args(argv)
    if args.info:
        print(info(args.out))
        return 0
    t = time.perf_counter()
    if args.dask_local or args.scheduler:
        from distributed import Client, LocalCluster

        with contextlib.ExitStack() as stack:
            if args.scheduler:
                client = stack.enter_context(Client(args.scheduler))
            else:
                cluster = stack.enter_context(
                    LocalCluster(
                        n_workers=args.dask_local,
                        threads_per_worker=1,
                        host="127.0.0.1",
                        dashboard_address="127.0.0.1:0",
                    )
                )
                client = stack.enter_context(Client(cluster))
            return _run(args, t, client=client)
    return _run(args, t, workers=args.jobs)


def _run(args, t: float, workers: int | None = None, client=None) -> int:
    if args.deepen:
        n = deepen(args.out, args.deepen, args.stride, workers=workers, client=client, progress=True)
        print(f"{n} shard(s) scored at {args.deepen} nodes in {time.perf_counter() - t:.0f} s")
        return 0
    made = generate(
        args.out,
        args.seed,
        args.nodes,
        args.games,
        args.per_shard,
        args.opening_plies,
        args.random_rate,
        workers=workers,
        client=client,
        progress=True,
    )
    print(f"{made} shard(s) made in {time.perf_counter() - t:.0f} s")
    print(info(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
