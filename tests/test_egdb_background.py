"""Building the draughts endgame tables in the background (game/ai/draughts/egdb/background.py) and
its Settings row (game/scenes/views/draughts/settings_rows.py): a real build in a child process
gives the shipped bytes, a cancel leaves nothing, a failure says why, the engine's process picks a
new table up without a restart, and the row shows it all in both languages.

The builds here are of the 3 pieces (a second or two once numba's cache is warm; a cold compile
of the generator can take a minute on a busy machine, hence the long time-outs)."""

import os
import shutil
import time
from pathlib import Path

import pygame
import pytest

from game.ai.draughts import egdb as E
from game.ai.draughts.egdb import background as BG

WAIT = 300  # seconds: a cold numba compile on a loaded 2-core machine
SHIPPED = E.package_dir()  # before a test hides a table from this process


def wait_for(job, seconds=WAIT):
    end = time.monotonic() + seconds
    while job.running or job.alive:
        assert time.monotonic() < end, f"the build did not end: {job.state} {job.lines[-1:]}"
        job.poll()
        time.sleep(0.05)
    return job.state


def test_a_background_build_writes_the_shipped_bytes(tmp_path):
    job = BG.TableBuild(3, tmp_path / "out")
    job.start()
    seen = []
    end = time.monotonic() + WAIT
    while job.running or job.alive:
        assert time.monotonic() < end
        job.poll()
        seen.append(job.fraction)
        time.sleep(0.02)
    assert job.state == BG.DONE, job.error
    assert job.path == tmp_path / "out" / "egdb3.bin"
    assert job.path.read_bytes() == (E.package_dir() / "egdb3.bin").read_bytes()
    assert seen == sorted(seen) and job.fraction == 1.0  # the bar only moves forward
    assert any(line.startswith("3 pieces 100.0%") for line in job.lines)
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["egdb3.bin"]  # nothing else left


def test_cancel_ends_the_process_and_leaves_no_file(tmp_path):
    out = tmp_path / "out"
    job = BG.TableBuild(4, out)
    job.start()
    out.mkdir(parents=True, exist_ok=True)
    part = E.part_name(out / "egdb4.bin", job.pid)  # as if killed halfway through writing
    part.write_bytes(b"half")
    proc = job._proc
    job.cancel()
    assert job.state == BG.CANCELLED and not job.running and not job.alive
    assert not proc.is_alive()
    assert list(out.iterdir()) == []


def test_a_failing_build_reports_why(tmp_path):
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    job = BG.TableBuild(3, blocked / "egdb")
    job.start()
    assert wait_for(job, 120) == BG.FAILED
    assert job.error[0] == "io" and job.error[1]


def test_a_killed_build_is_a_failure_and_leaves_no_file(tmp_path):
    out = tmp_path / "out"
    job = BG.TableBuild(4, out)
    job.start()
    out.mkdir(parents=True, exist_ok=True)
    E.part_name(out / "egdb4.bin", job.pid).write_bytes(b"half")
    job._proc.kill()  # the system's out-of-memory killer, say
    assert wait_for(job, 30) == BG.FAILED
    assert job.error[0] == "killed"
    assert list(out.iterdir()) == []


def test_write_file_leaves_nothing_when_the_disk_is_full(tmp_path, monkeypatch):
    blobs = E.read_file(E.package_dir() / "egdb2.bin")
    dists = {code: E.pack_dist(E.read_dist(E.package_dir() / "egdb2.bin", code)) for code in blobs}
    real_open = open

    class Full:
        def __init__(self, *a, **k):
            self.f = real_open(*a, **k)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            raise OSError(28, "No space left on device")

    out = tmp_path / "out"
    with monkeypatch.context() as m:
        m.setattr("builtins.open", Full)
        with pytest.raises(OSError):
            E.write_file(out / "egdb2.bin", 2, blobs, dists)
    assert list(out.iterdir()) == []
    shares = []
    E.write_file(out / "egdb2.bin", 2, blobs, dists, shares.append)
    assert (out / "egdb2.bin").read_bytes() == (E.package_dir() / "egdb2.bin").read_bytes()
    assert shares == sorted(shares) and shares[-1] == 1.0


def test_tables_pick_up_a_table_built_later(tmp_path, monkeypatch):
    """The worker's tables() looks for new files now and then while one is missing: a table built
    while the app runs is used without a restart."""
    shipped = E.package_dir()
    package = tmp_path / "package"
    package.mkdir()
    shutil.copy(shipped / "egdb2.bin", package / "egdb2.bin")
    try:
        with monkeypatch.context() as m:
            m.setattr(E, "package_dir", lambda: package)
            m.setattr(E, "LOOK_EVERY", 0.0)
            assert E.reload()[1][E.TOP] == 2
            assert BG.covered() == 2
            E.user_dir().mkdir(parents=True, exist_ok=True)
            shutil.copy(shipped / "egdb3.bin", E.user_dir() / "egdb3.bin")
            assert E.tables()[1][E.TOP] == 3 and E.pieces_covered() == 3
            assert BG.covered() == 3 and BG.file_size(3) == (shipped / "egdb3.bin").stat().st_size
    finally:
        E.reload()


