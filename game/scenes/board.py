"""The one board scene shared by the three games.

It owns what the games have in common: input by "a move is the list of points you touch" (the
legal moves of the position are narrowed with every click; when exactly one matches it is
played), the marks (movable pieces, selection, targets, last move, hint), animation of every move,
the side panel (turn, seats, captured pieces, status lines, move list), buttons and shortcuts,
undo/redo, hint, draw offers, resignation, saves, review of a finished game. The game itself
comes from its rules module (game.rules.<game>) and its view (game.scenes.<game>_view.View).

Seats
-----
Each of the two seats (seat 0 moves first from the start position) is played by a controller:
HumanSeat (clicks on this screen), ComputerSeat (the AI worker), or another subclass of Seat, whose
defaults do nothing (e.g. the network opponent in game/scenes/net_scenes.py):

    interactive: bool        clicks on the board may move for this seat
    thinking: bool           show the thinking indicator for this seat
    allows_undo: bool        False forbids undo/redo in this game (e.g. over the network)
    label(lang) -> str       "You", "Computer (hard)", "Player 1"...
    start_turn(scene)        this seat is to move in scene.state (called once per position,
                             again after undo/redo)
    cancel(scene)            drop whatever it is doing for the turn (undo, new game, leaving)
    handle_event(scene, ev)  every event the scene receives (AI_EVENT answers, network events);
                             True if used
    moved(scene, move, seat) a move was played by `seat` (to forward it over a network)

A controller plays by calling scene.submit(move, seat). The scene queues a move that arrives
while the previous move's animation still plays.
"""
from __future__ import annotations

import dataclasses
import importlib
import random

import pygame

from game.app import AI_EVENT
from game.i18n import add, tr
from game.rules import module
from game.rules.common import PositionError, check_options, find_move
from game.scenes.base import Scene
from game.scenes.widgets import Button, Dialog, arrow_icon, confirm, message
from game.sprites import highlight, theme
from game.sprites.anim import MoveAnimation
from game.sprites.tween import pulse

from game import storage

add({
    "board.undo": {"zh": "悔棋", "en": "Undo"},
    "board.redo": {"zh": "重做", "en": "Redo"},
    "board.hint": {"zh": "提示", "en": "Hint"},
    "board.draw": {"zh": "求和", "en": "Offer draw"},
    "board.resign": {"zh": "认输", "en": "Resign"},
    "board.save": {"zh": "保存", "en": "Save"},
    "board.flip": {"zh": "翻转", "en": "Flip"},
    "board.rules": {"zh": "规则", "en": "Rules"},
    "board.menu": {"zh": "菜单", "en": "Menu"},
    "board.result": {"zh": "结果", "en": "Result"},
    "board.you": {"zh": "你", "en": "You"},
    "board.computer": {"zh": "电脑（{level}）", "en": "Computer ({level})"},
    "board.player": {"zh": "玩家 {n}", "en": "Player {n}"},
    "board.thinking": {"zh": "思考中…", "en": "Thinking…"},
    "board.hint_is": {"zh": "提示：{move}", "en": "Hint: {move}"},
    "board.hint_thinking": {"zh": "正在寻找提示…", "en": "Looking for a hint…"},
    "board.to_move": {"zh": "轮到", "en": "To move"},
    "board.moves": {"zh": "着法", "en": "Moves"},
    "board.no_moves_yet": {"zh": "尚无着法", "en": "No moves yet"},
    "board.game_over": {"zh": "对局结束", "en": "Game over"},
    "board.review": {"zh": "复盘 {i}/{n}", "en": "Review {i}/{n}"},
    "board.resign_title": {"zh": "确定认输？", "en": "Resign this game?"},
    "board.resign_not_yet": {"zh": "现在还不能认输", "en": "You cannot resign yet"},
    "board.draw_offer": {"zh": "{side} 提议和棋", "en": "{side} offers a draw"},
    "board.draw_question": {"zh": "{side}，是否同意？", "en": "{side}, do you accept?"},
    "board.accept": {"zh": "同意", "en": "Accept"},
    "board.decline": {"zh": "拒绝", "en": "Decline"},
    "board.ai_accepts": {"zh": "电脑同意和棋", "en": "The computer accepts the draw"},
    "board.ai_declines": {"zh": "电脑拒绝和棋", "en": "The computer declines the draw"},
    "board.ai_declines_why": {"zh": "它认为自己的形势更好。", "en": "It thinks its position is better."},
    "board.asking": {"zh": "电脑正在考虑你的提议…", "en": "The computer considers your offer…"},
    "board.ai_error": {"zh": "电脑出错，改走一步合法着法", "en": "The computer failed; it plays a legal move instead"},
    "board.not_your_turn": {"zh": "现在不是你的回合", "en": "It is not your turn"},
    "board.help": {"zh": "方向键+回车 走子 · Ctrl+Z 悔棋 · Ctrl+Y 重做 · H 提示 · F 翻转 · Ctrl+S 保存 · Ctrl+N 新局 · Esc 菜单 · F11 全屏",
                   "en": "Arrows+Enter play · Ctrl+Z undo · Ctrl+Y redo · H hint · F flip · Ctrl+S save · Ctrl+N new · Esc menu · F11 fullscreen"},
    "board.back_to_game": {"zh": "回到对局", "en": "Back to game"},
    "board.help_look_back": {"zh": "← → 逐步 · Home/End 开始/结束 · Esc 回到对局",
                             "en": "← → step · Home/End first/last · Esc back to the game"},
    "board.help_review": {"zh": "← → 逐步 · Home/End 开始/结束 · Esc 菜单",
                          "en": "← → step · Home/End first/last · Esc menu"},
    "board.overlay_key": {"zh": "讲解", "en": "teaching overlay"},
    "level.easy": {"zh": "简单", "en": "easy"},
    "level.medium": {"zh": "中等", "en": "medium"},
    "level.hard": {"zh": "困难", "en": "hard"},
})

ACCEPT_DRAW_BELOW = 0.1  # the computer accepts a draw when its evaluation is at most this
REPLY_PAUSE = 0.25  # seconds between the end of a move's animation and a computer's reply


# ---- games: views, start positions, thumbnails ----------------------------------------------------
def view_class(game):
    """The View class of game.scenes.<game>_view, or None while that module does not exist."""
    try:
        mod = importlib.import_module(f"game.scenes.{game}_view")
    except ImportError:
        return None
    except Exception as exc:  # a broken view disables its game instead of the whole program
        import sys

        print(f"qipan: the {game} view cannot be loaded: {type(exc).__name__}: {exc}", file=sys.stderr)
        return None
    return getattr(mod, "View", None)


