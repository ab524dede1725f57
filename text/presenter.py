"""What the table says: a :class:`PlayerView` and the seats in, the texts of the table out.

Pure functions, no Textual: the table screen draws what :func:`present` returns, and the same
texts serve local play, a network seat and a hand review. Every fact comes from the view or the
engine (the legal actions, ``game.tricks``, ``game.verdict``, ``game.seats``, the hand results);
nothing here re-derives a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rich.text import Text

from ai.explain import Explanation
from ai.spec import label_of
from game.actions import DISCARD, PLAY, Action
from game.cards import (
    MAT,
    SUIT_MASK,
    SUIT_NAMES,
    TAROCCHI,
    TRUMP,
    TRUMPS,
    Card,
    cards_of,
    follows_in_grande,
    rank_code,
    sorted_for_display,
)
from game.hand import HandResult
from game.kernel import TRICKS
from game.phase import Phase
from game.seats import other_side, same_side, seat_after, seats_of, side_of
from game.sofar import PileSoFar, discard_worth, exchange_so_far, so_far
from game.tricks import ANY, FOLLOW, LEAD, led_suit, obligation, winning_index
from game.verdict import card_verdict
from game.view import PlayerView
from table.session import HUMAN, Seat
from text.hints import hint_reason
from text.language import N_, _, ngettext, number, pgettext
from text.narrate import (
    combination_lines,
    declaration_brief,
    declaration_digest,
    declaration_lines,
    hand_log,
    suit_word,
)
from text.refusals import card_refusal as refusal_of
from text.refusals import led_word
from text.render import (
    UNICODE,
    Look,
    assembled,
    card_name,
    card_style,
    card_text,
    cards_text,
    face,
    mark,
)
from text.words import (
    YOU,
    bot_level,
    capitalized,
    listed,
    short_name,
    shown_name,
    side_name,
    tricks_words,
)

DOING = {
    Phase.DISCARD: N_("to discard two cards"),
    Phase.DECLARE: N_("to declare and play"),
    Phase.PLAY: N_("to play a card"),
}
# What a seat is expected to do (never what it is doing: a dealer still on the scoring sheet of a
# network table has not begun his discard).
DOING_SHORT = {
    Phase.DISCARD: N_("to discard"),
    Phase.DECLARE: N_("to declare"),
    Phase.PLAY: N_("to play"),
}
# Who is at a seat played elsewhere (a table over the network): the tags of Scene.presence.
CONNECTED, AWAY, OPEN_SEAT = "connected", "away", "open seat"
PRESENCE_WORDS = {CONNECTED: N_("connected"), AWAY: N_("away"), OPEN_SEAT: N_("open seat")}


def nothing_to_declare(view: PlayerView) -> bool:
    """The only declaration ``view`` (a seat's own) allows is none: made without asking."""
    return len(view.legal) == 1 and not view.legal[0].families


def address(name: str, text: str) -> Text:
    """ "Anna, your turn: …", or "Your turn: …" for the player called "You"."""
    if name == YOU:
        return Text(capitalized(text))
    return Text.assemble((name, "bold"), ", ", text)


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything the table shows, besides the widgets' own state.

    ``view`` is what is drawn: a seat's own view (``hand_shown``: its hand is on screen, and it
    is the person at the keyboard), or a public view with no cards at all."""

    view: PlayerView
    seats: tuple[Seat, ...]
    bottom: int  # the seat drawn at the bottom of the table
    look: Look = Look()
    hand_shown: bool = False
    results: tuple[HandResult, ...] = ()  # the finished hands before this one
    over: bool = False  # the hand has ended: its final table is drawn while its sheet comes
    thinking: int | None = None  # the bot seat thinking now
    marked: tuple[Card, ...] = ()  # cards marked for the discard
    show_last: bool = False  # the last trick, shown on demand
    out_alone: bool = False  # what is still out, listed in place of the declarations and the log
    substitutes: dict[int, str] = field(default_factory=dict)  # seat -> level playing instead
    undo: bool = False  # undo is offered (one person against bots)
    watching: bool = False  # nobody plays at this screen: four bots
    paused: bool = False  # watching, and the bots wait
    speed: str = ""  # watching: the bots' pace in words ("0.6 s a card")
    notice: Text | None = None  # a message that takes the status line (a reason, a hint)
    lead_in: Text | None = None  # said before the prompt of the person to act at this screen
    # seat -> who is there, at a table over the network: CONNECTED, AWAY (and the bot playing
    # for the seat meanwhile, see bot_tag) or OPEN_SEAT (nobody yet)
    presence: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # the decisions of this hand a stand-in made because a person's time ran out (a table's
    # turn limit): index in the view's history (-1: the discard) -> the stand-in's name
    decided_for: dict[int, str] = field(default_factory=dict)
    # what the table waits for when another person, at a table over the network, is not at the
    # table itself ("Bruno is still reading the scoring sheet."); None: "Waiting for Bruno."
    awaiting: str | None = None
    network: bool = False  # a table over the network: q leaves it (a bot plays the seat meanwhile)
    coach: bool = False  # the coach speaks to the person at this screen (i turns it off)

    @property
    def my_turn(self) -> bool:
        """The person whose hand is shown is to act now."""
        v = self.view
        return self.hand_shown and not self.over and v.turn == v.seat


@dataclass(frozen=True, slots=True)
class SeatTexts:
    """One seat's panel."""

    name: str
    lines: Text  # name, tags and cards left (one fact a line for the side seats)
    to_act: bool
    short: Text | None = None  # the same with the name shortened, where it takes fewer lines
    doing: str = ""  # what the player is to do: kept whole on one line ("to play a card")


