"""The program's version and licence, and the notices of the third-party software it runs on,
read from the installed packages' metadata (importlib.metadata), for the About screen and the
built app (tools/build_app.py copies the metadata in). Pure Python: pygame is asked only for the
version of SDL it was built with, and only when it is already imported.

    program_version()          "0.3.0"
    program_licence()          the text of LICENSE (MIT)
    third_party()              [Notice(name, version, licence, url, text), ...]
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from game.paths import asset
from game.version import VERSION

#: the distributions the program runs on, in the order shown; the optional ones (network play
#: over the internet) appear only where they are installed
DISTRIBUTIONS = ("pygame-ce", "numpy", "numba", "llvmlite", "platformdirs", "twisted", "magic-wormhole")

#: the libraries pygame-ce's wheels bundle, by the start of their file name, with their licences
BUNDLED_LICENCES = (
    ("libSDL2_", "zlib"),
    ("libSDL2", "zlib"),
    ("SDL2_", "zlib"),
    ("SDL2", "zlib"),
    ("libfreetype", "FreeType License (FTL)"),
    ("freetype", "FreeType License (FTL)"),
    ("libharfbuzz", "MIT"),
    ("libpng", "libpng License"),
    ("libjpeg", "IJG License"),
    ("libtiff", "libtiff License (BSD-like)"),
    ("libwebp", "BSD-3-Clause"),
    ("libsharpyuv", "BSD-3-Clause"),
    ("libbrotli", "MIT"),
    ("libFLAC", "BSD-3-Clause"),
    ("libogg", "BSD-3-Clause"),
    ("libvorbis", "BSD-3-Clause"),
    ("libopus", "BSD-3-Clause"),
    ("libmpg123", "LGPL-2.1"),
    ("libfluidsynth", "LGPL-2.1"),
    ("libsndfile", "LGPL-2.1"),
    ("libasound", "LGPL-2.1"),
    ("libportmidi", "MIT"),
    ("libxmp", "MIT"),
    ("libwavpack", "BSD-3-Clause"),
    ("zlib", "zlib"),
)

ZLIB_LICENCE = """This software is provided 'as-is', without any express or implied warranty. In no event
will the authors be held liable for any damages arising from the use of this software.

Permission is granted to anyone to use this software for any purpose, including commercial
applications, and to alter it and redistribute it freely, subject to the following
restrictions:

1. The origin of this software must not be misrepresented; you must not claim that you wrote
   the original software. If you use this software in a product, an acknowledgment in the
   product documentation would be appreciated but is not required.
2. Altered source versions must be plainly marked as such, and must not be misrepresented as
   being the original software.
