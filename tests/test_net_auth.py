"""Who may sit in the guest's seat: the join code for a first join, the game's secret to resume,
both proven by HMAC over nonces and never sent; unproven or silent connections never hold the
seat; old protocol versions get a clear refusal. Real sockets on 127.0.0.1, bounded waits."""

import time

import pytest
from net_helpers import Pair, RawPeer, kinds, pump_until

from game.net import protocol as P
from game.net import saves
from game.net import session as S
from game.net.guest import GuestSession
from game.net.host import HostSession


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    monkeypatch.setattr("os.fsync", lambda fd: None)
    monkeypatch.setattr(S, "RETRY_EVERY", 0.05)
    monkeypatch.setattr(S, "WRONG_PROOF_DELAY", 0.5)  # still slow, but tests stay short


def _wire(monkeypatch):
    """Every line either side puts on the wire."""
    lines = []
    real = S.LineConnection.send_line
    monkeypatch.setattr(S.LineConnection, "send_line", lambda c, line: (lines.append(line), real(c, line))[1])
    return lines


def test_a_stranger_cannot_take_over_a_resumed_game():
    pair = Pair("palace", saves=True)
    try:
        host, guest = pair.sessions
        host.play(host.game.state.legal_moves()[0])
        pair.wait(pair.settled)
        guest.conn.sock.close()  # the guest drops
        pair.wait(lambda: host.phase == "paused")
        guest_secret = guest.secret
        guest.close()
        # a stranger with no code and no secret: nothing of the game, no seat
        stranger = GuestSession("127.0.0.1", host.port)
        log = pump_until([host, stranger], lambda: stranger.phase == "closed")
        assert "offer" not in kinds(log, stranger) and stranger.game is None and host.phase == "paused"
        # a raw stranger guessing a code: refused with wrong_code, never sees RESUME or PLAYED
        raw = RawPeer(host.port)
        seen = []
        try:
            raw.join([host], "zzzzzz", seen)
            raw.expect([host], lambda line: line == "\0EOF", seen)
            assert any(line.startswith("ERROR wrong_code") for line in seen)
            assert not any(line.startswith(("RESUME", "PLAYED", "SYNCED", "OFFER", "PROVEN")) for line in seen)
        finally:
            raw.close()
        assert host.phase == "paused" and host.conn is None
        # another wrong guess, and meanwhile the real guest comes back with the game's secret (its
        # autosave): a secret proof does not wait behind wrong codes, the game goes on at once
        raw = RawPeer(host.port)
        try:
            raw.join([host], "zzzzzy")
            back = GuestSession("127.0.0.1", host.port, known={host.game.id: guest_secret})
            pump_until([host, back], lambda: back.phase == "playing" and host.phase == "playing")
            assert not any(line.startswith("ERROR") for line in raw.lines()), "before the wrong code's answer"
        finally:
            raw.close()
        assert back.game.plies == host.game.plies and back.secret == host.secret == guest_secret
        back.close()
    finally:
        pair.close()


def test_a_first_join_needs_the_code_and_nothing_secret_travels(monkeypatch):
    wire = _wire(monkeypatch)
    host = HostSession(bind="127.0.0.1")
    host.set_offer("draughts")
    assert len(host.code) == P.CODE_LENGTH and set(host.code) <= set(P.CODE_ALPHABET)
    wrong = GuestSession("127.0.0.1", host.port, code="222222" if host.code != "222222" else "333333")
    try:
        log = pump_until([host, wrong], lambda: wrong.phase == "closed")
        assert "offer" not in kinds(log, wrong) and "failed" in kinds(log, wrong)
        refused = [e.info for s, e in log if s is host and e.kind == "refused"]
        assert refused == [{"peer": "127.0.0.1", "code": P.E_PROOF}]
        # the right code, typed with upper case and a space, joins
        typed = host.code[:3].upper() + " " + host.code[3:]
        guest = GuestSession("127.0.0.1", host.port, code=typed)
        pump_until([host, guest], lambda: guest.phase == "offered")
        guest.accept()
        pump_until([host, guest], lambda: host.phase == "playing")
        assert host.secret == guest.secret and len(host.secret) == 64
        text = "\n".join(wire)
        assert host.code not in text and host.secret not in text
        guest.close()
    finally:
        wrong.close()
        host.close()


