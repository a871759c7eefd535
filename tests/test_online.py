"""Online play through Magic Wormhole (game.net.online, docs/ONLINE.md), against a REAL mailbox
server started on loopback for this module (magic-wormhole-mailbox-server, nothing mocked): a
whole game, a wrong code, garbage and floods from the peer, a dropped connection, a server
restart, and a resume after both programs were closed."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from net_helpers import kinds, pump_until

from game.net import online, saves
from game.net import protocol as P
from game.net import session as S
from game.net import wormhole_link as W
from game.net.mailbox import LocalMailbox
from game.net.online import WormholeGuestSession, WormholeHostSession

LIMIT = 20.0


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    monkeypatch.setattr("os.fsync", lambda fd: None)


def wait(sessions, cond, log, limit=LIMIT):
    return pump_until(sessions, cond, limit, log)


def host_with_code(mailbox, game="draughts", seat=0, options=None, autosave=None, log=None):
    host = WormholeHostSession(mailbox.url, autosave=autosave)
    host.set_offer(game, options or {}, seat)
    log = [] if log is None else log
    wait([host], lambda: host.wormhole_code is not None, log)
    return host, log


def start_pair(mailbox, game="draughts", seat=0, autosave=None):
    host, log = host_with_code(mailbox, game, seat, autosave=autosave)
    code = host.wormhole_code
    guest = WormholeGuestSession(mailbox.url, code, autosave=autosave)
    wait([host, guest], lambda: guest.phase == "offered", log)
    guest.accept()
    wait([host, guest], lambda: host.phase == "playing", log)
    return host, guest, log


def play_random(host, guest, log, rng, plies):
    for _ in range(plies):
        if host.game.result() is not None:
            break
        side = host if host.my_turn() else guest
        side.play(rng.choice(side.game.state.legal_moves()))
        wait([host, guest], lambda: host.game.ply == guest.game.ply and guest.pending_flip is None, log)


def test_codes_words_and_completion():
    assert W.normalize_wormhole_code(" 7 Crossover-clockwork ") == "7-crossover-clockwork"
    assert W.code_problem("7-crossover-clockwork") is None and W.code_problem("crossover") is not None
    assert W.spell("7-crossover-clockwork") == ["7", "crossover", "clockwork"]
    assert "7-crossover-" in W.word_completions("7-crosso")
    assert W.word_completions("7-crossover-clockw") == ["7-crossover-clockwork"]
    assert W.word_completions("crosso") == []
    secret = "ab" * 32
    a, b = W.resume_code(secret, 5), W.resume_code(secret, 6)
    assert a != b and a.split("-")[0].isdigit() and len(a.split("-")[0]) == 9
    assert W.resume_code("cd" * 32, 5) != a


@pytest.mark.parametrize("game, seat, seed", [("draughts", 1, 1), ("banqi", 0, 2), ("palace", 0, 3)])
def test_a_whole_game_through_the_wormhole(mailbox, game, seat, seed):
    host, guest, log = start_pair(mailbox, game, seat)
    try:
        assert host.my_seat == seat and guest.my_seat == 1 - seat
        play_random(host, guest, log, random.Random(seed), 400)
        assert host.game.plies == guest.game.plies and host.game.ply > 0
        if game == "banqi":  # the guest never learns the layout: only what was revealed
            assert guest.game.secret_seed is None and guest.game.hidden
    finally:
        host.close()
        guest.close()


def test_wrong_code_fails_for_the_guesser_and_the_host_gets_a_fresh_code(mailbox):
    host, log = host_with_code(mailbox)
    first = host.wormhole_code
    nameplate = first.split("-")[0]
    wrong = f"{nameplate}-aardvark-absurd" if not first.endswith("absurd") else f"{nameplate}-adroitness-adviser"
    guesser = WormholeGuestSession(mailbox.url, wrong)
    try:
        wait([host, guesser], lambda: guesser.phase == "closed", log)
        failed = [e for s, e in log if s is guesser and e.kind == "failed"]
        assert len(failed) == 1 and "wrong code" in failed[0].info["reason"]
        wait([host], lambda: host.wormhole_code not in (None, first), log)
        refused = [e.info for s, e in log if s is host and e.kind == "refused"]
        assert refused and refused[0]["code"] == P.E_PROOF
        codes = [e.info["code"] for s, e in log if s is host and e.kind == "code"]
        assert codes[0] == first and codes[-1] == host.wormhole_code
        # the friend with the new code gets in
        guest = WormholeGuestSession(mailbox.url, host.wormhole_code)
        wait([host, guest], lambda: guest.phase == "offered", log)
        guest.close()
    finally:
        host.close()
        guesser.close()


def test_no_host_with_this_code_and_no_server(mailbox, monkeypatch):
    monkeypatch.setattr(S, "SILENCE_LIMIT", 2.0)
    monkeypatch.setattr(online, "CONNECT_LIMIT", 1.0)
    lonely = WormholeGuestSession(mailbox.url, "98765-aardvark-absurd")
    log: list = []
    wait([lonely], lambda: lonely.phase == "closed", log)
    assert kinds(log) == ["failed"] and "nobody" in log[0][1].info["reason"]
    nowhere = WormholeGuestSession(f"ws://127.0.0.1:{mailbox.port + 1 if mailbox.port < 65535 else 1}/v1", "5-a-b")
    log = []
    wait([nowhere], lambda: nowhere.phase == "closed", log)
    assert kinds(log) == ["failed"] and "cannot reach" in log[0][1].info["reason"]
    host = WormholeHostSession(f"ws://127.0.0.1:{mailbox.port + 1 if mailbox.port < 65535 else 1}/v1")
    try:
        log = []
        wait([host], lambda: "unreachable" in kinds(log), log)
    finally:
        host.close()


def test_garbage_floods_and_illegal_moves_are_rejected_as_on_the_lan(mailbox):
    host, guest, log = start_pair(mailbox, "draughts", 0)
    try:
        conn = guest.conn
        conn.send_line("MOVE 0 32-28")  # not the guest's turn
        conn.send_line("hello there")  # not a command
        conn.send_line("MOVE 0 " + "9" * 600)  # too long a line
        wait([host, guest], lambda: len([e for s, e in log if s is host and e.kind == "rejected"]) >= 3, log)
        codes = [e.info["code"] for s, e in log if s is host and e.kind == "rejected"]
        assert codes[:3] == [P.E_TURN, P.E_UNKNOWN, P.E_TOO_LONG]
        host.play(host.game.state.legal_moves()[0])
        wait([host, guest], lambda: guest.game.ply == 1, log)
        conn.send_line("MOVE 1 1-50")  # illegal
        wait([host, guest], lambda: any(e.info.get("code") == P.E_ILLEGAL for s, e in log if s is host), log)
        assert host.game.ply == 1 and host.phase == "playing"
        for i in range(200):  # a flood: the host answers ERROR lines, then hangs up on the peer
            conn.send_line(f"PING {i} x")
        wait([host, guest], lambda: host.phase == "paused", log)
        assert host.game.ply == 1  # the game is untouched
    finally:
        host.close()
        guest.close()


def test_dropped_connection_is_resumed_without_loss(mailbox, monkeypatch):
    monkeypatch.setattr(S, "RETRY_EVERY", 0.1)
    monkeypatch.setattr(S, "SILENCE_LIMIT", 4.0)  # the host notices the silent guest sooner
    host, guest, log = start_pair(mailbox, "banqi", 0)
    try:
        play_random(host, guest, log, random.Random(7), 6)
        plies = list(host.game.plies)
        guest.conn.close("wifi changed")  # the guest's side of the connection goes away
        wait([host, guest], lambda: "paused" in kinds(log, guest), log)
        wait([host, guest], lambda: guest.phase == "playing" and host.phase == "playing" and guest.connected, log)
        assert "resumed" in kinds(log, guest) and "resumed" in kinds(log, host)
        assert guest.game.plies == host.game.plies == plies
        play_random(host, guest, log, random.Random(8), 4)
        assert guest.game.plies == host.game.plies
    finally:
        host.close()
        guest.close()


def test_the_game_goes_on_across_a_server_restart(monkeypatch):
    monkeypatch.setattr(S, "RETRY_EVERY", 0.2)
    with LocalMailbox() as box:
        host, guest, log = start_pair(box, "draughts", 0)
        try:
            play_random(host, guest, log, random.Random(3), 3)
            box.restart()
            time.sleep(0.5)
            play_random(host, guest, log, random.Random(4), 3)
            assert host.game.plies == guest.game.plies and host.game.ply == 6
        finally:
            conns = [s.conn for s in (host, guest) if s.conn is not None]
            host.close()
            guest.close()
    # the server stopped only after both wormholes' closes reached it: none is left reconnecting to
    # a server that is gone (each retry drew from the global random, in the middle of later tests)
    assert len(conns) == 2 and all(c.wait_closed(0) for c in conns)


def test_leaving_while_the_wormhole_connects_closes_it(mailbox):
    """A guest that leaves before anyone answered its code closes its wormhole: it does not stay
    claimed at the server, nor reconnect to it for the rest of the program's life."""
    guest = WormholeGuestSession(mailbox.url, "98764-aardvark-absurd")
    guest.pump()  # the first pump opens the wormhole
    conn = guest.conn
    assert conn is not None and conn.state == "connecting"
    guest.close()
    assert conn.state == "closed" and conn.wait_closed(10.0)


