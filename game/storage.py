"""Settings, the autosave and named saves, as JSON files in the player's directories.

Pure Python (no pygame). Where files live (platformdirs), unless $QIPAN_HOME names one folder for
everything (tests set it):
    settings   <user_config_dir>/settings.json            ($QIPAN_HOME/settings.json)
    autosave   <user_data_dir>/autosave.json              ($QIPAN_HOME/autosave.json)
    saves      <user_data_dir>/saves/<name>.json          ($QIPAN_HOME/saves/)
    record     <user_data_dir>/record.json                ($QIPAN_HOME/record.json): the player's
               results against the computer's levels (game.player_record)
    Linux ~/.config/qipan and ~/.local/share/qipan; macOS ~/Library/Application Support/qipan;
    Windows %LOCALAPPDATA%\\qipan.
Every write is atomic (a temporary file in the same folder, flushed and fsynced, then os.replace),
so a crash or a kill never leaves half a file. Every read of a file is bounded in size and checked:
a damaged, foreign, future-version or hostile file raises SaveError (its str() is one line for the
player, in the language of the settings last loaded or saved), never another exception.

A game is stored as a GameRecord (game.record): how it started plus the moves in notation;
game.match.Match.from_record rebuilds every state from it through the rules, so whose turn it is,
counters, clocks and the undo history come back exactly. Loading checks a record that way.
"""

from __future__ import annotations

import atexit
import json
import math
import os
import re
import stat
import time
import unicodedata
from pathlib import Path
from typing import NamedTuple

from game import games
from game import record as _record
from game.atomic_files import BackgroundWriter, atomic_write_text
from game.i18n import system_lang, tr
from game.match import Match
from game.net.wormhole_link import PUBLIC_MAILBOX
from game.player_record import PlayerRecord
from game.record import FORMAT, MAX_SAVE_BYTES, GameRecord, SaveError, loads_json, record_from_pdn
from game.rules import draughts_pdn

APP_NAME = "qipan"
SETTINGS_FORMAT = "qipan-settings"

MAX_SETTINGS_BYTES = 64_000
MAX_RECORD_BYTES = 1_000_000
MAX_NAME_BYTES = 150  # of a save's file name (UTF-8), far below every file system's limit

LANGS = ("zh", "en")


# ---- language of messages ------------------------------------------------------------------------
def set_message_lang(lang: str) -> None:
    """The language of notices and SaveError messages (load_settings()/save_settings() keep it in
    step with the player's choice; the app with --lang)."""
    _record.message_lang = lang


set_message_lang(system_lang())


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


def player_record_path() -> Path:
    return data_dir() / "record.json"


# ---- files -----------------------------------------------------------------------------------------
#: what a non-regular file is, for the player: open() of a pipe waits for a writer, even past SIGTERM
_KINDS = (
    (stat.S_ISDIR, "storage.is_dir"),
    (stat.S_ISFIFO, "storage.is_fifo"),
    (stat.S_ISCHR, "storage.is_device"),
    (stat.S_ISBLK, "storage.is_device"),
)
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
                if (
                    _TEMP_NAME.fullmatch(entry.name)
                    and entry.is_file(follow_symlinks=False)
                    and now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_SECONDS
                ):
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                pass
    return removed


def _read_bounded(path, limit: int, pdn: bool = False) -> str:
    """The file's text (a PDN file may also be in Windows-1252); SaveError when it is not a
    regular file, too large (both checked before reading) or unreadable. Never blocks."""
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
    if pdn:
        return draughts_pdn.decode(data)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
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
    "board_labels": True,  # coordinates (palace, banqi) or square numbers (draughts) on the board
    "auto_flip": False,
    "ponder": True,  # the computer at hard thinks on the player's time (draughts)
    "fullscreen": True,
    "lesson_offered": False,  # the guided first game was offered (once, at the first launch)
    "mailbox_url": PUBLIC_MAILBOX,  # online play's mailbox server: the library's public one
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


