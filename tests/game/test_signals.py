"""Partners' signals (RULES.md §10a), against ../shared/vectors/signals.json: may this card carry
this signal now, and if not, why."""

from __future__ import annotations

import pytest

from game import record, wire
from game.actions import Action, play, signalled
from game.cards import CODES, card, parse_cards
from game.errors import IllegalActionError, SignalRefusedError
from game.history import replay_hands
from game.match import Match
from game.phase import Phase
from game.rules import Rules
from game.signals import (
    BUSSO,
    FALSE_SIGNAL,
    NO_SIGNALS,
    NOT_SUIT_CARD,
    SIGNALS,
    STRISCIO,
    TOO_EARLY,
    UNKNOWN_SIGNAL,
    VOLO,
    allowed_signals,
    signal_refusal,
    view_refusal,
)
from tests.support.deals import load_vectors, m

VECTORS = load_vectors("signals.json")
# The reason a refused case gives, from the words of its "why".
REASONS = {
    "false": FALSE_SIGNAL,
    "too early": TOO_EARLY,
    "unaccounted": TOO_EARLY,
    "signals go only": NOT_SUIT_CARD,
}


def _reason(case: dict) -> str | None:
    if case["allowed"]:
        return None
    return next(code for start, code in REASONS.items() if start in case["why"])


@pytest.mark.parametrize(
    "case",
    VECTORS["cases"],
    ids=lambda c: f"{c['card']} {c['signal']}|{c['hand']}|{c['played']}|{c.get('discard', '')}",
)
def test_signal_vectors(case: dict) -> None:
    refusal = signal_refusal(
        case["signal"],
        card(case["card"]),
        m(case["hand"]),
        parse_cards(case["played"]),
        m(case.get("discard", "")),
    )
    assert (refusal is None) == case["allowed"], case["why"]
    assert refusal == _reason(case), case["why"]


def test_every_vector_is_read() -> None:
    assert len(VECTORS["cases"]) == 13
    assert {c["signal"] for c in VECTORS["cases"]} == set(SIGNALS)


def test_played_may_be_a_mask() -> None:
    assert signal_refusal(VOLO, card("9C"), m("9C QS"), m("KC 6C")) is None


def test_an_unknown_signal_is_refused() -> None:
    assert signal_refusal("wink", card("7C"), m("7C 9C"), m("KC")) == UNKNOWN_SIGNAL


def test_busso_states_nothing() -> None:
    for hand in ("7C", "7C 9C"):
        assert signal_refusal(BUSSO, card("7C"), m(hand), m("KC")) is None
    assert signal_refusal(STRISCIO, card("7C"), m("7C"), m("KC")) == FALSE_SIGNAL


# ----------------------------------------------------------------- the engine with the option
def _signal_moves(seed: int, signals: bool = True) -> Match:
    """A match played by first legal actions until a dozen signals have been tried and checked:
    the engine takes a signalled card exactly when the rule allows it, from the player's view."""
    match = Match(seed, Rules(signals=signals))
    tried = 0
    while match.phase != Phase.MATCH_OVER and len(match.results) < 1:
        view = match.view(match.turn)
        if view.phase == Phase.PLAY:
            for action in view.legal:
                for signal in SIGNALS:
                    expected = view_refusal(view, signal, action.card) if signals else NO_SIGNALS
                    trial = match.clone()
                    try:
                        trial.apply(signalled(action.card, signal))
                    except SignalRefusedError as exc:
                        assert exc.reason == expected
                    else:
                        assert expected is None
                        assert trial.actions[-1] == f"play {CODES[action.card]} {signal}"
                    tried += 1
        match.apply(view.legal[0])
    assert tried > 100
    return match


def test_the_engine_takes_a_signal_when_the_rule_allows_it() -> None:
    _signal_moves(3)


def test_without_the_option_every_signal_is_refused() -> None:
    _signal_moves(4, signals=False)


def _signalling_match(seed: int = 7) -> tuple[Match, int]:
    """A match with signals, played by first legal actions each with its first allowed signal,
    to the end of its first hand; and how many signals were given."""
    match = Match(seed, Rules(signals=True))
    given = 0
    while not match.results:
        view = match.view(match.turn)
        action = view.legal[0]
        if view.phase == Phase.PLAY:
            allowed = allowed_signals(view, action.card)
            if allowed:
                action = signalled(action.card, allowed[0])
                given += 1
        match.apply(action)
    return match, given


def test_a_refused_signal_changes_nothing() -> None:
    match = Match(5, Rules(signals=True))
    while match.phase != Phase.PLAY:
        match.apply(match.legal_actions()[0])
    view = match.view(match.turn)
    suit_card = next(a.card for a in view.legal if a.card < 40)  # a suit card, trick one
    before = (match.actions[:], match.hand.history[:], match.turn)
    with pytest.raises(SignalRefusedError) as refused:
        match.apply(signalled(suit_card, STRISCIO))
    assert refused.value.reason in (TOO_EARLY, FALSE_SIGNAL)
    assert (match.actions, match.hand.history, match.turn) == before


def test_signals_are_public_and_recorded() -> None:
    match, given = _signalling_match()
    assert given > 0
    hand = replay_hands(match)[0]
    moves = [mv for mv in hand.history if mv.action.signal]
    assert len(moves) == given
    for seat in range(4):  # every seat sees every signal
        view = hand.view(seat)
        assert view.signalled == tuple(moves)
        assert view.signal_of(moves[0].action.card) == moves[0].action.signal
        assert wire.view_from_json(wire.loads(wire.dumps(wire.view_to_json(view)))) == view
    again = record.loads(record.dumps(match))
    assert again.rules.signals and again.actions == match.actions


def test_a_record_without_the_option_plays_without_signals() -> None:
    match = Match(2)
    match.apply(match.legal_actions()[0])
    data = record.to_json(match)
    assert "signals" not in data["rules"]  # records written before the option read alike
    assert not record.from_json(data).rules.signals
    assert Rules.from_json({"target": 800, "signals": True}).signals
    with pytest.raises(ValueError):
        Rules.from_json({"target": 800, "signals": "yes"})


def test_a_signalled_play_reads_and_writes_as_text() -> None:
    action = Action.parse("play 7c Striscio")
    assert action == signalled(card("7C"), STRISCIO) and str(action) == "play 7C striscio"
    assert Action.parse("play 7C") == play(card("7C")) == signalled(card("7C"), "")
    with pytest.raises(IllegalActionError):
        Action.parse("play 7C wink")
    view = Match(1, Rules(signals=True)).view(0)
    assert wire.view_to_json(view)["signals"] is True
    assert "signals" not in wire.view_to_json(Match(1).view(0))
