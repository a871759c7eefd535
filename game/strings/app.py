"""The texts of the window itself (game/app.py) and of the pure floors that speak to the player:
saved games and settings (game/record.py, game/storage.py) and the PDN export (game/pdn_export.py)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # game/app.py
    "app.title": {"zh": "棋盘", "en": "Qipan"},
    "app.fullscreen_failed": {"zh": "无法切换全屏", "en": "Cannot switch fullscreen here"},
    "app.autosave_failed": {"zh": "自动保存失败：{msg}", "en": "Autosave failed: {msg}"},
    "app.load_failed": {"zh": "无法打开这局棋：{msg}", "en": "Cannot open this game: {msg}"},
    # game/pdn_export.py
    "storage.no_pdn": {"en": "This game cannot be written as PDN.", "zh": "这种棋不能导出为 PDN。"},
    "storage.export_failed": {"en": "The PDN file could not be written: {why}", "zh": "无法写入 PDN 文件：{why}"},
    # game/record.py
    "storage.too_large": {"en": "The file is too large to be a Qipan game.", "zh": "文件过大，不是棋盘的存档。"},
    "storage.not_json": {"en": "The file is damaged (not valid JSON).", "zh": "文件已损坏（不是有效的 JSON）。"},
    "storage.foreign": {"en": "This is not a Qipan saved game.", "zh": "这不是棋盘的存档文件。"},
    "storage.future": {
        "en": "This game was saved by a newer version of Qipan (format {version}).",
        "zh": "此存档由更新版本的棋盘保存（格式 {version}），无法打开。",
    },
    "storage.bad_field": {
        "en": 'The saved game is damaged (field "{field}").',
        "zh": "存档已损坏（字段“{field}”）。",
    },
    "storage.unknown_game": {
        "en": 'The saved game is of an unknown game "{game}".',
        "zh": "存档中的游戏“{game}”无法识别。",
    },
    "storage.bad_start": {"en": "The saved starting position is wrong: {why}", "zh": "存档的起始局面有误：{why}"},
    "storage.bad_move": {
        "en": "Move {number} ({move}) of the saved game is not legal.",
        "zh": "存档的第 {number} 步（{move}）不合规则。",
    },
    "storage.bad_end": {"en": "The saved game's ending does not fit its moves.", "zh": "存档中的终局与着法不符。"},
    # game/storage.py
    "storage.settings_broken": {
        "en": "Your settings file could not be read; defaults are used (the old file is kept as {bak}).",
        "zh": "设置文件无法读取，已恢复默认设置（旧文件保存为 {bak}）。",
    },
    "storage.autosave_broken": {
        "en": "The unfinished game could not be restored: {why} (the file is kept as {bak}).",
        "zh": "无法恢复未完成的对局：{why}（文件保存为 {bak}）。",
    },
    "storage.record_broken": {
        "en": "Your record against the computer could not be read; a new one is started (the old file is kept as {bak}).",
        "zh": "人机对局战绩无法读取，已重新开始记录（旧文件保存为 {bak}）。",
    },
    "storage.record_not_file": {
        "en": "Your record against the computer could not be read: {why}",
        "zh": "人机对局战绩无法读取：{why}",
    },
    "storage.record_write_failed": {
        "en": "Your record against the computer could not be saved: {why}",
        "zh": "无法保存人机对局战绩：{why}",
    },
    "storage.unreadable": {"en": "The file cannot be read: {why}", "zh": "无法读取文件：{why}"},
    "storage.write_failed": {"en": "The game could not be saved: {why}", "zh": "无法保存：{why}"},
    "storage.settings_write_failed": {"en": "The settings could not be saved: {why}", "zh": "无法保存设置：{why}"},
    "storage.settings_not_file": {
        "en": "Your settings could not be read: {why} Defaults are used.",
        "zh": "设置无法读取：{why}已恢复默认设置。",
    },
    "storage.autosave_not_file": {
        "en": "The unfinished game could not be restored: {why}",
        "zh": "无法恢复未完成的对局：{why}",
    },
    "storage.is_dir": {
        "en": "{name} is a folder, not a file; it was left as it is.",
        "zh": "{name} 是文件夹，不是文件，未作改动。",
    },
    "storage.is_fifo": {
        "en": "{name} is a pipe, not a file; it was left as it is.",
        "zh": "{name} 是管道，不是文件，未作改动。",
    },
    "storage.is_device": {
        "en": "{name} is a device, not a file; it was left as it is.",
        "zh": "{name} 是设备，不是文件，未作改动。",
    },
    "storage.not_regular": {
        "en": "{name} is not an ordinary file; it was left as it is.",
        "zh": "{name} 不是文件，未作改动。",
    },
}
