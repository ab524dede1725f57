"""Partners' signals (RULES.md §10a) in words: the log's line for a card played with one, the
note under the trick, why a signal is refused, what the table asks while one is chosen.

The signals keep their Italian names (*busso*, *striscio*, *volo*) in both languages: they are
the game's own words."""

from __future__ import annotations

from rich.text import Text

from game.cards import SUIT, SUIT_NAMES, TRUMP, Card
from game.signals import (
    BUSSO,
    FALSE_SIGNAL,
    NO_SIGNALS,
    NOT_SUIT_CARD,
    SIGNALS,
    STRISCIO,
    TOO_EARLY,
    VOLO,
)
from game.view import PlayerView
from text.language import N_, _
from text.render import Look, card_text, face

YOU = "You"  # the name of the person at the keyboard, as text.words conjugates it

# The key of each signal at the table (upper case: the lower-case letters choose cards).
SIGNAL_KEYS = {BUSSO: "B", STRISCIO: "S", VOLO: "V"}
# Each signal's name on the key bar (the game's own words, the same in both languages).
SIGNAL_LABELS = {BUSSO: N_("Busso"), STRISCIO: N_("Striscio"), VOLO: N_("Volo")}


def _filled(template: str, name: str, card: Text, suit: str) -> Text:
    """``template`` with ``{name}`` in bold, ``{card}`` as drawn and ``{suit}`` filled in."""
    text = Text()
    rest = template.replace("{suit}", suit)
    while rest:
        at = [(rest.find(mark), mark) for mark in ("{name}", "{card}") if mark in rest]
        if not at:
            text.append(rest)
            break
        i, mark = min(at)
        text.append(rest[:i])
        if mark == "{name}":
            text.append(name, style="bold")
        else:
            text.append_text(card)
        rest = rest[i + len(mark) :]
    return text


def _log_template(signal: str, you: bool) -> str:
    """The log's sentence for a card played with ``signal`` (by the person at the keyboard)."""
    if signal == BUSSO:
        return (
            _("You knock on {card}: you ask for the best {suit}")
            if you
            else _("{name} knocks on {card}: asks for the best {suit}")
        )
    if signal == STRISCIO:
        return (
            _("You slide {card}: you hold more {suit}")
            if you
            else _("{name} slides {card}: holds more {suit}")
        )
    return (
        _("You let {card} fly: you have no more {suit}")
        if you
        else _("{name} lets {card} fly: has no more {suit}")
    )


def signal_log_line(name: str, c: Card, signal: str, look: Look) -> Text:
    """The log's line for ``c`` played by ``name`` with ``signal``: "Carla slides 7♥: holds
    more Coppe"."""
    template = _log_template(signal, name == YOU)
    return _filled(template, name, card_text(c, look), SUIT_NAMES[SUIT[c]])


def trick_signal_note(view: PlayerView, cards: list[Card], look: Look) -> Text | None:
    """The signals the cards of the trick on the table carried ("7♥ striscio"), or None."""
    given = [(c, view.signal_of(c)) for c in cards]
    given = [(c, s) for c, s in given if s]
    if not given:
        return None
    text = Text()
    for i, (c, signal) in enumerate(given):
        if i:
            text.append(f" {look.dot} ")
        text.append(f"{face(c, look)} {signal}", style="italic")
    return text


def signal_refusal_words(code: str, signal: str, c: Card, look: Look) -> str:
    """Why ``c`` may not carry ``signal`` now, for the reason ``code`` of :mod:`game.signals`."""
    card = face(c, look)
    if code == NO_SIGNALS:
        return _("This match is played without signals.")
    if code == NOT_SUIT_CARD:
        return _("No {signal} with {card}: signals go only with a card of the four suits.").format(
            signal=signal, card=card
        )
    suit = SUIT_NAMES[SUIT[c]] if SUIT[c] < TRUMP else ""
    if code == TOO_EARLY:
        return _(
            "No {signal} with {card} yet: the King of {suit} has not been played and trumps "
            "are still out."
        ).format(signal=signal, card=card, suit=suit)
    if code == FALSE_SIGNAL and signal == STRISCIO:
        return _("No striscio with {card}: it is your last {suit}.").format(card=card, suit=suit)
    if code == FALSE_SIGNAL:
        return _("No volo with {card}: you still hold {suit}.").format(card=card, suit=suit)
    return _("{signal} is not a signal of the game.").format(signal=signal)


def table_refusal_words(code: str) -> str:
    """Why a table refused a card's signal, from the reason ``code`` alone (the table's
    ``signal`` error): the card was not played."""
    if code == NO_SIGNALS:
        return _("This match is played without signals.")
    if code == NOT_SUIT_CARD:
        return _("The table refused the signal: signals go only with a card of the four suits.")
    if code == TOO_EARLY:
        return _(
            "The table refused the signal: that suit's King has not been played and trumps are "
            "still out."
        )
    if code == FALSE_SIGNAL:
        return _("The table refused the signal: it would not be true. The card was not played.")
    return _("The table refused the signal: the card was not played.")


def signal_prompt(signal: str, key: str) -> str:
    """What the status line says while ``signal`` waits for its card (``key`` cancels it)."""
    if signal == BUSSO:
        return _("Busso: choose the card to knock on ({key} again or Esc cancels).").format(key=key)
    if signal == STRISCIO:
        return _("Striscio: choose the card to slide ({key} again or Esc cancels).").format(key=key)
    return _("Volo: choose the card to let fly ({key} again or Esc cancels).").format(key=key)


def no_signal_now(signal: str) -> str:
    """Why the key of ``signal`` does nothing now: no card of the hand may carry it."""
    return _("No card of your hand may carry a {signal} now.").format(signal=signal)


def signal_cancelled(signal: str) -> str:
    return _("No {signal}: choose a card to play it without a signal.").format(signal=signal)


def key_entries(signals: tuple[str, ...], pending: str | None) -> list[tuple[str, str, str]]:
    """The key bar's entries of the signals possible now (the one chosen marked)."""
    out = []
    for signal in SIGNALS:
        if signal in signals or signal == pending:
            label = _(SIGNAL_LABELS[signal])
            if signal == pending:
                label = f"[{label}]"
            out.append((SIGNAL_KEYS[signal], label, f"signal('{signal}')"))
    return out
