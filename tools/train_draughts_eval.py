"""Train the draughts evaluation's pattern weights (game/ai/draughts_weights.bin).

Offline tool, not needed to play. It needs numpy, scipy and dame-rs (requirements-dev.txt lists
dame-rs; numpy/scipy come with py-draughts' dependencies or `pip install scipy`).

1. Games: dame-rs plays itself at a shallow depth with random moves mixed in, from random
   openings; every quiet position (no capture for either side) is kept.
2. Labels: dame-rs searches each position to a fixed depth; its score (centi-men) is the target.
3. Fit: ridge least squares of what the hand-made evaluation misses (target minus
   game.ai.draughts_ai.hand_eval) on men patterns of 2 rows x 4 squares in base 3; every
   position is also seen colour-mirrored with the score negated. Weights are written as int16.

    python tools/train_draughts_eval.py --games 800 --depth 6 --jobs 2
"""
from __future__ import annotations

import argparse
import os
import random
import struct
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai import draughts_ai as A  # noqa: E402
from game.rules import draughts as R  # noqa: E402


def _quiet(s):
    occ = s.wm | s.wk | s.bm | s.bk
    return not (R.has_capture(s.wm, s.wk, s.bm | s.bk, occ) or R.has_capture(s.bm, s.bk, s.wm | s.wk, occ))


def play_games(args):
    seed, games, depth, label_depth = args
    import dame

    rng = random.Random(seed)
    engine = dame.Engine(hash_mb=16)
    labeler = dame.Engine(hash_mb=32)
    out = []
    for _ in range(games):
        s = R.new_game()
        b = dame.Board()
        engine.clear()
        for ply in range(400):
            if s.result() is not None:
                break
            moves = s.legal_moves()
            if ply < 6 or rng.random() < 0.12:
                m = rng.choice(moves)
            else:
                res = engine.search(b, depth=depth)
                key = (res.best_move.from_square, res.best_move.to_square, tuple(sorted(res.best_move.captured)))
                m = next(x for x in moves if (x.start, x.end, x.captures) == key)
            if ply >= 6 and _quiet(s) and (s.wm | s.bm | s.wk | s.bk).bit_count() >= 4 and rng.random() < 0.5:
                r = labeler.search(dame.Board(R.to_text(s)), depth=label_depth)
                if r.mate is None and abs(r.score) < 2500:
                    score = r.score if s.to_move == "w" else -r.score
                    out.append((s.wm, s.wk, s.bm, s.bk, s.to_move == "w", score))
            s = s.play(m)
            b.push(b.parse_move(m.hub()))
    return out


def mirror(wm, wk, bm, bk):
    """Rotate the board by 180 degrees and swap the colours."""
    def rot(board):
        out = 0
        for sq in R.squares(board):
            out |= R.SQUARE[50 - sq]
        return out
    return rot(bm), rot(bk), rot(wm), rot(wk)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=800)
    p.add_argument("--depth", type=int, default=4)
    p.add_argument("--label-depth", type=int, default=6)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--ridge", type=float, default=20.0)
    p.add_argument("--data", default="/tmp/draughts_train.txt")
    p.add_argument("--out", default=os.path.join(os.path.dirname(A.__file__), "draughts_weights.bin"))
    args = p.parse_args()
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.linalg import lsqr

    t = time.time()
    if os.path.exists(args.data):
        rows = [tuple(int(x) for x in line.split()) for line in open(args.data)]
        rows = [(a, b, c, d, bool(e), f) for a, b, c, d, e, f in rows]
    else:
        per = args.games // args.jobs
        with ProcessPoolExecutor(args.jobs) as pool:
            parts = pool.map(play_games, [(i * 7919, per, args.depth, args.label_depth) for i in range(args.jobs)])
            rows = [r for part in parts for r in part]
        with open(args.data, "w") as f:
            for r in rows:
                f.write(" ".join(str(int(x)) for x in r) + "\n")
    print(f"{len(rows)} labelled positions in {time.time() - t:.0f} s")

    n_pat = len(A.PATTERNS)
    n_hand = len(A.hand_features(0, 0, 0, 0))
    # the patterns learn a correction on top of the hand-made evaluation (kept as it is)
    cols_pat = n_pat * A.PAT_ENTRIES
    data, ri, ci, y = [], [], [], []
    r = 0
    for wm, wk, bm, bk, _white, score in rows:
        for (a, b, c, d), target in (((wm, wk, bm, bk), score), (mirror(wm, wk, bm, bk), -score)):
            for p_i, idx in enumerate(A.pattern_indices(a, c)):
                ri.append(r)
                ci.append(p_i * A.PAT_ENTRIES + idx)
                data.append(1.0)
            y.append(float(target - A.hand_eval(a, b, c, d, True)))
            r += 1
    X = csr_matrix((data, (ri, ci)), shape=(r, cols_pat))
    y = np.array(y)
    sol = lsqr(X, y, damp=args.ridge, iter_lim=3000)[0]
    pred = X @ sol
    print(f"fit: rms error {np.sqrt(np.mean((pred - y) ** 2)):.1f} centi-men "
          f"(rms of the hand evaluation's error {np.sqrt(np.mean(y ** 2)):.1f})")
    pat = np.clip(np.round(sol[:cols_pat]), -32000, 32000).astype("<i2")
    hand = np.zeros(n_hand, dtype="<i2")
    with open(args.out, "wb") as f:
        f.write(A.WEIGHTS_MAGIC + struct.pack("<HHH", n_pat, A.PAT_ENTRIES, n_hand))
        f.write(pat.tobytes())
        f.write(hand.tobytes())
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