@dataclass(frozen=True, slots=True)
class TrickTexts:
    """The middle of the table: the cards by seat, the one winning, two caption lines."""

    cards: dict[int, Card]
    highlight: int | None
    captions: tuple[Text, Text]
    short: tuple[Text, Text] | None = None  # the captions with long names shortened


@dataclass(frozen=True, slots=True)
class ScoreTexts:
    """The score box: a line per side (the bottom seat's side first) and the target's line;
    with each side, the hand so far: a line under it (``hand``) where there is room, else its
    points beside the score and the tricks in the last line (``taken``)."""

    rows: tuple[tuple[str, str], ...]  # (side, score)
    target: str  # "target 800" (the hand's number is the top bar's)
    pairs: tuple[tuple[str, str], ...] = ()  # each row's two names, to shorten where narrow
    # each row's hand so far in a line, in forms from the longest to the shortest (so_far_forms)
    hand: tuple[tuple[str, ...], ...] = ()
    # each row's (tricks, points its pile would score now); () before the first trick
    taken: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class TableTexts:
    """Every text of the table."""

    topbar: Text
    seats: tuple[SeatTexts, ...]  # bottom, right, top, left
    trick: TrickTexts
    status: Text
    log: list[Text]
    declarations: list[Text]  # a line per player and per combination, with the cards
    digest: list[Text]  # the same in a line per player, when the other does not fit
    score: ScoreTexts
    keys: list[tuple[str, str, str]]  # (key shown, what it does, action)
    topbar_short: Text | None = None  # the top bar with long names shortened
    out: list[Text] = field(default_factory=list)  # what is still out (see out_lines)
    out_suits: int = 0  # its first lines that list a suit's cards (two may share a row)
    out_title: str = ""  # its title (see out_title)
    # the declarations by name and points only, in a line (see declared_points)
    declared: Text = field(default_factory=Text)


# ----------------------------------------------------------------------- the whole table
def present(scene: Scene) -> TableTexts:
    names = [s.name for s in scene.seats]
    short = short_names(names, scene.look)  # where there is little room
    seats = tuple(
        seat_panel(scene, seat_after(scene.bottom, rel), rel in (1, 3), short) for rel in range(4)
    )
    return TableTexts(
        topbar=topbar(scene, names),
        seats=seats,
        trick=replace(trick_texts(scene, names), short=trick_texts(scene, short).captions),
        status=status(scene, names),
        log=[*earlier_hands(scene), *hand_log(scene.view, names, scene.look, scene.decided_for)],
        declarations=declaration_lines(scene.view, names, scene.look),
        digest=declaration_digest(scene.view, short),
        declared=declared_points(scene.view, short, scene.look),
        score=score_texts(scene),
        keys=keys(scene),
        topbar_short=topbar(scene, short),
        # (counted from a hand: a public view's would list every card in anybody's hand)
        out=out_lines(scene.view, short, scene.look, scene.bottom) if scene.hand_shown else [],
        out_suits=suits_out(scene.view),
        out_title=out_title(scene.view),
    )


COMPACT_NAME = 10  # characters of a name where there is little room


def short_names(names: Sequence[str], look: Look) -> list[str]:
    """The names as they are shown where there is little room (see :func:`short_name`)."""
    return [short_name(n, COMPACT_NAME, look.ellipsis) for n in names]


def hand_stage(phase: Phase, tricks_done: int) -> str:
    """Where a hand is: "the discard", "trick 5 of 15" (the declarations come in the first
    trick), or "" once it is over."""
    if phase in (Phase.PLAY, Phase.DECLARE):
        return _("trick {n} of {total}").format(n=min(tricks_done + 1, TRICKS), total=TRICKS)
    return _("the discard") if phase == Phase.DISCARD else ""


def extra_hand(view: PlayerView) -> bool:
    """The hand after a tie at or over the target: played in full, nobody may call out in it
    (RULES.md §5, §9)."""
    return min(view.scores) >= view.target