def test_resume_after_both_programs_closed(mailbox):
    host, guest, log = start_pair(mailbox, "draughts", 1, autosave=saves.autosave)
    play_random(host, guest, log, random.Random(5), 5)
    plies = list(host.game.plies)
    host.close()
    guest.close()
    saves.flush()
    (hgame, hdata), (ggame, gdata) = saves.read("host", online=True), saves.read("guest", online=True)
    assert hgame.plies == ggame.plies == plies and hdata["secret"] == gdata["secret"] and hdata["relay"] == mailbox.url
    assert saves.read("host") is None and saves.read("guest") is None  # LAN saves untouched
    host = WormholeHostSession(hdata["relay"], autosave=saves.autosave)
    host.resume_game(hgame, hdata["secret"])
    guest = WormholeGuestSession(gdata["relay"], resume=(ggame.id, gdata["secret"]), autosave=saves.autosave)
    log = []
    try:
        wait([host, guest], lambda: host.phase == "playing" and guest.phase == "playing", log)
        assert guest.game.plies == plies and "resumed" in kinds(log, guest)
        play_random(host, guest, log, random.Random(6), 2)
        assert guest.game.plies == host.game.plies
    finally:
        host.close()
        guest.close()


def test_nothing_readable_reaches_the_server(mailbox):
    """What the server relays is ciphertext: no line of ours appears in its database."""
    import sqlite3

    host, guest, log = start_pair(mailbox, "draughts", 0)
    try:
        host.play(host.game.find("32-28"))
        wait([host, guest], lambda: guest.game.ply == 1, log)
        time.sleep(0.3)
        db = sqlite3.connect(mailbox.db)
        bodies = [row[0] for row in db.execute("SELECT body FROM messages")]
        db.close()
    finally:
        host.close()
        guest.close()
    assert len(bodies) >= 4, "the server stored the messages of the game"
    for body in bodies:
        raw = bytes.fromhex(body) if isinstance(body, str) else bytes(body)
        for word in (b"QIPAN", b"32-28", b"OFFER", b"draughts"):
            assert word not in raw


