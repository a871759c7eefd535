"""Build game/ai/draughts/book.txt, the hard level's opening book (game/ai/draughts/book.py).

From the start, positions are taken in the order a game is likely to reach them: a ply costs 1,
and a move below the best costs (best - score) / PENALTY more, so the book goes deepest along
the best lines. Every move of a position is searched (the position after it, with fresh tables,
at --nodes: the same book on any machine) and its score kept. Each line is followed for hard as
White and as Black: on hard's turn only the moves it plays (within book.MARGIN of the best) lead
on, on its opponent's every move within --expand centi-men of the best, up to --plies. A forced
move (one legal move) is stepped over: the search answers those at once anyway. The searches run
on --jobs processes. The shipped book was made by:

    python tools/build_draughts_book.py build --positions 300 --nodes 2000000 --jobs 2
    python tools/build_draughts_book.py check --nodes 1100000 --jobs 2

`check` searches each book position as a move in play does (--nodes about what 0.5 s reaches)
and says how often that move is not one the book plays, and what it gives away by the book's
scores.
"""

from __future__ import annotations

import argparse
import contextlib
import heapq
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai.draughts import book as B  # noqa: E402
from game.ai.draughts import search as S  # noqa: E402
from game.rules import draughts as R  # noqa: E402

PENALTY = 10  # centi-men below the best that cost as much as a ply


def searched(job: tuple[str, int]) -> tuple[int, str]:
    """(score for the side to move, best move) of the FEN's position at a node budget; the book
    itself is not consulted (this is what it is made of)."""
    fen, nodes = job
    state = R.parse_fen(fen)
    over = state.result()
    if over is not None:  # the side to move has no move: lost
        return (0 if over.winner is None else -S.MATE), ""
    mv, score, *_ = S.run(state, "hard", None, nodes)
    return int(score), str(S._to_move(state, mv))


@contextlib.contextmanager
def _mapper(jobs: int):
    """map over `jobs` processes, or in this process for 1 (a test, a quick look)."""
    if jobs <= 1:
        yield map
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield pool.map


def build(positions: int, nodes: int, expand: int = 40, plies: int = 24, jobs: int = 1, quiet: bool = False) -> B.Book:
    """The book: each line is followed once for hard as White and once as Black. Where hard is to
    move, only the moves it plays (within book.MARGIN of the best) lead on; where its opponent is,
    every move within `expand` of the best does, so that the book answers what a player may try
    and goes deep along hard's own choices."""
    book: B.Book = {}
    fen = R.to_fen(R.new_game())
    heap = [(0.0, 0, fen, "w"), (0.0, 0, fen, "b")]  # (cost, ply, position, hard's colour)
    seen = set()
    began = time.perf_counter()

    def lead_on(cost, ply, state, hard, moves):
        best = max(score for _, score in moves)
        near = B.MARGIN if state.to_move == hard else expand
        for text, score in moves:
            if score >= best - near and ply + 1 < plies:
                child = R.to_fen(state.play(R.find_move(state, text)))
                heapq.heappush(heap, (cost + 1 + (best - score) / PENALTY, ply + 1, child, hard))

    with _mapper(jobs) as mapped:
        while heap and len(book) < positions:
            batch = []
            while heap and len(batch) < 2 * jobs and len(book) + len(batch) < positions:
                cost, ply, fen, hard = heapq.heappop(heap)
                if (fen, hard) in seen:
                    continue
                seen.add((fen, hard))
                state = R.parse_fen(fen)
                legal = state.legal_moves()
                if len(legal) == 1:  # forced: stepped over
                    if state.result() is None and ply + 1 < plies:
                        heapq.heappush(heap, (cost, ply + 1, R.to_fen(state.play(legal[0])), hard))
                elif fen in book or any(fen == queued[2] for queued in batch):  # searched for the other colour
                    batch.append((cost, ply, fen, state, hard, []))
                else:
                    batch.append((cost, ply, fen, state, hard, legal))
            children = [(R.to_fen(state.play(m)), nodes) for *_, state, _, legal in batch for m in legal]
            scores = iter(mapped(searched, children))
            for _, _, fen, _, _, legal in batch:
                if legal:
                    book[fen] = tuple((str(m), -next(scores)[0]) for m in legal)
            for cost, ply, fen, state, hard, _ in batch:
                lead_on(cost, ply, state, hard, book[fen])
            if not quiet:
                print(f"{len(book)}/{positions} positions, {time.perf_counter() - began:.0f} s", flush=True)
    return book


def check(book: B.Book, nodes: int, jobs: int) -> None:
    fens = sorted(book)
    with _mapper(jobs) as mapped:
        played = list(mapped(searched, [(fen, nodes) for fen in fens]))
    losses = []
    for fen, (_, move) in zip(fens, played):
        moves = dict(book[fen])
        losses.append(max(moves.values()) - moves.get(move, max(moves.values())))
    n = max(1, len(fens))
    best = sum(loss == 0 for loss in losses)
    outside = [loss for loss in losses if loss > B.MARGIN]
    print(f"{len(fens)} book positions searched at {nodes:,} nodes (a move in play):")
    print(
        f"  the book's best: {best} ({100 * best / n:.1f}%); mean loss by the book's scores {sum(losses) / n:.1f} centi-men"
    )
    print(
        f"  a move the book does not play (more than {B.MARGIN} below its best): {len(outside)} ({100 * len(outside) / n:.1f}%)"
    )
    if outside:
        print(f"  what those give away: mean {sum(outside) / len(outside):.1f}, most {max(outside)} centi-men")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=("build", "check"))
    p.add_argument("--positions", type=int, default=300, help="positions in the book (forced moves not counted)")
    p.add_argument("--nodes", type=int, default=2_000_000, help="nodes a searched move (check: a move in play)")
    p.add_argument("--expand", type=int, default=40, help="moves this many centi-men below the best lead on")
    p.add_argument("--plies", type=int, default=24, help="the book's positions are fewer plies from the start")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", default=str(B.BOOK_FILE))
    args = p.parse_args(argv)
    if args.command == "check":
        check(B.load(Path(args.out)), args.nodes, args.jobs)
        return
    book = build(args.positions, args.nodes, args.expand, args.plies, args.jobs)
    head = [
        "# the hard level's opening book (game/ai/draughts/book.py): FEN, then each move:score in",
        "# centi-men for the side to move, from fresh searches of the position after the move; made by",
        f"# python tools/build_draughts_book.py build --positions {args.positions} --nodes {args.nodes}"
        f" --expand {args.expand} --plies {args.plies}",
    ]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(head + B.format_book(book)) + "\n")
    print(f"{len(book)} positions written to {args.out}")


if __name__ == "__main__":
    main()
