"""Build the app for players without Python: python tools/build_app.py

Freezes the program with PyInstaller (pinned in requirements-dev.txt; the spec is
tools/qipan.spec) into a one-folder app and packs it for download:

    dist/qipan/                                   the app folder (Linux, Windows)
    dist/qipan/qipan, dist/qipan/qipan.exe        its launcher
    dist/Qipan.app                                the app bundle (macOS; launcher Contents/MacOS/qipan)
    dist/qipan-VERSION-linux-x86_64.tar.gz        the download (-windows-x86_64.zip, -macos-arm64.zip)

Then `dist/qipan/qipan --selftest` checks it (docs/BUILD.md has the contracts). Options:
--no-archive skips the archive; --selftest runs the launcher's --selftest after the build in a
bare environment (a fresh HOME, nothing else); --keep-work keeps PyInstaller's work folder.
Prints the build time and the sizes at the end.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "tools" / "qipan.spec"
NAME = "qipan"
MAC_BUNDLE = "Qipan.app"


# ---- pure helpers (tests/test_build_app.py) ------------------------------------------------------
def system_name(platform_id: str | None = None) -> str:
    """'linux', 'windows' or 'macos' for a sys.platform value."""
    pid = sys.platform if platform_id is None else platform_id
    if pid.startswith("win"):
        return "windows"
    if pid == "darwin":
        return "macos"
    if pid.startswith("linux"):
        return "linux"
    return pid


def machine_name(machine: str | None = None) -> str:
    """'x86_64' or 'arm64' for a platform.machine() value (AMD64, aarch64, ...)."""
    m = (platform.machine() if machine is None else machine).lower()
    if m in ("x86_64", "amd64", "x64"):
        return "x86_64"
    if m in ("arm64", "aarch64", "armv8", "armv8l"):
        return "arm64"
    return m


def platform_tag(platform_id: str | None = None, machine: str | None = None) -> str:
    """'linux-x86_64', 'windows-x86_64', 'macos-arm64', ..."""
    return f"{system_name(platform_id)}-{machine_name(machine)}"


def archive_name(version: str, tag: str) -> str:
    """The download's file name: a .tar.gz on Linux (keeps the launcher executable), else .zip."""
    suffix = ".tar.gz" if tag.startswith("linux") else ".zip"
    return f"{NAME}-{version}-{tag}{suffix}"


def app_path(dist: Path, system: str) -> Path:
    """What the archive holds: the app folder, or the .app bundle on macOS."""
    return dist / (MAC_BUNDLE if system == "macos" else NAME)


def launcher_path(dist: Path, system: str) -> Path:
    if system == "macos":
        return dist / MAC_BUNDLE / "Contents" / "MacOS" / NAME
    return dist / NAME / (f"{NAME}.exe" if system == "windows" else NAME)


def read_version(root: Path = ROOT) -> str:
    """The version in game/version.py (pyproject.toml carries the same, tests check it)."""
    text = (root / "game" / "version.py").read_text(encoding="utf-8")
    match = re.search(r'^VERSION\s*=\s*"([^"]+)"', text, re.M)
    if not match:
        raise ValueError("game/version.py has no VERSION")
    return match.group(1)


def folder_size(path: Path) -> int:
    """Bytes of every file under `path` (symbolic links not followed)."""
    if path.is_file():
        return path.stat().st_size
    total = 0
    for folder, _dirs, files in os.walk(path):
        for name in files:
            p = os.path.join(folder, name)
            if not os.path.islink(p):
                total += os.path.getsize(p)
    return total


def mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


