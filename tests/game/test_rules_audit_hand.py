"""Audit of RULES.md §3 (seats), §4 (the deal and the discard), §6 (trick play, the Matto and its
exchange) and §8 (the end of the hand), clause by clause, through the public API (Match, Hand,
actions); the expected results are worked out from the rule text."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.actions import declare, discard, play
from game.cards import CODES, FIVES, FULL_PACK, MAT, card, cards_of, parse_cards
from game.errors import IllegalActionError
from game.hand import Hand, round5, side_of
from game.kernel import exchange_card
from game.match import Match
from game.phase import Phase
from game.tricks import legal_mask, winning_index
from tests.support.deals import deal_with, m

# --- §3 seats -----------------------------------------------------------------------------------


def test_s3_partners_sit_opposite() -> None:
    """§3: "seats 0 and 2 are one side, seats 1 and 3 the other"."""
    assert [side_of(s) for s in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize("dealer", range(4))
def test_s3_play_goes_round_in_seat_order_from_eldest(dealer: int) -> None:
    """§3: seats are numbered in turn order; "The player after the dealer is primo di mano
    (eldest); he leads the first trick": the first trick is played by dealer+1, +2, +3, then the
    dealer."""
    hand = Hand.deal(list(range(62)), dealer)
    hand.apply(hand.legal_actions()[0])
    seats = []
    while not hand.tricks:
        if hand.phase == Phase.DECLARE:
            hand.apply(declare(()))
        else:
            seats.append(hand.turn)
            hand.apply(hand.legal_actions()[0])
    assert seats == [(dealer + i) % 4 for i in range(1, 5)]
    assert hand.tricks[0].leader == (dealer + 1) % 4


def test_s3_first_dealer_from_the_seed_or_given() -> None:
    """§3 HOUSE RULE: "the first dealer is drawn with the match's seeded random generator (or
    given by the caller)": the same seed, the same first dealer; every seat is drawn for some
    seed; a dealer given is the dealer."""
    assert all(Match(s).first_dealer == Match(s).first_dealer for s in range(20))
    assert {Match(s).first_dealer for s in range(40)} == {0, 1, 2, 3}
    for seat in range(4):
        assert Match(7, first_dealer=seat).hand.dealer == seat


def test_s4_1_the_same_seed_gives_the_same_deals() -> None:
    """§4.1: "Shuffle (the match's seeded generator: the same seed gives the same deals)"."""
    assert Match(123).hand.dealt == Match(123).hand.dealt
    assert Match(123).hand.dealt != Match(124).hand.dealt


@pytest.mark.parametrize("dealer", range(4))
def test_s4_1_five_at_a_time_from_eldest_the_dealer_the_last_two(dealer: int) -> None:
    """§4.1: "deal five cards at a time, starting with eldest and going round, three rounds: 15
    cards each. The dealer also takes the last two cards: he holds 17." With the pack in order
    0..61, the k-th seat after the dealer (k = 1..4, the dealer 4th) gets cards 5(k-1) … +4,
    20 + 5(k-1) … and 40 + 5(k-1) …; the dealer also 60 and 61."""
    hand = Hand.deal(list(range(62)), dealer)
    for k in range(1, 5):
        seat = (dealer + k) % 4
        expected = {r * 20 + 5 * (k - 1) + i for r in range(3) for i in range(5)}
        if seat == dealer:
            expected |= {60, 61}
        assert set(cards_of(hand.dealt[seat])) == expected


# --- §4.2 the discard ---------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["KS", "KB", "KC", "KD", "ANG", "MON", "BEG", "MAT"])
def test_s4_2_no_carta_da_5_in_the_discard(code: str) -> None:
    """§4.2: "He may not discard a Carta da 5 (a King, ANG, MON, BEG or MAT)": refused with any
    partner card, and never offered."""
    hand = deal_with(1, {1: "KS KB KC KD ANG MON BEG MAT SOL T12 6C"})
    with pytest.raises(IllegalActionError, match="may not be discarded"):
        hand.apply(discard(card(code), card("6C")))
    assert hand.phase == Phase.DISCARD and hand.hands[1].bit_count() == 17
    assert not any(
        a.cards[0] == card(code) or a.cards[1] == card(code) for a in hand.legal_actions()
    )


def test_s4_2_any_other_card_trumps_included() -> None:
    """§4.2: "Any other card, trumps included, may be discarded": SOL and a Queen; the dealer is
    left with 15 cards, and every pair of his 9 cards that are not carte da 5 is offered."""
    hand = deal_with(1, {1: "KS KB KC KD ANG MON BEG MAT SOL T12 6C QS MO1 AD 9B 10S NB"})
    assert len(hand.legal_actions()) == 9 * 8 // 2
    hand.apply(discard(card("SOL"), card("QS")))
    assert hand.discard == m("SOL QS") and hand.hands[1].bit_count() == 15
    assert not hand.hands[1] & hand.discard


def test_s4_2_exactly_two_different_cards() -> None:
    """§4.2: "The dealer discards exactly two cards"."""
    hand = deal_with(0, {0: "6S 7S"})
    with pytest.raises(IllegalActionError):
        hand.apply(discard(card("6S"), card("6S")))
    from game.actions import Action

    for cards in ((card("6S"),), (card("6S"), card("7S"), card("8S"))):
        with pytest.raises(IllegalActionError):
            hand.apply(Action("discard", cards))
    assert hand.phase == Phase.DISCARD


def test_s4_2_nobody_else_learns_the_discard() -> None:
    """§4.2: "Nobody sees the discard, and nobody else learns what it was": only the dealer's
    view holds it, through the whole hand."""
    hand = deal_with(2, {2: "6S 7S"})
    hand.apply(discard(card("6S"), card("7S")))
    while hand.phase != Phase.OVER:
        for seat in (0, 1, 3):
            view = hand.view(seat)
            assert view.discard is None and not view.hand & m("6S 7S")
            assert all(a.kind != "discard" for _, a in view.history)
        assert hand.view(2).discard == m("6S 7S")
        hand.apply(declare(()) if hand.phase == Phase.DECLARE else hand.legal_actions()[0])


# --- playing a hand out by script -----------------------------------------------------------------


def _play_out(hand: Hand, choose: Callable[[Hand, list[int]], int]) -> Hand:
    """Discard the first pair offered, declare nothing, and play ``choose(hand, legal cards)``."""
    if hand.phase == Phase.DISCARD:
        hand.apply(hand.legal_actions()[0])
    while hand.phase != Phase.OVER:
        if hand.phase == Phase.DECLARE:
            hand.apply(declare(()))
            continue
        legal = [a.card for a in hand.legal_actions()]
        c = choose(hand, legal)
        assert c in legal
        hand.apply(play(c))
    return hand


def _keeping(kept: str, last: dict[int, str]) -> Callable[[Hand, list[int]], int]:
    """A chooser: seat 0 plays its highest trump while it has one; the others the first legal
    card (in index order) not in ``kept``; in the 15th trick the card ``last[seat]`` if given."""
    keep = set(parse_cards(kept))

    def choose(hand: Hand, legal: list[int]) -> int:
        seat = hand.turn
        if len(hand.tricks) == 14 and seat in last:
            return card(last[seat])
        trumps = [c for c in legal if card("ANG") <= c < MAT]
        if seat == 0 and trumps:
            return trumps[0]  # ANG is the first trump in index order, BEG the last
        free = [c for c in legal if c not in keep] or legal
        return free[0]

    return choose


def _one_trick_for_the_dealers_side() -> Hand:
    """Dealer 3 (side 1). Seat 0 (eldest) holds the 14 highest trumps and 6S and leads the trumps
    high to low, winning 14 tricks; the other 7 trumps (T6 T5 the Mori BEG) must follow them and
    are gone by then. Trick 15: 6S, then seat 1 anything (no trump left), seat 2 the Matto, seat
    3 KS: the dealer's side takes the last trick, its only one."""
    hand = deal_with(
        3,
        {
            0: "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 6S",
            1: "T6 T5 MO1 MO2 MO3 MO4",
            2: "BEG MAT",
            3: "KS",
        },
    )
    return _play_out(hand, _keeping("KS MAT", {2: "MAT", 3: "KS"}))


