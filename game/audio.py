"""Sound effects, synthesised at start (no sound files, no numpy).

    sounds = Sounds(settings)       # settings: "sound" (on/off) and "volume" (0..1)
    sounds.play("move")             # move capture drop flip illegal win lose click tick
    sounds.apply(settings)          # after the player changed the settings

Each sound is built as floats in [-1, 1] by small additive/noise synthesis (wooden knocks are
decaying inharmonic partials plus a noise transient), converted to the mixer's sample format with
the array module and handed to pygame.mixer.Sound(buffer=...). When the mixer cannot start (no
audio device) every method is a silent no-op.
"""

from __future__ import annotations

import array
import math
import random
import sys
import threading

import pygame

NAMES = ("move", "capture", "drop", "flip", "illegal", "win", "lose", "click", "tick")

# loudness of each sound relative to the others (multiplied by the volume setting)
GAIN = {
    "move": 0.9,
    "capture": 1.0,
    "drop": 0.9,
    "flip": 0.8,
    "illegal": 0.55,
    "win": 0.7,
    "lose": 0.7,
    "click": 0.45,
    "tick": 0.3,
}

RATE = 44100


# ---- synthesis: each returns a list of floats at `rate` ------------------------------------------
def _mix(into, part, start, rate, gain=1.0):
    """Add `part` into `into` from `start` seconds on (growing `into` if needed)."""
    i0 = int(start * rate)
    need = i0 + len(part) - len(into)
    if need > 0:
        into.extend([0.0] * need)
    for i, v in enumerate(part):
        into[i0 + i] += v * gain
    return into


def _partials(freqs_amps_taus, seconds, rate, attack=0.002):
    """Sum of exponentially decaying sines: [(freq Hz, amplitude, decay time s)]."""
    n = int(seconds * rate)
    out = [0.0] * n
    na = max(1, int(attack * rate))
    for freq, amp, tau in freqs_amps_taus:
        # rotate a phasor and decay it by multiplication: no sin/exp per sample
        c, s = math.cos(2 * math.pi * freq / rate), math.sin(2 * math.pi * freq / rate)
        d = math.exp(-1.0 / (tau * rate))
        x, y, a = 0.0, 1.0, amp
        for i in range(n):
            x, y = x * c + y * s, y * c - x * s
            out[i] += x * a
            a *= d
            if a < 1e-5:
                break
    for i in range(min(na, n)):
        out[i] *= i / na
    return out


def _noise_burst(seconds, rate, tau, cutoff, rng, attack=0.001):
    """Low-passed white noise with an exponential decay (a knock's transient, a thud's body)."""
    n = int(seconds * rate)
    k = 1 - math.exp(-2 * math.pi * cutoff / rate)
    d = math.exp(-1.0 / (tau * rate))
    na = max(1, int(attack * rate))
    out, lp, a = [0.0] * n, 0.0, 1.0
    for i in range(n):
        lp += k * (rng.uniform(-1, 1) - lp)
        out[i] = lp * a * (i / na if i < na else 1.0)
        a *= d
    return out


def _knock(rate, rng, pitch=1.0, body=1.0, length=0.14):
    """A piece of wood set down on a wooden board."""
    tone = _partials(
        [
            (620 * pitch, 0.55 * body, 0.030),
            (1180 * pitch, 0.35, 0.018),
            (2150 * pitch, 0.22, 0.010),
            (3400 * pitch, 0.10, 0.006),
        ],
        length,
        rate,
        0.0008,
    )
    click = _noise_burst(0.03, rate, 0.004, 5000, rng)
    return _mix(tone, click, 0, rate, 0.5)


def _tone(freq, seconds, rate, tau, harmonics=((1, 1.0), (2, 0.35), (3, 0.12)), attack=0.006):
    return _partials([(freq * h, a, tau / (1 + 0.6 * (h - 1))) for h, a in harmonics], seconds, rate, attack)


def _fade_out(samples, rate, seconds=0.01):
    n = min(len(samples), int(seconds * rate))
    for i in range(n):
        samples[-1 - i] *= i / n
    return samples


def _normalise(samples, peak=0.85):
    top = max((abs(v) for v in samples), default=0.0)
    if top > 0:
        g = peak / top
        samples = [v * g for v in samples]
    return samples


# Wooden sounds come in a few takes of slightly different pitch, played in turn, so that a run of
# moves does not sound like one sample repeated.
VARIANTS = {"move": 3, "capture": 2, "drop": 2, "flip": 2}
_PITCH = (1.0, 0.93, 1.07)


