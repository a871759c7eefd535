"""Protocol version 4: the rematch question and the quick phrases (docs/PROTOCOL.md), between two
real endpoints on 127.0.0.1 and against a hand-driven raw peer: several games over one
connection with the seats swapped, crossing offers, a decline, drops and resumes across games
(only the current game's secret resumes), phrases shown as numbers, a flood dropped and counted."""

import random
import time

import pytest
from net_helpers import Pair, RawPeer, kinds, pump_until

from game.net import protocol as P
from game.net import saves
from game.net import session as S
from game.net import talk as T
from game.net.guest import GuestSession
from game.net.host import HostSession
from game.net.session import SessionError


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("QIPAN_HOME", str(tmp_path))
    monkeypatch.setattr("os.fsync", lambda fd: None)


# ---- the lines -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "line, code",
    [
        ("PHRASE 8", P.E_MALFORMED),  # there are eight phrases, 0..7
        ("PHRASE 99", P.E_MALFORMED),
        ("PHRASE -1", P.E_MALFORMED),
        ("PHRASE 01", P.E_MALFORMED),
        ("PHRASE hello", P.E_MALFORMED),  # numbers only: no free text
        ("PHRASE", P.E_ARGS),
        ("PHRASE 1 2", P.E_ARGS),
        ("REMATCH OFFER", P.E_ARGS),
        ("REMATCH MAYBE 0123abcd", P.E_MALFORMED),
        ("REMATCH OFFER XYZ", P.E_MALFORMED),
    ],
)
def test_bad_rematch_and_phrase_lines_are_refused(line, code):
    with pytest.raises(P.ProtocolError) as err:
        P.parse_line(line)
    assert err.value.code == code


@pytest.mark.parametrize("old", [3, 4])  # 4: before the draughts variants (protocol 5)
def test_older_versions_are_refused_with_the_usual_message(old):
    assert P.VERSION == 5
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace")
    raw = RawPeer(host.port)
    try:
        raw.send(f"HELLO QIPAN {old}")
        line = raw.expect([host], lambda l: l.startswith("ERROR"))
        assert line.startswith(f"ERROR version this is QIPAN 5, not QIPAN {old}") and "same version of Qipan" in line
    finally:
        raw.close()
        host.close()


# ---- rematches over one connection ----------------------------------------------------------------
def finish(pair, seed):
    """Play the current game to its end with random moves (or a resignation when it runs long)."""
    pair.play_random(random.Random(seed), 200)
    if pair.host.game.result() is None:
        side = pair.mover()
        while not side.game.can_resign():
            side.play(random.Random(seed).choice(side.game.state.legal_moves()))
            pair.wait(pair.settled)
            side = pair.mover()
        side.resign()
    pair.wait(lambda: pair.guest.game.result() is not None and pair.host.game.result() is not None)


@pytest.mark.parametrize("game", ["palace", "draughts", "banqi"])
def test_three_games_over_one_connection_with_the_seats_swapped(game):
    pair = Pair(game, host_seat=0, saves=True)
    host, guest = pair.sessions
    try:
        ids, secrets = [], []
        for k in range(3):
            assert host.my_seat == k % 2 and guest.my_seat == 1 - k % 2
            assert host.game.id == guest.game.id and host.secret == guest.secret
            ids.append(host.game.id)
            secrets.append(host.secret)
            with pytest.raises(SessionError):  # not while the game is on
                host.offer_rematch()
            finish(pair, seed=k)
            assert host.game.result() == guest.game.result()
            if k == 2:
                break
            offerer, answerer = (host, guest) if k == 0 else (guest, host)
            offerer.offer_rematch()
            pair.wait(lambda a=answerer: a.their_rematch is not None)
            assert "rematch_offer" in kinds(pair.events, answerer)
            assert not offerer.can_offer_rematch()  # once is enough
            answerer.answer_rematch(True)
            old = host.game
            pair.wait(
                lambda o=old: host.phase == guest.phase == "playing" and host.game is not o and guest.game is not o
            )
            assert guest.offer["resume"] is False
            assert [e.kind for s, e in pair.events if s is guest and e.kind in ("offer", "started")][-1] == "started"
        assert len(set(ids)) == 3 and len(set(secrets)) == 3  # a new game, a new secret each time
        saved, data = saves.read("guest")
        assert saved.id == ids[-1] and data["secret"] == secrets[-1]  # the autosave holds the current game
        assert kinds(pair.events, guest).count("offer") == 1  # the agreed rematches were not asked again
    finally:
        pair.close()


