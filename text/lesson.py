"""The words of the lesson (*Learn to play*): what each step says, why a try was not the one
asked, the pack laid out, and why saved progress could not be read.

Every number the lesson states is taken from the game (the card values, the combinations'
points, the last trick's points, the target), and every fact of the hand (who declared what,
who took a trick, the sheet) from the lesson's hand as the engine played it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from game.cards import (
    ANG,
    CODES,
    FULL_PACK,
    JACKS,
    KINGS,
    KNIGHTS,
    LONG_SUITS,
    MAT,
    N_CARDS,
    QUEENS,
    SCARTINI,
    STRENGTH,
    SUIT,
    SUIT_CODES,
    SUIT_NAMES,
    TAROCCHI,
    TRUMP,
    TRUMPS,
    VALUE,
    Card,
    card_points,
    cards_of,
    count,
    mask_of,
    parse_cards,
)
from game.errors import IllegalActionError
from game.kernel import LAST_TRICK_POINTS, TRICKS
from game.rules import DEFAULT_TARGET
from game.scoring import combination, sequence_points
from game.seats import same_side
from game.view import Declaration
from store import lesson as progress
from store.lesson import ProgressError
from table import lesson as script
from table.lesson import DEALER, NAMES, YOU, Attempt, Lesson, dealt
from text.language import N_, _, number
from text.refusals import illegal_words
from text.render import Look, card_text, cards_text, face, mark
from text.storage import file_problem
from text.words import listed


@dataclass(frozen=True, slots=True)
class StepText:
    """What the lesson says at a step: a title, paragraphs, and what to do now."""

    title: str
    body: list[Text]
    todo: Text


def name(seat: int) -> str:
    """A seat's name as the lesson says it (the player: "You")."""
    return _("You") if seat == YOU else NAMES[seat]


def suit_order(suit: int) -> list[Card]:
    """A suit's cards, highest first (the order of the game)."""
    return sorted((c for c in cards_of(FULL_PACK) if SUIT[c] == suit), key=lambda c: -STRENGTH[c])


def pack_lines(look: Look) -> list[Text]:
    """The 62 cards laid out: each suit highest first, the trumps in order, the Matto."""
    lines: list[Text] = []
    for suit, suit_name in enumerate(SUIT_NAMES):
        kind = _("long") if suit in LONG_SUITS else _("round")
        lines.append(Text(f"{suit_name} ({kind})", style="bold"))
        lines.append(cards_text(suit_order(suit), look))
    trumps = sorted(
        (c for c in cards_of(FULL_PACK) if SUIT[c] == TRUMP), key=lambda c: -STRENGTH[c]
    )
    lines.append(Text(_("Trumps, highest first"), style="bold"))
    for first in range(0, len(trumps), 8):
        lines.append(cards_text(trumps[first : first + 8], look))
    lines.append(Text(_("The Matto"), style="bold"))
    lines.append(card_text(MAT, look))
    return lines


def _cricca_points(group: int, n: int, family: str) -> int:
    return combination(mask_of(cards_of(group)[:n]), family).points  # type: ignore[union-attr]


def _declared(seat: int, d: Declaration | None, look: Look) -> Text:
    """ "Bruno: Fanti J♠ J♣ J♥ 12"."""
    if d is None or not d.families:
        return Text(_("{name}: nothing").format(name=name(seat)))
    out = Text(f"{name(d.seat)}: ", style="bold")
    parts = []
    for combo in d.combinations:
        part = Text(f"{combo.family} ")
        part.append_text(cards_text(combo.cards, look))
        part.append(f" {number(combo.points)}")
        parts.append(part)
    out.append_text(Text(" · ").join(parts))
    return out


def _p(text: str) -> Text:
    return Text(text)


def _marks(look: Look) -> dict[str, str]:
    """The suits' marks as the cards show them, by the suit's letter."""
    return {code.lower(): mark(suit, look) for suit, code in enumerate(SUIT_CODES)}


