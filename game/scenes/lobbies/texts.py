"""What network play says, shared by the lobby scenes and the network board's table
(board/net_table): seat labels, option lines, the clock line, drop reasons in the player's
language (the texts themselves are in game/strings/lobbies.py)."""

from __future__ import annotations

import functools

from game import games
from game.i18n import tr
from game.scenes.views import seat_labels as _view_seat_labels


def _t(app, key, **fmt):
    return lambda: tr(key, app.lang, **fmt)


def seat_labels(game: str, options: dict, position: str = "start", lang: str = "en") -> tuple:
    """The names of seat 0 and seat 1 (from the game's view when it exists)."""
    return _seat_labels(game, tuple(sorted(options.items())), position, lang)


@functools.lru_cache(maxsize=64)
def _seat_labels(game, options, position, lang) -> tuple:
    options = dict(options)
    try:
        info = games.get(game)
        start = None if position == "start" else info.rules.from_text(position, **info.check_options(options))
        return _view_seat_labels(game, options, lang, start)
    except Exception:  # a position the view cannot name: plain first / second
        return tr("net.seat_first", lang), tr("net.seat_second", lang)


def option_lines(game: str, options: dict, lang: str) -> list:
    """ "label: value" of every variant option that acts under the others, translated."""
    out = []
    chosen = {opt.key: options.get(opt.key, opt.default) for opt in games.get(game).options}
    for opt in games.get(game).options:
        value = opt.settled(chosen)  # (a palace opening the board lacks: its standard one)
        if not opt.acts(chosen):  # (draughts on 8x8: who moves first is the variant's)
            continue
        labels = opt.choice_labels.get(value)
        text = (labels.get(lang) or labels["en"]) if labels else str(value)
        sep = "：" if lang == "zh" else ": "
        out.append(f"{opt.label.get(lang) or opt.label['en']}{sep}{text}")
    return out


def clock_line(control, lang: str) -> str:
    """The time control of a network game in words: "Clock: 5+3 (...)" or "No clock"."""
    if control is None:
        return tr("net.no_clock", lang)
    line = tr("net.clock", lang, label=control.label())
    return line if control.flag_draw else line + " · " + tr("net.flag_loss", lang)


_REASONS = (
    ("the other side closed", "net.why_closed"),
    ("the other player left", "net.why_left"),
    ("no answer", "net.why_silent"),
    ("cannot connect: ECONNREFUSED", "net.why_refused"),
    ("refused by the other side: wrong_code", "net.why_wrong_code"),
    ("refused by the other side: version", "net.why_version"),
    ("the other side speaks another protocol version", "net.why_version"),
    ("refused by the other side: busy", "net.why_busy"),
    ("refused by the other side: timeout", "net.why_timeout"),
    ("the host asks for its join code", "net.why_code_needed"),
    ("the host could not prove", "net.why_fake_host"),
    # online (game.net.online, wormhole_link)
    ("wrong code", "online.why_wrong_code"),
    ("nobody is waiting", "online.why_nobody"),
    ("cannot reach the mailbox server", "online.why_unreachable"),
)


def reason_text(reason: str, lang: str) -> str:
    """A session's drop reason in the player's language (unknown ones as they are)."""
    for prefix, key in _REASONS:
        if reason.startswith(prefix):
            return tr(key, lang)
    return reason
