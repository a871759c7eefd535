"""The full screens opened by name (game.scenes.registry): menu, new-game setup, result, rules,
settings, saved games, the guided lesson, plus what they share (in_progress: asking before a game in
progress is replaced; rule_diagrams: the rules screen's pictures)."""