def _timed_pump(sessions, cond, slowest, limit=10.0):
    """pump_until that also keeps the longest single pump() in slowest[0]."""
    end = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < end, "timed out"
        for s in sessions:
            t = time.monotonic()
            s.pump()
            slowest[0] = max(slowest[0], time.monotonic() - t)
        time.sleep(0.001)


def test_a_wrong_proof_is_answered_slowly_without_blocking_the_host(monkeypatch):
    monkeypatch.setattr(S, "WRONG_PROOF_DELAY", 1.0)
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace")
    raw = RawPeer(host.port)
    slowest = [0.0]
    try:
        raw.join([host], "wrong1")
        sent = time.monotonic()
        _timed_pump([host], lambda: "refused" in [e.kind for e in host._events] or host._pending[0].refuse_at, slowest)
        # the right code right after a wrong one waits its turn (a guesser must not learn a right
        # guess sooner than a wrong one), but nothing blocks: the host pumps on meanwhile
        guest = GuestSession("127.0.0.1", host.port, code=host.code)
        got = []
        _timed_pump([host, guest], lambda: guest.phase == "offered", slowest)
        assert time.monotonic() - sent >= 0.9
        _timed_pump([host, guest], lambda: (got.extend(raw.lines()), "\0EOF" in got)[1], slowest)
        assert time.monotonic() - sent >= 1.0 and any(l.startswith("ERROR wrong_code") for l in got)
        assert slowest[0] < 0.2, "the refusal never blocks the host's loop"
        guest.close()
    finally:
        raw.close()
        host.close()


def test_many_wrong_codes_are_checked_one_at_a_time(monkeypatch):
    monkeypatch.setattr(S, "WRONG_PROOF_DELAY", 0.5)
    monkeypatch.setattr(S, "MAX_PROOF_WAIT", 1.2)
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace")
    guessers = []
    try:
        for _ in range(6):
            guessers.append(RawPeer(host.port))
            guessers[-1].join([host], "wrong2")
        answers = []
        for raw in guessers:
            answers.append(raw.expect([host], lambda l: l.startswith("ERROR")).split()[1])
        # checked one per delay: 3 answered wrong_code within the longest wait, the rest told busy
        assert answers.count(P.E_PROOF) == 3 and answers.count(P.E_BUSY) == 3
        refused = [e for e in host.pump() if e.kind == "refused"]
        assert len(refused) <= 3
    finally:
        for raw in guessers:
            raw.close()
        host.close()


def test_the_secret_is_in_both_autosaves_from_the_start():
    pair = Pair("banqi", saves=True)
    try:
        saves.flush()
        (host_game, host_data), (guest_game, guest_data) = saves.read("host"), saves.read("guest")
        assert host_game.ply == guest_game.ply == 0
        assert host_data["secret"] == guest_data["secret"] == pair.host.secret is not None
    finally:
        pair.close()


def test_a_guest_let_in_with_the_code_replaces_the_old_secret():
    pair = Pair("palace")
    try:
        host, guest = pair.sessions
        old = host.secret
        guest.close()
        pair.wait(lambda: host.phase == "paused")
        newcomer = GuestSession("127.0.0.1", host.port, code=host.code)
        pump_until([host, newcomer], lambda: newcomer.phase == "offered")
        newcomer.accept()
        pump_until([host, newcomer], lambda: host.phase == "playing")
        assert host.secret == newcomer.secret != old
        newcomer.close()
        pump_until([host], lambda: host.phase == "paused")
        # the old secret no longer opens the game
        stale = GuestSession("127.0.0.1", host.port, known={host.game.id: old})
        log = pump_until([host, stale], lambda: stale.phase == "closed")
        assert "failed" in kinds(log, stale) and host.phase == "paused"
    finally:
        pair.close()


