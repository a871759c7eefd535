"""New-game setup: hot-seat or against the computer, which side the human plays, difficulty, and
the game's variant options (every Option of its rules module, e.g. draughts' who moves first).
The choices are remembered for the session (app.choices, a SessionChoices). Esc goes back, Enter starts.
"""

from __future__ import annotations

import pygame

from game.ai import levels
from game.clock import TimeControl
from game.i18n import tr
from game.player_record import nearest_level
from game.rules import module
from game.rules.common import check_options, settle
from game.scenes.record_keeper import record_of
from game.scenes.registry import register
from game.scenes.screens.clock_rows import ClockRows, time_control  # noqa: F401  (time_control: tests)
from game.scenes.screens.in_progress import unless_replacing
from game.scenes.screens.record_text import estimate_text, level_text, tally_text
from game.scenes.screens.setup_options import more_text
from game.scenes.screens.setup_picture import SetupPicture
from game.scenes.views import VIEWS, seat_labels
from game.scenes.widgets import Button, Choice
from game.scenes.widgets.forms import FormScene, spread, stack
from game.scenes.widgets.level_picker import LevelPicker
from game.scenes.widgets.rule_options import choice_text, chosen, narrow
from game.sprites import theme

# the labels' column: room for the longer option labels on one line where the window allows
LABEL_WIDTH = 0.4
# the height (design pixels) of the title, the options' header, the buttons and the margins, and the
# least share of its height a row is squeezed to (rows that would need less: "More rule options")
_FIXED = 130 + 52 + 56 + 50
_TIGHTEST = 0.62
#: the level offered before the player has an estimate: the old "easy", gentle for a newcomer
DEFAULT_LEVEL = 3


