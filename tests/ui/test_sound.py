"""Sounds are made by code; with the dummy audio driver they still build and play."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client.app.sound import RECIPES, SoundBank, init_mixer


@pytest.fixture(scope="module")
def mixer() -> Iterator[bool]:
    ok = init_mixer()
    yield ok
    pygame.mixer.quit()


@pytest.mark.parametrize("cue", sorted(RECIPES))
def test_every_cue_synthesizes_a_sound(mixer: bool, cue: str) -> None:
    assert mixer
    sound = SoundBank(True).sound(cue)
    assert sound is not None and sound.get_length() > 0.02


def test_prepared_cues_are_the_ones_made_on_demand(mixer: bool) -> None:
    prepared = SoundBank(True)
    work = prepared.synthesizer()
    assert work is not None and prepared.synthesizer() is None  # the work is handed out once
    work()  # as the background thread runs it
    assert set(prepared._prepared) == set(RECIPES)
    on_demand = SoundBank(True)
    for cue in RECIPES:
        ready, made = prepared.sound(cue), on_demand.sound(cue)
        assert ready is not None and made is not None
        assert ready.get_raw() == made.get_raw()


def test_mute_and_no_mixer_stay_silent_but_remember_the_cue() -> None:
    bank = SoundBank(False, volume=0.5)
    bank.play("flip")
    assert bank.played == ["flip"]
    assert bank.sound("flip") is None


def test_without_an_audio_device_the_mixer_falls_back_to_the_dummy_driver() -> None:
    code = (
        "from game.client.app.sound import init_mixer; import os; "
        "print(init_mixer(), os.environ['SDL_AUDIODRIVER'])"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-device", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.split() == ["True", "dummy"]