def _faces(codes: str, look: Look) -> str:
    """Cards by their codes, as the table shows them."""
    return " ".join(face(c, look) for c in parse_cards(codes))


def _points(codes: str, family: str) -> int:
    """What the cards of ``codes`` make as ``family`` (the game's own count)."""
    made = combination(mask_of(parse_cards(codes)), family)
    assert made is not None, (codes, family)
    return made.points


def _their_reasons(declarations: Sequence[Declaration | None]) -> list[str]:
    """Why the others' declarations are what they are, by the rules just taught."""
    combos = {
        (d.seat, combo.family): combo
        for d in declarations
        if d is not None
        for combo in d.combinations
    }
    denari, assi, grande = combos[2, "Denari"], combos[2, "Assi"], combos[3, "Grande"]
    return [
        _(
            "Carla's Denari: King, Queen, Knight (no Jack needed), her Ace and her Bégato: {n} "
            "cards, {points}."
        ).format(n=len(denari.cards), points=denari.points),
        _("Her three Aces and the same Bégato: {n}, {points}.").format(
            n=len(assi.cards), points=assi.points
        ),
        _(
            "Dario: Angelo, Sole and Luna are a head without the Mondo; no T16, so it stops: "
            "{points}."
        ).format(points=grande.points),
    ]


