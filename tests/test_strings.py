"""Every screen shows text, never a key.

The catalogue game/strings is whole (every module of it listed, both languages, the same {fields}
in each), every key the code names is in it, and every registered screen (game.scenes.registry),
opened in Chinese and in English and drawn, finds each text it asks for: the tests run tr()
strict (tests/conftest.py sets QIPAN_STRICT_STRINGS=1), so an unknown key raises. In the program
an unknown key shows as itself and never stops the game (test_a_missing_key_never_stops_the_program).
"""

import ast
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from game import games, i18n
from game.i18n import STRINGS, tr
from game.strings import TABLES

ROOT = Path(__file__).resolve().parents[1]


def test_the_tests_run_the_strings_strict():
    assert i18n.strict
    with pytest.raises(KeyError):
        tr("no.such.key")
    with pytest.raises(KeyError):
        tr("net.clock", "en")  # its {label} not given
    with pytest.raises(KeyError):
        tr("net.clock", "en", lable="5+3")


def test_a_missing_key_never_stops_the_program():
    """Outside the tests a missing key shows as the key, a missing field as the raw text, with a
    warning on stderr once per key."""
    code = (
        "from game.i18n import tr, strict; assert not strict; "
        "print(tr('no.such.key', 'zh')); print(tr('no.such.key', 'zh')); "
        "print(tr('net.clock', 'en', lable='x'))"
    )
    env = {k: v for k, v in os.environ.items() if k != "QIPAN_STRICT_STRINGS"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["no.such.key", "no.such.key", STRINGS["net.clock"]["en"]]
    assert done.stderr.count("no.such.key") == 1 and "net.clock" in done.stderr


def test_every_module_of_the_catalogue_is_read():
    files = {p.stem for p in (ROOT / "game" / "strings").glob("*.py") if p.stem != "__init__"}
    assert {name.rsplit(".", 1)[1] for name in TABLES} == files
    assert sum(len(t) for t in TABLES.values()) == len(STRINGS)


def _fields(text: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def test_every_text_has_both_languages_with_the_same_fields():
    bad = []
    for key, texts in STRINGS.items():
        if set(texts) != {"zh", "en"} or not all(isinstance(t, str) and t.strip() for t in texts.values()):
            bad.append(f"{key}: {texts}")
        elif _fields(texts["zh"]) != _fields(texts["en"]):
            bad.append(f"{key}: zh {sorted(_fields(texts['zh']))} en {sorted(_fields(texts['en']))}")
    assert not bad, "\n".join(bad)


# a string literal that looks like a key of the catalogue ("net.host"), not a file name
KEY = re.compile(r"^[a-z_]+\.[A-Za-z0-9_.\-]+$")
FILE = re.compile(r"\.(json|txt|pdn|bin|md|py|png|ttf|otf|ttc|wav|ogg)$")


def test_every_key_named_in_the_code_is_in_the_catalogue():
    """Each string literal in game/ that looks like a key of a namespace the catalogue has
    ("menu.", "net.", "palace."...) is a key; each f-string such as f"games.{name}" starts a key."""
    spaces = {k.split(".")[0] for k in STRINGS}
    bad, seen = [], 0
    for path in sorted((ROOT / "game").rglob("*.py")):
        if "strings" in path.relative_to(ROOT / "game").parts[:1]:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = set()  # docstrings and the parts of f-strings
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                if ast.get_docstring(node) is not None:
                    skip.add(id(node.body[0].value))
            elif isinstance(node, ast.JoinedStr):
                skip |= {id(v) for v in node.values}
                head = node.values[0] if node.values else None
                if isinstance(head, ast.Constant) and KEY.match(f"{head.value}x"):
                    if str(head.value).split(".")[0] in spaces:
                        seen += 1
                        if not any(k.startswith(head.value) for k in STRINGS):
                            bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: f{head.value!r}...")
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                text = node.value
                if KEY.match(text) and not FILE.search(text) and text.split(".")[0] in spaces:
                    seen += 1
                    if text not in STRINGS:
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    assert seen > 500  # the check saw the code's keys
    assert not bad, "keys missing from game/strings:\n" + "\n".join(bad)


# ---- every screen, drawn in both languages ---------------------------------------------------------


class Screens:
    """Opens the screens of a headless app one after another and draws each a few frames; records
    every scene class drawn."""

    def __init__(self, driver):
        self.driver = driver
        self.app = driver.app
        self.drawn: set = set()
        self.failures: list = []

    def frames(self, n=3):
        for _ in range(n):
            self.driver.step()
            self.drawn |= {type(s) for s in self.app.scenes}

    def show(self, what, open_it, n=3):
        """Open a screen with open_it() (returns nothing or the scene) and draw it."""
        try:
            open_it()
            self.frames(n)
        except KeyError as exc:
            self.failures.append(f"{what}: {exc}")
        return self.app.top

    def home(self):
        self.app.back_to_menu()
        self.frames(1)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_screen_shows_its_texts(driver, lang, mailbox):
    from game.net.host import HostSession
    from game.scenes import registry
    from game.scenes.lobbies import network, online

    app = driver.app
    app.settings["mailbox_url"] = mailbox.url
    app.set_lang(lang)
    s = Screens(driver)
    s.frames()
    s.show("about", lambda: app.open("about"))
    s.show("settings", lambda: app.open("settings"))
    s.show("online_settings", lambda: app.open("online_settings"))
    s.home()
    s.show("rules", lambda: app.open("rules", None))
    for g in games.NAMES:
        s.home()
        s.show(f"rules {g}", lambda g=g: app.open("rules", g))
        s.show(f"lesson {g}", lambda g=g: app.open("lesson", g))
        s.home()
        setup = s.show(f"setup {g}", lambda g=g: app.open("setup", g))
        s.show(f"setup_options {g}", lambda setup=setup: app.open("setup_options", setup))
        app.pop()
        s.show(f"clock_setup {g}", lambda setup=setup: app.open("clock_setup", setup))
        board = s.show(f"board {g} computer", lambda g=g: app.new_game(g, {}, mode="computer", human_seat=0), 30)
        board = s.show(f"board {g} hotseat", lambda g=g: app.new_game(g, {}, mode="hotseat"))
        s.show(f"save_game {g}", lambda board=board: app.open("save_game", board.table.record()))
        app.pop()
        board.table.play(board.legal_moves()[0], animate=False)
        board.changed()
        end = board.table.resign if board.match.can_resign() else board.table.agree_draw
        s.show(f"result {g}", end, 10)
    s.home()
    s.show("load_game", lambda: app.open("load_game"))
    s.home()
    s.show("watch", lambda: app.watch_game(games.NAMES[0], {}), 20)
    s.home()
    for name in sorted(registry.SCENES):  # each game's own screens (the draughts editor, ...)
        if name.startswith(tuple(games.NAMES)):
            s.show(name, lambda name=name: app.open(name))
            s.home()

    # the Network screen, online play first, and every screen behind it
    lobby = s.show("network", lambda: app.open("network"))
    assert lobby.widgets[0].text() == tr("online.title", lang)
    s.show("online", lambda: app.open("online"))
    s.show("online setup", lambda: app.push(online.OnlineSetupScene(app)))
    code = s.show("online host", lambda: app.top.open(), 1)
    assert isinstance(code, online.OnlineHostScene)
    driver.wait(lambda: code.code)  # the code from the mailbox server, spelled out
    s.frames()
    app.pop()
    s.show("online join", lambda: app.push(online.OnlineJoinScene(app)))
    s.home()
    s.show("network host", lambda: app.push(network.HostSetupScene(app)))
    s.show("network host waits", lambda: app.top.open())
    app.pop()
    host = HostSession(bind="127.0.0.1")
    host.set_offer(games.NAMES[-1], {}, 1)
    try:
        join = s.show(
            "network join", lambda: app.push(network.JoinScene(app, f"127.0.0.1:{host.port}", code=host.code))
        )
        join.connect()
        driver.wait(lambda: host.pump() or s.frames(1) or join.offer is not None)
        s.frames()
    finally:
        join.on_exit()
        host.close()
    s.home()

    assert not s.failures, "\n".join(s.failures)
    missing = {name for name, cls in registry.SCENES.items() if cls not in s.drawn}
    assert not missing, f"registered screens this test never drew: {sorted(missing)}"