def test_a_declined_rematch_leaves_the_finished_game():
    pair = Pair("palace", host_seat=1)
    host, guest = pair.sessions
    try:
        finish(pair, seed=4)
        first = host.game
        guest.offer_rematch()
        pair.wait(lambda: host.their_rematch == first.id)
        host.answer_rematch(False)
        pair.wait(lambda: "rematch_declined" in kinds(pair.events, guest))
        assert host.game is first and guest.game.id == first.id and host.offer_game is None
        assert guest.my_rematch is None and host.phase == guest.phase == "playing"
        guest.offer_rematch()  # may ask again; this time the host agrees by offering too
        pair.wait(lambda: host.their_rematch is not None)
        host.offer_rematch()  # with their offer pending: an acceptance
        pair.wait(lambda: host.game is not first and guest.game is not first and guest.phase == "playing")
        assert host.my_seat == 0 and host.my_turn()
    finally:
        pair.close()


def test_crossing_offers_make_one_rematch():
    pair = Pair("draughts", host_seat=0)
    host, guest = pair.sessions
    try:
        finish(pair, seed=5)
        first = host.game
        host.offer_rematch()  # both at once: each line crosses the other
        guest.offer_rematch()
        pair.wait(lambda: host.phase == guest.phase == "playing" and host.game is not first and guest.game is not first)
        assert host.game.id == guest.game.id and host.my_seat == 1
        assert "rematch_offer" not in kinds(pair.events)  # neither player is asked
        pair.wait(lambda: True)
        assert [e for s, e in pair.events if e.kind == "rejected"] == []
    finally:
        pair.close()


def test_a_rematch_line_in_the_wrong_moment_is_refused():
    pair = Pair("palace", host_seat=0)
    host, guest = pair.sessions
    try:
        guest._send("REMATCH", "OFFER", host.game.id)  # during the game
        pair.wait(lambda: "peer_error" in kinds(pair.events, guest))
        finish(pair, seed=6)
        guest._send("REMATCH", "OFFER", "0123abcd")  # another game's id
        guest._send("REMATCH", "ACCEPT", host.game.id)  # nothing was offered
        pair.wait(lambda: kinds(pair.events, guest).count("peer_error") == 3)
        codes = [e.info["code"] for s, e in pair.events if s is host and e.kind == "rejected"]
        assert codes == [P.E_STATE, P.E_SYNC, P.E_STATE]
        assert host.their_rematch is None and host.offer_game is None
    finally:
        pair.close()


def test_a_host_offer_of_another_game_is_still_asked():
    """An OFFER that is not the agreed rematch (another game) goes to the player, as before."""
    pair = Pair("palace", host_seat=0)
    host, guest = pair.sessions
    try:
        finish(pair, seed=7)
        host.set_offer("draughts", {}, 0)
        pair.wait(lambda: guest.phase == "offered")
        assert "offer" in kinds(pair.events, guest) and guest.game.name == "palace"
        guest.decline()
        pair.wait(lambda: host.phase == "declined")
    finally:
        pair.close()