3. This notice may not be removed or altered from any source distribution."""

LGPL_NOTE = (
    "pygame-ce is free software under the GNU Lesser General Public License, version 2.1 "
    "(https://www.gnu.org/licenses/old-licenses/lgpl-2.1.html). Its source code, and the means to "
    "rebuild this program with a changed pygame-ce, are at {url}: Qipan loads it as a separate, "
    "replaceable library."
)


@dataclass(frozen=True)
class Notice:
    name: str  # as the distribution calls itself ("pygame-ce")
    version: str
    licence: str  # one line: an SPDX expression or the licence's name
    url: str
    text: str  # the licence texts the package ships, joined


def program_version() -> str:
    return VERSION


def program_licence() -> str:
    """The program's licence (LICENSE beside the program, or in the app's assets)."""
    for path in (asset("..", "LICENSE"), asset("LICENSE"), Path(__file__).resolve().parent.parent / "LICENSE"):
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            continue
    return "MIT License"


def _licence_line(meta) -> str:
    expression = meta.get("License-Expression")
    if expression:
        return expression.strip()
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text and len(text) < 80:
        return text
    classifiers = [c.split("::")[-1].strip() for c in meta.get_all("Classifier") or () if c.startswith("License ::")]
    return ", ".join(classifiers) or (text.splitlines()[0] if text else "see the project")


def _url(meta) -> str:
    urls = [u.split(",", 1)[-1].strip() for u in meta.get_all("Project-URL") or ()]
    sources = [u for u in urls if "github" in u or "source" in u.lower()]
    return meta.get("Home-page") or (sources or urls or [""])[0]


def _licence_texts(dist) -> list[str]:
    """The licence files the distribution ships (PEP 639 License-File, or LICENSE* beside its
    metadata), each headed by its name."""
    out: list[str] = []
    names = list(dist.metadata.get_all("License-File") or ())
    if not names:
        files = dist.files or ()
        names = [
            "/".join(f.parts[1:])
            for f in files
            if f.parts and f.parts[0].endswith(".dist-info") and re.match(r"(LICEN[CS]E|COPYING|NOTICE)", f.name, re.I)
        ]
    for name in names:
        text = None
        for where in (f"licenses/{name}", name):
            try:
                text = dist.read_text(where)
            except (OSError, ValueError):
                text = None
            if text:
                break
        if text:
            out.append(f"--- {name} ---\n{text.strip()}")
    if not out:
        text = (dist.metadata.get("License") or "").strip()
        if "\n" in text or len(text) >= 80:
            out.append(text)
    return out


def _bundled(dist) -> list[str]:
    """Lines naming the shared libraries a wheel bundles (auditwheel's <name>.libs/ folder,
    delocate's .dylibs/, delvewheel's .libs), with their licences where known."""
    lines = []
    for f in dist.files or ():
        parts = f.parts
        if len(parts) >= 2 and (parts[-2].endswith(".libs") or parts[-2] == ".dylibs"):
            licence = next((lic for start, lic in BUNDLED_LICENCES if f.name.startswith(start)), "see the library")
            lines.append(f"  {f.name}: {licence}")
    return sorted(set(lines))


def _sdl_version() -> str | None:
    pygame = sys.modules.get("pygame")
    if pygame is None:
        return None
    try:
        return ".".join(map(str, pygame.get_sdl_version()))
    except Exception:  # noqa: BLE001 -- only a version line is lost
        return None


def third_party() -> list[Notice]:
    """The notices of every installed distribution of DISTRIBUTIONS, then SDL, then the fonts."""
    out = []
    for name in DISTRIBUTIONS:
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        meta = dist.metadata
        texts = _licence_texts(dist)
        url = _url(meta)
        if name == "pygame-ce":
            texts.insert(0, LGPL_NOTE.format(url=url or "https://github.com/pygame-community/pygame-ce"))
            bundled = _bundled(dist)
            if bundled:
                texts.append("Libraries bundled with pygame-ce:\n" + "\n".join(bundled))
        out.append(Notice(meta["Name"] or name, meta["Version"] or "?", _licence_line(meta), url, "\n\n".join(texts)))
    sdl = _sdl_version()
    out.append(
        Notice(
            "SDL",
            sdl or "2",
            "Zlib",
            "https://libsdl.org",
            "Simple DirectMedia Layer (and SDL_image, SDL_mixer, SDL_ttf), bundled with pygame-ce.\n"
            "Copyright (C) 1997-2025 Sam Lantinga <slouken@libsdl.org>\n\n" + ZLIB_LICENCE,
        )
    )
    try:
        ofl = asset("fonts", "OFL.txt").read_text(encoding="utf-8")
    except OSError:
        ofl = "SIL Open Font License, version 1.1 (https://openfontlicense.org)"
    out.append(
        Notice(
            "Noto Sans CJK SC, Noto Serif CJK SC",
            "",
            "OFL-1.1",
            "https://github.com/notofonts/noto-cjk",
            "Subsets of the fonts, made by tools/make_font_subset.py.\n\n" + ofl.strip(),
        )
    )
    python = _python_licence()
    out.append(Notice("Python", sys.version.split()[0], "PSF-2.0", "https://www.python.org", python))
    return out


def _python_licence() -> str:
    import sysconfig

    for path in (asset("licenses", "python.txt"), Path(sysconfig.get_path("stdlib")) / "LICENSE.txt"):
        try:
            return path.read_text(encoding="utf-8").strip()
        except OSError:
            continue
    return "Python Software Foundation License, version 2 (https://docs.python.org/3/license.html)"