def step_text(lesson: Lesson, look: Look) -> StepText:
    """What the lesson says at its current step."""
    step = lesson.current
    key = step.key
    hand = lesson.hand
    view = lesson.view()
    wanted = step.card
    card = face(wanted, look) if wanted is not None else ""
    todo = Text(_("Enter: go on"), style="bold")
    title, body = "", []
    if key == "welcome":
        title = _("Learn to play Ottocento")
        body = [
            _p(
                _(
                    "Ottocento is the tarot game of Bologna: four players, two against two. Your "
                    "partner Carla sits opposite you; Bruno and Dario play together."
                )
            ),
            _p(_("One hand, dealt for learning, a rule at a time.")),
        ]
    elif key == "keys":
        title = _("How the lesson goes")
        body = [
            _p(
                _(
                    "Each step explains a rule and waits for you: r repeats it, s skips it, p "
                    "goes back. The lesson remembers where you stopped."
                )
            ),
        ]
    elif key == "pack":
        title = _("The pack: {n} cards").format(n=N_CARDS)
        body = [
            _p(
                _(
                    "Four suits of ten cards: Spade, Bastoni, Coppe, Denari. In the long suits "
                    "(Spade, Bastoni) the 10 is high and the Ace low; in the round suits "
                    "(Coppe, Denari) the Ace is high and the 10 lowest. The King is always the "
                    "highest."
                )
            ),
        ]
    elif key == "faces":
        title = _("Reading the cards")
        body = [
            _p(
                _(
                    "On the cards: K King (Re), Q Queen (Regina), N Knight (Cavallo), J Jack "
                    "(Fante), A Ace (Asso). Spade {s}, Bastoni {b}, Coppe {c}, Denari {d}."
                ).format(**_marks(look))
            ),
        ]
    elif key == "trumps":
        title = _("The trumps")
        body = [
            _p(
                _(
                    "{n} trumps (tarocchi) beat every suit card: the Angelo highest, then Mondo, "
                    "Sole, Luna, 16 down to 5, the four Mori and the Bégato, lowest. Of equal "
                    "Mori, the last played wins."
                ).format(n=count(TRUMPS))
            ),
        ]
    elif key == "trump_faces":
        title = _("The trumps' codes; the Matto")
        body = [
            _p(
                _(
                    "On the cards: ANG Angelo, MON Mondo, SOL Sole, LUN Luna, T16 to T5 the "
                    "numbers, MO1 to MO4 the Mori, BEG Bégato, MAT Matto."
                )
            ),
            _p(
                _(
                    "The Matto is no trump: you may play it instead of any card, but it never "
                    "takes a trick."
                )
            ),
        ]
    elif key == "values":
        title = _("What the cards are worth")
        body = [
            _p(
                _(
                    "Kings are worth {king}, Queens {queen}, Knights {knight}, Jacks {jack}; "
                    "Angelo, Mondo, Bégato and Matto {five} each. The other {n} cards are "
                    "scartini: Sole, Luna, the numbered trumps, the Mori, Aces, 6 to 10."
                ).format(
                    king=VALUE[cards_of(KINGS)[0]],
                    queen=VALUE[cards_of(QUEENS)[0]],
                    knight=VALUE[cards_of(KNIGHTS)[0]],
                    jack=VALUE[cards_of(JACKS)[0]],
                    five=VALUE[ANG],
                    n=count(SCARTINI),
                )
            ),
            _p(_("At the end a side's cards are counted in pairs.")),
        ]
    elif key == "deal":
        title = _("The deal")
        body = [
            _p(
                _(
                    "You are the dealer. The cards go five at a time, three rounds: {each} cards "
                    "each. The dealer also takes the last two, so you hold {dealer}."
                ).format(each=count(dealt()[1]), dealer=count(dealt()[DEALER]))
            ),
            _p(
                _(
                    "Bruno, on your right, plays first (primo di mano). Play goes round "
                    "anticlockwise: Bruno, Carla, Dario, then you."
                )
            ),
        ]
    elif key == "scarto":
        title = _("The discard")
        body = [
            _p(
                _(
                    "The dealer puts two cards face down: the discard (scarto). Kings, the "
                    "Angelo, the Mondo, the Bégato and the Matto may never go there."
                )
            ),
            _p(_("The discard counts for the dealer's side if it takes at least one trick.")),
        ]
    elif key == "discard":
        a, b = (face(c, look) for c in step.action.cards)  # type: ignore[union-attr]
        title = _("Your discard")
        body = [
            _p(
                _(
                    "Discard {a} and {b}: with no Denari left you can trump when Denari are led."
                ).format(a=a, b=b)
            ),
            _p(_("Cards that may not be discarded have no key over them.")),
        ]
        todo = Text(_("Choose {a}, then {b}.").format(a=a, b=b), style="bold")
    elif key == "declarations":
        title = _("Declarations (accusi)")
        body = [
            _p(
                _(
                    "In the first trick, before his first card, each player may declare "
                    "(accusare) the combinations in his hand: cricche and sequences."
                )
            ),
            _p(
                _(
                    "Their points join the side's total at the end of the hand (at once only for "
                    "calling out at {target}). All see the cards declared."
                ).format(target=number(DEFAULT_TARGET))
            ),
        ]
    elif key == "cricche":
        title = _("Cricche: three or four of a kind")
        body = [
            _p(
                _(
                    "Three Kings (Re) make {k3}, Queens (Regine) {q3}, Knights (Cavalli) {n3}, "
                    "Jacks (Fanti) {j3}, Tarocchi {t3}; four: double."
                ).format(
                    t3=_cricca_points(TAROCCHI, 3, "Tarocchi"),
                    k3=_cricca_points(KINGS, 3, "Re"),
                    q3=_cricca_points(QUEENS, 3, "Regine"),
                    n3=_cricca_points(KNIGHTS, 3, "Cavalli"),
                    j3=_cricca_points(JACKS, 3, "Fanti"),
                )
            ),
            _p(
                _(
                    "These Tarocchi are the four cards worth 5: Angelo, Mondo, Bégato, Matto. "
                    "Your {cards}: Kings, {points}."
                ).format(cards=_faces("KS KB KC", look), points=_points("KS KB KC", "Re"))
            ),
        ]
    elif key == "suit_sequences":
        title = _("Suit sequences")
        body = [
            _p(
                _(
                    "A sequence of three cards is worth {three}, {step} more for each further "
                    "card. In a suit: the King with two or three of its courts, gaps allowed: "
                    "{example}, {points}."
                ).format(
                    three=sequence_points(3),
                    step=sequence_points(4) - sequence_points(3),
                    example=_faces("KD ND JD", look),
                    points=_points("KD ND JD", "Denari"),
                )
            ),
            _p(
                _(
                    "The Ace adds a card only to a sequence already made: {four}, {points}; "
                    "{none}, nothing."
                ).format(
                    four=_faces("KD ND JD AD", look),
                    points=_points("KD ND JD AD", "Denari"),
                    none=_faces("KD QD AD", look),
                )
            ),
        ]
    elif key == "grande":
        title = _("The Grande")
        body = [
            _p(
                _(
                    "The Grande: the Angelo with two or three of Mondo, Sole, Luna, then T16, "
                    "T15 and on down while none is missing."
                )
            ),
            _p(
                _(
                    "{five}: {points}. Only a counter fills a single gap, if the next number is "
                    "there. You have no Angelo."
                ).format(
                    five=_faces("ANG SOL LUN T16 T15", look),
                    points=_points("ANG SOL LUN T16 T15", "Grande"),
                )
            ),
        ]
    elif key == "aces_mori":
        title = _("Aces and Mori")
        body = [
            _p(
                _(
                    "Three or four Aces (Assi) are a sequence too, and so are three or four Mori: "
                    "no King, no order. {three} makes {points}."
                ).format(three=_faces("AB AC AD", look), points=_points("AB AC AD", "Assi"))
            ),
            _p(_("You hold one Moro and no Ace: nothing here.")),
        ]
    elif key == "counters":
        title = _("Counters")
        body = [
            _p(
                _(
                    "The Bégato and the Matto are counters: each adds a card to every sequence, "
                    "and completes a pair into three (va in terza)."
                )
            ),
            _p(
                _(
                    "Your {pair} and the Matto: Coppe, {points}. A counter never makes a sequence "
                    "alone, and is no joker in a cricca."
                ).format(pair=_faces("KC QC", look), points=_points("KC QC MAT", "Coppe"))
            ),
        ]
    elif key == "their_declarations":
        title = _("What the others declared")
        body = [_declared(seat, hand.declarations[seat], look) for seat in (1, 2, 3)]
        body.append(_p(_("Each declared, then played: you play last.")))
    elif key == "their_reasons":
        title = _("Why they declared these")
        body = [_p(line) for line in _their_reasons(hand.declarations)]
    elif key == "declare":
        families = step.action.families  # type: ignore[union-attr]
        title = _("Your declaration")
        body = [
            _p(
                _(
                    "Your hand holds three Kings (a cricca) and King and Queen of Coppe, which "
                    "the Matto completes to a sequence of three."
                )
            ),
            _p(_("Declare them both: Enter opens the declarations, Enter again declares.")),
        ]
        todo = Text(_("Enter: declare {families}").format(families=listed(list(families))))
    elif key == "follow":
        title = _("Follow suit")
        body = [
            _p(
                _(
                    "Bruno led Spade. Whoever holds a card of the suit led must play one: your "
                    "Spade cards are raised, the others lowered."
                )
            ),
            _p(_("Play {card}, the highest Spade: it will take the trick.").format(card=card)),
        ]
        todo = _todo_card(card)
    elif key == "trick_won":
        title = _("Who takes a trick")
        body = [
            _p(
                _(
                    "With no trump in it, the highest card of the suit led takes the trick. "
                    "Your King beat Carla's Knight; her Knight is your side's all the same."
                )
            ),
            _p(_("Who takes a trick leads the next one: your turn to lead.")),
        ]
    elif key == "lead":
        title = _("Leading")
        body = [
            _p(_("When you lead, any card will do. Lead {card}.").format(card=card)),
        ]
        todo = _todo_card(card)
    elif key == "round_order":
        title = _("A round suit")
        body = [
            _p(
                _(
                    "In Coppe the Ace is above the 6 to 10, and the 10 is the lowest: Carla's "
                    "Ace takes the trick, and Dario's 9 beat Bruno's 10."
                )
            ),
            _p(_("Carla is your partner: the trick is your side's. Now she leads.")),
        ]
    elif key == "trump":
        title = _("No card of the suit: trump")
        body = [
            _p(
                _(
                    "Carla led Denari and you have none left (you discarded them). Whoever "
                    "cannot follow suit must play a trump, if he has one."
                )
            ),
            _p(
                _(
                    "Play {card}: any trump beats every suit card, so a low one will do and your "
                    "high trumps wait."
                ).format(card=card)
            ),
        ]
        todo = _todo_card(card)
    elif key == "trumped":
        title = _("The trump takes it")
        body = [
            _p(
                _(
                    "Your trump took the trick over the Jack of Denari. Without a trump in the "
                    "trick, the Jack would have won it."
                )
            ),
        ]
    elif key == "mori":
        title = _("The Mori")
        body = [
            _p(
                _(
                    "Lead {card}, one of the four Mori. When trumps are led, everybody must "
                    "follow with a trump."
                ).format(card=card)
            ),
        ]
        todo = _todo_card(card)
    elif key == "mori_won":
        title = _("The last Moro wins")
        body = [
            _p(
                _(
                    "All four Mori fell together. They are equal, so the Moro played last takes "
                    "the trick: Dario's."
                )
            ),
        ]
    elif key == "matto":
        title = _("The Matto")
        body = [
            _p(
                _(
                    "Dario led the Angelo: nothing can beat it, and you should follow with a "
                    "trump. Play the Matto instead: it excuses you from any card."
                )
            ),
        ]
        todo = _todo_card(card)
    elif key == "matto_kept":
        title = _("Where the Matto goes")
        body = [
            _p(
                _(
                    "The Matto never takes a trick, and it is never taken: it goes back to your "
                    "side. Since an opponent took this trick, at the end your side gives his "
                    "side a scartino for it: the exchange."
                )
            ),
        ]
    elif key == "play_on":
        title = _("Play the hand out")
        body = [
            _p(
                _(
                    "Now the rest of the hand, a card at a time. Each step says who took the "
                    "trick before, and asks for a card with its reason; the others answer."
                )
            ),
        ]
    elif key in ("card", "overtrump"):
        title = _("Trick {n} of {total}").format(n=len(view.tricks) + 1, total=TRICKS)
        body = [_p(_taken(lesson, look)), _p(_why_card(lesson, look))]
        if key == "overtrump":
            body.append(
                _p(
                    _(
                        "Dario trumped with {his}: a higher trump beats a lower one, and {card} "
                        "is above it. You need not overtrump; here it takes the trick."
                    ).format(
                        his=face(next(c for c in view.trick if SUIT[c] == TRUMP), look), card=card
                    )
                )
            )
        else:
            body.append(_p(_(_REASONS[CODES[wanted]])))  # type: ignore[index]
        todo = _todo_card(card)
    elif key == "last_trick":
        title = _("The last trick")
        body = [
            _p(_taken(lesson, look)),
            _p(_why_card(lesson, look)),
            _p(
                _("The side that takes the last trick scores {points} points more.").format(
                    points=LAST_TRICK_POINTS
                )
            ),
        ]
        todo = _todo_card(card)
    elif key == "last_taken":
        title = _("The hand is played")
        body = [
            _p(
                _("You took the last trick: {points} points for your side.").format(
                    points=LAST_TRICK_POINTS
                )
            ),
            _p(_("Now each side counts the cards it took.")),
        ]
    elif key == "hand_over":
        title, body = _hand_over(lesson, look)
    elif key in script.SHEET_STEPS:
        title, body = _sheet_step(lesson, key)
    elif key == "finish":
        title = _("Ready for a match")
        body = [
            _p(
                _(
                    "A match is hands like this one until a side reaches {target}. The deal "
                    "passes to the right each hand."
                ).format(target=number(DEFAULT_TARGET))
            ),
            _p(
                _(
                    "Near the end, mind the declarations: a side whose score and declarations "
                    "reach {target} wins at once (calling out): the hand stops there."
                ).format(target=number(DEFAULT_TARGET))
            ),
            _p(
                _("Enter starts a real match to {target}; q goes back to the menu.").format(
                    target=number(DEFAULT_TARGET)
                )
            ),
        ]
        todo = Text(_("Enter: start a match to {target}").format(target=number(DEFAULT_TARGET)))
    return StepText(title, body, todo)


