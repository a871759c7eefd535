"""tools/build_app.py's pure helpers: names of the download, where the launcher is, the version.
(Building the app itself is CI's separate step after the tests, see .ci/run.)"""

import re
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_app  # noqa: E402


def test_platform_tags():
    assert build_app.platform_tag("linux", "x86_64") == "linux-x86_64"
    assert build_app.platform_tag("win32", "AMD64") == "windows-x86_64"
    assert build_app.platform_tag("darwin", "arm64") == "macos-arm64"
    assert build_app.platform_tag("linux", "aarch64") == "linux-arm64"


def test_archive_names():
    assert build_app.archive_name("0.3.0", "linux-x86_64") == "qipan-0.3.0-linux-x86_64.tar.gz"
    assert build_app.archive_name("0.3.0", "windows-x86_64") == "qipan-0.3.0-windows-x86_64.zip"
    assert build_app.archive_name("0.3.0", "macos-arm64") == "qipan-0.3.0-macos-arm64.zip"


def test_launcher_paths():
    dist = Path("dist")
    assert build_app.launcher_path(dist, "linux") == dist / "qipan" / "qipan"
    assert build_app.launcher_path(dist, "windows") == dist / "qipan" / "qipan.exe"
    assert build_app.launcher_path(dist, "macos") == dist / "Qipan.app" / "Contents" / "MacOS" / "qipan"
    assert build_app.app_path(dist, "macos") == dist / "Qipan.app"
    assert build_app.app_path(dist, "linux") == dist / "qipan"


def test_version_is_pyprojects():
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    from game.version import VERSION

    assert build_app.read_version() == VERSION == project["version"]


def test_archives_keep_the_top_folder_and_the_launchers_mode(tmp_path):
    app = tmp_path / "qipan"
    (app / "_internal").mkdir(parents=True)
    launcher = app / "qipan"
    launcher.write_text("#!/bin/sh\n")
    launcher.chmod(0o755)
    (app / "_internal" / "data.txt").write_text("x")
    assert build_app.folder_size(app) == len("#!/bin/sh\n") + 1

    tgz = build_app.make_archive(app, tmp_path / "out" / "a.tar.gz")
    with tarfile.open(tgz) as tar:
        member = tar.getmember("qipan/qipan")
        assert member.mode & 0o111
        assert "qipan/_internal/data.txt" in tar.getnames()
    z = build_app.make_archive(app, tmp_path / "out" / "a.zip")
    with zipfile.ZipFile(z) as zf:
        assert sorted(zf.namelist()) == ["qipan/_internal/data.txt", "qipan/qipan"]


def _readme_download() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("## Download", 1)[1].split("\n## ", 1)[0]


def test_readme_download_names_what_the_release_workflow_builds():
    """Every archive release.yml makes is in README's Download table and docs/BUILD.md under the
    name build_app.py gives it, and the table offers nothing else."""
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    tags = re.findall(r"^\s+tag: (\S+)", workflow, re.M)
    assert sorted(tags) == ["linux-x86_64", "macos-arm64", "windows-x86_64"]
    download, build = _readme_download(), (ROOT / "docs" / "BUILD.md").read_text(encoding="utf-8")
    for tag in tags:
        name = build_app.archive_name("VERSION", tag)
        assert f"`{name}`" in download and f"`{name}`" in build, name
    assert sorted(re.findall(r"`(qipan-VERSION-[^`]+)`", download)) == sorted(
        {build_app.archive_name("VERSION", t) for t in tags}
    )


def test_readme_macos_floor_is_the_bundles():
    """The bundle refuses to start below LSMinimumSystemVersion; README promises the same floor, and
    the release builds on that macOS (pip takes the newest wheels the runner fits: numpy's are
    macosx_14_0_arm64 there)."""
    spec = (ROOT / "tools" / "qipan.spec").read_text(encoding="utf-8")
    floor = re.search(r'"LSMinimumSystemVersion": "(\d+)\.0"', spec).group(1)
    assert f"| macOS {floor}+ on Apple silicon |" in _readme_download()
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert re.search(rf"os: macos-{floor}\b", workflow)
