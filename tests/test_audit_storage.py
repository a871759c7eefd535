"""Audit items on settings and file safety: numbers no float can hold, files that are not regular files
(a pipe must never block start-up), temp files left by a kill, and how write failures are reported."""

import os
import socket
import subprocess
import sys
import textwrap
import time

import pytest

from game import record, storage
from game.storage import GameRecord, SaveError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    home = tmp_path / "audit_home"
    home.mkdir()
    monkeypatch.setenv("QIPAN_HOME", str(home))
    monkeypatch.setattr(record, "message_lang", "en")
    return home


def _palace_record():
    from game.rules import palace

    return GameRecord(game="palace", start={"text": palace.to_text(palace.new_game())})


def _run_bounded(code: str, home, timeout: float = 20.0) -> str:
    """Run `code` in a fresh interpreter with QIPAN_HOME=home; fail (not hang) when it blocks."""
    try:
        proc = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code)],
            check=False,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, "QIPAN_HOME": str(home)},
        )
    except subprocess.TimeoutExpired:
        pytest.fail("blocked: a start-up read of a non-regular file hung")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


# ---- item 7: settings numbers no float can hold ---------------------------------------------------
@pytest.mark.parametrize(
    "raw",
    [
        '{"volume": 1' + "0" * 400 + "}",
        '{"anim_speed": -1' + "0" * 400 + ', "lang": "en"}',
        '{"volume": 1e400}',
        '{"volume": -1e999, "sound": false}',
    ],
)
def test_numbers_too_large_for_a_float_are_a_broken_file(home, raw):
    path = home / "settings.json"
    path.write_text(raw)
    settings, notice = storage.load_settings()
    assert settings == storage.DEFAULT_SETTINGS
    assert notice and "\n" not in notice and "settings.json.bak" in notice
    assert (home / "settings.json.bak").read_text() == raw and not path.exists()
    assert storage.load_settings() == (storage.DEFAULT_SETTINGS, None)  # the next start is clean


@pytest.mark.parametrize(
    "value",
    [10**400, -(10**400), float("inf"), float("-inf"), float("nan"), "0.5", None, [0.5], {"v": 1}, True, False, 2**63],
)
def test_every_field_cleans_any_value_without_raising(value):
    for key, default in storage.DEFAULT_SETTINGS.items():
        got = storage.clean_settings({key: value})[key]
        assert type(got) is type(default)
        if isinstance(default, float):
            lo, hi = storage.SETTINGS_RANGES[key]
            assert lo <= got <= hi
    storage.save_settings({"volume": value, "anim_speed": value, "lang": value, "sound": value})


def test_a_huge_volume_does_not_stop_the_app_from_starting(home):
    (home / "settings.json").write_text('{"volume": 1' + "0" * 400 + "}")
    out = _run_bounded(
        """
        from game.app import App
        app = App(["--windowed"], headless=True, size=(800, 600))
        app.step()
        print(app.settings["volume"], bool(app._toast))
        app.close()
    """,
        home,
        timeout=60,
    )
    assert out.split() == [str(storage.DEFAULT_SETTINGS["volume"]), "True"]


# ---- item 8: files that are not regular files -------------------------------------------------------
def _make(kind: str, path):
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        os.mkdir(path)
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        cwd = os.getcwd()
        os.chdir(path.parent)  # a relative name: a socket's path is limited to about 100 bytes
        try:
            sock.bind(path.name)
        finally:
            os.chdir(cwd)
        return sock
    elif kind == "device":
        os.symlink("/dev/null", path)
    return None


