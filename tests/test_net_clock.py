"""Clocks in network games (protocol version 3, game.net.netclock): real sessions on 127.0.0.1,
and one game through a real mailbox server. Each side's time source is injected (a Tick the test
advances), so every figure is exact: the host measures, its figures reach the guest, the host
alone declares a flag fall, a move that crossed the FLAG is taken back, bad clock fields are
refused, a version-2 peer is refused, and resume and the autosaves keep the clocks."""

from __future__ import annotations

import json
import time

import pytest
from net_helpers import RawPeer, pump_until

from game.clock import TimeControl
from game.net import netclock, saves
from game.net import protocol as P
from game.net import session as S
from game.net.guest import GuestSession
from game.net.host import HostSession
from game.rules.common import find_move


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    monkeypatch.setattr("os.fsync", lambda fd: None)


class Tick:
    """A time source the test moves by hand."""

    def __init__(self, t: float = 1000.0):
        self.t = t

    def __call__(self) -> float:
        return self.t


SIXTY_TWO = TimeControl(60, 2)


def heard(session, now) -> bool:
    """The session is not connected, or heard its peer in the last 6 s of its time source."""
    return not session.connected or now() - session._last_in < 6.0


class Clocked:
    """A host and a guest on loopback, each on its own Tick, the offer accepted."""

    def __init__(self, game="draughts", control=SIXTY_TWO, host_seat=0, autosave=None):
        self.ht, self.gt = Tick(), Tick(5000.0)  # the two computers' clocks do not agree
        self.host = HostSession(bind="127.0.0.1", clock=self.ht, autosave=autosave)
        self.host.set_offer(game, {}, host_seat, control=control)
        self.guest = GuestSession("127.0.0.1", self.host.port, clock=self.gt, code=self.host.code, autosave=autosave)
        self.events: list = []
        self.wait(lambda: self.guest.phase == "offered")
        self.offer = dict(self.guest.offer)
        self.guest.accept()
        self.wait(lambda: self.host.phase == "playing")

    @property
    def sessions(self):
        return (self.host, self.guest)

    def wait(self, cond):
        return pump_until(self.sessions, cond, log=self.events)

    def settled(self) -> bool:
        h, g = self.host.game, self.guest.game
        return h.plies == g.plies and h.result() == g.result() and self.guest.pending_flip is None

    def pump(self, rounds=3):
        for _ in range(rounds):
            for s in self.sessions:
                self.events.extend((s, e) for e in s.pump())
            time.sleep(0.002)

    def advance(self, host_s: float, guest_s: float | None = None, steps: int = 8) -> None:
        """Both computers' time goes on (the guest's by guest_s), pumped in small steps so that
        the keep-alive lines flow as they would (8 steps: the figures stay exact in binary); after
        each step, until each connected side has heard the other lately, however loaded the
        machine (else the silence limit would drop the connection on the test's time)."""
        guest_s = host_s if guest_s is None else guest_s
        for _ in range(steps):
            self.ht.t += host_s / steps
            self.gt.t += guest_s / steps
            self.pump()
            self.wait(lambda: heard(self.host, self.ht) and heard(self.guest, self.gt))

    def play(self, side, text=None):
        move = find_move(side.game.state, text) if text else side.game.state.legal_moves()[0]
        side.play(move)
        self.wait(lambda: self.settled() and self.guest.game.ply == self.host.game.ply)

    def kinds(self, session, kind):
        return [e for s, e in self.events if s is session and e.kind == kind]

    def close(self):
        for s in self.sessions:
            s.close()


