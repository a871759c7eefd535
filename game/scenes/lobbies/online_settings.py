"""Settings → Online play: the mailbox server's URL (the library's public server by default, or a
club's own, docs/ONLINE.md) and a "test connection" button. The check runs in the wormhole
thread; the screen polls its result, so nothing waits in a frame."""

from __future__ import annotations

import pygame

from game.i18n import add, tr
from game.net.wormhole_link import PUBLIC_MAILBOX
from game.scenes.base import Scene
from game.scenes.registry import register
from game.scenes.widgets import Button, FocusGroup, TextInput
from game.sprites import theme

add(
    {
        "online.server_title": {"zh": "联网服务器", "en": "Online play server"},
        "online.server_intro": {
            "zh": "在线对弈通过一个“信箱服务器”配对；它只转发加密的消息。",
            "en": "Online games meet through a mailbox server; it only relays encrypted messages.",
        },
        "online.server_default": {
            "zh": "默认：Magic Wormhole 的公共服务器。俱乐部可以自建（见 docs/ONLINE.md）。",
            "en": "Default: Magic Wormhole's public server. A club can run its own (docs/ONLINE.md).",
        },
        "online.server_save": {"zh": "保存", "en": "Save"},
        "online.server_test": {"zh": "测试连接", "en": "Test connection"},
        "online.server_reset": {"zh": "使用公共服务器", "en": "Use the public server"},
        "online.server_bad": {
            "zh": "地址应以 ws:// 或 wss:// 开头，例如 ws://club.example:4000/v1",
            "en": "The address starts with ws:// or wss://, e.g. ws://club.example:4000/v1",
        },
        "online.server_saved": {"zh": "已保存", "en": "Saved"},
        "online.server_testing": {"zh": "正在连接 {url}…", "en": "Connecting to {url}…"},
        "online.server_ok": {"zh": "连接成功：服务器已应答", "en": "It works: the server answered"},
        "online.server_fail": {"zh": "连接失败：{why}", "en": "No connection: {why}"},
    }
)


def mailbox_url(app) -> str:
    """The mailbox server online games use (Settings → Online play server)."""
    return str(app.settings.get("mailbox_url") or PUBLIC_MAILBOX)


@register("online_settings")
class OnlineSettingsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.url = TextInput(app, mailbox_url(app), on_submit=lambda _v: self.save(), max_len=300)
        self.save_btn = Button(app, t("online.server_save"), self.save, style="primary")
        self.test_btn = Button(app, t("online.server_test"), self.test)
        self.reset_btn = Button(app, t("online.server_reset"), self.reset)
        self.back_btn = Button(app, t("ui.back"), self.close, shortcut="Esc")
        self.widgets = [self.url, self.save_btn, self.test_btn, self.reset_btn, self.back_btn]
        self.focus = FocusGroup(self.widgets)
        self.focus.focus(self.url)
        self.url.focused = True
        self.status = ("", {})
        self.check = None
        self.s = 1.0

    def valid(self) -> bool:
        from game import storage

        return storage.valid_mailbox_url(self.url.value.strip())

    def save(self) -> bool:
        if not self.valid():
            self.status = ("online.server_bad", {})
            self.app.sounds.play("illegal")
            return False
        self.app.settings["mailbox_url"] = self.url.value.strip()
        self.app.save_settings()
        self.status = ("online.server_saved", {})
        return True

    def reset(self) -> None:
        self.url.value = PUBLIC_MAILBOX
        self.save()

    def test(self) -> None:
        if not self.valid():
            self.status = ("online.server_bad", {})
            self.app.sounds.play("illegal")
            return
        from game.net.wormhole_link import test_mailbox

        url = self.url.value.strip()
        self.check = test_mailbox(url)
        self.status = ("online.server_testing", {"url": url})

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return
            if self.focus.handle_event(event):
                return
        for wdg in self.widgets:
            if wdg.handle_event(event):
                return

    def update(self, dt: float) -> None:
        for wdg in self.widgets:
            wdg.update(dt)
        if self.check is not None and self.check.result is not None:
            ok, why = self.check.result
            self.status = ("online.server_ok", {}) if ok else ("online.server_fail", {"why": why[:120]})
            self.check = None

    def on_resize(self, size) -> None:
        w, h = size
        s = self.s = theme.ui_scale(size)
        col = min(theme.px(900, s), int(w * 0.9))
        x = (w - col) // 2
        row, gap = theme.px(52, s), theme.px(14, s)
        y = theme.px(250, s)
        self.url.rect = pygame.Rect(x, y, col, row)
        y += row + gap * 2
        third = (col - 2 * gap) // 3
        for i, b in enumerate((self.save_btn, self.test_btn, self.reset_btn)):
            b.rect = pygame.Rect(x + i * (third + gap), y, third, row)
        y += row + theme.px(90, s)
        self.back_btn.rect = pygame.Rect(w // 2 - theme.px(120, s), min(y, h - row - gap), theme.px(240, s), row)
        self.status_y = self.save_btn.rect.bottom + theme.px(24, s)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s, lang = self.s, self.app.lang
        surface.blit(theme.background((w, h)), (0, 0))
        title = self.app.text(tr("online.server_title", lang), theme.px(44, s), theme.ACCENT, serif=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, theme.px(50, s))))
        y = theme.px(140, s)
        for key in ("online.server_intro", "online.server_default"):
            img = self.app.text(tr(key, lang), theme.px(20, s), theme.TEXT_DIM)
            if img.get_width() > w * 0.95:
                img = self.app.text(
                    tr(key, lang), max(9, int(theme.px(20, s) * w * 0.95 / img.get_width())), theme.TEXT_DIM
                )
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += theme.px(34, s)
        for wdg in self.widgets:
            wdg.draw(surface)
        key, fmt = self.status
        if key:
            colour = theme.ACCENT if key in ("online.server_fail", "online.server_bad") else theme.TEXT
            img = self.app.text(tr(key, lang, **fmt), theme.px(20, s), colour)
            if img.get_width() > w * 0.95:
                img = self.app.text(
                    tr(key, lang, **fmt), max(9, int(theme.px(20, s) * w * 0.95 / img.get_width())), colour
                )
            surface.blit(img, img.get_rect(midtop=(w // 2, self.status_y)))
