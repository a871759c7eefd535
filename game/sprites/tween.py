"""Easing functions and a small tween: a value that moves from a to b over a duration.

t = Tween(0.0, 1.0, 0.25, ease_out_cubic, on_done=callback)
t.update(dt); t.value; t.done
"""

from __future__ import annotations

import math


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def pulse(time_s: float, period: float = 1.2) -> float:
    """0..1..0 smoothly, repeating every `period` seconds (for pulsing highlights)."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (time_s % period) / period)


def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


class Tween:
    """A number (or tuple of numbers) eased from `start` to `end` over `duration` seconds."""

    def __init__(self, start, end, duration: float, easing=ease_out_cubic, delay: float = 0.0, on_done=None):
        self.start, self.end = start, end
        self.duration = max(0.0, duration)
        self.easing = easing
        self.elapsed = -max(0.0, delay)
        self.on_done = on_done
        self.done = self.duration == 0 and delay <= 0
        if self.done and on_done:
            on_done()

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= 0 else 0.0
        return clamp01(self.elapsed / self.duration)

    @property
    def value(self):
        k = self.easing(self.progress)
        if isinstance(self.start, tuple):
            return tuple(a + (b - a) * k for a, b in zip(self.start, self.end))
        return self.start + (self.end - self.start) * k

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.elapsed = self.duration
            self.done = True
            if self.on_done:
                self.on_done()

    def finish(self) -> None:
        self.update(self.duration - self.elapsed + 1e-9)