def test_the_guest_sees_the_time_control_and_takes_the_hosts_figures():
    pair = Clocked(control=TimeControl(60, 2))
    host, guest = pair.host, pair.guest
    try:
        assert pair.offer["control"] == TimeControl(60, 2)  # seen before accepting
        assert guest.game.control == host.game.control == TimeControl(60, 2)
        pair.play(host)  # ply 0 and 1 are not timed: the increment only
        pair.play(guest)
        assert host.game.times == guest.game.times == [(60, 60), (62, 60), (62, 62)]
        pair.advance(5.0, 4.0)  # ply 2: the host thinks 5 s (the guest's estimate says 4)
        assert guest.game.clock.left(0) == pytest.approx(58.0)  # the estimate runs between moves
        pair.play(host)
        assert host.game.times[3] == (59, 62)
        assert guest.game.times[3] == (59, 62) and guest.game.clock.times() == (59, 62)  # t= on the MOVE
        pair.advance(7.0, 9.0)  # the guest thinks; on its own clock 9 s, on the host's 7 s
        assert guest.game.clock.left(1) == pytest.approx(53.0)
        pair.play(guest)
        pair.wait(lambda: guest.game.clock.times() == (59, 57))  # CLOCK: the host's measure
        assert guest.game.times[4] == host.game.times[4] == (59, 57)
        assert not pair.kinds(host, "rejected") and not pair.kinds(guest, "rejected")
    finally:
        pair.close()


def test_banqi_flips_on_a_clock_the_reveal_then_the_hosts_figures():
    pair = Clocked("banqi", control=TimeControl(120, 1), host_seat=1)  # the guest flips first
    host, guest = pair.host, pair.guest
    try:
        for thinking in (0.0, 2.0, 3.0, 5.0, 1.5, 4.0):
            pair.advance(thinking, thinking / 2)
            side = host if host.my_turn() else guest
            flips = [m for m in side.game.state.legal_moves() if side.game.is_flip(m)]
            side.play(flips[0] if flips else side.game.state.legal_moves()[0])
            pair.wait(lambda: pair.settled() and guest.game.times == host.game.times)
        assert host.game.ply == 6 and guest.game.plies == host.game.plies
        assert host.game.times[2] == (121, 121) and host.game.times[3][0] == 121 - 3 + 1
        assert guest.game.clock.times() == host.game.clock.times()
        assert not pair.kinds(host, "rejected") and not pair.kinds(guest, "rejected")
    finally:
        pair.close()


def test_the_host_declares_a_flag_fall_and_the_game_ends_on_both_sides():
    pair = Clocked(control=TimeControl(1, 0, None, False), host_seat=1)  # a flag fall always loses
    host, guest = pair.host, pair.guest
    try:
        assert pair.offer["control"].flag_draw is False
        pair.play(guest)
        pair.play(host)
        pair.advance(0.5, 5.0)  # the guest's own estimate ran out long ago: it declares nothing
        assert guest.game.result() is None and guest.game.clock.left(0) == 0 and host.game.result() is None
        pair.advance(0.6, 0.0)
        pair.wait(lambda: guest.game.result() is not None)
        h, g = host.game.result(), guest.game.result()
        assert h == g and str(h.reason) == "time" and h.winner == host.game.side_of_seat(1)
        assert host.game.ply == guest.game.ply == 2 and guest.game.clock.times()[0] == 0
        assert pair.kinds(host, "ended") and pair.kinds(guest, "ended")
        with pytest.raises(S.SessionError):
            guest.play(None)
    finally:
        pair.close()


def test_a_move_that_crossed_the_flag_is_taken_back():
    pair = Clocked(control=TimeControl(1, 0), host_seat=1)
    host, guest = pair.host, pair.guest
    try:
        pair.play(guest)
        pair.play(host)
        pair.ht.t += 2.0
        host.pump()  # the host declares the flag; the guest has not read it yet ...
        assert str(host.game.result().reason) == "time"
        guest.play(guest.game.state.legal_moves()[0])  # ... and moves: the MOVE crosses the FLAG
        assert guest.game.ply == 3
        pair.wait(lambda: guest.game.result() is not None)
        pair.pump(5)
        assert guest.game.ply == host.game.ply == 2 and guest.game.result() == host.game.result()
        assert not pair.kinds(host, "rejected") and not pair.kinds(guest, "peer_error")
    finally:
        pair.close()


