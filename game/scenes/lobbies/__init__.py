"""Network play: the host and join screens (network.py) and their texts (texts.py); the board with
a remote seat is game.scenes.board.net_table."""
