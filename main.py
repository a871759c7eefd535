"""Qipan 棋盘: python main.py [--windowed] [--game palace|draughts|banqi] [--lang zh|en] [--selftest]"""

import os
import sys

if __name__ == "__main__":
    import multiprocessing

    # in a built app (tools/build_app.py) the worker process and multiprocessing's helper start
    # this launcher again: run them here and exit, before pygame and the window
    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app import main

    sys.exit(main())
