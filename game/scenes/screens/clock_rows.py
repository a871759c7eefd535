"""The Clock row of a new-game setup and the custom clock's own screen, shared by the local setup
(game/scenes/screens/setup.py) and the hosts' setups of network and online games
(game/scenes/lobbies/): none (the default), the presets 1+1 ... 30+20, or Custom…, which opens
"clock_setup" with the base, the increment, a handicap for one side and the flag-fall rule.
"""

from __future__ import annotations

from collections.abc import Callable

from game.clock import PRESETS, TimeControl
from game.i18n import tr
from game.scenes.registry import register
from game.scenes.widgets import Button, Choice
from game.scenes.widgets.forms import FormScene, spread, stack
from game.sprites import theme

#: custom clock choices: base minutes and increment seconds
CLOCK_BASES = (0.5, 1, 2, 3, 5, 10, 15, 30, 60)
CLOCK_INCS = (0, 1, 2, 3, 5, 10, 20, 30)
#: the handicap row: (seat given less time, share of the base)
HANDICAPS = (None, (0, 0.5), (0, 0.25), (1, 0.5), (1, 0.25))
#: what ClockRows.remembered() returns and ClockRows reads back from `last`
KEYS = ("clock", "clock_base", "clock_inc", "handicap", "flag_draw")


def time_control(clock, base_min, inc, handicap, flag_draw: bool) -> TimeControl | None:
    """The time control a setup's choices give (None: no clock); the handicap and the flag-fall
    rule are chosen on the custom clock's screen, and a preset is played without them."""
    if clock is None:
        return None
    if clock != "custom":
        return TimeControl.preset(clock)
    tc = TimeControl(float(base_min) * 60, float(inc))
    tc = TimeControl(tc.base, tc.inc, None, bool(flag_draw))
    if handicap is not None:
        seat, share = handicap
        bases = [tc.base, tc.base]
        bases[seat] = tc.base * share
        tc = tc.handicap(bases[0], bases[1])
    return tc


class ClockRows:
    """The clock's widgets of one setup screen: `clock` (the row on the setup itself) and the
    custom screen's rows. seat_label(seat) names a side (for the handicap); on_change(value) is
    called after any change; choosing Custom opens its screen."""

    def __init__(
        self,
        app,
        last: dict,
        seat_label: Callable[[int], str],
        on_change: Callable,
        label_width: float | None = None,
    ) -> None:
        self.app = app
        self.seat_label = seat_label
        self.on_change = on_change
        kw = {} if label_width is None else {"label_width": label_width}
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.clock = Choice(
            app,
            t("setup.clock"),
            [(None, t("setup.clock_none")), *((p, p) for p in PRESETS), ("custom", self.custom_text)],
            last.get("clock"),
            self.changed,
            **kw,
        )
        self.clock_base = Choice(
            app,
            t("setup.clock_base"),
            [(b, f"{b:g}") for b in CLOCK_BASES],
            last.get("clock_base", 5),
            on_change,
            **kw,
        )
        self.clock_inc = Choice(
            app, t("setup.clock_inc"), [(i, f"{i:g}") for i in CLOCK_INCS], last.get("clock_inc", 3), on_change, **kw
        )
        self.handicap = Choice(
            app,
            t("setup.handicap"),
            [(h, self._handicap_text(h)) for h in HANDICAPS],
            last.get("handicap"),
            on_change,
            **kw,
        )
        self.flag_draw = Choice(
            app,
            t("setup.flag_draw"),
            [(True, t("setup.flag_draw_on")), (False, t("setup.flag_draw_off"))],
            last.get("flag_draw", True),
            on_change,
            **kw,
        )
        self._custom = self.clock.value == "custom"

    def _handicap_text(self, handicap):
        if handicap is None:
            return lambda: tr("setup.handicap_none", self.app.lang)
        seat, share = handicap
        key = "setup.handicap_half" if share == 0.5 else "setup.handicap_quarter"
        return lambda: tr(key, self.app.lang, side=self.seat_label(seat))

    def custom_text(self) -> str:
        """The custom segment: its figures once chosen ("Custom 2/1+3…")."""
        if self.clock.value != "custom":
            return tr("setup.clock_custom", self.app.lang)
        return tr("setup.clock_custom_is", self.app.lang, label=self.time_control().label())

    def clock_widgets(self) -> list:
        """The custom clock's rows (its own screen: the setup has no room for them)."""
        return [self.clock_base, self.clock_inc, self.handicap, self.flag_draw]

    def time_control(self) -> TimeControl | None:
        return time_control(
            self.clock.value, self.clock_base.value, self.clock_inc.value, self.handicap.value, self.flag_draw.value
        )

    def opened(self, value) -> None:
        """Choosing Custom (again) opens its figures."""
        custom = self.clock.value == "custom"
        if custom and not self._custom and value == "custom":
            self.app.open("clock_setup", self)
        self._custom = custom

    def changed(self, value=None) -> None:
        self.opened(value)
        self.on_change(value)

    def remembered(self) -> dict:
        """The choices, to give back as `last` next time."""
        return {key: getattr(self, key).value for key in KEYS}


@register("clock_setup")
class ClockSetupScene(FormScene):
    """The custom clock of a new-game setup: base, increment, a handicap and the flag-fall rule
    (the setup's own choices, shown here). setup: anything with clock_widgets() and
    time_control(), a ClockRows."""

    def __init__(self, app, setup):
        super().__init__(app)
        self.setup = setup
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.done_btn = Button(app, t("setup.clock_done"), app.pop, style="primary", shortcut="Enter")
        self.set_widgets([*setup.clock_widgets(), self.done_btn])

    def submit(self) -> None:
        self.app.pop()

    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        self.s = s
        col_w = min(theme.px(820, s), int(w * 0.86))
        x = w // 2 - col_w // 2
        row_h, gap = theme.px(50, s), theme.px(14, s)
        y = max(theme.px(120, s), h // 2 - 2 * (row_h + gap))
        self.title_y = y - theme.px(90, s)
        y = stack(self.setup.clock_widgets(), x, y, col_w, row_h, gap)
        spread((self.done_btn,), x + col_w // 3, y + theme.px(16, s), col_w // 3, theme.px(56, s), gap)
        if self.focus.current() is None:
            self.focus.focus(self.done_btn)

    def draw(self, surface) -> None:
        lang = self.app.lang
        tc = self.setup.time_control()
        title = tr("setup.clock_title", lang) + (" · " + tc.label() if tc is not None else "")
        self.draw_backdrop(surface, title, 40, max(theme.px(30, self.s), self.title_y))
        for wdg in self.widgets:
            wdg.draw(surface)
