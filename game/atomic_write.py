"""Files written whole or not at all: a temporary file in the same folder, flushed and fsynced,
then os.replace. No game imports, so that the engines (game.ai) may use it too; BackgroundWriter
(game.atomic_files) does it in a thread for the game's saves."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path


def atomic_write_bytes(path, chunks: Iterable[bytes], tmp: Path | None = None) -> None:
    """Write the chunks to `path` so that the file is either the old one or the whole new one.
    tmp: the temporary file's name (default: a new one beside `path`); it is removed if the
    write fails."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if tmp is None:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
        f = os.fdopen(fd, "wb")
        tmp = Path(name)
    else:
        f = open(tmp, "wb")
    try:
        with f:
            for chunk in chunks:
                f.write(chunk)
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


def atomic_write_text(path, text: str) -> None:
    """Write `text` (UTF-8, newlines as given) to `path`, whole or not at all."""
    atomic_write_bytes(path, [text.encode("utf-8")])
