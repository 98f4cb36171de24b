"""Sound effects synthesized in code (no audio files), with volume and mute.

Views name generic cues (``place``, ``flip``, ``crumble``, ``fanfare``, ...); this module
turns each into a short waveform, in a background thread once the window shows (synthesis
in pure Python takes about 0.3 s for all cues, which would stall the frame that first
played one), or when it is first needed if that comes sooner. Without an audio device the
mixer falls back to SDL's dummy driver, and if even that fails the game runs silently.
"""

from __future__ import annotations

import math
import os
import random
from array import array
from collections.abc import Callable
from typing import Final

import pygame

RATE: Final = 22050


def init_mixer() -> bool:
    """Start the mixer, falling back to the dummy audio driver. True if sound is available."""
    for attempt in range(2):
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            return True
        except pygame.error:
            if attempt == 0:
                os.environ["SDL_AUDIODRIVER"] = "dummy"
    return False


Wave = Callable[[float], float]


def _render(
    seconds: float, wave: Wave, attack: float = 0.005, release: float = 0.08
) -> list[float]:
    count = int(seconds * RATE)
    out = []
    for i in range(count):
        t = i / RATE
        env = min(1.0, t / attack) if attack > 0 else 1.0
        tail = seconds - t
        if tail < release:
            env *= max(0.0, tail / release)
        out.append(wave(t) * env)
    return out


def _tone(freq: float, decay: float = 8.0) -> Wave:
    return lambda t: math.sin(2 * math.pi * freq * t) * math.exp(-decay * t)


def _sweep(f0: float, f1: float, seconds: float) -> Wave:
    def wave(t: float) -> float:
        k = (f1 - f0) / seconds
        return math.sin(2 * math.pi * (f0 * t + k * t * t / 2)) * math.exp(-6 * t)

    return wave


def _noise(seed: int, decay: float) -> Wave:
    rng = random.Random(seed)
    state = [0.0]

    def wave(t: float) -> float:
        state[0] = state[0] * 0.6 + rng.uniform(-1, 1) * 0.4  # low-passed: a rumble, not hiss
        return state[0] * math.exp(-decay * t) * 1.6

    return wave


def _buzz(freq: float) -> Wave:
    return lambda t: 0.5 * math.copysign(1, math.sin(2 * math.pi * freq * t)) * math.exp(-7 * t)


def _chord(freqs: tuple[float, ...], start_gap: float) -> Wave:
    def wave(t: float) -> float:
        total = 0.0
        for n, freq in enumerate(freqs):
            local = t - n * start_gap
            if local >= 0:
                total += math.sin(2 * math.pi * freq * local) * math.exp(-2.5 * local)
                total += 0.3 * math.sin(4 * math.pi * freq * local) * math.exp(-4 * local)
        return total / 2.2

    return wave


RECIPES: Final[dict[str, Callable[[], list[float]]]] = {
    "click": lambda: _render(0.05, _tone(1400, 60)),
    "select": lambda: _render(0.09, _tone(880, 30)),
    "deselect": lambda: _render(0.09, _tone(620, 30)),
    "place": lambda: _render(0.22, _sweep(440, 880, 0.22)),
    "flip": lambda: _render(0.12, _sweep(700, 420, 0.12)),
    "crumble": lambda: _render(0.5, _noise(7, 6.0), release=0.2),
    "fanfare": lambda: _render(1.3, _chord((523.3, 659.3, 784.0, 1046.5), 0.12), release=0.4),
    "refuse": lambda: _render(0.25, _buzz(140)),
    "undo": lambda: _render(0.15, _sweep(800, 500, 0.15)),
    "low-time": lambda: _render(0.35, _chord((988.0, 988.0), 0.16), release=0.1),
}


def pcm(cue: str, channels: int) -> bytes:
    """The cue as signed 16-bit samples, repeated for each channel."""
    samples = array("h")
    for value in RECIPES[cue]():
        sample = int(max(-1.0, min(1.0, value)) * 20000)
        samples.extend([sample] * channels)
    return samples.tobytes()


class SoundBank:
    """Plays cues at the player's volume; silent when muted or when there is no mixer."""

    def __init__(self, enabled: bool, volume: float = 0.7, muted: bool = False) -> None:
        self.enabled = enabled
        self.volume = volume
        self.muted = muted
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self._prepared: dict[str, bytes] = {}
        self._asked = False
        self.played: list[str] = []
        """Every cue asked for, in order (tests read it; the list is trimmed to 64)."""

    def synthesizer(self) -> Callable[[], None] | None:
        """The work of synthesizing every cue, for another thread to run (asked for once;
        None when there is no mixer or it was asked for already)."""
        if not self.enabled or self._asked:
            return None
        self._asked = True
        channels = self._channels()

        def synthesize() -> None:
            for cue in RECIPES:
                self._prepared.setdefault(cue, pcm(cue, channels))

        return synthesize

    def sound(self, cue: str) -> pygame.mixer.Sound | None:
        if not self.enabled or cue not in RECIPES:
            return None
        if cue not in self._cache:
            samples = self._prepared.get(cue) or pcm(cue, self._channels())
            self._cache[cue] = pygame.mixer.Sound(buffer=samples)
        return self._cache[cue]

    @staticmethod
    def _channels() -> int:
        return (pygame.mixer.get_init() or (RATE, -16, 2))[2]

    def play(self, cue: str) -> None:
        self.played.append(cue)
        del self.played[:-64]
        if self.muted or self.volume <= 0:
            return
        sound = self.sound(cue)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()
