"""python -m game: the same as python main.py."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.app import main  # noqa: E402  (after the environment is set)

sys.exit(main())
