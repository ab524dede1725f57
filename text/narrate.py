"""What happened in a hand, in words: the play log and the declarations, built from a PlayerView
only (so they can never tell more than the viewer may know)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from game.actions import DECLARE, PLAY
from game.cards import MAT, Card
from game.phase import Phase
from game.scoring import Combination, doublings
from game.tricks import led_suit
from game.view import Declaration, PlayerView, Trick
from text.language import N_, _, ngettext, number, pgettext
from text.refusals import led_word
from text.render import UNICODE, Look, assembled, card_text, cards_text
from text.signals import signal_log_line
from text.words import YOU, bot_level, shown_name

_DIM = "dim"
_WHO = "bold"


def suit_word(trick: Sequence[Card]) -> str:
    led = led_suit(trick)
    if led < 0:
        return _("nothing yet (the Matto was led)")
    return led_word(led)


# What a seat does, said to the player called "You" ({name} is "You"), of another, and of a
# stand-in deciding for either ({name} is "you" for the player called "You"): whole sentences
# with the card or the declaration in {what}.
_ACTS = {
    "plays": (
        N_("{name} play {what}"),
        N_("{name} plays {what}"),
        N_("For {name}, the {bot} bot plays {what}"),
    ),
    "declares": (
        N_("{name} declare {what}"),
        N_("{name} declares {what}"),
        N_("For {name}, the {bot} bot declares {what}"),
    ),
    "nothing": (
        N_("{name} declare nothing"),
        N_("{name} declares nothing"),
        N_("For {name}, the {bot} bot declares nothing"),
    ),
    "discards": (
        N_("{name} discard two cards face down."),
        N_("{name} discards two cards face down."),
        N_("For {name}, the {bot} bot discards two cards face down."),
    ),
}


def declaration_pieces(d: Declaration, look: Look = UNICODE) -> list[str]:
    """A declaration's points in the pieces a line may break between: each family's points
    before doubling, then the total and which of them were doubled (``Re 17 ·``, ``Spade 10 ·``,
    ``Mori 10,``, ``sequences doubled = 77``; ``Re 17 · Grande 20 = 37``)."""
    points = [f"{c.family} {c.points}" for c in d.combinations]
    pieces = [f"{p} {look.dot}" for p in points[:-1]]
    criccone, sequences = doublings(d.families)
    if criccone and sequences:
        doubled = _("cricche and sequences doubled = {points}")
    elif criccone:
        doubled = _("cricche doubled = {points}")
    elif sequences:
        doubled = _("sequences doubled = {points}")
    else:
        return [*pieces, points[-1] if len(points) == 1 else f"{points[-1]} = {d.points}"]
    return [*pieces, f"{points[-1]},", doubled.format(points=d.points)]


def declaration_brief(d: Declaration) -> str:
    """``45: Re, Spade, Coppe`` (the points, doubling included, then the families), and
    "(doubled)" after them when a doubling made the points (``60: Grande, Coppe, Denari
    (doubled)``): the log, the seat and the list beside the table say it alike."""
    families = ", ".join(d.families)
    if any(doublings(d.families)):
        return _("{points}: {families} (doubled)").format(points=d.points, families=families)
    return f"{d.points}: {families}"


def hand_log(
    view: PlayerView, names: Sequence[str], look: Look, decided_for: Mapping[int, str] | None = None
) -> list[Text]:
    """The log of the hand so far, one line per event. ``decided_for``: the decisions a
    stand-in made because the person's time ran out (history index, -1 for the discard -> the
    stand-in's name), said as such."""
    decided_for = decided_for or {}
    dealer = names[view.dealer]
    n = view.hand_number + 1
    if dealer == YOU:
        opening = _("Hand {n}: You deal.").format(n=n)
    else:
        opening = _("Hand {n}: {name} deals.").format(n=n, name=dealer)
    lines = [Text(opening, style=_DIM)]
    if view.phase == Phase.DISCARD:
        return lines
    if -1 in decided_for:
        lines.append(_acts(dealer, decided_for[-1], "discards"))
    else:
        yours, theirs, __ = _ACTS["discards"]
        said = _(yours) if dealer == YOU else _(theirs)
        lines.append(Text(said.format(name=shown_name(dealer)), style=_DIM))
    k = 0  # cards played so far
    for i, (seat, action) in enumerate(view.history):
        by = decided_for.get(i)
        if action.kind == DECLARE:
            d = view.declarations[seat]
            if action.families and d is not None:
                # (the cards and each one's points: aside)
                lines.append(_acts(names[seat], by, "declares", declaration_brief(d)))
            elif by is not None:
                lines.append(_acts(names[seat], by, "nothing"))
            continue
        if action.kind != PLAY:
            continue
        c = action.card
        line = _acts(names[seat], by, "plays", card_text(c, look))
        if c == MAT:
            line.append(" " + _("(the Matto: an excuse)"), style=_DIM)
        if action.signal and by is None:  # a card with a partner's signal (RULES.md §10a)
            line = signal_log_line(names[seat], c, action.signal, look)
        lines.append(line)
        k += 1
        if k % 4 == 0:
            trick = view.tricks[k // 4 - 1]
            lines.append(_trick_line(trick.winner, trick.cards, trick.leader, k // 4, names, look))
    return lines


def _acts(name: str, by: str | None, does: str, what: Text | str = "") -> Text:
    """ "Anna plays K♠", or, for a decision the stand-in made for her (she was away, or her
    time ran out), "For Anna, the easy bot plays K♠"; the name in bold."""
    yours, theirs, for_them = _ACTS[does]
    if by is None:
        who = Text(shown_name(name), style=_WHO)
        return assembled(_(yours) if name == YOU else _(theirs), name=who, what=what)
    who = Text(pgettext("for whom", "you") if name == YOU else name, style=_WHO)
    return assembled(_(for_them), name=who, bot=bot_level(by), what=what)


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
    takes = _("{name} take trick {n}") if who == YOU else _("{name} takes trick {n}")
    line = Text(f"{look.arrow:>3} ")
    line.append_text(assembled(takes, name=Text(shown_name(who), style=_WHO), n=str(number)))
    trick = Trick(leader, tuple(cards), winner)
    owner = trick.matto_owner
    if owner is not None and trick.matto_owed:
        if names[owner] == YOU:
            owes = _("; the Matto stays with your side, which owes a card")
        else:
            owes = _("; the Matto stays with {name}'s side, which owes a card")
        line.append(owes.format(name=names[owner]), style=_DIM)
    return line


def declaration_lines(view: PlayerView, names: Sequence[str], look: Look) -> list[Text]:
    """The declarations made in this hand, with the cards shown; once the first trick is over
    (no declaration can come any more) and there were none, "nobody declared" (the list's own
    "none yet" would say that some may still come)."""
    if view.tricks and not any(d is not None and d.families for d in view.declarations):
        return [Text(_("nobody declared"), style="dim")]
    lines: list[Text] = []
    for d in view.declarations:
        if d is None or not d.families:
            continue
        said = ngettext("{name} {dot} {n} point", "{name} {dot} {n} points", d.points)
        who = Text(shown_name(names[d.seat]), style=_WHO)
        lines.append(assembled(said, name=who, dot=look.dot, n=number(d.points)))
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
    for doubled, kind, said in (
        (criccone, "cricca", N_("cricche doubled +{n}")),
        (sequences, "sequence", N_("sequences doubled +{n}")),
    ):
        if doubled:
            extra = sum(c.points for c in combinations if c.kind == kind)
            lines.append(Text("  " + _(said).format(n=extra), style="italic"))
    return lines


def declaration_digest(view: PlayerView, names: Sequence[str]) -> list[Text]:
    """The declarations made in this hand, one line each where there is little room: the name
    (as short as ``names`` give it), the points, the families (``Anna 45: Re, Spade, Coppe``);
    the cards are in the full form; "(doubled)" after the families when a doubling made the
    points (``Dario 60: Grande, Coppe, Denari (doubled)``)."""
    return [
        Text.assemble((shown_name(names[d.seat]), _WHO), f" {declaration_brief(d)}")
        for d in view.declarations
        if d is not None and d.families
    ]
