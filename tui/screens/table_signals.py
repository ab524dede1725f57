"""Partners' signals at the table (RULES.md §10a, when the match allows them): the person at the
keyboard presses the key of a signal (B busso, S striscio, V volo), then chooses the card that
carries it; the same key or Esc takes the signal back. A signal the rule refuses is said why and
changes nothing (no card is played)."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from rich.text import Text
from textual.binding import Binding, BindingType

from game.actions import Action, signalled
from game.cards import Card
from game.phase import Phase
from game.signals import SIGNALS, allowed_signals, view_refusal
from game.view import PlayerView
from table.session import TableSession
from text.presenter import TrickTexts, card_refusal
from text.render import Look
from text.signals import (
    SIGNAL_KEYS,
    key_entries,
    no_signal_now,
    signal_cancelled,
    signal_prompt,
    signal_refusal_words,
)
from tui.screens.table_notices import Notices


def with_note(trick: TrickTexts, note: Text) -> TrickTexts:
    """``trick`` with ``note`` (:func:`trick_signal_note`) after its second caption line."""

    def noted(captions: tuple[Text, Text]) -> tuple[Text, Text]:
        second = captions[1].copy()
        if second.plain:
            second.append("  ")
        second.append_text(note)
        return captions[0], second

    short = None if trick.short is None else noted(trick.short)
    return replace(trick, captions=noted(trick.captions), short=short)


SIGNAL_BINDINGS: list[BindingType] = [
    Binding(SIGNAL_KEYS[s], f"signal('{s}')", s.capitalize(), show=False) for s in SIGNALS
]


class SignalsTable(Protocol):
    """The table screen as its signals see it."""

    @property
    def session(self) -> TableSession: ...
    @property
    def look(self) -> Look: ...

    def current_view(self) -> PlayerView: ...
    def my_turn(self) -> PlayerView | None: ...
    def say(self, message: Text | str) -> None: ...
    def perform(self, action: Action) -> None: ...
    def redraw(self) -> None: ...


class Signals:
    """The signal the person at the keyboard has chosen for his next card, if any."""

    def __init__(self, table: SignalsTable, notices: Notices) -> None:
        self.table, self.notices = table, notices
        self._pending: tuple[str, int] | None = None  # (signal, the ply it was chosen at)

    @property
    def pending(self) -> str | None:
        """The signal waiting for its card: only at the turn it was chosen at."""
        if self._pending is None:
            return None
        signal, ply = self._pending
        if ply != self.table.session.ply or self._view() is None:
            self._pending = None
            return None
        return signal

    def _view(self) -> PlayerView | None:
        """The viewer's view when it is his turn to play a card in a match with signals."""
        view = self.table.my_turn()
        if view is None or not view.signals or view.phase != Phase.PLAY:
            return None
        return view

    def offered(self) -> bool:
        """The signal keys work: the match allows signals (fixed for the whole match)."""
        return self.table.current_view().signals

    def possible(self) -> tuple[str, ...]:
        """The signals some legal card of the viewer's may carry now."""
        view = self._view()
        if view is None:
            return ()
        return tuple(
            s for s in SIGNALS if any(s in allowed_signals(view, a.card) for a in view.legal)
        )

    def keyed(self, keys: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        """The key bar's ``keys`` with those of the signals possible now after the first (the
        key that plays the card)."""
        if self._view() is None or not keys:
            return keys
        return [keys[0], *key_entries(self.possible(), self.pending), *keys[1:]]

    def press(self, signal: str) -> None:
        """The key of ``signal``: choose it for the next card, or take it back."""
        table = self.table
        view = self._view()
        if view is None:
            self.notices.refuse(no_signal_now(signal))
            return
        if self.pending == signal:
            self.cancel()
            return
        if signal not in self.possible():
            self.notices.refuse(no_signal_now(signal))
            return
        self._pending = (signal, table.session.ply)
        table.redraw()
        table.say(signal_prompt(signal, SIGNAL_KEYS[signal]))

    def cancel(self) -> bool:
        """Take back the signal chosen (Esc); False when there was none."""
        signal = self.pending
        if signal is None:
            return False
        self._pending = None
        self.table.redraw()
        self.table.say(signal_cancelled(signal))
        return True

    def choose(self, card: Card) -> bool:
        """``card`` chosen while a signal waits: played with it, or refused with the reason
        (nothing changes). False when no signal waits (the card is the hand's to play)."""
        signal = self.pending
        view = self._view()
        if signal is None or view is None:
            return False
        table = self.table
        refusal = card_refusal(view, card, table.look)
        if refusal:
            table.say(Text(refusal, style="bold"))
            return True
        code = view_refusal(view, signal, card)
        if code is not None:
            words = signal_refusal_words(code, signal, card, table.look)
            table.say(Text(words, style="bold"))
            return True
        self._pending = None
        table.perform(signalled(card, signal))
        return True
