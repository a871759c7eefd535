"""Settings, the autosave and named saves, as JSON files in the player's directories.

Pure Python (no pygame). Where files live (platformdirs), unless $QIPAN_HOME names one folder for
everything (tests set it):
    settings   <user_config_dir>/settings.json            ($QIPAN_HOME/settings.json)
    autosave   <user_data_dir>/autosave.json              ($QIPAN_HOME/autosave.json)
    saves      <user_data_dir>/saves/<name>.json          ($QIPAN_HOME/saves/)
    Linux ~/.config/qipan and ~/.local/share/qipan; macOS ~/Library/Application Support/qipan;
    Windows %LOCALAPPDATA%\\qipan.
Every write is atomic (a temporary file in the same folder, flushed and fsynced, then os.replace),
so a crash or a kill never leaves half a file. Every read of a file is bounded in size and checked:
a damaged, foreign, future-version or hostile file raises SaveError (its str() is one line for the
player, in the language of the settings last loaded or saved), never another exception.

A game is stored as a GameRecord: how it started plus the moves in notation; replay() rebuilds every
state from it through the rules module, so whose turn it is, counters, clocks and the undo history
come back exactly.
"""
from __future__ import annotations

import atexit
import json
import locale
import math
import os
import re
import stat
import tempfile
import threading
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from game.i18n import add, tr

APP_NAME = "qipan"
FORMAT = "qipan-game"
VERSION = 1
SETTINGS_FORMAT = "qipan-settings"

MAX_SAVE_BYTES = 2_000_000      # a save of 20000 moves is far below this
MAX_SETTINGS_BYTES = 64_000
MAX_MOVES = 20_000
MAX_NOTATION = 120              # characters of one move's notation
MAX_POSITION_TEXT = 2_000
MAX_OPTIONS = 32
MAX_NAME_BYTES = 150            # of a save's file name (UTF-8), far below every file system's limit

LANGS = ("zh", "en")
MODES = ("hotseat", "computer")
LEVELS = ("easy", "medium", "hard")
END_REASONS = ("resign", "agreement")

add({
    "storage.settings_broken": {
        "en": "Your settings file could not be read; defaults are used (the old file is kept as {bak}).",
        "zh": "设置文件无法读取，已恢复默认设置（旧文件保存为 {bak}）。"},
    "storage.autosave_broken": {
        "en": "The unfinished game could not be restored: {why} (the file is kept as {bak}).",
        "zh": "无法恢复未完成的对局：{why}（文件保存为 {bak}）。"},
    "storage.too_large": {"en": "The file is too large to be a Qipan game.",
                          "zh": "文件过大，不是棋盘的存档。"},
    "storage.unreadable": {"en": "The file cannot be read: {why}", "zh": "无法读取文件：{why}"},
    "storage.not_json": {"en": "The file is damaged (not valid JSON).", "zh": "文件已损坏（不是有效的 JSON）。"},
    "storage.foreign": {"en": "This is not a Qipan saved game.", "zh": "这不是棋盘的存档文件。"},
    "storage.future": {"en": "This game was saved by a newer version of Qipan (format {version}).",
                       "zh": "此存档由更新版本的棋盘保存（格式 {version}），无法打开。"},
    "storage.bad_field": {"en": "The saved game is damaged (field \"{field}\").",
                          "zh": "存档已损坏（字段“{field}”）。"},
    "storage.unknown_game": {"en": "The saved game is of an unknown game \"{game}\".",
                             "zh": "存档中的游戏“{game}”无法识别。"},
    "storage.bad_start": {"en": "The saved starting position is wrong: {why}",
                          "zh": "存档的起始局面有误：{why}"},
    "storage.bad_move": {"en": "Move {number} ({move}) of the saved game is not legal.",
                         "zh": "存档的第 {number} 步（{move}）不合规则。"},
    "storage.bad_end": {"en": "The saved game's ending does not fit its moves.",
                        "zh": "存档中的终局与着法不符。"},
    "storage.write_failed": {"en": "The game could not be saved: {why}", "zh": "无法保存：{why}"},
    "storage.settings_write_failed": {"en": "The settings could not be saved: {why}",
                                      "zh": "无法保存设置：{why}"},
    "storage.settings_not_file": {"en": "Your settings could not be read: {why} Defaults are used.",
                                  "zh": "设置无法读取：{why}已恢复默认设置。"},
    "storage.autosave_not_file": {"en": "The unfinished game could not be restored: {why}",
                                  "zh": "无法恢复未完成的对局：{why}"},
    "storage.is_dir": {"en": "{name} is a folder, not a file; it was left as it is.",
                       "zh": "{name} 是文件夹，不是文件，未作改动。"},
    "storage.is_fifo": {"en": "{name} is a pipe, not a file; it was left as it is.",
                        "zh": "{name} 是管道，不是文件，未作改动。"},
    "storage.is_device": {"en": "{name} is a device, not a file; it was left as it is.",
                          "zh": "{name} 是设备，不是文件，未作改动。"},
    "storage.not_regular": {"en": "{name} is not an ordinary file; it was left as it is.",
                            "zh": "{name} 不是文件，未作改动。"},
})


