"""The table: four seats, the trick, the scores, the log and the hand of the human to play.

The screen owns the game (a :class:`Session`). Everything it draws comes from one
:class:`PlayerView`: the view of the human whose turn it is (``viewer``), or a public view with no
hand at all. In hot-seat play the viewer is cleared and an opaque hand-over screen comes up before
the next human's hand is drawn, so no hand is ever on screen while another human is to play.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ai.contain import ask
from ai.player import Player
from ai.spec import label_of
from game.actions import DECLARE, DISCARD, PLAY, Action, declare, discard, play
from game.cards import FIVES, SUIT_MASK, SUIT_NAMES, TRUMP, Card, sorted_for_display
from game.errors import IllegalActionError
from game.hand import HandResult
from game.tricks import led_suit, why_illegal, winning_index
from game.view import PlayerView
from tui.bots import suggest
from tui.messages import CardChosen, CardHighlighted, TrickClicked
from tui.narrate import declaration_lines, declaration_summary, hand_log, suit_word, verb
from tui.render import Look, card_name, card_text, cards_text, face
from tui.save import SaveStore
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.help import HelpScreen
from tui.screens.scoring import MENU, NEW, QUIT, HandSummary, ScoringScreen
from tui.screens.settings import SettingsScreen
from tui.session import Session, decision_rng, side_name
from tui.widgets.hand import HandView
from tui.widgets.keybar import KeyBar
from tui.widgets.line import TextLine
from tui.widgets.log import LineList, PlayLog
from tui.widgets.scoreboard import ScoreBoard
from tui.widgets.seat import SeatPanel
from tui.widgets.trick import TrickView

_PLACES = ("seat-bottom", "seat-right", "seat-top", "seat-left")  # by seat relative to the bottom
_DOING = {"discard": "to discard two cards", "declare": "to declare and play",
          "play": "to play a card"}


def _address(name: str, text: str) -> Text:
    """"Anna, your turn: …", or "Your turn: …" for the player called "You"."""
    if name == "You":
        return Text(text[:1].upper() + text[1:])
    return Text.assemble((name, "bold"), ", ", text)


def _ask(bot: Player, view: PlayerView, rng: random.Random) -> tuple[Action, str | None]:
    """The bot's choice, or a safe legal move and what went wrong (ai.contain.ask)."""
    action, faults = ask(bot, view, rng)
    return action, "; ".join(f.notice for f in faults) or None


