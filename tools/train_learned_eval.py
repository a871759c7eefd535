"""Fit the learned draughts evaluation (game/ai/draughts/learned.bin) on self-play shards.

Offline tool, not needed to play; needs numpy and scipy. The data come from
tools/draughts_selfplay.py (hard against itself, every quiet position with the game's result).

The model is the form the engine already evaluates, so that the plain and the compiled search
read the result as data (eval.save_learned; QIPAN_DRAUGHTS_EVAL=learned or a path plays it):

- per game phase (men on the board: below 16, 16-25, 26 and more), a table for each of the 11
  patterns of 2 rows x 4 squares over every empty / white man / black man configuration, and with
  `--boxes` also for each of the 16 boxes of 4 x 4 fields (eval.BOX_PATTERNS);
- per phase the men's count and their tempo (rows advanced), folded into those tables;
- the kings: their count and a value for each square;
- kings against a kingless side, the men's mobility, the wings' balance, runaway men 1-3 rows
  from the crown.

Every position is also seen turned by 180 degrees with the colours swapped. The fit is a logistic
regression (scipy's L-BFGS over a sparse design, an L2 penalty) of the game's result (1, 1/2, 0 for
White) on sigmoid(eval / K), where K is the scale that best fits the current evaluation to the
same results: the learned evaluation comes out in the current one's centi-men. With
`--base current` the fit learns a correction to the current evaluation instead (its terms are
in the same form), the penalty pulling toward the current values. A tenth of the GAMES (game
number % 10 == 0) is held out; the log-loss there is printed for the current evaluation and for
the learned one as the engine evaluates it after export (another process loads the file).

    python tools/train_learned_eval.py data/selfplay-s1 --out game/ai/draughts/learned.bin
    python tools/train_learned_eval.py data/selfplay-s1 --base current --lam 1e-5 --out learned.bin
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import draughts_selfplay as DS  # noqa: E402

from game.ai.draughts import eval as E  # noqa: E402
from game.rules import draughts as R  # noqa: E402

BOUNDS = (16, 26)
PHASE_OF = [sum(n >= b for b in BOUNDS) for n in range(41)]
N_PHASE = len(BOUNDS) + 1
NSTRIP, NENT = len(E.PATTERNS), E.PAT_ENTRIES
NPAT = NSTRIP + len(E.BOX_PATTERNS)  # the strips' columns, then the boxes' (used with --boxes only)
# columns: patterns per phase, then per phase men and tempo, then kings (count, 50 squares),
# then the hand terms (as eval.N_HAND)
C_PAT = 0
C_MEN = N_PHASE * NPAT * NENT
C_TEMPO = C_MEN + N_PHASE
C_KING = C_TEMPO + N_PHASE
C_KSQ = C_KING + 1
C_HAND = C_KSQ + 50
N_COL = C_HAND + E.N_HAND
BIT = np.array([1 << R.SQ_BIT[s] for s in range(50)], np.uint64)
ROW = np.array([s // 5 for s in range(50)], np.int64)  # 0-based square -> board row (0: Black's home)


# ---- features -----------------------------------------------------------------------------------------------
def rotate(x: np.ndarray) -> np.ndarray:
    """Bitboards turned by 180 degrees (square s to 51 - s)."""
    out = np.zeros_like(x)
    for s in range(50):
        out |= np.where(x & BIT[s], BIT[49 - s], np.uint64(0))
    return out


def mirrored(d: dict) -> dict:
    """The positions turned by 180 degrees with the colours swapped (results and scores negated)."""
    out = dict(d)
    out["wm"], out["wk"], out["bm"], out["bk"] = rotate(d["bm"]), rotate(d["bk"]), rotate(d["wm"]), rotate(d["wk"])
    out["white"] = 1 - d["white"]
    out["result"], out["score"] = -d["result"], -d["score"]
    return out


def squares_of(x: np.ndarray) -> np.ndarray:
    """(positions, 50) 0/1: which squares the bitboards hold."""
    return np.stack([(x & BIT[s]) != 0 for s in range(50)], axis=1).astype(np.float64)


def hand_columns(d: dict) -> np.ndarray:
    """eval.hand_features' kings-against-kingless, mobility, balance and runaway terms."""
    out = np.zeros((len(d["wm"]), E.N_HAND))
    for i, pos in enumerate(zip(d["wm"].tolist(), d["wk"].tolist(), d["bm"].tolist(), d["bk"].tolist())):
        out[i] = E.hand_features(*pos)[3:9]
    return out