@pytest.mark.parametrize(
    "line",
    [
        "MOVE 3 c4 t=-5",
        "MOVE 3 c4 t=nan",
        "MOVE 3 c4 t=1e9",
        "MOVE 3 c4 t=1000000000",  # over the largest figure
        "MOVE 3 c4 t=0123",
        "MOVE 3 c4 t=",
        "MOVE 3 c4 t=5 K",
        "PLAYED 3 c4 t=5.5",
        "CLOCK 3 -1 5",
        "CLOCK 3 inf 5",
        "CLOCK 3 5 1000000000",
        "FLAG 3 2",
        "FLAG -3 0",
        "OFFER 0123abcd palace 0 - base=60000 start",  # no increment
        "OFFER 0123abcd palace 0 - inc=0,base=60000 start",
        "OFFER 0123abcd palace 0 - base=60000,inc=0,base=5 start",
        "OFFER 0123abcd palace 0 - base=60000,inc=0,flag=maybe start",
        "OFFER 0123abcd palace 0 - base=60000,inc=0,speed=1 start",
        "OFFER 0123abcd palace 0 - base=-1,inc=0 start",
        "OFFER 0123abcd palace 0 - base=NaN,inc=0 start",
    ],
)
def test_malformed_clock_fields_are_refused_by_the_parser(line):
    with pytest.raises(P.ProtocolError) as info:
        P.parse_line(line)
    assert info.value.code in (P.E_MALFORMED, P.E_ARGS)


@pytest.mark.parametrize(
    "pairs",
    [
        (("base", 0), ("inc", 0)),  # no time at all
        (("base", 0), ("inc", 5000)),  # a base of 0
        (("base", 99_999_999), ("inc", 0)),  # over six hours
        (("base", 60_000), ("inc", 900_000)),  # an increment over 600 s
        (("base", 60_000), ("inc", 0), ("base1", 0)),
    ],
)
def test_time_controls_no_game_may_have_are_bad_offers(pairs):
    with pytest.raises(P.ProtocolError) as info:
        P.clock_from_wire(pairs)
    assert info.value.code == P.E_OPTIONS


def test_time_controls_travel_whole():
    for tc in (TimeControl(300, 5), TimeControl(30, 0, None, False), TimeControl(600, 10).handicap(600, 150)):
        line = P.format_message("OFFER", "0123abcd", "palace", "0", (), P.clock_to_wire(tc), "start")
        assert P.clock_from_wire(P.parse_line(line).args[4]) == tc
    assert P.clock_to_wire(None) == () and P.clock_from_wire(()) is None


def _raw_host(code="abc234"):
    raw = RawPeer(server=True)
    guest = GuestSession("127.0.0.1", raw.port, code=code)
    events: list = []
    raw.accept([guest])
    raw.expect([guest], lambda l: l.startswith("HELLO"))
    host_nonce = P.new_nonce()
    raw.send(f"HELLO QIPAN {P.VERSION}")
    raw.send(f"CHALLENGE {host_nonce} -")
    _, kind, nonce, mac = raw.expect([guest], lambda l: l.startswith("PROOF")).split()
    raw.send(f"PROVEN {P.proof(code, 'host', host_nonce, nonce, '-')}")
    pump_until([guest], lambda: guest.connected, log=events)
    return raw, guest, events


def _errors(raw, sessions, n):
    got: list = []
    pump_until(sessions, lambda: (got.extend(l for l in raw.lines() if l.startswith("ERROR")), len(got) >= n)[1])
    return got


