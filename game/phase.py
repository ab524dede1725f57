"""The phases of a hand and of a match (RULES.md §4–§9)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a hand stands; the values are the words used in views, saves and messages."""

    DISCARD = "discard"  # the dealer discards two cards (*scarto*)
    DECLARE = "declare"  # a player declares (*accusi*) before his first card
    PLAY = "play"  # a card is to be played
    OVER = "over"  # the hand is scored
    MATCH_OVER = "match_over"  # a side has won the match
