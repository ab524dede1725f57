"""What a server of this game open beyond this machine lays open, in words: a table without a
password can be taken by anyone who reaches it, and without TLS everything crosses the network
as it is (said by `host` and `web`, and by the game when it hosts for the network)."""

from __future__ import annotations

from text.language import _


def risks(*, tls: bool, password: bool | None, how: str) -> list[str]:
    """What serving beyond this machine lays open, a line each. ``password``: whether a table
    has one (None for the browser game, whose key stands for it); ``how``: how TLS is asked
    for, in the words of whoever says it."""
    said = []
    if password is False:
        said.append(
            _(
                "without a password, anyone who can reach this machine over the network can "
                "take the open seats"
            )
        )
    if not tls and password is None:
        said.append(
            _(
                "without TLS ({how}), everything, the key included, crosses the network in "
                "clear: whoever can see the traffic (the same Wi-Fi, say) reads it"
            ).format(how=how)
        )
    elif not tls:
        said.append(
            _(
                "without TLS ({how}), everything, passwords included, crosses the network in "
                "clear: whoever can see the traffic (the same Wi-Fi, say) reads it"
            ).format(how=how)
        )
    return said
