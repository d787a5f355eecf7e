"""The app's sounds, made at start-up from sine waves and noise (no sound files).

Each sound is 16-bit signed samples at the mixer's frequency and channel count, built
with ``array`` and ``math`` and handed to ``pygame.mixer.Sound(buffer=...)``:

* ``"move"``: a soft click (a low tone dying away in a few milliseconds);
* ``"capture"``: a sharper double click (higher, with a little noise, twice);
* ``"dice"``: a rattle (a few short bursts of noise, uneven gaps, fading);
* ``"win"``, ``"loss"``, ``"end"``: the end of a game, a short chime: three notes
  rising (a person won), two falling (a person lost to the computer), two neutral
  ones (a draw, or the computers playing each other).

``SoundPlayer`` plays them. Without an audio device (``pygame.mixer.init`` failing,
``SDL_AUDIODRIVER`` set to none) it is silent and every call does nothing: a sound is
never worth an error. Playing never blocks (the mixer mixes in its own thread).
"""
from __future__ import annotations

import cmath
import functools
import math
import random
from array import array

import pygame

SOUND_KINDS = ("move", "capture", "dice", "win", "loss", "end")
"""Every sound ``SoundPlayer.play`` knows."""
END_SOUNDS = ("win", "loss", "end")
"""The sounds of a game's end (one of them, once, when the result appears)."""
VOLUME = 0.3
"""The mixer volume of every sound (0 to 1): quiet, for a classroom."""
PEAK = 0.6
"""The loudest sample, as a share of the 16-bit range, before ``VOLUME``."""
MIXER_BUFFER = 512
"""Samples per mixer buffer: small, so a click follows the move at once."""

_NOTES = {"C5": 523.25, "E5": 659.25, "G5": 783.99, "C6": 1046.5, "G4": 392.0, "E4": 329.63, "D#4": 311.13,
          "A4": 440.0, "D5": 587.33}
_CHIMES = {"win": (("C5", 0.0), ("E5", 0.11), ("G5", 0.22)),
           "loss": (("G4", 0.0), ("D#4", 0.16)),
           "end": (("A4", 0.0), ("D5", 0.14))}
"""Each chime's notes with their start in seconds."""


def sound_seconds(kind: str) -> float:
    """How long sound ``kind`` (one of ``SOUND_KINDS``) lasts, in seconds."""
    if kind == "move":
        return 0.06
    if kind == "capture":
        return 0.14
    if kind == "dice":
        return 0.32
    if kind in _CHIMES:
        return _CHIMES[kind][-1][1] + 0.45
    raise ValueError(f"no sound called {kind!r}")


def _add_ringing(samples: list[float], first: int, rate: int, pitch: float, decay: float, attack: int,
                 weight: float = 1.0) -> None:
    """Add from sample ``first`` a tone of ``pitch`` Hz dying away with time constant
    ``decay`` seconds (rising over ``attack`` samples: no pop), loudness ``weight``.
    One complex multiplication a sample (a rotating, shrinking phasor): fast enough for
    start-up in pure Python."""
    step = cmath.exp(complex(-1 / (decay * rate), 2 * math.pi * pitch / rate))
    phasor = complex(0.0, weight)
    last = min(len(samples), first + int(decay * 6 * rate))
    for index in range(first, min(last, first + attack)):
        samples[index] += phasor.real * (index - first) / attack
        phasor *= step
    for index in range(first + attack, last):
        samples[index] += phasor.real
        phasor *= step


def _click(samples: list[float], start: float, rate: int, pitch: float, decay: float, noise: float,
           rng: random.Random) -> None:
    """Add a click at ``start`` seconds: a tone of ``pitch`` Hz dying away with time
    constant ``decay`` seconds, mixed with ``noise`` (0 to 1) of white noise."""
    first = int(start * rate)
    _add_ringing(samples, first, rate, pitch, decay, 24, 1 - noise)
    if noise:
        shrink = math.exp(-1 / (decay * rate))
        level = noise
        for index in range(first, min(len(samples), first + int(decay * 6 * rate))):
            samples[index] += level * rng.uniform(-1, 1)
            level *= shrink


def _note(samples: list[float], start: float, rate: int, pitch: float, length: float) -> None:
    """Add a bell-like note of ``pitch`` Hz (with a little of its octave) at ``start``
    seconds lasting about ``length``."""
    first = int(start * rate)
    _add_ringing(samples, first, rate, pitch, length / 4, 64, 0.5)
    _add_ringing(samples, first, rate, 2 * pitch, length / 6, 64, 0.15)


