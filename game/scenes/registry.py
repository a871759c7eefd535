"""Scenes opened by name (as Tuxemon's state manager does): a scene module registers its classes
with @register("name"), and app.open("name", *args) makes and pushes one. So scene modules import
neither each other nor the app; game.app imports every scene module once, at start.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SCENES: dict[str, Any] = {}


def register(name: str) -> Callable[[Any], Any]:
    """Class decorator: the scene class opened by app.open(name, ...)."""

    def deco(cls: Any) -> Any:
        if name in SCENES and SCENES[name] is not cls:
            raise ValueError(f"two scenes named {name!r}")
        SCENES[name] = cls
        return cls

    return deco


def make(name: str, app: Any, *args: Any, **kwargs: Any) -> Any:
    """A new scene of the class registered as `name`."""
    try:
        cls = SCENES[name]
    except KeyError:
        raise KeyError(f"no scene named {name!r}; known: {', '.join(sorted(SCENES))}") from None
    return cls(app, *args, **kwargs)