# ---- drops and resumes across games ---------------------------------------------------------------
def test_a_drop_in_game_two_resumes_game_two_and_game_one_s_secret_is_no_key(monkeypatch):
    monkeypatch.setattr(S, "RETRY_EVERY", 0.05)
    pair = Pair("draughts", host_seat=0, saves=True)
    host, guest = pair.sessions
    try:
        finish(pair, seed=8)
        first_id, first_secret = host.game.id, host.secret
        host.offer_rematch()
        pair.wait(lambda: guest.their_rematch is not None)
        guest.answer_rematch(True)
        pair.wait(lambda: guest.phase == host.phase == "playing" and host.game.id == guest.game.id != first_id)
        second = host.game
        pair.play_random(random.Random(9), 3)
        plies = list(host.game.plies)
        guest.conn.close("wifi changed")
        pair.wait(lambda: "paused" in kinds(pair.events, guest))
        pair.wait(lambda: guest.phase == host.phase == "playing" and guest.connected)
        assert host.game is second and guest.game.id == second.id and guest.game.plies == plies
        assert "resumed" in kinds(pair.events, guest)
        # a program that only knows game one's secret cannot take the seat of game two
        guest.close()
        pair.wait(lambda: host.phase == "paused")
        raw, log = RawPeer(host.port), []
        try:
            raw.send(f"HELLO {P.NAME} {P.VERSION}")
            _, host_nonce, ref = raw.expect([host], lambda l: l.startswith("CHALLENGE"), log).split()
            assert ref == second.id  # the host asks for the secret of game two
            nonce = P.new_nonce()
            raw.send(f"PROOF game {nonce} {P.proof(first_secret, 'guest', host_nonce, nonce, ref)}")
            assert raw.expect([host], lambda l: l.startswith("ERROR"), log).startswith("ERROR wrong_code")
        finally:
            raw.close()
        assert host.game is second and not host.connected
        stale = GuestSession("127.0.0.1", host.port, known={first_id: first_secret})
        events = pump_until([host, stale], lambda: stale.phase == "closed")
        assert stale.game is None and "failed" in kinds(events, stale)  # no key for game two, no code
    finally:
        pair.close()


def test_a_drop_between_the_agreement_and_the_new_game_keeps_the_agreement(monkeypatch):
    monkeypatch.setattr(S, "RETRY_EVERY", 0.05)
    pair = Pair("palace", host_seat=0)
    host, guest = pair.sessions
    try:
        finish(pair, seed=10)
        first = host.game
        guest.offer_rematch()
        pair.wait(lambda: host.their_rematch is not None)
        guest.conn.close("wifi changed")  # the host's acceptance and offer never reach this connection
        host.answer_rematch(True)
        assert host.offer_game is not None and host.offer_game.host_seat == 1 and host.rematch_starting()
        pair.wait(lambda: host.phase == "playing" and guest.phase == "playing" and host.game is not first)
        assert guest.game.id == host.game.id and guest.my_seat == 0  # accepted without asking again
        assert not host.rematch_starting() and not guest.rematch_starting()
        assert kinds(pair.events, guest).count("offer") == 1
    finally:
        pair.close()


def test_a_drop_before_the_answer_forgets_the_question(monkeypatch):
    monkeypatch.setattr(S, "RETRY_EVERY", 0.05)
    pair = Pair("palace", host_seat=0)
    host, guest = pair.sessions
    try:
        finish(pair, seed=11)
        first = host.game
        host.offer_rematch()
        pair.wait(lambda: guest.their_rematch is not None)
        host.conn.close("cable pulled")
        pair.wait(lambda: guest.phase == host.phase == "playing" and guest.connected and host.connected)
        assert host.my_rematch is None and guest.their_rematch is None and guest.game.id == first.id
        with pytest.raises(SessionError):
            guest.answer_rematch(True)
        host.offer_rematch()  # asked again on the new connection
        pair.wait(lambda: guest.their_rematch == first.id)
    finally:
        pair.close()


# ---- quick phrases --------------------------------------------------------------------------------
def test_phrases_travel_as_numbers_with_a_rate_limit():
    pair = Pair("banqi", host_seat=0)
    host, guest = pair.sessions
    try:
        guest.say(0)
        guest.say(7)
        pair.wait(lambda: kinds(pair.events, host).count("phrase") == 2)
        assert [e.info["n"] for s, e in pair.events if s is host and e.kind == "phrase"] == [0, 7]
        with pytest.raises(SessionError):
            guest.say(len(P.PHRASES))
        guest.say(2)
        with pytest.raises(SessionError):  # the burst is used up: the sender keeps to the limit
            guest.say(3)
        assert not guest.can_say()
        time.sleep(T.PHRASE_EVERY)  # one more in a while
        assert guest.can_say()
        guest.say(1)
        pair.wait(lambda: kinds(pair.events, host).count("phrase") == 4)
        assert "rejected" not in kinds(pair.events)
        # after the end of the game too ("Good game")
        finish(pair, seed=12)
        host.say(2)
        pair.wait(lambda: "phrase" in kinds(pair.events, guest))
    finally:
        pair.close()


