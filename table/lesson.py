"""The guided first hand (*Learn to play*): a deal made for teaching, its script and its steps.

The deal is fixed and legal; the engine (:class:`game.hand.Hand`) plays it, decides what is
legal and who takes each trick. The script is the hand's whole record (every action, the bots'
and the player's) with the lesson's steps between: a step to read, or the player's own action,
which the lesson waits for and checks against the script. No words here: each step has a key,
and the text layer (:mod:`text.lesson`) says it.

The lesson's place is one number, the step; the table at a step is the deal replayed up to the
step's place in the record, so progress saved is that number alone (:mod:`store.lesson`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import DISCARD, PLAY, Action, declare
from game.cards import Card, card, mask_of
from game.errors import CARD, IllegalActionError
from game.hand import Hand
from game.verdict import discard_verdict
from game.view import PlayerView

YOU = 0  # the player's seat; he deals, so he discards and leads after Bruno
DEALER = YOU
NAMES = ("You", "Bruno", "Carla", "Dario")  # (the text layer translates "You")

# The deal: seat 0 (the dealer, 17 cards) to seat 3.
DEAL = (
    "KS 7S 10S KB 8B KC QC 7C 6D 7D T16 T12 T9 T7 T5 MO1 MAT",
    "JS AS 8S NB JB 7B NC JC 10C 9D 10D T15 T13 T8 MO2",
    "NS 9S QB AB AC 8C KD QD ND AD 8D MON T10 MO3 BEG",
    "QS 6S 6B 9B 10B 6C 9C JD ANG SOL LUN T14 T11 T6 MO4",
)

# The script: (step, action). A step with no action is read; an action with no step is a bot's
# (or, for the player, one the lesson plays without a word: none here); both given: the
# player's action, which that step asks of him.
# fmt: off
SCRIPT: tuple[tuple[str, str], ...] = (
    ("welcome", ""),
    ("keys", ""),
    ("pack", ""),
    ("faces", ""),
    ("trumps", ""),
    ("trump_faces", ""),
    ("values", ""),
    ("deal", ""),
    ("scarto", ""),
    ("discard", "discard 6D 7D"),
    ("declarations", ""),
    ("cricche", ""),
    ("suit_sequences", ""),
    ("grande", ""),
    ("aces_mori", ""),
    ("counters", ""),
    ("", "declare Fanti"), ("", "play 8S"),
    ("", "declare Denari Assi"), ("", "play NS"),
    ("", "declare Grande"), ("", "play 6S"),
    ("their_declarations", ""),
    ("their_reasons", ""),
    ("declare", "declare Re Coppe"),
    ("follow", "play KS"),
    ("trick_won", ""),
    ("lead", "play 7C"),
    ("", "play 10C"), ("", "play AC"), ("", "play 9C"),
    ("round_order", ""),
    ("", "play 8D"), ("", "play JD"),
    ("trump", "play T7"),
    ("", "play 9D"),
    ("trumped", ""),
    ("mori", "play MO1"),
    ("", "play MO2"), ("", "play MO3"), ("", "play MO4"),
    ("mori_won", ""),
    ("", "play ANG"),
    ("matto", "play MAT"),
    ("", "play T15"), ("", "play T10"),
    ("matto_kept", ""),
    ("play_on", ""),
    ("", "play T6"), ("card", "play T9"), ("", "play T13"), ("", "play MON"),
    ("", "play AD"), ("", "play T11"), ("overtrump", "play T12"), ("", "play 10D"),
    ("card", "play 7S"), ("", "play JS"), ("", "play 9S"), ("", "play QS"),
    ("", "play 9B"), ("card", "play KB"), ("", "play 7B"), ("", "play QB"),
    ("card", "play T16"), ("", "play T8"), ("", "play BEG"), ("", "play LUN"),
    ("", "play 6C"), ("card", "play QC"), ("", "play JC"), ("", "play 8C"),
    ("card", "play 10S"), ("", "play AS"), ("", "play AB"), ("", "play T14"),
    ("", "play 10B"), ("card", "play 8B"), ("", "play JB"), ("", "play ND"),
    ("", "play NC"), ("", "play QD"), ("", "play SOL"), ("card", "play KC"),
    ("", "play 6B"), ("last_trick", "play T5"), ("", "play NB"), ("", "play KD"),
    ("last_taken", ""),
    ("hand_over", ""),
    ("sheet_combinations", ""),
    ("sheet_cards", ""),
    ("sheet_last", ""),
    ("sheet_declarations", ""),
    ("sheet_total", ""),
    ("finish", ""),
)
# fmt: on

# The steps that show the whole pack rather than the table, and those that show the sheet.
PACK_STEPS = frozenset({"pack", "faces", "trumps", "trump_faces", "values"})
SHEET_STEPS = frozenset(
    {
        "hand_over",
        "sheet_combinations",
        "sheet_cards",
        "sheet_last",
        "sheet_declarations",
        "sheet_total",
    }
)

# What a try is, as the lesson judges it (the text layer says why).
RIGHT = "right"  # the step's action: done
ILLEGAL = "illegal"  # the rules refuse it (the engine's error says why)
OTHER = "other"  # legal, but not what this step asks
NOT_NOW = "not now"  # this step asks for no action of this kind


@dataclass(frozen=True, slots=True)
class Step:
    """One step: its key (the text layer's), the player's action it asks for (None: a step to
    read), and ``at``, how many actions of the record are played when it begins."""

    key: str
    action: Action | None
    at: int

    @property
    def kind(self) -> str:
        """``read``, or the kind of the action asked (discard, declare, play)."""
        return "read" if self.action is None else self.action.kind

    @property
    def card(self) -> Card | None:
        """The card to play, for a step that asks for one."""
        return self.action.card if self.action is not None and self.action.kind == PLAY else None


def _steps() -> tuple[tuple[Step, ...], tuple[Action, ...]]:
    """The steps and the record of the script."""
    steps: list[Step] = []
    record: list[Action] = []
    for key, text in SCRIPT:
        action = Action.parse(text) if text else None
        if key:
            steps.append(Step(key, action, len(record)))
        if action is not None:
            record.append(action)
    return tuple(steps), tuple(record)


STEPS, RECORD = _steps()


def dealt() -> list[int]:
    """The four hands of the lesson's deal, as masks."""
    return [mask_of(card(c) for c in hand.split()) for hand in DEAL]


def hand_at(played: int) -> Hand:
    """The lesson's hand with the first ``played`` actions of the record applied."""
    hand = Hand(DEALER, dealt())
    for action in RECORD[:played]:
        hand.apply(action)
    return hand


@dataclass(frozen=True, slots=True)
class Attempt:
    """How a try went: ``outcome`` (RIGHT, ILLEGAL, OTHER, NOT_NOW), the engine's refusal when
    the rules forbid it."""

    outcome: str
    error: IllegalActionError | None = None


class Lesson:
    """The lesson at one step: the hand as the record has it there, and the cards the player has
    marked for the discard. Only the step's action moves it on (or a skip)."""

    def __init__(self, step: int = 0) -> None:
        self.step = 0
        self.hand = hand_at(0)
        self.marked: list[Card] = []
        self.go(step)

    # ----------------------------------------------------------------- where it is
    @property
    def current(self) -> Step:
        return STEPS[self.step]

    @property
    def finished(self) -> bool:
        """At the last step (the offer of a real match)."""
        return self.step == len(STEPS) - 1

    @property
    def number(self) -> int:
        """The step counted from 1."""
        return self.step + 1

    @property
    def total(self) -> int:
        return len(STEPS)

    def view(self) -> PlayerView:
        """What the player may see now."""
        return self.hand.view(YOU)

    def played(self) -> int:
        """Actions of the record applied so far."""
        return len(self.hand.history)

    # ----------------------------------------------------------------- moving
    def go(self, step: int) -> None:
        """To the beginning of ``step`` (clamped to the lesson): the hand replayed to there."""
        step = max(0, min(step, len(STEPS) - 1))
        at = STEPS[step].at
        if at < self.played():
            self.hand = hand_at(at)
        for action in RECORD[self.played() : at]:
            self.hand.apply(action)
        self.step = step
        self.marked = []

    def next(self) -> bool:
        """On from a step to read; False (nothing changes) when the step waits for an action."""
        if self.current.action is not None or self.finished:
            return False
        self.go(self.step + 1)
        return True

    def back(self) -> None:
        """To the step before (the lesson's first step stays)."""
        self.go(self.step - 1)

    def repeat(self) -> None:
        """This step again from its beginning."""
        self.go(self.step)

    def skip(self) -> None:
        """On to the next step, the step's action done for the player."""
        action = self.current.action
        if action is not None:
            self.hand.apply(action)
        self.go(self.step + 1)

    # ----------------------------------------------------------------- the player's tries
    def try_action(self, action: Action) -> Attempt:
        """The player tries ``action``: done and on to the next step when it is the step's;
        otherwise nothing changes, and the attempt says why."""
        wanted = self.current.action
        if wanted is None or wanted.kind != action.kind:
            return Attempt(NOT_NOW)
        error = self.hand.why_illegal(action)
        if error is not None:
            return Attempt(ILLEGAL, error)
        if action != wanted:
            return Attempt(OTHER)
        self.hand.apply(action)
        self.go(self.step + 1)
        return Attempt(RIGHT)

    def try_card(self, c: Card) -> Attempt:
        """A card chosen from the hand: played, or (at the discard) marked; the discard is
        tried once two right cards are marked."""
        if self.current.kind == DISCARD:
            return self._mark(c)
        return self.try_action(Action(PLAY, (c,)))

    def _mark(self, c: Card) -> Attempt:
        wanted = self.current.action
        assert wanted is not None
        if c in self.marked:
            self.marked.remove(c)
            return Attempt(RIGHT)
        refused = _discard_refusal(self.hand, c)
        if refused is not None:
            return Attempt(ILLEGAL, refused)
        if c not in wanted.cards:
            return Attempt(OTHER)
        self.marked.append(c)
        if len(self.marked) == 2:
            return self.try_action(Action(DISCARD, tuple(sorted(self.marked))))
        return Attempt(RIGHT)

    def try_declare(self, families: tuple[str, ...]) -> Attempt:
        """The player declares ``families`` (in any order)."""
        return self.try_action(declare(families))


def _discard_refusal(hand: Hand, c: Card) -> IllegalActionError | None:
    """Why ``c`` may not go in the dealer's discard (a Carta da 5), or None."""
    verdict = discard_verdict(hand.hands[hand.dealer], c)
    if verdict.allowed:
        return None
    return IllegalActionError(verdict.message, CARD, verdict=verdict)


def step_of(key: str) -> int:
    """The number (from 0) of the first step called ``key``."""
    for i, step in enumerate(STEPS):
        if step.key == key:
            return i
    raise KeyError(key)
