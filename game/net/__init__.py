"""Play over the network: two computers, any of the three games (docs/PROTOCOL.md).

protocol  the line protocol: parsing, formatting, validation (never eval, never pickle)
link      non-blocking TCP: a listener and a line connection driven by pump()
game      NetGame: the game record both sides check against the rules
session   HostSession / GuestSession: handshake, offer, moves, questions, pause and resume
netclock  the clocks: the host measures and declares flag falls, the guest follows its figures
talk      the rematch question after a game and the quick phrases (rate-limited), received
runner    SessionRunner: pumps a session in a background thread for the UI
saves     autosave of network games on both sides (background writes, checked reads)
wormhole_link  the same lines through a Magic Wormhole (Twisted in one background thread)
online    the host's and guest's sessions of online play, their doors and resume codes
mailbox   a local Magic Wormhole mailbox server as a child process (tests, bench)

The screens and the board with a remote seat are game/scenes/lobbies/ and game/scenes/board/net_table.py
(net_chat.py: the phrase bubbles and menu, the rematch texts).
"""
