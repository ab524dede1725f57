"""An independent check of one hand against RULES.md §3–§8: positions built by hand, the expected
results worked out from the rule text alone (the section is cited in each test)."""

from __future__ import annotations

import random

import pytest

from game.actions import declare, discard, play
from game.cards import FULL_PACK, MAT, card, parse_cards
from game.errors import IllegalActionError
from game.hand import Hand
from game.phase import Phase
from tests.support.deals import deal_with, m

# --- a whole hand, worked out by hand ----------------------------------------------------------
#
# Dealer 3, so seat 0 is eldest (§3). Every trick below is listed from its leader, in play order.
_DEALT = {
    0: "KS QS 8C 9C 6B AB 7D AD ANG MON SOL T16 T15 MO1 NC",
    1: "6S 9S KB QB 6C 10C 8D 9D LUN T14 T13 T12 T11 NB JB",
    2: "7S 10S 7B 9B KC QC 6D 10D T10 T9 T8 BEG MAT JC MO2",
    3: "8S AS 8B 10B 7C AC KD QD T7 T6 T5 MO3 MO4 ND JD NS JS",
}
_DISCARD = "NS JS"
_DECLARED = {0: ("Grande",), 1: ("Bastoni",), 2: ("Coppe",), 3: ("Denari",)}
_TRICKS = [  # (leader, cards from the leader, winning seat)
    (0, "KS 6S 7S 8S", 0),  # 1 Spade: the King
    (0, "QS 9S 10S AS", 0),  # 2 long suit: Q above 10, Ace lowest
    (0, "6B KB 7B 8B", 1),  # 3
    (1, "QB 9B 10B AB", 1),  # 4
    (1, "6C KC 7C 8C", 2),  # 5
    (2, "QC AC 9C 10C", 2),  # 6
    (2, "6D KD 7D 8D", 3),  # 7
    (3, "QD AD 9D 10D", 3),  # 8
    (3, "ND MO1 T11 MAT", 1),  # 9 seats 0 and 1 void: they trump; seat 2 excuses with the Matto
    (1, "NB T8 T5 T15", 0),  # 10
    (0, "NC T12 JC T6", 1),  # 11 seat 2 still holds JC and must follow
    (1, "JB T9 T7 T16", 0),  # 12
    (0, "SOL T13 T10 MO3", 0),  # 13 trump led: everybody with a trump follows with one
    (0, "MON T14 BEG MO4", 0),  # 14
    (0, "ANG LUN MO2 JD", 0),  # 15 seat 3 has no trump left: any card
]


def _play_worked_hand(scores: tuple[int, int] = (0, 0), tricks=_TRICKS) -> Hand:
    hand = deal_with(3, _DEALT)
    assert hand.dealt == tuple(m(_DEALT[s]) for s in range(4))
    hand.scores = scores
    hand.apply(discard(*parse_cards(_DISCARD)))
    for number, (leader, cards, winner) in enumerate(tricks):
        for i, code in enumerate(cards.split()):
            seat = (leader + i) % 4
            if number == 0:
                assert (hand.phase, hand.turn) == (Phase.DECLARE, seat)
                hand.apply(declare(_DECLARED[seat]))
            assert hand.turn == seat
            hand.apply(play(card(code)))
        assert hand.tricks[-1].winner == winner, f"trick {number + 1}"
    assert hand.phase == Phase.OVER
    return hand


def test_worked_hand_declarations_are_valued_per_player() -> None:
    """§5, §7.2: seat 0 ANG MON SOL T16 T15 (T14 missing, no counter): Grande of 5 = 20; seat 1
    KB QB NB JB = 15; seat 2 KC QC JC + BEG MAT = 5 elements = 20; seat 3 (after discarding NS JS)
    KD QD ND JD = 15."""
    hand = _play_worked_hand()
    assert [d.points for d in hand.declarations] == [20, 15, 20, 15]
    assert hand.declarations[2].cards == m("KC QC JC BEG MAT")  # the counters are shown too