# ---- language of messages ------------------------------------------------------------------------
def system_lang() -> str:
    """"zh" when the system locale is Chinese (zh_*), else "en"."""
    candidates = [os.environ.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except (ValueError, TypeError):
        pass
    for value in candidates:
        value = value.strip()
        if not value or value in ("C", "POSIX") or value.startswith("C."):
            continue
        low = value.lower()
        return "zh" if low.startswith(("zh", "chinese")) else "en"
    return "en"


#: the language of notices and SaveError messages: load_settings()/save_settings() keep it in step
#: with the player's choice.
message_lang = system_lang()


class SaveError(Exception):
    """A game file that cannot be read, written or replayed. str(): one line for the player."""

    def __init__(self, key: str, **fmt):
        self.key = key
        self.fmt = fmt
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return tr(self.key, lang, **self.fmt)

    def __str__(self) -> str:
        return self.text(message_lang)


# ---- where files live ----------------------------------------------------------------------------
def _home():
    home = os.environ.get("QIPAN_HOME")
    return Path(home).expanduser() if home else None


def config_dir() -> Path:
    home = _home()
    if home is not None:
        return home
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    home = _home()
    if home is not None:
        return home
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def saves_dir() -> Path:
    return data_dir() / "saves"


# ---- files -----------------------------------------------------------------------------------------
def atomic_write_text(path, text: str) -> None:
    """Write `text` to `path` so that the file is either the old one or the whole new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        try:
            dfd = os.open(str(path.parent), os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass


#: what a non-regular file is, for the player: open() of a pipe waits for a writer, even past SIGTERM
_KINDS = ((stat.S_ISDIR, "storage.is_dir"), (stat.S_ISFIFO, "storage.is_fifo"),
          (stat.S_ISCHR, "storage.is_device"), (stat.S_ISBLK, "storage.is_device"))
NOT_REGULAR_KEYS = frozenset(key for _, key in _KINDS) | {"storage.not_regular"}
# O_NONBLOCK: a path swapped for a pipe between the check and the open still cannot block (no effect
# on regular files); O_NOCTTY: a terminal device never becomes ours. Neither exists on Windows.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def _check_regular(path: Path, mode: int) -> None:
    """SaveError naming what `path` is when it is not a regular file (a folder, pipe, device...)."""
    if not stat.S_ISREG(mode):
        raise SaveError(next((key for test, key in _KINDS if test(mode)), "storage.not_regular"), name=path.name)


#: atomic_write_text's temp files: ".<name>.json.<8 characters of mkstemp>.tmp"
_TEMP_NAME = re.compile(r"\.[^/\\]+\.json\.[a-z0-9_]{8}\.tmp")
#: a temp file younger than this may belong to a write in progress (another running copy of the game)
STALE_TEMP_SECONDS = 60.0


def remove_stale_temp_files() -> int:
    """Remove the temp files that a write killed before its rename left behind (only our own name
    pattern, only regular files, only in our own folders, none younger than STALE_TEMP_SECONDS).
    Returns how many were removed; never raises."""
    removed, now = 0, time.time()
    folders = {config_dir(), data_dir(), saves_dir(), data_dir() / "net"}
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if _TEMP_NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False) \
                        and now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_SECONDS:
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                pass
    return removed


def _read_bounded(path, limit: int) -> str:
    """The file's text; SaveError when it is not a regular file, too large (both checked before
    reading) or unreadable. Never blocks."""
    path = Path(path)
    try:
        st = path.stat()
        _check_regular(path, st.st_mode)
        if st.st_size > limit:
            raise SaveError("storage.too_large")
        with open(os.open(path, _READ_FLAGS), "rb") as f:
            _check_regular(path, os.fstat(f.fileno()).st_mode)  # what was opened, not what was looked at
            data = f.read(limit + 1)
    except OSError as exc:
        raise SaveError("storage.unreadable", why=exc.strerror or type(exc).__name__) from None
    if len(data) > limit:  # grew while we looked
        raise SaveError("storage.too_large")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError("storage.not_json") from None


def _loads(text: str):
    try:
        return json.loads(text, parse_constant=lambda c: None)  # NaN/Infinity are not ours
    except (ValueError, RecursionError):
        raise SaveError("storage.not_json") from None


def _keep_as_bak(path: Path) -> Path:
    bak = path.with_name(path.name + ".bak")
    try:
        os.replace(path, bak)
    except OSError:
        pass
    return bak


# ---- settings --------------------------------------------------------------------------------------
DEFAULT_SETTINGS = {
    "lang": system_lang(),
    "sound": True,
    "volume": 0.7,
    "anim_speed": 1.0,
    "show_legal": True,
    "auto_flip": False,
    "fullscreen": True,
}
SETTINGS_RANGES = {"volume": (0.0, 1.0), "anim_speed": (0.5, 2.0)}


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _finite_float(value) -> bool:
    """A number a float holds exactly enough: not inf/NaN, not an int beyond float range (1e400 in
    JSON is inf; 10**400 makes math.isfinite and float() raise OverflowError)."""
    if not _is_number(value):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _clean_setting(key, value):
    """The value if it fits the setting (numbers clamped to their range), else the default. Never
    raises, whatever the value."""
    default = DEFAULT_SETTINGS[key]
    if key == "lang":
        return value if isinstance(value, str) and value in LANGS else default
    if isinstance(default, bool):
        return value if isinstance(value, bool) else default
    if not _finite_float(value):
        return default
    lo, hi = SETTINGS_RANGES[key]
    return float(min(hi, max(lo, value)))


def clean_settings(data) -> dict:
    """Defaults overlaid with the valid known keys of `data` (unknown keys dropped)."""
    settings = dict(DEFAULT_SETTINGS)
    if isinstance(data, dict):
        for key in DEFAULT_SETTINGS:
            if key in data:
                settings[key] = _clean_setting(key, data[key])
    return settings


def load_settings():
    """(settings, notice or None). Called at start: first removes temp files left by a killed write.
    A broken or foreign file gives the defaults and a one-line notice, and is kept beside as
    settings.json.bak; a folder, pipe or device of that name gives the defaults and a notice and is
    left alone (it is not a file of ours)."""
    global message_lang
    remove_stale_temp_files()
    path = settings_path()
    if not path.exists():
        settings = dict(DEFAULT_SETTINGS)
        message_lang = settings["lang"]
        return settings, None
    try:
        data = _loads(_read_bounded(path, MAX_SETTINGS_BYTES))
        if not isinstance(data, dict) or data.get("format", SETTINGS_FORMAT) != SETTINGS_FORMAT \
                or not any(k in data for k in DEFAULT_SETTINGS):
            raise SaveError("storage.foreign")
        for key in SETTINGS_RANGES:  # a number no float can hold was never written by us
            if _is_number(data.get(key)) and not _finite_float(data[key]):
                raise SaveError("storage.bad_field", field=key)
    except SaveError as exc:
        settings = dict(DEFAULT_SETTINGS)
        message_lang = settings["lang"]
        if exc.key in NOT_REGULAR_KEYS:
            return settings, tr("storage.settings_not_file", message_lang, why=exc.text(message_lang))
        bak = _keep_as_bak(path)
        return settings, tr("storage.settings_broken", message_lang, bak=bak.name)
    settings = clean_settings(data)
    message_lang = settings["lang"]
    return settings, None


def save_settings(settings) -> None:
    """Write the (cleaned) settings atomically. OSError -> SaveError."""
    global message_lang
    clean = clean_settings(dict(settings))
    message_lang = clean["lang"]
    text = json.dumps({"format": SETTINGS_FORMAT, "version": 1, **clean}, indent=2, ensure_ascii=False)
    try:
        atomic_write_text(settings_path(), text + "\n")
    except OSError as exc:
        raise SaveError("storage.settings_write_failed", why=exc.strerror or type(exc).__name__) from None


# ---- game records ----------------------------------------------------------------------------------
def _rules(game: str):
    from game.rules import GAMES, module

    if game not in GAMES:
        raise SaveError("storage.unknown_game", game=str(game)[:40])
    try:
        return module(game)
    except ImportError:
        raise SaveError("storage.unknown_game", game=game) from None


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass
class GameRecord:
    """A game as it is stored: its start and the moves played, in notation.

    game:       "palace" | "draughts" | "banqi"
    options:    the variant options ({key: value} of rules.OPTIONS)
    start:      {"text": position text} or, for a banqi deal, {"seed": int}
    moves:      notation of every move played from start, in order
    redo:       notation of the moves taken back and not replayed, the next one to redo first
    mode:       "hotseat" | "computer"
    human_seat: 0 | 1 (the human's seat against the computer; seat 0 moves first) | None
    level:      "easy" | "medium" | "hard"
    end:        None, or {"winner": side token or None, "reason": "resign" | "agreement"} for a
                game ended by a player rather than by the rules
    """

    game: str
    options: dict = field(default_factory=dict)
    start: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)
    redo: list = field(default_factory=list)
    mode: str = "hotseat"
    human_seat: int | None = None
    level: str = "medium"
    end: dict | None = None

    def to_json(self, name: str | None = None) -> str:
        data = {"format": FORMAT, "version": VERSION}
        if name is not None:
            data["name"] = name
        data.update(game=self.game, options=dict(self.options), start=dict(self.start),
                    moves=[str(m) for m in self.moves], redo=[str(m) for m in self.redo],
                    mode=self.mode, human_seat=self.human_seat, level=self.level,
                    end=None if self.end is None else dict(self.end))
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text) -> "GameRecord":
        """The record in `text` (str or bytes); SaveError for anything that is not a sound record."""
        if isinstance(text, (bytes, bytearray)):
            if len(text) > MAX_SAVE_BYTES:
                raise SaveError("storage.too_large")
            try:
                text = bytes(text).decode("utf-8-sig")
            except UnicodeDecodeError:
                raise SaveError("storage.not_json") from None
        if not isinstance(text, str):
            raise SaveError("storage.foreign")
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError("storage.too_large")
        return cls.from_dict(_loads(text))

    @classmethod
    def from_dict(cls, data) -> "GameRecord":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("storage.foreign")
        version = data.get("version")
        if not _is_int(version) or version < 1:
            raise SaveError("storage.bad_field", field="version")
        if version > VERSION:
            raise SaveError("storage.future", version=version)

        def bad(name):
            return SaveError("storage.bad_field", field=name)

        game = data.get("game")
        if not isinstance(game, str):
            raise bad("game")
        rules = _rules(game)
        options = data.get("options", {})
        if not isinstance(options, dict) or len(options) > MAX_OPTIONS \
                or not all(isinstance(k, str) for k in options):
            raise bad("options")
        try:
            from game.rules.common import check_options

            check_options(rules.OPTIONS, options)
        except (ValueError, TypeError):
            raise bad("options") from None
        start = data.get("start")
        if not isinstance(start, dict) or len(start) != 1:
            raise bad("start")
        if "text" in start:
            if not isinstance(start["text"], str) or len(start["text"]) > MAX_POSITION_TEXT:
                raise bad("start")
        elif "seed" in start:
            if game != "banqi" or not _is_int(start["seed"]) or not 0 <= start["seed"] < 2**64:
                raise bad("start")
        else:
            raise bad("start")
        moves = data.get("moves", [])
        redo = data.get("redo", [])
        for name, seq in (("moves", moves), ("redo", redo)):
            if not isinstance(seq, list) or len(seq) > MAX_MOVES \
                    or not all(isinstance(m, str) and 0 < len(m) <= MAX_NOTATION for m in seq):
                raise bad(name)
        mode = data.get("mode", "hotseat")
        if mode not in MODES:
            raise bad("mode")
        human_seat = data.get("human_seat")
        if human_seat is not None and not (_is_int(human_seat) and human_seat in (0, 1)):
            raise bad("human_seat")
        if mode == "computer" and human_seat is None:
            raise bad("human_seat")
        level = data.get("level", "medium")
        if level not in LEVELS:
            raise bad("level")
        end = data.get("end")
        if end is not None:
            if not isinstance(end, dict) or set(end) != {"winner", "reason"} \
                    or end["reason"] not in END_REASONS \
                    or not (end["winner"] is None or end["winner"] in rules.SIDES):
                raise bad("end")
            if (end["reason"] == "agreement") != (end["winner"] is None):
                raise bad("end")
        return cls(game=game, options=dict(options), start=dict(start), moves=list(moves),
                   redo=list(redo), mode=mode, human_seat=human_seat, level=level,
                   end=None if end is None else dict(end))


def start_state(record: GameRecord):
    """The state the record starts from."""
    rules = _rules(record.game)
    try:
        if "seed" in record.start:
            return rules.new_game(seed=record.start["seed"], **record.options)
        return rules.from_text(record.start["text"], **record.options)
    except SaveError:
        raise
    except Exception as exc:  # PositionError, or anything a hostile text provokes
        why = str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
        raise SaveError("storage.bad_start", why=why) from None


def replay(record: GameRecord) -> list:
    """Every state from the start to the current one (len(record.moves) + 1 states, the last with
    record.end applied). The redo moves are checked to follow on. SaveError names the first
    move that is not legal."""
    from game.rules.common import find_move

    states = [start_state(record)]

    def play_all(state, moves, first_number):
        out = []
        for i, text in enumerate(moves):
            try:
                state = state.play(find_move(state, text))
            except Exception:
                raise SaveError("storage.bad_move", number=first_number + i, move=text) from None
            out.append(state)
        return out

    states += play_all(states[0], record.moves, 1)
    if record.end is None:
        play_all(states[-1], record.redo, len(record.moves) + 1)
        return states
    last = states[-1]
    try:
        if last.result() is not None:
            raise SaveError("storage.bad_end")
        if record.end["reason"] == "resign":
            if not last.can_resign():
                raise SaveError("storage.bad_end")
            ended = last.resign()
        else:
            ended = last.agree_draw()
        result = ended.result()
    except SaveError:
        raise
    except Exception:
        raise SaveError("storage.bad_end") from None
    if result is None or result.winner != record.end["winner"] or result.reason != record.end["reason"]:
        raise SaveError("storage.bad_end")
    states[-1] = ended
    return states


# ---- autosave ----------------------------------------------------------------------------------------
def _write_record(path: Path, record: GameRecord, name=None) -> None:
    try:
        atomic_write_text(path, record.to_json(name) + "\n")
    except OSError as exc:
        raise SaveError("storage.write_failed", why=exc.strerror or type(exc).__name__) from None


class _BackgroundWriter:
    """Writes files atomically in a thread, so that the autosave after a move (an fsync: several
    milliseconds, more on a busy disk) never delays a frame. Only the newest text of a path is
    written; flush() waits for everything submitted. A failure is raised by the next submit() or
    flush(). At interpreter exit, pending writes are finished (atexit)."""

    def __init__(self):
        self.cond = threading.Condition()
        self.pending: dict = {}
        self.busy = None      # the path being written
        self.errors: dict = {}  # path -> SaveError of its last failed write, not yet reported
        self.pid = None

    def _start(self) -> None:
        if self.pid != os.getpid():  # first use, or in a forked child: a thread of our own
            self.pid = os.getpid()
            self.pending.clear()
            self.busy = None
            threading.Thread(target=self._run, name="qipan-autosave", daemon=True).start()

    def _run(self) -> None:
        while True:
            with self.cond:
                while not self.pending:
                    self.cond.wait()
                path = next(iter(self.pending))
                text = self.pending.pop(path)
                self.busy = path
            error = None
            try:
                atomic_write_text(path, text)
            except OSError as exc:
                error = SaveError("storage.write_failed", why=exc.strerror or type(exc).__name__)
            with self.cond:
                self.busy = None
                if error is not None:
                    self.errors[path] = error
                else:
                    self.errors.pop(path, None)
                self.cond.notify_all()

    def _raise_error(self, path) -> None:
        error = self.errors.pop(Path(path), None) if path is not None else \
            (self.errors.pop(next(iter(self.errors))) if self.errors else None)
        if error is not None:
            raise error

    def take_error(self, path):
        """The failure of the last write of `path` not yet reported (and forget it), else None.
        Cheap enough for every frame."""
        if not self.errors or self.pid != os.getpid():
            return None
        with self.cond:
            return self.errors.pop(Path(path), None)

    def submit(self, path: Path, text: str) -> None:
        with self.cond:
            self._start()
            self.pending[Path(path)] = text
            self.cond.notify_all()
            self._raise_error(path)

    def flush(self, path=None, discard: bool = False, timeout: float = 30.0) -> None:
        """Wait until `path` (None: every path) is written; discard: drop its pending text instead."""
        with self.cond:
            if self.pid != os.getpid():
                return
            if discard and path is not None:
                self.pending.pop(Path(path), None)
            self.cond.wait_for(lambda: (not self.pending if path is None else Path(path) not in self.pending)
                               and (self.busy is None if path is None else self.busy != Path(path)), timeout)
            self._raise_error(path)


_writer = _BackgroundWriter()
atexit.register(lambda: _writer.flush(timeout=10) if _writer.pid == os.getpid() else None)


def write_autosave(record: GameRecord, wait: bool = False) -> None:
    """The game in progress, written atomically (call after every move). The write happens in a
    background thread (wait=True: before returning); a failure raises SaveError here, at the
    latest on the next call, or from flush_autosave()."""
    text = record.to_json() + "\n"
    _writer.submit(autosave_path(), text)
    if wait:
        flush_autosave()


def autosave_error():
    """The SaveError of a background autosave that failed since the last report, else None; reported
    once. The app asks every frame, so that a failure shows at once, not at the next move."""
    return _writer.take_error(autosave_path())


def flush_autosave() -> None:
    """Wait until the autosave on its way is on disk (SaveError if writing it failed)."""
    _writer.flush(autosave_path())


def read_autosave():
    """(record or None, notice or None). A damaged autosave (unreadable, or its moves do not replay)
    gives a one-line notice and is kept beside as autosave.json.bak."""
    path = autosave_path()
    try:
        flush_autosave()
    except SaveError:
        pass  # the last complete autosave on disk is still good
    if not path.exists():
        return None, None
    try:
        record = GameRecord.from_json(_read_bounded(path, MAX_SAVE_BYTES))
        replay(record)
    except SaveError as exc:
        if exc.key in NOT_REGULAR_KEYS:  # not a file of ours: say what it is and leave it
            return None, tr("storage.autosave_not_file", message_lang, why=str(exc))
        bak = _keep_as_bak(path)
        return None, tr("storage.autosave_broken", message_lang, why=str(exc), bak=bak.name)
    return record, None


def clear_autosave() -> None:
    """Remove the autosave (a write still on its way is dropped first)."""
    try:
        _writer.flush(autosave_path(), discard=True)
    except SaveError:
        pass
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass


# ---- named saves ---------------------------------------------------------------------------------------
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')


def safe_filename(name: str) -> str:
    """A file name (without extension) for a player-typed save name, safe on every OS; keeps
    Chinese and other letters, replaces path and reserved characters."""
    name = re.sub(r"\s+", " ", unicodedata.normalize("NFC", str(name)))
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C" or c == " ")
    name = _UNSAFE.sub("_", name)
    name = re.sub(r"\s+", " ", name).strip().strip(".").strip()
    while len(name.encode("utf-8")) > MAX_NAME_BYTES:
        name = name[:-1]
    name = name.rstrip(". ")
    if not name or set(name) <= {"_", "."}:
        name = "game"
    if name.split(".")[0].upper() in _RESERVED:
        name = "_" + name
    return name


def save_path(name: str) -> Path:
    """Where save_named(record, name) writes (to ask before overwriting an existing save)."""
    return saves_dir() / (safe_filename(name) + ".json")


def save_named(record: GameRecord, name: str) -> Path:
    """Save under a player-typed name (any text, Chinese included); returns the path."""
    path = save_path(name)
    display = " ".join(str(name).split())[:100] or path.stem
    _write_record(path, record, name=display)
    return path


def list_saves() -> list:
    """[(name, path, mtime, game)] of the named saves, newest first. A damaged file is listed with
    game None (loading it gives its SaveError)."""
    folder = saves_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        return []
    out = []
    for path in paths:
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        name, game = path.stem, None
        try:
            data = _loads(_read_bounded(path, MAX_SAVE_BYTES))
            if isinstance(data, dict) and data.get("format") == FORMAT:
                if isinstance(data.get("name"), str) and data["name"].strip():
                    name = data["name"][:100]
                if data.get("game") in ("palace", "draughts", "banqi"):
                    game = data["game"]
        except SaveError:
            pass
        out.append((name, path, mtime, game))
    out.sort(key=lambda t: (-t[2], t[0]))
    return out


def load_named(path) -> GameRecord:
    """The record in a saved file, checked by replaying it; SaveError when it cannot be used."""
    record = GameRecord.from_json(_read_bounded(path, MAX_SAVE_BYTES))
    replay(record)
    return record


def delete_save(path) -> None:
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError("storage.write_failed", why=exc.strerror or type(exc).__name__) from None
