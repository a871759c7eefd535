"""Quick phrases and the rematch question of a network game, as the board shows them.

Only a phrase's number travels (protocol PHRASE <n>, game.net.protocol.PHRASES): each computer
shows it in its own player's language, and there is no free text. A phrase appears as a speech
bubble beside the sender's seat in the side panel and fades; the phrase menu (the panel's Say
button, or T) lists them, keyboard first (1-8, arrows and Enter, Esc). The texts of the network
rematch (the result screen's line, the table's notices) live here too.
"""

from __future__ import annotations

import pygame

from game.i18n import add, tr
from game.net.protocol import PHRASES
from game.scenes.base import Scene
from game.scenes.widgets import Button, FocusGroup, fit_text
from game.sprites import theme

add(
    {
        "phrase.hello": {"zh": "你好！", "en": "Hello!"},
        "phrase.good_luck": {"zh": "祝你好运！", "en": "Good luck!"},
        "phrase.good_game": {"zh": "精彩的一局！", "en": "Good game!"},
        "phrase.thanks": {"zh": "谢谢！", "en": "Thanks!"},
        "phrase.well_played": {"zh": "下得好！", "en": "Well played!"},
        "phrase.oops": {"zh": "哎呀！", "en": "Oops!"},
        "phrase.your_move": {"zh": "该你走了…", "en": "Your move…"},
        "phrase.rematch": {"zh": "再来一局？", "en": "Rematch?"},
        "chat.say": {"zh": "快捷语", "en": "Say…"},
        "chat.title": {"zh": "发送快捷语", "en": "Send a quick phrase"},
        "chat.cancel": {"zh": "取消", "en": "Cancel"},
        "chat.too_fast": {"zh": "请稍等再发送下一句", "en": "Wait a moment before the next phrase"},
        "chat.help": {
            "zh": "方向键+回车 走子 · Ctrl+Z 请求悔棋 · T 快捷语 · F 翻转 · Ctrl+S 保存 · Esc 离开",
            "en": "Arrows+Enter play · Ctrl+Z ask to undo · T phrases · F flip · Ctrl+S save · Esc leave",
        },
        "rematch.asked": {
            "zh": "对手想再来一局（交换先后），你执{seat}",
            "en": "Your opponent offers a rematch, sides swapped: you play {seat}",
        },
        "rematch.waiting": {
            "zh": "已邀请再来一局，等待对手答复…",
            "en": "Rematch offered; waiting for the answer…",
        },
        "rematch.agreed": {"zh": "再来一局！正在开始…", "en": "Rematch agreed; starting…"},
        "rematch.declined": {"zh": "对手不想再来一局", "en": "Your opponent declined the rematch"},
        "rematch.offline": {"zh": "对手已断开，暂时不能再来一局", "en": "Your opponent is offline: no rematch for now"},
    }
)

#: seconds a bubble stays, the last FADE of them fading
BUBBLE_SECONDS = 5.0
FADE = 1.2


def phrase_text(n: int, lang: str) -> str:
    return tr(f"phrase.{PHRASES[n]}", lang)


class Bubbles:
    """The phrases on show: one bubble per seat, beside that seat's box in the side panel."""

    def __init__(self):
        self.shown: dict[int, list] = {}  # seat -> [phrase number, seconds left]

    def add(self, seat: int, n: int) -> None:
        self.shown[seat] = [n, BUBBLE_SECONDS]

    def update(self, dt: float) -> None:
        for seat, item in list(self.shown.items()):
            item[1] -= dt
            if item[1] <= 0:
                del self.shown[seat]

    def draw(self, surface, board, mine: int) -> None:
        """A bubble left of the panel, its tail pointing at the seat's box (the opponent's in the
        accent colour, ours dimmer)."""
        panel = board.panel
        app, s = board.app, board.s
        for seat, (n, left) in self.shown.items():
            box = panel.seat_boxes[seat]
            if box is None:
                continue
            box = box.move(panel.rect.topleft)
            pad, tail = theme.px(10, s), theme.px(10, s)
            text = fit_text(app, phrase_text(n, app.lang), theme.px(20, s), theme.TEXT_DARK, theme.px(300, s))
            w, h = text.get_width() + 2 * pad + tail, text.get_height() + pad
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            body = pygame.Rect(0, 0, w - tail, h)
            colour = theme.ACCENT if seat != mine else theme.mix(theme.ACCENT, (200, 200, 200), 0.55)
            pygame.draw.rect(img, colour, body, border_radius=pad)
            cy = h // 2
            pygame.draw.polygon(
                img, colour, [(body.right - 1, cy - tail // 2), (w - 1, cy), (body.right - 1, cy + tail // 2)]
            )
            img.blit(text, text.get_rect(center=body.center))
            img.set_alpha(int(255 * min(1.0, left / FADE)))
            rect = img.get_rect(midright=(box.x - theme.px(4, s), box.y + theme.px(22, s)))
            rect.clamp_ip(surface.get_rect())
            surface.blit(img, rect)


class PhraseMenu(Scene):
    """The phrases to send: click one, or press its number, or move with the arrows and press
    Enter; Esc (or a click outside) closes without sending."""

    overlay = True

    def __init__(self, app, send):
        super().__init__(app)
        self.send = send  # callable(phrase number)
        self.buttons = [
            Button(app, lambda n=n: phrase_text(n, app.lang), lambda n=n: self.pick(n), shortcut=str(n + 1))
            for n in range(len(PHRASES))
        ]
        self.cancel_btn = Button(app, lambda: tr("chat.cancel", app.lang), self.close, shortcut="Esc")
        self.focus = FocusGroup(self.buttons + [self.cancel_btn])
        self.box = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0

    def pick(self, n: int) -> None:
        self.close()
        self.send(n)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def on_resize(self, size) -> None:
        self.s = s = theme.ui_scale(size)
        gap, bh, pad = theme.px(10, s), theme.px(46, s), theme.px(22, s)
        w = min(theme.px(520, s), size[0] - 2 * gap)
        rows = (len(self.buttons) + 1) // 2
        h = pad + theme.px(44, s) + rows * (bh + gap) + gap + bh + pad
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = (size[0] // 2, size[1] // 2)
        bw = (w - 2 * pad - gap) // 2
        top = self.box.y + pad + theme.px(44, s)
        for i, b in enumerate(self.buttons):
            row, col = divmod(i, 2)
            b.rect = pygame.Rect(self.box.x + pad + col * (bw + gap), top + row * (bh + gap), bw, bh)
        self.cancel_btn.rect = pygame.Rect(0, 0, bw, bh)
        self.cancel_btn.rect.midbottom = (self.box.centerx, self.box.bottom - pad)
        if self.focus.current() is None:
            self.focus.focus(self.buttons[0])

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif pygame.K_1 <= event.key < pygame.K_1 + len(self.buttons):
                self.buttons[event.key - pygame.K_1].activate()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.move(-1 if event.key == pygame.K_LEFT else 1)
            else:
                self.focus.handle_event(event)
            return
        for b in self.buttons + [self.cancel_btn]:
            if b.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.box.collidepoint(event.pos):
            self.close()

    def draw(self, surface) -> None:
        s = self.s
        theme.panel(surface, self.box, radius=theme.px(16, s), edge=theme.ACCENT, width=2)
        title = self.app.text(tr("chat.title", self.app.lang), theme.px(24, s), theme.ACCENT)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.y + theme.px(20, s))))
        for b in self.buttons + [self.cancel_btn]:
            b.draw(surface)
