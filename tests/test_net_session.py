"""Two real endpoints on 127.0.0.1: full games, every message, questions, hidden Banqi layout,
drops and resumes. Everything is pumped from the test's thread, each wait bounded in time."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_helpers import Pair, RawPeer, kinds, pump_until

from game.net import protocol as P
from game.net import saves
from game.net import session as S
from game.net.game import NetGame
from game.net.guest import GuestSession
from game.net.host import HostSession
from game.net.session import SessionError
from game.rules.common import find_move


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    monkeypatch.setattr("os.fsync", lambda fd: None)  # autosaves write the same files, just faster


@pytest.fixture
def fast_retry(monkeypatch):
    monkeypatch.setattr(S, "RETRY_EVERY", 0.05)


@pytest.mark.parametrize(
    "game, host_seat, seed",
    [("palace", 0, 1), ("palace", 1, 2), ("draughts", 0, 3), ("draughts", 1, 4), ("banqi", 0, 5), ("banqi", 1, 6)],
)
def test_full_game(game, host_seat, seed):
    pair = Pair(game, host_seat=host_seat, saves=host_seat == 1)
    try:
        assert pair.host.my_seat == host_seat and pair.guest.my_seat == 1 - host_seat
        n = pair.play_random(random.Random(seed), 600)
        h, g = pair.host.game, pair.guest.game
        assert h.plies == g.plies and len(h.plies) == n
        assert h.result() == g.result() is not None, "a random game of 600 plies at most ends"
        ended = [s.role for s, e in pair.events if e.kind == "ended"]
        assert sorted(ended) == ["guest", "host"]
        if host_seat == 1:  # both autosaves replay to the same game
            for role in ("host", "guest"):
                saved, data = saves.read(role)
                assert saved.plies == h.plies and saved.result() == h.result()
            assert saves.read("guest")[1]["secret_seed"] is None
    finally:
        pair.close()


def test_guest_sees_the_offer_before_accepting_and_may_decline():
    pair = Pair("draughts", host_seat=1, start=False)
    try:
        pair.wait(lambda: pair.guest.phase == "offered")
        offer = [e for s, e in pair.events if e.kind == "offer"][0].info
        assert offer["game"] == "draughts" and offer["host_seat"] == 1 and offer["resume"] is False
        assert offer["options"] == pair.host._offer.options and offer["position"] == "start"
        assert pair.host.game is None and pair.guest.game is None
        pair.guest.decline()
        pair.wait(lambda: pair.host.phase == "declined")
        assert "declined" in kinds(pair.events, pair.host) and pair.host.game is None
        # the host changes its offer: the guest sees the new one and accepts it
        pair.host.set_offer("palace", {"opening": "doors"}, 0)
        pair.wait(lambda: pair.guest.phase == "offered" and pair.guest.offer["game"] == "palace")
        assert pair.guest.offer["options"]["opening"] == "doors"
        pair.guest.accept()
        pair.wait(lambda: pair.host.phase == "playing")
        assert pair.host.game.id == pair.guest.game.id
        assert pair.guest.game.state.legal_moves() == pair.host.game.state.legal_moves()
    finally:
        pair.close()


def test_offer_from_a_position():
    fen = "W:W28,K33:B19,22"
    pair = Pair("draughts", position=fen)
    try:
        assert pair.guest.game.rules.to_text(pair.guest.game.state) == pair.host.game.rules.to_text(
            pair.host.game.state
        )
        pair.play_random(random.Random(0), 200)
        assert pair.host.game.result() == pair.guest.game.result() is not None
    finally:
        pair.close()


def test_draw_offer_declined_then_accepted():
    pair = Pair("palace")
    try:
        host, guest = pair.sessions
        host.offer_draw()
        with pytest.raises(SessionError):  # the offerer waits for the answer
            host.play(host.game.state.legal_moves()[0])
        pair.wait(lambda: guest.their_draw is not None)
        guest.answer_draw(False)
        pair.wait(lambda: "draw_declined" in kinds(pair.events, host))
        assert host.game.result() is None and guest.game.result() is None
        host.play(host.game.state.legal_moves()[0])
        pair.wait(pair.settled)
        guest.offer_draw()
        pair.wait(lambda: host.their_draw is not None)
        host.answer_draw(True)
        pair.wait(lambda: guest.game.result() is not None)
        assert host.game.result().reason == guest.game.result().reason == "agreement"
        assert host.game.result().winner is None
    finally:
        pair.close()


def test_moving_instead_of_answering_declines_the_draw():
    pair = Pair("draughts")
    try:
        host, guest = pair.sessions
        guest.offer_draw()  # on the host's turn
        pair.wait(lambda: host.their_draw is not None)
        host.play(host.game.state.legal_moves()[0])
        pair.wait(lambda: "draw_declined" in kinds(pair.events, guest) and pair.settled())
        assert guest.my_draw is None and guest.my_turn()
    finally:
        pair.close()


def test_undo_request_declined_then_accepted():
    pair = Pair("palace", host_seat=0)
    try:
        host, guest = pair.sessions
        rng = random.Random(3)
        for _ in range(3):  # host, guest, host
            side = pair.mover()
            side.play(rng.choice(side.game.state.legal_moves()))
            pair.wait(pair.settled)
        assert guest.my_turn() and host.undo_target() == 2 and guest.undo_target() == 1
        host.request_undo()
        pair.wait(lambda: guest.their_undo == 2)
        guest.answer_undo(False)
        pair.wait(lambda: "undo_declined" in kinds(pair.events, host))
        assert host.game.ply == guest.game.ply == 3
        guest.request_undo()  # back to before the guest's own move: ply 1
        pair.wait(lambda: host.their_undo == 1)
        host.answer_undo(True)
        pair.wait(lambda: guest.game.ply == 1)
        assert host.game.ply == 1 and guest.my_turn()
        assert host.game.plies == guest.game.plies
        assert "undone" in kinds(pair.events, guest)
    finally:
        pair.close()


def test_undo_in_banqi_restores_face_down_pieces():
    pair = Pair("banqi", host_seat=1)
    try:
        host, guest = pair.sessions
        guest.play(guest.game.state.legal_moves()[0])  # a flip, revealed by the host
        pair.wait(pair.settled)
        assert guest.game.state.to_move is not None
        guest.request_undo()
        pair.wait(lambda: host.their_undo == 0)
        host.answer_undo(True)
        pair.wait(lambda: guest.game.ply == 0)
        assert guest.game.state.to_move is None and host.game.state.to_move is None
        assert guest.game.state.board == host.game.state.board
    finally:
        pair.close()


def test_resign_ends_the_game_for_the_other_side():
    pair = Pair("draughts", host_seat=0)
    try:
        host, guest = pair.sessions
        with pytest.raises(SessionError):  # the player to move resigns, as in the rules
            guest.resign()
        guest._send("RESIGN")
        pair.wait(lambda: "peer_error" in kinds(pair.events, guest))
        host.play(host.game.state.legal_moves()[0])
        pair.wait(pair.settled)
        guest.resign()
        pair.wait(lambda: host.game.result() is not None)
        assert host.game.result() == guest.game.result()
        assert host.game.result().winner == "w" and host.game.result().reason == "resign"
        with pytest.raises(SessionError):
            host.play(host.game.states[-1].legal_moves()[0])
    finally:
        pair.close()


def test_banqi_resign_waits_for_ten_plies():
    pair = Pair("banqi")
    try:
        with pytest.raises(SessionError):
            pair.guest.resign()
        pair.guest._send("RESIGN")  # a hand-made RESIGN is refused too
        pair.wait(lambda: "peer_error" in kinds(pair.events, pair.guest))
        assert pair.host.game.result() is None
    finally:
        pair.close()


def test_banqi_traffic_never_shows_a_face_down_piece(monkeypatch):
    sent = []
    real = S.LineConnection.send_line

    def spy(conn, line):
        sent.append(line)
        return real(conn, line)

    monkeypatch.setattr(S.LineConnection, "send_line", spy)
    pair = Pair("banqi")
    try:
        host, guest = pair.sessions
        seed = host.game.secret_seed
        rng = random.Random(11)
        for _ in range(40):
            side = pair.mover()
            side.play(rng.choice(side.game.state.legal_moves()))
            pair.wait(pair.settled)
        truth = host.game
        flipped = {}  # square -> piece, in the order of the game
        for text, piece in truth.plies:
            if piece is not None:
                flipped[text] = piece
        for line in sent:
            assert str(seed) not in line
            words = line.split()
            letters = [w for w in words[1:] if len(w) == 1 and w in "KABRNCPkabrncp"]
            if letters:
                assert words[0] in ("MOVE", "REVEAL", "PLAYED")
                assert flipped[words[2]] == letters[0]
        assert guest.game.state.hidden is None
        assert guest.game.state.board == truth.state.board
        assert guest.record()["secret_seed"] is None and host.record()["secret_seed"] == seed
    finally:
        pair.close()


def test_banqi_offers_of_two_deals_are_alike_on_the_wire(monkeypatch):
    lines = []
    real = S.LineConnection.send_line
    monkeypatch.setattr(S.LineConnection, "send_line", lambda c, l: (lines.append(l), real(c, l))[1])
    for _ in range(2):
        pair = Pair("banqi")
        pair.close()
    offers = [l for l in lines if l.startswith("OFFER")]
    assert len(offers) == 2
    assert offers[0].split()[2:] == offers[1].split()[2:]  # only the game id differs
    assert not any(l.startswith(("REVEAL", "PLAYED")) for l in lines)


def test_out_of_turn_illegal_and_unsynced_moves_are_refused(monkeypatch):
    pair = Pair("palace", host_seat=0)
    try:
        host, guest = pair.sessions
        guest._send("MOVE", 0, str(guest.game.state.legal_moves()[0]))  # host's turn
        pair.wait(lambda: "peer_error" in kinds(pair.events, guest))
        assert [e.info["code"] for s, e in pair.events if e.kind == "peer_error"] == [P.E_TURN]
        host.play(host.game.state.legal_moves()[0])
        pair.wait(pair.settled)
        guest._send("MOVE", 0, str(guest.game.state.legal_moves()[0]))  # stale ply
        guest._send("MOVE", 1, "z9")  # not a point of the board
        guest._send("MOVE", 1, "c4")  # a drop on a white soldier
        guest._send("MOVE", 1, str(guest.game.state.legal_moves()[0]), "K")  # a piece from the guest
        pair.wait(lambda: len([1 for s, e in pair.events if e.kind == "peer_error"]) == 5)
        codes = [e.info["code"] for s, e in pair.events if e.kind == "peer_error"]
        assert codes == [P.E_TURN, P.E_SYNC, P.E_ILLEGAL, P.E_ILLEGAL, P.E_MALFORMED]
        assert host.game.ply == guest.game.ply == 1
        assert guest.my_turn()
        # the game goes on
        guest.play(guest.game.state.legal_moves()[0])
        pair.wait(pair.settled)
        assert host.game.ply == 2
    finally:
        pair.close()


def test_hostile_guest_cannot_change_or_crash_the_host():
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace", {}, 1)  # the raw guest moves first
    raw = RawPeer(host.port)
    log = []
    try:
        raw.send("MOVE 0 c7")  # before HELLO
        raw.expect([host], lambda l: l.startswith("ERROR unexpected"), log)
        assert log[0] == f"HELLO QIPAN {P.VERSION} palace"  # the host names its game
        raw.join([host], host.code, log)
        offer = raw.expect([host], lambda l: l.startswith("OFFER"), log)
        game_id = offer.split()[1]
        raw.send("MOVE 0 c8-c7")  # before accepting
        raw.expect([host], lambda l: l.startswith("ERROR unexpected"))
        raw.send(f"ACCEPT {game_id}")
        pump_until([host], lambda: host.phase == "playing")
        hostile = [
            b"x" * 100_000 + b"\n",  # oversized
            b"MOVE 0 c8-c7\x00\n",  # NUL
            "MOVE 0 c8-c7 \u738b\n".encode(),  # not ASCII
            b"\xff\xfe\n",
            b"OFFER 0123abcd palace 0 - - start\n",  # only the host offers
            b"REVEAL 0 a1 K\n",
            b"PLAYED 0 c8-c7\n",
            b"__import__('os')\n",
            b"cos\nsystem\n(S'echo pwned'\ntR.\n",  # a pickle
            b"MOVE 0 c9-c9\n",
            b"UNDO REQUEST 0\n",  # nothing to undo
            b"DRAW ACCEPT 0\n",  # no offer to accept
            f"HELLO QIPAN {P.VERSION}\n".encode(),  # twice
            b"\n",
        ]
        for data in hostile:
            raw.send(data)
        errors = []
        pump_until(
            [host], lambda: (errors.extend(l for l in raw.lines() if l.startswith("ERROR")), len(errors) >= 17)[1]
        )
        codes = [l.split()[1] for l in errors]
        assert codes[0] == P.E_TOO_LONG and P.E_MALFORMED in codes and P.E_UNKNOWN in codes
        assert host.game.ply == 0 and host.phase == "playing"
        raw.send("MOVE 0 c8-c7")  # a real move still works
        pump_until([host], lambda: host.game.ply == 1)
        assert host.game.plies == [("c8-c7", None)]
    finally:
        raw.close()
        host.close()


def test_a_flooding_peer_is_cut_off():
    host = HostSession(bind="127.0.0.1")
    raw = RawPeer(host.port)
    try:
        raw.send(b"junk\n" * (S.MAX_ERRORS + 5))
        raw.expect([host], lambda l: l == "\0EOF")
        assert host.conn is None and host.phase == "waiting"
    finally:
        raw.close()
        host.close()


def test_a_peer_flooding_error_lines_is_cut_off():
    host = HostSession(bind="127.0.0.1")
    raw = RawPeer(host.port)
    try:
        raw.join([host], host.code)
        pump_until([host], lambda: host.connected)
        raw.send(b"ERROR unexpected spam\n" * (S.MAX_ERRORS + 5))
        raw.expect([host], lambda l: l == "\0EOF")
        assert host.conn is None
    finally:
        raw.close()
        host.close()


def test_wrong_version_is_refused():
    host = HostSession(bind="127.0.0.1")
    raw = RawPeer(host.port)
    try:
        raw.send(f"HELLO QIPAN {P.VERSION + 1}")  # a newer version
        raw.expect([host], lambda l: l.startswith("ERROR version"))
        raw.expect([host], lambda l: l == "\0EOF")
    finally:
        raw.close()
        host.close()


def test_second_guest_is_told_the_host_is_busy(monkeypatch):
    monkeypatch.setattr(S, "BUSY_RETRY_EVERY", 0.05)
    pair = Pair("palace")
    try:
        other = GuestSession("127.0.0.1", pair.host.port, code=pair.host.code)
        log = pump_until([pair.host, pair.guest, other], lambda: other.phase == "closed")
        assert pair.host.phase == "playing" and pair.guest.connected
        assert [k for k in kinds(log, other) if k != "peer_error"] == ["busy"] * S.BUSY_RETRIES + ["failed"]
    finally:
        pair.close()


def host_proves(raw, sessions, code, events):
    """The raw peer plays the host's part of the handshake with `code`."""
    host_nonce = P.new_nonce()
    raw.send(f"HELLO QIPAN {P.VERSION}")
    raw.send(f"CHALLENGE {host_nonce} -")
    _, kind, nonce, mac = raw.expect(sessions, lambda l: l.startswith("PROOF")).split()
    assert kind == "code" and P.proof_ok(mac, code, "guest", host_nonce, nonce, "-")
    raw.send(f"PROVEN {P.proof(code, 'host', host_nonce, nonce, '-')}")
    pump_until(sessions, lambda: sessions[0].connected, log=events)


