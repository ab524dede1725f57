"""Audit of RULES.md §5 (declarations, calling out at the target, a called-out hand) and §9 (the
match), clause by clause, through the public API; the expected results are worked out from the
rule text."""

from __future__ import annotations

import random

import pytest

from game.actions import declare, discard, play
from game.cards import card, shuffled_pack
from game.errors import IllegalActionError
from game.hand import Hand
from game.match import Match
from game.phase import Phase
from game.rules import DEFAULT_TARGET, Rules
from tests.support.deals import deal_with, m
from tests.support.matches import last_action_totals

_PIPS = "6S 7S 8S 9S 10S 6B 7B 8B 9B 10B 6C 7C 8C 9C 10C 6D 7D 8D 9D 10D".split()


def _fill(n: int) -> str:
    """n pips, cards of no combination."""
    return " ".join(_PIPS[:n])


def _hand(fixed: dict[int, str], scores=(0, 0), target=800, dealer=3, scarto: str = "") -> Hand:
    """A hand dealt as ``fixed`` (the rest filled in), the dealer's discard made: ``scarto``, or
    his first two cards that are not carte da 5 and not named in ``fixed``."""
    hand = deal_with(dealer, fixed)
    hand.scores, hand.target = scores, target
    if scarto:
        a, b = (card(c) for c in scarto.split())
    else:
        named = m(fixed.get(dealer, ""))
        a, b = next(a.cards for a in hand.legal_actions() if not m_of(a) & named)
    hand.apply(discard(a, b))
    return hand


def m_of(action) -> int:
    return sum(1 << c for c in action.cards)


def _first_trick(
    hand: Hand, choices: dict[int, tuple[str, ...]], offered: dict[int, set[str]] | None = None
) -> list[tuple[str, int]]:
    """Declare ``choices`` (nothing for the others) and play the first legal card through the
    first trick, or until the hand stops; the phases met, with their seats; ``offered`` gets
    the families each seat could declare."""
    seen = []
    while hand.phase in (Phase.DECLARE, Phase.PLAY) and not hand.tricks:
        seen.append((hand.phase.value, hand.turn))
        if hand.phase == Phase.DECLARE:
            if offered is not None:
                offered[hand.turn] = {f for a in hand.legal_actions() for f in a.families}
            hand.apply(declare(choices.get(hand.turn, ())))
        else:
            hand.apply(hand.legal_actions()[0])
    return seen


# --- §5 who declares, when, and what ------------------------------------------------------------


def test_s5_each_declares_at_his_turn_before_his_first_card() -> None:
    """§5: "eldest declares then plays, the next player declares then plays, and so on"."""
    hand = _hand({}, dealer=1)
    assert _first_trick(hand, {}) == [
        ("declare", 2),
        ("play", 2),
        ("declare", 3),
        ("play", 3),
        ("declare", 0),
        ("play", 0),
        ("declare", 1),
        ("play", 1),
    ]


def test_s5_no_declaration_before_the_discard() -> None:
    """§5 HOUSE RULE: "the dealer's traditional option of calling out from his first 15 cards
    before taking the last two is not part of the default rules": at 790 with three Kings in his
    17 cards, the dealer may only discard."""
    hand = deal_with(0, {0: "KS KB KC"})
    hand.scores = (790, 0)
    with pytest.raises(IllegalActionError, match="dealer must discard"):
        hand.apply(declare(["Re"]))
    assert all(a.kind == "discard" for a in hand.legal_actions())


def test_s5_the_dealer_declares_his_hand_after_the_discard() -> None:
    """§5: "(15 cards; the dealer's hand after his discard)": a dealer who discards a Jack of his
    three has no Fanti to declare; the one who keeps them has."""
    hand = deal_with(3, {3: "JS JB JC " + _fill(14)})
    hand.apply(discard(card("JC"), card("6S")))
    _first_trick(hand, {})
    assert hand.declarations[3] is not None and hand.declarations[3].families == ()
    hand = deal_with(3, {3: "JS JB JC " + _fill(14)})
    hand.apply(discard(card("6S"), card("7S")))
    seats = _first_trick(hand, {3: ("Fanti",)})
    assert ("declare", 3) in seats and hand.declarations[3].points == 12