def _todo_card(card: str) -> Text:
    return Text(_("Play {card}.").format(card=card), style="bold")


# Why each card asked in the play of the hand is the one to play (by its code).
_REASONS = {
    "T9": N_("A middle trump: it beats the T6 led, and your higher trumps wait."),
    "7S": N_("A low card costs little when you lead; your Kings wait for their suits."),
    "KB": N_("Your King is the highest Bastoni card: it takes the trick."),
    "T16": N_("Your highest trump draws the others' trumps: only the Sole and Luna beat it now."),
    "QC": N_("The Queen may take it, and your King stays for a later trick."),
    "10S": N_("The King, Queen, Knight and Jack of Spade are gone: the 10 is the highest left."),
    "8B": N_("It is your only Bastoni card, so you must play it."),
    "KC": N_("It is your only Coppe card, so you must play it, though the Sole takes the trick."),
}


def _taken(lesson: Lesson, look: Look) -> str:
    """Who took the trick before this one, and with which card."""
    last = lesson.view().tricks[-1]
    won_with = next(c for i, c in enumerate(last.cards) if last.seat_of(i) == last.winner)
    n = len(lesson.view().tricks)
    if last.winner == YOU:
        return _("Trick {n}: you took it with {card}.").format(n=n, card=face(won_with, look))
    return _("Trick {n}: {name} took it with {card}.").format(
        n=n, name=name(last.winner), card=face(won_with, look)
    )