def test_s4_3_discard_to_the_dealers_side_with_a_single_trick() -> None:
    """§4.3: "the discard counts for the dealer's side if that side won at least one trick"."""
    hand = _one_trick_for_the_dealers_side()
    result = hand.result
    assert result.tricks == (14, 1)
    assert [t.winner for t in hand.tricks] == [0] * 14 + [3]
    assert result.discard_side == 1
    assert hand.discard & result.sides[1].pile == hand.discard


def test_s4_3_discard_to_the_other_side_when_the_dealers_took_none() -> None:
    """§4.3: "otherwise it goes to the other side": dealer 1, seat 0 (side 0) holds the 15
    highest trumps and wins every trick with them (eldest seat 2 leads the first)."""
    hand = deal_with(1, {0: "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6", 2: "MAT"})
    _play_out(hand, _keeping("", {}))
    result = hand.result
    assert result.tricks == (15, 0) and result.discard_side == 0
    assert hand.discard & result.sides[0].pile == hand.discard


# --- §6 trick play --------------------------------------------------------------------------------


def test_s6_the_winner_of_a_trick_leads_the_next_and_there_are_15() -> None:
    """§6: "Eldest leads the first trick; the winner of a trick leads the next. 15 tricks.\""""
    hand = _play_out(Hand.deal(list(range(62)), 2), _keeping("", {}))
    assert len(hand.tricks) == 15
    assert hand.tricks[0].leader == 3
    for before, after in zip(hand.tricks, hand.tricks[1:], strict=False):
        assert after.leader == before.winner


