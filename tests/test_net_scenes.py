"""The network screens in the real app (headless): host, join, the board with a remote seat.
The other computer is a bare session on 127.0.0.1 driven by the test."""

import random
import time

import pygame
import pytest
from net_helpers import pump_until

from game.net import saves
from game.net.guest import GuestSession
from game.net.host import HostSession
from game.scenes.board.net_table import NetTable
from game.scenes.lobbies import network as N
from game.scenes.views import VIEWS


def is_net_board(scene):
    return isinstance(getattr(scene, "table", None), NetTable)


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    # only 127.0.0.1: the app's host listens on loopback, and a free port
    monkeypatch.setattr(
        N, "open_host", lambda port=0, bind=None: HostSession(port=0, bind="127.0.0.1", autosave=saves.autosave)
    )
    monkeypatch.setattr("os.fsync", lambda fd: None)


def _game_with_view():
    for game in ("draughts", "palace", "banqi"):
        if VIEWS.get(game) is not None:
            return game
    pytest.skip("no game view yet")


def wait(driver, cond, others=(), seconds=10.0):
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out; top scene {type(driver.top).__name__}")
        for s in others:
            s.pump()
        driver.step()
        time.sleep(0.002)


def join_and_accept(driver, host):
    """The app joins `host` (a bare HostSession with an offer), waits for the offer and accepts
    it; returns once the network board is up and the host is playing."""
    app = driver.app
    join = N.JoinScene(app, f"127.0.0.1:{host.port}", code=host.code)
    app.push(join)
    join.connect()
    wait(driver, lambda: join.offer is not None, [host])
    join.accept()
    wait(driver, lambda: is_net_board(app.top) and host.phase == "playing", [host])
    return app.top


def click(driver, widget):
    driver.click(widget.rect.center)


def test_host_screen_shows_the_address_and_the_board_plays_a_remote_seat(driver):
    game = _game_with_view()
    app = driver.app
    app.push(N.NetLobbyScene(app))
    driver.step()
    click(driver, app.top.widgets[0])  # Host a game
    setup = app.top
    assert isinstance(setup, N.HostSetupScene)
    setup.game.set(game)
    setup.seat.set(0)
    click(driver, setup.open_btn)
    wait_scene = app.top
    assert isinstance(wait_scene, N.HostWaitScene)
    port = wait_scene.net.session.port
    assert wait_scene.address.endswith(f":{port}")
    driver.step()
    lines = [line[0] for line in wait_scene.lines()]
    assert wait_scene.address in lines

    assert wait_scene.code in " ".join(lines)  # the join code beside the address
    guest = GuestSession("127.0.0.1", port, code=wait_scene.code)
    wait(driver, lambda: guest.phase == "offered", [guest])
    assert guest.offer["game"] == game and guest.offer["host_seat"] == 0
    guest.accept()
    wait(driver, lambda: is_net_board(app.top), [guest])
    board = app.top
    assert board.table.my_seat == 0 and board.human_turn()

    rng = random.Random(2)
    for _ in range(6):
        if board.human_turn():  # the app's player clicks a legal move point by point
            move = rng.choice(board.legal_moves())
            for point in move.path:
                x, y = board.view.point_xy(point)
                driver.click((x, y))
            driver.settle(5)
            wait(driver, lambda: guest.game.ply == len(board.moves) and board.anim is None, [guest])
        else:
            assert not board.human_turn()
            guest.play(rng.choice(guest.game.state.legal_moves()))
            wait(driver, lambda: len(board.moves) == guest.game.ply and board.anim is None, [guest])
        assert board.moves == [t for t, _ in guest.game.plies]

    # the guest asks for an undo: a dialog, the player accepts
    if guest.can_request_undo():
        guest.request_undo()
        wait(driver, lambda: type(app.top).__name__ == "Dialog", [guest])
        click(driver, app.top.buttons[0])
        wait(driver, lambda: len(board.moves) == guest.game.ply and guest.my_undo is None, [guest])
        assert board.moves == [t for t, _ in guest.game.plies]

    # the connection drops: a notice, no moves; the guest comes back: the game goes on
    guest.conn.sock.close()
    wait(driver, lambda: board.table.pause_reason != "", [guest])
    assert not board.human_turn() and not board.table.net.read(lambda s: s.connected)
    driver.step()
    guest.close()
    returning = GuestSession("127.0.0.1", port, known={guest.game.id: guest.secret})
    wait(
        driver,
        lambda: returning.phase == "playing" and board.table.net.read(lambda s: s.phase) == "playing",
        [returning],
    )
    assert board.table.notice is None and returning.game.plies == board.table.net.session.game.plies

    # the draw offer from the app's player, accepted by the other
    if not board.human_turn():
        returning.play(returning.game.state.legal_moves()[0])
        wait(driver, lambda: board.human_turn(), [returning])
    board.table.offer_draw()
    wait(driver, lambda: returning.their_draw is not None, [returning])
    returning.answer_draw(True)
    wait(driver, lambda: board.over(), [returning])
    assert board.result().reason == "agreement"
    driver.settle(30)
    returning.close()


