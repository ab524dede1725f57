"""Partners' signals (RULES.md §10a), against ../shared/vectors/signals.json: may this card carry
this signal now, and if not, why."""

from __future__ import annotations

import pytest

from game.cards import card, parse_cards
from game.signals import (
    BUSSO,
    FALSE_SIGNAL,
    NOT_SUIT_CARD,
    SIGNALS,
    STRISCIO,
    TOO_EARLY,
    UNKNOWN_SIGNAL,
    VOLO,
    signal_refusal,
)
from tests.support.deals import load_vectors, m

VECTORS = load_vectors("signals.json")
# The reason a refused case gives, from the words of its "why".
REASONS = {
    "false": FALSE_SIGNAL,
    "too early": TOO_EARLY,
    "unaccounted": TOO_EARLY,
    "signals go only": NOT_SUIT_CARD,
}


def _reason(case: dict) -> str | None:
    if case["allowed"]:
        return None
    return next(code for start, code in REASONS.items() if start in case["why"])


@pytest.mark.parametrize(
    "case",
    VECTORS["cases"],
    ids=lambda c: f"{c['card']} {c['signal']}|{c['hand']}|{c['played']}|{c.get('discard', '')}",
)
def test_signal_vectors(case: dict) -> None:
    refusal = signal_refusal(
        case["signal"],
        card(case["card"]),
        m(case["hand"]),
        parse_cards(case["played"]),
        m(case.get("discard", "")),
    )
    assert (refusal is None) == case["allowed"], case["why"]
    assert refusal == _reason(case), case["why"]


def test_every_vector_is_read() -> None:
    assert len(VECTORS["cases"]) == 13
    assert {c["signal"] for c in VECTORS["cases"]} == set(SIGNALS)


def test_played_may_be_a_mask() -> None:
    assert signal_refusal(VOLO, card("9C"), m("9C QS"), m("KC 6C")) is None


def test_an_unknown_signal_is_refused() -> None:
    assert signal_refusal("wink", card("7C"), m("7C 9C"), m("KC")) == UNKNOWN_SIGNAL


def test_busso_states_nothing() -> None:
    for hand in ("7C", "7C 9C"):
        assert signal_refusal(BUSSO, card("7C"), m(hand), m("KC")) is None
    assert signal_refusal(STRISCIO, card("7C"), m("7C"), m("KC")) == FALSE_SIGNAL