@register("setup")
class SetupScene(FormScene):
    def __init__(self, app, game, options=None):
        """options: rule options to choose at first over the ones last chosen (a lesson's variant)."""
        super().__init__(app)
        self.game = game
        self.rules = module(game)
        last = app.choices.last_setup(game)
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.mode = Choice(
            app,
            t("setup.mode"),
            [("hotseat", t("setup.hotseat")), ("computer", t("setup.computer")), ("watch", t("setup.watch"))],
            last.get("mode", "computer"),
            self._changed,
            label_width=LABEL_WIDTH,
        )
        self.side = Choice(
            app,
            t("setup.side"),
            [(0, lambda: self._seat_label(0)), (1, lambda: self._seat_label(1))],
            last.get("human_seat", 0),
            self._changed,
            label_width=LABEL_WIDTH,
        )
        # the level: the one chosen this session, else the one nearest the player's estimate
        self.level_chosen = bool(last.get("level_chosen"))
        self.level = LevelPicker(
            app,
            t("setup.level"),
            last.get("level") if self.level_chosen else DEFAULT_LEVEL,
            self._level_changed,
            self._level_texts,
            note=self._estimate_note,
            label_width=LABEL_WIDTH,
        )
        self.level.label = lambda: tr("setup.level_first" if self.mode.value == "watch" else "setup.level", app.lang)
        self.side.enabled = lambda: self.mode.value == "computer"
        self.level.enabled = lambda: self.mode.value != "hotseat"
        # the computer against itself: the first computer uses `level`, these give the rest
        times = [(None, t("setup.time_default")), (0.5, "0.5 s"), (1.0, "1 s"), (3.0, "3 s")]
        self.level2 = LevelPicker(
            app,
            t("setup.level_second"),
            last.get("level2", DEFAULT_LEVEL),
            self._changed,
            lambda lv: (self._level_texts(lv)[0], ""),
            label_width=LABEL_WIDTH,
        )
        self.time1 = Choice(
            app, t("setup.time_first"), times, last.get("time1"), self._changed, label_width=LABEL_WIDTH
        )
        self.time2 = Choice(
            app, t("setup.time_second"), times, last.get("time2"), self._changed, label_width=LABEL_WIDTH
        )
        self.series = Choice(
            app,
            t("setup.games"),
            [(1, "1"), (2, "2"), (10, "10"), (50, "50")],
            last.get("series", 2),
            self._changed,
            label_width=LABEL_WIDTH,
        )
        self.watch_widgets = [self.level2, self.time1, self.time2, self.series]
        self.clock_rows = ClockRows(app, last, self._seat_label, self._changed, LABEL_WIDTH)
        rows = self.clock_rows  # the names the setup's callers and tests use
        self.clock, self.clock_base, self.clock_inc = rows.clock, rows.clock_base, rows.clock_inc
        self.handicap, self.flag_draw = rows.handicap, rows.flag_draw
        self.option_widgets = []
        saved = {**last.get("options", {}), **(options or {})}
        for opt in self.rules.OPTIONS:
            choices = [(v, choice_text(app, opt, v)) for v in opt.choices]
            value = saved.get(opt.key, opt.default)
            self.option_widgets.append(
                Choice(
                    app,
                    (lambda o=opt: o.label.get(app.lang) or o.label["en"]),
                    choices,
                    value,
                    self._changed,
                    label_width=LABEL_WIDTH,
                )
            )
        narrow(self.rules.OPTIONS, self.option_widgets)
        self.start_btn = Button(app, t("setup.start"), self.start, style="primary", shortcut="Enter")
        self.rules_btn = Button(app, t("setup.rules"), self.open_rules)
        self.back_btn = Button(app, t("setup.back"), app.pop, shortcut="Esc")
        self.extra_btn = None
        extra = VIEWS[game].setup_extra  # e.g. the draughts position editor
        if extra is not None:
            self.extra_btn = Button(app, t(extra[1]), lambda: app.open(extra[0]))
        self.picture = SetupPicture(app, game)  # the chosen board, beside the rule options
        # a window too low for every row keeps the first option here and the rest one click away
        self.more_btn = Button(
            app,
            lambda: more_text(app.lang, [o for o, _ in self._shown_options()][1:], self.folded_options()),
            self.open_options,
        )
        self._folded = False
        self._watching = None
        self._set_rows()
        self._labels_key = None
        self._labels = ("", "")
        self._ladder_key = None
        self._ladder: list = []
        if not self.level_chosen:
            self.level.value = self.suggested_level()

    # ---- the level and the player's record --------------------------------------------------
    def ladder(self) -> list:
        """The ten levels of this game under the chosen options (game.ai.levels.ladder)."""
        key = tuple(sorted((k, str(v)) for k, v in self.options().items()))  # levels.ladder reads them all
        if key != self._ladder_key:
            try:
                self._ladder = levels.ladder(self.game, self.options())
            except (ValueError, KeyError, TypeError):  # a damaged ratings table: no ratings shown
                self._ladder = [
                    levels.LevelInfo(n, levels.LEVEL_NAMES[n], None, None, None, 0) for n in levels.LEVEL_NUMBERS
                ]
            self._ladder_key = key
        return self._ladder

    def player_ladder(self):
        """The player's record in this game under the chosen options."""
        return record_of(self.app).ladder(self.game, self.options())

    def suggested_level(self) -> int:
        """The measured level nearest the player's estimate; DEFAULT_LEVEL without one."""
        return nearest_level(self.ladder(), self.player_ladder().estimate) or DEFAULT_LEVEL

    def _level_texts(self, level: int) -> tuple[str, str]:
        lang = self.app.lang
        shown = self.mode.value == "computer"
        tally = tally_text(self.player_ladder().tally(level), lang, streak=False) if shown else ""
        return level_text(self.ladder()[level - 1], lang), tally

    def _estimate_note(self) -> str:
        return estimate_text(self.player_ladder(), self.app.lang) if self.mode.value == "computer" else ""

    def _level_changed(self, value=None) -> None:
        self.level_chosen = True
        self._changed(value)

    def _custom_text(self) -> str:
        return self.clock_rows.custom_text()

    def clock_widgets(self) -> list:
        return self.clock_rows.clock_widgets()

    def _clock_rows(self) -> list:
        return [self.clock]

    def _rows(self) -> list:
        """The choices shown: the first computer's level and the watch rows only when watching
        (their time a move only without a clock)."""
        if self.mode.value == "watch":
            watch = [w for w in self.watch_widgets if self.clock.value is None or w not in (self.time1, self.time2)]
            return [self.mode, self.level, *watch, *self._clock_rows()]
        return [self.mode, self.side, self.level, *self._clock_rows()]

    def time_control(self) -> TimeControl | None:
        return self.clock_rows.time_control()

    def _option_rows(self) -> list:
        """The rule options shown here: all of them, or the first and the row that opens the rest."""
        shown = [w for _, w in self._shown_options()]
        return [shown[0], self.more_btn] if self._folded else shown

    def folded_options(self) -> list:
        """The options on their own screen ("setup_options"; none when all are shown here)."""
        return [w for _, w in self._shown_options()][1:] if self._folded else []

    def _shown_options(self) -> list:
        """(Option, widget) of the rule options that act under the others chosen (draughts' who
        moves first: international draughts only), an option others depend on first (the variant
        row stays where it is while the rows that depend on it come and go)."""
        pairs = list(zip(self.rules.OPTIONS, self.option_widgets))
        now = chosen(self.rules.OPTIONS, self.option_widgets)
        ruling = {key for o in self.rules.OPTIONS for key, _ in o.only_when}
        shown = [(o, w) for o, w in pairs if o.acts(now)]
        return sorted(shown, key=lambda ow: ow[0].key not in ruling)

    def open_options(self) -> None:
        if self._folded:
            self.app.open("setup_options", self)

    def _must_fold(self, h: int, s: float) -> bool:
        """True when every row would not fit `h` even at the tightest rows (more than one option)."""
        shown = len(self._shown_options())
        rows = len(self._rows()) + shown
        row = int(theme.px(50, s) * _TIGHTEST) + int(theme.px(14, s) * _TIGHTEST)  # as on_resize squeezes them
        return shown > 1 and theme.px(_FIXED, s) + rows * row > h

    def _set_rows(self) -> None:
        shown = tuple(o.key for o, _ in self._shown_options())
        watching = (
            self.mode.value == "watch",
            self.clock.value is None,
            self.clock.value == "custom",
            self._folded,
            shown,
        )
        if watching == self._watching:
            return
        self._watching = watching
        self.set_widgets(
            [*self._rows(), *self._option_rows(), self.start_btn, self.rules_btn, self.back_btn]
            + ([self.extra_btn] if self.extra_btn else [])
        )
        if getattr(self, "s", None) is not None:
            self.on_resize(self.app.size)

    def options(self) -> dict:
        # an option without effect under the others (hidden) is given as its default
        return check_options(
            self.rules.OPTIONS, settle(self.rules.OPTIONS, chosen(self.rules.OPTIONS, self.option_widgets))
        )

    def _seat_label(self, seat) -> str:
        key = (tuple(sorted(self.options().items())), self.app.lang)
        if key != self._labels_key:
            try:
                self._labels = seat_labels(self.game, self.options(), self.app.lang)
            except Exception:
                self._labels = ("1", "2")
            self._labels_key = key
        return self._labels[seat]

    def _changed(self, _value=None) -> None:
        if hasattr(self, "option_widgets"):  # (not while the form is being built)
            narrow(self.rules.OPTIONS, self.option_widgets)
        if hasattr(self, "clock_rows"):  # (not while the form is being built)
            self.clock_rows.opened(_value)  # choosing Custom opens its figures
        if hasattr(self, "_ladder_key") and not self.level_chosen:  # another variant: its own ladder
            self.level.value = self.suggested_level()
        self.remember()
        if hasattr(self, "watch_widgets"):  # (not while the form is being built)
            self._set_rows()

    def remember(self) -> None:
        self.app.choices.remember_setup(
            self.game,
            {
                "mode": self.mode.value,
                "human_seat": self.side.value,
                "level": self.level.value,
                "level_chosen": self.level_chosen,
                "level2": self.level2.value,
                "time1": self.time1.value,
                "time2": self.time2.value,
                "series": self.series.value,
                "options": self.options(),
                **self.clock_rows.remembered(),
            },
        )

    def submit(self) -> None:
        self.start()

    def start(self) -> None:
        self.remember()
        options, mode, level = self.options(), self.mode.value, self.level.value
        human_seat = self.side.value if mode == "computer" else 0
        control = self.time_control()
        if mode == "watch":
            levels, times = (level, self.level2.value), (self.time1.value, self.time2.value)
            unless_replacing(
                self.app,
                lambda: self.app.watch_game(
                    self.game, options, levels=levels, times=times, games=self.series.value, control=control
                ),
            )
            return
        unless_replacing(
            self.app,
            lambda: self.app.new_game(
                self.game, options, mode=mode, human_seat=human_seat, level=level, control=control
            ),
        )

    def open_rules(self) -> None:
        self.app.open("rules", self.game, self.options())

    # ---- scene --------------------------------------------------------------------------------
    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        self.s = s
        if self._must_fold(h, s) != self._folded:  # the rows are chosen again, then laid out
            self._folded = not self._folded
            self._set_rows()
            return
        for wdg in self.folded_options():
            wdg.rect = pygame.Rect(0, 0, 0, 0)  # on their own screen
        col_w = min(theme.px(820, s), int(w * 0.86))
        room = self.picture.room(w, col_w, s)
        x = (w - col_w - room) // 2
        row_h, gap = theme.px(50, s), theme.px(14, s)
        options = self._option_rows()
        rows = len(self._rows()) + len(options)
        fixed = theme.px(_FIXED, s)  # title, header, buttons, margins
        if fixed + rows * (row_h + gap) > h:  # many options: tighter rows, down to a readable minimum
            k = max(_TIGHTEST, (h - fixed) / (rows * (row_h + gap)))
            row_h, gap = int(row_h * k), int(gap * k)
        # centred as if every option were shown, so the rows above stay put when one hides (8x8 draughts)
        placed = len(options) if self._folded else max(len(options), len(self.option_widgets))
        content = len(self._rows()) * (row_h + gap) + theme.px(52, s) + placed * (row_h + gap) + theme.px(100, s)
        y = max(theme.px(110, s), (h - content) // 2 + theme.px(40, s))
        self.title_y = y - theme.px(90, s)
        rows_top = y
        y = stack(self._rows(), x, y, col_w, row_h, gap)
        self.variants_y = y + theme.px(8, s)
        y = stack(options, x, self.variants_y + theme.px(36, s), col_w, row_h, gap)
        y = min(h - theme.px(56, s) - theme.px(12, s), y + theme.px(16, s))
        spread((self.start_btn, self.extra_btn, self.rules_btn, self.back_btn), x, y, col_w, theme.px(56, s), gap)
        bottom = y - theme.px(14, s)
        if room and not self.picture.place(x + col_w, room, rows_top, bottom, (self.variants_y + bottom) // 2, s):
            for wdg in self.widgets:  # no room to read it after all: the column centred again
                wdg.rect.x += room // 2
            x += room // 2
        self.col = pygame.Rect(x, 0, col_w, h)
        if self.focus.current() is None:
            self.focus.focus(self.start_btn)

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(
            surface,
            tr("setup.title", self.app.lang, game=VIEWS[self.game].title(self.options(), self.app.lang)),
            40,
            max(theme.px(30, s), self.title_y),
        )
        for wdg in self._rows():
            wdg.draw(surface)
        if self.option_widgets:
            head = self.app.text(tr("setup.variants", self.app.lang), theme.px(22, s), theme.TEXT_DIM)
            surface.blit(head, (self.col.x + 8, self.variants_y))
            pygame.draw.line(
                surface,
                theme.PANEL_EDGE,
                (self.col.x + head.get_width() + 24, self.variants_y + head.get_height() // 2),
                (self.col.right, self.variants_y + head.get_height() // 2),
            )
        for wdg in self._option_rows():
            wdg.draw(surface)
        seat = self.side.value if self.mode.value == "computer" else None  # the game turns to the player
        self.picture.draw(surface, self.options(), self.app.lang, seat)
        for b in (self.start_btn, self.rules_btn, self.back_btn, self.extra_btn):
            if b is not None:
                b.draw(surface)