def topbar(scene: Scene, names: Sequence[str]) -> Text:
    v, dot = scene.view, scene.look.dot
    text = Text.assemble(("TAROCCHINO", "bold"), ("  Ottocento", "dim"))
    stage = hand_stage(v.phase, len(v.tricks))
    where = _("Hand {n}").format(n=v.hand_number + 1)
    where += f" {dot} " + _("extra hand") if extra_hand(v) else ""
    where += f" {dot} {stage}" if stage else ""
    dealer = _("dealer {name}").format(name=shown_name(names[v.dealer]))
    text.append(f"   {where} {dot} {dealer}")
    if scene.watching:
        text.append(f" {dot} ")
        text.append(_("paused") if scene.paused else _("watching"), style="bold")
    return text


def bot_tag(kind: str) -> str:
    """ "hard bot": a seat's tag when a bot plays it."""
    return _("{level} bot").format(level=bot_level(label_of(kind)))


def seat_tags(scene: Scene, seat: int) -> list[str]:
    """ "dealer", "partner"/"opponent" (of the bottom seat), "hard bot", and who is there
    (``Scene.presence``: "away", …)."""
    tags = []
    if seat == scene.view.dealer:
        tags.append(_("dealer"))
    if seat != scene.bottom and not scene.watching:
        tags.append(_("partner") if same_side(seat, scene.bottom) else _("opponent"))
    if scene.watching:
        tags.append(_("side {letter}").format(letter="AB"[side_of(seat)]))
    kind = scene.seats[seat].kind
    if kind != HUMAN:
        tags.append(bot_tag(scene.substitutes.get(seat, kind)))
    tags += [
        _(PRESENCE_WORDS[t]) if t in PRESENCE_WORDS else t for t in scene.presence.get(seat, ())
    ]
    return tags


def seat_panel(scene: Scene, seat: int, compact: bool, short: Sequence[str]) -> SeatTexts:
    """One seat's panel, and the same with the name shortened (``short``: the short names) for
    a name that would push the rest onto more lines."""
    full = seat_texts(scene, seat, compact=compact)
    if short[seat] == full.name:
        return full
    return replace(full, short=seat_texts(scene, seat, compact=compact, name=short[seat]).lines)


def seat_texts(scene: Scene, seat: int, *, compact: bool, name: str | None = None) -> SeatTexts:
    """One seat's panel, its player called ``name`` (else his whole name)."""
    v, look = scene.view, scene.look
    name = name or scene.seats[seat].name
    to_act = v.turn == seat and not scene.over
    head = Text.assemble((f"{look.pointer} " if to_act else "", "bold"), (shown_name(name), "bold"))
    parts = [head, *(Text(t, style="dim") for t in seat_tags(scene, seat))]
    n = v.hand_sizes[seat]
    parts.append(Text(ngettext("{n} card", "{n} cards", n).format(n=n), style="dim"))
    text = Text("\n" if compact else f" {look.dot} ").join(parts)
    doing = ""
    if to_act and scene.thinking == seat:
        doing = _("thinking") + look.ellipsis
    elif to_act:
        doing = _((DOING_SHORT if compact else DOING).get(v.phase, "")) if v.phase in DOING else ""
    if doing:
        text.append("\n" if compact else "  ")
        text.append(doing, style="italic")
    if not compact:  # what only this seat can see first: the declarations are also listed aside
        if seat == v.seat and v.discard and scene.hand_shown:
            text.append("\n")
            text.append(_("your discard:") + " ", style="dim italic")
            text.append_text(cards_text(sorted_for_display(v.discard), look))
        d = v.declarations[seat]
        if d is not None and d.families:
            text.append("\n")
            # the points and families (a whole line at 80 columns); the cards are listed aside
            said = _("declared {declaration}").format(declaration=declaration_brief(d))
            text.append(said, style="italic")
    return SeatTexts(name, text, to_act, doing=doing)