def test_join_screen_shows_the_offer_before_accepting(driver):
    game = _game_with_view()
    app = driver.app
    host = HostSession(bind="127.0.0.1")
    host.set_offer(game, {}, 1)
    try:
        app.push(N.NetLobbyScene(app))
        driver.step()
        click(driver, app.top.widgets[1])  # Join a game
        join = app.top
        assert isinstance(join, N.JoinScene)
        join.input.value = "not an address:x"
        click(driver, join.connect_btn)
        assert join.status == "net.bad_address" and join.net is None
        join.input.value = f"127.0.0.1:{host.port}"
        join.code_input.value = host.code
        driver.key(pygame.K_RETURN)
        if join.net is None:
            click(driver, join.connect_btn)
        wait(driver, lambda: join.offer is not None, [host])
        text = " ".join(line[0] for line in join.lines())
        assert pygame.display.get_surface() is not None
        assert join.accept_btn.visible and join.offer["game"] == game
        assert "·" in text  # you play ... · the host plays ...
        click(driver, join.accept_btn)
        wait(driver, lambda: is_net_board(app.top) and host.phase == "playing", [host])
        board = app.top
        assert board.table.my_seat == 0 and board.table.role == "guest"
        assert board.human_turn()
        # leaving asks first, then says BYE: the host pauses
        board.table.to_menu()
        assert type(app.top).__name__ == "Dialog"
        click(driver, app.top.buttons[0])
        pump_until([host], lambda: host.phase == "paused")
    finally:
        host.close()


def test_parse_address():
    assert N.parse_address(" 192.168.1.20:5000 ") == ("192.168.1.20", 5000)
    assert N.parse_address("host.lan") == ("host.lan", N.DEFAULT_PORT)
    assert N.parse_address("[::1]:7000") == ("::1", 7000)
    assert N.bind_address(type("A", (), {"headless": True})()) == "127.0.0.1"
    for bad in ("", ":5000", "a:0", "a:70000", "a b:5", "a:x", "[::1", "\u68cb:5000", "a/b"):
        with pytest.raises(ValueError):
            N.parse_address(bad)


def _click_move(driver, board, move, others):
    for point in move.path:
        driver.click(board.view.point_xy(point))
        for s in others:
            s.pump()


def test_app_as_banqi_guest_flips_by_clicks_and_sees_the_host_reveal(driver):
    if VIEWS.get("banqi") is None:
        pytest.skip("no banqi view yet")
    host = HostSession(bind="127.0.0.1")
    host.set_offer("banqi", {}, 1)
    try:
        board = join_and_accept(driver, host)
        rng = random.Random(7)
        for _ in range(10):
            if board.human_turn():
                move = rng.choice(board.legal_moves())
                _click_move(driver, board, move, [host])
            else:
                host.play(rng.choice(host.game.state.legal_moves()))
            wait(
                driver,
                lambda: (
                    board.moves == [t for t, _ in host.game.plies]
                    and board.anim is None
                    and not board.table.net.read(lambda s: s.pending_flip)
                ),
                [host],
            )
        # the guest's board shows what the host's shows, and never holds the layout
        assert board.states[-1].hidden is None and all(s.hidden is None for s in board.states)
        assert board.states[-1].board == host.game.state.board
        assert board.view.pieces(board.states[-1]) == board.view.pieces(host.game.state)
        assert not next(b for b in board.panel.buttons if b.on_click.__name__ == "save").enabled
    finally:
        host.close()


