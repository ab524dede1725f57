"""One hand through every phase (RULES.md §4–§8), with hand-built positions."""

from __future__ import annotations

import pytest

from game.actions import DECLARE, Action, declare, discard, play
from game.cards import FULL_PACK, MAT, card_points, parse_card, parse_cards
from game.errors import IllegalActionError
from game.hand import Hand, round5
from game.kernel import exchange_card
from game.phase import Phase
from game.scoring import combination_points
from tests.support.deals import deal_with, load_vectors, m

C = parse_card


def test_deal_is_five_at_a_time_from_eldest() -> None:
    deck = list(range(62))
    hand = Hand.deal(deck, dealer=2)
    assert hand.hands[3] & m("KS QS NS JS AS") == m("KS QS NS JS AS")  # eldest: cards 0-4
    assert hand.hands[0] & m("6S 7S 8S 9S 10S") == m("6S 7S 8S 9S 10S")
    assert hand.hands[2] & m("BEG MAT") == m("BEG MAT")  # the dealer takes the last two
    assert [h.bit_count() for h in hand.hands] == [15, 15, 17, 15]


@pytest.mark.parametrize("code", load_vectors("tricks.json")["discard"]["forbidden"].split())
def test_dealer_may_not_discard_a_carta_da_5(code: str) -> None:
    hand = deal_with(0, {0: f"{code} 6S 7S"})
    before = hand.hands[:]
    with pytest.raises(IllegalActionError, match="may not be discarded"):
        hand.apply(discard(C(code), C("6S")))
    assert hand.hands == before and hand.phase == Phase.DISCARD


def test_discard_of_trumps_and_courts_is_allowed() -> None:
    allowed = load_vectors("tricks.json")["discard"]["allowed_examples"].split()
    hand = deal_with(0, {0: " ".join(allowed)})
    legal = {a for a in hand.legal_actions()}
    for a, b in zip(allowed, allowed[1:], strict=False):
        assert discard(C(a), C(b)) in legal


def test_phases_declare_before_the_first_card_only() -> None:
    hand = deal_with(3, {0: "KS KB KC"})
    hand.apply(discard(*hand.legal_actions()[0].cards))
    assert (hand.phase, hand.turn) == (Phase.DECLARE, 0)
    with pytest.raises(IllegalActionError, match="declare"):
        hand.apply(play(C("KS")))
    hand.apply(declare(["Re"]))
    assert hand.declarations[0].points == 17 and hand.declarations[0].cards == m("KS KB KC")
    assert hand.phase == Phase.PLAY and hand.turn == 0
    hand.apply(hand.legal_actions()[0])
    assert (hand.phase, hand.turn) == (Phase.DECLARE, 1)
    for _ in range(3):
        hand.apply(declare([]))
        hand.apply(hand.legal_actions()[0])
    assert len(hand.tricks) == 1 and hand.phase == Phase.PLAY
    assert all(a.kind == "play" for a in hand.legal_actions())


def test_a_family_the_hand_does_not_hold_cannot_be_declared() -> None:
    hand = deal_with(3, {0: "KS KB QC"})
    hand.apply(hand.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="does not realise Re"):
        hand.apply(declare(["Re"]))
    assert hand.declarations[0] is None


def test_a_declaration_names_each_family_once() -> None:
    """Only a declaration built by hand can repeat a family (the text form and ``declare``
    merge repeats); it is refused, not recorded as "declare Re Re"."""
    hand = deal_with(3, {0: "KS KB KC QS QB QC"})
    hand.apply(hand.legal_actions()[0])
    for bad in (Action(DECLARE, (), ("Re", "Re")), Action(DECLARE, (), ("Regine", "Re"))):
        with pytest.raises(IllegalActionError, match="each family once"):
            hand.apply(bad)
    assert hand.declarations[0] is None
    hand.apply(declare(["Re", "Re"]))
    assert hand.declarations[0].families == ("Re",)


def _play_out_first_legal(hand: Hand) -> None:
    while hand.phase != Phase.OVER:
        hand.apply(hand.legal_actions()[0])


def test_dealer_side_without_a_trick_loses_the_discard() -> None:
    trumps = "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6"
    hand = deal_with(
        0,
        {
            1: trumps,
            3: "T5 MO1 MO2 MO3 MO4 BEG MAT 6S 7S 8S 9S 10S 6B 7B 8B",
            0: "KS QS NS JS AS KB QB NB JB AB 9B 10B KC QC NC JC AC",
        },
    )
    hand.apply(discard(C("9B"), C("10B")))
    _play_out_first_legal(hand)
    result = hand.result
    assert all(t.winner in (1, 3) for t in hand.tricks)
    assert result.discard_side == 1
    assert result.sides[0].pile == 0 and result.sides[1].pile == FULL_PACK
    assert result.sides[1].card_points == 87 and result.sides[1].last_trick == 6


