"""Banqi: how deep hard searches at its own clock, position by position.

    python bench/bench_banqi_depth.py                 # hard's default time (2.5 s), quiet machine
    python bench/bench_banqi_depth.py --spin 1        # the same with one other core kept busy
    python bench/bench_banqi_depth.py --time 1.0 --busiest 8
    python bench/bench_banqi_depth.py --cost 4,5,6,7   # CPU seconds to finish each depth

--cost measures, position by position, the nodes and the CPU time (process time, so it hardly
depends on the load) that hard needs to finish each of the given depths.

Positions: the ones the issues measured, five crowded boards after 40 random plies, then the busiest positions (most face-up pieces and
captures on the board) met in medium-against-medium games with fixed node budgets, so the same
positions come back on every machine. For each: the depth of the last finished iteration, whether
the search settled (iterations stopped changing any score, so it stopped early), nodes, nodes per
second and the time used.

What the depth means: every move and capture of both sides is searched that many plies deep, then
captures until the board is quiet. A flip at the root is a chance node over the face-down counts,
its outcomes searched one ply less than a move; inside the tree a flip is modelled as passing the
turn (the piece it shows is already in the evaluation by its expected value), and it counts as one
ply.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from game.ai import choose_move  # noqa: E402
from game.ai.banqi import player as banqi_ai  # noqa: E402
from game.ai.contract import Limits  # noqa: E402
from game.rules import banqi as rules  # noqa: E402

ISSUE_POSITIONS = (
    "xxxnxpxx/xxxPxxxx/Nxxxxxxx/xxxxxxxx r - 0",
    "xxA.xpxx/xxxnbxxx/NxCxxxxx/xxPxpxxx r P 0",
    "xxA.cpxN/rxRnbxPx/NkCxxxxx/cxPxpAxx r P 0",
    "xxRcPxAB/xxxxxxxx/CxPxrpPx/xcappxxx b - 0",
    "bpbPxaxP/Nxr.ccxp/rP.PKxxR/Cn.xpxRB r NPn 0",
    "BxA.cpaN/rpRnbxPx/.aCb.PxK/k.PAp.RB r NCPcp 3",
    "rnRcPpAB/xp.AxbNC/kxC.r.KP/.cpapb.x b PPanp 1",
    "aRp....a/.....B../...k.K../..b..... b AABRNNCCPPPPPbrrnnccpppp 0",
    # issue 26: where the notes said depth 0 (they came from a second, smaller search)
    "xcRnPxAB/pxCx.rxx/CxPxrpPx/xcapPxNx b p 2",
)
# crowded boards after 40 random plies (tests/test_engine_contract.py holds them to depth >= 4)
CROWDED = (
    ".pbPxaxP/bxr...xc/rP..Kxx./n.PCc.RB r ARNNCPnpp 0",
    "N.Rx.B.k/Rcx.px.p/aPxa..px/bAPx.B.n r KACCPPbrp 0",
    "N.Rx.kKP/.PBcBr.b/aCaxxRx./bpnxPxpN r PPnpp 3",
    "pxxRCN.p/NPxPP.na/pp.xxKAP/Bb.k..ax b BCPrnc 0",
    "P.CpxbpB/N.xAKP../xxN.Rn.n/rxccpx.r r ACPPkap 1",
)


def busy(state) -> int:
    """How busy a board is: face-up pieces plus captures available to the side to move, cannons'
    counted twice (where the capture search used to explode)."""
    face_up = sum(1 for c in rules.to_text(state).split()[0] if c.isalpha() and c != "x")
    captures = sum(2 if m.kind == "move" and state.board[m.path[0]].upper() == "C" else 1 for m in _captures(state))
    return face_up + captures


def _captures(state):
    return [m for m in state.legal_moves() if m.kind == "move" and state.board[m.path[1]] not in (".", "x")]


def busiest(count: int, games: int = 12) -> list:
    """The `count` busiest positions (one per game at most) of medium-against-medium games."""
    found = []
    for seed in range(games):
        state = rules.new_game(seed=7000 + seed)
        best = None
        while state.result() is None and state.ply < 200:
            if state.to_move is not None and state.ply >= 20:
                score = busy(state)
                if best is None or score > best[0]:
                    best = (score, rules.to_text(rules.public_state(state)))
            state = state.play(choose_move(state, "medium", seed=seed * 1000 + state.ply, nodes=3000))
        if best is not None:
            found.append(best)
    found.sort(reverse=True)
    return [text for _, text in found[:count]]


def spin(stop_at: float) -> None:
    while time.time() < stop_at:
        pass


def cost(positions: list, depths: list) -> None:
    """Nodes and CPU seconds hard needs to finish each depth (its max depth set to it)."""
    saved = banqi_ai.LEVELS[10]
    totals = dict.fromkeys(depths, 0.0)
    try:
        for text in positions:
            state = rules.from_text(text)
            row = []
            for depth in depths:
                banqi_ai.LEVELS[10] = dataclasses.replace(saved, depth=depth)
                c = time.process_time()
                _, search, _, _ = banqi_ai.analyse(state, "hard", None, 0, 10**8)
                dt = time.process_time() - c
                totals[depth] += dt
                row.append(f"d{depth} {search.budget.nodes:8,d} nodes {dt:5.2f} s")
            print(f"{text:66s} " + "  ".join(row), flush=True)
    finally:
        banqi_ai.LEVELS[10] = saved
    print("CPU seconds over all positions: " + ", ".join(f"depth {d}: {t:.2f}" for d, t in totals.items()))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--time", type=float, default=None, help="seconds per position (default: hard's own)")
    ap.add_argument("--busiest", type=int, default=6, help="how many self-play positions to add")
    ap.add_argument("--spin", type=int, default=0, help="processes kept spinning meanwhile (a loaded machine)")
    ap.add_argument("--cost", default="", help="depths to time instead, e.g. 4,5,6,7")
    args = ap.parse_args()
    positions = list(ISSUE_POSITIONS) + list(CROWDED) + busiest(args.busiest)
    if args.cost:
        cost(positions, [int(d) for d in args.cost.split(",")])
        return
    spinners = [multiprocessing.Process(target=spin, args=(time.time() + 3600,), daemon=True) for _ in range(args.spin)]
    for p in spinners:
        p.start()
    limit = args.time if args.time is not None else banqi_ai.resolve_time("hard", None)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.spin} spinning, hard at {limit:g} s")
    depths = []
    try:
        for text in positions:
            state = rules.from_text(text)
            # the engine's own search, as the game and bestmove run it: the depth it reports is
            # that of the deepest iteration it finished
            found = banqi_ai.ENGINE.search(state, Limits("hard", limit, seed=0))
            depths.append(found.depth)
            note = " (settled)" if any(n.startswith("settled") for n in found.notes) else ""
            print(
                f"{text:66s} depth {found.depth:2d}{note:10s} {found.nodes:8,d} nodes "
                f"{found.nodes / found.time:9,.0f} n/s {found.time:5.2f} s",
                flush=True,
            )
    finally:
        for p in spinners:
            p.terminate()
    print(f"least depth {min(depths)}, mean {sum(depths) / len(depths):.1f} over {len(depths)} positions")


if __name__ == "__main__":
    main()