def make_view(game, options):
    cls = view_class(game)
    if cls is None:
        raise RuntimeError(f"no view for {game}")
    return cls(options)


def start_position(game, options, seed=None):
    rules = module(game)
    if game == "banqi":
        return rules.new_game(seed=seed, **options)
    return rules.new_game(**options)


def render_thumbnail(game, size, lang="en"):
    """A picture of the game's board with its start pieces (menu cards), or None."""
    cls = view_class(game)
    if cls is None:
        return None
    try:
        rules = module(game)
        options = check_options(rules.OPTIONS, {})
        view = cls(options)
        view.layout(pygame.Rect(0, 0, size[0], size[1]), False)
        state = start_position(game, options, seed=7)
        if game == "banqi":  # a few tiles face up make a livelier picture
            for i in range(6):
                flips = [m for m in state.legal_moves() if len(m.path) == 1]
                state = state.play(flips[(i * 7) % len(flips)])
        surf = pygame.Surface(size, pygame.SRCALPHA)
        view.draw_board(surf)
        view.draw_extras(surf, state, lang)
        for point, code in view.pieces(state).items():
            view.draw_piece(surf, code, view.point_xy(point))
        return surf
    except Exception:  # a view under construction must not break the menu
        return None


# ---- seats -----------------------------------------------------------------------------------------
class Seat:
    """Who plays one seat. The board calls these; a kind of player overrides what it needs."""

    interactive = False  # True: this seat's moves come from clicks on this screen
    thinking = False  # True while the board waits for this seat's move (the panel shows a spinner)
    allows_undo = True  # False: undo goes through the other player (network)

    def label(self, lang) -> str:
        raise NotImplementedError

    def start_turn(self, scene) -> None:
        """The seat is to move in scene.state."""

    def cancel(self, scene) -> None:
        """Forget any move under way (undo, new game, leaving)."""

    def handle_event(self, scene, event) -> bool:
        """An event the board did not use (e.g. AI_EVENT); True if this seat used it."""
        return False

    def moved(self, scene, move, seat) -> None:
        """A move was played (by `seat`)."""


class HumanSeat(Seat):
    interactive = True

    def __init__(self, name_key="board.you", n=None):
        self.name_key, self.n = name_key, n

    def label(self, lang):
        return tr(self.name_key, lang, n=self.n) if self.n is not None else tr(self.name_key, lang)


class ComputerSeat(Seat):
    def __init__(self, level="medium"):
        self.level = level
        self.rid = None

    @property
    def thinking(self):
        return self.rid is not None

    def label(self, lang):
        return tr("board.computer", lang, level=tr(f"level.{self.level}", lang))

    def start_turn(self, scene):
        app = scene.app
        self.rid = app.worker.request("move", scene.ai_state(), level=self.level, time_limit=app.ai_time,
                                      seed=scene.ai_seed, nodes=app.ai_nodes)
        self.ply = scene.ply

    def cancel(self, scene):
        if self.rid is not None:
            scene.app.worker.cancel(self.rid)
            self.rid = None

    def handle_event(self, scene, event):
        if event.type != AI_EVENT or event.id != self.rid:
            return False
        self.rid = None
        state = scene.state
        if scene.ply != self.ply or state.result() is not None:
            return True
        move = None
        if event.error is None:
            try:
                move = find_move(state, event.result)
            except PositionError:
                move = None
        if move is None:  # never leave the game hanging on an engine failure
            scene.app.toast(tr("board.ai_error", scene.app.lang) + (f" ({event.error})" if event.error else ""))
            move = random.choice(state.legal_moves())
        scene.submit(move, scene.seat_to_move)
        return True

    def moved(self, scene, move, seat):
        pass