def test_worked_hand_piles_discard_and_matto_exchange() -> None:
    """§4.3: the dealer's side took tricks, so the discard NS JS is theirs. §6: the Matto stays
    with seat 2's side although seat 1 won trick 9; that side gives a card for it: the pip
    nearest the bottom of its suit, 10C (the bottom of a round suit)."""
    result = _play_worked_hand().result
    assert result.tricks == (9, 6)
    assert result.discard_side == 1
    assert result.matto_exchange == (0, 1, card("10C"))
    side1 = m("KB QB AB 6B 7B 8B 9B 10B KD QD ND AD 6D 7D 8D 9D 10D NC JC 10C NS JS T12 T11 T6 MO1")
    assert result.sides[1].pile == side1
    assert result.sides[0].pile == FULL_PACK & ~side1
    assert result.sides[0].pile >> MAT & 1


def test_worked_hand_matto_won_by_the_partner_is_not_exchanged() -> None:
    """§6: the same hand with seat 2's Matto in trick 10 (won by his partner, seat 0) and T8 in
    trick 9 (won by seat 1): nothing is exchanged; 10C stays with side 0, T8 goes to side 1."""
    tricks = list(_TRICKS)
    tricks[8] = (3, "ND MO1 T11 T8", 1)
    tricks[9] = (1, "NB MAT T5 T15", 0)
    result = _play_worked_hand(tricks=tricks).result
    assert result.matto_exchange is None
    s0, s1 = (s.pile for s in result.sides)
    assert s0 >> MAT & 1 and s0 >> card("10C") & 1 and s1 >> card("T8") & 1
    assert (s0.bit_count(), s1.bit_count()) == (36, 26)


def test_worked_hand_totals_are_rounded_once() -> None:
    """§8 and §8.1, worked by hand.

    Side 0 pile (36 cards): Tarocchi ANG MON BEG MAT = 36 (one cricca, no criccone). Grande:
    ANG + 3 head + T16 T15 T14 T13, T12 missing and T11 not held, so it stops: 1+3+4+2 counters
    = 10 elements = 45; Spade KS QS AS + 2 counters = 5 = 20; Coppe KC QC AC + 2 counters = 20;
    Assi AS AC + 2 counters = 15; Mori MO2 MO3 MO4 + 2 counters = 20; five sequences: 120 doubled
    = 240. Combinations 276. Card points: 11 carte di valore worth 45, 25 scartini: 45 + 7 = 52.
    Last trick 6, declarations 20 + 20. 374, rounded to 375 (parts rounded one by one: 370).

    Side 1 pile (26 cards): Cavalli ND NC NS = 13; Denari KD QD ND AD = 15 (Bastoni KB QB AB has
    one court and no counter: nothing). Card points: 9 carte di valore worth 31, 17 scartini:
    31 + 4 = 35 (35 + 52 = 87). Declarations 15 + 15. 93, rounded to 95.
    """
    result = _play_worked_hand(scores=(100, 200)).result
    s0, s1 = result.sides
    assert (s0.captured_combinations, s0.card_points, s0.last_trick, s0.declarations) == (
        276,
        52,
        6,
        40,
    )
    assert (s0.raw, s0.total) == (374, 375)
    assert (s1.captured_combinations, s1.card_points, s1.last_trick, s1.declarations) == (
        28,
        35,
        0,
        30,
    )
    assert (s1.raw, s1.total) == (93, 95)
    assert s0.card_points + s1.card_points + s0.last_trick + s1.last_trick == 93  # §8.1
    assert result.scores_after == (475, 295)