def test_a_host_sending_bad_clock_lines_changes_nothing_on_the_guest():
    raw, guest, events = _raw_host()
    try:
        raw.send("OFFER 0123abcd draughts 0 - base=0,inc=0 start")  # parses, but no clock can be so
        assert _errors(raw, [guest], 1)[0].startswith("ERROR bad_offer")
        raw.send("OFFER 0123abcd draughts 0 - base=60000,inc=1000 start")
        pump_until([guest], lambda: guest.phase == "offered", log=events)
        guest.accept()
        raw.expect([guest], lambda l: l.startswith("ACCEPT"))
        raw.send("MOVE 0 32-28")  # a move on a clock without the time left
        raw.send("MOVE 0 32-28 t=-1")
        raw.send("CLOCK 5 1000 1000")  # not this ply
        raw.send("FLAG 0 1")  # seat 1 is not to move at ply 0
        raw.send("FLAG 4 0")
        got = _errors(raw, [guest], 5)
        assert [line.split()[1] for line in got] == [
            "bad_arguments",
            "malformed",
            "out_of_sync",
            "out_of_sync",
            "out_of_sync",
        ]
        assert guest.game.ply == 0 and guest.game.result() is None and guest.game.times == [(60, 60)]
        raw.send("MOVE 0 32-28 t=61000")
        pump_until([guest], lambda: guest.game.ply == 1, log=events)
        assert guest.game.times[-1] == (61, 60)
    finally:
        guest.close()
        raw.close()


def test_clock_figures_in_a_game_without_a_clock_are_refused():
    raw, guest, events = _raw_host()
    try:
        raw.send("OFFER 0123abcd draughts 0 - - start")
        pump_until([guest], lambda: guest.phase == "offered", log=events)
        guest.accept()
        raw.expect([guest], lambda l: l.startswith("ACCEPT"))
        raw.send("MOVE 0 32-28 t=5000")
        raw.send("CLOCK 0 1000 1000")
        raw.send("FLAG 0 0")
        got = _errors(raw, [guest], 3)
        assert [line.split()[1] for line in got] == ["malformed", "unexpected", "unexpected"]
        assert guest.game.ply == 0 and guest.game.result() is None
    finally:
        guest.close()
        raw.close()


def test_only_the_host_measures_a_guest_sending_figures_is_refused():
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace", {}, 1, control=TimeControl(60, 0))  # the raw guest moves first
    raw = RawPeer(host.port)
    try:
        log: list = []
        raw.join([host], host.code, log)
        offer = raw.expect([host], lambda l: l.startswith("OFFER"), log)
        assert offer.split()[5] == "base=60000,inc=0"
        raw.send(f"ACCEPT {offer.split()[1]}")
        pump_until([host], lambda: host.phase == "playing")
        move = str(host.game.state.legal_moves()[0])
        raw.send(f"MOVE 0 {move} t=60000")  # the guest names its own time: refused
        raw.send("CLOCK 0 1 1")
        raw.send("FLAG 0 1")
        got = _errors(raw, [host], 3)
        assert got[0].startswith("ERROR malformed only the host measures")
        assert [line.split()[1] for line in got[1:]] == ["unexpected", "unexpected"]
        assert host.game.ply == 0
        raw.send(f"MOVE 0 {move}")
        ack = raw.expect([host], lambda l: l.startswith("CLOCK"))
        assert ack == "CLOCK 1 60000 60000" and host.game.ply == 1
    finally:
        raw.close()
        host.close()


def test_a_version_2_peer_is_refused_with_a_clear_message_both_ways():
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace")
    raw = RawPeer(host.port)
    try:
        raw.send("HELLO QIPAN 2")  # a guest of the protocol without clocks
        line = raw.expect([host], lambda l: l.startswith("ERROR"))
        assert (
            line.startswith(f"ERROR version this is QIPAN {P.VERSION}, not QIPAN 2") and "same version of Qipan" in line
        )
    finally:
        raw.close()
        host.close()
    old_host = RawPeer(server=True)
    guest = GuestSession("127.0.0.1", old_host.port, code="abc234")
    try:
        old_host.accept([guest])
        old_host.send("HELLO QIPAN 2 palace")
        events = pump_until([guest], lambda: guest.phase == "closed")
        failed = [e.info["reason"] for _, e in events if e.kind == "failed"]
        assert failed == ["the other side speaks another protocol version"]
        from game.scenes.lobbies.texts import reason_text

        assert "another version of Qipan" in reason_text(failed[0], "en")
    finally:
        guest.close()
        old_host.close()


