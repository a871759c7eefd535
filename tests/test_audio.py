"""game.audio: synthesised sounds, mixer formats, mute/volume, and no audio device."""

import array

import pygame
import pytest

from game import audio


@pytest.mark.parametrize("name", audio.NAMES)
def test_each_sound_is_short_clean_and_audible(name):
    s = audio.synth(name, 22050)
    seconds = len(s) / 22050
    assert 0.02 <= seconds <= 1.2
    assert max(abs(v) for v in s) <= 0.9  # no clipping
    assert abs(s[0]) < 0.05 and abs(s[-1]) < 1e-9  # no click at either end
    rms = (sum(v * v for v in s) / len(s)) ** 0.5
    assert rms > 0.02


def test_wooden_sounds_have_takes_of_different_pitch():
    takes = [audio.synth("move", 22050, v) for v in range(audio.VARIANTS["move"])]
    assert len({tuple(round(x, 4) for x in t[:800]) for t in takes}) == len(takes)


def test_sounds_differ_in_length_and_pitch_as_designed():
    lengths = {n: len(audio.synth(n, 22050)) for n in audio.NAMES}
    assert lengths["click"] < lengths["move"] < lengths["capture"] < lengths["win"]
    assert lengths["lose"] > 3 * lengths["move"]

    def crossings(samples):
        return sum(1 for a, b in zip(samples, samples[1:]) if a < 0 <= b) / len(samples)

    # the thud and the buzz are low, the click is high
    assert crossings(audio.synth("drop", 22050)) < crossings(audio.synth("move", 22050))
    assert crossings(audio.synth("illegal", 22050)) < crossings(audio.synth("click", 22050))


@pytest.mark.parametrize(
    "size,channels,typecode", [(-16, 2, "h"), (-16, 1, "h"), (16, 1, "H"), (32, 2, "f"), (-8, 1, "b"), (8, 2, "B")]
)
def test_buffers_match_the_mixer_format(size, channels, typecode):
    samples = [0.0, 0.5, -1.0, 2.0]
    data = array.array(typecode)
    data.frombytes(audio.to_buffer(samples, size, channels))
    assert len(data) == len(samples) * channels
    assert data[0] == data[channels - 1]  # channels carry the same sample
    if typecode == "h":
        assert list(data[::channels]) == [0, 16383, -32767, 32767]
    if typecode == "f":
        assert list(data[::channels]) == [0.0, 0.5, -1.0, 1.0]


@pytest.fixture
def mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_play_mute_and_volume(mixer):
    sounds = audio.Sounds({"sound": True, "volume": 0.5}, background=False)
    if not sounds.available:
        pytest.skip("no audio driver here (tests set SDL_AUDIODRIVER=dummy)")
    assert set(sounds.sounds) == set(audio.NAMES) and sounds.ready()
    assert sounds.sounds["capture"].get_volume() == pytest.approx(0.5 * audio.GAIN["capture"], abs=0.01)
    for name in audio.NAMES:
        sounds.play(name)
    assert pygame.mixer.get_busy()
    pygame.mixer.stop()
    sounds.apply({"sound": False, "volume": 0.5})
    sounds.play("win")
    assert not pygame.mixer.get_busy()
    sounds.apply({"sound": True, "volume": 3})
    assert sounds.volume == 1.0
    sounds.apply({"sound": True, "volume": "loud"})
    assert sounds.volume == 0.7
    with pytest.raises(ValueError):
        sounds.play("trumpet")
    assert [len(sounds.takes[n]) for n in ("move", "win")] == [audio.VARIANTS["move"], 1]
    sounds.apply({"sound": True, "volume": 0.4})
    assert all(t.get_volume() == pytest.approx(0.4 * audio.GAIN["move"], abs=0.01) for t in sounds.takes["move"])
    sounds._turn.clear()
    for _ in range(4):
        sounds.play("move")  # takes in turn
    assert sounds._turn["move"] == 3 % audio.VARIANTS["move"]


def test_sounds_are_made_in_the_background_or_on_demand(mixer):
    sounds = audio.Sounds({"sound": True, "volume": 0.5})
    if not sounds.available:
        pytest.skip("no audio driver here")
    sounds.play("lose")  # made on the spot if the thread is not there yet
    assert "lose" in sounds.sounds
    deadline = __import__("time").monotonic() + 20
    while not sounds.ready() and __import__("time").monotonic() < deadline:
        __import__("time").sleep(0.01)
    assert sounds.ready() and set(sounds.sounds) == set(audio.NAMES)
    again = audio.Sounds({"sound": True, "volume": 0.5}, background=False)  # cached samples
    assert again.sounds["win"].get_raw() == sounds.sounds["win"].get_raw()


def test_no_audio_device_is_a_silent_no_op(mixer, monkeypatch):
    def fail(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", fail)
    sounds = audio.Sounds({"sound": True, "volume": 1.0})
    assert not sounds.available and sounds.sounds == {}
    for name in audio.NAMES:
        sounds.play(name)
    sounds.apply({"sound": False})
    sounds.play("move")