def test_every_trick_to_one_side_the_matto_itself_and_no_bonus() -> None:
    """Seat 1 holds the 15 highest trumps and leads them all: side 1 takes every trick.
    §4.3: the dealer's side (0) took no trick, so the discard goes to side 1. §6: seat 2 keeps
    his Matto for the last trick, which an opponent wins; his side has no other card, so it gives
    the Matto itself. §8: no bonus for taking every trick: side 1 scores the whole pack's
    combinations (846, the vector "whole-pack"), its 87 card points and the last trick's 6 =
    939, rounded to 940; side 0 scores nothing."""
    hand = deal_with(
        0,
        {
            1: "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6",
            3: "T5 MO1 MO2 MO3 MO4 BEG 6S 7S 8S 9S 10S 6B 7B 8B 9B",
        },
    )
    assert hand.hands[2] >> MAT & 1
    hand.apply(hand.legal_actions()[0])
    while hand.phase != Phase.OVER:
        if hand.phase == Phase.DECLARE:
            hand.apply(declare(()))
        else:
            hand.apply(hand.legal_actions()[0])  # the lowest card: the Matto comes last
    assert hand.tricks[-1].cards[1] == MAT and hand.tricks[-1].winner == 1
    result = hand.result
    assert result.tricks == (0, 15) and result.discard_side == 1
    assert result.matto_exchange == (0, 1, MAT)
    s0, s1 = result.sides
    assert s0.pile == 0 and s1.pile == FULL_PACK
    assert (s1.captured_combinations, s1.card_points, s1.last_trick) == (846, 87, 6)
    assert (s1.raw, s1.total, s0.total) == (939, 940, 0)


# --- §3 seats and §4 the deal and the discard ---------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_eldest_is_the_seat_after_the_dealer_and_leads(dealer: int) -> None:
    """§3: the player after the dealer is primo di mano and leads the first trick; §4.1: the
    dealer holds 17 cards, everybody else 15; seats 0 and 2 are one side."""
    hand = Hand.deal(list(range(62)), dealer)
    assert [h.bit_count() for h in hand.hands] == [17 if s == dealer else 15 for s in range(4)]
    assert hand.turn == dealer
    hand.apply(hand.legal_actions()[0])
    assert (hand.phase, hand.turn) == (Phase.DECLARE, (dealer + 1) % 4)
    hand.apply(declare(()))
    assert hand.leader == (dealer + 1) % 4


def test_discard_is_exactly_two_cards_and_leaves_the_dealer_fifteen() -> None:
    """§4.2: the dealer discards exactly two cards; every pair of non-carte-da-5 is offered."""
    hand = deal_with(0, {0: "KS KB KC KD ANG MON BEG MAT 6S 7S 8S 9S 10S T12 T11 MO1 AC"})
    actions = hand.legal_actions()
    assert len(actions) == 9 * 8 // 2  # the 9 cards that are not carte da 5, two at a time
    assert all(len(a.cards) == 2 for a in actions)
    hand.apply(discard(card("T12"), card("AC")))
    assert hand.hands[0].bit_count() == 15 and hand.discard == m("T12 AC")


def test_nobody_else_sees_the_discard() -> None:
    """§4.2: nobody sees the discard: only the dealer's own view holds it, and no other seat's
    view of the hand (its history included) mentions it."""
    hand = deal_with(2, {2: "6S 7S"})
    hand.apply(discard(card("6S"), card("7S")))
    assert hand.view(2).discard == m("6S 7S")
    for seat in (0, 1, 3):
        view = hand.view(seat)
        assert view.discard is None
        assert all(move.action.kind != "discard" for move in view.history)


def test_the_dealers_side_keeps_the_discard_with_a_single_trick() -> None:
    """§4.3: the discard counts for the dealer's side if it won at least one trick."""
    result = _play_worked_hand().result
    assert result.tricks[1] >= 1 and result.discard_side == 1


# --- §5 declarations ----------------------------------------------------------------------------


def test_the_dealer_declares_from_his_hand_after_the_discard() -> None:
    """§5: the dealer's hand is his 15 cards after the discard: a Queen discarded breaks the
    Regine cricca he was dealt."""
    hand = deal_with(3, {3: "QS QB QC 6S 7S 8S 9S 10S 6B 7B 8B 9B 10B T12 T11 T10 T9"})
    hand.apply(discard(card("QC"), card("6S")))
    for _ in range(3):  # seats 0, 1, 2 declare nothing and play
        hand.apply(declare(()))
        hand.apply(hand.legal_actions()[0])
    assert hand.turn == 3 and hand.phase == Phase.DECLARE
    assert hand.legal_actions() == [declare(())]
    with pytest.raises(IllegalActionError, match="does not realise Regine"):
        hand.apply(declare(["Regine"]))


