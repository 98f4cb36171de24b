"""Print one version's section of CHANGELOG.md: the notes of its release.

``python build/release_notes.py v1.2.0 [CHANGELOG.md]`` (the release workflow passes the tag).
Exits 1 with a message when the changelog has no section for that version, so a release is
never published with empty notes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.client.files.changelog import notes  # noqa: E402  (the game's own reader)


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print("usage: release_notes.py VERSION [CHANGELOG.md]", file=sys.stderr)
        return 2
    path = Path(argv[1]) if len(argv) == 2 else ROOT / "CHANGELOG.md"
    try:
        text = path.read_text("utf-8")
    except OSError as err:
        print(f"release_notes: cannot read {path}: {err.strerror or err}", file=sys.stderr)
        return 1
    section = notes(text, argv[0])
    if section is None or not section.strip():
        print(f"release_notes: {path.name} has no section for {argv[0]}", file=sys.stderr)
        return 1
    sys.stdout.write(section)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