def test_a_phrase_flood_is_dropped_and_counted_until_the_peer_is_cut_off():
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace", {}, 0)
    raw = RawPeer(host.port)
    log, events = [], []
    try:
        raw.join([host], host.code, log)
        offer = raw.expect([host], lambda l: l.startswith("OFFER"), log)
        game_id = offer.split()[1]
        raw.send("PHRASE 0")  # before any game: refused
        raw.expect([host], lambda l: l.startswith("ERROR unexpected"), log)
        raw.send(f"ACCEPT {game_id}")
        pump_until([host], lambda: host.phase == "playing", log=events)
        raw.send("PHRASE 9")  # no such phrase
        raw.expect([host], lambda l: l.startswith("ERROR malformed"), log)
        raw.send("\n".join(["PHRASE 1"] * 20))
        pump_until([host], lambda: kinds(events, host).count("rejected") >= 15, log=events)
        shown = [e.info["n"] for s, e in events if e.kind == "phrase"]
        assert shown == [1] * (T.PHRASE_BURST + T.PHRASE_SLACK)  # the rest were dropped
        flood = [e.info["code"] for s, e in events if e.kind == "rejected"]
        assert flood[-15:] == [P.E_TOO_FAST] * 15 and host.connected
        raw.send("\n".join(["PHRASE 1"] * (S.MAX_ERRORS + 5)))  # counted as bad lines: cut off
        pump_until([host], lambda: not host.connected, log=events)
        assert kinds(events, host).count("phrase") == T.PHRASE_BURST + T.PHRASE_SLACK
        assert host.game is not None and host.phase == "paused"  # the game itself stays
    finally:
        raw.close()
        host.close()


# ---- online: the same over one wormhole ----------------------------------------------------------
def test_two_games_over_one_wormhole_and_a_drop_in_the_second(mailbox, monkeypatch):
    from game.net.online import WormholeGuestSession, WormholeHostSession

    monkeypatch.setattr(S, "RETRY_EVERY", 0.1)
    monkeypatch.setattr(S, "SILENCE_LIMIT", 4.0)
    host = WormholeHostSession(mailbox.url, autosave=saves.autosave)
    host.set_offer("banqi", {}, 0)
    log = []
    guest = None
    try:
        pump_until([host], lambda: host.wormhole_code is not None, 20, log)
        code = host.wormhole_code
        guest = WormholeGuestSession(mailbox.url, code, autosave=saves.autosave)
        pair = Pair.__new__(Pair)  # the Pair helpers over these two sessions
        pair.host, pair.guest, pair.events = host, guest, log
        pair.wait(lambda: guest.phase == "offered", 20)
        guest.accept()
        pair.wait(lambda: host.phase == "playing", 20)
        first = host.game
        guest.say(1)  # "Good luck"
        pair.wait(lambda: "phrase" in kinds(log, host), 20)
        finish(pair, seed=13)
        guest.offer_rematch()
        pair.wait(lambda: host.their_rematch == first.id, 20)
        host.answer_rematch(True)
        pair.wait(lambda: host.phase == guest.phase == "playing" and host.game.id == guest.game.id != first.id, 20)
        assert host.my_seat == 1 and guest.my_seat == 0 and host.listener.code is None  # no new code
        second = host.game
        pair.play_random(random.Random(14), 4)
        plies = list(host.game.plies)
        guest.conn.close("wifi changed")  # resumed through the resume code of game two's secret
        pair.wait(lambda: "paused" in kinds(log, guest), 20)
        pair.wait(lambda: guest.phase == host.phase == "playing" and guest.connected, 30)
        assert host.game is second and guest.game.id == second.id and guest.game.plies == plies
        finish(pair, seed=15)
        assert host.game.result() == guest.game.result() is not None
        saves.flush()
        (hgame, hdata), (ggame, gdata) = saves.read("host", online=True), saves.read("guest", online=True)
        assert hgame.id == ggame.id == second.id and hdata["secret"] == gdata["secret"] == host.secret
    finally:
        host.close()
        if guest is not None:
            guest.close()