def _to_guest_turn(pair):
    host, guest = pair.host, pair.guest
    pair.play(host)
    pair.play(guest)
    pair.advance(3.0)
    pair.play(host)  # ply 3: the guest's time runs on the host from here
    pair.advance(5.0)


def test_a_drop_runs_the_clock_to_move_for_the_grace_period_then_resume_restores_the_hosts_figures(monkeypatch):
    monkeypatch.setattr(S, "RETRY_EVERY", 1000.0)  # the guest comes back when the test says
    pair = Clocked(control=TimeControl(300, 5), autosave=saves.autosave)
    host, guest = pair.host, pair.guest
    try:
        _to_guest_turn(pair)
        assert host.game.clock.left(1) == pytest.approx(305 - 5)
        guest.conn.close("test: the cable is pulled")
        pair.wait(lambda: host.phase == "paused" and guest.phase == "paused")
        pair.advance(40.0, 10.0)
        assert host.game.clock.left(1) == pytest.approx(305 - 45)  # running through the grace
        pair.advance(50.0, 10.0)
        assert host.holding() and host.game.clock.left(1) == pytest.approx(305 - 5 - netclock.GRACE)
        pair.advance(100.0, 10.0)
        assert host.game.clock.left(1) == pytest.approx(305 - 5 - netclock.GRACE)  # held open, stopped
        saved = saves.read("host")[0]
        assert saved.control == TimeControl(300, 5) and saved.times == host.game.times
        pair.gt.t += 1000.0  # the guest tries again
        pair.wait(lambda: guest.phase == "playing" and host.phase == "playing")
        assert guest.game.times == host.game.times
        assert guest.game.clock.times() == pytest.approx(host.game.clock.times(), abs=0.001)
        assert guest.game.clock.left(1) == pytest.approx(305 - 5 - netclock.GRACE)
        pair.advance(2.0)
        assert host.game.clock.left(1) == pytest.approx(305 - 7 - netclock.GRACE)  # running again
        pair.play(guest)
        pair.wait(lambda: guest.game.times[-1] == host.game.times[-1] == (307, 305 - 7 - netclock.GRACE + 5))
    finally:
        pair.close()


def test_a_flag_that_falls_in_the_grace_period_is_learnt_on_return(monkeypatch):
    monkeypatch.setattr(S, "RETRY_EVERY", 1000.0)
    pair = Clocked(control=TimeControl(30, 0))
    host, guest = pair.host, pair.guest
    try:
        _to_guest_turn(pair)
        guest.conn.close("test")
        pair.wait(lambda: host.phase == "paused" and guest.phase == "paused")
        pair.advance(30.0, 0.0)  # 25 s were left: less than the grace period
        assert str(host.game.result().reason) == "time" and guest.game.result() is None
        pair.gt.t += 1000.0
        pair.wait(lambda: guest.game.result() is not None)
        assert guest.game.result() == host.game.result() and guest.game.ply == host.game.ply == 3
        assert pair.kinds(guest, "ended")
    finally:
        pair.close()