def _why_card(lesson: Lesson, look: Look) -> str:
    """Why the card asked is a card the player may play now: he leads, follows, or trumps."""
    view = lesson.view()
    wanted = lesson.current.card
    assert wanted is not None
    card = face(wanted, look)
    if not view.trick or all(c == MAT for c in view.trick):
        return _("You lead: play {card}.").format(card=card)
    led = next(SUIT[c] for c in view.trick if c != MAT)
    if SUIT[wanted] == led:
        if led == TRUMP:
            return _("Trumps were led: follow with {card}.").format(card=card)
        return _("{suit} were led: follow suit with {card}.").format(
            suit=SUIT_NAMES[led], card=card
        )
    return _("You have no {suit}: trump with {card}.").format(suit=SUIT_NAMES[led], card=card)


def _hand_over(lesson: Lesson, look: Look) -> tuple[str, list[Text]]:
    result = lesson.hand.result
    assert result is not None
    body = [
        _p(
            _(
                "Your side took {yours} tricks, theirs {theirs}. Your side took a trick, so your "
                "discard is counted with your cards."
            ).format(yours=result.tricks[0], theirs=result.tricks[1])
        )
    ]
    if result.matto_exchange is not None:
        giver, _taker, given = result.matto_exchange
        body.append(
            _p(
                _(
                    "For the Matto, your side gave {card} to Bruno and Dario: a scartino, "
                    "chosen by the rules."
                ).format(card=face(given, look))
                if giver == 0
                else _("For the Matto, Bruno and Dario gave {card} to your side.").format(
                    card=face(given, look)
                )
            )
        )
    body.append(_p(_("Beside this is your side's sheet: the next steps read it line by line.")))
    return _("Counting"), body