def trick_texts(scene: Scene, names: Sequence[str]) -> TrickTexts:
    v = scene.view
    if (scene.show_last or not v.trick) and v.tricks:
        last = v.tricks[-1]
        cards = {last.seat_of(i): c for i, c in enumerate(last.cards)}
        label = _("Last trick") if scene.show_last and v.trick else _("Trick {n}")
        label = label.format(n=len(v.tricks))
        who = names[last.winner]
        takes = _("{name} take it") if who == YOU else _("{name} takes it")
        captions = (
            Text(f"{label}: {lead_words(names[last.leader], last.cards)}", style="dim"),
            assembled(takes, name=Text(shown_name(who), style="bold")),
        )
        return TrickTexts(cards, last.winner, captions)
    cards = {v.seat_of(i): c for i, c in enumerate(v.trick)}
    if v.trick:
        lead = v.seat_of(winning_index(v.trick)) if led_suit(v.trick) >= 0 else None
        captions = (
            Text(lead_words(names[v.leader], v.trick), style="dim"),
            assembled(
                _("{name} are winning") if names[lead] == YOU else _("{name} is winning"),
                name=Text(shown_name(names[lead]), style="bold"),
            )
            if lead is not None
            else Text(),
        )
        return TrickTexts(cards, lead, captions)
    if v.turn < 0 and v.phase != Phase.OVER:  # a table's match that has not started
        return TrickTexts({}, None, (Text(_("Waiting for players"), style="dim"), Text()))
    if v.phase == Phase.DISCARD:
        dealer = names[v.dealer]
        said = _("You are to discard") if dealer == YOU else _("{name} is to discard")
        return TrickTexts({}, None, (Text(said.format(name=dealer), style="dim"), Text()))
    leader = names[v.leader]
    # (the trick first, as the last trick's caption says it: where the row is short, it is
    # broken after the colon, "First trick:" over "Bruno leads")
    said = _("First trick: you lead") if leader == YOU else _("First trick: {name} leads")
    return TrickTexts({}, None, (Text(said.format(name=leader), style="dim"), Text()))


def trick_so_far(view: PlayerView, names: Sequence[str], look: Look) -> Text:
    """The trick in progress, each card after its player's name ("On the table: Dario 10♣,
    Anna 8♣"), for where a dialog lies over it (the declarations); empty before its first
    card."""
    if not view.trick:
        return Text()
    played = Text(", ").join(
        Text.assemble(shown_name(names[view.seat_of(i)]) + " ", card_text(c, look))
        for i, c in enumerate(view.trick)
    )
    return assembled(_("On the table: {cards}"), cards=played)


def lead_words(leader: str, trick: Sequence[Card]) -> str:
    """ "Anna led Coppe", or "Anna led the Matto: Coppe to follow" (the next card sets the suit)."""
    you = leader == YOU
    if trick[0] != MAT:
        said = _("You led {suit}") if you else _("{name} led {suit}")
    elif len(trick) == 1:
        said = (
            _("You led the Matto: the next card sets the suit")
            if you
            else _("{name} led the Matto: the next card sets the suit")
        )
    else:
        said = (
            _("You led the Matto: {suit} to follow")
            if you
            else _("{name} led the Matto: {suit} to follow")
        )
    return said.format(name=leader, suit=suit_word(trick))


def earlier_hands(scene: Scene) -> list[Text]:
    """One line per finished hand: what each side made."""
    sides = (side_name(scene.seats, 0), side_name(scene.seats, 1))
    return [
        Text(
            _("Hand {n}: {side} +{points}, {other} +{other_points}").format(
                n=i + 1,
                side=sides[0],
                points=number(r.sides[0].total),
                other=sides[1],
                other_points=number(r.sides[1].total),
            ),
            style="dim",
        )
        for i, r in enumerate(scene.results)
    ]


def score_texts(scene: Scene) -> ScoreTexts:
    v = scene.view
    first = side_of(scene.bottom)
    sides = (first, other_side(first))
    rows = tuple((side_name(scene.seats, side), number(v.scores[side])) for side in sides)
    pairs = tuple(
        (shown_name(scene.seats[a].name), shown_name(scene.seats[b].name))
        for a, b in (seats_of(side) for side in sides)
    )
    piles = so_far(v.tricks, v.dealer)
    hand = so_far_forms(v, scene.look, piles)
    taken = tuple((piles[side].tricks, piles[side].total) for side in sides) if v.tricks else ()
    target = _("target {n}").format(n=number(v.target))
    return ScoreTexts(rows, target, pairs, tuple(hand[side] for side in sides), taken)


def declared_points(view: PlayerView, names: Sequence[str], look: Look = UNICODE) -> Text:
    """Who declared and how many points, in a line (``Bruno 26 · Carla 15 · Dario 60``): the
    declarations where even a line a player would not fit (the families are under each seat's
    name and in the log)."""
    return Text(f" {look.dot} ").join(
        Text.assemble((shown_name(names[d.seat]), "bold"), f" {d.points}")
        for d in view.declarations
        if d is not None and d.families
    )


# ----------------------------------------------------------------------- the hand so far
def no_tricks(phase: Phase) -> str:
    """A side that has taken no trick, in the score box and the hand so far in full alike."""
    return _("no tricks") if phase == Phase.OVER else _("no tricks yet")