def test_partners_never_combine_hands() -> None:
    """§5: KS KB with seat 0 and KC KD with his partner: neither may declare the Kings."""
    hand = deal_with(3, {0: "KS KB", 2: "KC KD"})
    hand.apply(hand.legal_actions()[0])
    assert "Re" not in {f for a in hand.legal_actions() for f in a.families}
    with pytest.raises(IllegalActionError):
        hand.apply(declare(["Re"]))


def test_declaring_is_optional_all_some_or_none() -> None:
    """§5: a player may declare any subset of the families his hand realises (2^n choices)."""
    hand = deal_with(3, {0: "KS KB KC QS QB QC AS AB AC 6S 7S 8S 9S 10S T12"})  # Re Regine Assi
    hand.apply(hand.legal_actions()[0])
    choices = {a.families for a in hand.legal_actions()}
    assert choices == {
        (),
        ("Re",),
        ("Regine",),
        ("Assi",),
        ("Re", "Regine"),
        ("Re", "Assi"),
        ("Regine", "Assi"),
        ("Re", "Regine", "Assi"),
    }


def test_doubling_counts_only_the_declared_families() -> None:
    """§5: criccone doubling only when 3+ cricche are declared: Re + Regine of a hand holding
    three cricche are 17 + 14 = 31; all three (with Fanti 12) are 43 doubled = 86."""
    hand = deal_with(3, {0: "KS KB KC QS QB QC JS JB JC"})
    hand.apply(hand.legal_actions()[0])
    probe = hand.clone()
    probe.apply(declare(["Re", "Regine"]))
    assert probe.declarations[0].points == 31
    hand.apply(declare(["Re", "Regine", "Fanti"]))
    assert hand.declarations[0].points == 86


def test_declared_cards_are_shown_to_everybody() -> None:
    """§5: the cards of a declared combination, the counters used too, are public."""
    hand = deal_with(3, {0: "KC QC BEG"})
    hand.apply(hand.legal_actions()[0])
    hand.apply(declare(["Coppe"]))
    for seat in range(4):
        shown = hand.view(seat).declarations[0]
        assert shown.families == ("Coppe",) and shown.cards == m("KC QC BEG")
        assert shown.points == 10


def test_no_declaration_after_the_first_trick() -> None:
    """§5: there are no declarations after the first trick."""
    hand = deal_with(3, {1: "KS KB KC"})
    hand.apply(hand.legal_actions()[0])
    for _ in range(4):
        hand.apply(declare(()))
        hand.apply(hand.legal_actions()[0])
    assert hand.phase == Phase.PLAY
    assert all(a.kind == "play" for a in hand.legal_actions())
    with pytest.raises(IllegalActionError):
        hand.apply(declare(["Re"]))


def _declare_in_turn(hand: Hand, choices: dict[int, tuple[str, ...]]) -> None:
    """Declare for each seat in turn (nothing for seats not in ``choices``) until the hand stops
    or the first trick is done."""
    while hand.phase == Phase.DECLARE or (hand.phase == Phase.PLAY and not hand.tricks):
        if hand.phase == Phase.DECLARE:
            hand.apply(declare(choices.get(hand.turn, ())))
        else:
            hand.apply(hand.legal_actions()[0])


def test_call_out_counts_the_partners_earlier_declaration() -> None:
    """§5 calling out: the side's score plus everything its members declared so far. 760 + 34
    (seat 0, Kings) = 794 does not reach 800; seat 2's Regine 14 makes 808: side 0 calls out.
    The hand's totals are the declarations rounded: 48 → 50 (§5 house rule)."""
    hand = deal_with(3, {0: "KS KB KC KD", 2: "QS QB QC"})
    hand.scores, hand.target = (760, 0), 800
    hand.apply(hand.legal_actions()[0])
    hand.apply(declare(["Re"]))
    assert hand.phase == Phase.PLAY and hand.result is None
    _declare_in_turn(hand, {2: ("Regine",)})
    result = hand.result
    assert result is not None and result.called_out == 0
    assert (result.sides[0].declarations, result.sides[0].total) == (48, 50)
    assert result.scores_after == (810, 0)


