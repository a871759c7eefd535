"""A draughts move as players see it (every variant of the family): its path, the pieces it takes
and its notation (numbers, or algebraic in Russian draughts). Pure Python, no pygame."""

from __future__ import annotations


class Move:
    """A legal move. path: the squares the player touches (start, every landing). Two captures
    with the same start, end and captured set are one move (ad libitum); `paths` lists every way
    to play it, path is the first. Equal and hashed by (start, end, captured set, crowned)."""

    __slots__ = ("path", "paths", "captures", "text", "crowned", "names")

    def __init__(self, path, captures=(), paths=None, text=None, crowned=False, names=None):
        self.path = tuple(path)
        self.paths = tuple(paths) if paths else (self.path,)
        self.captures = tuple(sorted(captures))
        self.crowned = crowned  # (8x8 only) a man ends as a king: Russian may crown mid-capture
        self.names = names  # square names (algebraic notation: Russian), None for numbers
        self.text = text or self.short()

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def short(self) -> str:
        if self.names:
            return f"{self.names[self.path[0]]}{':' if self.captures else '-'}{self.names[self.path[-1]]}"
        return f"{self.path[0]}{'x' if self.captures else '-'}{self.path[-1]}"

    def long(self) -> str:
        """Every landing square: 25x3x17x44x35, d4:b6:d8 (a step stays 32-28)."""
        if self.names and self.captures:
            return ":".join(self.names[s] for s in self.path)
        return "x".join(map(str, self.path)) if self.captures else self.short()

    def hub(self) -> str:
        """Hub protocol notation: start, end, then the captured squares (28x19x23)."""
        if not self.captures:
            return self.short()
        return "x".join(map(str, (self.path[0], self.path[-1], *self.captures)))

    def key(self):
        return (self.path[0], self.path[-1], self.captures, self.crowned)

    def __eq__(self, other):
        return isinstance(other, Move) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __lt__(self, other):
        return self.key() < other.key()

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Move({self.text!r})"

    def __getstate__(self):
        return (self.path, self.paths, self.captures, self.text, self.crowned, self.names)

    def __setstate__(self, st):
        self.path, self.paths, self.captures, self.text, self.crowned, self.names = st
