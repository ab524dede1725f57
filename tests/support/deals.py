"""Shared test helpers: the rule vectors and hand-built deals."""

from __future__ import annotations

import json

from game.cards import FULL_PACK, Mask, cards_of, mask_of, parse_cards
from game.hand import Hand
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
