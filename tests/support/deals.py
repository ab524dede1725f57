"""Shared test helpers: the rule vectors, hand-built deals and the check of a sampled deal."""

from __future__ import annotations

import json

from ai.inference import Knowledge
from game.cards import FIVES, FULL_PACK, Mask, cards_of, mask_of, parse_cards
from game.hand import Hand
from game.view import PlayerView
from tests.support.paths import ROOT, VECTORS


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