def test_s5_only_the_families_the_hand_realises() -> None:
    """§5: "exactly the combinations of §7 found in that one hand": KC QC without a counter is
    no Coppe; a family the hand lacks is refused and nothing changes."""
    hand = _hand({0: "KC QC KS KB KD 6S 7S 8S 9S 10S 6B 7B 8B 9B 10B"})
    with pytest.raises(IllegalActionError, match="does not realise Coppe"):
        hand.apply(declare(["Coppe"]))
    assert hand.phase == Phase.DECLARE and hand.declarations[0] is None
    assert {f for a in hand.legal_actions() for f in a.families} == {"Re"}  # four Kings


def test_s5_all_some_or_none_and_doubling_of_what_is_declared() -> None:
    """§5: "he may declare all, some or none ... sequence doubling when he declares 3 or more
    sequences (only the families he declares count)": Spade K Q N 10, Coppe K Q N 10, Assi 3
    Aces 10 (the Aces are also aggregated: Spade and Coppe K Q N A = 15 each); two declared:
    15 + 15 = 30; all three: (15 + 15 + 10) × 2 = 80 (two Kings, Queens, Knights: no cricca)."""
    hand = _hand({0: "KS QS NS AS KC QC NC AC AB 6S 7S 8S 9S 10S 6B"})
    legal = {a.families for a in hand.legal_actions()}
    assert legal == {
        (),
        ("Spade",),
        ("Coppe",),
        ("Assi",),
        ("Spade", "Coppe"),
        ("Spade", "Assi"),
        ("Coppe", "Assi"),
        ("Spade", "Coppe", "Assi"),
    }
    probe = hand.clone()
    probe.apply(declare(["Spade", "Coppe"]))
    assert probe.declarations[0].points == 30
    hand.apply(declare(["Spade", "Coppe", "Assi"]))
    assert hand.declarations[0].points == 80


def test_s5_declared_cards_and_counters_are_public() -> None:
    """§5: "The cards of a declared combination are shown to everybody ... the counters used are
    shown too": seat 0's Grande ANG LUN + BEG in terza + T16 (1 + 1 + 1 + 1 = 4 → 15) is seen
    by every seat; T14 (after the scavezzo) is not shown."""
    hand = _hand({0: "ANG LUN T16 T14 BEG"})
    hand.apply(declare(["Grande"]))
    for seat in range(4):
        shown = hand.view(seat).declarations[0]
        assert shown.cards == m("ANG LUN T16 BEG") and shown.points == 15


def test_s5_declarations_go_to_the_declarers_side_and_score_again_as_captured() -> None:
    """§5: "The points go to the declarer's side ... the same cards may score again there":
    in a whole hand each side's declarations are those of its two players, added to what its
    pile scores (§8.4)."""
    for seed in range(4):
        hand = Hand.deal(shuffled_pack(random.Random(seed)), seed % 4)
        while hand.phase != Phase.OVER:  # legal_actions()[0] declares everything
            hand.apply(hand.legal_actions()[0])
        for side in (0, 1):
            mine = [d.points for d in hand.declarations if d is not None and d.seat % 2 == side]
            s = hand.result.sides[side]
            assert s.declarations == sum(mine)
            assert s.raw == s.captured_combinations + s.card_points + s.last_trick + sum(mine)
        assert any(d.points for d in hand.declarations)


def test_s5_partners_never_combine_hands() -> None:
    """§5: "Partners never combine hands for a declaration": AS AB with seat 1 and AC with his
    partner seat 3 are no Assi for either."""
    hand = _hand({1: "AS AB", 3: "AC"}, dealer=0)
    offered: dict[int, set[str]] = {}
    _first_trick(hand, {}, offered)
    assert "Assi" not in offered[1] | offered[3]
    with pytest.raises(IllegalActionError, match="does not realise Assi"):
        _hand({1: "AS AB", 3: "AC"}, dealer=0).apply(declare(["Assi"]))


