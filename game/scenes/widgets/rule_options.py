"""The rows of a game's rule options (game.rules.common.Option), one Choice each, as the local
setup and the network offer show them: a choice's text, what the rows say together, and each row
offering only what means something under the others (a palace board's own openings)."""

from __future__ import annotations


def choice_text(app, option, value):
    """A choice's text in the app's language (a callable, so it follows a language switch)."""
    labels = option.choice_labels.get(value)
    if labels:
        return lambda: labels.get(app.lang) or labels["en"]
    return str(value)


def chosen(options, rows) -> dict:
    """{key: the value its row shows}."""
    return {o.key: w.value for o, w in zip(options, rows)}


def narrow(options, rows) -> None:
    """Each row offers only Option.offered under the others; a value no longer offered becomes
    the option's default."""
    now = chosen(options, rows)
    for o, w in zip(options, rows):
        w.offer(o.offered(now), o.default)