@pytest.mark.parametrize(
    ("hand", "trick", "legal", "clause"),
    [
        ("KS 7S T12 6C MAT", "9S", "KS 7S MAT", "follow suit if you can"),
        ("T12 T5 6C 6D", "9S", "T12 T5", "if you cannot, you must play a trump"),
        ("6C 6D 7B", "9S", "6C 6D 7B", "otherwise play any card"),
        ("T12 MO1 6S", "ANG", "T12 MO1", "trumps led: follow with a trump"),
        ("6S 6D", "T5", "6S 6D", "trumps led, none held: any card"),
        ("T12 6C", "KS T16", "T12", "no obligation to over-trump: any trump"),
        ("MAT 6C", "9S", "MAT 6C", "the Matto at any turn"),
        ("KS T12 6C", "MAT", "KS T12 6C", "the Matto led: the next card is free"),
        ("KS T12 6C", "MAT 7C", "6C", "the Matto led: the next card fixes the suit"),
        ("KS T12 6C", "MAT T5", "T12", "a trump after the Matto fixes trumps"),
    ],
)
def test_s6_what_may_be_played(hand: str, trick: str, legal: str, clause: str) -> None:
    """§6: "Follow suit if you can. If you cannot, you must play a trump if you have one.
    Otherwise play any card. There is no obligation to win the trick or to over-trump. Trumps led
    are a suit like any other ... The Matto may be played at any turn ... If the Matto is led, the
    next card played fixes the suit to follow.\""""
    assert legal_mask(m(hand), parse_cards(trick)) == m(legal), clause


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("MO2 MO4 MO1 MO3", 3),  # equal Mori: the one played last
        ("MO2 MO4 T5 MO3", 2),  # T5 above the Mori
        ("MO3 BEG MO1 6S", 2),  # BEG below the Mori; the last Moro
        ("KS MO1 MO2 7S", 2),
        ("MAT 7C KC QC", 2),  # the Matto led: Coppe to follow, the King wins
        ("MAT 7C BEG QC", 2),  # the lowest trump beats any suit card
        ("7C MAT 6C 10C", 2),  # round suit: 6 above 7 above 10
        ("AS MAT 6S 10S", 3),  # long suit: 10 above 6 above the Ace
        ("KD QS KB KC", 0),  # only the suit led can win
    ],
)
def test_s6_who_wins(trick: str, winner: int) -> None:
    """§6: "the highest trump played; if no trump was played, the highest card of the suit led
    ... Among the four equal Mori, when no higher trump is in the trick, the Moro played last
    wins"; the Matto "never wins a trick"."""
    assert winning_index(parse_cards(trick)) == winner