def test_lobby_resumes_a_saved_hosted_game(driver):
    game = _game_with_view()
    from net_helpers import Pair

    pair = Pair(game, saves=True)
    rng = random.Random(1)
    for _ in range(4):
        side = pair.mover()
        side.play(rng.choice(side.game.state.legal_moves()))
        pair.wait(pair.settled)
    plies = list(pair.host.game.plies)
    game_id, secret = pair.host.game.id, pair.guest.secret
    pair.close()  # both programs quit; their autosaves stay

    app = driver.app
    lobby = N.NetLobbyScene(app)
    app.push(lobby)
    driver.step()
    assert lobby.host_saved and lobby.guest_saved
    resume = lobby.widgets[2]
    click(driver, resume)
    waiting = app.top
    assert isinstance(waiting, N.HostWaitScene)
    port = waiting.net.session.port
    guest = GuestSession("127.0.0.1", port, known={game_id: secret})
    wait(driver, lambda: is_net_board(app.top), [guest])
    board = app.top
    assert [t for t, _ in plies] == board.moves and guest.game.plies == plies
    guest.close()


def test_result_screen_names_the_opponent_and_offers_a_network_rematch(driver):
    game = _game_with_view()
    app = driver.app
    app.push(N.HostSetupScene(app))
    setup = app.top
    setup.game.set(game)
    setup.seat.set(1)  # the remote player moves first
    setup.open()
    port = app.top.net.session.port
    guest = GuestSession("127.0.0.1", port, code=app.top.net.session.code)
    wait(driver, lambda: guest.phase == "offered", [guest])
    guest.accept()
    wait(driver, lambda: is_net_board(app.top), [guest])
    board = app.top
    if not guest.game.state.can_resign():
        pytest.skip("resignation not allowed at the start of this game")
    guest.resign()  # the opponent gives up: we win
    wait(driver, lambda: type(app.top).__name__ == "ResultScene", [guest])
    result = app.top
    assert result.title() == "You win!"
    click(driver, result.rematch_btn)  # asks the other player (protocol 4: REMATCH OFFER)
    wait(driver, lambda: guest.their_rematch is not None, [guest])
    first = guest.game
    guest.answer_rematch(True)  # the host then offers the game, seats swapped: accepted at once
    wait(driver, lambda: guest.phase == "playing" and guest.game is not first, [guest])
    assert guest.offer["host_seat"] == 0
    wait(driver, lambda: is_net_board(app.top) and app.top is not board, [guest])
    assert app.top.table.my_seat == 0 and app.top.moves == [] and app.top.human_turn()
    guest.close()