def test_hostile_host_cannot_fool_the_guest():
    raw = RawPeer(server=True)
    guest = GuestSession("127.0.0.1", raw.port, code="abc234")
    events = []
    try:
        raw.accept([guest])
        host_proves(raw, [guest], "abc234", events)
        raw.send("OFFER 0123abcd palace 0 opening=nowhere - start")  # bad option value
        raw.send("OFFER 0123abcd banqi 0 - - xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxA r - 0")  # layout
        raw.send("OFFER 0123abcd draughts 0 - - W:W99:B1")  # bad position
        errors = []
        pump_until(
            [guest],
            lambda: (errors.extend(l for l in raw.lines() if l.startswith("ERROR")), len(errors) >= 3)[1],
            log=events,
        )
        assert all(l.startswith("ERROR bad_offer") for l in errors)
        raw.send("OFFER 0123abcd banqi 0 - - start")
        pump_until([guest], lambda: guest.phase == "offered", log=events)
        guest.accept()
        assert raw.expect([guest], lambda l: l.startswith("ACCEPT")) == "ACCEPT 0123abcd"
        raw.send("MOVE 0 a1")  # a host flip that does not say what it reveals
        raw.send("MOVE 0 a1 Q")
        raw.send("REVEAL 0 a1 K")  # no flip of the guest is waiting
        raw.send("MOVE 0 a1 K")  # fine
        pump_until([guest], lambda: guest.game.ply == 1, log=events)
        guest.play(find_move(guest.game.state, "b1"))
        raw.expect([guest], lambda l: l == "MOVE 1 b1")
        raw.send("REVEAL 1 c1 K")  # wrong square
        raw.send("REVEAL 1 b1 K")  # the only General is already face up
        raw.send("REVEAL 1 b1 p")
        pump_until([guest], lambda: guest.game.ply == 2, log=events)
        assert guest.game.plies == [("a1", "K"), ("b1", "p")]
        rejected = [e.info["code"] for s, e in events if e.kind == "rejected"]
        assert rejected == [P.E_OPTIONS] * 3 + [P.E_MALFORMED] * 2 + [P.E_STATE, P.E_SYNC, P.E_ILLEGAL]
    finally:
        raw.close()
        guest.close()


