"""The table's texts from a view, without Textual: the presenter, the words, the bot runner."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
from dataclasses import replace

from ai.random_bot import RandomBot
from game.actions import Action, declare, discard, play
from game.cards import CODES, INDEX, MAT
from game.hand import Hand
from game.match import Match
from game.phase import Phase
from game.rules import Rules
from table.runner import BotMove, BotRunner, ask
from table.session import Session, parse_seats
from tests.support.deals import deal_with
from text.presenter import (
    AWAY,
    CONNECTED,
    DOING,
    DOING_SHORT,
    OPEN_SEAT,
    Scene,
    card_note,
    card_refusal,
    discard_question,
    discardable,
    keys,
    play_rule,
    present,
    status,
)
from text.render import Look
from text.words import listed, plural, possessive, verb

ASCII = Look(ascii=True)
SOLO = parse_seats(["human", "easy", "easy", "easy"])
NAMED = parse_seats(["human", "easy", "human", "easy"], ["Anna", "Bruno", "Carla", "Dario"])


def _played_to(hand: Hand, predicate) -> Hand:
    """Play the first legal action until ``predicate(hand)`` holds."""
    for _ in range(80):
        if predicate(hand):
            return hand
        hand.apply(hand.legal_actions()[0])
    raise AssertionError("never reached")


def test_presenter_needs_no_textual() -> None:
    code = (
        "import sys, text.presenter, table.runner, text.words\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_words() -> None:
    assert plural(1, "card") == "1 card" and plural(0, "card") == "0 cards"
    assert verb("You", "plays") == "You play"[4:] and verb("Anna", "plays") == "plays"
    assert verb("You", "is") == "are" and verb("You", "has") == "have"
    assert possessive("You") == "your" and possessive("Anna") == "Anna's"
    assert [listed(x) for x in ([], ["2"], ["2", "3"], ["2", "3", "4"])] == [
        "",
        "2",
        "2 and 3",
        "2, 3 and 4",
    ]


def test_the_whole_table_from_a_view() -> None:
    hand = deal_with(2, {0: "KS QS NS JS 10S 9S 8S 7S 6S AS KB QB NB JB 10B"})
    hand = _played_to(hand, lambda h: h.turn == 0 and len(h.trick) == 1)
    if hand.phase == Phase.DECLARE:
        hand.apply(declare(()))
    view = hand.view(0)
    scene = Scene(view=view, seats=SOLO, bottom=0, look=ASCII, hand_shown=True)
    texts = present(scene)
    assert "Hand 1 - trick 1 of 15 - dealer Carla" in texts.topbar.plain
    bottom, right, top, left = texts.seats
    assert bottom.name == "You" and right.name == "Bruno" and top.name == "Carla"
    assert "partner" in top.lines.plain and "opponent" in right.lines.plain
    assert "easy bot" in left.lines.plain and "dealer" in top.lines.plain
    assert "15 cards" in bottom.lines.plain
    assert bottom.to_act and bottom.lines.plain.startswith("> You")
    assert texts.trick.cards == {3: hand.trick[0]}  # the card led, in front of its seat
    assert texts.trick.captions[0].plain.startswith("Dario led")
    assert texts.status.plain.startswith(f"Your turn: {play_rule(view)}.")
    assert texts.score.rows[0] == ("You & Carla", "0")
    assert texts.score.target == "target 800"
    assert [k for k, _, _ in texts.keys][:1] == ["Enter"]
    assert texts.log[0].plain == "Hand 1: Carla deals."
    # Nothing drawn is outside the ASCII range in ASCII mode.
    every = [
        texts.topbar,
        texts.status,
        *texts.log,
        *texts.declarations,
        *texts.trick.captions,
        *(s.lines for s in texts.seats),
    ]
    assert all(t.plain.isascii() for t in every), [t.plain for t in every]


def test_a_public_view_shows_no_hand_and_no_discard() -> None:
    session = Session.new(SOLO, seed=3)
    while session.phase != Phase.PLAY:
        session.apply(session.match.legal_actions()[0])
    dealer = session.match.hand.dealer
    view = session.public_view(dealer)
    assert view.hand == 0 and view.discard is None and view.legal == ()
    texts = present(Scene(view=view, seats=SOLO, bottom=dealer))
    assert "your discard" not in "".join(s.lines.plain for s in texts.seats)
    own = present(Scene(view=session.view(dealer), seats=SOLO, bottom=dealer, hand_shown=True))
    assert "your discard" in own.seats[0].lines.plain


def test_the_rule_comes_from_the_legal_cards() -> None:
    hand = deal_with(3, {0: "KS QS ANG MON", 1: "KC QC", 2: "KB"})
    lead = hand.view(0)
    lead = replace(
        lead,
        phase=Phase.PLAY,
        turn=0,
        trick=(),
        legal=tuple(play(c) for c in range(62) if lead.hand >> c & 1),
    )
    assert play_rule(lead) == "lead any card"
    text = status(Scene(view=lead, seats=SOLO, bottom=0, hand_shown=True), ["You", "B", "C", "D"])
    assert "raised" not in text.plain  # nothing is raised when every card may be led
    follow = replace(lead, trick=(INDEX["7S"],), legal=(play(INDEX["KS"]), play(INDEX["QS"])))
    assert play_rule(follow) == "follow Spade"
    trump = replace(lead, trick=(INDEX["7D"],), legal=(play(INDEX["ANG"]), play(INDEX["MON"])))
    assert play_rule(trump) == "no Denari: play a trump"
    with_matto = replace(trump, legal=(*trump.legal, play(MAT)))
    assert play_rule(with_matto).endswith("(or the Matto)")


def test_an_illegal_card_is_named_as_drawn() -> None:
    hand = deal_with(3, {0: "KS QS KB", 1: "7S"})
    view = replace(
        hand.view(0),
        phase=Phase.PLAY,
        turn=0,
        trick=(INDEX["7S"],),
        legal=(play(INDEX["KS"]), play(INDEX["QS"])),
    )
    reason = card_refusal(view, INDEX["KB"], Look())
    assert reason is not None and reason.startswith("K♣ is not legal") and "KB" not in reason
    assert card_refusal(view, INDEX["KB"], ASCII).startswith("KB is not legal")
    assert card_refusal(view, INDEX["KS"], Look()) is None
    assert "Re di Bastoni" in card_note(view, INDEX["KB"], Look()).plain


def test_a_refusal_says_the_matto_may_go_instead() -> None:
    """RULES.md §6: the Matto may be played instead of the card the rule requires."""
    hand = deal_with(3, {0: "KS QS KB MAT", 1: "7S"})
    base = replace(hand.view(0), phase=Phase.PLAY, turn=0, trick=(INDEX["7S"],))
    follow = replace(base, legal=(play(INDEX["KS"]), play(INDEX["QS"]), play(MAT)))
    assert card_refusal(follow, INDEX["KB"], ASCII) == (
        "KB is not legal: you must follow Spade (or play the Matto)"
    )
    without = replace(
        base, hand=base.hand & ~(1 << MAT), legal=(play(INDEX["KS"]), play(INDEX["QS"]))
    )
    assert card_refusal(without, INDEX["KB"], ASCII) == "KB is not legal: you must follow Spade"
    assert card_refusal(follow, INDEX["7D"], ASCII) == "7D is not in your hand"


def test_the_discard_says_what_stays_and_where_it_goes() -> None:
    """RULES.md §4: no carta da 5 in the discard; it counts for the dealer's side only if that
    side wins a trick."""
    view = deal_with(0, {0: "KS ANG 7S 8S"}).view(0)
    scene = Scene(view=view, seats=SOLO, bottom=0, hand_shown=True, look=ASCII)
    # the carte da 5: the 4 Tarocchi (not "Tarocchi": other trumps may be discarded)
    assert "Kings and the 4 Tarocchi stay." in status(scene, ["You"] * 4).plain
    question = discard_question((INDEX["7S"], INDEX["8S"]), ASCII).plain
    assert "if it wins at least one trick, else for the other side" in question


def test_the_discard_offers_only_what_the_engine_allows() -> None:
    hand = deal_with(0, {0: "KS ANG MON BEG MAT 7S"})
    view = hand.view(0)
    allowed = discardable(view)
    assert INDEX["7S"] in allowed and not allowed & {INDEX[c] for c in ("KS", "ANG", "MAT")}
    reason = card_refusal(view, INDEX["KS"], Look())
    assert reason and reason.startswith("K♠ may not be discarded")
    scene = Scene(
        view=view, seats=SOLO, bottom=0, hand_shown=True, marked=(INDEX["7S"],), look=ASCII
    )
    assert "(1/2: 7S)" in status(scene, ["You", "B", "C", "D"]).plain
    assert keys(scene)[0][:2] == ("Enter", "Mark")


def test_keys_follow_the_phase_and_the_table() -> None:
    hand = deal_with(0, {})
    waiting = Scene(view=hand.view(1), seats=SOLO, bottom=1, hand_shown=True, undo=True)
    labels = [label for _, label, _ in keys(waiting)]
    assert "Play" not in labels and "Mark" not in labels and "Undo" in labels
    watching = Scene(view=hand.view(0), seats=parse_seats(["easy"] * 4), bottom=0, watching=True)
    labels = [label for _, label, _ in keys(watching)]
    assert labels[:3] == ["Pause", "Faster", "Slower"] and "Hint" not in labels
    paused = replace(watching, paused=True)
    assert keys(paused)[0][1] == "Go on" and "paused" in status(paused, ["A"] * 4).plain


def test_the_log_names_the_matto_owners_side() -> None:
    match = Match(1)
    seats = NAMED
    # A hand where the Matto is played and an opponent wins the trick.
    for seed in range(1, 400):
        match = Match(seed)
        while match.winner is None and match.hand_number == 0:
            match.apply(match.legal_actions()[0])
            tricks = match.hand.tricks if match.hand_number == 0 else ()
            if any(
                MAT in t.cards and ((t.leader + t.cards.index(MAT)) - t.winner) % 2 for t in tricks
            ):
                break
        else:
            continue
        break
    view = match.view(0)
    log = "\n".join(t.plain for t in present(Scene(view=view, seats=seats, bottom=0)).log)
    assert "the Matto stays with" in log and "'s side, which owes a card" in log
    solo = "\n".join(t.plain for t in present(Scene(view=view, seats=SOLO, bottom=0)).log)
    assert "You's" not in solo


def test_a_trick_led_with_the_matto() -> None:
    from text.presenter import lead_words

    assert lead_words("Anna", (MAT, INDEX["AB"])) == "Anna led the Matto: Bastoni to follow"
    assert lead_words("Anna", (MAT,)) == "Anna led the Matto: the next card sets the suit"
    assert lead_words("Anna", (INDEX["AB"], MAT)) == "Anna led Bastoni"


def test_a_declaration_says_what_was_doubled() -> None:
    """RULES.md §7: criccone doubling and sequence doubling are independent; the declaration's
    words say which one made the total."""
    from game.cards import mask_of, parse_cards
    from game.scoring import declaration
    from game.view import Declaration
    from text.narrate import declaration_pieces

    def declared(cards: str, families: tuple[str, ...]) -> str:
        shown, points = declaration(mask_of(parse_cards(cards)), families)
        return " ".join(declaration_pieces(Declaration(0, families, shown, points), ASCII))

    hand = "KS KB KC QS QB QC NS NB NC AS BEG"
    assert declared(hand, ("Re",)) == "Re 17"
    assert declared(hand, ("Re", "Spade")) == "Re 17 - Spade 20 = 37"
    sequences = declared(hand, ("Re", "Spade", "Bastoni", "Coppe"))
    assert sequences == "Re 17 - Spade 20 - Bastoni 15 - Coppe 15, sequences doubled = 117"
    both = declared(hand, ("Re", "Regine", "Cavalli", "Spade", "Bastoni", "Coppe"))
    assert both.endswith(", cricche and sequences doubled = 188")


def test_plural_of_one_card() -> None:
    hand = deal_with(0, {})
    view = replace(hand.view(0), hand_sizes=(1, 2, 1, 1))
    texts = present(Scene(view=view, seats=SOLO, bottom=0))
    assert "1 card" in texts.seats[0].lines.plain and "1 cards" not in texts.seats[0].lines.plain


class _Boom:
    name = "boom"

    def choose(self, view, legal, rng) -> Action:
        raise RuntimeError("no idea")


class _Cheat:
    name = "cheat"

    def choose(self, view, legal, rng) -> Action:
        return declare(("Grande",))


def test_the_runner_replaces_a_failing_or_illegal_answer() -> None:
    hand = deal_with(0, {})
    view = hand.view(0)
    action, error = ask(_Boom(), view, random.Random(1))
    assert action in view.legal and "RuntimeError: no idea" in error
    action, error = ask(_Cheat(), view, random.Random(1))
    assert action in view.legal and "not legal" in error
    action, error = ask(RandomBot(), view, random.Random(1))
    assert action in view.legal and error is None


def test_the_runner_delivers_in_order_and_drops_cancelled_answers() -> None:
    got: list[BotMove] = []
    done = threading.Event()

    def deliver(move: BotMove) -> None:
        got.append(move)
        done.set()

    runner = BotRunner(deliver)
    view = deal_with(0, {}).view(0)
    runner.request(RandomBot(), view, random.Random(2), ply=0, delay=0.3)
    assert runner.busy
    runner.cancel()  # this answer must never arrive
    runner.request(RandomBot(), view, random.Random(2), ply=7)
    assert done.wait(5)
    done.clear()
    assert not done.wait(0.5)  # the cancelled one came back meanwhile and was dropped
    assert [m.ply for m in got] == [7] and got[0].seat == 0 and got[0].action in view.legal
    assert not runner.busy


def test_call_out_needs_come_from_the_engine() -> None:
    session = Session.new(SOLO, seed=3, target=300)
    while session.phase != Phase.DECLARE:
        session.apply(session.match.legal_actions()[0])
    seat = session.turn
    assert session.call_out_needs(seat) == 300
    session.match.hand.scores = (300, 300)  # the extra hand after a tie: no call-out
    assert session.call_out_needs(seat) is None


def test_card_codes_in_ascii_are_the_codes() -> None:
    assert all(c.isascii() for c in CODES)
    assert discard(INDEX["7S"], INDEX["6S"]).kind == "discard"


def test_who_is_at_a_table_over_the_network() -> None:
    """Seats played elsewhere carry who is there (connected, away, a bot playing meanwhile, an
    open seat) in their panels and in the status line while they are waited for."""
    seats = parse_seats(["human", "human", "easy", "human"], ["Anna", "Bruno", "Carla", "Dario"])
    hand = deal_with(1, {})
    view = hand.view(0)
    assert view.turn == 1  # Bruno deals
    presence = {1: (AWAY,), 3: (CONNECTED,)}
    texts = present(Scene(view=view, seats=seats, bottom=0, hand_shown=True, presence=presence))
    bottom, right, top, left = texts.seats
    assert "away" in right.lines.plain and "connected" in left.lines.plain
    assert "easy bot" in top.lines.plain and "connected" not in bottom.lines.plain
    assert texts.status.plain == "Waiting for Bruno (away)."
    standing_in = {1: (AWAY, "medium bot"), 3: (CONNECTED,)}
    texts = present(Scene(view=view, seats=seats, bottom=0, hand_shown=True, presence=standing_in))
    assert "\naway\nmedium bot\n17 cards\n" in texts.seats[1].lines.plain
    assert texts.status.plain == "Bruno is away: the medium bot plays for now."
    here = present(
        Scene(view=view, seats=seats, bottom=0, hand_shown=True, presence={1: (CONNECTED,)})
    )
    assert here.status.plain == "Waiting for Bruno."
    before = replace(view, turn=-1, legal=())  # the match starts when every seat is taken
    texts = present(
        Scene(
            view=before,
            seats=seats,
            bottom=0,
            hand_shown=True,
            presence={1: (OPEN_SEAT,), 3: (OPEN_SEAT,)},
        )
    )
    assert texts.status.plain == (
        "Waiting for players: seats 2 and 4 open. The match starts when every seat is taken."
    )
    assert "open seat" in texts.seats[1].lines.plain
    assert texts.trick.captions[0].plain == "Waiting for players"  # not "Bruno is discarding"
    local = present(Scene(view=before, seats=seats, bottom=0, hand_shown=True))
    assert local.status.plain == "" and "away" not in "".join(s.lines.plain for s in local.seats)


def test_the_seat_to_act_and_the_middle_say_what_is_expected_not_what_is_happening() -> None:
    """At a network table the dealer of the next hand may still be on the scoring sheet: his
    panel and the middle of the table say what he is to do ("to discard"), never that he is
    doing it; every phase's words are of that kind."""
    assert all(w.startswith("to ") for w in (*DOING.values(), *DOING_SHORT.values()))
    seats = parse_seats(["human", "human", "easy", "human"], ["Anna", "Bruno", "Carla", "Dario"])
    view = deal_with(1, {}).view(0)
    assert view.phase == Phase.DISCARD and view.turn == 1  # Bruno deals
    scene = Scene(view=view, seats=seats, bottom=0, hand_shown=True, presence={1: ("on sheet",)})
    texts = present(scene)
    assert texts.trick.captions[0].plain == "Bruno is to discard"
    assert texts.seats[1].doing == "to discard"  # (the side panels are the compact ones)
    assert "to discard" in texts.seats[1].lines.plain
    assert "discarding" not in texts.seats[1].lines.plain


