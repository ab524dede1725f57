"""The coach in the tests: off unless a test asks for it.

A new player gets the coach (store.newcomer: fewer than three finished matches); every test's data
directory is new, so every test would get it, its words and its worker after each card. The tests'
own setup (tests/conftest.py) makes nobody new: the coach speaks only where a test chooses it
(``Settings(coach="on")``, or :func:`new_players_coached` for the rule itself)."""

from __future__ import annotations

import pytest

import store.newcomer

GAME_RULE = store.newcomer.NEW_PLAYER_MATCHES  # (read before any test patches it)


def quiet_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody is a new player: the coach is off unless the settings choose it."""
    monkeypatch.setattr(store.newcomer, "NEW_PLAYER_MATCHES", 0)


def new_players_coached(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's own rule again: the coach is on for a player with few finished matches."""
    monkeypatch.setattr(store.newcomer, "NEW_PLAYER_MATCHES", GAME_RULE)
