"""The bots and partners' signals (RULES.md §10a): they give only signals the rule allows, and
their deals of the hidden cards honour every signal given (a volo: none of the suit left; a
striscio: one at least, until its player plays one)."""

from __future__ import annotations

import random
from collections import Counter

from ai.contain import ask
from ai.inference import Knowledge
from ai.registry import make_bot
from game.actions import Action, Move, play, signalled
from game.cards import SUIT_MASK, card
from game.match import Match
from game.phase import Phase
from game.rules import Rules
from game.signals import BUSSO, STRISCIO, VOLO, signal_facts
from game.view import PlayerView

COPPE = SUIT_MASK[2]


def _played_hand(seed: int, level: str, **options: object) -> tuple[Match, list[PlayerView]]:
    """One hand with signals played by four bots of ``level`` (the engine refuses any signal
    the rule does not allow); the views of each decision with a signal given before it."""
    match = Match(seed, Rules(signals=True))
    bots = [make_bot(level, **options) for _ in range(4)]
    rng = random.Random(seed)
    views = []
    while not match.results:
        view = match.view(match.turn)
        if view.signalled:
            views.append(view)
        action, faults = ask(bots[view.seat], view, rng)
        assert not faults
        match.apply(action)
    return match, views


def _given(match: Match) -> Counter[str]:
    return Counter(a.split()[2] for a in match.actions if len(a.split()) == 3 and "play" in a)


def test_easy_bots_give_every_signal_and_never_a_refused_one() -> None:
    given: Counter[str] = Counter()
    for seed in range(6):
        given += _given(_played_hand(seed, "easy")[0])
    assert set(given) == {BUSSO, STRISCIO, VOLO}, given


def test_the_hard_bot_signals_unless_told_not_to() -> None:
    match, _ = _played_hand(2, "hard", iterations=8)
    assert _given(match)
    quiet, _ = _played_hand(2, "hard", iterations=8, signals=False)
    assert not _given(quiet)


def test_the_random_bot_gives_none() -> None:
    assert not _given(_played_hand(1, "random")[0])


def test_without_the_option_no_bot_signals() -> None:
    match = Match(3)
    bot = make_bot("easy")
    while not match.results:
        view = match.view(match.turn)
        action = bot.choose(view, view.legal, random.Random(0))
        assert not action.signal
        match.apply(action)


def test_the_deals_honour_the_signals() -> None:
    checked = 0
    for seed in range(3):
        _, views = _played_hand(seed, "easy")
        for view in views[::5]:
            facts = signal_facts(view.history)
            knowledge = Knowledge(view)
            for i in range(4):
                hands, _ = knowledge.sample(random.Random(i))
                for seat in range(4):
                    if seat == view.seat:
                        continue
                    assert not hands[seat] & facts.none_of[seat]
                    assert all(hands[seat] & suit for suit in facts.some_of[seat])
                    checked += 1
    assert checked > 100


def test_signal_facts_follow_the_play() -> None:
    def moves(*plays: tuple[int, str, str]) -> list[Move]:
        return [Move(seat, signalled(card(code), signal)) for seat, code, signal in plays]

    facts = signal_facts(moves((1, "7C", STRISCIO), (2, "9S", VOLO), (3, "6D", BUSSO)))
    assert facts.some_of[1] == [COPPE] and facts.none_of[2] == SUIT_MASK[0]
    assert not facts.some_of[3] and not facts.none_of[3]  # a request states nothing
    later = signal_facts([*moves((1, "7C", STRISCIO)), Move(1, play(card("8C")))])
    assert later.some_of[1] == []  # the card it held may be the one played since


def test_a_refused_signal_from_a_bot_is_a_fault() -> None:
    class Liar:
        name = "liar"

        def choose(self, view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
            return signalled(legal[0].card, STRISCIO) if legal[0].kind == "play" else legal[0]

    match = Match(4, Rules(signals=True))
    while match.phase != Phase.PLAY:
        match.apply(match.legal_actions()[0])
    action, faults = ask(Liar(), match.view(match.turn), random.Random(0))  # too early
    assert faults and not action.signal