class TableScreen(Screen[None]):
    """Plays a match: asks bots in a thread, humans through the hand widget and dialogs."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    BINDINGS = [
        Binding("question_mark,f1", "help", "Help"),
        Binding("p", "last_trick", "Last trick"),
        Binding("t", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("s", "settings", "Settings"),
        Binding("q", "leave", "Menu"),
    ]

    def __init__(self, session: Session, store: SaveStore | None = None) -> None:
        super().__init__()
        self.session = session
        self.store = store
        humans = session.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.bottom = humans[0] if humans else 0
        self.marked: list[Card] = []  # cards marked for the discard
        self.show_last = False  # the last trick shown on demand
        self.frozen: PlayerView | None = None  # the final table of a hand while its sheet is up
        self.thinking: int | None = None  # the bot seat thinking now
        self.message = Text()  # a reason, a hint or a notice under the hand
        self._bot_worker: Worker | None = None
        self._hint_worker: Worker | None = None
        self._held: list[Action] | None = None  # bot actions that came while a dialog was up
        self._sheet_timer: Timer | None = None
        self._drawn_ply = -1  # a remote table: the move last drawn

    # ----------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield TextLine(id="topbar")
        with Horizontal(id="main"):
            with Vertical(id="felt"):
                yield SeatPanel(id="seat-top", classes="seat")
                with Horizontal(id="middle"):
                    yield SeatPanel(id="seat-left", classes="seat side-seat")
                    yield TrickView(id="trick")
                    yield SeatPanel(id="seat-right", classes="seat side-seat")
                yield SeatPanel(id="seat-bottom", classes="seat")
            with Vertical(id="sidebar"):
                yield ScoreBoard(id="score")
                yield Static("Declarations", classes="side-title")
                yield LineList(id="declarations", empty="none yet")
                yield Static("Log", classes="side-title")
                yield PlayLog(id="log")
        yield HandView(id="hand")
        yield TextLine(id="status")
        keys = [("⏎", "Play"), ("?", "Help"), ("p", "Last trick"), ("t", "Hint")]
        if self._undo_possible:
            keys.append(("u", "Undo"))
        keys += [("s", "Settings"), ("q", "Menu")]
        actions = {"⏎": "play", "?": "help", "p": "last_trick", "t": "hint", "u": "undo",
                   "s": "settings", "q": "leave"}
        yield KeyBar([(k, d, actions[k]) for k, d in keys], id="keybar")

    def on_mount(self) -> None:
        self.query_one(HandView).focus()
        for seat, bot in self.session.substitutes.items():
            wanted = self.session.seats[seat].kind
            self.notify(f"The {wanted} bot is not available yet: {self.session.seats[seat].name} "
                        f"plays as the {bot} bot.", severity="warning")
        if self.remote:
            self.session.listen(lambda: self.call_later(self._table_changed))  # type: ignore[attr-defined]
        self.advance()

    @property
    def look(self) -> Look:
        settings = getattr(self.app, "settings", None)
        if settings is None:
            return Look()
        return Look(ascii=settings.ascii, color=settings.color)

    @property
    def remote(self) -> bool:
        """The match is played at a table server (tui.net.remote), this screen being one seat."""
        return hasattr(self.session, "pop_hand_over")

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.session.seats]

    def _setting(self, name: str, default: float) -> float:
        settings = getattr(self.app, "settings", None)
        return float(getattr(settings, name, default))

    # ----------------------------------------------------------------- the view drawn
    def current_view(self) -> PlayerView:
        """The only source of what is drawn: the viewer's own view, or a public one."""
        if self.frozen is not None:
            return self.frozen
        if self.viewer is None:
            return self.session.public_view(self.bottom)
        return self.session.view(self.viewer)

    def redraw(self) -> None:
        view = self.current_view()
        look = self.look
        names = self.names
        sides = (side_name(self.session.seats, 0), side_name(self.session.seats, 1))
        m = self.session.match
        self._update("#topbar", self._topbar(view, names))
        for rel, place in enumerate(_PLACES):
            seat = (self.bottom + rel) % 4
            self.query_one(f"#{place}", SeatPanel).show_seat(
                names[seat],
                tags=self._tags(seat, view),
                cards=view.hand_sizes[seat],
                to_act=view.turn == seat and self.frozen is None,
                status=self._seat_status(seat, view),
                notes=self._notes(seat, view, look) if rel in (0, 2) else (),
                compact=rel in (1, 3),
            )
        self._draw_trick(view, names, look)
        self._draw_hand(view, look)
        scores = (view.scores[0], view.scores[1])
        if self.frozen is not None:  # the match score before the hand whose sheet is coming
            last = m.results[-1].sides
            scores = (m.scores[0] - last[0].total, m.scores[1] - last[1].total)
        self.query_one(ScoreBoard).show(
            sides, scores, target=view.target, hand_number=view.hand_number,
            first=self.bottom & 1,
        )
        self.query_one("#declarations", LineList).show(declaration_lines(view, names, look))
        log = self._earlier_hands(sides) + hand_log(view, names, look)
        self.query_one(PlayLog).show(log)
        self._update("#status", self._status(view, names, look))

    def _topbar(self, view: PlayerView, names: list[str]) -> Text:
        text = Text.assemble(("TAROCCHINO", "bold"), ("  Ottocento", "dim"))
        trick = len(view.tricks) + (1 if view.phase in ("play", "declare") else 0)
        where = f"Hand {view.hand_number + 1}"
        if view.phase in ("play", "declare"):
            where += f" · trick {min(trick, 15)} of 15"
        elif view.phase == "discard":
            where += " · the discard"
        text.append(f"   {where} · dealer {names[view.dealer]}")
        return text

    def _tags(self, seat: int, view: PlayerView) -> list[str]:
        tags = []
        if seat == view.dealer:
            tags.append("dealer")
        if seat != self.bottom:
            tags.append("partner" if (seat - self.bottom) % 2 == 0 else "opponent")
        kind = self.session.seats[seat].kind
        if kind != "human":
            tags.append(f"{label_of(self.session.substitutes.get(seat, kind))} bot")
        tags += getattr(self.session, "status_tags", lambda seat: [])(seat)  # remote: away, …
        return tags

    def _seat_status(self, seat: int, view: PlayerView) -> str:
        if self.frozen is not None or view.turn != seat:
            return ""
        if self.thinking == seat:
            return "thinking…"
        return _DOING.get(view.phase, "")

    def _notes(self, seat: int, view: PlayerView, look: Look) -> tuple[Text, ...]:
        """What ``seat`` declared, and the viewer's own discard (only the dealer sees it)."""
        notes = []
        d = view.declarations[seat]
        if d is not None and d.families:
            notes.append(Text(f"declared {declaration_summary(d)}", style="italic"))
        if seat == view.seat and view.discard:
            line = Text("your discard: ", style="dim italic")
            line.append_text(cards_text(sorted_for_display(view.discard), look))
            notes.append(line)
        return tuple(notes)

    def _earlier_hands(self, sides: tuple[str, str]) -> list[Text]:
        results = self.session.match.results
        if self.frozen is not None:
            results = results[:-1]
        lines = []
        for i, r in enumerate(results):
            lines.append(Text(f"Hand {i + 1}: {sides[0]} +{r.sides[0].total}, "
                              f"{sides[1]} +{r.sides[1].total}", style="dim"))
        return lines

    def _draw_trick(self, view: PlayerView, names: list[str], look: Look) -> None:
        widget = self.query_one(TrickView)
        if (self.show_last or not view.trick) and view.tricks:
            last = view.tricks[-1]
            cards = {last.seat_of(i): c for i, c in enumerate(last.cards)}
            label = "Last trick" if self.show_last and view.trick else f"Trick {len(view.tricks)}"
            captions = (
                Text(f"{label}: {names[last.leader]} led {suit_word(last.cards)}", style="dim"),
                Text.assemble((names[last.winner], "bold"),
                              f" {verb(names[last.winner], 'takes')} it"),
            )
            widget.show(cards, bottom=self.bottom, look=look, highlight=last.winner,
                        captions=captions)
            return
        cards = {(view.leader + i) % 4: c for i, c in enumerate(view.trick)}
        if view.trick:
            lead = None
            if led_suit(view.trick) >= 0:
                lead = (view.leader + winning_index(view.trick)) % 4
            captions = (
                Text(f"{names[view.leader]} led {suit_word(view.trick)}", style="dim"),
                Text.assemble((names[lead], "bold"), f" {verb(names[lead], 'is')} winning")
                if lead is not None else Text(),
            )
        elif view.phase == "discard":
            lead = None
            captions = (Text(f"{names[view.dealer]} {verb(names[view.dealer], 'is')} discarding",
                             style="dim"), Text())
        else:
            lead = None
            captions = (Text(f"{names[view.leader]} {verb(names[view.leader], 'leads')} "
                             "the first trick", style="dim"), Text())
        widget.show(cards, bottom=self.bottom, look=look, highlight=lead, captions=captions)

    def _draw_hand(self, view: PlayerView, look: Look) -> None:
        hand = self.query_one(HandView)
        if self.viewer is None or (self.frozen is not None and not view.hand):
            note = "" if self.session.humans else "All four seats are bots: watching."
            hand.show_view(None, look=look, active=False, note=note)
        else:
            active = view.turn == self.viewer and self.frozen is None
            hand.show_view(view, look=look, active=active, marked=frozenset(self.marked))

    def _status(self, view: PlayerView, names: list[str], look: Look) -> Text:
        if self.message:
            return self.message
        if self.frozen is not None:
            return Text("The hand is over.", style="dim")
        if view.turn < 0:
            return Text()
        who = names[view.turn]
        if self.viewer is None or view.turn != self.viewer:
            if self.thinking == view.turn:
                return Text(f"{who} {verb(who, 'is')} thinking…", style="dim")
            return Text(f"Waiting for {who}.", style="dim")
        if view.phase == "discard":
            text = _address(who, "you deal: mark two cards to discard ")
            text.append(f"({len(self.marked)}/2", style="bold")
            if self.marked:
                text.append(": ")
                text.append_text(cards_text(self.marked, look))
            text.append("). Kings and Tarocchi stay.")
            return text
        if view.phase == "play":
            led = led_suit(view.trick)
            if led < 0:
                rule = "lead any card"
            elif view.hand & SUIT_MASK[led]:
                rule = "follow " + ("trumps" if led == TRUMP else SUIT_NAMES[led])
            elif view.hand & SUIT_MASK[TRUMP]:
                rule = f"no {SUIT_NAMES[led]}: play a trump"
            else:
                rule = "play any card"
            return _address(who, f"your turn: {rule}. The raised cards are legal.")
        return Text()

    def _update(self, selector: str, text: Text) -> None:
        self.query_one(selector, TextLine).show(text)

    def say(self, message: Text | str) -> None:
        self.message = Text(message) if isinstance(message, str) else message
        self._update("#status", self.message)

    # ----------------------------------------------------------------- the flow of the game
    def advance(self) -> None:
        """Look at whose turn it is: a bot starts thinking, a human gets his hand (after a
        hand-over when the screen is shared)."""
        m = self.session.match
        if m.winner is not None:
            self.redraw()
            return
        seat = m.turn
        if not self.session.is_human(seat) and seat not in self.session.bots:
            self.thinking = None  # played at another screen (a remote table): wait for it
            self.redraw()
            return
        if not self.session.is_human(seat):
            self.thinking = seat
            self.redraw()
            self._start_bot(seat)
            return
        self.thinking = None
        if seat != self.viewer:
            if self.session.hot_seat:
                self.viewer = None  # nothing of anybody's hand may be on screen now
                self.redraw()
                context = f"Hand {m.hand_number + 1} · {side_name(self.session.seats, 0)} " \
                          f"{m.scores[0]} · {side_name(self.session.seats, 1)} {m.scores[1]}"
                self.app.push_screen(
                    HandOverScreen(self.names[seat], _DOING.get(m.phase, "to play"), context),
                    lambda _: self._take_seat(seat),
                )
                return
            self.viewer = seat
        self.bottom = seat
        self.redraw()
        if m.phase == "declare":
            self._ask_declaration()

    def _take_seat(self, seat: int) -> None:
        if self.session.match.turn != seat:
            self.advance()
            return
        self.viewer = self.bottom = seat
        self.advance()

    def perform(self, *actions: Action) -> None:
        """Apply actions of the seats to move in turn, save, and go on."""
        result = None
        applied = 0
        error = ""
        for action in actions:
            try:
                result = self.session.apply(action)
            except IllegalActionError as exc:
                error = str(exc)
                break
            applied += 1
            if result is not None:
                break
        if not applied:
            self.say(Text(error, style="bold"))
            return
        self.message = Text(error)
        self.marked = []
        self.show_last = False
        self._save()
        if result is None:
            self.advance()
        else:
            self._hand_ended(result)

    def _save(self) -> None:
        if self.store is None:
            return
        try:
            self.store.write(self.session)
        except OSError as exc:
            self.notify(f"Could not save the match: {exc}", severity="error")

    # ----------------------------------------------------------------- bots (in a thread)
    def _start_bot(self, seat: int) -> None:
        """Ask the bot in a thread. With no delay at all, the bots to move one after the other
        are asked in the same thread on a copy of the match (one redraw for all of them)."""
        delay = self._setting("bot_delay", 0.6)
        view = self.session.view(seat)
        if not view.trick and view.tricks and view.phase == "play":
            delay += self._setting("trick_pause", 1.0)  # let the finished trick be seen
        session = self.session
        match = session.match.clone() if delay <= 0 else None

        def think() -> list[tuple[Action, str | None]]:
            start = time.monotonic()
            if match is None:
                chosen = [_ask(session.bots[seat], view, session.bot_rng(seat))]
            else:
                chosen = []
                while match.turn >= 0 and not session.is_human(match.turn):
                    turn = match.turn
                    rng = decision_rng(match.decision_seed, turn, len(match.actions))
                    chosen.append(_ask(session.bots[turn], match.view(turn), rng))
                    if match.apply(chosen[-1][0]) is not None:
                        break  # the hand is over: its sheet comes first
            rest = delay - (time.monotonic() - start)
            if rest > 0:
                time.sleep(rest)
            return chosen

        self._bot_worker = self.run_worker(think, thread=True, group="bot", exclusive=True,
                                           exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker is self._bot_worker and event.state == WorkerState.SUCCESS:
            self._bot_worker = None
            chosen = worker.result
            for action, error in chosen:
                if error:
                    self.notify(f"A bot failed ({error}); it plays {action} instead.",
                                severity="warning")
            self.thinking = None
            actions = [action for action, _ in chosen]
            if self.is_current:
                self.perform(*actions)
            else:
                self._held = actions
        elif worker is self._bot_worker and event.state == WorkerState.ERROR:
            self._bot_worker = None
            self.say(f"The bot stopped: {worker.error}")
        elif worker is self._hint_worker and event.state == WorkerState.SUCCESS:
            self._hint_worker = None
            self._show_hint(*worker.result)
        elif worker is self._hint_worker and event.state == WorkerState.ERROR:
            self._hint_worker = None
            self.say(f"No hint: {worker.error}")

    def on_screen_resume(self) -> None:
        hand = self.query_one(HandView)
        if not hand.has_focus:
            hand.focus()
        if self._held is not None:
            actions, self._held = self._held, None
            self.perform(*actions)
        elif self.remote:
            self._table_changed()  # what the table sent while a dialog was up
        else:
            self.redraw()

    def _cancel_workers(self) -> None:
        if self._sheet_timer is not None:
            self._sheet_timer.stop()
            self._sheet_timer = None
        self._bot_worker = self._hint_worker = None
        self._held = None
        self.workers.cancel_group(self, "bot")
        self.workers.cancel_group(self, "hint")
        self.thinking = None

    # ----------------------------------------------------------------- humans
    def _my_turn(self) -> PlayerView | None:
        """The viewer's view when it is the viewer's turn (and nothing else is going on)."""
        if self.viewer is None or self.frozen is not None:
            return None
        view = self.session.view(self.viewer)
        return view if view.turn == self.viewer else None

    def on_card_chosen(self, event: CardChosen) -> None:
        event.stop()
        view = self._my_turn()
        if view is None:
            return
        c = event.card
        look = self.look
        if view.phase == "play":
            if any(a.card == c for a in view.legal):
                self.perform(play(c))
            else:
                self.say(Text(why_illegal(view.hand, view.trick, c) or "", style="bold"))
        elif view.phase == "discard":
            if FIVES >> c & 1:
                self.say(Text(f"{face(c, look)} may not be discarded: Kings, Angelo, Mondo, "
                              "Bégato and the Matto (carte da 5) stay in hand.", style="bold"))
                return
            if c in self.marked:
                self.marked.remove(c)
            elif len(self.marked) < 2:
                self.marked.append(c)
            self.message = Text()
            self.redraw()
            if c in self.marked:
                self.query_one(HandView).next_choice()  # Enter, Enter marks two cards
            if len(self.marked) == 2:
                self._confirm_discard()

    def on_card_highlighted(self, event: CardHighlighted) -> None:
        event.stop()
        view = self._my_turn()
        if view is None:
            return
        c = event.card
        text = Text(card_name(c, self.look), style="dim")
        if view.phase == "play":
            reason = why_illegal(view.hand, view.trick, c)
            if reason:
                text = Text.assemble(text, "  ", (reason, "bold"))
        elif view.phase == "discard" and FIVES >> c & 1:
            text.append("  may not be discarded (a carta da 5)", style="bold")
        self.say(text)

    def _confirm_discard(self) -> None:
        a, b = self.marked
        question = Text.assemble("Discard ", card_text(a, self.look), " and ",
                                 card_text(b, self.look), "?")
        question.append("\nThey score for your side if it wins a trick.", style="dim")

        def answer(yes: bool | None) -> None:
            if yes and len(self.marked) == 2 and self._my_turn() is not None:
                self.perform(discard(*self.marked))
            else:
                if self.marked:
                    self.marked.pop()
                self.redraw()

        self.app.push_screen(ConfirmScreen(question, "Discard", "Change"), answer)

    def _ask_declaration(self) -> None:
        view = self._my_turn()
        if view is None or view.phase != "declare":
            return
        if len(view.legal) == 1 and not view.legal[0].families:
            name = self.names[view.seat]
            self.say(f"{name} {verb(name, 'has')} nothing to declare.")
            self.perform(declare(()))
            return
        side = view.side
        declared = sum(d.points for d in view.declarations if d is not None and d.seat % 2 == side)
        needed = view.target - view.scores[side] - declared

        def chosen(families: tuple[str, ...] | None) -> None:
            if self._my_turn() is not None and self.session.match.phase == "declare":
                self.perform(declare(tuple(families or ())))

        self.app.push_screen(
            DeclareScreen(view, self.names[view.seat], self.look, needed), chosen
        )

    # ----------------------------------------------------------------- end of a hand
    def _hand_ended(self, result: HandResult) -> None:
        m = self.session.match
        if self.session.hot_seat and result.called_out is not None:
            self.viewer = None
        self.frozen = self.session.last_view(self.viewer, self.bottom)
        self.redraw()
        pause = self._setting("trick_pause", 1.0) if result.called_out is None else 0.0
        summary = HandSummary(
            hand_number=m.results.index(result) if result in m.results else len(m.results) - 1,
            result=result,
            sides=(side_name(self.session.seats, 0), side_name(self.session.seats, 1)),
            before=result.scores_before,
            tricks=result.tricks,
            winner=m.winner,
            target=m.rules.target,
        )
        show = self._sheet_shower(summary)
        if pause > 0:
            self._sheet_timer = self.set_timer(pause, show)
        else:
            show()

    def _sheet_shower(self, summary: HandSummary) -> Callable[[], Any]:
        def show() -> None:
            self._sheet_timer = None
            if self.is_attached:
                self.app.push_screen(ScoringScreen(summary, self.look), self._after_sheet)

        return show

    def _after_sheet(self, choice: str | None) -> None:
        self.frozen = None
        if choice not in (NEW, MENU, QUIT) and self._next_remote_hand():
            return
        if self.session.hot_seat:
            self.viewer = None  # the sheet was a shared screen: hand over again
        if self.session.match.winner is not None or choice in (NEW, MENU, QUIT):
            self._leave(choice or MENU)
            return
        self.advance()

    def _leave(self, choice: str) -> None:
        self._cancel_workers()
        app: Any = self.app
        if choice == QUIT:
            app.exit()
        elif choice == NEW and hasattr(app, "new_match_screen"):
            self.dismiss(None)
            app.new_match_screen()
        else:
            self.dismiss(None)

    # ----------------------------------------------------------------- a remote table
    def _table_changed(self) -> None:
        """The table server sent news (a move, a finished hand, a seat coming or going)."""
        session: Any = self.session
        for notice in session.pop_notices():
            self.notify(notice, timeout=6)
        refusal = session.pop_refusal()
        if refusal is not None:
            self.say(Text(refusal.message, style="bold"))
        if not self.is_attached or self.frozen is not None:
            return  # the sheet of a hand is up: the table is shown again after it
        if self._next_remote_hand():
            return
        if session.ply != self._drawn_ply and self.is_current:
            self._drawn_ply = session.ply
            if refusal is None:
                self.message = Text()
            self.marked, self.show_last = [], False
            self.advance()
            return
        self.redraw()

    def _next_remote_hand(self) -> bool:
        """Show the next finished hand the table sent, if one is waiting."""
        result = self.session.pop_hand_over() if self.remote else None  # type: ignore[attr-defined]
        if result is None:
            return False
        self._hand_ended(result)
        return True

    # ----------------------------------------------------------------- key bindings
    def on_key_bar_pressed(self, event: KeyBar.Pressed) -> None:
        event.stop()
        self.run_action(event.action)

    def action_play(self) -> None:
        self.query_one(HandView).action_choose()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Fixed for the whole match (each change rebuilds the footer): undo exists only against
        # bots; when a key can do nothing right now, pressing it says why.
        if action == "undo":
            return self._undo_possible
        return True

    @property
    def _undo_possible(self) -> bool:
        """Undo is for a lone person against the bots of this screen."""
        return len(self.session.humans) == 1 and bool(self.session.bots)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_settings(self) -> None:
        app: Any = self.app

        def done(settings: Any) -> None:
            if settings is not None and hasattr(app, "apply_settings"):
                app.apply_settings(settings)
            self.redraw()

        self.app.push_screen(SettingsScreen(app.settings), done)

    def action_last_trick(self) -> None:
        if self.current_view().tricks:
            self.show_last = not self.show_last
            self.redraw()
        else:
            self.say("No trick has been played yet in this hand.")

    def on_trick_clicked(self, event: TrickClicked) -> None:
        event.stop()
        self.action_last_trick()

    def action_leave(self) -> None:
        self._leave(MENU)

    def _undo_seat(self) -> int | None:
        """The human whose last card may be taken back: only against bots (one human)."""
        humans = self.session.humans
        if len(humans) != 1 or self.frozen is not None or self.session.match.winner is not None:
            return None
        seat = humans[0]
        return seat if self.session.undo_point(seat) is not None else None

    def action_undo(self) -> None:
        seat = self._undo_seat()
        if seat is None:
            self.say("Nothing to undo.")
            return
        self._cancel_workers()
        self.session.undo(seat)
        self.marked, self.show_last, self.frozen = [], False, None
        self._save()
        self.viewer = self.bottom = seat
        self.message = Text()
        self.advance()
        self.say("Your last card is back in your hand.")

    def action_hint(self) -> None:
        view = self._my_turn()
        if view is None or view.phase not in ("play", "discard"):
            self.say("A hint is for your own turn.")
            return
        self.say(Text("Thinking of a hint…", style="dim"))
        key = (len(self.session.match.actions), view.seat)
        rng = random.Random()

        def think() -> tuple[Action, str, tuple[int, int]]:
            action, reason = suggest(view, view.legal, rng)
            return action, reason, key

        self._hint_worker = self.run_worker(think, thread=True, group="hint", exclusive=True,
                                            exit_on_error=False)

    def _show_hint(self, action: Action, reason: str, key: tuple[int, int]) -> None:
        view = self._my_turn()
        if view is None or key != (len(self.session.match.actions), view.seat):
            return
        look = self.look
        if action.kind == PLAY:
            hand = self.query_one(HandView)
            if action.card in hand.cards:
                hand.cursor = hand.cards.index(action.card)
                hand.refresh()
            text = Text.assemble(("Hint: ", "bold"), "play ", card_text(action.card, look))
        elif action.kind == DISCARD:
            text = Text.assemble(("Hint: ", "bold"), "discard ", cards_text(action.cards, look))
        elif action.kind == DECLARE:
            text = Text.assemble(("Hint: ", "bold"), str(action))
        else:
            text = Text(str(action))
        if reason:
            text.append(f" — {reason}", style="dim")
        self.say(text)
