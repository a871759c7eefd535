"""The game in progress, and the question before replacing it: loading a saved game and starting
a new one (setup's Start, the draughts position editor) go through `unless_replacing`; hosting or
accepting a new network game asks the same about the saved network game (`ask_before_replacing`).

A game is in progress when a board on the scene stack has an unfinished match, or the autosave
(what the menu's Continue opens) holds one. A game with no move played (nor taken back) is not
asked about: replacing it loses nothing.
"""

from __future__ import annotations

from game import games, storage
from game.i18n import tr
from game.scenes.widgets import confirm


def game_in_progress(app) -> tuple | None:
    """(game name, moves played, rule options) of the unfinished game that a new one would
    replace, or None."""
    for scene in reversed(app.scenes):
        match = getattr(scene, "match", None)
        if match is not None and not match.over and (match.ply or match.can_redo()):
            return match.game, match.ply, match.options
    try:
        record, _notice = storage.read_autosave()  # the menu shows the notice of a damaged one
    except Exception:  # a question must never stop the game: nothing to ask about
        return None
    if record is not None and record.end is None and (record.moves or record.redo):
        return record.game, len(record.moves), record.options
    return None


def _title(game: str, options: dict | None, lang: str) -> str:
    """The game's name under its options ("Russian Draughts"); the plain name when a damaged
    save's options cannot be read."""
    try:
        return tr(games.get(game).title_key(options), lang)
    except Exception:  # a question must never stop the game
        return tr(f"games.{game}", lang)


def unless_replacing(app, go) -> None:
    """Run go() now when no game is in progress, else after the player agrees (Cancel is the
    default answer)."""
    ask_before_replacing(app, game_in_progress(app), go)


def ask_before_replacing(app, current: tuple | None, go) -> None:
    """Run go() now when `current` is None, else after the player agrees to replace that game
    ((game name, moves played[, rule options]); Cancel is the default answer). The network lobby asks this way
    about the saved network game a new one would replace."""
    if current is None:
        go()
        return
    game, n, *rest = current
    options = rest[0] if rest else None  # the name under them: "Russian Draughts"
    confirm(
        app,
        lambda: tr("replace.title", app.lang),
        [lambda: tr("replace.line", app.lang, game=_title(game, options, app.lang), n=n)],
        go,
        yes=lambda: tr("replace.yes", app.lang),
        no=lambda: tr("ui.cancel", app.lang),
    )