def box_index(d: dict, i: int) -> np.ndarray:
    """Every position's index in box pattern i (eval.box_indices)."""
    wm, bm = d["wm"], d["bm"]
    idx = np.zeros(len(wm), np.int64)
    for sh, m, tw, tb in E._BOX_TABLES[i]:
        idx += np.array(tw, np.int64)[((wm >> np.uint64(sh)) & np.uint64(m)).astype(np.int64)]
        idx += np.array(tb, np.int64)[((bm >> np.uint64(sh)) & np.uint64(m)).astype(np.int64)]
    return idx


def design(d: dict, boxes: bool = False):
    """The sparse design matrix of the positions (White's view); the boxes' columns stay empty
    unless `boxes`."""
    from scipy.sparse import coo_matrix, csr_matrix, hstack

    n = len(d["wm"])
    wm, bm = d["wm"], d["bm"]
    phase = np.array(PHASE_OF, np.int64)[np.bitwise_count(wm | bm).astype(np.int64)]
    rows, cols = [], []
    for i, (sh, m, tw, tb) in enumerate(E._PAT_TABLES):
        tw, tb = np.array(tw, np.int64), np.array(tb, np.int64)
        idx = (
            tw[((wm >> np.uint64(sh)) & np.uint64(m)).astype(np.int64)]
            + tb[((bm >> np.uint64(sh)) & np.uint64(m)).astype(np.int64)]
        )
        rows.append(np.arange(n))
        cols.append(C_PAT + (phase * NPAT + i) * NENT + idx)
    for i in range(len(E.BOX_PATTERNS)) if boxes else ():
        rows.append(np.arange(n))
        cols.append(C_PAT + (phase * NPAT + NSTRIP + i) * NENT + box_index(d, i))
    r, c = np.concatenate(rows), np.concatenate(cols)
    pats = coo_matrix((np.ones(len(r)), (r, c)), shape=(n, C_MEN)).tocsr()
    dense = np.zeros((n, N_COL - C_MEN))
    w_sq, b_sq = squares_of(wm), squares_of(bm)
    men = w_sq.sum(1) - b_sq.sum(1)
    tempo = w_sq @ (9 - ROW) - b_sq @ ROW
    onehot = np.eye(N_PHASE)[phase]
    dense[:, 0:N_PHASE] = onehot * men[:, None]
    dense[:, N_PHASE : 2 * N_PHASE] = onehot * tempo[:, None]
    wk_sq, bk_sq = squares_of(d["wk"]), squares_of(d["bk"])
    dense[:, C_KING - C_MEN] = wk_sq.sum(1) - bk_sq.sum(1)
    dense[:, C_KSQ - C_MEN : C_HAND - C_MEN] = wk_sq - bk_sq[:, ::-1]
    dense[:, C_HAND - C_MEN :] = hand_columns(d)
    return hstack([pats, csr_matrix(dense)]).tocsr()


# ---- the current evaluation, and files evaluated by the engine's own code -------------------------------------
def engine_eval(path: str | None, d: dict) -> np.ndarray:
    """eval.evaluate_board (White's view) of the positions with the weights file `path` (None:
    the default evaluation), in another process: the evaluation is chosen when eval.py loads."""
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "in.npz"), os.path.join(tmp, "out.npy")
        np.savez(src, **{k: d[k] for k in ("wm", "wk", "bm", "bk")})
        env = dict(os.environ)
        env.pop("QIPAN_DRAUGHTS_EVAL", None)
        if path is not None:
            env["QIPAN_DRAUGHTS_EVAL"] = os.path.abspath(path)
        code = (
            "import sys, numpy as np\n"
            "from game.ai.draughts import eval as E\n"
            "z = np.load(sys.argv[1])\n"
            "v = [E.evaluate_board(*p, True) for p in zip(*(z[k].tolist() for k in ('wm', 'wk', 'bm', 'bk')))]\n"
            "np.save(sys.argv[2], np.array(v, np.int64))\n"
        )
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        subprocess.run([sys.executable, "-c", code, src, dst], check=True, env=env, cwd=root)
        return np.load(dst)