def test_settings_and_saves_keep_online_apart():
    from game import storage

    assert storage.DEFAULT_SETTINGS["mailbox_url"] == W.PUBLIC_MAILBOX
    assert storage.valid_mailbox_url("wss://club.example/v1") and storage.valid_mailbox_url("ws://127.0.0.1:4000/v1")
    for bad in ("http://x", "ws://", "ws://a b", "ws://ü", 4000, None, "ws://" + "x" * 300):
        assert not storage.valid_mailbox_url(bad) and storage.clean_settings({"mailbox_url": bad})["mailbox_url"] == (
            W.PUBLIC_MAILBOX
        )
    assert saves.path("host", online=True).name == "online-host.json"
    assert saves.path("guest").name == "guest.json"


def test_the_public_mailbox_url_is_written_once_in_game():
    """One constant, one truth: the settings' default, the Settings screen and the command line
    import wormhole_link.PUBLIC_MAILBOX; a second copy of the literal could drift from it."""
    game_dir = Path(W.__file__).resolve().parents[1]
    host = W.PUBLIC_MAILBOX.split("://", 1)[1].split(":", 1)[0]  # relay.magic-wormhole.io
    assert host.count(".") >= 2
    found = [
        f"{path.relative_to(game_dir.parent).as_posix()}:{n}"
        for path in sorted(game_dir.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if host in line
    ]
    assert len(found) == 1 and found[0].startswith("game/net/wormhole_link.py:"), found