def synth(name: str, rate: int = RATE, variant: int = 0) -> list:
    """The sound `name` (take `variant`) as floats in [-1, 1] (peak 0.85), starting and ending at
    silence."""
    rng = random.Random((NAMES.index(name) + 1) * 10 + variant)  # the same sound on every start
    p = _PITCH[variant % len(_PITCH)]
    if name == "click":
        s = _partials([(2400, 0.5, 0.006), (3900, 0.25, 0.004)], 0.035, rate, 0.0005)
        s = _mix(s, _noise_burst(0.02, rate, 0.003, 6000, rng), 0, rate, 0.3)
    elif name == "tick":  # a clock's soft tick (low time): short, low and muted
        s = _partials([(1150, 0.5, 0.008), (1730, 0.2, 0.005)], 0.045, rate, 0.001)
        s = _mix(s, _noise_burst(0.015, rate, 0.003, 2500, rng), 0, rate, 0.15)
    elif name == "move":
        s = _knock(rate, rng, pitch=p)
    elif name == "capture":  # the mover strikes, the taken piece rattles away
        s = _knock(rate, rng, pitch=0.9 * p, body=1.3, length=0.16)
        s = _mix(s, _knock(rate, rng, pitch=1.25 * p, body=0.6, length=0.12), 0.07, rate, 0.55)
        s = _mix(s, _knock(rate, rng, pitch=1.4 * p, body=0.4, length=0.10), 0.13, rate, 0.3)
    elif name == "drop":  # a soft thud: a falling low tone and dull noise
        n = int(0.22 * rate)
        s, phase = [0.0] * n, 0.0
        for i in range(n):
            t = i / rate
            phase += 2 * math.pi * p * (95 + 90 * math.exp(-t / 0.03)) / rate
            s[i] = math.sin(phase) * math.exp(-t / 0.055) * min(1.0, t / 0.003)
        s = _mix(s, _noise_burst(0.12, rate, 0.025, 900, rng), 0, rate, 0.7)
        s = _mix(s, _knock(rate, rng, pitch=0.7 * p, body=0.3, length=0.08), 0.0, rate, 0.25)
    elif name == "flip":  # a swish of the tile turning over, then it lands
        n = int(0.16 * rate)
        s, lp, bp = [0.0] * n, 0.0, 0.0
        for i in range(n):
            t = i / n
            cutoff = 1500 + 5000 * math.sin(math.pi * t)
            k = 1 - math.exp(-2 * math.pi * cutoff / rate)
            x = rng.uniform(-1, 1)
            lp += k * (x - lp)
            bp += 0.35 * (lp - bp)
            s[i] = (lp - bp) * math.sin(math.pi * t) ** 2
        s = _mix(s, _knock(rate, rng, pitch=1.1 * p, body=0.8, length=0.12), 0.15, rate, 0.8)
    elif name == "illegal":  # a low, short double buzz
        s = []
        for start in (0.0, 0.13):
            n = int(0.1 * rate)
            part = [0.0] * n
            for i in range(n):
                t = i / rate
                env = min(1.0, t / 0.008) * min(1.0, (0.1 - t) / 0.02)
                ph = 2 * math.pi * 116 * t
                part[i] = env * (math.sin(ph) + 0.3 * math.sin(3 * ph) + 0.15 * math.sin(5 * ph))
            _mix(s, part, start, rate)
    elif name == "win":  # a bright rising arpeggio ending on a chord
        s = []
        for k, semis in enumerate((0, 4, 7, 12)):
            note = _tone(523.25 * 2 ** (semis / 12), 0.55, rate, 0.2)
            _mix(s, note, 0.09 * k, rate, 0.5)
            _mix(s, note, 0.4, rate, 0.22)  # and all four together as a closing chord
    elif name == "lose":  # a slow falling minor line
        s = []
        for k, semis in enumerate((7, 3, 0, -5)):
            f = 392.0 * 2 ** (semis / 12)
            _mix(s, _tone(f, 0.45, rate, 0.2, ((1, 1.0), (2, 0.2))), 0.17 * k, rate, 0.5)
    else:
        raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(NAMES)}")
    return _normalise(_fade_out(s, rate))


