"""The player's record (game.player_record) as the window keeps it: read from its file the first
time a screen needs it (a broken file: a notice, a fresh record, the old file kept as
record.json.bak) and again when another running copy of the game has written it, and written whole
after every game that counts. The setup shows it, the board's
table counts a finished game, the result screen says what the game changed.
"""

from __future__ import annotations

from game import storage
from game.ai import levels
from game.player_record import Outcome, PlayerRecord, game_score
from game.record import SaveError


def _stamp():
    """What tells that the file changed under us (another copy of the game wrote it)."""
    try:
        st = storage.player_record_path().stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def record_of(app) -> PlayerRecord:
    """The app's record, read once (and again when another running copy of the game has written
    the file since)."""
    rec = getattr(app, "player_record", None)
    if rec is None or (getattr(app, "player_record_stamp", None) != _stamp() and not app.player_record_unsaved):
        rec, notice = storage.load_player_record()
        app.player_record, app.player_record_stamp, app.player_record_unsaved = rec, _stamp(), False
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
    try:
        rating = levels.rating(match.game, level, match.options)
    except (ValueError, KeyError, TypeError):  # a damaged ratings table: results only
        rating = None
    rec = record_of(app)
    outcome = rec.add(match.game, match.options, level, score, rating)
    try:
        storage.save_player_record(rec)
        app.player_record_stamp, app.player_record_unsaved = _stamp(), False
    except SaveError as exc:  # kept in memory (not read over) until a write succeeds
        app.player_record_unsaved = True
        app.toast(exc.text(app.lang), 6)
    return outcome
