"""Saving the game being played, and opening another in its place (a finished one opens
in the replay)."""

from __future__ import annotations

from pathlib import Path

from game.client.app.scene import Replace, Scene, Transition
from game.client.files import storage
from game.core.match import Match
from scenes.common import file_dialog, open_match, save_match_to


def ask_save(scene: Scene, match: Match) -> None:
    name = storage.default_save_name(match)
    dialog = file_dialog(scene, "Save game", scene.services.paths.saves, name, must_exist=False)
    scene.watch(dialog, lambda event: save_match_to(scene, Path(event.text), match))


def ask_open(scene: Scene) -> None:
    dialog = file_dialog(scene, "Open a game", scene.services.paths.saves)
    scene.watch(dialog, lambda event: opened(scene, Path(event.text)))


def opened(scene: Scene, path: Path) -> Transition | None:
    """The game at ``path`` in place of ``scene`` (or a dialog saying why it cannot be)."""
    match = open_match(scene, path)
    if match is None:
        return None
    if match.is_over:
        return Replace(scene.services.scenes.replay(scene.services, match, source=path))
    return Replace(scene.services.scenes.play(scene.services, match))