def to_buffer(samples, size: int, channels: int) -> bytes:
    """Floats in [-1, 1] as raw samples for a mixer of format `size` (pygame.mixer.get_init())."""
    clipped = [-1.0 if v < -1.0 else 1.0 if v > 1.0 else v for v in samples]
    if size in (-16, 16):
        data = array.array("h", [int(v * 32767) for v in clipped])
        if size == 16:  # unsigned
            data = array.array("H", [v + 32768 for v in data])
    elif size in (-8, 8):
        data = array.array("b", [int(v * 127) for v in clipped])
        if size == 8:
            data = array.array("B", [v + 128 for v in data])
    elif size == 32:  # float 32
        data = array.array("f", clipped)
    elif size == -32:
        data = array.array("i", [int(v * 2147483647) for v in clipped])
    else:
        raise ValueError(f"unsupported mixer sample size {size}")
    if channels > 1:  # interleave: the same sample on every channel
        wide = array.array(data.typecode, bytes(len(data) * channels * data.itemsize))
        for c in range(channels):
            wide[c::channels] = data
        data = wide
    if sys.byteorder != "little" and data.itemsize > 1:  # SDL's default formats are little-endian
        data.byteswap()
    return data.tobytes()


_buffers: dict = {}  # (name, rate, size, channels) -> bytes, made once per process
_buffers_lock = threading.Lock()


def buffer_for(name: str, rate: int, size: int, channels: int, variant: int = 0) -> bytes:
    key = (name, rate, size, channels, variant)
    with _buffers_lock:
        data = _buffers.get(key)
        if data is None:
            data = _buffers[key] = to_buffer(synth(name, rate, variant), size, channels)
    return data


class Sounds:
    """The game's sound effects; silent no-ops when no audio device can be opened.

    The samples are synthesised in a background thread so that the window opens at once; a sound
    asked for before its turn is made on the spot."""

    def __init__(self, settings=None, background: bool = True):
        self.sounds: dict = {}  # name -> pygame Sound (its first take)
        self.takes: dict = {}  # name -> [pygame Sound, ...]
        self._turn: dict = {}
        self.enabled = True
        self.volume = 0.7
        self.available = False
        self.format = None
        self._lock = threading.Lock()
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            self.format = pygame.mixer.get_init()
            if self.format is None:
                raise pygame.error("the mixer did not start")
            self.available = True
        except (pygame.error, OSError) as exc:
            print(f"qipan: sound off ({exc})", file=sys.stderr)
        self.apply(settings or {})
        if self.available:
            if background:
                threading.Thread(target=self._make_all, name="qipan-sounds", daemon=True).start()
            else:
                self._make_all()

    def _make(self, name):
        """The pygame Sounds (takes) of `name`, made now if the background thread has not got to
        them; the first take is also self.sounds[name]."""
        with self._lock:
            takes = self.takes.get(name)
            if takes is None and self.available:
                try:
                    takes = [
                        pygame.mixer.Sound(buffer=buffer_for(name, *self.format, variant=v))
                        for v in range(VARIANTS.get(name, 1))
                    ]
                except (pygame.error, ValueError) as exc:  # the mixer was closed meanwhile
                    self.available = False
                    print(f"qipan: sound off ({exc})", file=sys.stderr)
                    return None
                for sound in takes:
                    sound.set_volume(self.volume * GAIN[name])
                self.takes[name] = takes
                self.sounds[name] = takes[0]
            return takes

    def _make_all(self) -> None:
        for name in NAMES:
            if not self.available:
                return
            self._make(name)

    def ready(self) -> bool:
        """True once every sound is made (or there is no audio)."""
        return not self.available or len(self.sounds) == len(NAMES)

    def apply(self, settings) -> None:
        """Take "sound" (on/off) and "volume" (0..1) from the settings."""
        self.enabled = bool(settings.get("sound", True))
        try:
            volume = float(settings.get("volume", 0.7))
        except (TypeError, ValueError):
            volume = 0.7
        self.volume = min(1.0, max(0.0, volume if math.isfinite(volume) else 0.7))
        with self._lock:
            for name, takes in self.takes.items():
                for sound in takes:
                    sound.set_volume(self.volume * GAIN[name])

    def play(self, name: str) -> None:
        """Play one of NAMES (no-op when the sound is off or there is no audio device)."""
        if name not in GAIN:
            raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(NAMES)}")
        if not self.enabled or self.volume <= 0 or not self.available:
            return
        takes = self.takes.get(name) or self._make(name)
        if not takes:
            return
        self._turn[name] = turn = (self._turn.get(name, -1) + 1) % len(takes)
        try:
            takes[turn].play()
        except pygame.error:
            pass