def test_s5_no_declarations_after_the_first_trick() -> None:
    """§5: "there are no declarations after the first trick"."""
    hand = _hand({2: "KS KB KC"})
    _first_trick(hand, {})
    assert hand.tricks and hand.phase == Phase.PLAY
    with pytest.raises(IllegalActionError):
        hand.apply(declare(["Re"]))


# --- §5 calling out at the target -----------------------------------------------------------------


def test_s5_call_out_on_reaching_the_target_exactly() -> None:
    """§5: "if the declaring side's match score plus all the points its members have declared so
    far in this hand reaches the target (800), that side wins the match at once and the hand stops
    there": 790 + Coppe K Q N 10 = 800; seat 1 never declares."""
    hand = _hand({0: "KC QC NC " + _fill(12)}, scores=(790, 0))
    _first_trick(hand, {0: ("Coppe",)})
    assert hand.phase == Phase.OVER and hand.result.called_out == 0
    assert hand.declarations[1] is None and hand.trick == []


def test_s5_call_out_counts_the_declared_points_unrounded() -> None:
    """§5: the score "plus all the points its members have declared" — not rounded: 785 + Cavalli
    13 = 798 is short of 800 (rounded, 15, it would reach it): no call-out; the hand goes on."""
    hand = _hand({0: "NS NB NC " + _fill(12)}, scores=(785, 0))
    _first_trick(hand, {0: ("Cavalli",)})
    assert hand.result is None and len(hand.tricks) == 1


def test_s5_only_the_declaring_side_calls_out() -> None:
    """§5: the *declaring* side's score: side 1 at 795 is not carried over 800 by side 0's
    declaration, and side 0 at 700 with 17 is far from it."""
    hand = _hand({0: "KS KB KC"}, scores=(700, 795))
    _first_trick(hand, {0: ("Re",)})
    assert hand.result is None and hand.tricks


def test_s5_called_out_hand_counts_only_declarations_rounded() -> None:
    """§5 HOUSE RULE: "no cards are counted. Each side's hand total is the points its players
    declared in this hand (the other side's declarations made before the call-out count too),
    rounded to 5": seat 0 Fanti 12 (side 0 at 600), seat 1 Cavalli 13 (side 1 at 775: 788),
    seat 2 Regine 14 (side 0: 626), seat 3 the four Kings 34: 775 + 13 + 34 = 822, side 1 calls
    out. Side 0: 26 → 25; side 1: 47 → 45."""
    hand = _hand(
        {
            0: "JS JB JC 6S 7S 8S 9S 10S 6B 7B 8B 9B 10B T12 T11",
            1: "NS NB NC 6C 7C 8C 9C 10C 6D 7D 8D 9D 10D T10 T9",
            2: "QS QB QC AS AB T16 T15 T14 T13 T8 T7 T6 T5 MO1 SOL",
            3: "KS KB KC KD QD ND JD AC AD ANG MON LUN MO2 MO3 MO4 BEG MAT",
        },
        scores=(600, 775),
        scarto="AC AD",
    )
    offered: dict[int, set[str]] = {}
    _first_trick(hand, {0: ("Fanti",), 1: ("Cavalli",), 2: ("Regine",), 3: ("Re",)}, offered)
    assert "Re" in offered[3]
    assert (offered[0], offered[1], offered[2]) == ({"Fanti"}, {"Cavalli"}, {"Regine"})
    result = hand.result
    assert result.called_out == 1
    assert [
        (s.declarations, s.captured_combinations, s.card_points, s.last_trick, s.total)
        for s in result.sides
    ] == [(26, 0, 0, 0, 25), (47, 0, 0, 0, 45)]
    assert result.scores_after == (625, 820)