def so_far_forms(
    view: PlayerView, look: Look = UNICODE, piles: tuple[PileSoFar, PileSoFar] | None = None
) -> tuple[tuple[str, ...], ...]:
    """Each side's hand so far in a line, from the tricks everybody saw taken (never the hidden
    discard): its tricks and the points its pile would score if the hand ended now
    (``game.sofar``: the Matto exchange made as at the end), in forms from the longest to the
    shortest, the same number for every side that has taken a trick (the score box takes the
    same form for both, the longest that fits): ``5 tricks · 23 points: Re 17, 6 in cards``,
    ``5 tricks · 23 points: Re``, ``5 tricks · 23 points``, ``5 tricks · 23 pts``; ``4 tricks ·
    9 points, in cards``, ``4 tricks · 9 points``, …; ``no tricks yet``. ``piles``:
    :func:`game.sofar.so_far` of the view, when already counted."""
    if view.phase == Phase.DISCARD:
        return (no_tricks(view.phase),), (no_tricks(view.phase),)
    out: list[tuple[str, ...]] = []
    for pile in piles or so_far(view.tricks, view.dealer):
        if not pile.tricks:
            out.append((no_tricks(view.phase),))
            continue
        b = pile.breakdown
        head = tricks_words(pile.tricks) + f" {look.dot} "
        total = pile.total
        points = head + ngettext("{n} point", "{n} points", total).format(n=number(total))
        pts = head + _("{n} pts").format(n=number(total))
        combos = (*b.cricche, *b.sequences)
        if not combos:
            in_cards = _("{points}, in cards").format(points=points)
            out.append((in_cards, in_cards, points, pts))
            continue
        doubled = [_("cricche doubled")] * b.criccone + [
            _("sequences doubled")
        ] * b.sequences_doubled
        parts = [f"{c.family} {c.points}" for c in combos] + doubled
        cards = _("{n} in cards").format(n=pile.card_points)
        out.append(
            (
                f"{points}: {', '.join([*parts, cards])}",
                f"{points}: {', '.join(c.family for c in combos)}",
                points,
                pts,
            )
        )
    return out[0], out[1]


def so_far_lines(
    view: PlayerView, seats: Sequence[Seat], look: Look, bottom: int, discard: int = 0
) -> list[Text]:
    """The hand so far in full (``w``): for each side (``bottom``'s first) its tricks and what
    its pile would score if the hand ended now, each captured combination with its cards, the
    doublings, the card points; the Matto exchange the end would make now; ``discard``: the
    dealer's own discard, said apart where it would go now (his screen only)."""
    piles = so_far(view.tricks, view.dealer)
    lines: list[Text] = []
    for side in (side_of(bottom), other_side(side_of(bottom))):
        pile = piles[side]
        if lines:
            lines.append(Text())
        # the same words as the score box's for a side that has taken none
        tricks = tricks_words(pile.tricks) if pile.tricks else no_tricks(view.phase)
        head = Text.assemble((side_name(seats, side), "bold"), f" {look.dot} {tricks}")
        if pile.tricks:
            total = ngettext("{n} point", "{n} points", pile.total).format(n=number(pile.total))
            head.append(f" {look.dot} {total}", style="bold")
        lines.append(head)
        if not pile.tricks:
            continue
        b = pile.breakdown
        combos = (*b.cricche, *b.sequences)
        lines += combination_lines(combos, look)
        if not combos:
            lines.append(Text("  " + _("no combination"), style="dim"))
        said = ngettext(
            "card points {points} ({n} card)", "card points {points} ({n} cards)", len(b.cards)
        )
        lines.append(Text("  " + said.format(points=pile.card_points, n=len(b.cards))))
    exchange = exchange_so_far(view.tricks, view.dealer)
    if exchange is not None:
        giver, taker, c = exchange
        if c == MAT:  # nothing else to give: the Matto itself goes
            matto = assembled(
                _(
                    "The Matto goes to {taker}: {giver} have no card to give for it yet "
                    "(counted so; they may have by the end)."
                ),
                taker=Text(side_name(seats, taker), style="bold"),
                giver=Text(side_name(seats, giver), style="bold"),
            )
        else:
            matto = assembled(
                _(
                    "The Matto stays with {giver}, who give {card} to {taker} for it "
                    "(counted so; the card may change by the end)."
                ),
                giver=Text(side_name(seats, giver), style="bold"),
                card=card_text(c, look),
                taker=Text(side_name(seats, taker), style="bold"),
            )
        lines += [Text(), matto]
    if discard:
        side, worth = discard_worth(view.tricks, view.dealer, discard)
        lines += [
            Text(),
            assembled(
                ngettext(
                    "Your discard {cards} would go to {side} now: {n} more point "
                    "(only you see it).",
                    "Your discard {cards} would go to {side} now: {n} more points "
                    "(only you see it).",
                    worth,
                ),
                cards=cards_text(sorted_for_display(discard), look),
                side=side_name(seats, side),
                n=number(worth),
            ),
        ]
    return lines


# ----------------------------------------------------------------------- the status line
def play_rule(view: PlayerView) -> str:
    """What the player to lead or follow must do: the engine's obligation, and its legal cards
    (whether every card may go, whether the Matto may)."""
    return _play_rule(view)[0]