def test_the_menu_opens_the_network_lobby(driver):
    from game.i18n import tr

    menu = driver.app.top
    button = next(b for b in menu.buttons if b.text() == tr("menu.network", driver.app.lang))
    driver.click(button.rect.center)
    assert isinstance(driver.app.top, N.NetLobbyScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is menu


def test_undo_and_resign_from_the_board_go_through_the_other_player(driver):
    game = _game_with_view()
    app = driver.app
    app.push(N.HostSetupScene(app))
    app.top.game.set(game)
    app.top.seat.set(0)
    app.top.open()
    guest = GuestSession("127.0.0.1", app.top.net.session.port, code=app.top.net.session.code)
    wait(driver, lambda: guest.phase == "offered", [guest])
    guest.accept()
    wait(driver, lambda: is_net_board(app.top), [guest])
    board = app.top
    assert not board.table.can_undo()
    board.table.play(board.legal_moves()[0])
    wait(driver, lambda: guest.game.ply == 1 and board.anim is None, [guest])
    assert board.table.can_undo() and not board.table.can_redo()
    driver.key(pygame.K_z, mod=pygame.KMOD_LCTRL)  # Ctrl+Z asks the other player
    wait(driver, lambda: guest.their_undo == 0, [guest])
    assert board.table.notice == "net.undo_sent" and not board.human_turn()
    guest.answer_undo(True)
    wait(driver, lambda: board.moves == [] and board.table.notice is None, [guest])
    assert board.human_turn()
    board.table.play(board.legal_moves()[0])
    wait(driver, lambda: guest.game.ply == 1 and board.anim is None, [guest])
    guest.play(guest.game.state.legal_moves()[0])
    wait(driver, lambda: board.human_turn() and board.anim is None, [guest])
    if not board.table.net.read(lambda s: s.can_resign()):
        return
    board.table.ask_resign()
    click(driver, app.top.buttons[0])  # Yes
    wait(driver, lambda: guest.game.result() is not None, [guest])
    assert guest.game.result().reason == "resign" and board.result() == guest.game.result()
    wait(driver, lambda: type(app.top).__name__ == "ResultScene", [guest])
    assert app.top.title() == N.tr("net.opponent_wins", app.lang)
    guest.close()


def test_a_question_that_lapses_closes_its_dialog(driver):
    game = _game_with_view()
    app = driver.app
    app.push(N.HostSetupScene(app))
    app.top.game.set(game)
    app.top.open()
    guest = GuestSession("127.0.0.1", app.top.net.session.port, code=app.top.net.session.code)
    wait(driver, lambda: guest.phase == "offered", [guest])
    guest.accept()
    wait(driver, lambda: is_net_board(app.top), [guest])
    board = app.top
    guest.offer_draw()
    wait(driver, lambda: type(app.top).__name__ == "Dialog", [guest])
    guest.conn.sock.close()  # the offer dies with the connection
    wait(driver, lambda: app.top is board, [guest])
    assert board.table.net.read(lambda s: s.their_draw) is None and not board.over()
    guest.close()


def test_join_screen_tells_when_the_host_goes_away(driver):
    app = driver.app
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace")
    join = N.JoinScene(app, f"127.0.0.1:{host.port}", code=host.code)
    app.push(join)
    join.connect()
    wait(driver, lambda: join.offer is not None, [host])
    host.close()
    wait(driver, lambda: join.net is None)
    assert join.status == "net.host_gone" and join.input.visible and not join.accept_btn.visible
    # and a host that is not there at all
    join.input.value = f"127.0.0.1:{host.port}"
    join.connect()
    wait(driver, lambda: join.net is None)
    assert join.status == "net.failed"
    assert N.tr("net.why_refused", app.lang) in N.tr(join.status, app.lang, **join.status_fmt)


KEYS = [
    pygame.K_z,
    pygame.K_y,
    pygame.K_h,
    pygame.K_f,
    pygame.K_s,
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_o,
    pygame.K_n,
    pygame.K_TAB,
]


@pytest.mark.parametrize("game", ["palace", "draughts", "banqi"])
@pytest.mark.parametrize("app_role", ["host", "guest"])
def test_monkey_on_the_network_board(driver, game, app_role, seed=""):
    """Random clicks and keys on the app's network board while the other side randomly moves, asks
    for undos and answers questions (never agreeing to a draw, so games last): nothing raises, and
    once the traffic settles the board shows exactly the session's record."""
    if VIEWS.get(game) is None:
        pytest.skip("no view")
    app = driver.app
    rng = random.Random(game + app_role + str(seed))
    if app_role == "host":
        app.push(N.HostSetupScene(app))
        app.top.game.set(game)
        app.top.seat.set(rng.randrange(2))
        app.top.open()
        guest = GuestSession("127.0.0.1", app.top.net.session.port, code=app.top.net.session.code)
        wait(driver, lambda: guest.phase == "offered", [guest])
        guest.accept()
    else:  # the app joins; "guest" below is then the bare host session on the other side
        guest = HostSession(bind="127.0.0.1")
        guest.set_offer(game, {}, rng.randrange(2))
        join_and_accept(driver, guest)
    wait(driver, lambda: is_net_board(app.top) and guest.phase == "playing", [guest])
    board = app.top
    w, h = app.size
    for _ in range(500):
        guest.pump()
        if board in app.scenes and app.top is not board and type(app.top).__name__ not in ("Dialog", "ResultScene"):
            app.pop()  # a save or rules screen opened by a key: back to the board
        r = rng.random()
        try:
            if r < 0.25 and guest.my_turn() and not guest.waiting_for_answer():
                guest.play(rng.choice(guest.game.state.legal_moves()))
            elif r < 0.30:
                guest.request_undo()
            elif r < 0.36 and guest.their_undo is not None:
                guest.answer_undo(rng.random() < 0.5)
            elif r < 0.41 and guest.their_draw is not None:
                guest.answer_draw(False)  # the other side never agrees: longer games
        except N.SessionError:
            pass
        if rng.random() < 0.6 and board.human_turn() and board.legal_moves():
            point = rng.choice(rng.choice(board.legal_moves()).path)
            pos = board.view.point_xy(point)
        else:
            pos = (rng.randrange(w), rng.randrange(h))
        if rng.random() < 0.75:
            driver.click(pos, frames=0)
        else:
            key = rng.choice(KEYS)
            mod = pygame.KMOD_LCTRL if key in (pygame.K_z, pygame.K_y, pygame.K_s) else 0
            if key == pygame.K_ESCAPE and app.top is board:
                key = pygame.K_h  # leaving would end the test early
            driver.key(key, mod=mod, frames=0)
        driver.step()
        if board not in app.scenes or board.table.net.read(lambda s: s.game.result()) is not None:
            break
    # the traffic settles: the board shows exactly the session's record
    while board in app.scenes and app.top is not board and type(app.top).__name__ != "ResultScene":
        app.pop()  # a rules screen on top keeps the board from updating
    for _ in range(50):
        guest.pump()
        driver.step()
    if board in app.scenes:
        # the app's session thread sends every 10 ms: wait until the last line has crossed and
        # the board, the app's session and the guest all hold the same record
        def synced():
            session_moves = board.table.net.read(lambda s: [t for t, _ in s.game.plies])
            return board.anim is None and board.moves == session_moves == [t for t, _ in guest.game.plies]

        wait(driver, lambda: synced() or not guest.connected, [guest])
        assert synced() or not guest.connected
        assert all(getattr(st, "hidden", None) is None for st in board.states) or app_role == "host"
    print(
        f"{game}: {len(guest.game.plies)} plies, {guest.game.result()}, {sorted({type(s).__name__ for s in app.scenes})}"
    )
    guest.close()


def test_host_screen_notes_a_wrong_code_and_the_board_too(driver):
    from game.net import protocol as P

    app = driver.app
    app.push(N.HostSetupScene(app))
    app.top.game.set(_game_with_view())
    app.top.open()
    waiting = app.top
    code = waiting.net.session.code
    intruder = GuestSession("127.0.0.1", waiting.net.session.port, code="wrong9" if code != "wrong9" else "wrong8")
    wait(driver, lambda: intruder.phase == "closed", [intruder])
    wait(driver, lambda: waiting.notices, [intruder])
    text = " ".join(line[0] for line in waiting.lines())
    assert N.tr("net.wrong_code_from", app.lang, addr="127.0.0.1") in text
    assert P.normalize_code(code) == code and code not in N.tr("net.wrong_code_from", app.lang, addr="127.0.0.1")
    # the board (the game paused, the seat free) shows the notice too
    guest = GuestSession("127.0.0.1", waiting.net.session.port, code=code)
    wait(driver, lambda: guest.phase == "offered", [guest])
    guest.accept()
    wait(driver, lambda: is_net_board(app.top), [guest])
    guest.close()
    board = app.top
    wait(driver, lambda: not board.table.net.read(lambda s: s.connected))
    app._toast = None
    again = GuestSession("127.0.0.1", board.table.net.session.port, code="wrong7")
    # (a headless frame counts 1/60 s: the toast is looked at while it shows, not after the refusal)
    wait(driver, lambda: app._toast is not None and "127.0.0.1" in app._toast[0], [again])
    assert app._toast[0] == N.tr("net.wrong_code_from", app.lang, addr="127.0.0.1")
    wait(driver, lambda: again.phase == "closed", [again])


def test_join_screen_explains_an_old_version_and_a_busy_host(driver, monkeypatch):
    from net_helpers import RawPeer

    from game.net import session as S

    app = driver.app
    app.settings["lang"] = "zh"
    old_host = RawPeer(server=True)  # a host of protocol version 1
    join = N.JoinScene(app, f"127.0.0.1:{old_host.port}", code="abc234")
    app.push(join)
    try:
        join.connect()
        box = {}

        def accepted():
            old_host.listener.setblocking(False)
            try:
                box["s"], _ = old_host.listener.accept()
            except BlockingIOError:
                return False
            return True

        wait(driver, accepted)
        old_host.sock = box["s"]
        old_host.send("HELLO QIPAN 1 palace")
        wait(driver, lambda: join.net is None)
        shown = N.tr(join.status, app.lang, **join.status_fmt)
        assert join.status == "net.failed" and N.tr("net.why_version", "zh") in shown
    finally:
        old_host.close()
    # a host that already has a guest: the join screen says so while it tries again
    monkeypatch.setattr(S, "BUSY_RETRY_EVERY", 0.2)
    host = HostSession(bind="127.0.0.1")
    host.set_offer("palace")
    first = GuestSession("127.0.0.1", host.port, code=host.code)
    try:
        pump_until([host, first], lambda: first.phase == "offered")
        join.code_input.value = host.code
        join.input.value = f"127.0.0.1:{host.port}"
        join.connect()
        wait(driver, lambda: join.status == "net.busy_retry", [host, first])
        assert "1/3" in N.tr(join.status, "zh", **join.status_fmt)
        first.close()  # the seat frees: the next try gets the offer
        wait(driver, lambda: join.offer is not None, [host])
    finally:
        first.close()
        host.close()