def _matto_hand(matto_trick: str, winner: int) -> Hand:
    """Dealer 3; seat 0 leads ``matto_trick`` in the first trick (seat 0's cards, then 1, 2, 3);
    the rest played by the first legal card."""
    codes = matto_trick.split()
    hand = deal_with(3, {s: codes[s] for s in range(4)})
    hand.apply(discard(*cards_of(hand.hands[3] & ~FIVES & ~m(codes[3]))[:2]))
    for s in range(4):
        hand.apply(declare(()))
        hand.apply(play(card(codes[s])))
    assert hand.tricks[0].winner == winner
    return _play_out(hand, _keeping("", {}))


def test_s6_the_matto_led_stays_with_its_side_and_is_paid_for() -> None:
    """§6: "It is not captured. It goes to its owner's side. If the trick is won by an opponent,
    at the end of the hand the Matto's side gives the winning side one card from its captured
    cards": seat 0 leads the Matto, 7C fixes Coppe, seat 3's KC wins (side 1)."""
    hand = _matto_hand("MAT 7C QC KC", 3)
    result = hand.result
    assert result.sides[0].pile >> MAT & 1
    giver, receiver, given = result.matto_exchange
    assert (giver, receiver) == (0, 1) and given != MAT
    assert result.sides[1].pile >> given & 1
    # the hand's piles once the exchange is made: both even, all 62 cards
    assert result.sides[0].pile | result.sides[1].pile == FULL_PACK
    assert result.sides[0].pile.bit_count() % 2 == 0


def test_s6_the_matto_won_by_the_partner_nothing_is_exchanged() -> None:
    """§6: "If the partner wins the trick, nothing is exchanged": seat 0's Matto, seat 2's KC
    wins for side 0."""
    result = _matto_hand("MAT 7C KC QC", 2).result
    assert result.matto_exchange is None and result.sides[0].pile >> MAT & 1


def test_s6_the_matto_in_the_last_trick_is_kept_and_paid_for() -> None:
    """§6: "The Matto may be played to the last trick and is kept as usual": seat 2 plays it to
    the 15th trick, which seat 3 (an opponent) wins; side 0 keeps the Matto and gives a card."""
    hand = _one_trick_for_the_dealers_side()
    assert MAT in hand.tricks[-1].cards and hand.tricks[-1].winner == 3
    result = hand.result
    assert result.sides[0].pile >> MAT & 1
    assert result.matto_exchange is not None and result.matto_exchange[:2] == (0, 1)
    # §8.3: the last trick's 6 points to the side that won the 15th trick
    assert (result.sides[0].last_trick, result.sides[1].last_trick) == (0, 6)


def test_s6_the_matto_side_with_no_trick_gives_the_matto_itself() -> None:
    """§6: "if it has no other card at all, the Matto itself": seat 1 (side 1, not the dealer's)
    keeps the Matto to the end and side 1 takes no trick (dealer 1: its side took none, so the
    discard went to side 0, §4.3)."""
    hand = deal_with(1, {0: "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6", 1: "MAT"})
    _play_out(hand, _keeping("MAT", {1: "MAT"}))
    result = hand.result
    assert result.tricks == (15, 0) and result.discard_side == 0
    assert result.matto_exchange == (1, 0, MAT)
    assert result.sides[1].pile == 0 and result.sides[0].pile == FULL_PACK


