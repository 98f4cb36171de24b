"""Where the app keeps its files: settings in the config folder, games in the data folder,
crash reports in the log folder.

All three come from platformdirs. ``CONQUID_ARCADE_HOME`` moves them under one folder, which
tests, benchmarks and portable installs use; nothing is ever written next to the program (a
frozen build's own folder is read-only data).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "conquid-arcade"


@dataclass(frozen=True)
class Paths:
    config: Path
    data: Path
    logs: Path

    @classmethod
    def default(cls) -> Paths:
        home = os.environ.get("CONQUID_ARCADE_HOME")
        if home:
            return cls.under(Path(home))
        return cls(
            config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            data=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
            logs=Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
        )

    @classmethod
    def under(cls, root: Path) -> Paths:
        return cls(config=root / "config", data=root / "data", logs=root / "logs")

    @property
    def settings(self) -> Path:
        return self.config / "settings.json"

    @property
    def saves(self) -> Path:
        return self.data / "saves"

    @property
    def autosaves(self) -> Path:
        """Unfinished games, one file each (``game.client.files.autosaves``)."""
        return self.data / "autosave"

    @property
    def history(self) -> Path:
        """Finished games, one file each, to replay."""
        return self.data / "history"

    @property
    def scores(self) -> Path:
        """The high-score tables (``game.client.files.scores``)."""
        return self.data / "scores.json"

    @property
    def mistakes(self) -> Path:
        """The mistakes the player put right, per game (``game.client.files.mistakes``)."""
        return self.data / "mistakes.json"

    @property
    def online(self) -> Path:
        """Seat tokens of online games, one file per table (``game.client.files.tickets``): secrets,
        kept apart from the records so that no export, save or record ever carries one."""
        return self.data / "online"