def test_matto_led_next_card_fixes_the_suit() -> None:
    hand = deal_with(3, {0: "MAT KS", 1: "8D 9D", 2: "KD T16 6C"})
    hand.apply(hand.legal_actions()[0])
    for _ in range(4):  # nobody declares: check the legal cards after the Matto is led
        if hand.phase == Phase.DECLARE:
            hand.apply(declare([]))
        if hand.turn == 0:
            hand.apply(play(MAT))
        elif hand.turn == 1:
            assert len(hand.legal_actions()) == 15  # free after the Matto
            hand.apply(play(C("8D")))
        elif hand.turn == 2:
            assert {a.card for a in hand.legal_actions()} <= set(
                parse_cards("KD AD 6D 7D 8D 9D 10D QD ND JD")
            )
            hand.apply(play(C("KD")))
        else:
            hand.apply(hand.legal_actions()[0])
    assert hand.tricks[0].cards[:3] == tuple(parse_cards("MAT 8D KD"))


def test_matto_goes_to_its_owner_and_is_exchanged() -> None:
    hand = deal_with(3, {0: "MAT 6S", 1: "KS 7S"})
    hand.apply(hand.legal_actions()[0])
    hand.apply(declare([]))
    hand.apply(play(MAT))  # seat 0 plays the Matto
    hand.apply(declare([]))
    hand.apply(play(C("KS")))  # seat 1 leads the suit: an opponent may win
    _play_out_first_legal(hand)
    winner_side = hand.tricks[0].winner & 1
    result = hand.result
    piles = [s.pile for s in result.sides]
    assert piles[0] & piles[1] == 0 and piles[0] | piles[1] == FULL_PACK
    assert piles[0] >> MAT & 1  # the Matto stays with its owner's side
    if winner_side == 1:
        giver, receiver, card = result.matto_exchange
        assert (giver, receiver) == (0, 1) and piles[1] >> card & 1
    else:
        assert result.matto_exchange is None
    assert all(p.bit_count() % 2 == 0 for p in piles)


def test_exchange_card_choice() -> None:
    # A pip first, the weakest in its suit's order: 9C (round suit, above only 10C) before 7S.
    assert exchange_card(m("MAT KS 7S 9C T12")) == C("9C")
    assert exchange_card(m("MAT KS 10C 6S")) == C("10C")
    # No pip: the scartino whose loss costs least (T12 is in no combination; a Moro is).
    pile = m("MAT MO1 MO2 MO3 T12 KS")
    assert exchange_card(pile) == C("T12")
    assert combination_points(pile & ~m("T12")) == combination_points(pile)
    assert exchange_card(m("MAT KS QS")) == C("QS")  # no scartino: lowest value
    assert exchange_card(m("MAT")) == MAT


@pytest.mark.parametrize(
    "case", load_vectors("exchange.json")["cases"], ids=lambda c: c["pile"].replace(" ", "-")
)
def test_house_rule_matto_exchange_tie_order(case: dict) -> None:
    """RULES.md §6: the card given for the Matto, the tie order written out card by card."""
    assert exchange_card(m(case["pile"])) == C(case["gives"]), case["why"]


def test_matto_in_the_last_trick_is_kept() -> None:
    hand = deal_with(3, {0: "MAT"})
    hand.apply(hand.legal_actions()[0])
    while len(hand.tricks) < 14 or hand.turn != 0:
        legal = [a for a in hand.legal_actions() if a != play(MAT)] or hand.legal_actions()
        hand.apply(legal[0])
    hand.apply(play(MAT))
    _play_out_first_legal(hand)
    assert MAT in hand.tricks[-1].cards
    assert hand.result.sides[0].pile >> MAT & 1
    last = hand.tricks[-1].winner & 1
    assert hand.result.sides[last].last_trick == 6 and hand.result.sides[1 - last].last_trick == 0


def test_call_out_during_declarations_stops_the_hand() -> None:
    hand = deal_with(3, {0: "KS KB KC KD"})
    hand.scores, hand.target = (770, 500), 800
    hand.apply(hand.legal_actions()[0])
    hand.apply(declare(["Re"]))  # 770 + 34 ≥ 800
    assert hand.phase == Phase.OVER and hand.result.called_out == 0
    assert hand.result.sides[0].declarations == 34