def test_a_flag_that_falls_while_the_guest_is_resuming_reaches_it(monkeypatch):
    monkeypatch.setattr(S, "RETRY_EVERY", 1000.0)
    pair = Clocked(control=TimeControl(30, 0))
    host, guest = pair.host, pair.guest
    try:
        _to_guest_turn(pair)
        guest.conn.close("test")
        pair.wait(lambda: host.phase == "paused" and guest.phase == "paused")
        pair.advance(10.0, 0.0)  # 25 - 10 s left
        pair.gt.t += 1000.0
        pair.wait(lambda: host.phase == "resuming")  # RESUME ... SYNCED sent, the ACCEPT on its way
        assert guest.game.result() is None and host.game.result() is None
        pair.ht.t += 20.0
        host.pump()  # the flag falls between SYNCED and ACCEPT: FLAG follows the ACCEPT
        assert str(host.game.result().reason) == "time"
        pair.wait(lambda: guest.game.result() is not None)
        assert guest.game.result() == host.game.result() and guest.phase == host.phase == "playing"
        assert not pair.kinds(guest, "rejected")
    finally:
        pair.close()


def test_saves_carry_the_clocks_and_old_or_damaged_ones_are_handled():
    pair = Clocked(control=TimeControl(60, 1).handicap(60, 30), autosave=saves.autosave)
    try:
        _to_guest_turn(pair)
        pair.play(pair.guest)
        pair.wait(lambda: pair.guest.game.times[-1] == pair.host.game.times[-1] == (59, 27))
        saves.flush()
        for role, session in (("host", pair.host), ("guest", pair.guest)):
            game, data = saves.read(role)
            assert game.control == session.game.control and game.times == session.game.times
            assert data["clock"]["control"] == {"base": 60, "inc": 1, "bases": [60, 30]}
        path = saves.path("host")
        data = json.loads(path.read_text())
        for bad in ([[60, 30]], [[60, float("inf")]] * 5, [[-1, 30]] * 5, "x"):
            path.write_text(json.dumps({**data, "clock": {**data["clock"], "times": bad}}))
            assert saves.read("host") is None
        path.write_text(json.dumps({**data, "clock": {**data["clock"], "control": {"base": 0}}}))
        assert saves.read("host") is None
        old = {k: v for k, v in data.items() if k != "clock"}  # a save from before clocks
        path.write_text(json.dumps(old))
        game, _ = saves.read("host")
        assert game.control is None and game.clock is None and game.ply == 4
    finally:
        pair.close()


def test_a_clocked_game_through_a_real_mailbox_server(mailbox):
    from game.net.online import WormholeGuestSession, WormholeHostSession

    ht, gt = Tick(), Tick(7.0)
    host = WormholeHostSession(mailbox.url, clock=ht)
    host.set_offer("palace", {}, 0, control=TimeControl(60, 3))
    log: list = []
    sessions = [host]
    try:
        pump_until(sessions, lambda: host.wormhole_code is not None, 20.0, log)
        guest = WormholeGuestSession(mailbox.url, host.wormhole_code, clock=gt)
        sessions.append(guest)
        pump_until(sessions, lambda: guest.phase == "offered", 20.0, log)
        assert guest.offer["control"] == TimeControl(60, 3)
        guest.accept()
        pump_until(sessions, lambda: host.phase == "playing", 20.0, log)

        def play(side):
            side.play(side.game.state.legal_moves()[0])
            pump_until(sessions, lambda: host.game.plies == guest.game.plies, 20.0, log)

        play(host)
        play(guest)
        ht.t += 4.0
        play(host)
        assert guest.game.times[-1] == host.game.times[-1] == (62, 63)
        ht.t, gt.t = ht.t + 6.0, gt.t + 1.0
        play(guest)
        pump_until(sessions, lambda: guest.game.clock.times() == (62, 60), 20.0, log)
        for _ in range(70):  # the guest's move 5 never comes: its time runs out on the host
            ht.t += 1.0
            pump_until(sessions, lambda: heard(host, ht) or host.game.result() is not None, 20.0, log)
        pump_until(sessions, lambda: guest.game.result() is not None, 20.0, log)
        assert guest.game.result() == host.game.result() and str(host.game.result().reason) == "time"
    finally:
        for s in sessions:
            s.close()
