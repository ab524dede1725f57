"""An independent count of whole hands (RULES.md §4.3, §5, §6, §8): random hands played through
the engine, then scored again from their public record by code written from the rule text alone
(who wins each trick, where the discard and the Matto go, which card pays for the Matto, the four
parts of each side's total and the rounding)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import declare
from game.cards import CODES, cards_of, shuffled_pack
from game.hand import Hand
from game.kernel import exchange_card
from game.phase import Phase
from tests.support.deals import m
from tests.support.reference_points import reference_points

_RANK_ORDER = {  # §1, highest first
    "long": ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "A"],
    "round": ["K", "Q", "N", "J", "A", "6", "7", "8", "9", "10"],
}
_TRUMP_ORDER = ["ANG", "MON", "SOL", "LUN", *(f"T{n}" for n in range(16, 4, -1)), "MO", "BEG"]
_VALUES = {"K": 5, "Q": 4, "N": 3, "J": 2, "ANG": 5, "MON": 5, "BEG": 5, "MAT": 5}


def _suit(code: str) -> str:
    if code == "MAT":
        return "fool"
    return "trump" if code in ("ANG", "MON", "SOL", "LUN", "BEG") or code[0] in "TM" else code[-1]


def _rank(code: str) -> str:
    return code[:-1]


def _value(code: str) -> int:
    return _VALUES.get(code if _suit(code) in ("trump", "fool") else _rank(code), 0)


def _trump_name(code: str) -> str:
    """A trump's place in §1's order: the four Mori (MO1-MO4, not MON) share one."""
    return "MO" if code in ("MO1", "MO2", "MO3", "MO4") else code


def _trump_height(code: str) -> int:
    """Higher is stronger; the four Mori are equal (§1)."""
    return -_TRUMP_ORDER.index(_trump_name(code))


def _suit_height(code: str) -> int:
    order = _RANK_ORDER["long" if _suit(code) in "SB" else "round"]
    return -order.index(_rank(code))


def _winner(cards: list[str]) -> int:
    """§6: the highest trump (the last of equal Mori), else the highest of the suit led; the
    Matto never wins, and when it is led the next card fixes the suit."""
    trumps = [i for i, c in enumerate(cards) if _suit(c) == "trump"]
    if trumps:
        return max(trumps, key=lambda i: (_trump_height(cards[i]), i))
    led = next(_suit(c) for c in cards if c != "MAT")
    return max(
        (i for i, c in enumerate(cards) if _suit(c) == led), key=lambda i: _suit_height(cards[i])
    )


def _place_from_bottom(code: str) -> int:
    """§6 house rule: the place of a card from the bottom of its own suit's order."""
    if _suit(code) == "trump":  # BEG 0, the Mori 1, T5 2 ...
        return len(_TRUMP_ORDER) - 1 - _TRUMP_ORDER.index(_trump_name(code))
    return _suit_height(code) + 9  # long suits: A 0, 6 1 ...; round suits: 10 0, 9 1 ...


def _tie_order(code: str) -> tuple:
    """A suit card before a trump, the nearest the bottom, then S B C D (Mori: MO1 first)."""
    suit = _suit(code)
    return (suit == "trump", _place_from_bottom(code), "SBCD".find(suit), code)


def _matto_payment(pile: set[str]) -> str:
    """§6 house rule: the card the Matto's side gives from its pile."""
    whole = reference_points(pile)

    def key(c: str) -> tuple:
        pip = _suit(c) in "SBCD" and _rank(c) in ("6", "7", "8", "9", "10")
        return (whole - reference_points(pile - {c}), not pip, *_tie_order(c))

    scartini = [c for c in pile if _value(c) == 0]
    if scartini:
        return min(scartini, key=key)
    others = [c for c in pile if c != "MAT"]
    if others:  # "ties broken the same way": among equal values, as among the scartini
        return min(others, key=lambda c: (_value(c), *key(c)))
    return "MAT"


def _card_points(pile: set[str]) -> int:
    """§8.1: values of the carte di valore plus (scartini - carte di valore) / 2."""
    valued = [c for c in pile if _value(c)]
    return sum(_value(c) for c in valued) + (len(pile) - 2 * len(valued)) // 2