# ---- the Settings row ------------------------------------------------------------------------------
@pytest.fixture
def three_missing(tmp_path, monkeypatch):
    """Settings builds the 3-piece tables (the package's copy hidden from this process only)."""
    from game.scenes.views.draughts import settings_rows

    package = tmp_path / "package"
    package.mkdir()
    shutil.copy(E.package_dir() / "egdb2.bin", package / "egdb2.bin")
    with monkeypatch.context() as m:
        m.setattr(E, "package_dir", lambda: package)
        m.setattr(settings_rows, "PIECES", 3)
        yield settings_rows
    E.reload()


def _row(scene):
    from game.scenes.views.draughts.settings_rows import TablesRow

    return next(w for w in scene.rows if isinstance(w, TablesRow))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_row_renders_in_both_languages(driver, lang, three_missing):
    app = driver.app
    app.set_lang(lang)
    scene = app.open("settings")
    driver.step(2)
    row = _row(scene)
    assert row.rect.h > 0 and scene.panel.contains(row.rect)
    text = row.label()
    assert text.endswith("2 pieces" if lang == "en" else "2 子") and "3" not in text
    assert row.button() is row.build_button
    lw, area = row.layout()
    assert row.build_button.needed_width(row.rect.h) <= area.w  # the button's words at full size
    assert len(row.label_lines(lw - 16)) == 1  # the label on one line, at the body size
    words = row.build_button.text()
    assert ("3" in words and "MB" in words) and (("分钟" in words) if lang == "zh" else ("min" in words))
    assert row.size >= theme_body(app)


def theme_body(app):
    from game.scenes.widgets import font_px

    return font_px(app)


def test_clicking_build_asks_then_builds_and_the_row_follows(driver, three_missing):
    app = driver.app
    scene = app.open("settings")
    driver.step(2)
    row = _row(scene)
    driver.click(row.build_button.rect.center)
    dialog = app.top
    assert dialog is not scene and "jobs" in vars(app) and not app.jobs  # it asks first
    driver.key(pygame.K_RETURN)  # Enter: the safe answer, Not now
    assert app.top is scene and not app.jobs
    driver.click(row.build_button.rect.center)
    yes = app.top.buttons[0]
    driver.click(yes.rect.center)
    assert app.top is scene and three_missing.JOB in app.jobs
    job = app.jobs[three_missing.JOB]
    driver.step()
    assert row.button() is row.cancel_button
    driver.key(pygame.K_ESCAPE)  # leaving Settings keeps it running
    assert app.top is not scene and three_missing.JOB in app.jobs
    end = time.monotonic() + WAIT
    while three_missing.JOB in app.jobs:
        assert time.monotonic() < end
        driver.step()
        time.sleep(0.02)
    assert job.build.state == BG.DONE, job.build.error
    assert (E.user_dir() / "egdb3.bin").read_bytes() == (SHIPPED / "egdb3.bin").read_bytes()
    assert "Endgame tables ready: 2–3 pieces" in app._toast[0]
    scene = app.open("settings")
    driver.step()
    row = _row(scene)
    assert row.complete() and row.button() is None and "2–3" in row.label()


def test_cancel_from_the_row_and_quitting_stop_the_build(driver, three_missing):
    app = driver.app
    scene = app.open("settings")
    driver.step(2)
    row = _row(scene)
    row.start()
    job = app.jobs[three_missing.JOB]
    driver.step()
    driver.click(row.cancel_button.rect.center)
    assert app.top is not scene  # asks: Keep building is the default
    driver.key(pygame.K_ESCAPE)
    assert app.top is scene and job.build.running
    driver.click(row.cancel_button.rect.center)
    driver.click(app.top.buttons[0].rect.center)  # Stop
    assert not app.jobs and job.build.state == BG.CANCELLED and not job.build.alive
    row.start()
    proc = app.jobs[three_missing.JOB].build._proc
    app.close()  # quitting stops it too
    assert not proc.is_alive() and not app.jobs
    assert not list(E.user_dir().glob("*")) if E.user_dir().is_dir() else True


def test_a_failure_shows_a_message_and_the_app_goes_on(driver, three_missing, monkeypatch):
    app = driver.app
    scene = app.open("settings")
    driver.step(2)
    row = _row(scene)
    blocked = Path(os.environ["QIPAN_HOME"]) / "egdb"
    blocked.write_text("a file where the folder should be")
    row.start()
    end = time.monotonic() + 120
    while three_missing.JOB in app.jobs:
        assert time.monotonic() < end
        driver.step()
        time.sleep(0.02)
    assert app.top is not scene and any("egdb" in line for line in app.top.lines)
    driver.key(pygame.K_RETURN)
    assert app.top is scene and row.button() is row.build_button