def test_a_host_that_does_not_know_the_code_is_left():
    raw = RawPeer(server=True)
    guest = GuestSession("127.0.0.1", raw.port, code="abc234")
    try:
        raw.accept([guest])
        raw.send(f"HELLO QIPAN {P.VERSION} palace")
        raw.send(f"CHALLENGE {P.new_nonce()} -")
        raw.send("OFFER 0123abcd palace 0 - - start")  # before proving anything: refused
        raw.expect([guest], lambda l: l.startswith("PROOF"))
        raw.send("PROVEN " + "0" * 64)
        log = pump_until([guest], lambda: guest.phase == "closed")
        assert guest.offer is None and "failed" in kinds(log, guest)
    finally:
        raw.close()
        guest.close()


def test_a_silent_connection_does_not_hold_the_seat(monkeypatch):
    monkeypatch.setattr(S, "HANDSHAKE_LIMIT", 1.0)
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace")
    silent = [RawPeer(host.port) for _ in range(3)]  # several at once, saying nothing
    try:
        start = time.monotonic()
        guest = GuestSession("127.0.0.1", host.port, code=host.code)
        pump_until([host, guest], lambda: guest.phase == "offered")
        assert time.monotonic() - start < 1.0
        for raw in silent:  # dropped once the handshake time is over
            raw.expect([host, guest], lambda l: l == "\0EOF")
        assert time.monotonic() - start < 3.0
        guest.accept()
        pump_until([host, guest], lambda: host.phase == "playing")
        guest.close()
    finally:
        for raw in silent:
            raw.close()
        host.close()


def test_hello_and_pings_without_a_proof_are_dropped(monkeypatch):
    monkeypatch.setattr(S, "HANDSHAKE_LIMIT", 1.0)
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace")
    raw = RawPeer(host.port)
    got = []
    try:
        raw.send(f"HELLO QIPAN {P.VERSION}")
        start, n = time.monotonic(), 0

        def gone():
            nonlocal n
            if time.monotonic() - start > 0.2 * n:  # a PING every 0.2 s keeps it talking
                n += 1
                try:
                    raw.send(f"PING {n}")
                except OSError:
                    pass
            got.extend(raw.lines())
            return "\0EOF" in got

        pump_until([host], gone)
        assert 1.0 <= time.monotonic() - start < 3.0
        assert any(l.startswith("ERROR timeout") for l in got)
        assert host.conn is None and host.phase == "waiting"
        guest = GuestSession("127.0.0.1", host.port, code=host.code)
        pump_until([host, guest], lambda: guest.phase == "offered")
        guest.close()
    finally:
        raw.close()
        host.close()


def test_a_busy_guest_gets_in_when_the_seat_frees(monkeypatch):
    monkeypatch.setattr(S, "BUSY_RETRY_EVERY", 0.3)
    pair = Pair("palace")
    try:
        other = GuestSession("127.0.0.1", pair.host.port, code=pair.host.code)
        log = pump_until([pair.host, pair.guest, other], lambda: "busy" in kinds(log_box, other), log=(log_box := []))
        assert next(e.info for s, e in log if s is other and e.kind == "busy") == {"attempt": 1, "of": S.BUSY_RETRIES}
        pair.guest.close()  # the first guest leaves: the next try gets the seat
        pump_until([pair.host, other], lambda: other.phase == "offered")
        assert other.offer["resume"] is True
    finally:
        pair.close()


def test_an_old_version_gets_a_clear_refusal_both_ways():
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace")
    raw = RawPeer(host.port)
    seen = []
    try:
        raw.send("HELLO QIPAN 1")  # a version-1 guest
        line = raw.expect([host], lambda l: l.startswith("ERROR"), seen)
        assert line.startswith("ERROR version") and f"QIPAN {P.VERSION}" in line and "same version of Qipan" in line
        raw.expect([host], lambda l: l == "\0EOF")
    finally:
        raw.close()
        host.close()
    old_host = RawPeer(server=True)
    guest = GuestSession("127.0.0.1", old_host.port, code="abc234")
    try:
        old_host.accept([guest])
        old_host.send("HELLO QIPAN 1 palace")
        old_host.send("OFFER 0123abcd palace 0 - - start")
        log = pump_until([guest], lambda: guest.phase == "closed")
        failed = [e.info["reason"] for s, e in log if e.kind == "failed"]
        assert failed == ["the other side speaks another protocol version"] and guest.offer is None
        assert old_host.expect([guest], lambda l: l.startswith("ERROR")).startswith("ERROR version")
    finally:
        old_host.close()
        guest.close()
