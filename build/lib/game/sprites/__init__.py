"""Drawing and animation helpers: pieces, highlights, tweens."""