def _play_rule(view: PlayerView) -> tuple[str, bool]:
    """:func:`play_rule`, and whether any card may go."""
    duty = obligation(view.hand, view.trick)
    if duty.kind == LEAD:
        return _("lead any card"), True
    legal = {a.card for a in view.legal if a.kind == PLAY}
    if legal == set(cards_of(view.hand)):
        if duty.kind != ANY:  # the Matto led alone, or every card follows (or trumps)
            return _("play any card"), True
        if duty.led == TRUMP:  # why every card may go: none of the suit led, and no trumps
            return _("no trumps: play any card"), True
        return _("no {suit} or trumps: play any card").format(suit=SUIT_NAMES[duty.led]), True
    name = led_word(duty.led)
    matto = MAT in legal
    if duty.kind == FOLLOW:
        rule = _("follow {suit} (or the Matto)") if matto else _("follow {suit}")
    else:
        rule = (
            _("no {suit}: play a trump (or the Matto)") if matto else _("no {suit}: play a trump")
        )
    return rule.format(suit=name), False


def status(scene: Scene, names: Sequence[str]) -> Text:
    if scene.notice:
        return scene.notice
    text = turn_status(scene, names)
    if scene.lead_in and scene.my_turn and text:
        return Text.assemble(scene.lead_in, text)
    return text


def turn_status(scene: Scene, names: Sequence[str]) -> Text:
    """Whose turn it is and what to do, or what the table waits for."""
    v, look = scene.view, scene.look
    if scene.over:
        return Text(_("The hand is over."), style="dim")
    if scene.watching:
        # Space as the key bar names it (tui.keys.key_name: not imported here, it needs Textual)
        if scene.paused:
            said = _("{watching} (paused): Space goes on, + and - change the pace.")
        else:
            said = _("{watching} ({pace}): Space pauses, + and - change the pace.")
        watching = Text(_("Watching four bots"), style="bold")
        return assembled(said, watching=watching, pace=scene.speed)
    if v.turn < 0:
        return waiting_for_players(scene)
    who = names[v.turn]
    if not scene.my_turn:
        if scene.thinking == v.turn:
            said = _("You are thinking") if who == YOU else _("{name} is thinking")
            return Text(said.format(name=who) + look.ellipsis, style="dim")
        return Text(scene.awaiting or waiting_for(who, scene.presence.get(v.turn, ())), style="dim")
    if v.phase == Phase.DISCARD:
        text = address(who, _("you deal: mark two cards to discard") + " ")
        text.append(f"({len(scene.marked)}/2", style="bold")
        if scene.marked:
            text.append(": ")
            text.append_text(cards_text(scene.marked, look))
        # the carte da 5: "the 4 Tarocchi" (ANG MON BEG MAT), as "Tarocchi" alone reads as
        # every trump and trumps may go; no card's code (the hot-seat screen shows no code of a
        # card another holds), nor their names (the prompt must fit two lines at 80 columns)
        text.append("). " + _("Kings and the {n} Tarocchi stay.").format(n=TAROCCHI.bit_count()))
        return text
    if v.phase == Phase.PLAY:
        rule, free = _play_rule(v)
        text = address(who, _("your turn: {rule}.").format(rule=rule))
        if not free:
            text.append(" " + _("Raised cards are playable."))
        return text
    return Text()


def waiting_for(who: str, presence: Sequence[str]) -> str:
    """ "Waiting for Anna.", and whether she is away or a bot plays for her meanwhile."""
    if AWAY not in presence:
        return _("Waiting for {name}.").format(name=who)
    bots = [tag for tag in presence if tag not in (AWAY, CONNECTED, OPEN_SEAT)]
    if bots:
        if who == YOU:
            return _("You are away: the {bot} plays for now.").format(bot=bots[0])
        return _("{name} is away: the {bot} plays for now.").format(name=who, bot=bots[0])
    return _("Waiting for {name} (away).").format(name=who)


def waiting_for_players(scene: Scene) -> Text:
    """Before a table's match starts: the seats nobody has taken yet."""
    empty = [str(seat + 1) for seat, tags in sorted(scene.presence.items()) if OPEN_SEAT in tags]
    if not empty:
        return Text()
    said = ngettext(
        "{waiting} seat {seats} open. The match starts when every seat is taken.",
        "{waiting} seats {seats} open. The match starts when every seat is taken.",
        len(empty),
    )
    waiting = Text(_("Waiting for players:"), style="bold")
    return assembled(said, waiting=waiting, seats=listed(empty))


COACH_KEY = "i"  # turns the coach off (and on again) at the table


