"""The rest of a new-game setup's rule options on a screen of their own, for a window too low for
all of them under the players' rows (the palace family's nine options while watching the computer,
whose rows are seven): the setup keeps its first option (the palace board, with its picture) and a
"More rule options (n)…" row that opens this screen. The widgets are the setup's own, so a choice
made here is the setup's choice.
"""

from __future__ import annotations

from game.i18n import tr
from game.scenes.registry import register
from game.scenes.widgets import Button
from game.scenes.widgets.forms import FormScene, spread, stack
from game.sprites import theme


def more_text(lang: str, options, widgets) -> str:
    """The label of the row that opens the folded options: how many, and how many are not their
    default (`options`: the rules' Options of those `widgets`, in the same order)."""
    changed = sum(w.value != o.default for o, w in zip(options, widgets))
    if changed:
        return tr("setup.more_options_changed", lang, n=len(widgets), k=changed)
    return tr("setup.more_options", lang, n=len(widgets))


@register("setup_options")
class SetupOptionsScene(FormScene):
    """The setup's folded rule options (its own Choice widgets) and Done. setup: a SetupScene."""

    def __init__(self, app, setup):
        super().__init__(app)
        self.setup = setup
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.done_btn = Button(app, t("setup.options_done"), app.pop, style="primary", shortcut="Enter")
        self.set_widgets([*setup.folded_options(), self.done_btn])
        self.title_y = 0

    def submit(self) -> None:
        self.app.pop()

    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        self.s = s
        rows = self.setup.folded_options()
        col_w = min(theme.px(1200, s), int(w * 0.94))  # wider than the setup's: rows of many choices
        x = w // 2 - col_w // 2
        row_h, gap = theme.px(50, s), theme.px(14, s)
        fixed = theme.px(120, s) + theme.px(56, s) + theme.px(40, s)  # title, Done, margins
        if fixed + len(rows) * (row_h + gap) > h:
            k = max(0.62, (h - fixed) / (len(rows) * (row_h + gap)))
            row_h, gap = int(row_h * k), int(gap * k)
        y = max(theme.px(120, s), (h - len(rows) * (row_h + gap) - theme.px(56, s)) // 2)
        self.title_y = y - theme.px(90, s)
        y = stack(rows, x, y, col_w, row_h, gap)
        y = min(h - theme.px(56, s) - theme.px(12, s), y + theme.px(16, s))
        spread((self.done_btn,), x + col_w // 3, y, col_w // 3, theme.px(56, s), gap)
        if self.focus.current() is None:
            self.focus.focus(self.done_btn)

    def on_exit(self) -> None:
        self.setup.on_resize(self.app.size)  # the folded widgets are laid out there again

    def draw(self, surface) -> None:
        lang = self.app.lang
        title = tr("setup.options_title", lang, game=tr(f"games.{self.setup.game}", lang))
        self.draw_backdrop(surface, title, 40, max(theme.px(30, self.s), self.title_y))
        for wdg in self.widgets:
            wdg.draw(surface)