def test_s5_s9_the_calling_side_wins_the_match_at_once() -> None:
    """§9: "Reaching it during declarations wins at once (§5)": the match is over, no other hand
    is dealt, and no more action is taken."""
    match = Match(4, first_dealer=3)
    match.scores = [790, 0]
    match.hand = _hand({0: "KC QC NC " + _fill(12)}, scores=(790, 0))
    match.apply(declare(["Coppe"]))
    assert match.winner == 0 and match.phase == Phase.MATCH_OVER
    assert match.scores == [800, 0] and len(match.results) == 1
    with pytest.raises(IllegalActionError):
        match.apply(play(card("6S")))


def test_s5_no_call_out_in_a_hand_begun_at_or_over_the_target() -> None:
    """§5 HOUSE RULE: "a hand that starts with both sides at or over the target is always played
    out to the 15th trick; declarations score as usual": 800–800, Re 17 declared, the hand goes
    on and the 17 is counted at the end."""
    hand = _hand({0: "KS KB KC"}, scores=(800, 800))
    _first_trick(hand, {0: ("Re",)})
    assert hand.result is None
    while hand.phase != Phase.OVER:
        hand.apply(hand.legal_actions()[0])
    assert hand.result.called_out is None and len(hand.tricks) == 15
    assert hand.result.sides[0].declarations == 17


# --- §9 the match ---------------------------------------------------------------------------------


def _finish_hand_at(match: Match, seed: int, scores: tuple[int, int]) -> None:
    action, (t0, t1) = last_action_totals(match, random.Random(seed))
    match.scores = [scores[0] - t0, scores[1] - t1]
    match.apply(action)
    assert match.scores == list(scores)


def test_s9_the_default_target_is_800_and_a_multiple_of_5() -> None:
    """§9: "The first side whose match score reaches 800 wins (the target is a setting, a
    multiple of 5)"."""
    assert DEFAULT_TARGET == 800 == Rules().target == Match(1).hand.target
    assert Rules(target=5).target == 5
    for bad in (0, 801, -5):
        with pytest.raises(ValueError):
            Rules(target=bad)


@pytest.mark.parametrize(
    ("scores", "winner"),
    [
        ((800, 0), 0),  # reaching the target exactly
        ((795, 795), None),  # both short: play on
        ((790, 805), 1),
        ((900, 805), 0),  # both over: the higher
        ((805, 900), 1),
        ((800, 800), None),  # equal at the target: another hand
        ((950, 950), None),
    ],
)
def test_s9_who_wins_after_a_hand(scores: tuple[int, int], winner: int | None) -> None:
    """§9: the first side to reach the target wins; "If after a hand both sides are at or over the
    target, the higher score wins; if they are equal, another hand is played"."""
    match = Match(11)
    _finish_hand_at(match, 2, scores)
    assert match.winner == winner
    if winner is None:
        assert match.hand.phase == Phase.DISCARD and match.hand.scores == scores


def test_s9_ties_go_on_until_one_side_is_ahead_and_the_deal_passes() -> None:
    """§9: "another hand is played, in full (no call-out, §5), and so on until one side is
    ahead"; §3: the deal passes to the next seat every hand, the extra ones too."""
    match = Match(6, Rules(target=100), first_dealer=2)
    _finish_hand_at(match, 1, (100, 100))
    assert match.hand.dealer == 3 and not match.hand.call_out_possible
    _finish_hand_at(match, 2, (180, 180))
    assert match.hand.dealer == 0 and match.winner is None
    _finish_hand_at(match, 3, (260, 255))
    assert match.winner == 0


def test_s9_a_new_match_starts_from_0_0() -> None:
    """§9: "A new match starts from 0–0"."""
    match = Match(9)
    _finish_hand_at(match, 1, (805, 300))
    assert match.winner == 0
    again = match.restart()
    assert again.scores == [0, 0] and again.hand.scores == (0, 0) and again.winner is None
    assert Match(10).scores == [0, 0]