def _sheet_step(lesson: Lesson, key: str) -> tuple[str, list[Text]]:
    result = lesson.hand.result
    assert result is not None
    side = result.sides[0]
    breakdown = side.breakdown
    if key == "sheet_combinations":
        families = [c.family for c in (*breakdown.cricche, *breakdown.sequences)]
        body = [
            _p(
                _(
                    "Now the combinations are sought again, among all the cards your side took: "
                    "the cricche and sequences you know."
                )
            ),
            _p(
                _("Your side's cards make {families}, worth {points} in all.").format(
                    families=listed(families), points=side.captured_combinations
                )
            ),
            _p(
                _(
                    "The Matto, kept by your side, is a counter in every sequence. Three or "
                    "more sequences, in a pile or in one player's declaration: their points are "
                    "doubled (three cricche too)."
                )
            ),
        ]
        return _("Combinations taken"), body
    if key == "sheet_cards":
        body = [
            _p(
                _(
                    "Cards are counted in pairs: a valued card with a scartino is worth its "
                    "value; two scartini are worth 1; two valued cards, their values less 1."
                )
            ),
            _p(
                _(
                    "Your side's cards make {points}; the other side's {theirs}: {pack} in all."
                ).format(
                    points=side.card_points,
                    theirs=result.sides[1].card_points,
                    pack=card_points(FULL_PACK),
                )
            ),
        ]
        return _("Card points"), body
    if key == "sheet_last":
        body = [
            _p(
                _(
                    "The last trick adds {points}. With the {pack} of the cards, {fixed} points "
                    "are shared every hand; the combinations come on top."
                ).format(
                    points=LAST_TRICK_POINTS,
                    pack=card_points(FULL_PACK),
                    fixed=card_points(FULL_PACK) + LAST_TRICK_POINTS,  # type: ignore[operator]
                )
            )
        ]
        return _("Last trick"), body
    if key == "sheet_declarations":
        decl = lesson.hand.declarations
        yours = sum(d.points for d in decl if d is not None and same_side(d.seat, YOU))
        body = [
            _p(
                _(
                    "Then the declarations of both partners: yours and Carla's, {points}. The "
                    "same cards counted again among the cards taken: that is allowed."
                ).format(points=yours)
            )
        ]
        return _("Declarations"), body
    theirs = result.sides[1]
    body = [
        _p(
            _(
                "The raw total, {raw}, is rounded to the nearest 5: {total}. It is added to "
                "your side's match score."
            ).format(raw=side.raw, total=side.total)
        ),
        _p(
            _(
                "Bruno and Dario: combinations {combinations}, cards {cards}, last trick "
                "{last}, declarations {declared}: {raw}, rounded to {total}."
            ).format(
                combinations=theirs.captured_combinations,
                cards=theirs.card_points,
                last=theirs.last_trick,
                declared=theirs.declarations,
                raw=theirs.raw,
                total=theirs.total,
            )
        ),
    ]
    return _("The total"), body