def test_disconnect_pauses_and_reconnect_resumes(fast_retry):
    pair = Pair("draughts", saves=True)
    try:
        host, guest = pair.sessions
        rng = random.Random(8)
        for _ in range(10):
            side = pair.mover()
            side.play(rng.choice(side.game.state.legal_moves()))
            pair.wait(pair.settled)
        guest.conn.sock.close()  # the cable is pulled on the guest's side
        pair.wait(lambda: host.phase == "paused" and guest.phase == "paused")
        assert "paused" in kinds(pair.events, host) and "paused" in kinds(pair.events, guest)
        with pytest.raises(SessionError):
            pair.mover().play(pair.mover().game.state.legal_moves()[0])
        pair.wait(lambda: host.phase == "playing" and guest.phase == "playing")
        assert "resumed" in kinds(pair.events, host) and "resumed" in kinds(pair.events, guest)
        assert guest.game.plies == host.game.plies and len(host.game.plies) == 10
        pair.play_random(rng, 400)
        assert host.game.result() == guest.game.result() is not None
    finally:
        pair.close()


def test_a_move_lost_in_the_drop_is_replaced_by_the_host_record(fast_retry):
    pair = Pair("palace", host_seat=1)
    try:
        host, guest = pair.sessions
        guest.conn.sock.close()
        guest.play(guest.game.state.legal_moves()[0])  # goes nowhere
        assert guest.game.ply == 1
        pair.wait(
            lambda: host.phase == "playing" and guest.phase == "playing" and "resumed" in kinds(pair.events, guest)
        )
        assert guest.game.ply == host.game.ply == 0 and guest.my_turn()
    finally:
        pair.close()