# a pipe is tested in a subprocess or a thread with a time limit (before the fix, open() waited forever)
KINDS = [
    "dir",
    pytest.param("socket", marks=pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no AF_UNIX")),
    pytest.param("device", marks=pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")),
]


@needs_fifo
def test_a_fifo_settings_file_never_blocks_start_up(home):
    os.mkfifo(home / "settings.json")
    os.mkfifo(home / "autosave.json")
    (home / "saves").mkdir()
    os.mkfifo(home / "saves" / "piped.json")
    out = _run_bounded(
        """
        from game import storage
        settings, notice = storage.load_settings()
        print(settings == storage.DEFAULT_SETTINGS)
        print(notice)
        record, notice = storage.read_autosave()
        print(record)
        print(notice)
        print(storage.list_saves())
        try:
            storage.load_named(storage.saves_dir() / "piped.json")
        except storage.SaveError as exc:
            print(exc)
    """,
        home,
    )
    same, settings_notice, record, autosave_notice, saves, named = out.splitlines()
    assert same == "True" and record == "None" and saves == "[]"
    assert "settings.json" in settings_notice and "pipe" in settings_notice
    assert "autosave.json" in autosave_notice and "pipe" in autosave_notice
    assert "piped.json" in named and "pipe" in named
    assert (home / "settings.json").is_fifo() and (home / "autosave.json").is_fifo()  # left alone


@pytest.mark.parametrize("kind", KINDS)
def test_non_regular_settings_give_defaults_a_notice_and_are_left_alone(home, kind):
    path = home / "settings.json"
    sock = _make(kind, path)
    try:
        settings, notice = storage.load_settings()
        assert settings == storage.DEFAULT_SETTINGS
        assert notice and "\n" not in notice and "settings.json" in notice and ".bak" not in notice
        assert os.path.lexists(path) and not (home / "settings.json.bak").exists()
        zh = storage.tr("storage.settings_not_file", "zh", why="x")
        assert zh != "storage.settings_not_file"
    finally:
        if sock is not None:
            sock.close()


@pytest.mark.parametrize("kind", KINDS)
def test_non_regular_autosave_and_named_save_are_refused(home, kind):
    sock = _make(kind, home / "autosave.json")
    (home / "saves").mkdir()
    sock2 = _make(kind, home / "saves" / "odd.json")
    try:
        record, notice = storage.read_autosave()
        assert record is None and notice and "autosave.json" in notice and "\n" not in notice
        assert os.path.lexists(home / "autosave.json") and not (home / "autosave.json.bak").exists()
        with pytest.raises(SaveError) as info:
            storage.load_named(home / "saves" / "odd.json")
        assert "odd.json" in str(info.value)
        assert storage.list_saves() == []
    finally:
        for s in (sock, sock2):
            if s is not None:
                s.close()


@needs_fifo
def test_a_path_swapped_for_a_fifo_after_the_check_does_not_block(home, monkeypatch):
    """The race: a regular file when looked at, a pipe when opened (O_NONBLOCK + fstat)."""
    path = home / "saves" / "race.json"
    path.parent.mkdir()
    os.mkfifo(path)
    real_stat = os.stat

    class Regular:
        st_mode, st_size = 0o100644, 10

    def lying_stat(p, *a, **k):
        return Regular() if str(p) == str(path) else real_stat(p, *a, **k)

    monkeypatch.setattr(os, "stat", lying_stat)
    import threading

    result = []

    def load():
        try:
            storage.load_named(path)
        except SaveError as exc:
            result.append(str(exc))

    t = threading.Thread(target=load, daemon=True)
    t.start()
    t.join(10)
    if t.is_alive():  # unblock the reader so that the test run can end
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        pytest.fail("opening a pipe blocked")
    assert result and "race.json" in result[0] and "pipe" in result[0]


# ---- item 9: temp files, messages, failures shown at once -----------------------------------------------
def test_stale_temp_files_of_a_killed_write_are_removed_at_start(home):
    (home / "saves").mkdir()
    (home / "net").mkdir()
    old = time.time() - 3600
    stale = [
        home / ".autosave.json.k3j_x9ab.tmp",
        home / ".settings.json.abcd1234.tmp",
        home / "saves" / ".my game.json.zz99zz99.tmp",
        home / "net" / ".host.json.q1w2e3r4.tmp",
    ]
    keep = [
        home / ".autosave.json.fresh123.tmp",  # a write in progress (just made)
        home / "autosave.json",
        home / "notes.tmp",
        home / ".other.txt.abcd1234.tmp",
        home / "autosave.json.tmp",
        home / "saves" / "game.json",
    ]
    for p in stale + keep:
        p.write_text("{}")
    for p in stale + keep[1:]:
        os.utime(p, (old, old))
    os.mkdir(home / ".dir.json.abcd1234.tmp")
    os.utime(home / ".dir.json.abcd1234.tmp", (old, old))
    storage.load_settings()
    assert [p for p in stale if os.path.lexists(p)] == []
    assert all(p.exists() for p in keep) and (home / ".dir.json.abcd1234.tmp").is_dir()


def test_a_write_killed_in_a_subprocess_leaves_no_temp_after_the_next_start(home):
    tmp = home / ".autosave.json.deadbeef.tmp"
    tmp.write_text('{"half": ')
    os.utime(tmp, (time.time() - 600, time.time() - 600))
    _run_bounded(
        """
        from game import storage
        storage.load_settings()
    """,
        home,
    )
    assert not tmp.exists()


def test_a_failed_settings_write_names_the_settings(home):
    (home / "settings.json").mkdir()  # os.replace cannot put a file over a folder
    with pytest.raises(SaveError) as info:
        storage.save_settings(dict(storage.DEFAULT_SETTINGS))
    assert "settings could not be saved" in str(info.value).lower()
    assert "game" not in str(info.value).lower()
    zh = info.value.text("zh")
    assert "设置" in zh and zh != "storage.settings_write_failed"
    assert [p.name for p in home.iterdir()] == ["settings.json"]  # no temp file left


def test_a_failed_background_autosave_is_reported_by_poll_once(home):
    (home / "autosave.json").mkdir()
    assert storage.autosave_error() is None
    storage.write_autosave(_palace_record())
    deadline = time.monotonic() + 10
    error = None
    while error is None and time.monotonic() < deadline:
        error = storage.autosave_error()
        time.sleep(0.01)
    assert isinstance(error, SaveError) and "\n" not in str(error)
    assert storage.autosave_error() is None  # reported once
    storage.flush_autosave()  # and not raised a second time


def test_a_failed_autosave_shows_on_the_next_frame(home, monkeypatch):
    from conftest import Driver

    from game.i18n import tr

    d = Driver()
    try:
        scene = d.app.new_game("palace")
        d.settle(10)
        (home / "autosave.json").mkdir()  # every autosave from now on fails
        toasts = []
        real = d.app.toast
        monkeypatch.setattr(d.app, "toast", lambda text, *a: (toasts.append(text), real(text, *a)))
        scene.table.autosave()
        deadline = time.monotonic() + 10
        while storage._writer.busy is not None or storage._writer.pending:  # the thread has finished
            assert time.monotonic() < deadline
            time.sleep(0.01)
        d.step()
        want = tr("app.autosave_failed", d.app.lang, msg="")
        assert any(t.startswith(want) for t in toasts), toasts
    finally:
        d.close()
