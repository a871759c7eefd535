"""Autosave of network games, on both sides, after every change.

One file per role in the player's data folder (game.storage.data_dir(), $QIPAN_HOME in tests):
net/host.json and net/guest.json (net/online-host.json and net/online-guest.json for games through
a wormhole, with the mailbox server's URL), written atomically (game.atomic_files). It holds
the NetGame record (game, options, seats, start, plies with Banqi reveals, a requested ending), the
host's port or the guest's host address, the game's secret (derived by both sides when the game
was accepted, never sent: a returning guest proves it to resume), and, on the host of a Banqi game only, the deal's seed
(the guest's file never has it: the guest never learns it). A file that is damaged or does not
replay is ignored, never trusted: reading checks size, JSON, types and every ply against the rules.
A game on a clock also keeps its time control and what each seat had left in every position and
at the moment of saving (`"clock"`, as in a local save: the host's figures on both sides); a file
without it (saved before clocks) is a game without clocks.
"""

from __future__ import annotations

import atexit
import json
import math
from pathlib import Path

from game import games
from game.atomic_files import BackgroundWriter, atomic_write_text
from game.clock import ClockError, TimeControl
from game.net.game import NetGame
from game.record import SaveError
from game.rules.common import PositionError

MAX_BYTES = 1_000_000
MAX_PLIES = 20_000
MAX_SECONDS = 1_000_000.0  # a clock figure beyond it is damage (the wire's limit is 999999.999 s)
ROLES = ("host", "guest")


def path(role: str, online: bool = False) -> Path:
    """The file of `role`; online games (game.net.online) keep their own: net/online-<role>.json."""
    from game import storage

    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}")
    return storage.data_dir() / "net" / f"{'online-' if online else ''}{role}.json"


def _text(record: dict) -> str:
    return json.dumps({"format": "qipan-net", "version": 1, **record}, indent=1) + "\n"


def write(record: dict, target=None) -> None:
    """Save a session record (Session.record()); errors of the disk are left to the caller."""
    atomic_write_text(target or path(record["role"], bool(record.get("online"))), _text(record))


# the latest record of each file, written in a thread so that an autosave's fsync never stalls a frame
_writer = BackgroundWriter()


def autosave(record: dict) -> None:
    """Save in the background (latest record per role wins); never raises: a full disk must not
    break the game on the table."""
    try:
        _writer.submit(path(record["role"], bool(record.get("online"))), _text(record))
    except (SaveError, ValueError, TypeError):
        pass


def flush(timeout: float = 5.0) -> None:
    """Wait until every autosave handed over is written."""
    try:
        _writer.flush(timeout=timeout)
    except SaveError:
        pass


atexit.register(flush)


def clear(role: str, online: bool = False) -> None:
    try:
        path(role, online).unlink()
    except OSError:
        pass


def _check(data) -> dict:
    def need(cond, what):
        if not cond:
            raise ValueError(f"bad {what}")

    need(isinstance(data, dict) and data.get("format") == "qipan-net" and data.get("version") == 1, "format")
    need(data.get("role") in ROLES, "role")
    need(data.get("game") in games.NAMES, "game")
    need(
        isinstance(data.get("id"), str)
        and 8 <= len(data["id"]) <= 32
        and all(c in "0123456789abcdef" for c in data["id"]),
        "id",
    )
    need(isinstance(data.get("options"), dict) and len(data["options"]) <= 32, "options")
    need(data.get("host_seat") in (0, 1) and not isinstance(data.get("host_seat"), bool), "host_seat")
    need(isinstance(data.get("position"), str) and len(data["position"]) <= 400, "position")
    plies = data.get("plies")
    need(isinstance(plies, list) and len(plies) <= MAX_PLIES, "plies")
    for p in plies:
        need(
            isinstance(p, list)
            and len(p) == 2
            and isinstance(p[0], str)
            and len(p[0]) <= 200
            and (p[1] is None or (isinstance(p[1], str) and len(p[1]) == 1)),
            "ply",
        )
    seed = data.get("secret_seed")
    need(seed is None or (isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**64), "seed")
    need(data["role"] == "host" or seed is None, "seed")
    secret = data.get("secret")  # absent in files of protocol version 1: resuming needs the join code
    need(
        secret is None
        or (isinstance(secret, str) and len(secret) == 64 and all(c in "0123456789abcdef" for c in secret)),
        "secret",
    )
    need(bool(data.get("hidden")) == (data["role"] == "guest" and games.get(data["game"]).hidden), "hidden")
    over = data.get("over")
    need(
        over is None
        or (
            isinstance(over, list)
            and len(over) == 2
            and over[1] in ("resign", "agreement", "time", "time_draw")
            and (over[0] is None or isinstance(over[0], str))
        ),
        "over",
    )
    clock = data.get("clock")  # absent in files before clocks (protocol version 2): no clock
    need(clock is None or _clock_ok(clock, len(plies) + 1), "clock")
    need(clock is not None or over is None or over[1] in ("resign", "agreement"), "over")
    if data.get("online"):  # an online game: the mailbox server's URL instead of an address or port
        relay = data.get("relay")
        need(isinstance(relay, str) and 0 < len(relay) <= 300 and relay.isascii(), "relay")
    elif data["role"] == "guest":
        addr = data.get("address")
        need(
            isinstance(addr, list)
            and len(addr) == 2
            and isinstance(addr[0], str)
            and len(addr[0]) <= 255
            and isinstance(addr[1], int)
            and 0 < addr[1] < 65536,
            "address",
        )
    else:
        port = data.get("port")
        need(port is None or (isinstance(port, int) and 0 <= port < 65536), "port")
    return data


def _seconds_ok(pair) -> bool:
    return (
        isinstance(pair, list)
        and len(pair) == 2
        and all(
            isinstance(t, (int, float)) and not isinstance(t, bool) and math.isfinite(t) and 0 <= t <= MAX_SECONDS
            for t in pair
        )
    )


def _clock_ok(clock, positions: int) -> bool:
    """The clocks of a save: {"control": TimeControl.to_json(), "times": one [seat 0, seat 1] per
    position, "now": [seat 0, seat 1]}, every figure a finite number of seconds."""
    if not isinstance(clock, dict) or not set(clock) <= {"control", "times", "now"}:
        return False
    try:
        TimeControl.from_json(clock.get("control"))
    except ClockError:
        return False
    times = clock.get("times")
    now = clock.get("now")
    return (
        isinstance(times, list)
        and len(times) == positions
        and all(_seconds_ok(t) for t in times)
        and (now is None or _seconds_ok(now))
    )


def read(role: str, online: bool = False):
    """(NetGame, record dict) of the saved game of `role` (its online game with online=True), or
    None when there is none or it is damaged (a damaged file is left in place and ignored)."""
    flush()
    p = path(role, online)
    try:
        if p.stat().st_size > MAX_BYTES:
            return None
        data = _check(json.loads(p.read_text(encoding="utf-8")))
        if bool(data.get("online")) != online:
            return None
        game = NetGame.from_record(data)
    except (OSError, ValueError, TypeError, KeyError, PositionError, RecursionError):
        return None
    return game, data
