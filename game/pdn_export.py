"""Export PDN: a game whose rules write PDN (game.games: GameInfo.pdn) as a new .pdn file in the
saves folder, where the Files screen lists it and loads it back. Pure Python (no pygame).

    path = pdn_export.export(match)      # SaveError (one line for the player) when it cannot be written

The file carries [Event], [Date], [White] and [Black], and a game on a clock its [TimeControl] and
each move's %clk (game.record.match_pdn). Its name is the date, the time and the players
("2026-11-25 22.31 Player - Qipan (hard).pdn"); a file of that name is never replaced: the next free
"... (2).pdn" is taken.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from game import storage
from game.match import COMPUTER, HUMAN, Match
from game.record import SaveError, match_pdn

#: how many "name (n).pdn" are tried before giving up (a folder full of exports of one minute)
MAX_TRIES = 100
#: the [White]/[Black] of who plays a seat (PDN is read by other programs: plain English)
PLAYER, OPPONENT = "Player", "Opponent"


def player_name(match: Match, seat: int) -> str:
    """Who plays `seat`, for the file: "Qipan (level 10)" for the computer, "Player" for the one person
    here ("Player 1" and "Player 2" when two share the screen), "Opponent" for a remote player."""
    spec = match.seats[seat]
    if spec.kind == COMPUTER:
        return f"Qipan (level {spec.level or match.level})"
    if spec.kind == HUMAN:
        humans = sum(s.kind == HUMAN for s in match.seats)
        return PLAYER if humans < 2 else f"{PLAYER} {seat + 1}"
    return OPPONENT


def headers(match: Match, when: time.struct_time) -> dict:
    """The tags of the exported game: the event, its date and who played which side."""
    tags = {"Event": "Qipan", "Date": time.strftime("%Y.%m.%d", when)}
    for seat in (0, 1):
        side = match.side_of_seat(seat)
        if side in match.info.sides:
            tag = "White" if side == match.info.sides[0] else "Black"
            tags[tag] = player_name(match, seat)
    return tags


def file_stem(match: Match, when: time.struct_time) -> str:
    """The file's name without ".pdn": the date, the time and the players, safe on every OS."""
    tags = headers(match, when)
    players = f"{tags.get('White', '?')} - {tags.get('Black', '?')}"
    return storage.safe_filename(f"{time.strftime('%Y-%m-%d %H.%M', when)} {players}")


def export(match: Match, when: time.struct_time | None = None, folder: Path | None = None) -> Path:
    """Write `match` as a new PDN file in `folder` (the saves folder) and return its path; never
    replaces a file. SaveError when the game has no PDN or the file cannot be written (the message
    says why: a read-only folder, a full disk...)."""
    if not match.info.pdn:
        raise SaveError("storage.no_pdn")
    when = time.localtime() if when is None else when
    text = match_pdn(match, headers(match, when))
    folder = storage.saves_dir() if folder is None else Path(folder)
    stem = file_stem(match, when)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, MAX_TRIES + 1):
            path = folder / (f"{stem}.pdn" if n == 1 else f"{stem} ({n}).pdn")
            if _write_new(path, text):
                return path
    except OSError as exc:
        raise SaveError("storage.export_failed", why=exc.strerror or type(exc).__name__) from None
    raise SaveError("storage.export_failed", why=f"{stem}.pdn")


def _write_new(path: Path, text: str) -> bool:
    """Create `path` with `text` (False when a file of that name is there already); a write that
    fails half-way leaves no file behind. OSError for everything else."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    except FileExistsError:
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        try:
            os.unlink(path)
        except OSError:
            pass
        raise
    return True
