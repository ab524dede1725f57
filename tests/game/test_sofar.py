"""The hand so far (game.sofar): each side's tricks and what its pile would score if the hand
ended now, checked by hand against RULES.md §6-§8 (the Matto exchange made as the end of the hand
makes it, the discard left out unless given)."""

from __future__ import annotations

from game.actions import play
from game.cards import card
from game.hand import Hand
from game.sofar import discard_worth, exchange_so_far, so_far
from tests.support.deals import m, played_hand


def test_three_kings_and_the_partners_matto_in_one_pile() -> None:
    hand = played_hand(
        {0: "KS KB KC", 1: "6S 6B 6C", 2: "7S 7B MAT", 3: "8S 8B 7C"},
        ["KS 6S 7S 8S", "KB 6B 7B 8B", "KC 6C MAT 7C"],
    )
    ours, theirs = so_far(hand.tricks, hand.dealer)
    assert (ours.tricks, theirs.tricks) == (3, 0)
    # 12 cards: KS KB KC and the Matto (the partner's: nothing to give) are 4 carte di valore
    # worth 20, with 8 scartini: 20 + (8 - 4) / 2 = 22; the three Kings make the Re cricca.
    assert ours.pile == m("KS 6S 7S 8S KB 6B 7B 8B KC 6C MAT 7C")
    assert [(c.family, c.points) for c in ours.breakdown.cricche] == [("Re", 17)]
    assert not ours.breakdown.sequences
    assert (ours.combinations, ours.card_points, ours.total) == (17, 22, 39)
    assert (theirs.pile, theirs.total) == (0, 0)


def test_the_matto_of_the_losing_side_is_exchanged_as_at_the_end() -> None:
    # Bruno excuses his Matto in You's trick: his side has taken nothing yet, so it would give
    # the Matto itself.
    hand = played_hand({0: "KS 6B", 1: "MAT KB", 2: "7S 7B", 3: "8S 8B"}, ["KS MAT 7S 8S"])
    ours, theirs = so_far(hand.tricks, hand.dealer)
    assert (ours.tricks, theirs.tricks) == (1, 0)
    assert ours.pile == m("KS 7S 8S MAT")
    assert (ours.card_points, theirs.pile) == (10, 0)  # 5 + 5 + (2 - 2) / 2
    # Bruno's side then takes a trick: it would give its lowest pip, 6♣, and keep the Matto.
    for code in "6B KB 7B 8B".split():
        hand.apply(play(card(code)))
    ours, theirs = so_far(hand.tricks, hand.dealer)
    assert (ours.tricks, theirs.tricks) == (1, 1)
    assert ours.pile == m("KS 7S 8S 6B") and ours.card_points == 6  # 5 + (3 - 1) / 2
    assert theirs.pile == m("MAT KB 7B 8B") and theirs.card_points == 10
    assert ours.card_points + theirs.card_points == 16  # what these 8 cards are worth


def test_the_discard_is_counted_only_when_given_and_where_it_would_go_now() -> None:
    hand = played_hand(
        {0: "KS KB KC", 1: "6S 6B 6C", 2: "7S 7B MAT", 3: "8S 8B 7C"},
        ["KS 6S 7S 8S", "KB 6B 7B 8B", "KC 6C MAT 7C"],
    )
    assert so_far(hand.tricks, hand.dealer)[0].pile & m("9D 10D") == 0
    # Dario's side has taken no trick: his discard would go to the other side, two more
    # scartini: 20 + (10 - 4) / 2 = 23, one point more.
    assert discard_worth(hand.tricks, hand.dealer, hand.discard) == (0, 1)
    assert so_far(hand.tricks, hand.dealer, hand.discard)[0].card_points == 23


def test_before_any_trick_nothing_is_taken() -> None:
    hand = played_hand({}, [])
    assert [(p.tricks, p.pile, p.total) for p in so_far(hand.tricks, hand.dealer)] == [
        (0, 0, 0),
        (0, 0, 0),
    ]


def test_after_the_fifteenth_trick_with_the_discard_it_is_the_hands_own_score() -> None:
    import random

    from game.cards import shuffled_pack

    for seed in range(40):
        rng = random.Random(seed)
        hand = Hand.deal(shuffled_pack(rng), seed % 4)
        while hand.result is None:
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.result.called_out is not None:
            continue
        piles = so_far(hand.tricks, hand.dealer, hand.discard)
        for side in (0, 1):
            got, end = piles[side], hand.result.sides[side]
            assert (got.pile, got.combinations, got.card_points, got.tricks) == (
                end.pile,
                end.captured_combinations,
                end.card_points,
                hand.result.tricks[side],
            )


def test_the_exchange_the_end_would_make_now() -> None:
    hand = played_hand({0: "KS 6B", 1: "MAT KB", 2: "7S 7B", 3: "8S 8B"}, ["KS MAT 7S 8S"])
    assert exchange_so_far(hand.tricks, hand.dealer) == (1, 0, card("MAT"))
    for code in "6B KB 7B 8B".split():
        hand.apply(play(card(code)))
    assert exchange_so_far(hand.tricks, hand.dealer) == (1, 0, card("6B"))
    partner = played_hand(
        {0: "KS KB KC", 1: "6S 6B 6C", 2: "7S 7B MAT", 3: "8S 8B 7C"},
        ["KS 6S 7S 8S", "KB 6B 7B 8B", "KC 6C MAT 7C"],
    )
    assert exchange_so_far(partner.tricks, partner.dealer) is None