def test_called_out_hand_counts_the_other_sides_earlier_declarations() -> None:
    """§5 house rule: a called-out hand counts no cards; the other side's declarations made
    before the call count too, rounded to 5 (Cavalli 13 → 15); the later seats never declare."""
    hand = deal_with(
        3,
        {
            1: "NS NB NC 6S 7S 8S 9S 10S 6B 7B 8B 9B 10B T12 T11",
            2: "KS KB KC KD 6C 7C 8C 9C 10C 6D 7D 8D 9D 10D T10",
            3: "QS QB QC",
        },
    )
    hand.scores, hand.target = (770, 300), 800
    hand.apply(hand.legal_actions()[0])
    _declare_in_turn(hand, {1: ("Cavalli",), 2: ("Re",), 3: ("Regine",)})
    result = hand.result
    assert result.called_out == 0
    assert hand.declarations[3] is None  # the hand stopped at seat 2's declaration
    assert [(s.declarations, s.card_points, s.total) for s in result.sides] == [
        (34, 0, 35),
        (13, 0, 15),
    ]
    assert result.scores_after == (805, 315)


def test_the_other_sides_total_does_not_call_out() -> None:
    """§5: only the declaring side's score plus its own declarations can call out."""
    hand = deal_with(3, {0: "KS KB KC"})
    hand.scores, hand.target = (0, 795), 800
    hand.apply(hand.legal_actions()[0])
    hand.apply(declare(["Re"]))
    assert hand.phase == Phase.PLAY and hand.result is None


# --- §6 trick play -------------------------------------------------------------------------------


def test_no_obligation_to_win_or_to_over_trump() -> None:
    """§6: follow suit, else trump, but never necessarily higher: after KS and T16, the void
    seat 2 may under-trump with T5 (all its trumps are legal, nothing else), and seat 3 must
    follow Spade with any Spade (or the Matto), the Ace included."""
    hand = deal_with(
        3,
        {
            0: "KS KB QB NB JB AB 6B 7B 8B 9B 10B KC QC NC JC",
            1: "T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 AC 6C 7C 8C",
            2: "ANG T5 MO1 MO2 9C 10C KD QD ND JD AD 6D 7D 8D 9D",
            3: "QS NS JS AS 6S 7S 8S 9S 10S MON SOL LUN MO3 MO4 BEG MAT 10D",
        },
    )
    hand.apply(discard(card("10D"), card("MO3")))
    hand.apply(declare(()))
    hand.apply(play(card("KS")))
    hand.apply(declare(()))
    assert {a.card for a in hand.legal_actions()} == set(
        parse_cards("T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6")
    )
    hand.apply(play(card("T16")))
    hand.apply(declare(()))
    assert {a.card for a in hand.legal_actions()} == set(parse_cards("ANG T5 MO1 MO2"))
    hand.apply(play(card("T5")))
    hand.apply(declare(()))
    assert {a.card for a in hand.legal_actions()} == set(
        parse_cards("QS NS JS AS 6S 7S 8S 9S 10S MAT")
    )
    hand.apply(play(card("AS")))
    assert hand.tricks[0].winner == 1  # the highest trump


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_house_rule_bots_declare_everything(level: str) -> None:
    """§5 house rule: bots declare everything by default (the random player too: only its cards
    and its discard are random)."""
    from ai.registry import make_bot

    hand = deal_with(3, {0: "KS KB KC QS QB QC AS AB AC 6S 7S 8S 9S 10S T12"})
    hand.apply(hand.legal_actions()[0])
    legal = hand.legal_actions()
    choice = make_bot(level).choose(hand.view(0), legal, random.Random(1))
    assert choice == declare(("Re", "Regine", "Assi"))
