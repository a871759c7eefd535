"""Where the shipped files are: the checkout's assets/ folder, or game/assets in an installation
(pyproject.toml installs assets/ there, so `pip install .` and `pipx install .` carry the fonts)."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def asset(*parts: str) -> Path:
    """The path of a shipped file, e.g. asset("fonts", "OFL.txt")."""
    for root in (_PACKAGE / "assets", _PACKAGE.parent / "assets"):
        if root.is_dir():
            return root.joinpath(*parts)
    return _PACKAGE.parent.joinpath("assets", *parts)
