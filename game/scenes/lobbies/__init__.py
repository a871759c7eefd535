"""Network play. Where things live:

    network.py          the Network screen (online play first, then this network's host / join /
                        resume) and the LAN screens: host setup and waiting, join
    online.py           online play through a mailbox server: lobby, setup, the code, join
    online_settings.py  Settings → Online play server
    offer.py            the two sides of an offer, for both: the host's choices, the guest's screen
    lobby.py            what every screen here shares: the column screen, the hand-over to the board
    texts.py            seat labels, option lines, clock line, drop reasons (their texts are in
                        game/strings/lobbies.py)

The screens open one another by name (app.open("online")), so no module here imports another
screen's module; the board with a remote seat is game.scenes.board.net_table.
"""