def current_terms() -> np.ndarray:
    """The current evaluation's values in the model's columns, in centi-men: its tables (the men's
    square values folded in, so men and tempo 0), kings' square values, hand constants. The
    drawish endings' scaling is the same in both and not a column."""
    theta = np.zeros(N_COL)
    phase_of, phases = E._TRAINED
    for p in range(N_PHASE):
        men = [n for n in range(41) if PHASE_OF[n] == p]
        src = phase_of[men[len(men) // 2]]  # the file's phase for this phase's middle men count
        for i, table in enumerate(phases[src]):  # the strips, then the boxes where the file has them
            theta[C_PAT + (p * NPAT + i) * NENT : C_PAT + (p * NPAT + i + 1) * NENT] = table[-1]
    learned = E.load_learned_terms(E.EVAL_FILE) if E.EVAL_FILE else None
    if learned is not None:  # a learned file's own kings (White's by square; Black's mirror them)
        theta[C_KSQ : C_KSQ + 50] = learned[0]
    else:
        wm_pst, bm_pst, wk_pst, bk_pst = E._pst()
        del wm_pst, bm_pst
        theta[C_KSQ : C_KSQ + 50] = [wk_pst[R.SQ_BIT[s]] for s in range(50)]  # kings' values from the squares
    theta[C_HAND:] = [E.KING_VS_KINGLESS, E.MOBILITY, E.BALANCE, *E.RUNAWAY[1:]]
    return theta


# ---- fit ------------------------------------------------------------------------------------------------------
def logloss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def sigmoid(x):
    return 1 / (1 + np.exp(-np.clip(x, -50, 50)))


def fit_scale(e: np.ndarray, y: np.ndarray) -> float:
    """The K that makes sigmoid(e / K) fit the results best."""
    from scipy.optimize import minimize_scalar

    r = minimize_scalar(lambda k: logloss(sigmoid(e / k), y), bounds=(20, 2000), method="bounded")
    return float(r.x)


def fit(X, y, offset, lam, lam_other, maxiter=400):
    """Minimise the mean log-loss of sigmoid(offset + X theta) against y plus the penalty. The
    columns no position uses stay 0 (their gradient is the penalty's alone): they are left out
    of the optimiser, which costs time by the number of columns."""
    from scipy.optimize import minimize

    used = np.flatnonzero(np.diff(X.tocsc().indptr))
    full = np.zeros(X.shape[1])
    pen_all = np.full(X.shape[1], lam_other)
    pen_all[:C_MEN] = lam
    X, pen = X[:, used], pen_all[used]
    n = X.shape[0]
    XT = X.T.tocsr()

    def f(theta):
        z = offset + X @ theta
        p = sigmoid(z)
        pc = np.clip(p, 1e-12, 1 - 1e-12)
        loss = -np.mean(y * np.log(pc) + (1 - y) * np.log(1 - pc)) + 0.5 * np.sum(pen * theta * theta)
        grad = XT @ (p - y) / n + pen * theta
        return loss, grad

    r = minimize(f, np.zeros(X.shape[1]), jac=True, method="L-BFGS-B", options={"maxiter": maxiter})
    full[used] = r.x
    print(f"fit: {len(used)} of {len(full)} columns used, {r.nit} iterations, loss {r.fun:.5f}", flush=True)
    return full


# ---- export ---------------------------------------------------------------------------------------------------
def has_boxes(theta: np.ndarray) -> bool:
    """Whether any box column holds a value."""
    return any(
        np.any(theta[C_PAT + (p * NPAT + NSTRIP) * NENT : C_PAT + (p + 1) * NPAT * NENT]) for p in range(N_PHASE)
    )


def export(theta_cm: np.ndarray, path: str, boxes: bool = False) -> None:
    """Write a learned file from the model's values in centi-men (White's view), with the boxes'
    tables if `boxes`."""
    rows = []
    for p in range(N_PHASE):
        men, tempo = theta_cm[C_MEN + p], theta_cm[C_TEMPO + p]
        tables = []
        done: set[int] = set()
        for i, squares0 in enumerate(E.PATTERNS):
            row = theta_cm[C_PAT + (p * NPAT + i) * NENT : C_PAT + (p * NPAT + i + 1) * NENT].copy()
            index = np.arange(NENT)
            for j, sq0 in enumerate(squares0):
                if sq0 in done:
                    continue
                done.add(sq0)
                trit = (index // 3**j) % 3
                row += np.where(trit == 1, men + tempo * (9 - ROW[sq0]), 0.0)
                row -= np.where(trit == 2, men + tempo * ROW[sq0], 0.0)
            tables.append(np.rint(row).astype(int).tolist())
        for i in range(NSTRIP, NPAT) if boxes else ():
            box = theta_cm[C_PAT + (p * NPAT + i) * NENT : C_PAT + (p * NPAT + i + 1) * NENT]
            tables.append(np.rint(box).astype(int).tolist())
        rows.append(tables)
    kings = theta_cm[C_KING] + theta_cm[C_KSQ : C_KSQ + 50]
    white_kings = np.rint(kings).astype(int).tolist()
    black_kings = np.rint(kings[::-1]).astype(int).tolist()
    hand = np.rint(theta_cm[C_HAND:]).astype(int).tolist()
    E.save_learned(path, PHASE_OF, rows, white_kings, black_kings, hand)


def scaled(d: dict) -> np.ndarray:
    """Positions where the evaluation's drawish endings divide it (eval._finish): not a column of
    the model, so they are left out of the fit (the held-out figures keep them)."""
    c = np.bitwise_count
    nwk, nbk = c(d["wk"]), c(d["bk"])
    nw, nb = c(d["wm"] | d["wk"]), c(d["bm"] | d["bk"])
    lone = ((nw == 1) & (nwk > 0) & (nb <= 3)) | ((nb == 1) & (nbk > 0) & (nw <= 3))
    few = (nwk > 0) & (nbk > 0) & (np.abs(nw.astype(int) - nb.astype(int)) <= 1) & (nw + nb <= 6)
    return ((nwk > 0) | (nbk > 0)) & (lone | few)


def split(d: dict, held: np.ndarray) -> tuple[dict, dict]:
    return {k: v[~held] for k, v in d.items()}, {k: v[held] for k, v in d.items()}


def both(d: dict) -> dict:
    m = mirrored(d)
    return {k: np.concatenate([d[k], m[k]]) for k in d}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("folders", nargs="+", help="folders of tools/draughts_selfplay.py shards")
    p.add_argument("--out", default="learned.bin")
    p.add_argument("--base", choices=("none", "current"), default="none", help="learn from zero or a correction")
    p.add_argument("--lam", type=float, default=1e-5, help="L2 penalty of the pattern tables' values")
    p.add_argument("--lam-other", type=float, default=1e-7, help="L2 penalty of the other values")
    p.add_argument("--boxes", action="store_true", help="fit the 4 x 4 boxes' tables too (eval.BOX_PATTERNS)")
    p.add_argument("--blend", type=float, default=0.0, help="share of sigmoid(search score / K) in the target")
    p.add_argument(
        "--deep", type=int, metavar="NODES", help="fit the positions with a deeper score (draughts_selfplay --deepen)"
    )
    p.add_argument("--min-ply", type=int, default=0, help="leave out positions before this ply")
    p.add_argument("--maxiter", type=int, default=400, help="the optimiser's iterations at most")
    p.add_argument("--limit", type=int, help="at most this many positions (the first ones)")
    p.add_argument("--report", help="write the figures to this JSON file too")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    d = DS.load(args.folders, args.deep)
    keep = d["ply"] >= args.min_ply
    if args.limit:
        keep &= np.arange(len(keep)) < args.limit
    d = {k: v[keep] for k, v in d.items()}
    held = d["game"] % 10 == 0
    train, test = split(d, held)
    print(
        f"{len(d['wm'])} positions from {len(np.unique(d['game']))} games; training {len(train['wm'])} "
        f"({len(np.unique(train['game']))} games), held out {len(test['wm'])} ({len(np.unique(test['game']))} games)"
    )
    cur_train = engine_eval(None, train).astype(np.float64)
    cur_test = engine_eval(None, test).astype(np.float64)
    y_train = (train["result"] + 1) / 2.0
    y_test = (test["result"] + 1) / 2.0
    k = fit_scale(cur_train, y_train)
    cur_loss = logloss(sigmoid(cur_test / k), y_test)
    print(f"scale K = {k:.1f} centi-men; current evaluation, held-out log-loss {cur_loss:.5f}")
    draw_rate = float(np.mean(y_train == 0.5))
    base_loss = logloss(np.full(len(y_test), float(np.mean(y_test))), y_test)
    print(f"  (a constant guess: {base_loss:.5f}; draws {100 * draw_rate:.1f}% of training positions)")
    fitted = ~scaled(train)
    if args.deep:  # only the positions with a deeper score, which stands for the search's score
        fitted &= train["deep"] != DS.NO_SCORE
        train["score"] = train["deep"]
    tr = both({k: v[fitted] for k, v in train.items()})
    theta0 = current_terms() if args.base == "current" else np.zeros(N_COL)
    boxes = args.boxes or has_boxes(theta0)  # a current evaluation's boxes are kept
    X = design(tr, boxes)
    y = np.concatenate([y_train[fitted], 1 - y_train[fitted]])
    if args.blend:
        y = (1 - args.blend) * y + args.blend * sigmoid(tr["score"].astype(np.float64) / k)
    offset = (X @ theta0) / k
    print(f"design {X.shape[0]} x {X.shape[1]}, {X.nnz} entries ({time.perf_counter() - t0:.0f} s)", flush=True)
    theta = fit(X, y, offset, args.lam, args.lam_other, args.maxiter)
    model = theta0 + theta * k  # centi-men
    Xt = design(test, boxes)
    model_loss = logloss(sigmoid(Xt @ model / k), y_test)
    export(model, args.out, boxes)
    learned = engine_eval(args.out, test).astype(np.float64)
    learned_loss = logloss(sigmoid(learned / k), y_test)
    print(
        f"learned ({args.base}, lam {args.lam:g}): held-out log-loss {model_loss:.5f} as fitted (unscaled), "
        f"{learned_loss:.5f} as the engine evaluates {args.out} (current {cur_loss:.5f})"
    )
    rms = float(np.sqrt(np.mean((learned - cur_test) ** 2)))
    print(f"  rms distance from the current evaluation {rms:.1f} centi-men; {time.perf_counter() - t0:.0f} s")
    # how well each evaluation stands for the searches' scores on the held-out games (the target of --blend)
    name = f"{args.deep}-node" if args.deep else "self-play search's"
    has = test["deep"] != DS.NO_SCORE if args.deep else np.ones(len(test["wm"]), bool)
    target = sigmoid((test["deep"] if args.deep else test["score"])[has].astype(np.float64) / k)
    cur_search = learned_search = float("nan")
    if has.any():
        cur_search = logloss(sigmoid(cur_test[has] / k), target)
        learned_search = logloss(sigmoid(learned[has] / k), target)
        print(
            f"  held-out log-loss against the {name} scores ({int(has.sum())} positions): "
            f"{learned_search:.5f} (current {cur_search:.5f}, the scores themselves {logloss(target, target):.5f})"
        )
    if args.report:
        with open(args.report, "w") as f:
            json.dump(
                {
                    "positions": int(len(d["wm"])),
                    "games": int(len(np.unique(d["game"]))),
                    "held_out_positions": int(len(test["wm"])),
                    "K": k,
                    "current": cur_loss,
                    "learned_fitted": model_loss,
                    "learned_engine": learned_loss,
                    "search_positions": int(has.sum()),
                    "current_against_search": cur_search,
                    "learned_against_search": learned_search,
                    "lam": args.lam,
                    "base": args.base,
                },
                f,
                indent=1,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
