"""The board scene in parts. Where things live:

    scene.py      BoardScene: joins the match, the view, the input, the seats, the panel, review
    input.py      MoveInput: points touched -> the move (pure Python, tested without pygame)
    seats.py      who supplies moves: HumanSeat, ComputerSeat (the worker process)
    table.py      what the buttons do with both seats here: undo, redo, hint, draw, resign, save
    net_table.py  the same over the network: a remote seat and the session's match
    panel.py      the side panel: seats, status, move list, buttons

A rule lives in game/rules, a game's history in game/match.py, a pixel of a game's board in its
view (game/scenes/views/<game>/view.py), a saved game in game/record.py and game/storage.py.
"""