def attempt_words(attempt: Attempt, lesson: Lesson, tried: str, look: Look) -> str:
    """Why a try was not the step's, in plain words (nothing changed)."""
    if attempt.outcome == script.ILLEGAL and isinstance(attempt.error, IllegalActionError):
        return _("Not allowed: {why}").format(why=illegal_words(attempt.error, look))
    step = lesson.current
    if attempt.outcome == script.NOT_NOW:
        if step.action is None:
            return _("Nothing to play now: Enter goes on.")
        if step.kind == "declare":
            return _("First your declaration: press Enter.")
        return _("Not now: this step asks for something else.")
    if step.kind == "discard":
        return _(
            "{card} may be discarded, but this lesson keeps it: choose the cards it asks for."
        ).format(card=tried)
    if step.kind == "declare":
        return _("In a real game you choose; here declare everything you hold, as the step asks.")
    wanted = step.card
    return _("{card} is allowed, but the lesson asks for {wanted} here.").format(
        card=tried, wanted=face(wanted, look) if wanted is not None else ""
    )


def progress_problem(error: ProgressError) -> str:
    """Why the saved progress could not be read, and that the lesson starts over."""
    if error.reason == progress.UNREADABLE and error.cause is not None:
        why = file_problem(error.cause).split(" (")[0]
    elif error.reason == progress.BAD_STEP:
        why = _("a step this lesson does not have")
    else:
        why = _("not the lesson's progress")
    return _("The lesson's saved place could not be read ({why}): it starts over.").format(why=why)


def step_count(lesson: Lesson) -> str:
    """ "Step 5 of 48"."""
    return _("Step {n} of {total}").format(n=lesson.number, total=lesson.total)
