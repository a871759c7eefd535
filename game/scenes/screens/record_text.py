"""The words of the player's record (game.player_record) on the setup and result screens: a level
with its name and measured rating, the player's estimate, the results at a level, and what a
finished game changed ("You beat level 6 · Intermediate (≈1450); your estimate 1380 → 1412").
"""

from __future__ import annotations

from game.ai.levels import LevelInfo
from game.i18n import add, tr
from game.player_record import Ladder, Outcome, Tally

add(
    {
        "record.level": {"zh": "{level} · {name}", "en": "{level} · {name}"},
        "record.rating": {"zh": "≈{rating}", "en": "≈{rating}"},
        "record.unmeasured": {"zh": "未测定", "en": "not measured"},
        "record.estimate": {"zh": "你的估计 {rating} · {n} 局", "en": "Your estimate {rating} · {n} games"},
        "record.estimate_1": {"zh": "你的估计 {rating} · 1 局", "en": "Your estimate {rating} · 1 game"},
        "record.no_estimate": {"zh": "{n} 局 · 尚无估计", "en": "{n} games · no estimate yet"},
        "record.no_estimate_1": {"zh": "1 局 · 尚无估计", "en": "1 game · no estimate yet"},
        "record.at_level": {"zh": "你：{w} 胜 {d} 和 {l} 负", "en": "You: {w} won · {d} drawn · {l} lost"},
        "record.against": {
            "zh": "对第 {level} 级：{w} 胜 {d} 和 {l} 负",
            "en": "Against level {level}: {w} won · {d} drawn · {l} lost",
        },
        "record.streak": {"zh": "连胜 {n} 局", "en": "{n} wins in a row"},
        "record.beat": {"zh": "你战胜了第 {level} 级（{rating}）", "en": "You beat level {level} ({rating})"},
        "record.lost": {"zh": "你输给了第 {level} 级（{rating}）", "en": "You lost to level {level} ({rating})"},
        "record.drew": {"zh": "你与第 {level} 级战平（{rating}）", "en": "You drew with level {level} ({rating})"},
        "record.change": {"zh": "你的估计 {a} → {b}", "en": "your estimate {a} → {b}"},
        "record.first": {"zh": "你的第一个估计：{b}", "en": "your first estimate: {b}"},
        "record.stays": {"zh": "估计不变（{a}）", "en": "your estimate stays {a}"},
        "record.join": {"zh": "；", "en": "; "},
        "record.next": {"zh": "挑战第 {level} 级 · {name}", "en": "Try level {level} · {name}"},
    }
)


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
