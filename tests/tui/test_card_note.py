"""The note of a card under the cursor names the card once: "Q♠ Regina di Spade (Queen of
Swords) is not legal: you have no Denari, so you must play a trump" (it said "Q♠ Regina di Spade
(Queen of Swords)  Q♠ is not legal: ...", the card twice)."""

from __future__ import annotations

from dataclasses import replace

from game.actions import discard, play
from game.cards import INDEX, MAT
from game.phase import Phase
from tests.support.deals import deal_with
from text.presenter import card_note
from text.render import Look

ASCII = Look(ascii=True)


def test_a_card_that_may_not_be_played_is_named_once() -> None:
    hand = deal_with(3, {0: "QS T5 BEG MAT", 1: "7D"})
    view = replace(
        hand.view(0),
        phase=Phase.PLAY,
        turn=0,
        trick=(INDEX["7D"],),
        legal=(play(INDEX["T5"]), play(INDEX["BEG"]), play(MAT)),
    )
    note = card_note(view, INDEX["QS"], Look()).plain
    assert note == (
        "Q♠ Regina di Spade (Queen of Swords) is not legal: you have no Denari, so "
        "you must play a trump (or play the Matto)"
    )
    assert card_note(view, INDEX["QS"], ASCII).plain.startswith(
        "QS Regina di Spade (Queen of Swords) is not legal: "
    )
    assert card_note(view, INDEX["T5"], Look()).plain.count("T5") == 1  # playable: its name


def test_a_card_that_may_not_be_discarded_is_named_once() -> None:
    hand = deal_with(0, {0: "KS 7S 8S"})
    view = hand.view(0)
    assert view.phase == Phase.DISCARD
    view = replace(view, legal=(discard(INDEX["7S"], INDEX["8S"]),))
    note = card_note(view, INDEX["KS"], Look()).plain
    assert note.startswith("K♠ Re di Spade (King of Swords) may not be discarded: ")
    assert note.count("K♠") == 1
