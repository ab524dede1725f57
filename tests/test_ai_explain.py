"""The hint's reasons: one for every card, short enough to sit beside the card on an 80-column
table, and true to the trick."""

from __future__ import annotations

import textwrap

from ai.explain import explain, explain_discard
from game.actions import PLAYS, discard
from game.cards import cards_of, mask_of, parse_card
from game.match import Match
from game.scoring import declarable_families
from game.tricks import winning_index
from tests.helpers import m
from tests.test_ai_bots import some_views

# The status area holds two lines of 78 columns; "Hint: play T16 — " takes 17 of them.
ROOM = 2 * 78 - 17


def test_every_legal_card_gets_a_short_reason() -> None:
    seen = set()
    for _, view in some_views(5, every=2):
        if view.phase != "play":
            continue
        for action in view.legal:
            reason = explain(view, action, margin=-123.4)
            assert reason.endswith("; your side should end the hand about 123 behind")
            assert len(reason) <= ROOM, reason
            seen.add(reason.split(";")[0].split(":")[0])
    assert len(seen) >= 6  # leads, gifts, wins, throws: not one sentence for everything


def test_the_reason_fits_the_trick() -> None:
    for _, view in some_views(7, every=1):
        if view.phase != "play" or not view.trick:
            continue
        partner_winning = (len(view.trick) - winning_index(view.trick)) % 2 == 0
        for action in view.legal:
            reason = explain(view, action)
            if "partner is winning" in reason:
                assert partner_winning
            if reason.startswith("you cannot win"):
                assert not partner_winning


def test_a_hint_without_a_search_still_says_why() -> None:
    for _, view in some_views(3, every=3):
        if view.phase == "play":
            for action in view.legal:
                assert explain(view, action)
    assert explain(view, PLAYS[parse_card("MAT")]).startswith("the Matto")




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
            reason = explain(view, action, margin=-123.4)
            longest = max(longest, len(reason))
            assert status_lines(reason) <= 2, reason
            assert reason.endswith("about 123 behind"), reason
            kept = view.hand & ~mask_of(action.cards)
            for family in declarable_families(kept):
                assert family in reason
    assert longest > 110  # the long ones were met, and shortened where they had to be


def test_a_discard_keeping_eight_families_still_names_them_all() -> None:
    hand = m("ANG MON SOL BEG MAT KS QS NS AS KB QB KC QC KD QD 7S 6S")
    kept = hand & ~m("7S 6S")
    families = declarable_families(kept)
    assert len(families) >= 8
    reason = explain_discard(hand, discard(*cards_of(m("7S 6S"))), 1234.0)
    assert status_lines(reason) <= 2, reason
    assert all(f in reason for f in families) and "about 1234 ahead" in reason