def _round_to_5(raw: int) -> int:
    rest = raw % 5
    return raw - rest if rest <= 2 else raw + 5 - rest


def _rescore(hand: Hand, held: list[int]) -> list[tuple[int, int, int, int, int]]:
    """Each side's (combinations, card points, last trick, declarations, total) from the hand's
    public record, its discard and who declared everything (``held``: the hands after the
    discard)."""
    piles: list[set[str]] = [set(), set()]
    matto_debtor = None
    leader = (hand.dealer + 1) % 4
    last = -1
    for trick in hand.tricks:
        cards = [CODES[c] for c in trick.cards]
        seat = (leader + _winner(cards)) % 4
        for i, c in enumerate(cards):
            if c == "MAT":
                owner = (leader + i) % 2
                piles[owner].add(c)
                if owner != seat % 2:
                    matto_debtor = owner
            else:
                piles[seat % 2].add(c)
        leader = last = seat
    dealer_side = hand.dealer % 2
    tricks = [sum((t.winner % 2) == s for t in hand.tricks) for s in (0, 1)]
    discard_side = dealer_side if tricks[dealer_side] else 1 - dealer_side  # §4.3
    piles[discard_side] |= {CODES[c] for c in cards_of(hand.discard)}
    if matto_debtor is not None:
        given = _matto_payment(piles[matto_debtor])
        piles[matto_debtor].discard(given)
        piles[1 - matto_debtor].add(given)
    out = []
    for side in (0, 1):
        declared = sum(
            reference_points({CODES[c] for c in cards_of(held[d.seat])})
            for d in hand.declarations
            if d is not None and d.families and d.seat % 2 == side
        )
        parts = (
            reference_points(piles[side]),
            _card_points(piles[side]),
            6 if last % 2 == side else 0,
            declared,
        )
        out.append((*parts, _round_to_5(sum(parts))))
    return out


def _random_hand(seed: int) -> tuple[Hand, list[int]]:
    """A hand with random legal play, each player declaring everything or nothing; and the four
    hands once the discard is made."""
    rng = random.Random(seed)
    hand = Hand.deal(shuffled_pack(rng), rng.randrange(4))
    hand.apply(rng.choice(hand.legal_actions()))
    after = list(hand.hands)
    while hand.phase != Phase.OVER:
        legal = hand.legal_actions()
        if hand.phase == Phase.DECLARE:
            hand.apply(legal[0] if rng.random() < 0.7 else declare(()))  # legal[0]: everything
        else:
            hand.apply(rng.choice(legal))
    return hand, after


@pytest.mark.parametrize("seed", range(40))
def test_random_hand_rescored_from_the_rules(seed: int) -> None:
    hand, after = _random_hand(seed)
    expected = _rescore(hand, after)
    got = [
        (s.captured_combinations, s.card_points, s.last_trick, s.declarations, s.total)
        for s in hand.result.sides
    ]
    assert got == expected


_NOT_PIPS = [c for c in CODES if c != "MAT" and _rank(c) not in ("6", "7", "8", "9", "10")]


@settings(max_examples=400, deadline=None)
@given(st.sets(st.sampled_from(_NOT_PIPS)))
def test_the_card_paid_for_the_matto_without_pips(codes: set[str]) -> None:
    """§6 house rule, the branches random hands seldom reach (no pip in the pile): the scartino
    whose loss costs the pile's combinations least, then the tie order; with no scartino the
    lowest value, among equals chosen the same way; with nothing else the Matto itself."""
    pile = codes | {"MAT"}
    assert CODES[exchange_card(m(" ".join(pile)))] == _matto_payment(pile)


def test_without_a_scartino_equal_values_are_chosen_as_the_scartini_are() -> None:
    """§6: "its lowest-value card (ties broken the same way)": the two Jacks are worth the same;
    JS would break the Spade sequence (K J and the Matto in terza, 10), JB only shortens the
    Bastoni one (K Q N J and the Matto, 20 to 15), so JB is given."""
    assert CODES[exchange_card(m("MAT KS KB QB NB JB JS"))] == "JB"