def test_house_rule_called_out_totals_are_rounded_to_five() -> None:
    """RULES.md §5: a called-out hand's totals are the declarations, rounded to 5."""
    hand = deal_with(3, {0: "KS KB KC KD", 1: "QS QB QC"})
    hand.scores, hand.target = (770, 500), 800
    hand.apply(hand.legal_actions()[0])
    hand.apply(declare([]))  # seat 0 keeps quiet first
    hand.apply(hand.legal_actions()[0])
    hand.apply(declare(["Regine"]))  # side 1: 14
    hand.apply(hand.legal_actions()[0])
    hand.apply(declare([]))
    hand.apply(hand.legal_actions()[0])
    assert hand.phase == Phase.DECLARE and hand.turn == 3
    hand.apply(declare([]))
    assert hand.phase == Phase.PLAY  # nobody reached the target: no call-out
    hand = deal_with(3, {0: "KS KB KC KD", 1: "QS QB QC"})
    hand.scores, hand.target = (770, 500), 800
    hand.apply(hand.legal_actions()[0])
    hand.apply(declare(["Re"]))  # 770 + 34 = 804: side 0 calls out
    result = hand.result
    assert result.called_out == 0
    assert (result.sides[0].raw, result.sides[0].total) == (34, 35)
    assert (result.sides[1].raw, result.sides[1].total) == (0, 0)


def test_house_rule_no_call_out_in_the_extra_hand_after_a_tie() -> None:
    """RULES.md §5 and §9: a hand begun with both sides at or over the target is played out."""
    hand = deal_with(3, {0: "KS KB KC KD"})
    hand.scores, hand.target = (810, 810), 800
    hand.apply(hand.legal_actions()[0])
    hand.apply(declare(["Re"]))
    assert hand.phase == Phase.PLAY and hand.result is None
    _play_out_first_legal(hand)
    assert hand.result.called_out is None and hand.declarations[0].points == 34
    assert hand.result.sides[0].declarations == hand.declared_points(0) >= 34
    assert sum(hand.result.tricks) == 15


def test_rounding_to_five() -> None:
    assert [round5(x) for x in (0, 1, 2, 3, 4, 5, 86, 88, 93)] == [0, 0, 0, 5, 5, 5, 85, 90, 95]


def test_illegal_action_kinds_change_nothing() -> None:
    hand = deal_with(0, {})
    for text in ("play KS", "declare Re", "discard KS QS"):
        before = (hand.hands[:], hand.phase, hand.turn)
        with pytest.raises(IllegalActionError):
            hand.apply(Action.parse(text))
        assert (hand.hands[:], hand.phase, hand.turn) == before


def test_card_points_of_the_sides_sum_to_87() -> None:
    hand = deal_with(1, {})
    _play_out_first_legal(hand)
    assert sum(card_points(s.pile) for s in hand.result.sides) == 87


def test_hands_must_split_the_pack_exactly() -> None:
    hands = list(deal_with(0, {}).dealt)
    x = hands[1] & -hands[1]  # a card of seat 1 ...
    y = hands[2] & -hands[2]  # ... replaced by one seat 2 holds too: the sizes are right
    overlapping = [hands[0], hands[1] ^ x | y, hands[2], hands[3]]
    with pytest.raises(ValueError, match="62 cards"):
        Hand(0, overlapping)
    with pytest.raises(ValueError, match="17 for the dealer"):
        Hand(1, hands)
    assert Hand(0, hands).dealt == tuple(hands)


def test_malformed_actions_are_refused_with_the_state_unchanged() -> None:
    """Actions built by hand with impossible contents: a clear IllegalActionError, nothing else."""
    hand = deal_with(0, {})
    before = (hand.hands[:], hand.phase, hand.turn)
    for bad in (
        Action("discard", (62, 3)),
        Action("discard", (-1, 3)),
        Action("discard", ("KS", "QS")),  # type: ignore[arg-type]
        Action("discard", (True, 3)),  # type: ignore[arg-type]
        Action("play", [3]),  # type: ignore[arg-type]
        Action("declare", (), ("Nonsense",)),
        Action("declare", (), "Re"),  # type: ignore[arg-type]
        "discard KS QS",
        None,
    ):
        with pytest.raises(IllegalActionError):
            hand.apply(bad)  # type: ignore[arg-type]
        assert (hand.hands[:], hand.phase, hand.turn) == before
