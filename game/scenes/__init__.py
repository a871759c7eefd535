"""Scenes of the pygame program: each has handle_event(event), update(dt) and draw(surface).

Each scene module registers its classes by name (game.scenes.registry) and is opened with
app.open("name", ...); scene modules import neither each other nor the app. The board screen is
the package game.scenes.board; each game's look is its view (game.scenes.game_views).
"""
