"""Would endgame tables pay on 8x8? Small endings of the 8x8 variants played out by hard (level 10,
compiled) against itself at a fixed time a move, under the variant's own draw rules (Russian:
15 moves for three kings against one, the 5/30-move balance counts; Brazilian: the FMJD 16- and
5-move counts; English: 40 moves without a man's move or a capture): how many of the won
positions does the search convert, and how many drawn ones does the defender hold?

    python bench/bench_draughts8_endings.py [--variant russian] [--seconds 0.3] [--seed 1]
        [--tables off|on] [--out FILE.jsonl] [--known]

Positions: for each variant a fixed list of materials (SETS), `count` random positions of each
(seeded: the same positions with and without tables), the side to move without a capture.
Each result is judged against the 8x8 endgame tables' value of the start position
(egdb.variants, built in memory for English checkers, which ships none): a win there is a win
with best play and no counting rule, so a won position can still be a draw under the count.
--tables on lets hard probe the tables as levels 9-10 of 10x10 do; off plays without them.
--known plays the old hand-picked list of king endings instead.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.draughts import levels as L  # noqa: E402
from game.ai.draughts import search as S  # noqa: E402
from game.ai.draughts.egdb import variants as EV  # noqa: E402
from game.rules import draughts as R  # noqa: E402

# (variant, position, what the theory says). 8x8 squares: 1 = b8 ... 32 = g1; the main road
# a1-h8 is 29, 25, 22, 18, 15, 11, 8, 4.
ENDINGS = (
    ("english", "W:WK18,K19:BK1", "two kings win against one"),
    ("english", "W:WK27,K28:BK5", "two kings win against one"),
    ("english", "B:WK14,K23:BK30", "two kings win against one (Black to move)"),
    ("russian", "W:WK22,K1,K3:BK12", "three kings, one on the main road, win against one off it (Petrov's triangle)"),
    ("russian", "W:WK29,K30,K31:BK7", "three kings, one on the main road, win against one off it"),
    ("brazilian", "W:WK22,K1,K3:BK12", "three kings, one on the main road, win against one off it"),
    ("russian", "W:WK22,K30:BK12", "two kings against one: a draw"),
)

# materials per variant: (white's pieces, black's pieces, positions), "K" a king, "M" a man
SETS = {
    "russian": (("KKK", "K", 20), ("KKM", "K", 12)),
    "brazilian": (("KKK", "K", 20), ("KKM", "K", 12)),
    "english": (("KK", "K", 12), ("KK", "KM", 10), ("KM", "KM", 10), ("KM", "K", 10), ("MM", "K", 10), ("MM", "M", 10)),
}


def random_position(variant: str, white: str, black: str, rng: random.Random):
    """A random position of the material, White to move (English: either side), the side to move
    without a capture and both sides with a move."""
    while True:
        squares = rng.sample(range(1, 33), len(white) + len(black))
        ws, bs = squares[: len(white)], squares[len(white) :]
        # men never stand on their own crowning row (White crowns on 1-4, Black on 29-32)
        if any(p == "M" and s <= 4 for p, s in zip(white, ws)) or any(p == "M" and s >= 29 for p, s in zip(black, bs)):
            continue
        side = rng.choice("WB") if variant == "english" and white != "KK" else "W"
        text = f"{side}:W" + ",".join(("K" if p == "K" else "") + str(s) for p, s in zip(white, ws))
        text += ":B" + ",".join(("K" if p == "K" else "") + str(s) for p, s in zip(black, bs))
        s = R.from_text(text, variant=variant)
        moves = s.legal_moves()
        if s.result() is None and moves and not any(m.captures for m in moves):
            return text


def positions(variant: str, seed: int) -> list:
    rng = random.Random(f"{variant} {seed}")
    return [(f"{w}v{b}", random_position(variant, w, b, rng)) for w, b, n in SETS[variant] for _ in range(n)]


def play_out(variant: str, text: str, seconds: float, max_plies: int = 400) -> tuple:
    s = R.from_text(text, variant=variant)
    plies = 0
    while s.result() is None and plies < max_plies:
        mv, _, _, _, _ = S.run(s, 10, time_limit=seconds)
        s = s.play(S._to_move(s, mv))
        plies += 1
    return s.result(), plies


def tables(variant):
    """The variant's tables: its file, or (English checkers ships none) built here, in memory."""
    T = EV.tables_for(variant)
    if T.pieces_covered() == 0:
        T.use(T.build()[0])
    return T