def test_a_hand_called_out_is_not_waiting_for_players_in_its_review() -> None:
    """Before the first card of a hand that was called out (nobody's turn: the hand is over),
    the middle says who led, as for any hand, not the network table's "Waiting for players"."""
    match = Match(3, Rules(target=5))
    while match.winner is None:
        result = match.apply(match.legal_actions()[0])
    assert result is not None and result.called_out is not None
    view = replace(match.hand.view(0, 0), trick=())
    assert view.turn == -1 and view.phase == Phase.OVER and not view.tricks
    seats = parse_seats(["human", "easy", "human", "easy"], ["Anna", "Bruno", "Carla", "Dario"])
    caption = present(Scene(view=view, seats=seats, bottom=0)).trick.captions[0].plain
    assert caption == f"First trick: {seats[view.leader].name} leads"


def test_a_seat_waited_for_offers_no_hint_and_no_hand_no_cards_out() -> None:
    """ "Waiting for Anna." offered t Hint and o Out, which did nothing there: the hint speaks
    of this screen's turn, the cards out are counted from the hand on screen."""
    hand = deal_with(0, {})
    seats = parse_seats(["human", "easy", "human", "easy"])
    handed_over = Scene(view=hand.view(1), seats=seats, bottom=1)  # no hand, Anna to act
    assert "Waiting for" in status(handed_over, ["Anna", "B", "C", "D"]).plain
    labels = [label for _, label, _ in keys(handed_over)]
    assert "Hint" not in labels and "Out" not in labels and "Won" in labels
    elsewhere = replace(handed_over, hand_shown=True, network=True)  # my hand, Anna elsewhere
    labels = [label for _, label, _ in keys(elsewhere)]
    assert "Hint" not in labels and "Out" in labels
    thinking = replace(elsewhere, thinking=0, network=False)  # a bot of this screen thinks
    assert "Hint" in [label for _, label, _ in keys(thinking)]
    mine = Scene(view=hand.view(0), seats=seats, bottom=0, hand_shown=True)
    assert {"Hint", "Out", "Won"} <= {label for _, label, _ in keys(mine)}
