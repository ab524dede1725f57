"""The one protocol every player implements: bots, and the human seat of the front end."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Protocol, TypeGuard

from ai.explain import Explanation, explain
from ai.signalling import with_signal
from game.actions import DECLARE, DISCARD, Action
from game.cards import Mask
from game.view import PlayerView

# The most a bot's options may ask for: a decision of ten minutes, or of 100,000 deals (the
# search bots take well under a second for a few hundred).
MAX_BUDGET_S = 600.0
MAX_SAMPLES = 100_000


class Player(Protocol):
    """Chooses one of ``legal`` from what its seat may know, with its own generator."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action: ...


class SeesEveryCard(Player, Protocol):
    """A measurement bot that a referee shows the whole deal before each of its decisions (the
    oracle): it cheats by construction, so it plays only where that is done."""

    def see_deal(self, hands: Sequence[Mask], discard: Mask) -> None: ...


def sees_the_deal(player: Player) -> TypeGuard[SeesEveryCard]:
    """Whether ``player`` is to be shown the whole deal before each decision."""
    return bool(getattr(player, "sees_every_card", False))


class Bot:
    """Base of the bots: one method per kind of decision (discard, declarations, card)."""

    name = "bot"
    gives_signals = True  # partners' signals with its cards, when the match allows them

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        kind = legal[0].kind
        if kind == DISCARD:
            return self.choose_discard(view, legal, rng)
        if kind == DECLARE:
            return self.choose_declaration(view, legal, rng)
        action = self.choose_card(view, legal, rng)
        return with_signal(view, action) if self.gives_signals and view.signals else action

    def choose_discard(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return rng.choice(legal)

    def choose_declaration(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Declare everything (the house rule for bots); ``legal`` lists the full set first."""
        return max(legal, key=lambda a: len(a.families))

    def choose_card(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(legal)

    def hint(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> tuple[Action, Explanation]:
        """The action this bot would take, and why (the facts the hint says)."""
        action = self.choose(view, legal, rng)
        return action, explain(view, action)


def check_option(
    name: str, value: float | None, low: float, high: float = math.inf, *, whole: bool = False
) -> None:
    """Refuse an option value out of ``[low, high]``, not finite, or (``whole``) not a whole
    number, with a message naming it; None (the option left unset) passes."""
    if value is None:
        return
    kind = "a whole number" if whole else "a number"
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        raise ValueError(f"{name} must be {kind}, not {value!r}")
    if not math.isfinite(value) or not low <= value <= high:
        span = f"at least {low:g}" if high == math.inf else f"from {low:g} to {high:g}"
        raise ValueError(f"{name} must be {span}, not {value!r}")