def keys(scene: Scene) -> list[tuple[str, str, str]]:
    """The key bar: what each key does now."""
    look = scene.look
    out = []
    if scene.watching:
        paused = pgettext("key", "Go on") if scene.paused else pgettext("key", "Pause")
        out.append(("Space", paused, "pause"))
        out += [
            ("+", pgettext("key", "Faster"), "faster"),
            ("-", pgettext("key", "Slower"), "slower"),
        ]
    elif scene.my_turn and scene.view.phase == Phase.DISCARD:
        out.append((look.enter, pgettext("key", "Mark"), "play"))
    elif scene.my_turn and scene.view.phase == Phase.PLAY:
        out.append((look.enter, pgettext("key", "Play"), "play"))
    # p again goes back to the trick in progress: said while the last one is shown in its place
    back = scene.show_last and bool(scene.view.trick)
    out += [
        ("?", pgettext("key", "Help"), "help"),
        (
            "p",
            pgettext("key", "This trick") if back else pgettext("key", "Last trick"),
            "last_trick",
        ),
    ]
    # the cards out are counted from the hand on screen (o again brings back the declarations
    # and the log it hides); a hint speaks of this screen's turn, never of a seat waited for
    # (played elsewhere, or to be handed the keyboard)
    shown = scene.hand_shown and not scene.watching
    if shown or scene.out_alone:
        out.append(
            (
                "o",
                pgettext("key", "Log") if scene.out_alone else pgettext("key", "Out"),
                "cards_out",
            )
        )
    out.append(("w", pgettext("key", "Won"), "so_far"))
    waited_for = not scene.over and not scene.my_turn and scene.thinking is None
    if shown and not waited_for:
        out.append(("t", pgettext("key", "Hint"), "hint"))
    if scene.undo:
        out.append(("u", pgettext("key", "Undo"), "undo"))
    out.append(("s", pgettext("key", "Settings"), "settings"))
    if scene.coach and shown:  # (where the bar is short of room, it goes before the settings)
        out.append((COACH_KEY, pgettext("key", "Coach"), "coach"))
    out += [
        ("q", pgettext("key", "Leave") if scene.network else pgettext("key", "Menu"), "leave"),
    ]
    return out


# ----------------------------------------------------------------------- single messages
def card_note(view: PlayerView, c: Card, look: Look) -> Text:
    """The card under the cursor: its name and, when it cannot be chosen now, why (the engine's
    reason, with the card named as it is drawn)."""
    text = Text(card_name(c, look), style="dim")
    reason = card_refusal(view, c, look)
    if reason:
        named = face(c, look) + " "
        if reason.startswith(named):  # the card once: "Q♠ Regina di Spade (…) is not legal: …"
            text.append(" ")
            reason = reason[len(named) :]
        else:
            text.append("  ")
        text.append(reason, style="bold")
    return text


def card_refusal(view: PlayerView, c: Card, look: Look) -> str | None:
    """Why ``c`` may not be chosen now (the engine's verdict, the card named as it is drawn),
    or None."""
    return refusal_of(card_verdict(view, c), c, look)


def discardable(view: PlayerView) -> frozenset[Card]:
    """The cards that may go in the discard (those of the engine's legal discards)."""
    return frozenset(c for a in view.legal if a.kind == DISCARD for c in a.cards)


def discard_question(marked: Sequence[Card], look: Look) -> Text:
    a, b = marked
    question = assembled(
        _("Discard {card} and {other}?"), card=card_text(a, look), other=card_text(b, look)
    )
    question.append(
        "\n"
        + _("They count for your side if it wins at least one trick, else for the other side."),
        style="dim",
    )
    return question


def hint_text(action: Action, reason: Explanation, look: Look) -> Text:
    """The hint: the action the bot would take and why (:mod:`text.hints`)."""
    if action.kind == PLAY and reason.alike:
        # the card named among others that do as well: the bot had no reason to prefer it
        text = assembled(
            _("Hint: play {card} (or {others}: as good here)"),
            "bold",
            card=card_text(action.card, look),
            others=cards_text(reason.alike[:3], look, sep=", "),
        )
    elif action.kind == PLAY:
        text = assembled(_("Hint: play {card}"), "bold", card=card_text(action.card, look))
    elif action.kind == DISCARD:
        text = assembled(_("Hint: discard {cards}"), "bold", cards=cards_text(action.cards, look))
    else:
        text = Text(_("Hint: {action}").format(action=action), style="bold")
    said = hint_reason(reason)
    if said:
        text.append(f" - {said}" if look.ascii else f" — {said}", style="dim")
    return text


def handover_context(view: PlayerView, seats: Sequence[Seat], look: Look) -> str:
    """The hand-over screen's first line: where the match stands, and who took the last trick
    (public facts only, no card)."""
    dot = look.dot
    text = (
        _("Hand {n}").format(n=view.hand_number + 1)
        + f" {dot} {side_name(seats, 0)} {number(view.scores[0])} {dot} "
        f"{side_name(seats, 1)} {number(view.scores[1])}"
    )
    if view.tricks and not view.trick:
        winner = seats[view.tricks[-1].winner].name
        said = _("You take trick {n}.") if winner == YOU else _("{name} takes trick {n}.")
        text += "\n" + said.format(name=winner, n=len(view.tricks))
    return text


