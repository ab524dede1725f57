"""What the review of a finished hand shows (no Textual): the match's hands replayed, the position
after each card, and every text of the review screen, with the hard bot's judgement in words.

A review shows all four hands, the discard and the declarations: it is only ever built from hands
that are over (:func:`game.history.replay_hands` gives only finished hands).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from ai.judge import (
    DEFAULT_ITERATIONS,
    Decision,
    DiscardDecision,
    DiscardVerdict,
    Verdict,
    costliest,
    decisions,
    discard_decision,
)
from game import record
from game.actions import PLAY
from game.cards import FOOL, SUIT, TRUMP, Card, Mask, mask_of, sorted_for_display
from game.errors import RecordError
from game.hand import Hand
from game.history import HandRow, hand_positions, hand_rows, replay_hands, stand_in_cards
from game.kernel import TRICKS
from game.match import Match
from game.seats import seat_after, side_of
from store.stats import NO_SUCH_MATCH, load_match, local_time
from table.session import HUMAN, NAME_CHARS, Seat
from text.language import N_, _, ngettext, number, pgettext
from text.narrate import declaration_pieces
from text.presenter import Scene, TrickTexts, trick_texts
from text.records import record_problem
from text.render import Look, assembled, card_text, cards_text
from text.statistics import load_problem, no_such_match
from text.words import YOU, aligned, bot_level, capitalized, padded_name, shown_name, side_name
from text.wrapping import Hanging

# Why a stand-in played for a person, as the review says it at the card and at the discard.
REASON_WORDS = {
    record.AWAY: N_("away"),
    record.LEFT: N_("left the table"),
    record.OUT_OF_TIME: N_("out of time"),
}


@dataclass(frozen=True, slots=True)
class ReviewSource:
    """A match to look back on: its finished hands, who sat where, whose cards are judged."""

    hands: tuple[Hand, ...]
    rows: tuple[HandRow, ...]
    seats: tuple[Seat, ...]  # kind "" when unknown (a record file)
    judged: frozenset[int]  # the seats whose cards the hard bot judges
    title: str = ""  # where the match comes from ("match 12, ended …", a file name)
    short_title: str = ""  # the same where there is less room ("match 12")
    target: int = 0
    # per hand: the cards a stand-in played for a person at a network table (away, gone, or out
    # of time), by the card's number in the hand (-1: the dealer's discard) -> the stand-in
    stand_in_cards: tuple[dict[int, record.StandIn], ...] = ()

    def stand_ins(self, hand: int) -> dict[int, record.StandIn]:
        """The choices of hand ``hand`` a stand-in made: card number (-1: the discard) -> the
        stand-in and why. They are the bot's, not the person's: never judged as his."""
        return dict(self.stand_in_cards[hand]) if hand < len(self.stand_in_cards) else {}

    @classmethod
    def of(
        cls,
        match: Match,
        seats: Sequence[Seat] | None = None,
        *,
        judged: Sequence[int] | None = None,
        title: str = "",
        short_title: str = "",
        stand_ins: record.StandIns | None = None,
    ) -> ReviewSource:
        """From a match (finished or not: only its finished hands are reviewed). ``judged``
        defaults to the human seats, or all four when none is known to be human; ``stand_ins``:
        the decisions stand-ins made, as its record keeps them (by hand, then by the action's
        index in the hand). Raises ValueError when the match does not replay."""
        hands = tuple(replay_hands(match))
        rows = hand_rows(match.results, [h.declarations for h in hands])
        seats = tuple(seats) if seats else tuple(Seat("", f"Seat {i + 1}") for i in range(4))
        if judged is None:
            judged = [i for i, s in enumerate(seats) if s.kind == HUMAN] or range(4)
        marks = stand_ins or {}
        cards = tuple(stand_in_cards(h, marks.get(n, {})) for n, h in enumerate(hands))
        return cls(
            hands,
            rows,
            seats,
            frozenset(judged),
            title,
            short_title,
            match.rules.target,
            cards if any(cards) else (),
        )

    @classmethod
    def recorded(cls, directory: Path | None, match_id: int | None) -> ReviewSource | str:
        """A match of the statistics database (``load_match``; the latest when ``match_id`` is
        None), or why it cannot be reviewed. Never raises; may wait for another program's lock
        (call it in a thread)."""
        finished, message = load_match(directory, match_id)
        if match_id is None:
            cannot = _("The latest match cannot be reviewed: {problem}.")
            no_hand = _("The latest match has no finished hand to review.")
        else:
            cannot = _("Match {id} cannot be reviewed: {problem}.")
            no_hand = _("Match {id} has no finished hand to review.")
        if finished is None:
            if message == NO_SUCH_MATCH:  # (it names the match itself)
                return f"{capitalized(no_such_match(match_id))}."
            return cannot.format(id=match_id, problem=load_problem(message, match_id))
        try:
            read = record.read(finished.record)
            seats = tuple(Seat(s.kind, s.name) for s in finished.seats)
            when = _("ended {when}").format(when=local_time(finished.ended_at))
            title = (
                when if match_id is None else _("match {id}, {when}").format(id=match_id, when=when)
            )
            short = "" if match_id is None else _("match {id}").format(id=match_id)
            source = cls.of(
                read.match,
                seats if len(seats) == 4 else None,
                title=title,
                short_title=short,
                stand_ins=read.stand_ins,
            )
        except RecordError as exc:
            return cannot.format(id=match_id, problem=record_problem(exc))
        except ValueError as exc:
            return cannot.format(id=match_id, problem=exc)
        if not source.hands:
            return no_hand.format(id=match_id)
        return source

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def bottom(self) -> int:
        """The seat listed first: the first judged one."""
        return min(self.judged) if self.judged else 0


@dataclass(slots=True)
class HandWalk:
    """One finished hand, position by position: ``position`` cards have been played (0 to
    ``last``); with the decisions of the judged seats and the verdicts found so far. What a
    stand-in chose for a person (``stand_ins``, see :meth:`ReviewSource.stand_ins`) is not his
    decision: not judged."""

    hand: Hand
    number: int  # 0 for the first hand of the match
    judged: frozenset[int]
    stand_ins: dict[int, record.StandIn] = field(default_factory=dict)
    positions: list[Hand] = field(init=False)  # position i: just before card i+1, then the end
    plays: list[tuple[int, Card]] = field(init=False)  # (seat, card) in play order
    decisions: list[Decision] = field(init=False)
    verdicts: dict[int, Verdict] = field(default_factory=dict)  # by the card's number
    discard: DiscardDecision | None = field(init=False)  # the dealer's, when he is judged
    discard_verdict: DiscardVerdict | None = None

    def __post_init__(self) -> None:
        self.positions = hand_positions(self.hand)
        self.plays = [(m.seat, m.action.card) for m in self.hand.history if m.action.kind == PLAY]
        self.decisions = [
            d
            for d in decisions(self.hand, self.judged, self.number, self.positions)
            if d.number not in self.stand_ins
        ]
        judged = (
            self.hand.dealer in self.judged and bool(self.hand.history) and -1 not in self.stand_ins
        )
        self.discard = discard_decision(self.hand, self.number) if judged else None

    @property
    def last(self) -> int:
        return len(self.plays)

    def state(self, position: int) -> Hand:
        """The hand after ``position`` cards (the next player's declaration made)."""
        return self.positions[position]

    @property
    def judged_all(self) -> bool:
        return len(self.verdicts) == len(self.decisions) and not self.discard_pending

    @property
    def discard_pending(self) -> bool:
        """The dealer is judged and his discard is not yet."""
        return self.discard is not None and self.discard_verdict is None

    def pending(self) -> list[Decision]:
        return [d for d in self.decisions if d.number not in self.verdicts]

    def next_trick(self, position: int) -> int:
        """The end of the trick after ``position`` (the end of the hand at most)."""
        return min(self.last, (position // 4 + 1) * 4)

    def previous_trick(self, position: int) -> int:
        """The end of the trick before the one ``position`` is in (0 at the start)."""
        return max(0, ((position - 1) // 4) * 4) if position > 0 else 0


# ----------------------------------------------------------------------------- texts
class Paragraphs:
    """Texts and :class:`Hanging` lines one under the other; ``plain`` is their words."""

    def __init__(self, parts: Sequence[Text | Hanging]) -> None:
        self.parts = list(parts)

    @property
    def plain(self) -> str:
        return "\n".join(p.plain for p in self.parts)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.parts


def topbar(
    source: ReviewSource, walk: HandWalk, position: int, look: Look, width: int | None = None
) -> Text:
    """Where the review stands; where the match comes from last, where it fits in ``width``
    (None: any width): whole, else in short ("match 12", without when it ended), else not at
    all."""
    dot = look.dot
    dealer = source.names[walk.hand.dealer]
    hand = _("Hand {n} of {total}").format(n=walk.number + 1, total=len(source.hands))
    text = Text.assemble(
        (_("HAND REVIEW"), "bold"),
        f"   {hand} {dot} " + _("dealer {name}").format(name=shown_name(dealer)),
    )
    if position == 0:
        text.append(f" {dot} " + _("before the first card"))
    else:
        trick = _("trick {n} of {total}").format(n=(position - 1) // 4 + 1, total=TRICKS)
        text.append(f" {dot} {trick} {dot} " + _("card {n}").format(n=position))
    for title in (source.title, source.short_title):
        if title and (width is None or text.cell_len + 3 + cell_len(title) <= width):
            text.append(f"   {title}", style="dim")
            break
    return text


def _groups(mask: Mask, look: Look) -> list[Text]:
    """A hand's cards in display order, a piece a suit (trumps and the Matto first)."""
    groups: list[Text] = []
    previous = None
    for c in sorted_for_display(mask):
        group = TRUMP if SUIT[c] == FOOL else SUIT[c]
        if group != previous:
            groups.append(Text())
        else:
            groups[-1].append(" ")
        groups[-1].append_text(card_text(c, look))
        previous = group
    return groups


def seat_order(source: ReviewSource) -> list[int]:
    """The seats as listed: the first judged one, then the others in turn order."""
    return [seat_after(source.bottom, i) for i in range(4)]


def hands_text(source: ReviewSource, walk: HandWalk, position: int, look: Look) -> Paragraphs:
    """The four hands, one line each: who (the pointer on the player of the last card, or on
    the leader before the first), his side, his card in the trick on the table (the winning
    one reversed), the cards he still holds (a suit too many for the line goes on under the
    first card)."""
    state = walk.state(position)
    names = source.names
    trick = _trick(source, walk, position, look)
    width = min(NAME_CHARS, max(cell_len(n) for n in names))  # cells: a wide name is cut
    lines: list[Text | Hanging] = []
    mover = walk.plays[position - 1][0] if position > 0 else state.leader
    bar = "|" if look.ascii else "│"
    for seat in seat_order(source):
        line = Text()
        line.append(f"{look.pointer} " if seat == mover else "  ", style="bold")
        line.append(f"{'AB'[side_of(seat)]} ", style="dim")
        line.append(padded_name(names[seat], width, look.ellipsis), style="bold")
        line.append(f" {bar} ")
        card = trick.cards.get(seat)
        face = card_text(card, look) if card is not None else Text()
        if card is not None and seat == trick.highlight:
            face.stylize("bold reverse")
        line.append_text(face)
        line.append(" " * (4 - face.cell_len) + f"{bar} ")
        lines.append(Hanging(line, _groups(state.hands[seat], look), "  "))
    return Paragraphs(lines)


def _trick(source: ReviewSource, walk: HandWalk, position: int, look: Look) -> TrickTexts:
    """The trick on the table after ``position`` cards, as the table shows it: the trick in
    progress, or the one just completed with its winner."""
    scene = Scene(
        view=walk.state(position).view(source.bottom, walk.number),
        seats=source.seats,
        bottom=source.bottom,
        look=look,
    )
    return trick_texts(scene, source.names)


def captions(source: ReviewSource, walk: HandWalk, position: int, look: Look) -> Text:
    """What the table says of the trick shown (who led what, who is winning or takes it)."""
    first, second = _trick(source, walk, position, look).captions
    text = first.copy()
    if second.plain:
        text.append(f" {look.dot} ", style="dim")
        text.append_text(second)
    return text


def facts_text(source: ReviewSource, walk: HandWalk, position: int, look: Look) -> Paragraphs:
    """The discard, the declarations (all of them, revealed) and, at the end, the hand's result;
    a line too long for the screen goes on under its text, after its label and name."""
    names, hand = source.names, walk.hand
    dealer = names[hand.dealer]
    discard = [cards_text(sorted_for_display(hand.discard), look)]
    result = hand.result
    if result is not None and result.discard_side is not None:
        discard.append(
            Text(
                f"{look.arrow} "
                + _("counted for {side}").format(side=side_name(source.seats, result.discard_side)),
                style="dim",
            )
        )
    parts: list[Text | Hanging] = [
        Hanging(
            Text.assemble(
                (pgettext("review", "Discard") + " ", "bold"), f"({shown_name(dealer)}): "
            ),
            discard,
        )
    ]
    if walk.discard is not None:
        parts.append(discard_words(source, walk, look))
    elif -1 in walk.stand_ins:
        mark = walk.stand_ins[-1]
        bot, who = bot_level(mark.by), _for_whom(dealer)
        if mark.why:
            said = _("The {bot} bot discarded for {name} ({why}; not judged).")
        else:
            said = _("The {bot} bot discarded for {name} (not judged).")
        why = _(REASON_WORDS[mark.why]) if mark.why else ""
        parts.append(Text(said.format(bot=bot, name=who, why=why), style="italic"))
    declared = [d for d in hand.declarations if d is not None and d.families]
    label = pgettext("review", "Declarations") + " "
    if not declared:
        parts.append(Text.assemble((label, "bold"), (pgettext("declarations", "none"), "dim")))
    for i, d in enumerate(declared):
        lead = Text.assemble(
            (label, "bold") if i == 0 else " " * cell_len(label),
            (f"{shown_name(names[d.seat])}: ", "bold"),
        )
        pieces = [Text(w) for w in declaration_pieces(d, look)]
        cards = Text("(").append_text(cards_text(sorted_for_display(d.cards), look))
        parts.append(Hanging(lead, [*pieces, cards.append(")")]))
    if position == walk.last and result is not None:
        row = source.rows[walk.number]
        over = []
        if row.called_out is not None:
            side = side_name(source.seats, row.called_out)
            over.append(Text(_("{side} called out.").format(side=side)))
        a, b = row.sides
        score = f"{number(a.score)} {'-' if look.ascii else '–'} {number(b.score)}"
        over += [
            Text(f"{side_name(source.seats, 0)} {number(a.total)},"),
            Text(f"{side_name(source.seats, 1)} {number(b.total)}"),
            Text(f"{look.dot} " + _("match {score}").format(score=score)),
        ]
        parts.append(Hanging(Text(_("Hand over:") + " ", style="bold"), over))
    return Paragraphs(parts)


def discard_words(source: ReviewSource, walk: HandWalk, look: Look) -> Text:
    """The judgement of the dealer's discard, in words, like a card's."""
    decision, v = walk.discard, walk.discard_verdict
    assert decision is not None
    name = source.names[decision.seat]
    if name == YOU:
        discarded = pgettext("you", "{name} discarded {cards}")
    else:
        discarded = _("{name} discarded {cards}")
    who = Text(shown_name(name), style="bold")
    text = assembled(discarded, words="bold", name=who, cards=_pair(decision.made.cards, look))
    if v is None:
        text.append(": " + _("the bot is still judging it") + look.ellipsis, style="dim")
        return text
    if v.made == v.best:
        said = _("the bot would discard them too (expected hand margin {margin}).")
        text.append(": " + said.format(margin=_margin(v.made_margin)))
        return text
    text.append("; ")
    if round(v.loss) >= 1 and not v.clear:  # within what the search can tell from chance
        said = _(
            "the bot would rather discard {cards}, but the {n} points between them are within "
            "what its search can tell ({noise}): about as good."
        )
        cards = _pair(v.best, look)
        text.append_text(assembled(said, cards=cards, n=str(round(v.loss)), noise=_give_or_take(v)))
        return text
    _worth(text, _pair(v.best, look), v, _margin(v.made_margin))
    return text


def _worth(text: Text, best: Text, v: Verdict | DiscardVerdict, margin: str) -> None:
    """ "T12 was worth about 18 more, give or take 6 (expected hand margin +12 against +30).",
    or "T12 was about as good (within a point).", after ``text``."""
    if round(v.loss) == 0:
        text.append_text(assembled(_("{card} was about as good (within a point)."), card=best))
        return
    worth = " " + _("was worth about {n} more").format(n=round(v.loss))
    text.append_text(assembled("{card}{worth}", card=best, worth=Text(worth, style="bold")))
    best_margin = _margin(v.best_margin)
    if v.noise:
        said = _(", {noise} (expected hand margin {margin} against {best}).")
        text.append(said.format(noise=_give_or_take(v), margin=margin, best=best_margin))
    else:
        said = _(" (expected hand margin {margin} against {best}).")
        text.append(said.format(margin=margin, best=best_margin))


def _pair(cards: Sequence[Card], look: Look) -> Text:
    """A discard's two cards in the order a hand shows them."""
    return cards_text(sorted_for_display(mask_of(cards)), look)


def progress_text(walk: HandWalk, width: int, look: Look, iterations: int) -> Text:
    """The judgement's progress bar and count (the discard one more choice, when judged)."""
    total = len(walk.decisions)
    done = len(walk.verdicts)
    what = "card"
    if walk.discard is not None:
        total, done, what = total + 1, done + (not walk.discard_pending), "choice"
    if total == 0:
        return Text(
            _("No card of this hand is judged (nobody whose cards are judged played)."), style="dim"
        )
    bar_width = max(10, min(30, width - 40))
    filled = round(bar_width * done / total)
    full, empty = ("#", "-") if look.ascii else ("█", "░")
    text = Text()
    text.append(full * filled, style="bold green")
    text.append(empty * (bar_width - filled), style="dim")
    judging = _("all judged") if done == total else _("judging") + look.ellipsis
    if what == "card":
        said = ngettext(
            "{done} of {total} card {state} ({deals} deals a card)",
            "{done} of {total} cards {state} ({deals} deals a card)",
            total,
        )
    else:
        said = ngettext(
            "{done} of {total} choice {state} ({deals} deals each)",
            "{done} of {total} choices {state} ({deals} deals each)",
            total,
        )
    deals = number(iterations)
    text.append(" " + said.format(done=done, total=total, state=judging, deals=deals), style="dim")
    return text


def verdict_text(source: ReviewSource, walk: HandWalk, position: int, look: Look) -> Text:
    """The judgement of the card just played, in words."""
    if position == 0 and walk.last == 0:  # called out before the first card
        return Text(_("No card was played: the hand ended when a side called out."), style="dim")
    if position == 0:
        said = _("Step through the hand card by card to read the judgement of {whose} cards.")
        return Text(said.format(whose=_judged_names(source)), style="dim")
    seat, card = walk.plays[position - 1]
    name = source.names[seat]
    mark = walk.stand_ins.get(position - 1)
    if mark:
        if mark.why:
            said = _("The {bot} bot played {card} for {name} ({why}).")
        else:
            said = _("The {bot} bot played {card} for {name}.")
        text = assembled(
            said,
            "italic",
            bot=bot_level(mark.by),
            card=card_text(card, look),
            name=_for_whom(name),
            why=_(REASON_WORDS[mark.why]) if mark.why else "",
        )
        if seat in walk.judged:
            if name == YOU:
                said = _("The choice was the bot's: it is not judged as your.")
            else:
                said = _("The choice was the bot's: it is not judged as {name}'s.")
            text.append(" " + said.format(name=name), style="dim")
        return text
    if seat not in walk.judged:
        if name == YOU:
            return Text(_("Your cards are not judged."), style="dim")
        return Text(_("{name}'s cards are not judged.").format(name=name), style="dim")
    verdict = walk.verdicts.get(position - 1)
    if verdict is None:
        text = _played(name, card_text(card, look))
        text.append(": " + _("the bot is still judging it") + look.ellipsis, style="dim")
        return text
    return verdict_words(verdict, name, look)


def _played(name: str, card: Text) -> Text:
    """ "Anna played K♠", "You played K♠"."""
    played = pgettext("you", "{name} played {card}") if name == YOU else _("{name} played {card}")
    return assembled(played, name=shown_name(name), card=card)


def _for_whom(name: str) -> str:
    """A name after "for": "Anna", "You"."""
    return pgettext("for whom", "You") if name == YOU else name


def verdict_words(v: Verdict, name: str, look: Look) -> Text:
    """ "You played K♠; T12 was worth about 18 more, give or take 6 (expected hand margin +12
    against +30)."; a difference within the margin of error is said to be one."""
    played = card_text(v.played, look)
    if v.forced:
        if name == YOU:
            return assembled(_("{card} was your only legal card."), card=played)
        return assembled(_("{card} was {name}'s only legal card."), card=played, name=name)
    text = _played(name, played)
    margin = _margin(v.played_margin)
    if v.played == v.best:
        text.append(": " + _("the bot would play it too"))
        if margin:
            said = " " + _("(expected hand margin {margin}).").format(margin=margin)
        else:
            said = "."
        text.append(said, style="")
        return text
    text.append("; ")
    if round(v.loss) != 0 and not v.clear:  # within what the search can tell: no loss to speak of
        said = _(
            "the bot would rather play {card}, but the {n} points between them are within what "
            "its search can tell ({noise}): about as good."
        )
        best = card_text(v.best, look)
        text.append_text(assembled(said, card=best, n=str(round(v.loss)), noise=_give_or_take(v)))
        return text
    _worth(text, card_text(v.best, look), v, margin)
    return text


def _give_or_take(v: Verdict | DiscardVerdict) -> str:
    """ "give or take 7": the verdict's margin of error, at least a point."""
    if not math.isfinite(v.noise):
        return _("too few deals to tell")
    return _("give or take {n}").format(n=max(1, round(v.noise)))


def _margin(value: float | None) -> str:
    return "" if value is None else f"{round(value):+d}"


def _judged_names(source: ReviewSource) -> str:
    """ "your", "Anna's and Carla's", "every player's"."""
    names = [source.names[s] for s in seat_order(source) if s in source.judged]
    if len(names) == 4:
        return _("every player's")
    whose = [_("your") if n == YOU else _("{name}'s").format(name=n) for n in names]
    said = whose[0]
    for more in whose[1:]:
        said = _("{whose} and {more}").format(whose=said, more=more)
    return said


def costly_lines(
    source: ReviewSource, walk: HandWalk, look: Look
) -> tuple[list[Text], list[int | None]]:
    """The hand's costliest choices, a line each, and the position each stands for (to jump to
    the card: the position just after it)."""
    if not walk.decisions and walk.discard is None:
        return [], []
    discarded = walk.discard_verdict
    worst: list[Verdict | DiscardVerdict] = list(costliest(list(walk.verdicts.values())))
    if discarded is not None and discarded.clear:  # the discard, first among equals
        worst = sorted([discarded, *worst], key=lambda v: -v.loss)[:3]
    done = walk.judged_all
    head = Text(_("Costliest choices") if done else _("Costliest choices so far"), style="bold")
    if not worst:
        none = _("none cost a point or more.") if done else _("none cost a point or more yet.")
        head.append(": " + none, style="")
        return [head], [None]
    total = sum(v.loss for v in walk.verdicts.values() if v.clear) + (
        discarded.loss if discarded is not None and discarded.clear else 0
    )
    # The figure counts every judged choice; where that is more than the lines listed add up
    # to (more costly choices than three, or small losses), it says so: "in all".
    listed = sum(v.loss for v in worst)
    n = round(total)
    if round(total) != round(listed):
        said = ngettext(
            "(about {n} point lost in all; n or a click shows one)",
            "(about {n} points lost in all; n or a click shows one)",
            n,
        )
    else:
        said = ngettext(
            "(about {n} point lost; n or a click shows one)",
            "(about {n} points lost; n or a click shows one)",
            n,
        )
    head.append(" " + said.format(n=number(n)), style="dim")
    lines: list[Text] = [head]
    targets: list[int | None] = [None]
    for v in worst:
        name = source.names[v.seat]
        if isinstance(v, DiscardVerdict):
            line = Text("  " + aligned(pgettext("review", "discard"), 10), style="dim")
            if name == YOU:
                said = pgettext("you", "{name} discarded {cards}, about {n} behind {best}")
            else:
                said = _("{name} discarded {cards}, about {n} behind {best}")
            line.append_text(
                assembled(
                    said,
                    name=shown_name(name),
                    cards=_pair(v.made, look),
                    n=str(round(v.loss)),
                    best=_pair(v.best, look),
                )
            )
            targets.append(0)  # before the first card: the discard is shown there
        else:
            trick = pgettext("review", "trick {n}").format(n=f"{v.trick + 1:>2}")
            line = Text("  " + aligned(trick, 10), style="dim")
            if name == YOU:
                said = pgettext("you", "{name} played {card}, about {n} behind {best}")
            else:
                said = _("{name} played {card}, about {n} behind {best}")
            line.append_text(
                assembled(
                    said,
                    name=shown_name(name),
                    card=card_text(v.played, look),
                    n=str(round(v.loss)),
                    best=card_text(v.best, look),
                )
            )
            targets.append(v.number + 1)
        lines.append(line)
    return lines, targets


def estimate_note(look: Look, iterations: int = DEFAULT_ITERATIONS) -> Text:
    """What the judgement is; the hint and the coach at the table made the same (the same
    search on the same deals: :func:`ai.judge.advise`)."""
    said = _(
        "The judgement is the hard bot's estimate (each card tried on up to {deals} deals of "
        "the hidden cards), not a certainty; the hint and the coach at the table judge the same "
        "way."
    )
    return Text(said.format(deals=number(iterations)), style="italic dim")


def play_lines(source: ReviewSource, walk: HandWalk, position: int, look: Look) -> list[Text]:
    """Every card of the hand, one line each, with its judgement (the sidebar's list); "(bot)"
    for a card a stand-in played for the person (away, gone, or out of time)."""
    lines = []
    for i, (seat, card) in enumerate(walk.plays):
        name = source.names[seat]
        line = Text(f"{i // 4 + 1:>2}.{i % 4 + 1} ", style="dim")
        line.append(padded_name(shown_name(name), 10, look.ellipsis) + " ")
        line.append_text(card_text(card, look))
        verdict = walk.verdicts.get(i)
        pad = " " * (4 - len(card_text(card, look).plain))
        if i in walk.stand_ins:  # (why: at the card, the list has no room for it)
            line.append(pad + " " + _("(bot)"), style="italic")
        elif verdict is not None and not verdict.forced:
            line.append(pad)
            if verdict.played == verdict.best or not verdict.clear:
                line.append(" " + pgettext("judged", "ok"), style="green")
            else:
                line.append(f" -{round(verdict.loss)}", style="bold red")
        elif seat in walk.judged and verdict is None:
            line.append(f" {look.ellipsis}", style="dim")
        if i + 1 == position:
            line.stylize("reverse")
        lines.append(line)
    return lines
