"""The player's record (game.player_record) as the window keeps it: read from its file the first
time a screen needs it (a broken file: a notice, a fresh record, the old file kept as
record.json.bak), and written whole after every game that counts. The setup shows it, the board's
table counts a finished game, the result screen says what the game changed.
"""

from __future__ import annotations

from game import storage
from game.ai import levels
from game.player_record import Outcome, PlayerRecord, game_score
from game.record import SaveError


def record_of(app) -> PlayerRecord:
    """The app's record, read once."""
    rec = getattr(app, "player_record", None)
    if rec is None:
        rec, notice = storage.load_player_record()
        app.player_record = rec
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
    outcome = record_of(app).add(match.game, match.options, level, score, rating)
    try:
        storage.save_player_record(record_of(app))
    except SaveError as exc:
        app.toast(exc.text(app.lang), 6)
    return outcome