def test_both_programs_restart_and_resume_from_their_autosaves(fast_retry):
    pair = Pair("banqi", saves=True)
    rng = random.Random(4)
    for _ in range(12):
        side = pair.mover()
        side.play(rng.choice(side.game.state.legal_moves()))
        pair.wait(pair.settled)
    truth = list(pair.host.game.plies)
    port = pair.host.port
    pair.host.conn.sock.close()  # both programs die without a word
    pair.guest.conn.sock.close()
    pair.host.listener.close()
    pair.host.conn = pair.guest.conn = None

    host_game, host_data = saves.read("host")
    guest_game, guest_data = saves.read("guest")
    assert host_game.plies == guest_game.plies == truth and host_data["port"] == port
    host = HostSession(port=port, bind="127.0.0.1", autosave=saves.autosave)
    assert host_data["secret"] == guest_data["secret"] is not None
    host.resume_game(host_game, host_data["secret"])
    guest = GuestSession(*guest_data["address"], autosave=saves.autosave, known={guest_game.id: guest_data["secret"]})
    try:
        log = pump_until([host, guest], lambda: host.phase == guest.phase == "playing")
        assert guest.game.plies == truth and guest.game.state.hidden is None
        assert host.game.state.hidden is not None
        pair2 = Pair.__new__(Pair)
        pair2.host, pair2.guest, pair2.events = host, guest, log
        pair2.play_random(rng, 500)
        assert host.game.result() == guest.game.result() is not None
    finally:
        host.close()
        guest.close()


