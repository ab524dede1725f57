"""What happened in a hand, in words: the play log and the declarations, built from a PlayerView
only (so they can never tell more than the viewer may know)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from game.actions import DECLARE, PLAY
from game.cards import MAT, SUIT_NAMES, TRUMP, Card
from game.phase import Phase
from game.scoring import Combination, doublings
from game.tricks import led_suit
from game.view import Declaration, PlayerView, Trick
from text.render import UNICODE, Look, card_text, cards_text
from text.signals import signal_log_line
from text.words import possessive, verb

_DIM = "dim"
_WHO = "bold"


def suit_word(trick: Sequence[Card]) -> str:
    led = led_suit(trick)
    if led < 0:
        return "nothing yet (the Matto was led)"
    return "trumps" if led == TRUMP else SUIT_NAMES[led]


def declaration_pieces(d: Declaration, look: Look = UNICODE) -> list[str]:
    """A declaration's points in the pieces a line may break between: each family's points
    before doubling, then the total and which of them were doubled (``Re 17 ·``, ``Spade 10 ·``,
    ``Mori 10,``, ``sequences doubled = 77``; ``Re 17 · Grande 20 = 37``)."""
    points = [f"{c.family} {c.points}" for c in d.combinations]
    pieces = [f"{p} {look.dot}" for p in points[:-1]]
    criccone, sequences = doublings(d.families)
    doubled = ["cricche"] * criccone + ["sequences"] * sequences
    if doubled:
        return [*pieces, f"{points[-1]},", f"{' and '.join(doubled)} doubled = {d.points}"]
    return [*pieces, points[-1] if len(points) == 1 else f"{points[-1]} = {d.points}"]


def declaration_brief(d: Declaration) -> str:
    """``45: Re, Spade, Coppe`` (the points, doubling included, then the families), and
    "(doubled)" after them when a doubling made the points (``60: Grande, Coppe, Denari
    (doubled)``): the log, the seat and the list beside the table say it alike."""
    doubled = " (doubled)" if any(doublings(d.families)) else ""
    return f"{d.points}: {', '.join(d.families)}{doubled}"


def hand_log(
    view: PlayerView, names: Sequence[str], look: Look, decided_for: Mapping[int, str] | None = None
) -> list[Text]:
    """The log of the hand so far, one line per event. ``decided_for``: the decisions a
    stand-in made because the person's time ran out (history index, -1 for the discard -> the
    stand-in's name), said as such."""
    decided_for = decided_for or {}
    dealer = names[view.dealer]
    lines = [Text(f"Hand {view.hand_number + 1}: {dealer} {verb(dealer, 'deals')}.", style=_DIM)]
    if view.phase == Phase.DISCARD:
        return lines
    if -1 in decided_for:
        lines.append(_who_acts(names[view.dealer], decided_for[-1], "discards"))
        lines[-1].append("two cards face down.")
    else:
        lines.append(Text(f"{dealer} {verb(dealer, 'discards')} two cards face down.", style=_DIM))
    k = 0  # cards played so far
    for i, (seat, action) in enumerate(view.history):
        by = decided_for.get(i)
        if action.kind == DECLARE:
            d = view.declarations[seat]
            if action.families and d is not None:
                line = _who_acts(names[seat], by, "declares")
                line.append(declaration_brief(d))  # the cards and each one's points: aside
                lines.append(line)
            elif by is not None:
                lines.append(_who_acts(names[seat], by, "declares") + Text("nothing"))
            continue
        if action.kind != PLAY:
            continue
        c = action.card
        line = _who_acts(names[seat], by, "plays")
        line.append_text(card_text(c, look))
        if c == MAT:
            line.append(" (the Matto: an excuse)", style=_DIM)
        if action.signal and by is None:  # a card with a partner's signal (RULES.md §10a)
            line = signal_log_line(names[seat], c, action.signal, look)
        lines.append(line)
        k += 1
        if k % 4 == 0:
            trick = view.tricks[k // 4 - 1]
            lines.append(_trick_line(trick.winner, trick.cards, trick.leader, k // 4, names, look))
    return lines


def _who_acts(name: str, by: str | None, does: str) -> Text:
    """ "Anna plays ", or, for a decision the stand-in made for her (she was away, or her time
    ran out), "For Anna, the easy bot plays "."""
    if by is None:
        return Text.assemble((name, _WHO), f" {verb(name, does)} ")
    return Text.assemble(
        "For ", ("you" if name == "You" else name, _WHO), f", the {by} bot {does} "
    )


def _trick_line(
    winner: int,
    cards: Sequence[Card],
    leader: int,
    number: int,
    names: Sequence[str],
    look: Look,
) -> Text:
    who = names[winner]
    # the name in the fifth column whatever the arrow: "  → Dario", " -> Dario" (at 80x24 the
    # log's 24 columns hold "-> Dario takes trick 12" whole in plain characters too)
    line = Text.assemble(f"{look.arrow:>3} ", (who, _WHO), f" {verb(who, 'takes')} trick {number}")
    trick = Trick(leader, tuple(cards), winner)
    owner = trick.matto_owner
    if owner is not None and trick.matto_owed:
        line.append(
            f"; the Matto stays with {possessive(names[owner])} side, which owes a card",
            style=_DIM,
        )
    return line


def declaration_lines(view: PlayerView, names: Sequence[str], look: Look) -> list[Text]:
    """The declarations made in this hand, with the cards shown; once the first trick is over
    (no declaration can come any more) and there were none, "nobody declared" (the list's own
    "none yet" would say that some may still come)."""
    if view.tricks and not any(d is not None and d.families for d in view.declarations):
        return [Text("nobody declared", style="dim")]
    lines: list[Text] = []
    for d in view.declarations:
        if d is None or not d.families:
            continue
        lines.append(Text.assemble((names[d.seat], _WHO), f" {look.dot} {d.points} points"))
        lines.extend(combination_lines(d.combinations, look))
    return lines


def combination_lines(combinations: Sequence[Combination], look: Look) -> list[Text]:
    """A line for each combination of a declaration or a pile with its cards (``  Re 17: K♠ K♣
    K♥``), then what the doublings added (``  sequences doubled +55``), so that the lines add up
    to its points."""
    lines = []
    for c in combinations:
        line = Text(f"  {c.family} {c.points}: ")
        line.append_text(cards_text(c.cards, look))
        lines.append(line)
    criccone, sequences = doublings(c.family for c in combinations)
    for doubled, kind, word in (
        (criccone, "cricca", "cricche"),
        (sequences, "sequence", "sequences"),
    ):
        if doubled:
            extra = sum(c.points for c in combinations if c.kind == kind)
            lines.append(Text(f"  {word} doubled +{extra}", style="italic"))
    return lines


def declaration_digest(view: PlayerView, names: Sequence[str]) -> list[Text]:
    """The declarations made in this hand, one line each where there is little room: the name
    (as short as ``names`` give it), the points, the families (``Anna 45: Re, Spade, Coppe``);
    the cards are in the full form; "(doubled)" after the families when a doubling made the
    points (``Dario 60: Grande, Coppe, Denari (doubled)``)."""
    return [
        Text.assemble((names[d.seat], _WHO), f" {declaration_brief(d)}")
        for d in view.declarations
        if d is not None and d.families
    ]