@pytest.mark.parametrize(
    ("pile", "gives", "why"),
    [
        ("MAT AS 10S", "10S", "a suit pip before any other scartino (AS is lower in Spade)"),
        ("MAT AS T5", "AS", "no pip: a suit card before a trump"),
        ("MAT T6 MO3 T5", "MO3", "trumps nearest the bottom: the Mori, then T5, T6"),
        ("MAT MO4 MO2", "MO2", "equal loss (the Mori MO2 MO4 MAT, 10), equal place: MO1 first"),
        (
            "MAT 10D 10C 6S",
            "10C",
            "the bottom of a round suit (10) before 6S (second from the "
            "bottom of a long suit), then S B C D",
        ),
        ("MAT 7B 7S", "7S", "equal places: suit order S B C D"),
        (
            "MAT AS AB AC T12",
            "T12",
            "the least loss first: AS AB AC MAT are Assi 15, without an Ace 10; T12 costs nothing",
        ),
        ("MAT MO1 MO2 MO3 T5", "T5", "a Moro would shorten the Mori (15 → 10)"),
        ("MAT KS NB JC", "JC", "no scartino: the lowest value"),
        ("MAT ANG KS", "KS", "no scartino, equal values: a suit card before a trump"),
        ("MAT", "MAT", "no other card: the Matto itself"),
    ],
)
def test_s6_the_card_given_for_the_matto(pile: str, gives: str, why: str) -> None:
    """§6 HOUSE RULE: "a scartino whose loss lowers the giving side's captured-combination score
    the least; among equals a suit pip (6–10) before any other scartino, then a suit card before a
    trump, then the card nearest the bottom of its own suit's order ... then the suit order S, B,
    C, D (Mori: MO1 first); if the side has no scartino, its lowest-value card (ties broken the
    same way); if it has no other card at all, the Matto itself"."""
    assert CODES[exchange_card(m(pile))] == gives, why


# --- §8 the end of the hand ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "total"),
    [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (12, 10), (13, 15), (372, 370), (939, 940)],
)
def test_s8_rounding_to_the_nearest_five(raw: int, total: int) -> None:
    """§8: "rounded to the nearest multiple of 5 (remainder 1–2 down, 3–4 up)"."""
    assert round5(raw) == total


def test_s8_four_parts_rounded_once_and_93_fixed_points() -> None:
    """§8: each side's total is captured combinations + card points + last trick + declarations,
    "rounded ... once, after adding the four parts"; §8.1: "with the 6 for the last trick, 93
    fixed points are shared out every hand"."""
    for seed in range(6):
        match = Match(seed)
        while match.results == []:
            match.apply(match.legal_actions()[0])
        (s0, s1) = match.results[0].sides
        for s in (s0, s1):
            assert s.raw == s.captured_combinations + s.card_points + s.last_trick + s.declarations
            assert s.total == round5(s.raw)
        assert s0.card_points + s1.card_points + s0.last_trick + s1.last_trick == 93
        assert {s0.last_trick, s1.last_trick} == {0, 6}


def test_s10_no_redeal_and_no_signals() -> None:
    """§10: "Andare a monte" (a redeal), partner signals and the dealer's call-out from his first
    15 cards are not in the default rules: a hand knows three kinds of action only, the discard
    (the dealer's first and only one before trick play), a declaration and a card."""
    from game.actions import Action

    hand = Hand.deal(list(range(62)), 0)
    assert {a.kind for a in hand.legal_actions()} == {"discard"}
    for text in ("redeal", "monte", "busso", "striscio", "volo"):
        with pytest.raises(IllegalActionError):
            Action.parse(text)
    seen = set()
    _play_out(hand, lambda h, legal: seen.update(a.kind for a in h.legal_actions()) or legal[0])
    assert seen == {"play"}
    assert {a.kind for _, a in hand.history} == {"discard", "declare", "play"}