def test_an_unknown_guest_is_asked_before_resuming(fast_retry):
    pair = Pair("palace")
    try:
        pair.host.play(pair.host.game.state.legal_moves()[0])
        pair.wait(pair.settled)
        game_id = pair.host.game.id
        pair.guest.close()
        pair.wait(lambda: pair.host.phase == "paused")
        newcomer = GuestSession("127.0.0.1", pair.host.port, code=pair.host.code)
        log = pump_until([pair.host, newcomer], lambda: newcomer.phase == "offered")
        offer = [e for s, e in log if e.kind == "offer"][0].info
        assert offer["resume"] is True and offer["id"] == game_id
        newcomer.accept()
        pump_until([pair.host, newcomer], lambda: pair.host.phase == "playing")
        assert newcomer.game.ply == 1 and newcomer.my_turn()
        newcomer.close()
    finally:
        pair.close()


def test_ping_pong_and_silence(monkeypatch):
    now = [0.0]
    clock = lambda: now[0]  # noqa: E731
    host = HostSession(bind="127.0.0.1", clock=clock)
    host.set_offer("palace")
    guest = GuestSession("127.0.0.1", host.port, clock=clock, code=host.code)
    pings = []
    real = S.LineConnection.send_line
    monkeypatch.setattr(S.LineConnection, "send_line", lambda c, l: (pings.append(l), real(c, l))[1])
    try:
        pump_until([host, guest], lambda: guest.phase == "offered")
        now[0] += S.PING_EVERY + 0.1
        pump_until([host, guest], lambda: any(l.startswith("PONG") for l in pings))

        # a peer that stays silent too long counts as gone
        def later():
            now[0] += 1.0
            return host.conn is None

        events = pump_until([host], later)
        assert "paused" in kinds(events, host) and host.phase == "waiting"
    finally:
        host.close()
        guest.close()


