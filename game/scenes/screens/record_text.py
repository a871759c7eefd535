"""The words of the player's record (game.player_record) on the setup and result screens: a level
with its name and measured rating, the player's estimate, the results at a level, and what a
finished game changed ("You beat level 6 · Intermediate (≈1450); your estimate 1380 → 1412").
"""

from __future__ import annotations

from game.ai.levels import LevelInfo
from game.i18n import tr
from game.player_record import Ladder, Outcome, Tally


def rating_text(rating: float | None, lang: str) -> str:
    """ "≈1450", or "not measured"."""
    return tr("record.unmeasured", lang) if rating is None else tr("record.rating", lang, rating=round(rating))


def level_text(info: LevelInfo, lang: str) -> str:
    """ "6 · Intermediate · ≈1450" (or "· not measured")."""
    name = info.name.get(lang) or info.name["en"]
    return tr("record.level", lang, level=info.level, name=name) + " · " + rating_text(info.rating, lang)


def estimate_text(ladder: Ladder, lang: str) -> str:
    """ "Your estimate 1380 · 12 games"; "" before the first game."""
    n = ladder.games
    if n == 0:
        return ""
    one = "_1" if n == 1 else ""
    if ladder.estimate is None:
        return tr("record.no_estimate" + one, lang, n=n)
    return tr("record.estimate" + one, lang, rating=round(ladder.estimate), n=n)


def tally_text(tally: Tally, lang: str, level: int | None = None, streak: bool = True) -> str:
    """ "You: 3 won · 1 drawn · 2 lost" ("Against level 6: ..." with `level`), with the winning run
    from two on (unless streak=False); "" when the level was never played."""
    if tally.games == 0:
        return ""
    fmt = {"w": tally.wins, "d": tally.draws, "l": tally.losses}
    text = tr("record.at_level", lang, **fmt) if level is None else tr("record.against", lang, level=level, **fmt)
    if streak and tally.streak >= 2:
        text += " · " + tr("record.streak", lang, n=tally.streak)
    return text


def outcome_text(out: Outcome, lang: str) -> str:
    """What the game was and what it changed: "You beat level 6 (≈1450); your estimate 1380 → 1412"."""
    key = "record.beat" if out.score == 1.0 else "record.lost" if out.score == 0.0 else "record.drew"
    text = tr(key, lang, level=out.level, rating=rating_text(out.level_rating, lang))
    if out.level_rating is not None and out.after is not None:
        if out.before is None:
            change = tr("record.first", lang, b=round(out.after))
        else:
            change = tr("record.change", lang, a=round(out.before), b=round(out.after))
    elif out.after is not None:
        change = tr("record.stays", lang, a=round(out.after))
    else:
        return text
    return text + tr("record.join", lang) + change


def next_text(level: int, name: dict, lang: str) -> str:
    """The offer of the next level: "Try level 7 · Advanced"."""
    return tr("record.next", lang, level=level, name=name.get(lang) or name["en"])
