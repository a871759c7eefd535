"""Qipan 棋盘: python main.py [--windowed] [--game palace|draughts|banqi] [--lang zh|en]"""

import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app import main

    sys.exit(main())