def test_saved_files_are_checked(tmp_path):
    game = NetGame("palace", "0123abcd", {}, 0)
    game.apply(game.state.legal_moves()[0])
    record = {**game.record(), "role": "host", "port": 5000}
    saves.write(record)
    assert saves.read("host")[0].plies == game.plies
    for bad in (
        {"plies": [["z9-z9", None]]},
        {"id": "../../x"},
        {"host_seat": True},
        {"secret_seed": "1"},
        {"plies": "c8-c7"},
        {"game": "chess"},
    ):
        saves.write({**record, **bad})
        assert saves.read("host") is None
    saves.path("host").write_text("{not json")
    assert saves.read("host") is None


@pytest.mark.parametrize("game", ["palace", "draughts", "banqi"])
def test_guest_in_another_process(game, tmp_path):
    import os
    import subprocess
    import sys

    host = HostSession(bind="127.0.0.1")
    host.set_offer(game, {}, 0)
    here = os.path.dirname(__file__)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([os.path.dirname(here), here])}
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"import net_helpers, sys; sys.exit(net_helpers.run_guest_process({host.port}, 9, {host.code!r}))",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    rng = random.Random(10)
    try:
        pump_until([host], lambda: host.phase == "playing", limit=30)
        while host.game.result() is None:
            pump_until([host], lambda: host.my_turn() or host.game.result() is not None, limit=30)
            if host.game.result() is None:
                host.play(rng.choice(host.game.state.legal_moves()))
        out, err = child.communicate(timeout=30)
        assert child.returncode == 0, err
        assert out.split() == [text + (piece or "") for text, piece in host.game.plies]
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
        host.close()


def test_rematch_after_the_end_swaps_seats():
    pair = Pair("palace", host_seat=0)
    try:
        host, guest = pair.sessions
        with pytest.raises(SessionError):  # not while the game is on
            host.set_offer("palace", {}, 1)
        host.resign()
        pair.wait(lambda: guest.game.result() is not None)
        first = host.game
        host.set_offer(first.name, dict(first.options), 1 - first.host_seat)
        pair.wait(lambda: guest.phase == "offered")
        assert guest.offer["host_seat"] == 1 and guest.game.id == first.id  # the old board stays until then
        guest.accept()
        pair.wait(lambda: host.phase == "playing" and host.game is not first)
        assert host.game.id == guest.game.id != first.id
        assert guest.my_turn() and not host.my_turn()
        pair.play_random(random.Random(12), 300)
        assert host.game.result() == guest.game.result() is not None
    finally:
        pair.close()


