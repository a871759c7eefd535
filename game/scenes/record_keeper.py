"""The player's record (game.player_record) as the window keeps it: read from its file the first
time a screen needs it (a broken file: a notice, a fresh record, the old file kept as
record.json.bak) and again when another running copy of the game has written it, and written whole
after every game that counts. The setup shows it, the board's
table counts a finished game, the result screen says what the game changed. What the window holds
is the App's KeptRecord (app.kept_record, made empty in its constructor).
"""

from __future__ import annotations

from dataclasses import dataclass

from game import storage
from game.player_record import Outcome, PlayerRecord, game_score
from game.record import SaveError


@dataclass
class KeptRecord:
    """The record in memory: None until a screen first needs it (record_of reads the file then)."""

    record: PlayerRecord | None = None
    #: the file as last read or written (_stamp()): another value means another copy wrote it
    stamp: tuple[int, int] | None = None
    #: a game was counted that no write has carried to the file yet (the file is not read over it)
    unsaved: bool = False


def _stamp() -> tuple[int, int] | None:
    """What tells that the file changed under us (another copy of the game wrote it)."""
    try:
        st = storage.player_record_path().stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def record_of(app) -> PlayerRecord:
    """The app's record, read once (and again when another running copy of the game has written
    the file since)."""
    kept = app.kept_record
    rec = kept.record
    if rec is None or (kept.stamp != _stamp() and not kept.unsaved):
        rec, notice = storage.load_player_record()
        kept.record, kept.stamp, kept.unsaved = rec, _stamp(), False
        if notice:
            app.toast(notice, 6)
    return rec


def count_game(app, match) -> Outcome | None:
    """Count a finished game in the record and write it; the Outcome, or None when the game does
    not count (game_score). A failed write is said in a notice; the record in memory keeps the
    game and the next write carries it."""
    scored = game_score(match)
    if scored is None:
        return None
    level, score = scored
    rec = record_of(app)
    outcome = rec.add(match.game, match.options, level, score)  # (rated at the table's current rating)
    try:
        storage.save_player_record(rec)
        app.kept_record.stamp, app.kept_record.unsaved = _stamp(), False
    except SaveError as exc:  # kept in memory (not read over) until a write succeeds
        app.kept_record.unsaved = True
        app.toast(exc.text(app.lang), 6)
    return outcome
