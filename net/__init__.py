"""Playing together over the network: the table server (``tarocchino host``), its clients (a
person's table, a bot seat) and the messages between them (``docs/protocol.md``).

Nothing here imports Textual except the client's screens: the server runs headless.
"""