# ---- the scene -------------------------------------------------------------------------------------
class BoardScene(Scene):
    #: the string key of the shortcut line under the board (a subclass with other keys names its own)
    help_key = "board.help"
    def __init__(self, app, game, options=None, mode="hotseat", human_seat=0, level="medium",
                 start_state=None, seats=None, seed=None, start_info=None, autosave=True):
        super().__init__(app)
        self.game = game
        self.rules = module(game)
        self.options = check_options(self.rules.OPTIONS, dict(options or {}))
        self.mode = mode
        self.human_seat = human_seat if mode == "computer" else None
        self.level = level
        if start_state is None:
            if game == "banqi" and seed is None:
                seed = random.randrange(1, 2**31)
            start_state = start_position(game, self.options, seed)
            start_info = start_info or ({"seed": seed} if game == "banqi" else {"text": self.rules.to_text(start_state)})
        self.start_info = start_info or {"text": self.rules.to_text(start_state)}
        self.states = [start_state]
        self.moves: list[str] = []
        self.move_objs: list = []
        self.redo: list[str] = []
        self.end_state = None
        if seats is None:
            if mode == "computer":
                seats = [None, None]
                seats[self.human_seat] = HumanSeat()
                seats[1 - self.human_seat] = ComputerSeat(level)
            else:
                seats = [HumanSeat("board.player", 1), HumanSeat("board.player", 2)]
        self.seats = seats
        if any(isinstance(seat, ComputerSeat) for seat in seats):
            app.worker.start()  # start the AI process now, so its first answer is not late
        self.autosave_on = autosave
        self.ai_seed = None
        self.view = make_view(game, self.options)
        self.selection: list = []
        self.anim = None
        self.queued = None
        self.hint = None
        self.hint_rid = None
        self.draw_rid = None
        self.review = None
        self.result_shown = False
        self.user_flip = False
        self.flipped = None
        self.started_ply = None
        self.t = 0.0
        self.list_scroll = 0
        self.list_follow = True
        self._legal_key = None
        self._legal = []
        self._cap_cache = {}
        self._panel_surf = None
        self._spinners = []
        self._panel_origin = (0, 0)
        self.show_overlay = False
        self.calm_until = 0.0  # a computer's answer waits until then (see REPLY_PAUSE)
        self.hover_point = None  # the clickable point under the mouse
        self.drag = None  # the selected piece's point while the mouse button is held on it
        self.dragging = False  # ... and the mouse has moved: the piece follows it
        self.drag_start = self.drag_pos = (0, 0)
        self.cursor = None  # keyboard play: the point the arrows have reached
        self._batch = False  # True while redo replays several moves: no turn starts in between
        self.board_area = pygame.Rect(0, 0, 1, 1)
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        self._make_buttons()

    @classmethod
    def from_record(cls, app, record):
        """A board scene restored from a storage.GameRecord (SaveError when it does not replay)."""
        plain = storage.replay(dataclasses.replace(record, end=None, redo=list(record.redo)))
        scene = cls(app, record.game, record.options, mode=record.mode,
                    human_seat=record.human_seat if record.human_seat is not None else 0,
                    level=record.level, start_state=plain[0], start_info=dict(record.start))
        scene.states = plain
        scene.moves = list(record.moves)
        scene.move_objs = [find_move(plain[i], text) for i, text in enumerate(record.moves)]
        scene.redo = list(record.redo)
        if record.end is not None:
            scene.end_state = storage.replay(record)[-1]
            scene.result_shown = True  # a finished game opens on its board; the Result button shows why
        return scene

    # ---- state ------------------------------------------------------------------------------
    @property
    def state(self):
        return self.end_state if self.end_state is not None else self.states[-1]

    @property
    def ply(self) -> int:
        return len(self.states) - 1

    @property
    def seat_to_move(self) -> int:
        return self.ply % 2

    @property
    def start_state(self):
        return self.states[0]

    def shown_state(self):
        if self.review is not None:
            return self.states[self.review]
        return self.state

    def result(self):
        return self.state.result()

    def over(self) -> bool:
        return self.result() is not None

    def ai_state(self):
        """What the computer may see of the current state (Banqi: the public view)."""
        public = getattr(self.rules, "public_state", None)
        return public(self.states[-1]) if public is not None else self.states[-1]

    def side_of_seat(self, seat: int):
        for i, s in enumerate(self.states):
            if i % 2 == seat and s.to_move is not None:
                return s.to_move
        for i, s in enumerate(self.states):
            if s.to_move is not None:
                sides = self.rules.SIDES
                return sides[1] if s.to_move == sides[0] else sides[0]
        return None

    def human_turn(self) -> bool:
        return not self.over() and self.review is None and self.seats[self.seat_to_move].interactive

    def legal_moves(self) -> list:
        key = (self.ply, self.end_state is not None)
        if key != self._legal_key:
            self._legal_key = key
            self._legal = [] if self.over() else self.state.legal_moves()
        return self._legal

    def record(self):
        end = None
        if self.end_state is not None:
            r = self.end_state.result()
            end = {"winner": r.winner, "reason": r.reason}
        return storage.GameRecord(game=self.game, options=dict(self.options), start=dict(self.start_info),
                                  moves=list(self.moves), redo=list(self.redo), mode=self.mode,
                                  human_seat=self.human_seat, level=self.level, end=end)

    def autosave(self) -> None:
        """Write the game in progress (a finished game clears the autosave), in the background."""
        if not self.autosave_on:
            return
        try:
            if self.over():
                storage.clear_autosave()
            else:
                storage.write_autosave(self.record())  # returns at once; a thread writes it
        except storage.SaveError as exc:  # an earlier background write failed
            self.app.toast(tr("app.autosave_failed", self.app.lang, msg=exc.text(self.app.lang)))

    # ---- seats and turns ------------------------------------------------------------------------
    def cancel_all(self) -> None:
        for seat in self.seats:
            seat.cancel(self)
        for rid in (self.hint_rid, self.draw_rid):
            if rid is not None:
                self.app.worker.cancel(rid)
        self.hint_rid = self.draw_rid = None
        self.started_ply = None
        self.queued = None

    def kick(self) -> None:
        """Let the seat to move start its turn (once per position)."""
        if self.over() or self.review is not None or self.started_ply == self.ply:
            return
        self.started_ply = self.ply
        self.seats[self.seat_to_move].start_turn(self)

    def submit(self, move, seat) -> bool:
        """A controller plays `move` for `seat`. False when it is not that seat's legal move."""
        if self.over() or seat != self.seat_to_move or move not in self.legal_moves():
            return False
        busy = self.anim is not None and not self.anim.done
        if busy or (not self.seats[seat].interactive and self.t < self.calm_until):
            self.queued = (move, seat)  # played by update() when the board has settled
            return True
        self.play(move)
        return True

    def play(self, move, animate=True, path=None) -> None:
        before = self.state
        after = before.play(move)
        view = self.view
        bp, ap = view.pieces(before), view.pieces(after)
        self.states.append(after)
        self.moves.append(str(move))
        self.move_objs.append(move)
        if self.redo and self.redo[0] == str(move):
            self.redo.pop(0)
        else:
            self.redo = []
        self.selection = []
        self.hint = None
        if self.hint_rid is not None:
            self.app.worker.cancel(self.hint_rid)
            self.hint_rid = None
        speed = float(self.app.settings.get("anim_speed", 1.0) or 1.0)
        animate = animate and self.review is None  # while looking back, the live board is not shown
        self.anim = MoveAnimation(view, bp, ap, path or move.path, speed) if animate else None
        kind = self.anim.kind if self.anim else "slide"
        if len(ap) < len(bp) or (self.anim and self.anim.captures):
            self.app.sounds.play("capture")
        elif kind == "drop":
            self.app.sounds.play("drop")
        elif kind == "flip":
            self.app.sounds.play("flip")
        else:
            self.app.sounds.play("move")
        seat = (self.ply - 1) % 2
        for s in self.seats:
            s.moved(self, move, seat)
        self.list_follow = True
        self.changed()

    def changed(self) -> None:
        """After every change of the position: autosave, orientation, the next turn."""
        if self._batch:
            return
        self.autosave()
        self.update_flip()
        if not self.over():
            self.result_shown = False
            self.kick()

    # ---- player actions ----------------------------------------------------------------------
    def legal_paths(self) -> list:
        """[(move, path)] for every way to play every legal move (draughts: ad libitum captures
        offer move.paths; other games only move.path)."""
        key = (self.ply, self.end_state is not None)
        if getattr(self, "_paths_key", None) != key:
            self._paths_key = key
            self._paths = [(m, tuple(p)) for m in self.legal_moves() for p in (getattr(m, "paths", None) or (m.path,))]
        return self._paths

    def click(self, point, animate=True) -> None:
        if self.review is not None or self.over():
            return
        if self.anim is not None and not self.anim.done:
            return
        if not self.seats[self.seat_to_move].interactive:
            self.app.sounds.play("illegal")
            return
        if point is None:
            self.selection = []
            return
        legal = self.legal_paths()

        def matching(prefix):
            n = len(prefix)
            prefix = tuple(prefix)
            return [(m, p) for m, p in legal if p[:n] == prefix]

        prefix = self.selection + [point]
        cands = matching(prefix)
        if not cands and self.selection:
            reselect = point != self.selection[0]
            self.selection = []
            if not reselect:
                return
            prefix = [point]
            cands = matching(prefix)
            if not cands:
                return  # a wrong click deselects
        if not cands:
            self.app.sounds.play("illegal")
            return
        exact = [(m, p) for m, p in cands if len(p) == len(prefix)]
        moves = {m for m, _ in cands}
        if exact and (len(cands) == len(exact) or len(prefix) >= 2):
            self.play(exact[0][0], path=exact[0][1], animate=animate)
        elif len(moves) == 1 and len(prefix) >= 2:
            self.play(cands[0][0], path=cands[0][1], animate=animate)
        else:
            self.selection = prefix
            self.app.sounds.play("click")

    def can_undo(self) -> bool:
        return (self.review is None and all(s.allows_undo for s in self.seats)
                and (self.end_state is not None or self._undo_count() > 0))

    def _undo_count(self) -> int:
        """Plies to take back: one in hot-seat; against the computer back to the human's last move."""
        if self.mode != "computer":
            return 1 if self.ply > 0 else 0
        n = 0
        ply = self.ply
        while ply > 0:
            ply -= 1
            n += 1
            if ply % 2 == self.human_seat:
                return n
        return 0

    def undo(self) -> None:
        if not self.can_undo():
            self.app.sounds.play("illegal")
            return
        self.cancel_all()
        self.finish_anim()
        if self.end_state is not None:
            self.end_state = None
        else:
            for _ in range(self._undo_count()):
                self.states.pop()
                self.move_objs.pop()
                self.redo.insert(0, self.moves.pop())
        self.anim = None
        self.selection = []
        self.hint = None
        self.result_shown = False
        self.app.sounds.play("click")
        self.changed()

    def can_redo(self) -> bool:
        return self.review is None and bool(self.redo) and not self.over() and all(s.allows_undo for s in self.seats)

    def redo_move(self) -> None:
        if not self.can_redo():
            self.app.sounds.play("illegal")
            return
        self.cancel_all()
        self.finish_anim()
        n = 1
        if self.mode == "computer":  # the human's move and the computer's reply
            n = 2 if len(self.redo) >= 2 and self.seat_to_move == self.human_seat else 1
        self._batch = True
        try:
            for i in range(n):
                try:
                    move = find_move(self.state, self.redo[0])
                except PositionError:
                    self.redo = []
                    break
                self.play(move, animate=i == n - 1)
                if self.over():
                    break
        finally:
            self._batch = False
        self.changed()

    def request_hint(self) -> None:
        if not self.human_turn() or self.hint_rid is not None:
            self.app.sounds.play("illegal")
            return
        self.hint = None
        app = self.app
        time_limit = 0.6 if app.ai_time is None else app.ai_time
        self.hint_rid = app.worker.request("move", self.ai_state(), level="hard", time_limit=time_limit,
                                           seed=self.ai_seed, nodes=app.ai_nodes)
        self.hint_ply = self.ply

    def offer_draw(self) -> None:
        if not self.human_turn() or self.draw_rid is not None:
            self.app.sounds.play("illegal")
            return
        lang = self.app.lang
        if self.mode == "computer":
            app = self.app
            self.draw_rid = app.worker.request("evaluate", self.ai_state(), time_limit=0.5 if app.ai_time is None else app.ai_time,
                                               nodes=app.ai_nodes)
            self.draw_ply = self.ply
            return
        me = self.seat_name(self.seat_to_move, lang)
        other = self.seat_name(1 - self.seat_to_move, lang)
        self.app.push(Dialog(self.app, tr("board.draw_offer", lang, side=me), [tr("board.draw_question", lang, side=other)],
                             [(lambda: tr("board.accept", self.app.lang), self.agree_draw),
                              (lambda: tr("board.decline", self.app.lang), None)]))

    def agree_draw(self) -> None:
        if self.over():
            return
        self.cancel_all()
        self.hint = None
        self.end_state = self.states[-1].agree_draw()
        self.autosave()

    def ask_resign(self) -> None:
        if not self.human_turn():
            self.app.sounds.play("illegal")
            return
        if not self.state.can_resign():
            self.app.toast(tr("board.resign_not_yet", self.app.lang))
            self.app.sounds.play("illegal")
            return
        confirm(self.app, lambda: tr("board.resign_title", self.app.lang), [], self.resign)

    def resign(self) -> None:
        if self.over() or not self.state.can_resign():
            return
        self.cancel_all()
        self.hint = None
        self.end_state = self.states[-1].resign()
        self.autosave()

    def save(self) -> None:
        from game.scenes.menu import open_scene

        if self.review is None:
            open_scene(self.app, "files_scene", "SaveGameScene", self.record())

    def open_rules(self) -> None:
        from game.scenes.menu import open_scene

        open_scene(self.app, "rules_scene", "RulesScene", self.game)

    def flip(self) -> None:
        self.user_flip = not self.user_flip
        self.update_flip()

    def to_menu(self) -> None:
        self.app.back_to_menu()

    def show_result(self) -> None:
        from game.scenes.result import ResultScene

        self.result_shown = True
        self.app.push(ResultScene(self.app, self))

    def result_title(self) -> str:
        """The result screen's headline: who won, from the point of view of this kind of game."""
        r, lang = self.result(), self.app.lang
        if r is None or r.winner is None:
            return tr("result.draw", lang)
        seat = self.winner_seat()
        if self.mode == "computer":
            return tr("result.you_win" if seat == self.human_seat else "result.you_lose", lang)
        return tr("result.wins", lang, side=self.view.side_label(r.winner, lang))

    def rematch(self) -> None:
        """The result screen's Rematch: the same game again, against the computer with sides swapped."""
        human = 1 - self.human_seat if self.mode == "computer" else 0
        start = self.start_state if "text" in self.start_info and self.game != "banqi" else None
        self.app.new_game(self.game, self.options, mode=self.mode, human_seat=human, level=self.level, start_state=start)

    # ---- review -------------------------------------------------------------------------------
    def start_review(self, index=None) -> None:
        self.finish_anim()
        self.review = len(self.states) - 1 if index is None else max(0, min(len(self.states) - 1, index))
        self.selection = []
        self.list_follow = True

    def review_to(self, index) -> None:
        if self.review is None:
            return
        new = max(0, min(len(self.states) - 1, index))
        if new == self.review + 1:  # one step forward: animate it
            view = self.view
            speed = float(self.app.settings.get("anim_speed", 1.0) or 1.0)
            self.anim = MoveAnimation(view, view.pieces(self.states[self.review]), view.pieces(self.states[new]),
                                      self.move_objs[self.review].path, speed)
        else:
            self.anim = None
        self.review = new
        self.list_follow = True

    def end_review(self) -> None:
        """Back from looking at earlier positions to the game as it stands."""
        self.review = None
        self.anim = None
        self.list_follow = True
        self.update_flip()
        self.kick()

    def review_action(self) -> None:
        """The review's main button: the result of a finished game, else back to the game."""
        if self.over():
            self.show_result()
        else:
            self.end_review()

    # ---- orientation ----------------------------------------------------------------------------
    def base_flip(self) -> bool:
        bottom = getattr(self.view, "bottom_side", "w" if self.game == "draughts" else None)
        if bottom is None:
            return False
        if self.mode == "computer":
            seat = self.human_seat
        elif self.app.settings.get("auto_flip"):
            seat = self.seat_to_move if self.review is None else self.review % 2
        else:
            return False
        side = self.side_of_seat(seat)
        return side is not None and side != bottom

    def update_flip(self) -> None:
        flipped = self.base_flip() != self.user_flip
        if flipped != self.flipped:
            self.flipped = flipped
            self.finish_anim()
            self.view.layout(self.board_area, flipped)

    def finish_anim(self) -> None:
        if self.anim is not None:
            self.anim.finish()

    # ---- buttons and layout -------------------------------------------------------------------
    def _make_buttons(self) -> None:
        app = self.app
        t = lambda key: (lambda: tr(key, app.lang))  # noqa: E731
        self.buttons = [
            Button(app, t("board.undo"), self.undo, enabled=self.can_undo, shortcut="Ctrl+Z"),
            Button(app, t("board.redo"), self.redo_move, enabled=self.can_redo, shortcut="Ctrl+Y"),
            Button(app, t("board.hint"), self.request_hint, enabled=lambda: self.human_turn() and self.hint_rid is None, shortcut="H"),
            Button(app, t("board.draw"), self.offer_draw, enabled=lambda: self.human_turn() and self.draw_rid is None),
            Button(app, t("board.resign"), self.ask_resign, enabled=lambda: self.human_turn() and self.state.can_resign(), style="danger"),
            Button(app, t("board.save"), self.save, shortcut="Ctrl+S"),
            Button(app, t("board.flip"), self.flip, shortcut="F"),
            Button(app, t("board.rules"), self.open_rules),
            Button(app, t("board.menu"), self.to_menu, shortcut="Esc"),
        ]
        self.result_btn = Button(app, t("board.result"), self.show_result, style="primary")
        self.review_buttons = [
            Button(app, "", lambda: self.review_to(0), icon=_double_arrow("left")),
            Button(app, "", lambda: self.review_to(self.review - 1), icon=arrow_icon("left")),
            Button(app, "", lambda: self.review_to(self.review + 1), icon=arrow_icon("right")),
            Button(app, "", lambda: self.review_to(len(self.states) - 1), icon=_double_arrow("right")),
            Button(app, lambda: tr("board.result" if self.over() else "board.back_to_game", app.lang),
                   self.review_action, style="primary"),
            Button(app, t("board.menu"), self.to_menu),
        ]

    def active_buttons(self) -> list:
        if self.review is not None:
            return self.review_buttons
        if self.over() and self.result_shown:
            return self.buttons + [self.result_btn]
        return self.buttons

    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        self.s = s
        margin = theme.px(18, s)
        pw = max(theme.px(300, s), min(theme.px(470, s), int(w * 0.3)))
        self.panel_rect = pygame.Rect(w - pw - margin, margin, pw, h - 2 * margin)
        help_h = theme.px(30, s)
        self.board_area = pygame.Rect(margin, margin, max(50, w - pw - 3 * margin), max(50, h - 2 * margin - help_h))
        self.help_y = self.board_area.bottom + help_h // 2
        self.flipped = None
        self.update_flip()
        if self.flipped is None or self.view.rect.size != self.board_area.size:
            self.view.layout(self.board_area, bool(self.flipped))
        p = self.panel_rect
        pad = theme.px(14, s)
        bh = theme.px(44, s)
        gap = theme.px(8, s)
        cols = 3
        bw = (p.w - 2 * pad - (cols - 1) * gap) // cols
        rows = 3
        top = p.bottom - pad - rows * bh - (rows - 1) * gap
        for i, b in enumerate(self.buttons):
            r, c = divmod(i, cols)
            b.rect = pygame.Rect(p.x + pad + c * (bw + gap), top + r * (bh + gap), bw, bh)
        self.result_btn.rect = pygame.Rect(p.x + pad, top - bh - gap, p.w - 2 * pad, bh)
        rb = (p.w - 2 * pad - 3 * gap) // 4
        for i, b in enumerate(self.review_buttons[:4]):
            b.rect = pygame.Rect(p.x + pad + i * (rb + gap), top + bh + gap, rb, bh)
        half = (p.w - 2 * pad - gap) // 2
        self.review_buttons[4].rect = pygame.Rect(p.x + pad, top + 2 * (bh + gap), half, bh)
        self.review_buttons[5].rect = pygame.Rect(p.x + pad + half + gap, top + 2 * (bh + gap), half, bh)
        self.buttons_top = top
        self._cap_cache.clear()
        self._panel_surf = None

    # ---- events --------------------------------------------------------------------------------
    def on_enter(self) -> None:
        # settings may have changed (language, show legal moves, auto-flip)
        self.update_flip()
        self.kick()

    def on_exit(self) -> None:
        if getattr(self, "_cursor_shape", None) not in (None, pygame.SYSTEM_CURSOR_ARROW):
            try:
                pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_ARROW)
            except pygame.error:
                pass
            self._cursor_shape = pygame.SYSTEM_CURSOR_ARROW
        self.cancel_all()
        if not self.over():
            self.autosave()

    def handle_event(self, event) -> None:
        for seat in self.seats:
            if seat.handle_event(self, event):
                return
        if event.type == AI_EVENT:
            self._ai_answer(event)
            return
        if self.app.top is not self:
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        for b in self.active_buttons():
            if b.handle_event(event):
                return
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            if self.drag is not None:
                self.drag_pos = event.pos
                sx, sy = self.drag_start
                if abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > max(6, self.view.piece_radius() // 3):
                    self.dragging = True
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            start, dragged = self.drag, self.dragging
            self.drag, self.dragging = None, False
            if dragged and self.board_area.collidepoint(event.pos):
                point = self.view.hit(event.pos)
                if point is not None and point != start and self.selection[-1:] == [start]:
                    self.click(point, animate=False)  # dropped where it goes: no slide back and forth
            return
        if event.type == pygame.MOUSEWHEEL:
            self.list_scroll = max(0, self.list_scroll - event.y)
            self.list_follow = False
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.selection = []
                return
            if event.button != 1:
                return
            if self.board_area.collidepoint(event.pos):
                self.cursor = None
                point = self.view.hit(event.pos)
                self.click(point)
                if point is not None and self.selection[-1:] == [point] and point in self.view.pieces(self.state):
                    self.drag, self.drag_start, self.drag_pos = point, event.pos, event.pos  # may become a drag
                return
            if getattr(self, "list_rect", None) and self.list_rect.collidepoint(event.pos):
                self._list_click(event.pos)

    def _key(self, event) -> None:
        key, ctrl = event.key, event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if self.review is not None:
            if key == pygame.K_LEFT:
                self.review_to(self.review - 1)
            elif key == pygame.K_RIGHT:
                self.review_to(self.review + 1)
            elif key == pygame.K_HOME:
                self.review_to(0)
            elif key == pygame.K_END:
                self.review_to(len(self.states) - 1)
            elif key == pygame.K_ESCAPE:
                self.review_action() if not self.over() else self.to_menu()
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.review_action()
            elif key == pygame.K_f:
                self.flip()
            return
        if ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo_move()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif ctrl and key == pygame.K_n:  # a new game of this kind: its setup screen
            from game.scenes.setup import SetupScene

            self.app.push(SetupScene(self.app, self.game))
        elif key == pygame.K_ESCAPE:
            if self.selection:
                self.selection = []
            else:
                self.to_menu()
        elif ctrl:
            return
        elif key == pygame.K_h:
            self.request_hint()
        elif key == pygame.K_f:
            self.flip()
        elif key == pygame.K_o and self.view.has_overlay():
            self.show_overlay = not self.show_overlay
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.over():
            self.show_result()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.move_cursor(key)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor is not None:
            self.click(self.cursor)
        else:
            self.view.handle_key(key)

    def move_cursor(self, key) -> None:
        """Keyboard play: the arrows move a cursor to the nearest point in that direction (on the
        screen, so it follows a flipped board); Enter or Space clicks it."""
        view = self.view
        if self.cursor is None:
            starts = self.selection or [p for _, path in self.legal_paths() for p in path[:1]] or view.points()
            self.cursor = starts[-1] if self.selection else starts[0]
            return
        dx, dy = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}[key]
        cx, cy = view.point_xy(self.cursor)
        best, best_score = None, None
        for p in view.points():
            x, y = view.point_xy(p)
            along = (x - cx) * dx + (y - cy) * dy
            across = abs((x - cx) * dy - (y - cy) * dx)
            if along <= 0 or across > along * 1.5:
                continue
            score = along + 2 * across
            if best_score is None or score < best_score:
                best, best_score = p, score
        if best is not None:
            self.cursor = best

    def _ai_answer(self, event) -> None:
        if event.id == self.hint_rid:
            self.hint_rid = None
            if event.error is None and self.ply == self.hint_ply and not self.over():
                try:
                    self.hint = find_move(self.state, event.result)
                except PositionError:
                    self.hint = None
        elif event.id == self.draw_rid:
            self.draw_rid = None
            if self.ply != self.draw_ply or self.over():
                return
            lang = self.app.lang
            value = 0.0 if event.error else float(event.result)
            if -value <= ACCEPT_DRAW_BELOW:  # the value is the human's; the computer's is -value
                self.agree_draw()
                message(self.app, lambda: tr("board.ai_accepts", self.app.lang))
            else:
                message(self.app, lambda: tr("board.ai_declines", self.app.lang), [tr("board.ai_declines_why", lang)])

    def clickable_points(self) -> set:
        """Points a click would use now: the next points of the legal moves that match the
        selection (or a new piece to select)."""
        if not self.human_turn() or (self.anim is not None and not self.anim.done):
            return set()
        sel = tuple(self.selection)
        n = len(sel)
        out = {path[n] for _, path in self.legal_paths() if len(path) > n and path[:n] == sel}
        return out | {path[0] for _, path in self.legal_paths()}

    def _hover(self, pos) -> None:
        point = self.view.hit(pos) if self.board_area.collidepoint(pos) else None
        if not self.app.settings.get("show_legal", True):
            point = None  # the player turned the legal-move marks off: no hint by hovering either
        self.hover_point = point if point in self.clickable_points() else None
        want = pygame.SYSTEM_CURSOR_HAND if self.hover_point is not None else pygame.SYSTEM_CURSOR_ARROW
        if want != getattr(self, "_cursor_shape", None):
            self._cursor_shape = want
            try:
                pygame.mouse.set_cursor(want)
            except pygame.error:  # no mouse cursor here (dummy driver)
                pass

    def _list_click(self, pos) -> None:
        row = (pos[1] - self.list_rect.y) // self.row_h + self.list_scroll
        col = 0 if pos[0] < self.list_rect.x + self.list_rect.w * 0.55 else 1
        ply = row * 2 + col + 1
        if 0 < ply <= len(self.moves):
            if self.review is None:  # a click on a move looks back at that position
                self.start_review(ply)
            else:
                self.review_to(ply)

    # ---- update -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.done:
                self.anim = None
                self.calm_until = self.t + REPLY_PAUSE  # the eye follows one move before the next
        if self.queued is not None and self.anim is None and self.t >= self.calm_until:
            move, seat = self.queued
            self.queued = None
            self.submit(move, seat)
        if self.over() and not self.result_shown and self.anim is None and self.review is None \
                and self.app.top is self:
            self.app.sounds.play(self._end_sound())
            self.show_result()

    def _end_sound(self) -> str:
        r = self.result()
        seat = self.winner_seat()
        if r.winner is None or self.mode != "computer":
            return "win"
        return "win" if seat == self.human_seat else "lose"

    def winner_seat(self):
        r = self.result()
        if r is None or r.winner is None:
            return None
        for seat in (0, 1):
            if self.side_of_seat(seat) == r.winner:
                return seat
        return self.view.winner_seat(self.start_state, self.state, r)

    def seat_name(self, seat, lang) -> str:
        return self.view.seat_label(seat, self.start_state, lang, state=self.state)

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(theme.background(surface.get_size()), (0, 0))
        self.draw_board(surface)
        self.draw_panel(surface)

    def draw_board(self, surface) -> None:
        view = self.view
        lang = self.app.lang
        state = self.shown_state()
        view.draw_board(surface)
        view.draw_extras(surface, state, lang)
        r = view.piece_radius()
        # last move (under the pieces)
        last_idx = (self.review if self.review is not None else len(self.move_objs))
        if last_idx > 0 and (self.anim is None or self.anim.done):
            path = self.move_objs[last_idx - 1].path
            highlight.last_move(surface, [view.point_xy(p) for p in path], r)
        pieces = view.pieces(state)
        hidden = self.anim.hidden_points() if self.anim is not None else set()
        interactive = self.review is None and self.human_turn() and (self.anim is None or self.anim.done)
        show_legal = bool(self.app.settings.get("show_legal", True))
        legal = self.legal_paths() if interactive else []
        if interactive and show_legal and not self.selection:
            drops = set()
            for _, path in legal:
                p = path[0]
                if len(path) == 1 and p not in pieces:
                    drops.add(p)
            for p in drops:
                highlight.target(surface, view.point_xy(p), r, False)
        if self.hover_point is not None and interactive and self.hover_point in self.clickable_points():
            highlight.hover(surface, view.point_xy(self.hover_point), r)
        dragged = self.drag if self.dragging and interactive and self.selection[-1:] == [self.drag] else None
        for p, code in pieces.items():
            if p not in hidden and p != dragged:
                view.draw_piece(surface, code, view.point_xy(p))
        if self.anim is not None:
            self.anim.draw(surface)
        if interactive:
            if show_legal and not self.selection:
                for p in {path[0] for _, path in legal if len(path) >= 2}:
                    highlight.movable(surface, view.point_xy(p), r)
            if self.selection:
                n = len(self.selection)
                for p in self.selection:
                    highlight.selected(surface, view.point_xy(p), r, pulse(self.t))
                sel = tuple(self.selection)
                nxt = {path[n] for _, path in legal if len(path) > n and path[:n] == sel}
                for p in nxt:
                    highlight.target(surface, view.point_xy(p), r, p in pieces and p != self.selection[0])
        if dragged is not None and dragged in pieces:  # the piece follows the mouse, lifted
            view.draw_piece(surface, pieces[dragged], self.drag_pos, scale=1.12)
        if self.hint is not None and self.review is None and not self.over():
            highlight.hint(surface, [view.point_xy(p) for p in self.hint.path], r, pulse(self.t))
        if self.cursor is not None and self.review is None:
            highlight.cursor(surface, view.point_xy(self.cursor), r, pulse(self.t))
        if self.show_overlay and view.has_overlay():
            view.draw_overlay(surface, state, lang)
        # the help line under the board
        key = self.help_key if self.review is None else "board.help_review" if self.over() else "board.help_look_back"
        extra = " · ".join(f"{k} {d}" for k, d in view.help_keys(lang))
        if view.has_overlay() and self.review is None:
            extra = (extra + " · " if extra else "") + "O " + tr("board.overlay_key", lang)
        text = tr(key, lang) + (" · " + extra if extra else "")
        img = self.app.text(text, theme.px(16, self.s), theme.TEXT_DIM)
        if img.get_width() > self.board_area.w:
            img = self.app.text(text, max(9, int(theme.px(16, self.s) * self.board_area.w / img.get_width())), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(center=(self.board_area.centerx, self.help_y)))

    def _panel_key(self):
        buttons = tuple((b.hover, b._pressed, b.enabled, b.focused) for b in self.active_buttons())
        seats = tuple(seat.thinking for seat in self.seats)
        return (self.app.lang, self.panel_rect.size, self.ply, self.review, self.end_state is not None,
                self.result_shown, self.list_scroll, self.list_follow, seats, self.hint_rid is not None,
                self.draw_rid is not None, buttons, self.app.size, str(self.hint))

    def draw_panel(self, surface) -> None:
        """The side panel, rendered into a cached surface when something on it changes; only the
        thinking spinners are drawn every frame."""
        key = self._panel_key()
        if key != getattr(self, "_panel_cache_key", None) or self._panel_surf is None:
            p = self.panel_rect
            surf = pygame.Surface(p.size).convert()
            surf.blit(theme.background(surface.get_size()), (0, 0), p)
            self._spinners = []
            self._panel_origin = p.topleft
            for b in self.active_buttons():
                b.rect.move_ip(-p.x, -p.y)
            try:
                self._draw_panel(surf, pygame.Rect((0, 0), p.size))
            finally:
                for b in self.active_buttons():
                    b.rect.move_ip(p.x, p.y)
            self._panel_surf = surf
            self._panel_cache_key = self._panel_key()
        surface.blit(self._panel_surf, self.panel_rect)
        ox, oy = self.panel_rect.topleft
        for (x, y), radius, colour in self._spinners:
            highlight.spinner(surface, (x + ox, y + oy), radius, self.t, colour)

    def _draw_panel(self, surface, p) -> None:
        s = self.s
        lang = self.app.lang
        theme.panel(surface, p, radius=theme.px(14, s))
        pad = theme.px(14, s)
        x, y = p.x + pad, p.y + pad
        state = self.shown_state()
        title = self.app.text(tr(f"games.{self.game}", lang), theme.px(24, s), theme.ACCENT, serif=True)
        surface.blit(title, (x, y))
        y += title.get_height() + theme.px(8, s)
        if self.review is not None:
            line = tr("board.review", lang, i=self.review, n=len(self.states) - 1)
            img = self.app.text(line, theme.px(18, s), theme.TEXT)
            surface.blit(img, (x, y))
            y += img.get_height() + theme.px(6, s)
        elif self.over():
            img = self.app.text(tr("board.game_over", lang) + " · " + self.view.result_text(self.result(), lang),
                                theme.px(18, s), theme.ACCENT)
            if img.get_width() > p.w - 2 * pad:
                img = self.app.text(tr("board.game_over", lang), theme.px(18, s), theme.ACCENT)
            surface.blit(img, (x, y))
            y += img.get_height() + theme.px(6, s)
        # seats
        to_move = None if self.over() and self.review is None else (
            self.review % 2 if self.review is not None else self.seat_to_move)
        caps = self.view.captured(state)
        for seat in (0, 1):
            side = self.side_of_seat(seat)
            codes = caps.get(side, []) if side is not None else []
            box_h = theme.px(86 if codes else 46, s)  # room for captured pieces once there are some
            box = pygame.Rect(x, y, p.w - 2 * pad, box_h)
            active = seat == to_move
            theme.panel(surface, box, radius=theme.px(10, s), colour=(44, 48, 61) if active else (36, 39, 50),
                        edge=theme.ACCENT if active else theme.PANEL_EDGE, width=2 if active else 1)
            if active:
                theme.triangle(surface, theme.ACCENT, (box.x + theme.px(14, s), box.y + theme.px(22, s)),
                               theme.px(7, s), "right")
            name = self.app.text(self.seat_name(seat, lang), theme.px(19, s), theme.TEXT)
            surface.blit(name, (box.x + theme.px(28, s), box.y + theme.px(10, s)))
            seat_ctl = self.seats[seat]
            role = seat_ctl.label(lang)
            if seat_ctl.thinking and self.review is None:
                role = tr("board.thinking", lang)
                self._spinners.append(((box.right - theme.px(22, s), box.y + theme.px(22, s)), theme.px(10, s), theme.ACCENT))
            elif active and self.hint_rid is not None:
                role = tr("board.hint_thinking", lang)
                self._spinners.append(((box.right - theme.px(22, s), box.y + theme.px(22, s)), theme.px(10, s), theme.HINT))
            elif active and self.draw_rid is not None:
                role = tr("board.asking", lang)
                self._spinners.append(((box.right - theme.px(22, s), box.y + theme.px(22, s)), theme.px(10, s), theme.ACCENT))
            role_img = self.app.text(role, theme.px(16, s), theme.TEXT_DIM)
            surface.blit(role_img, role_img.get_rect(topright=(box.right - theme.px(40, s), box.y + theme.px(13, s))))
            self._draw_captured(surface, codes, pygame.Rect(box.x + theme.px(12, s), box.y + theme.px(42, s), box.w - theme.px(24, s), theme.px(36, s)))
            y += box_h + theme.px(8, s)
        # status lines
        for line in self.view.status_lines(state, lang):
            img = self.app.text(line, theme.px(17, s), theme.TEXT)
            if img.get_width() > p.w - 2 * pad:
                img = self.app.text(line, max(9, int(theme.px(17, s) * (p.w - 2 * pad) / img.get_width())), theme.TEXT)
            surface.blit(img, (x, y))
            y += img.get_height() + theme.px(2, s)
        if self.hint is not None and self.review is None and not self.over():
            img = self.app.text(tr("board.hint_is", lang, move=str(self.hint)), theme.px(17, s), theme.HINT)
            surface.blit(img, (x, y))
            y += img.get_height() + theme.px(2, s)
        y += theme.px(6, s)
        bottom = self.buttons_top - self.panel_rect.y + p.y - theme.px(10, s)
        if self.over() and self.result_shown and self.review is None:
            bottom = self.result_btn.rect.y - theme.px(10, s)
        elif self.review is not None:
            bottom = self.review_buttons[0].rect.y - theme.px(10, s)
        self._draw_moves(surface, pygame.Rect(x, y, p.w - 2 * pad, max(0, bottom - y)))
        for b in self.active_buttons():
            b.draw(surface)

    def _draw_captured(self, surface, codes, rect) -> None:
        if not codes:
            return
        key = (tuple(codes), rect.size)
        img = self._cap_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            r_small = max(6, rect.h // 2 - 2)
            scale = r_small / max(1, self.view.piece_radius())
            step = int(r_small * 1.55)
            per_row = max(1, (rect.w - r_small) // max(1, step))
            if len(codes) > per_row:  # overlap them to fit one row
                step = max(3, (rect.w - 2 * r_small) // max(1, len(codes) - 1))
            for i, code in enumerate(codes):
                self.view.draw_piece(img, code, (r_small + i * step, rect.h // 2), scale=scale)
            if len(self._cap_cache) > 64:
                self._cap_cache.clear()
            self._cap_cache[key] = img
        surface.blit(img, rect)

    def _draw_moves(self, surface, rect) -> None:
        s = self.s
        lang = self.app.lang
        if rect.h < theme.px(40, s):
            self.list_rect = None
            return
        head = self.app.text(tr("board.moves", lang), theme.px(17, s), theme.TEXT_DIM)
        surface.blit(head, (rect.x, rect.y))
        area = pygame.Rect(rect.x, rect.y + head.get_height() + theme.px(4, s), rect.w, rect.h - head.get_height() - theme.px(4, s))
        pygame.draw.rect(surface, (26, 28, 36), area, border_radius=theme.px(8, s))
        self.list_rect = area.move(self._panel_origin)
        self.row_h = rh = theme.px(25, s)
        rows = (len(self.moves) + 1) // 2
        visible = max(1, area.h // rh)
        current = self.review if self.review is not None else len(self.moves)
        if self.list_follow:
            cur_row = max(0, (current - 1) // 2)
            if cur_row >= self.list_scroll + visible or cur_row < self.list_scroll or self.review is None:
                self.list_scroll = max(0, cur_row - visible + 1) if self.review is None else max(0, cur_row - visible // 2)
            self.list_follow = False
        self.list_scroll = max(0, min(self.list_scroll, rows - visible))
        if not self.moves:
            img = self.app.text(tr("board.no_moves_yet", lang), theme.px(16, s), theme.TEXT_DIM)
            surface.blit(img, (area.x + theme.px(10, s), area.y + theme.px(6, s)))
            return
        clip = surface.get_clip()
        surface.set_clip(area)
        size = theme.px(17, s)
        for row in range(self.list_scroll, min(rows, self.list_scroll + visible + 1)):
            yy = area.y + (row - self.list_scroll) * rh + theme.px(3, s)
            num = self.app.text(f"{row + 1}.", size, theme.TEXT_DIM)
            surface.blit(num, (area.x + theme.px(8, s), yy))
            for col in (0, 1):
                ply = row * 2 + col + 1
                if ply > len(self.moves):
                    break
                cx = area.x + theme.px(52, s) + col * int((area.w - theme.px(52, s)) * 0.5)
                text = self.moves[ply - 1]
                colour = theme.TEXT
                if ply == current:
                    hl = pygame.Rect(cx - theme.px(4, s), yy - theme.px(2, s), int((area.w - theme.px(52, s)) * 0.5) - theme.px(4, s), rh - theme.px(2, s))
                    pygame.draw.rect(surface, theme.BUTTON_HOVER, hl, border_radius=theme.px(4, s))
                    colour = theme.ACCENT
                img = self.app.text(text, size, colour)
                surface.blit(img, (cx, yy))
        surface.set_clip(clip)


def _double_arrow(direction):
    def draw(surface, rect, colour):
        d = rect.w * 0.22
        off = -d if direction == "left" else d
        theme.triangle(surface, colour, (rect.centerx - off, rect.centery), rect.w * 0.32, direction)
        theme.triangle(surface, colour, (rect.centerx + off, rect.centery), rect.w * 0.32, direction)
    return draw