def make_archive(src: Path, out: Path) -> Path:
    """Pack the folder `src` (as its own top folder) into `out` (.tar.gz or .zip). A macOS .app
    goes through ditto, which keeps its symbolic links and signatures."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    if out.name.endswith(".tar.gz"):
        with tarfile.open(out, "w:gz", compresslevel=6) as tar:
            tar.add(src, arcname=src.name)
    elif src.suffix == ".app" and shutil.which("ditto"):
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(src), str(out)], check=True)
    else:
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
            for folder, dirs, files in os.walk(src):
                dirs.sort()
                for name in sorted(files):
                    p = Path(folder, name)
                    z.write(p, p.relative_to(src.parent).as_posix())
    return out


def notices_text() -> str:
    """THIRD-PARTY-NOTICES.txt: what the About screen shows, from the build's installed packages."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: F401  (for the version of SDL in the notices)

    from game import notices

    parts = [f"Qipan {notices.program_version()}: third-party software it contains\n"]
    for n in notices.third_party():
        head = f"{n.name} {n.version}".strip()
        parts.append(f"{'=' * 78}\n{head}\nLicence: {n.licence}\n{n.url}\n\n{n.text}\n")
    return "\n".join(parts)


# ---- the build ---------------------------------------------------------------------------------
def run_pyinstaller(work: Path, dist: Path) -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))
    env["QIPAN_NO_JIT"] = "1"  # the spec imports the game package: no numba cache written while building
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level=WARN",
        f"--distpath={dist}",
        f"--workpath={work}",
        str(SPEC),
    ]
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT, env=env)


def add_top_files(app: Path, system: str) -> None:
    """The licences beside the launcher, where a player finds them."""
    top = app / "Contents" / "Resources" if system == "macos" else app
    shutil.copy2(ROOT / "LICENSE", top / "LICENSE.txt")
    (top / "THIRD-PARTY-NOTICES.txt").write_text(notices_text(), encoding="utf-8")


def selftest(launcher: Path) -> int:
    """The launcher's --selftest as a player's first start: a fresh HOME, no other variables."""
    with tempfile.TemporaryDirectory(prefix="qipan-home-") as home:
        env = {"HOME": home, "PATH": "/usr/bin:/bin"}
        if system_name() == "windows":  # Windows needs its system variables to start a process
            env = {
                k: v
                for k, v in os.environ.items()
                if k.upper() in ("SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "TEMP", "TMP")
            }
            env.update(USERPROFILE=home, LOCALAPPDATA=os.path.join(home, "AppData", "Local"))
        print(f"+ {launcher} --selftest  (HOME={home}, bare environment)", flush=True)
        return subprocess.run([str(launcher), "--selftest"], env=env).returncode


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python tools/build_app.py", description=__doc__.split("\n")[0])
    p.add_argument("--dist", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    p.add_argument("--no-archive", action="store_true", help="build the app folder only")
    p.add_argument("--selftest", action="store_true", help="run the launcher's --selftest after the build")
    p.add_argument("--keep-work", action="store_true", help="keep PyInstaller's work folder (build/pyinstaller)")
    args = p.parse_args(argv)

    dist = Path(args.dist).resolve()
    work = ROOT / "build" / "pyinstaller"
    system, tag, version = system_name(), platform_tag(), read_version()
    started = time.perf_counter()
    run_pyinstaller(work, dist)
    app = app_path(dist, system)
    add_top_files(app, system)
    built = time.perf_counter() - started
    launcher = launcher_path(dist, system)
    if not launcher.exists():
        print(f"build_app: no launcher at {launcher}", file=sys.stderr)
        return 1
    lines = [f"app: {app} ({mib(folder_size(app))}), launcher {launcher}", f"freeze: {built:.0f} s"]
    if not args.no_archive:
        t = time.perf_counter()
        archive = make_archive(app, dist / archive_name(version, tag))
        lines.append(f"archive: {archive} ({mib(archive.stat().st_size)}, packed in {time.perf_counter() - t:.0f} s)")
    if not args.keep_work:
        shutil.rmtree(work, ignore_errors=True)
    lines.append(f"build time: {time.perf_counter() - started:.0f} s in all")
    for line in lines:
        print(f"build_app: {line}", flush=True)
    if args.selftest:
        return selftest(launcher)
    return 0


if __name__ == "__main__":
    sys.exit(main())
