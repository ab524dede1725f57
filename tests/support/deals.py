"""Shared test helpers: the rule vectors, hand-built deals and the check of a sampled deal."""

from __future__ import annotations

import json
from collections.abc import Callable

from ai.inference import Knowledge
from game.actions import declare, discard, play
from game.cards import FIVES, FULL_PACK, Mask, card, cards_of, mask_of, parse_cards
from game.hand import Hand
from game.match import Match
from game.phase import Phase
from game.scoring import declarable_families
from game.view import PlayerView
from table.session import Session, parse_seats
from tests.support.paths import ROOT, VECTORS

NAMES = ["You", "Bruno", "Carla", "Dario"]  # the seats of the hand-built hands


def load_vectors(name: str) -> object:
    """A vector file of ../shared/vectors (the spec), or the copy in tests/support/vectors."""
    shared = ROOT.parent / "shared" / "vectors" / name
    path = shared if shared.exists() else VECTORS / name
    return json.loads(path.read_text(encoding="utf-8"))


def m(text: str) -> Mask:
    """A mask from card codes."""
    return mask_of(parse_cards(text))


def deal_with(dealer: int, fixed: dict[int, str]) -> Hand:
    """A hand whose seats hold the given cards, the rest of the pack filled in order."""
    hands = [m(fixed.get(s, "")) for s in range(4)]
    free = cards_of(FULL_PACK & ~(hands[0] | hands[1] | hands[2] | hands[3]))
    for s in range(4):
        need = (17 if s == dealer else 15) - hands[s].bit_count()
        hands[s] |= mask_of(free[:need])
        free = free[need:]
    return Hand(dealer, hands)


def run_twice(main, argv: list[str], capsys) -> tuple[str, str]:
    """Run a command twice in this process: its standard output (the same both times, or the
    test fails) and the second run's standard error."""
    outputs, err = [], ""
    for _ in range(2):
        assert main(argv) == 0
        captured = capsys.readouterr()
        outputs.append(captured.out)
        err = captured.err
    assert outputs[0] == outputs[1] and outputs[0]
    return outputs[0], err


def is_consistent(view: PlayerView, hands: list[Mask], discard: Mask) -> str | None:
    """None when a deal fits every hard fact of ``view``, else what is wrong: the check of what
    the bots' sampler deals."""
    k = Knowledge(view, trust_declarations=False)
    if hands[view.seat] != view.hand:
        return "own hand changed"
    union = discard if view.seat != view.dealer else 0
    for seat in range(4):
        if seat == view.seat:
            continue
        h = hands[seat]
        if h.bit_count() != view.hand_sizes[seat]:
            return f"seat {seat} holds {h.bit_count()} cards, not {view.hand_sizes[seat]}"
        if h & k.voids[seat]:
            return f"seat {seat} holds cards of a suit it showed void"
        decl = view.declarations[seat] if view.declarations else None
        if decl is not None and (decl.cards & k.unseen) & ~h:
            return f"seat {seat} lacks a declared card"
        if union & h:
            return "a card is dealt twice"
        union |= h
    if view.seat != view.dealer and view.phase != "discard":
        if discard.bit_count() != 2 or discard & FIVES:
            return "the discard is not two cards without carte da 5"
    elif view.discard is not None and discard != view.discard:
        return "the dealer's own discard changed"
    if union != k.unseen:
        return "the hidden cards are not exactly the unseen cards"
    if not k._hard_ok((hands, discard)):
        return "a declared Grande does not fit"
    return None


def seed_where(condition: Callable[[Match], bool]) -> int:
    """The first seed whose match satisfies ``condition`` (deterministic)."""
    return next(s for s in range(1, 10_000) if condition(Match(s)))


def seed_dealer(dealer: int) -> int:
    return seed_where(lambda m: m.first_dealer == dealer)


def seed_declaring() -> int:
    """The human (seat 0) is eldest and may declare at least two families."""
    return seed_where(
        lambda m: m.first_dealer == 3 and len(declarable_families(m.hand.hands[0])) >= 2
    )


def three_kings(kinds: list[str] | None = None) -> Session:
    """Dario deals (his discard 9♦ 10♦); You take three tricks with your three Kings, Carla
    excusing her Matto in the third: You & Carla hold the Kings cricca, Bruno & Dario nothing.
    Then it is your lead."""
    hand = deal_with(3, {0: "KS KB KC", 1: "6S 6B 6C", 2: "7S 7B MAT", 3: "8S 8B 7C 9D 10D"})
    match = Match(1)
    match.hand = hand
    session = Session(parse_seats(kinds or ["human", "easy", "easy", "easy"], NAMES), match)
    session.apply(discard(card("9D"), card("10D")))
    for trick in ("KS 6S 7S 8S", "KB 6B 7B 8B", "KC 6C MAT 7C"):
        for code in trick.split():
            if not hand.tricks:
                session.apply(declare(()))
            session.apply(play(card(code)))
    assert hand.turn == 0
    return session


def played_hand(fixed: dict[int, str], tricks: list[str]) -> Hand:
    """Dealer Dario (seat 3) lays away 9♦ 10♦; then the tricks, each a string of four cards in
    play order, nobody declaring."""
    hand = deal_with(3, {**fixed, 3: fixed.get(3, "") + " 9D 10D"})
    hand.apply(discard(card("9D"), card("10D")))
    for trick in tricks:
        for code in trick.split():
            if not hand.tricks:
                hand.apply(declare(()))
            hand.apply(play(card(code)))
    return hand


def two_tricks() -> Hand:
    """Dario deals and lays away SOL LUN; You lead T16, Bruno (no trumps) throws 8♠ after
    declaring his Cavalli, Carla's ANG takes it; Carla leads J♦ and Dario, with no Denari,
    trumps it."""
    hand = deal_with(
        3,
        {
            0: "KS QS NS 7S 6S KB QB 6B KC 6C KD 6D T16 T15 T14",
            1: "JS 10S 9S 8S AS NB NC ND 10B 9B QC JC AC 7C 8C",
        },
    )
    hand.apply(hand.legal_actions()[0])  # Dario's discard: SOL LUN
    for seat, families, code in (
        (0, (), "T16"),
        (1, ("Cavalli",), "8S"),
        (2, (), "ANG"),
        (3, (), "T13"),
    ):
        assert hand.turn == seat
        hand.apply(declare(families))
        hand.apply(play(card(code)))
    for code in ("JD", "T12", "6D", "ND"):
        hand.apply(play(card(code)))
    return hand


def declaring_view(cards: str) -> PlayerView:
    """Seat 0's view as it is to declare at the first trick, holding ``cards`` (dealer 3, who
    discarded first)."""
    hand = deal_with(3, {0: cards})
    while hand.turn != 0 or hand.phase == Phase.DISCARD:
        hand.apply(hand.legal_actions()[0])
    return hand.view(0)
