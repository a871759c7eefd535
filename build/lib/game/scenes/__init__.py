"""Scenes of the pygame program: each has handle_event(event), update(dt) and draw(surface)."""
