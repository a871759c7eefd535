"""Just-in-time compilation for the engines' inner loops, when numba is installed.

`njit` compiles a function to machine code with numba (cached on disk, so only the first run of
a new version pays the compile); without numba, or with QIPAN_NO_JIT=1 set, AVAILABLE is False
and the callers keep their plain-Python search. The compiled functions are ordinary Python
source: numba only changes how fast they run, not what they compute.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import sys
import time
import types
from collections.abc import Iterator

KEEP_DAYS = 30  # compiled code of other versions is removed after this long unused


def cache_dir() -> str:
    """Where numba keeps the compiled code: one folder per version of the engines' and rules'
    sources. numba's own check looks only at the file that holds each compiled function, not at
    the files of the functions it calls, and site-packages may be read-only."""
    import platformdirs

    game = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    digest = hashlib.sha256()
    for sub in ("ai", "rules"):
        top = os.path.join(game, sub)
        for folder, _dirs, names in sorted(os.walk(top)):
            for name in sorted(names):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    with open(path, "rb") as f:
                        digest.update(os.path.relpath(path, top).encode() + b"\0" + f.read())
    return os.path.join(platformdirs.user_cache_dir("qipan", appauthor=False), "numba", digest.hexdigest()[:16])


def _prune(current: str) -> None:
    parent = os.path.dirname(current)
    try:
        old = [e for e in os.scandir(parent) if e.is_dir() and e.path != current]
        for entry in old:
            if time.time() - entry.stat().st_mtime > KEEP_DAYS * 86400:
                shutil.rmtree(entry.path, ignore_errors=True)
    except OSError:
        pass


AVAILABLE = False
if os.environ.get("QIPAN_NO_JIT") != "1":
    try:
        CACHE = cache_dir()
        os.makedirs(CACHE, exist_ok=True)
        os.utime(CACHE)  # in use: kept by _prune
        _prune(CACHE)
        os.environ["NUMBA_CACHE_DIR"] = CACHE  # read when numba is imported, here or in a child
        import numba

        numba.config.CACHE_DIR = CACHE  # type: ignore[attr-defined]  # numba imported earlier: it read the variable then
        import warnings

        # the clock is read in an object-mode block (fast.poll), which takes the lock for a moment:
        # numba warns about it at every compile of a nogil function that holds one
        warnings.filterwarnings("ignore", message=".*Code running in object mode won't allow parallel")
        AVAILABLE = True
    except Exception:  # not installed, or broken on this platform: the plain-Python engine plays
        AVAILABLE = False


if AVAILABLE:
    from numba import objmode
else:

    class objmode:  # type: ignore[no-redef]  # the same block, run by the interpreter
        def __init__(self, **types):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False


def njit(func):
    """numba.njit when numba is available, else the function itself; cached on disk. It runs
    without the interpreter's lock: the caller's other threads (a Hub's input, the worker's
    watchdog, the search's helper threads) run beside it."""
    if AVAILABLE:
        return numba.njit(cache=True, nogil=True)(func)
    return func


def njit_uncounted(func):
    """njit for a hot function that creates no arrays, only reads and writes those it is given:
    compiled without numba's reference counts. numba counts each array a function receives, with
    an atomic add on entry and a subtract on leaving; the draughts search passes its 16 arrays
    down every ply, and those counts took 55% of its time (perf, bench_draughts_middle.py). The
    caller owns the arrays for the whole call, so the counts guard nothing there. numba refuses
    to compile such a function if it creates an array."""
    if AVAILABLE:
        return numba.njit(cache=True, nogil=True, _nrt=False)(func)
    return func


@contextlib.contextmanager
def compile_lock(name: str) -> Iterator[None]:
    """Hold a lock file in the cache folder while compiling, across processes: two processes that
    compile the same functions into a cold cache at once (the app's worker and its hint, say) can
    leave numba's cache of a recursive function unloadable ("LLVM ERROR: Symbol not found"), and
    every later run then crashes. The second process waits, then loads what the first wrote."""
    if not AVAILABLE:
        yield
        return
    path = os.path.join(CACHE, name + ".lock")
    with open(path, "a+b") as f:
        if sys.platform == "win32":
            import msvcrt

            f.seek(0)
            while True:
                try:
                    msvcrt.locking(f.fileno(), msvcrt.LK_LOCK, 1)  # retries for 10 s, then raises
                    break
                except OSError:
                    continue
            try:
                yield
            finally:
                f.seek(0)
                msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(f.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def specialise(functions, constants: dict, suffix: str) -> dict:
    """The compiled `functions` (of one module) compiled again with some of their module's
    globals replaced: `constants` maps a global's name to its value in the copies (a number, an
    array, or another compiled function, which numba reads as constants when it compiles). The
    copies call each other where the originals did, so one source serves several boards or rule
    sets, each compiled to its own code. Returns {name: copy}; each copy is cached on disk
    under its own name (name__suffix). Without numba the copies are plain functions."""
    first = getattr(functions[0], "py_func", functions[0])
    names = dict(first.__globals__)
    names.update(constants)
    out = {}
    for f in functions:
        py = getattr(f, "py_func", f)
        copy = types.FunctionType(py.__code__, names, py.__name__, py.__defaults__, py.__closure__)
        copy.__qualname__ = f"{py.__qualname__}__{suffix}"
        copy.__module__ = py.__module__
        if AVAILABLE:
            options = {k: v for k, v in f.targetoptions.items() if k != "nopython"}
            copy = numba.njit(cache=True, **options)(copy)
        names[py.__name__] = out[py.__name__] = copy
    return out
