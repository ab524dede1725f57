"""Bots that misbehave on purpose, each in its own way, for the containment tests; loaded by
path (``tests/bots/misbehaving.py:Sleeper``). Otherwise they play like the easy bot, so a match
whose failed decisions are replaced by the easy bot's is the all-easy match."""

from __future__ import annotations

import os
import sys
import time

from ai.easy import EasyBot
from game.actions import PLAYS


class _Misbehaving(EasyBot):
    """Plays like the easy bot, and fails at every decision, or (``trick`` >= 0) only at its
    card in that trick of each hand."""

    def __init__(self, trick: int = -1) -> None:
        self.trick = trick

    def choose(self, view, legal, rng):
        if self.trick < 0 or (view.phase == "play" and len(view.tricks) == self.trick):
            return self.fail(view, legal)
        return super().choose(view, legal, rng)

    def fail(self, view, legal):
        raise NotImplementedError


class Sleeper(_Misbehaving):
    """Sleeps far past any time limit."""

    def fail(self, view, legal):
        time.sleep(600)


class Raiser(_Misbehaving):
    """Raises an exception."""

    def fail(self, view, legal):
        raise RuntimeError("the bot broke")


class Quitter(_Misbehaving):
    """Ends its own process."""

    def fail(self, view, legal):
        sys.stderr.write("leaving the table\n")
        sys.stderr.flush()
        os._exit(7)


class Babbler(_Misbehaving):
    """Writes garbage on the stream the game reads its answers from (not its own stdout, which
    goes to stderr), then answers properly: too late, the garbage came first."""

    def fail(self, view, legal):
        channel = sys.modules["__main__"].PROTOCOL
        channel.write("\x00garbage {{{ not json\n")
        channel.flush()
        return legal[0]


class Cheater(_Misbehaving):
    """Answers a card it does not hold (or any illegal action)."""

    def fail(self, view, legal):
        for action in PLAYS:
            if action not in legal:
                return action
        raise AssertionError("every card is legal")


class NotAnAction(_Misbehaving):
    """Answers something that is not an Action at all."""

    def fail(self, view, legal):
        return str(legal[0])