def valid_mailbox_url(value) -> bool:
    """A ws:// or wss:// URL of printable ASCII without spaces, at most 300 characters."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= 300
        and value.isascii()
        and value.isprintable()
        and " " not in value
        and value.startswith(("ws://", "wss://"))
        and len(value.split("://", 1)[1]) > 0
    )


def _clean_setting(key, value):
    """The value if it fits the setting (numbers clamped to their range), else the default. Never
    raises, whatever the value."""
    default = DEFAULT_SETTINGS[key]
    if key == "lang":
        return value if isinstance(value, str) and value in LANGS else default
    if key == "mailbox_url":
        return value if valid_mailbox_url(value) else default
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
    remove_stale_temp_files()
    path = settings_path()
    if not path.exists():
        settings = dict(DEFAULT_SETTINGS)
        set_message_lang(settings["lang"])
        return settings, None
    try:
        data = loads_json(_read_bounded(path, MAX_SETTINGS_BYTES))
        if (
            not isinstance(data, dict)
            or data.get("format", SETTINGS_FORMAT) != SETTINGS_FORMAT
            or not any(k in data for k in DEFAULT_SETTINGS)
        ):
            raise SaveError("storage.foreign")
        for key in SETTINGS_RANGES:  # a number no float can hold was never written by us
            if _is_number(data.get(key)) and not _finite_float(data[key]):
                raise SaveError("storage.bad_field", field=key)
    except SaveError as exc:
        settings = dict(DEFAULT_SETTINGS)
        set_message_lang(settings["lang"])
        if exc.key in NOT_REGULAR_KEYS:
            lang = _record.message_lang
            return settings, tr("storage.settings_not_file", lang, why=exc.text(lang))
        bak = _keep_as_bak(path)
        return settings, tr("storage.settings_broken", _record.message_lang, bak=bak.name)
    settings = clean_settings(data)
    set_message_lang(settings["lang"])
    return settings, None


def save_settings(settings) -> None:
    """Write the (cleaned) settings atomically. OSError -> SaveError."""
    clean = clean_settings(dict(settings))
    set_message_lang(clean["lang"])
    text = json.dumps({"format": SETTINGS_FORMAT, "version": 1, **clean}, indent=2, ensure_ascii=False)
    try:
        atomic_write_text(settings_path(), text + "\n")
    except OSError as exc:
        raise SaveError("storage.settings_write_failed", why=exc.strerror or type(exc).__name__) from None


# ---- the player's record -------------------------------------------------------------------------
def load_player_record():
    """(PlayerRecord, notice or None). No file: an empty record. A broken, foreign or future file
    gives an empty record and a one-line notice, and is kept beside as record.json.bak (the next
    game's write starts the new one); a folder, pipe or device of that name is left alone."""
    path = player_record_path()
    if not path.exists():
        return PlayerRecord(), None
    lang = _record.message_lang
    try:
        data = loads_json(_read_bounded(path, MAX_RECORD_BYTES))
        try:
            return PlayerRecord.from_json(data), None
        except ValueError as exc:
            raise SaveError("storage.bad_field", field=str(exc)) from None
    except SaveError as exc:
        if exc.key in NOT_REGULAR_KEYS:
            return PlayerRecord(), tr("storage.record_not_file", lang, why=exc.text(lang))
        bak = _keep_as_bak(path)
        return PlayerRecord(), tr("storage.record_broken", lang, bak=bak.name)


def save_player_record(record: PlayerRecord) -> None:
    """Write the whole record atomically (once a game: small, so at once rather than in the
    background, and a crash just after a game keeps it). OSError -> SaveError."""
    text = json.dumps(record.to_json(), indent=1, ensure_ascii=False, sort_keys=True)
    try:
        atomic_write_text(player_record_path(), text + "\n")
    except OSError as exc:
        raise SaveError("storage.record_write_failed", why=exc.strerror or type(exc).__name__) from None


# ---- autosave ----------------------------------------------------------------------------------------
def _write_record(path: Path, record: GameRecord, name=None) -> None:
    try:
        atomic_write_text(path, record.to_json(name) + "\n")
    except OSError as exc:
        raise SaveError("storage.write_failed", why=exc.strerror or type(exc).__name__) from None


_writer = BackgroundWriter()
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
        Match.from_record(record)
    except SaveError as exc:
        if exc.key in NOT_REGULAR_KEYS:  # not a file of ours: say what it is and leave it
            return None, tr("storage.autosave_not_file", _record.message_lang, why=str(exc))
        bak = _keep_as_bak(path)
        return None, tr("storage.autosave_broken", _record.message_lang, why=str(exc), bak=bak.name)
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


class SaveEntry(NamedTuple):
    """One row of the saved games: a file of ours, or one game of a PDN file (`number`, from 1,
    when the file holds several)."""

    name: str
    path: Path
    mtime: float
    game: str | None
    number: int | None = None


def list_saves() -> list[SaveEntry]:
    """The named saves, newest first. A damaged file is listed with game None (loading it gives its
    SaveError); a PDN file that holds several games is listed once per game, in file order."""
    folder = saves_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix.lower() in (".json", ".pdn") and p.is_file()]
    except OSError:
        return []
    out = []
    for path in paths:
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        name, game = path.stem, None
        if path.suffix.lower() == ".pdn":  # draughts games written by other programs
            out += _pdn_entries(path, mtime)
            continue
        try:
            data = loads_json(_read_bounded(path, MAX_SAVE_BYTES))
            if isinstance(data, dict) and data.get("format") == FORMAT:
                if isinstance(data.get("name"), str) and data["name"].strip():
                    name = data["name"][:100]
                if data.get("game") in games.NAMES:
                    game = data["game"]
        except SaveError:
            pass
        out.append(SaveEntry(name, path, mtime, game))
    out.sort(key=lambda e: (-e.mtime, e.name if e.number is None else e.path.stem, e.number or 0))
    return out


def _pdn_entries(path: Path, mtime: float) -> list[SaveEntry]:
    try:
        labels = _record.pdn_labels(_read_bounded(path, MAX_SAVE_BYTES, pdn=True))
    except SaveError:  # listed all the same: choosing it shows why it cannot be read
        labels = []
    name = f"{path.stem} (PDN)"
    if len(labels) <= 1:
        return [SaveEntry(name, path, mtime, "draughts")]
    n = len(labels)
    return [
        SaveEntry(f"{i}/{n} · {label} ({path.name})" if label else f"{i}/{n} ({path.name})", path, mtime, "draughts", i)
        for i, label in enumerate(labels, 1)
    ]


def load_named(path, number: int | None = None) -> GameRecord:
    """The record in a saved file (or game `number` of a PDN file, None: its first that loads),
    checked by replaying it; SaveError when it cannot be used."""
    if Path(path).suffix.lower() == ".pdn":
        record = record_from_pdn(_read_bounded(path, MAX_SAVE_BYTES, pdn=True), number)
        try:
            Match.from_record(record)
        except SaveError:  # its result cannot end the game here (e.g. no draw by agreement yet)
            record.end = None
            Match.from_record(record)
        return record
    record = GameRecord.from_json(_read_bounded(path, MAX_SAVE_BYTES))
    Match.from_record(record)
    return record


def delete_save(path) -> None:
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError("storage.write_failed", why=exc.strerror or type(exc).__name__) from None
