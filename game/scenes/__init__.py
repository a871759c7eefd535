"""Scenes of the pygame program: each has handle_event(event), update(dt) and draw(surface).

Grouped by what they are:
    base.py, registry.py  the Scene base class; scenes registered by name, opened with app.open()
    board/                the board screen in parts (scene, input, seats, tables, panel, analysis)
    views/                each game's look, one package per game found by its name (views/<game>/:
                          view, editor or assistant, lesson, rules diagrams); views/api.py is the
                          contract between the board screen and a view
    screens/              menu, new-game setup, result, rules, settings, saved games, lesson
    lobbies/              network play: host and join
    widgets/              buttons, selectors, text field, list box, dialogs, the form base
Scene modules import neither each other nor the app; shared code never names a game.
"""