def test_localhost_by_name_reaches_an_ipv4_host():
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace")
    guest = GuestSession("localhost", host.port, code=host.code)
    try:
        pump_until([host, guest], lambda: guest.phase == "offered")
    finally:
        guest.close()
        host.close()


def test_a_connection_that_never_completes_gives_up(monkeypatch):
    monkeypatch.setattr(S.LineConnection, "_finish_connect", lambda conn: None)  # a black hole
    host = HostSession(bind="127.0.0.1")
    now = [0.0]
    guest = GuestSession("127.0.0.1", host.port, clock=lambda: now[0])
    try:
        guest.pump()
        assert guest.conn is not None and guest.conn.state == "connecting"
        guest.pump()
        assert guest.phase == "connecting"
        now[0] += S.SILENCE_LIMIT + 1
        events = pump_until([guest], lambda: guest.phase == "closed")
        assert "failed" in kinds(events, guest)
    finally:
        guest.close()
        host.close()


ACTIONS = (
    "move",
    "move",
    "move",
    "offer_draw",
    "answer_draw",
    "request_undo",
    "answer_undo",
    "pump_host",
    "pump_guest",
    "drop",
    "host_drop",
    "resign",
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["palace", "draughts", "banqi"]),
    seed=st.integers(0, 10**6),
    actions=st.lists(st.sampled_from(ACTIONS), min_size=10, max_size=40),
)
def test_random_interleavings_keep_both_records_equal(game, seed, actions):
    """Moves, questions, answers and drops in random order, lines crossing on the wire: once the
    traffic settles both sides hold the same record, result and pending questions."""
    old = S.RETRY_EVERY
    S.RETRY_EVERY = 0.02
    rng = random.Random(seed)
    pair = Pair(game, host_seat=seed % 2)
    host, guest = pair.sessions
    try:
        for action in actions:
            side = rng.choice((host, guest))
            try:
                if action == "move":
                    mover = host if host.my_turn() else guest
                    if mover.my_turn() and not mover.waiting_for_answer():
                        mover.play(rng.choice(mover.game.state.legal_moves()))
                elif action == "offer_draw":
                    side.offer_draw()
                elif action == "answer_draw":
                    side.answer_draw(rng.random() < 0.3)
                elif action == "request_undo":
                    side.request_undo()
                elif action == "answer_undo":
                    side.answer_undo(rng.random() < 0.6)
                elif action == "pump_host":
                    host.pump()
                elif action == "pump_guest":
                    guest.pump()
                elif action == "drop" and guest.conn is not None:
                    guest.conn.sock.close()
                elif action == "host_drop" and host.conn is not None:
                    host.conn.sock.close()
                elif action == "resign":
                    side.resign()
            except SessionError:
                pass
            if host.game.result() is not None:
                break

        def settled():
            if host.game.result() is not None or guest.game.result() is not None:
                # an ending may close the connection (no resume after it): the records agree
                return host.game.plies == guest.game.plies and host.game.result() == guest.game.result()
            return (
                host.phase == guest.phase == "playing"
                and host.connected
                and guest.connected
                and guest.pending_flip is None
                and host.game.plies == guest.game.plies
                and (host.my_draw is None) == (guest.their_draw is None)
                and (guest.my_draw is None) == (host.their_draw is None)
                and (host.my_undo is None) == (guest.their_undo is None)
                and (guest.my_undo is None) == (host.their_undo is None)
            )

        pair.wait(settled, limit=4.0)
        for _ in range(20):  # let any line still in flight arrive
            host.pump()
            guest.pump()
        assert settled()
        assert host.game.result() == guest.game.result()
        assert [t for t, _ in host.game.plies] == [str(m) for m in _replay(host.game)]
        rejected = {e.info["code"] for s, e in pair.events if e.kind == "rejected"}
        assert rejected <= {P.E_OVER, P.E_STATE}, rejected  # only lines that crossed an ending/answer
    finally:
        S.RETRY_EVERY = old
        pair.close()


def _replay(game):
    """The record's moves found again from the start, one by one through the rules."""
    state, out = game.states[0], []
    for text, piece in game.plies:
        move = find_move(state, text)
        out.append(move)
        state = state.play_flip(move.path[0], piece) if piece else state.play(move)
    return out
