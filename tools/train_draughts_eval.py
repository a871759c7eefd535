"""Train the draughts evaluation's pattern tables (game/ai/draughts/weights.bin).

Offline tool, not needed to play. It needs numpy, scipy and dame-rs (requirements-dev.txt lists
dame-rs; numpy and scipy come with py-draughts' dependencies or `pip install scipy`).

1. Games (`generate`): dame-rs plays itself at a fixed depth from the start, with random moves
   in the first plies and now and then later. Every quiet position (no capture for either side)
   is written with dame's search score and the game's final result, both from White's view.
   `--engine hard` has hard play itself instead, at a node budget a move (random moves in the
   first 8 plies and 3% of the later ones): the scores are then the searched values of the very
   evaluation being trained, and these games taught it more than dame-rs's (bench/RESULTS.md).
2. Fit (`fit`): the evaluation is the hand-made one plus, for the game phase given by the number
   of men, a table per pattern of 2 rows x 4 squares (base 3: empty, white man, black man). The
   tables minimise the logistic loss of sigmoid(eval / K) against a blend of the game result and
   sigmoid(score / K); K is the scale that best maps the games' scores to results. Every position is
   also seen colour-mirrored. The men's square values are folded into the tables as they are
   written (game.ai.draughts.eval.save_weights). With --init the fit goes on from trained tables:
   it starts from them and its ridge pulls toward them instead of toward 0, so new games add to
   what earlier ones taught (the data of earlier rounds need not be kept); with other --phases than
   init's, each phase starts from init's table for its middle men count.

    python tools/train_draughts_eval.py generate --depth 6 --seconds 1500 --out d6.txt --seed 1
    python tools/train_draughts_eval.py fit d6.txt d8.txt --phases 16,26 --lam 0.2
    python tools/train_draughts_eval.py fit d8b.txt d8c.txt --lam 0.2 --prior 150 \
        --init game/ai/draughts/weights.bin      # the second round (bench/RESULTS.md)
    python tools/train_draughts_eval.py generate --engine hard --nodes 30000 --seconds 1800 \
        --out h11.txt --seed 11                  # and --seed 12 beside it: the third round
    python tools/train_draughts_eval.py fit h11.txt h12.txt --lam 0.2 --prior 150 \
        --init game/ai/draughts/weights.bin
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai.draughts import eval as A  # noqa: E402
from game.rules import draughts as R  # noqa: E402


def _quiet(s) -> bool:
    occ = s.wm | s.wk | s.bm | s.bk
    return not (R.has_capture(s.wm, s.wk, s.bm | s.bk, occ) or R.has_capture(s.bm, s.bk, s.wm | s.wk, occ))


def _write_game(f, final, rows) -> None:
    """Append a finished game's positions, each with its result from White's view (1, 0, -1)."""
    result = final.result()
    z = 0 if result is None or result.winner is None else (1 if result.winner == "w" else -1)
    for row in rows:
        f.write(" ".join(str(x) for x in row) + f" {z}\n")
    f.flush()


def generate(seed: int, depth: int, out: str, seconds: float, random_rate: float = 0.08) -> int:
    """Self-play games until `seconds` have passed; appends 'wm wk bm bk white score result'."""
    import dame

    rng = random.Random(seed)
    engine = dame.Engine(hash_mb=32)
    end = time.time() + seconds
    games = 0
    with open(out, "a") as f:
        while time.time() < end:
            s, board = R.new_game(), dame.Board()
            engine.clear()
            rows = []
            for ply in range(300):
                if s.result() is not None:
                    break
                moves = s.legal_moves()
                found = engine.search(board, depth=depth) if len(moves) > 1 else None
                if found is not None and found.mate is None and ply >= 6 and _quiet(s) and abs(found.score) < 2500:
                    score = found.score if s.to_move == "w" else -found.score
                    rows.append((s.wm, s.wk, s.bm, s.bk, int(s.to_move == "w"), score))
                if found is None:
                    m = moves[0]
                elif ply < 8 or rng.random() < random_rate:
                    m = rng.choice(moves)
                else:
                    bm = found.best_move
                    key = (bm.from_square, bm.to_square, tuple(sorted(bm.captured)))
                    m = next(x for x in moves if (x.start, x.end, x.captures) == key)
                s = s.play(m)
                board.push(board.parse_move(m.hub()))
            _write_game(f, s, rows)
            games += 1
    return games


def generate_hard(seed: int, nodes: int, out: str, seconds: float, random_rate: float = 0.03) -> int:
    """As generate(), but hard plays itself with a node budget a move (fresh search tables each
    move, so a seed gives the same games): the scores are the searched values of the very
    evaluation being trained."""
    from game.ai.contract import Limits
    from game.ai.draughts.player import ENGINE

    rng = random.Random(seed)
    end = time.time() + seconds
    games = 0
    with open(out, "a") as f:
        while time.time() < end:
            s = R.new_game()
            rows = []
            for ply in range(300):
                if s.result() is not None:
                    break
                moves = s.legal_moves()
                if len(moves) > 1 and (ply < 8 or rng.random() < random_rate):
                    s = s.play(rng.choice(moves))
                    continue
                found = ENGINE.search(s, Limits(level="hard", nodes=nodes))
                if len(moves) > 1 and ply >= 8 and _quiet(s) and abs(found.raw) < 2500:
                    score = found.raw if s.to_move == "w" else -found.raw
                    rows.append((s.wm, s.wk, s.bm, s.bk, int(s.to_move == "w"), score))
                s = s.play(found.move)
            _write_game(f, s, rows)
            games += 1
    return games


def mirror(wm, wk, bm, bk):
    """Rotate the board by 180 degrees and swap the colours."""

    def rot(board):
        out = 0
        for sq in R.squares(board):
            out |= R.SQUARE[50 - sq]
        return out

    return rot(bm), rot(bk), rot(wm), rot(wk)


def phase_map(bounds):
    """Phase of each men count 0..40: bounds (16, 26) gives 0 below 16, 1 below 26, else 2."""
    return [sum(n >= b for b in bounds) for n in range(41)]


def fit(files, bounds, lam, prior, out, limit=None, init=None):
    import numpy as np
    from scipy.optimize import minimize
    from scipy.sparse import csr_matrix

    rows = []
    for name in files:
        with open(name) as f:
            for line in f:
                v = line.split()
                if len(v) == 7:
                    rows.append(tuple(int(x) for x in v))
    rows = rows[:limit]
    # every tenth block of 2000 positions (whole games, mostly) is kept out of the fit, to check it
    held = [r for i, r in enumerate(rows) if i // 2000 % 10 == 9]
    rows = [r for i, r in enumerate(rows) if i // 2000 % 10 != 9]
    phase_of = phase_map(bounds)
    n_phase = max(phase_of) + 1
    width = len(A.PATTERNS) * A.PAT_ENTRIES
    print(f"{len(rows)} positions, {n_phase} phases")
    t = time.time()
    ri, ci, hand, score, z, feats = [], [], [], [], [], []
    r = 0
    for wm, wk, bm, bk, _white, sc, res in rows:
        for (a, b, c, d), s_, z_ in (((wm, wk, bm, bk), sc, res), (mirror(wm, wk, bm, bk), -sc, -res)):
            base = phase_of[(a | c).bit_count()] * width
            for p, idx in enumerate(A.pattern_indices(a, c)):
                ri.append(r)
                ci.append(base + p * A.PAT_ENTRIES + idx)
            hand.append(A.hand_eval(a, b, c, d, True))
            feats.append(A.hand_features(a, b, c, d))
            score.append(s_)
            z.append(z_)
            r += 1
    from scipy.sparse import hstack

    # the hand-made terms get a fitted correction too, printed to adjust their constants by hand
    n_hand = len(feats[0])
    X = hstack(
        [csr_matrix((np.ones(len(ri)), (ri, ci)), shape=(r, n_phase * width)), csr_matrix(np.array(feats, float))]
    ).tocsr()
    hand, score = np.array(hand, float), np.array(score, float)
    z = (np.array(z, float) + 1) / 2
    print(f"features in {time.time() - t:.0f} s")

    def logloss(p):
        p = np.clip(p, 1e-6, 1 - 1e-6)
        return -np.mean(z * np.log(p) + (1 - z) * np.log(1 - p))

    K = min((60, 80, 100, 130, 160, 200, 250), key=lambda k: logloss(1 / (1 + np.exp(-score / k))))
    target = lam * z + (1 - lam) / (1 + np.exp(-score / K))

    ridge = prior * 0.25 / K**2  # as strong as `prior` positions that say 0 (or what `init` says)
    w0 = np.zeros(n_phase * width + n_hand)
    if init is not None:  # go on from trained tables: the ridge pulls toward them instead of 0
        old = A._load_weights(init)
        if old is None:
            raise SystemExit(f"{init}: not tables of this pattern set")
        msv = A.men_square_values()
        for ph in range(n_phase):
            # other phases than init's start from its tables for the phase's middle men count
            counts = [n for n in range(41) if phase_of[n] == ph]
            for p, entry in enumerate(old[1][old[0][counts[len(counts) // 2]]]):
                start = ph * width + p * A.PAT_ENTRIES
                w0[start : start + A.PAT_ENTRIES] = np.array(entry[4], float) - msv[p]
    prior_w = w0.copy()

    def loss(w):  # summed over positions, so that the optimiser's tolerances fit
        e = (hand + X @ w) / K
        d = w - prior_w
        value = np.sum(np.logaddexp(0, e) - target * e) + ridge * np.dot(d, d)
        grad = X.T @ (1 / (1 + np.exp(-e)) - target) / K + 2 * ridge * d
        return value, grad

    n = len(target)
    print(f"K {K}; loss of the hand evaluation alone {loss(w0)[0] / n:.5f}")
    res = minimize(loss, w0, jac=True, method="L-BFGS-B", options={"maxiter": 500})
    print(
        f"fitted loss {res.fun / n:.5f} ({res.message}); result log-loss of sigmoid(eval/K): "
        f"{logloss(1 / (1 + np.exp(-(hand + X @ res.x) / K))):.5f}"
    )
    c = res.x[n_phase * width :]
    print("the hand terms, fitted beside the tables (set these in game/ai/draughts/eval.py and fit again):")
    print(
        f"  KING {A.KING + c[0]:.0f}, KING_MAIN_DIAG {A.KING_MAIN_DIAG + c[1]:.0f}, "
        f"KING_DOUBLE_DIAG {A.KING_DOUBLE_DIAG + c[2]:.0f}, KING_VS_KINGLESS {A.KING_VS_KINGLESS + c[3]:.0f}, "
        f"MOBILITY {A.MOBILITY + c[4]:.1f}, BALANCE {A.BALANCE + c[5]:.1f}, "
        f"RUNAWAY (0, {A.RUNAWAY[1] + c[6]:.0f}, {A.RUNAWAY[2] + c[7]:.0f}, {A.RUNAWAY[3] + c[8]:.0f})"
    )
    msv = A.men_square_values()
    w = np.round(res.x[: n_phase * width]).astype(int).reshape(n_phase, len(A.PATTERNS), A.PAT_ENTRIES)
    A.save_weights(
        out, phase_of, [[w[ph, p] + np.array(msv[p]) for p in range(len(A.PATTERNS))] for ph in range(n_phase)]
    )
    print(f"wrote {out} in {time.time() - t:.0f} s")
    report(
        held,
        K,
        [
            ("hand evaluation", None, None),
            ("current weights", A.WEIGHTS_FILE, None),
            ("new weights", out, None),
            ("new + hand fit", out, c),
        ],
    )


def evaluate_with(tables, wm, wk, bm, bk, corrections=None):
    """White's evaluation with trained tables from A._load_weights (None: the hand evaluation),
    plus fitted corrections of the hand terms."""
    if tables is None:
        e = A.hand_eval(wm, wk, bm, bk, True)
    else:
        phase_of, phases = tables
        score = sum(
            w[tw[(wm >> sh) & m] + tb[(bm >> sh) & m]] for sh, m, tw, tb, w in phases[phase_of[(wm | bm).bit_count()]]
        )
        e = A._finish(wm, wk, bm, bk, True, score)
    if corrections is not None:
        e += sum(c * f for c, f in zip(corrections, A.hand_features(wm, wk, bm, bk)))
    return e


def report(rows, K, candidates):
    """Held-out positions: log-loss of sigmoid(eval/K) against the results, and the rms distance
    from the games' search scores, for each candidate evaluation."""
    import math

    print(f"held out: {len(rows)} positions")
    if not rows:  # fewer than 18,000 positions: nothing was kept out
        return
    for name, path, corrections in candidates:
        tables = A._load_weights(path) if path else None
        if path and tables is None:
            continue
        ll = se = 0.0
        for wm, wk, bm, bk, _white, sc, res in rows:
            e = evaluate_with(tables, wm, wk, bm, bk, corrections)
            p = min(1 - 1e-6, max(1e-6, 1 / (1 + math.exp(-e / K))))
            zz = (res + 1) / 2
            ll -= zz * math.log(p) + (1 - zz) * math.log(1 - p)
            se += (e - sc) ** 2
        print(
            f"  {name:16} result log-loss {ll / len(rows):.5f}   rms from the search score {math.sqrt(se / len(rows)):6.1f}"
        )


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--engine", choices=("dame", "hard"), default="dame", help="who plays the games")
    g.add_argument("--depth", type=int, default=6, help="dame-rs's search depth")
    g.add_argument("--nodes", type=int, default=20000, help="hard's nodes a move")
    g.add_argument("--seconds", type=float, default=600)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--phases", default="16,26", help="men counts where a new phase begins")
    f.add_argument("--lam", type=float, default=0.5, help="weight of the game result in the target")
    f.add_argument(
        "--prior", type=float, default=10.0, help="ridge, in positions that pull each weight to 0 (to --init's)"
    )
    f.add_argument("--limit", type=int)
    f.add_argument("--out", default=A.WEIGHTS_FILE)
    f.add_argument("--init", help="trained tables to go on from (the ridge pulls toward them)")
    args = p.parse_args(argv)
    if args.cmd == "generate":
        if args.engine == "hard":
            print(f"{generate_hard(args.seed, args.nodes, args.out, args.seconds)} games")
        else:
            print(f"{generate(args.seed, args.depth, args.out, args.seconds)} games")
    else:
        bounds = tuple(int(x) for x in args.phases.split(",") if x)
        fit(args.files, bounds, args.lam, args.prior, args.out, args.limit, args.init)


if __name__ == "__main__":
    main()
