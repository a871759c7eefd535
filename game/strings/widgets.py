"""The texts every widget and dialog shares (game/scenes/widgets): OK, Cancel, Yes, No, ..."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # game/scenes/widgets/__init__.py
    "ui.ok": {"zh": "确定", "en": "OK"},
    "ui.cancel": {"zh": "取消", "en": "Cancel"},
    "ui.yes": {"zh": "是", "en": "Yes"},
    "ui.no": {"zh": "否", "en": "No"},
    "ui.on": {"zh": "开", "en": "On"},
    "ui.off": {"zh": "关", "en": "Off"},
    "ui.back": {"zh": "返回", "en": "Back"},
}
