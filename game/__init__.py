"""Qipan 棋盘: three traditional board games in one pygame program.

Where things live:
    a rule           game/rules/<game>.py (pure Python; shared types in game/rules/common.py)
    a game           game/games.py, the registry every shared module asks instead of a name
    a game in play   game/match.py (Match: start, states, moves, redo, ending, seats)
    a saved game     game/record.py (the file format) and game/storage.py (the files)
    the computer     game/ai/<game>_ai.py, run in the worker process game/worker.py
    network play     game/net/ (protocol, link, session, host, guest)
    a seat           game/scenes/board/seats.py and board/net_table.py
    a pixel          the game's view game/scenes/views/<game>/ and game/sprites/
    a screen         game/scenes/, each registered by name (game/scenes/registry.py)
rules, ai, games, match, record, storage, net and worker import no pygame.
"""
