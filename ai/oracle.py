"""The oracle: the hard bot's search handed every seat's true cards. For measurement only.

It is the ceiling of the ladder: the same search as :mod:`ai.hard`, with every deal of the
hidden cards replaced by the real one, so its margin over another level is what knowing the
cards is worth to this search. It cheats by construction: it plays only where a referee shows it
the whole deal before each decision (:meth:`OracleBot.see_deal`, called by the duplicate arena
for the seats it plays). It is not among the levels a player can choose (:data:`ai.registry.BOTS`),
nor behind the hint.

With ``knows=partner`` (or ``knows=opponents``) it uses only the partner's true hand (or the two
opponents') and deals the other cards as hard does: the split says whose cards are worth knowing.
``knows=partner_trumps``, ``partner_fives`` and ``partner_voids`` show it only part of the
partner's hand (which trumps, which carte da 5, which suits he lacks): what a signal between
partners could tell at most.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.hard import HardBot
from ai.inference import Knowledge
from ai.search import Deals
from game.actions import Action
from game.cards import FIVES, FULL_PACK, SUIT_MASK, TRUMPS, Mask
from game.seats import opponents_of
from game.view import PlayerView

KNOWS = ("all", "partner", "opponents", "partner_trumps", "partner_fives", "partner_voids")


class TrueDeal:
    """The real hands and discard, where the search expects deals of the hidden cards."""

    def __init__(self, hands: Sequence[Mask], discard: Mask) -> None:
        self.hands = list(hands)
        self.discard = discard

    def sample(self, rng: random.Random) -> tuple[list[Mask], Mask]:
        return self.hands[:], self.discard

    def likelihood(self, hands: list[Mask], discard: Mask, mismatch: float) -> float:
        return 1.0


class OracleBot(HardBot):
    """The hard bot's search on the true deal (see the module docstring); options as hard's."""

    name = "oracle"
    sees_every_card = True  # the arena shows it the deal before each of its decisions
    _deal: TrueDeal | None = None

    def __init__(
        self,
        *,
        budget_s: float | None = None,
        iterations: int | None = None,
        eps: float = 0.1,
        solver_tricks: int | None = None,
        discard_candidates: int = 8,
        prune_sigmas: float = 3.0,
        knows: str = "all",
    ) -> None:
        """Hard's options; with the true cards the last tricks are solved exactly (3 unless
        ``solver_tricks`` says otherwise). ``knows`` is whose cards it is shown: ``all``, or only
        its ``partner``'s, or only the ``opponents``' (then it deals the others as hard does,
        and the exact solver, which needs every card, is off)."""
        if knows not in KNOWS:
            raise ValueError(f"knows must be one of {', '.join(KNOWS)}, not {knows!r}")
        if solver_tricks is None:
            solver_tricks = 3 if knows == "all" else 0
        elif solver_tricks and knows != "all":
            raise ValueError("solver_tricks needs every card: only with knows=all")
        super().__init__(
            budget_s=budget_s,
            iterations=iterations,
            eps=eps,
            solver_tricks=solver_tricks,
            discard_candidates=discard_candidates,
            prune_sigmas=prune_sigmas,
        )
        self.knows = knows

    def see_deal(self, hands: Sequence[Mask], discard: Mask) -> None:
        """The four hands as they are now and the discard (0 before it is made)."""
        self._deal = TrueDeal(hands, discard)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if self._deal is None:
            raise RuntimeError("the oracle plays only where it is shown every card (the arena)")
        try:
            return super().choose(view, legal, rng)
        finally:
            self._deal = None  # shown again before the next decision

    def knowledge(self, view: PlayerView, trust_declarations: bool) -> Deals:
        assert self._deal is not None
        if self.knows == "all":
            return self._deal
        knowledge = super().knowledge(view, trust_declarations)
        assert isinstance(knowledge, Knowledge)  # hard's deals, some hands then shown
        hands = self._deal.hands
        partner = view.partner
        if self.knows == "opponents":
            for seat in opponents_of(view.seat):
                knowledge.reveal(seat, hands[seat])
        else:
            knowledge.reveal(partner, hands[partner], shown_part(self.knows, hands[partner]))
        return knowledge


def shown_part(knows: str, hand: Mask) -> Mask:
    """The cards whose place in ``hand`` the oracle is shown (``knows``: partner or a part of
    his hand): all, the trumps, the carte da 5, or the suits he holds none of."""
    if knows == "partner_trumps":
        return TRUMPS
    if knows == "partner_fives":
        return FIVES
    if knows == "partner_voids":
        return sum(m for m in SUIT_MASK if not hand & m)
    return FULL_PACK