# ----------------------------------------------------------------------- what is still out
def _trump_runs(cards: Sequence[Card], look: Look) -> list[Text]:
    """Trumps high to low, three or more that follow each other in the Grande's order written
    as a range (``T13–T9``)."""
    dash = "-" if look.ascii else "–"
    groups: list[Text] = []
    i = 0
    while i < len(cards):
        j = i + 1
        while j < len(cards) and follows_in_grande(cards[j - 1], cards[j]):
            j += 1
        if j - i >= 3:
            groups.append(
                Text.assemble(
                    card_text(cards[i], look), (dash, "dim"), card_text(cards[j - 1], look)
                )
            )
        else:
            groups.extend(card_text(c, look) for c in cards[i:j])
        i = j
    return groups


def out_title(view: PlayerView) -> str:
    """ "Still out", and, for all but the dealer once he has discarded, that two of those cards
    are in the discard: at the last trick nobody holds them (they are not lost)."""
    if view.phase == Phase.DISCARD or view.discard is not None:
        return _("Still out")
    return _("Still out (2 discarded)")


def suits_out(view: PlayerView) -> int:
    """How many suits have cards still out: the first lines of :func:`out_lines`."""
    return sum(1 for s in range(4) if view.unseen & SUIT_MASK[s])


def out_lines(view: PlayerView, names: Sequence[str], look: Look, bottom: int) -> list[Text]:
    """What a player counts: the cards still out in each suit (highest first) and in trumps
    (and the Matto), the suits and trumps of which nothing is out in one line, then for each
    other player what he has shown: the suits he cannot have (he did not follow, or did not
    trump; not said of a suit of which nothing is out, as nobody has it) and the declared cards
    he still holds. "nothing is still out" when so.

    ``♠ K N 10 9 7 6`` · ``Trumps 9: LUN T15 T13–T9 T7 MO3 MAT`` · ``none in ♥ ♦`` ·
    ``Dario: no ♣ ♥; holds ANG MON``."""
    out = view.unseen
    lines = []
    gone: list[Text] = []  # the suits (and trumps) of which nothing is out
    for s in range(4):
        cards = sorted_for_display(out & SUIT_MASK[s])
        if not cards:
            gone.append(Text(mark(s, look), style=card_style(s * 10, look)))
            continue
        line = Text(f"{mark(s, look)} ", style=card_style(s * 10, look))
        line.append_text(
            Text(" ").join(Text(rank_code(c), style=card_style(c, look)) for c in cards)
        )
        lines.append(line)
    trumps = sorted_for_display(out & TRUMPS)
    matto = bool(out >> MAT & 1)
    if trumps:
        line = Text(_("Trumps {n}:").format(n=len(trumps)) + " ", style="bold")
        groups = _trump_runs(trumps, look)
        if matto:
            groups.append(card_text(MAT, look))
        line.append_text(Text(" ").join(groups))
        lines.append(line)
    else:  # (said with the suits of which nothing is out, and the Matto after them)
        gone.append(Text(_("trumps"), style="bold"))
    if not lines:
        if matto:
            lines.append(
                assembled(_("only {card} is still out"), words="dim", card=card_text(MAT, look))
            )
        else:
            lines.append(Text(_("nothing is still out"), style="dim"))
    elif gone:
        if len(gone) > 1 and not trumps:
            suits = Text(" ").join(gone[:-1])
            line = assembled(_("none in {suits} or {trumps}"), "dim", suits=suits, trumps=gone[-1])
        else:
            line = assembled(_("none in {suits}"), "dim", suits=Text(" ").join(gone))
        if matto and not trumps:
            line.append("; ", style="dim")
            line.append_text(assembled(_("{card} out"), "dim", card=card_text(MAT, look)))
        lines.append(line)
    voids = view.voids
    for k in range(1, 4):
        seat = seat_after(bottom, k)
        facts = []
        shown = " ".join(
            mark(s, look) for s in range(4) if voids[seat] & SUIT_MASK[s] and out & SUIT_MASK[s]
        )
        no_trumps = bool(voids[seat] & TRUMPS and out & TRUMPS)
        if shown and no_trumps:
            facts.append(Text(_("no {suits} or trumps").format(suits=shown)))
        elif shown:
            facts.append(Text(_("no {suits}").format(suits=shown)))
        elif no_trumps:
            facts.append(Text(_("no trumps")))
        d = view.declarations[seat]
        held = sorted_for_display(d.cards & out) if d is not None else []
        if held:
            facts.append(assembled(_("holds {cards}"), cards=cards_text(held, look)))
        if facts:
            line = Text.assemble((shown_name(names[seat]), "bold"), ": ")
            line.append_text(Text("; ").join(facts))
            lines.append(line)
    return lines