def synthesize(kind: str, frequency: int, channels: int = 1) -> array:
    """Sound ``kind`` (one of ``SOUND_KINDS``) as 16-bit signed samples (``array('h')``)
    at ``frequency`` samples a second, interleaved for ``channels`` (the same on each):
    ``round(sound_seconds(kind) * frequency) * channels`` values, peaking near ``PEAK``
    of the 16-bit range, fading to silence at the end. The same every time (the noise
    has a fixed seed)."""
    return array("h", _samples(kind, frequency, channels))


@functools.lru_cache(maxsize=None)
def _samples(kind: str, frequency: int, channels: int) -> bytes:
    """``synthesize``'s samples as bytes, made once a process (each new app reuses them)."""
    count = round(sound_seconds(kind) * frequency)
    samples = [0.0] * count
    rng = random.Random(kind)
    if kind == "move":
        _click(samples, 0.0, frequency, 620.0, 0.006, 0.15, rng)
    elif kind == "capture":
        for start in (0.0, 0.07):
            _click(samples, start, frequency, 1500.0, 0.004, 0.45, rng)
    elif kind == "dice":
        start = 0.0
        for burst in range(5):
            _click(samples, start, frequency, 2200.0 + 400 * burst, 0.005, 0.8, rng)
            start += rng.uniform(0.035, 0.065)
    else:
        for name, start in _CHIMES[kind]:
            _note(samples, start, frequency, _NOTES[name], 0.42)
    loudest = max(max(samples), -min(samples)) or 1.0
    scale = PEAK * 32767 / loudest
    fade = min(count, int(0.005 * frequency))  # the last 5 ms fade out: no click at the end
    for index in range(count - fade, count):
        samples[index] *= (count - index) / fade
    values = array("h", (int(value * scale) for value in samples))
    if channels == 1:
        return values.tobytes()
    interleaved = array("h", bytes(2 * count * channels))
    for channel in range(channels):
        interleaved[channel::channels] = values
    return interleaved.tobytes()


class SoundPlayer:
    """Plays the sounds of ``SOUND_KINDS`` (see the module docstring).

    Built once at start-up: it opens the mixer and makes every sound. ``available`` is
    False when that failed (no audio device); then ``play`` does nothing. ``muted`` (the
    person's choice, settable at any time) makes ``play`` do nothing too.
    """

    def __init__(self, muted: bool = False, volume: float = VOLUME) -> None:
        self._muted = muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.problem = ""
        """Why there is no sound ("" when there is)."""
        try:
            pygame.mixer.pre_init(44100, -16, 2, MIXER_BUFFER)
            pygame.mixer.init()
            mixer = pygame.mixer.get_init()
            if not mixer:
                raise pygame.error("the mixer did not start")
            frequency, size, channels = mixer
            if abs(size) != 16:
                raise pygame.error(f"the mixer uses {abs(size)}-bit samples, not 16")
            for kind in SOUND_KINDS:
                sound = pygame.mixer.Sound(buffer=synthesize(kind, frequency, channels).tobytes())
                sound.set_volume(volume)
                self._sounds[kind] = sound
        except Exception as problem:  # no audio device, no driver, a mixer built without it: silence
            self._sounds = {}
            self.problem = f"{type(problem).__name__}: {problem}"

    @property
    def available(self) -> bool:
        """True when the sounds can be heard (the mixer opened and every sound was made)."""
        return bool(self._sounds)

    @property
    def muted(self) -> bool:
        """True when the person turned the sounds off."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted and self._sounds:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass

    def play(self, kind: str) -> bool:
        """Start sound ``kind`` (one of ``SOUND_KINDS``) and return at once; True if it
        started. False, and nothing happens, when muted, without sound, for an unknown
        kind, or if the mixer refuses (all its channels busy)."""
        sound = self._sounds.get(kind)
        if sound is None or self._muted:
            return False
        try:
            return sound.play() is not None
        except pygame.error:
            return False

    def close(self) -> None:
        """Close the mixer (the app is ending); the player is silent after."""
        if self._sounds:
            self._sounds = {}
            try:
                pygame.mixer.quit()
            except pygame.error:
                pass
