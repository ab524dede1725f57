"""The hint's reasons in words (text.hints over ai.explain): one for every card, short enough to
sit beside the card on an 80-column table, and true to the trick."""

from __future__ import annotations

import textwrap
from dataclasses import replace

from ai.explain import Explanation, explain, explain_card, explain_discard, sure_to_hold
from game.actions import PLAYS, discard
from game.cards import TRUMPS, cards_of, mask_of, parse_card
from game.match import Match
from game.scoring import declarable_families
from game.tricks import winning_index
from game.view import PlayerView
from tests.support.deals import deal_with, m
from tests.support.matches import some_views
from text.hints import forecast, hint_reason, reason_words

# The status area holds two lines of 78 columns; "Hint: play T16 — " takes 17 of them.
ROOM = 2 * 78 - 17


def test_every_legal_card_gets_a_short_reason() -> None:
    seen = set()
    for _, view in some_views(5, every=2):
        if view.phase != "play":
            continue
        for action in view.legal:
            why = replace(explain(view, action, margin=-123.4), likely=(-310.0, 45.0))
            reason = hint_reason(why)
            outlook = (
                "; your side is likely to end the hand about 120 behind "
                "(between 310 behind and 50 ahead)"
            )
            if len(view.tricks) < 2:  # the first two tricks: no better than a guess, not said
                assert "behind" not in reason
            else:
                assert reason.endswith(outlook)
            # (with the forecast, a long one is also told whole in a notification at 80 columns)
            assert len(reason.removesuffix(outlook)) <= ROOM, reason
            seen.add(reason.split(";")[0].split(":")[0])
    assert len(seen) >= 6  # leads, gifts, wins, throws: not one sentence for everything


def test_the_reason_fits_the_trick() -> None:
    for _, view in some_views(7, every=1):
        if view.phase != "play" or not view.trick:
            continue
        partner_winning = (len(view.trick) - winning_index(view.trick)) % 2 == 0
        for action in view.legal:
            reason = hint_reason(explain(view, action))
            if "partner is winning" in reason:
                assert partner_winning
            if reason.startswith("you cannot win"):
                assert not partner_winning


def test_a_hint_without_a_search_still_says_why() -> None:
    for _, view in some_views(3, every=3):
        if view.phase == "play":
            for action in view.legal:
                assert hint_reason(explain(view, action))
            if len(view.legal) > 1:
                choice = view
    assert hint_reason(explain(choice, PLAYS[parse_card("MAT")])).startswith("the Matto")


def test_the_only_legal_card_is_not_said_to_be_chosen() -> None:
    for _, view in some_views(3, every=1):
        if view.phase == "play" and len(view.legal) == 1:
            assert hint_reason(explain(view, view.legal[0], 12.0)).startswith(
                "the only card you may play"
            )
            return
    raise AssertionError("no view with one legal card")


def _lead_view(fixed: dict[int, str]) -> PlayerView:
    """Seat 0's view as it leads the first trick (dealer 3 discarded, seat 0 declared)."""
    hand = deal_with(3, fixed)
    while hand.phase != "play":
        hand.apply(hand.legal_actions()[0])
    view = hand.view(0)
    assert hand.turn == 0 and not view.trick
    return view


def test_a_lead_is_not_said_to_be_unbeatable_while_trumps_are_out() -> None:
    view = _lead_view({0: "KS 7S KB QB NB JB AB 6B 7B 8B 9B 10B KC QC NC", 1: "ANG QS 8S 9S"})
    assert reason_words(explain_card(view, parse_card("KS"))) == (
        "no higher Spade is left in the others' hands: it wins unless somebody trumps it"
    )


def test_sure_to_hold_asks_for_no_stronger_card_and_for_a_suit_card_no_trump() -> None:
    ang, ks, qs = parse_card("ANG"), parse_card("KS"), parse_card("QS")
    assert sure_to_hold(ang, TRUMPS & ~(1 << ang), False)  # the top trump
    assert not sure_to_hold(parse_card("MON"), TRUMPS, False)  # the Angelo is out
    assert not sure_to_hold(ks, m("T5"), False)  # a trump may take a suit card
    assert sure_to_hold(ks, m("MAT QS 7S"), False)  # the Matto takes nothing
    assert not sure_to_hold(qs, m("KS"), False)
    assert sure_to_hold(qs, m("KS ANG"), True)  # the trick's last card


def status_lines(reason: str) -> int:
    """The lines of 78 columns the discard hint takes, wrapped between words."""
    return len(textwrap.wrap(f"Hint: discard 10♠ 10♣ — {reason}", 78))


def test_every_discard_reason_fits_the_status_lines_with_its_families_and_forecast() -> None:
    longest = 0
    for seed in range(1, 120):
        match = Match(seed)
        view = match.view(match.turn)
        assert view.phase == "discard"
        for action in view.legal:
            reason = hint_reason(explain(view, action, margin=-123.4))
            longest = max(longest, len(reason))
            assert status_lines(reason) <= 2, reason
            assert "behind" not in reason  # before the first trick: no better than a guess
            kept = view.hand & ~mask_of(action.cards)
            for family in declarable_families(kept):
                assert family in reason
    assert longest > 110  # the long ones were met, and shortened where they had to be


def test_a_discard_keeping_eight_families_still_names_them_all() -> None:
    hand = m("ANG MON SOL BEG MAT KS QS NS AS KB QB KC QC KD QD 7S 6S")
    kept = hand & ~m("7S 6S")
    families = declarable_families(kept)
    assert len(families) >= 8
    reasons = explain_discard(hand, discard(*cards_of(m("7S 6S"))))
    reason = hint_reason(Explanation(reasons, 1234.0, True, True))
    assert status_lines(reason) <= 2, reason
    assert all(f in reason for f in families) and "ahead" not in reason


def test_the_forecast_says_a_likely_range_to_the_nearest_ten() -> None:
    assert forecast(-331.0, (-460.0, -212.0)) == (
        "your side is likely to end the hand about 330 behind (between 210 and 460 behind)"
    )
    assert forecast(88.0, (14.0, 151.0)) == (
        "your side is likely to end the hand about 90 ahead (between 10 and 150 ahead)"
    )
    assert forecast(-4.0, (-120.0, 96.0)) == (
        "your side is likely to end the hand about even (between 120 behind and 100 ahead)"
    )
    assert forecast(-45.0) == "your side is likely to end the hand about 50 behind"
    assert forecast(5.0) == "your side is likely to end the hand about 10 ahead"


def test_no_word_of_jargon_goes_unexplained() -> None:
    """A newcomer reads the hint: "scartino" comes with what it is, no "card value", no "void"."""
    for _, view in some_views(5, every=1):
        if view.phase not in ("play", "discard"):
            continue
        for action in view.legal:
            reason = hint_reason(explain(view, action))
            assert "card value" not in reason and "void" not in reason, reason
            if "scartino" in reason:
                assert "scartino (a low card worth nothing)" in reason, reason