def table_value(variant: str, text: str) -> str:
    """'win', 'draw' or 'loss' for the side to move by the 8x8 tables."""
    s = R.from_text(text, variant=variant)
    v = tables(s.variant).value(s.wm, s.wk, s.bm, s.bk, s.to_move == "w")
    return {1: "loss", 2: "draw", 3: "win"}.get(v, "?")


def set_tables(use: bool) -> None:
    """Give hard's row on 8x8 (level 10) the endgame tables, as 10x10's rows 9-10 have them, or not."""
    L.LEVELS8[10] = dataclasses.replace(L.LEVELS8[10], tables=use)


def summary(rows: list) -> str:
    out = []
    for variant in sorted({r["variant"] for r in rows}):
        mine = [r for r in rows if r["variant"] == variant]
        won = [r for r in mine if r["value"] == "win"]
        drawn = [r for r in mine if r["value"] == "draw"]
        lost = [r for r in mine if r["value"] == "loss"]
        ok_won = sum(r["winner"] == r["mover"] for r in won)
        ok_drawn = sum(r["winner"] is None for r in drawn)
        ok_lost = sum(r["winner"] not in (None, r["mover"]) for r in lost)
        out.append(
            f"{variant}: {len(mine)} positions; won {ok_won}/{len(won)} converted, "
            f"drawn {ok_drawn}/{len(drawn)} held, lost {ok_lost}/{len(lost)} converted by the other side; "
            f"correct {ok_won + ok_drawn + ok_lost}/{len(mine)}"
        )
        for mat in sorted({r["material"] for r in mine}):
            m = [r for r in mine if r["material"] == mat]
            ok = sum(
                (r["value"] == "win" and r["winner"] == r["mover"])
                or (r["value"] == "draw" and r["winner"] is None)
                or (r["value"] == "loss" and r["winner"] not in (None, r["mover"]))
                for r in m
            )
            reasons: dict = {}
            for r in m:
                if r["value"] == "win" and r["winner"] != r["mover"]:
                    reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
            out.append(f"  {mat}: correct {ok}/{len(m)}; won positions not converted, by end reason: {reasons}")
    return "\n".join(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--variant", choices=sorted(SETS), action="append")
    p.add_argument("--seconds", type=float, default=0.3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tables", choices=("off", "on"), default="off")
    p.add_argument("--material", action="append", help="only these materials (e.g. KKvK)")
    p.add_argument("--out", default=None, help="append one JSON line a game here")
    p.add_argument("--summary", default=None, help="only print the summary of a results file")
    p.add_argument("--known", action="store_true", help="play the hand-picked king endings")
    args = p.parse_args(argv)
    if args.summary:
        rows = [json.loads(line) for line in Path(args.summary).read_text().splitlines() if line.strip()]
        for row in rows:  # a run without the tables present: judged now
            if row["value"] == "?":
                row["value"] = table_value(row["variant"], row["position"])
        print(summary(rows))
        return 0
    print(f"load average at start: {os.getloadavg()[0]:.2f}", flush=True)
    set_tables(args.tables == "on")
    if args.known:
        for variant, text, theory in ENDINGS:
            t = time.perf_counter()
            result, plies = play_out(variant, text, args.seconds)
            print(f"{variant:9} {text:22} {theory}: {result} after {plies} plies ({time.perf_counter() - t:.0f} s)")
        return 0
    rows = []
    for variant in args.variant or sorted(SETS):
        tables(R.new_game(variant=variant).variant)  # before the first clock
        for material, text in positions(variant, args.seed):
            if args.material and material not in args.material:
                continue
            t = time.perf_counter()
            result, plies = play_out(variant, text, args.seconds)
            mover = "w" if text[0] == "W" else "b"
            row = {
                "variant": variant,
                "material": material,
                "position": text,
                "value": table_value(variant, text),
                "mover": mover,
                "winner": result.winner if result is not None else None,
                "reason": result.reason if result is not None else "unfinished",
                "plies": plies,
                "tables": args.tables,
                "seconds": args.seconds,
            }
            rows.append(row)
            print(json.dumps(row), f"({time.perf_counter() - t:.0f} s)", flush=True)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps(row) + "\n")
    print(summary(rows))
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
