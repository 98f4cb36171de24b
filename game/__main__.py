"""``python -m game`` starts Conquid Arcade."""

from game.cli import main

raise SystemExit(main())
