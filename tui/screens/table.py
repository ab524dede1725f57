"""The table: four seats, the trick, the scores, the log and the hand of the person to play.

A screen, not the game: it is fed by a :class:`TableSession` (the match, wherever it is played),
draws the texts of :func:`text.presenter.present`, asks its :class:`BotRunner` for the moves of the
session's bots, and asks people through the hand widget and dialogs. Its parts: the keys
(:mod:`tui.screens.table_keys`), the bots' moves (:mod:`tui.screens.table_bots`), the end of a
hand (:mod:`tui.screens.table_end`), the person's turn (:mod:`tui.screens.table_people`) and the
sidebar (:mod:`tui.widgets.sidebar`).

Hidden information: everything drawn comes from one :class:`PlayerView`, the view of the person
at the keyboard (``viewer``) or a public view with no cards at all. In hot-seat play (two or more
people) the viewer is cleared as soon as anybody else is to act, and an opaque hand-over screen
comes up before the next person's hand is drawn: no screen ever shows one person's cards while a
bot or another person is to play.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.messages import Update
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from game.actions import PLAY, Action
from game.cards import Card
from game.errors import IllegalActionError
from game.hand import HandResult
from game.phase import Phase
from game.view import PlayerView
from store.save import SaveStore
from store.settings import pace_words
from table.bots import suggest
from table.runner import BotMove, BotRunner
from table.session import TableSession
from text.hand_review import ReviewSource
from text.presenter import (
    DOING,
    Scene,
    discardable,
    handover_context,
    hint_text,
    present,
    status,
)
from text.render import Look, look_of
from text.words import verb
from tui.keys import DOUBLE_ENTER_S
from tui.messages import BotMoved
from tui.screens.handover import HandOverScreen
from tui.screens.review import ReviewScreen
from tui.screens.scoring import MENU, NEW, QUIT, Reviewer
from tui.screens.table_bots import BotSeats
from tui.screens.table_end import HandEnd
from tui.screens.table_keys import TABLE_KEYS, TableKeys
from tui.screens.table_people import PeopleAtTable
from tui.screens.too_small import fit_breakpoints
from tui.widgets.hand import HandView
from tui.widgets.keybar import KeyBar
from tui.widgets.line import TextLine, same_text
from tui.widgets.seat import SeatPanel
from tui.widgets.sidebar import LOG_ROWS as LOG_ROWS  # (named here too)
from tui.widgets.sidebar import Sidebar
from tui.widgets.trick import TrickView
from tui.widgets.underneath import LaidOutUnder, redraw_above

_PLACES = ("seat-bottom", "seat-right", "seat-top", "seat-left")  # by seat relative to the bottom
# What redraw() draws (see _paint_together).
_DRAWN = "#topbar, .seat, #trick, #hand, #score, #declarations, #out, #log, #status, #keybar"
# Rows from which the cards still out are listed beside the log; with fewer (80x24) there is
# room for one of them, the log unless o asks for the other.
OUT_ROWS = 30
# Columns from which the narrow layout's sidebar is wider (100x32: a declaration or a line of
# what is still out on one line, not two).
WIDER_COLS = 96


class TableScreen(TableKeys, PeopleAtTable, BotSeats, HandEnd, LaidOutUnder, Screen[None]):
    """Plays a match: bots through the bot runner, people through the hand and dialogs.

    ``pace``: seconds each bot move takes (default: the bot delay of the settings)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide"), (170, "-huge")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall"), (50, "-towering")]

    BINDINGS = TABLE_KEYS

    def __init__(
        self,
        session: TableSession,
        store: SaveStore | None = None,
        *,
        pace: float | None = None,
        network: bool = False,
    ) -> None:
        """``network``: the session is a table over the network (q leaves it)."""
        super().__init__()
        self.session = session
        self.network = network
        self.store = store
        humans = session.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.bottom = humans[0] if humans else 0
        self.marked: list[Card] = []  # cards marked for the discard
        self.show_last = False  # the last trick shown on demand
        self.show_out: bool | None = None  # the cards still out listed (None: where there is room)
        self.final: PlayerView | None = None  # the final table of a hand while its sheet comes
        self.thinking: int | None = None  # the bot seat thinking now
        self.notice: Text | None = None  # a reason, a hint or a notice under the hand
        self.lead_in: Text | None = None  # said before this person's prompt until he acts
        self._lead_in_ply = 0  # the ply of the card the lead-in comes before
        self.paused = False  # watching: the bots wait
        self.pace = pace
        self.runner: BotRunner | None = None
        self._held: BotMove | None = None  # a bot move that came while another screen was up
        self._hint_worker: Worker | None = None
        self._timer: Timer | None = None  # the sheet or the hand-over, after a pause
        self._recorded = False  # the finished match went to the statistics
        # Notifications said to the person at the keyboard only (a hint too long for the status
        # line, a mark taken back, why a key did nothing): at a shared screen they go with his
        # hand (see _hide_hand).
        self._private: set[str] = set()
        self._until_turn: set[str] = set()  # why nothing can be chosen: said until his turn
        self._entered_at: float | None = None  # the Enter that made a person's last move
        self.ready = False  # mounted with every part: redraw has something to draw on

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
            yield Sidebar(id="sidebar")
        yield HandView(id="hand")
        yield TextLine(id="status")
        yield KeyBar([], id="keybar")

    def on_mount(self) -> None:
        fit_breakpoints(self)  # (else drawn once in the roomy layout first)
        self._fit_rows()
        self.ready = True
        # The move comes back as a message, handled in the screen's own turn.
        self.runner = BotRunner(lambda move: self.post_message(BotMoved(move)))
        self.session.listen(self._moved_elsewhere)
        hand = self.query_one(HandView)
        hand.display = not self.watching  # nobody's cards to show: the table takes the room
        hand.focus()
        for seat, bot in self.session.substitutes.items():
            wanted = self.session.seats[seat]
            self.notify(
                f"The {wanted.kind} bot is not available: {wanted.name} plays as the {bot} bot.",
                severity="warning",
            )
        results = self.session.results
        if results and self.session.phase == Phase.DISCARD:
            # Resumed between two hands: the sheet of the hand that ended comes first.
            self._hand_ended(results[-1])
            return
        self.advance()

    @property
    def roomy(self) -> bool:
        """Rows enough for the cards still out beside the declarations and the log."""
        return self.app.size.height >= OUT_ROWS

    @property
    def out_shown(self) -> bool:
        """The cards still out are to be listed (whenever a hand is on screen to count them
        from, see :meth:`_fit_out`): where there is room unless o hid them, or where there is
        not (in the log's place) when o asked for them; never when watching bots."""
        if self.watching:
            return False
        return self.roomy if self.show_out is None else self.show_out

    def _fit_out(self) -> None:
        """The cards still out beside the declarations and the log where there is room, else in
        their place (see :meth:`Sidebar.fit_out`)."""
        if self.ready and self.query_one(Sidebar).fit_out(self.out_shown, self.roomy):
            self.call_after_refresh(self._share_sidebar)

    def _fit_rows(self) -> None:
        """``-rows-30``: 30 rows or more (100x32 say), where the narrow layout's bottom seat
        has room for its third line (the dealer's discard and his declaration); ``-cols-96``:
        96 columns or more, where the narrow layout's sidebar is wider."""
        self.set_class(self.roomy, "-rows-30")
        self.set_class(self.app.size.width >= WIDER_COLS, "-cols-96")

    def _share_sidebar(self) -> None:
        """The sidebar's rows shared again (once the score box has its rows)."""
        if self.ready and self.is_attached:
            for sidebar in self.query(Sidebar):  # (none while the screen is taken down)
                sidebar.share()
                redraw_above(self)

    def on_resize(self) -> None:
        self._fit_rows()
        self._fit_out()
        self.call_after_refresh(self._share_sidebar)

    @property
    def look(self) -> Look:
        return look_of(getattr(self.app, "settings", None))

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.session.seats]

    @property
    def hot_seat(self) -> bool:
        return len(self.session.humans) > 1

    @property
    def watching(self) -> bool:
        return not self.session.humans

    @property
    def _undo_offered(self) -> bool:
        """One person against this screen's bots (at a remote table, what the others have seen
        is never taken back)."""
        return len(self.session.humans) == 1 and bool(self.session.bots)

    def _setting(self, name: str, default: float) -> float:
        settings = getattr(self.app, "settings", None)
        return float(getattr(settings, name, default))

    @property
    def delay(self) -> float:
        return self.pace if self.pace is not None else self._setting("bot_delay", 0.6)

    # ----------------------------------------------------------------- drawing
    def current_view(self) -> PlayerView:
        """The only source of what is drawn: the viewer's own view, or a public one."""
        if self.final is not None:
            return self.final
        if self.viewer is None:
            return self.session.public_view(self.bottom)
        return self.session.view(self.viewer)

    def scene(self) -> Scene:
        view = self.current_view()
        results = tuple(self.session.results)
        if self.final is not None:
            results = results[:-1]
        if self.lead_in is not None and self.session.ply > self._lead_in_ply:
            self.lead_in = None  # said to the person whose card it was: the card is played
        return Scene(
            view=view,
            seats=self.session.seats,
            bottom=self.bottom,
            look=self.look,
            hand_shown=self.viewer is not None and view.seat == self.viewer,
            results=results,
            over=self.final is not None,
            thinking=self.thinking,
            marked=tuple(self.marked),
            show_last=self.show_last,
            out_alone=self.ready and self.query_one(Sidebar).has_class("-counting-alone"),
            substitutes=dict(self.session.substitutes),
            undo=self._undo_offered,
            watching=self.watching,
            paused=self.paused,
            speed=pace_words(self.delay),
            notice=self.notice,
            lead_in=self.lead_in,
            presence=self.session.presence,
            decided_for=self.session.decided_for(view.hand_number),
            awaiting=self.session.awaiting(),
            network=self.network,
        )

    def on_unmount(self) -> None:
        self.ready = False

    def redraw(self) -> None:
        """Show the scene now; nothing before the screen is mounted with its parts (a timer or
        a message from the table may come first) or after it is gone."""
        if not self.ready or self._status_line() is None:
            return
        scene = self.scene()
        texts = present(scene)
        self.query_one("#topbar", TextLine).show(texts.topbar, texts.topbar_short)
        for place, seat in zip(_PLACES, texts.seats, strict=True):
            self.query_one(f"#{place}", SeatPanel).show_seat(seat)
        trick = texts.trick
        self.query_one(TrickView).show(
            trick.cards,
            bottom=self.bottom,
            look=scene.look,
            highlight=trick.highlight,
            captions=trick.captions,
            short=trick.short,
        )
        self._draw_hand(scene)
        self.query_one(Sidebar).show(texts)
        self._fit_out()
        self.call_after_refresh(self._share_sidebar)  # (once the score box has its rows)
        self._show_status(texts.status)
        self.query_one(KeyBar).set_entries(texts.keys)
        self._paint_together()

    def _paint_together(self) -> None:
        """One frame for the whole table. Each widget asks the screen for its repaint from its
        own task, when idle: the hand (which handled the key) could be drawn a frame or more
        before the status line, which would then speak of the moment before. Asking here, in
        this handler, puts every repaint in the screen's queue before the screen next draws."""
        for widget in self.query(_DRAWN):
            self.post_message(Update(widget))
        redraw_above(self)  # (under a dialog, which shows the table through)

    def _draw_hand(self, scene: Scene) -> None:
        hand = self.query_one(HandView)
        view = scene.view
        if not scene.hand_shown or (scene.over and not view.hand):
            note = ""
            if self.hot_seat and not scene.over and view.turn >= 0:
                who = self.names[view.turn]
                note = f"No hand is shown while {who} {verb(who, 'plays')}."
            hand.show_view(None, look=scene.look, note=note)
            return
        choosable: frozenset[Card] = frozenset()
        if scene.my_turn and view.phase == Phase.PLAY:
            choosable = frozenset(a.card for a in view.legal)
        elif scene.my_turn and view.phase == Phase.DISCARD:
            choosable = discardable(view)
        hand.show_view(view, look=scene.look, choosable=choosable, marked=frozenset(self.marked))

    def prompt(self, *, lead_in: bool = True) -> Text:
        """What the status line says when no notice takes it: whose turn, what to do (and the
        lead-in said before it, unless ``lead_in`` is False)."""
        scene = replace(self.scene(), notice=None)
        return status(scene if lead_in else replace(scene, lead_in=None), self.names)

    def say(self, message: Text | str) -> None:
        self.notice = Text(message) if isinstance(message, str) else message
        line = self._show_status(self.notice)
        if line is not None:
            self.post_message(Update(line))  # drawn with the rest now
            redraw_above(self)

    def status_fits(self, text: Text) -> bool:
        """``text`` is shown whole in the status line."""
        line = self._status_line()
        return line is None or line.fits(text)

    def _status_line(self) -> TextLine | None:
        """The status line; None while the screen has no parts (a timer may tick just before
        they are composed or while they are being taken down)."""
        found = self.query("#status")
        return found.first(TextLine) if found else None

    def _show_status(self, text: Text) -> TextLine | None:
        """The status line's words. Its height is fixed (the hand never moves); what does not
        fit in it (a long hint at 80 columns) is also told whole in a notification."""
        line = self._status_line()
        if line is None:
            return None
        if not same_text(text, line.text) and not line.fits(text):
            self.tell(text.plain, timeout=max(6.0, len(text.plain) / 15))
        line.show(text)
        return line

    # ----------------------------------------------------------------- the flow of the game
    def advance(self) -> None:
        """Look at whose turn it is: a bot of this screen thinks, a person gets his hand (after
        a hand-over when the screen is shared), a seat played elsewhere is waited for."""
        session = self.session
        if session.winner is not None:
            self.redraw()
            return
        seat = session.turn
        if seat not in session.humans:
            if self.hot_seat:
                self._hide_hand()  # nobody's hand while somebody else is to play
            self.thinking = seat if seat in session.bots else None
            self.redraw()
            if self.thinking is not None and not self.paused:
                self._start_bot(seat)
            return
        self.thinking = None
        if seat != self.viewer and self.hot_seat:
            self._hide_hand()  # nothing of anybody's hand may be on screen now
            self.redraw()
            view = session.public_view(seat)
            pause = self._setting("trick_pause", 1.0) if view.tricks and not view.trick else 0
            if pause > 0:  # the trick just completed stays in view a moment
                self._later(pause, lambda: self._hand_over(seat))
            else:
                self._hand_over(seat)
            return
        self.viewer = self.bottom = seat
        self._withdraw(self._until_turn)  # "It is Bruno's turn to play a card." is over
        self.redraw()
        if session.phase == Phase.DECLARE:
            self._ask_declaration()

    def _hide_hand(self) -> None:
        """At a shared screen: no hand is on screen from now on, and nothing said to the person
        who had it (a hint, a card taken back from the discard) stays in view either."""
        self.viewer = None
        self._withdraw_private()
        if self.ready:
            self.query_one(HandView).enter_after = None  # his hand-over's Enter is long past

    def tell(
        self,
        message: str,
        *,
        severity: str = "information",
        timeout: float = 4,
        until_turn: bool = False,
    ) -> None:
        """A notification for the person at the keyboard only (withdrawn at a shared screen
        when his hand goes, see :meth:`_hide_hand`); ``until_turn``: it says why he cannot act
        yet, and goes when his turn comes."""
        if self.hot_seat:  # (one person alone at the screen: nobody else to hide it from)
            self._private.add(message)
        if until_turn:
            self._until_turn.add(message)
        self.notify(message, severity=severity, timeout=timeout)  # type: ignore[arg-type]

    def _withdraw_private(self) -> None:
        said, self._private = self._private, set()
        self._until_turn.clear()
        self._withdraw(said)

    def _withdraw(self, said: set[str]) -> None:
        """Take the notifications that say ``said`` off the screen (and forget them)."""
        if not said or not self.is_attached:
            said.clear()
            return
        app: Any = self.app
        app.withdraw(said)
        said.clear()

    def _later(self, seconds: float, then: Any) -> None:
        self._stop_timer()
        self._timer = self.set_timer(seconds, then)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _hand_over(self, seat: int) -> None:
        self._timer = None
        if self.session.turn != seat or not self.is_attached:
            return
        context = handover_context(self.session.public_view(seat), self.session.seats, self.look)
        handover = HandOverScreen(
            self.names[seat],
            DOING.get(self.session.phase, "to play"),
            context,
            self.look,
            not_before=self._double_enter_until(),
        )

        def shown(choice: str | None) -> None:
            if choice == MENU:
                self._leave(MENU)
                return
            # the press that passed the hand-over, twice or held, plays no card unseen
            pressed = handover.pressed_at
            hand = self.query_one(HandView)
            hand.enter_after = None if pressed is None else pressed + DOUBLE_ENTER_S
            self._take_seat(seat)

        self.app.push_screen(handover, shown)
        # a notice still on its way when the hand went (a key pressed a moment before)
        self.call_after_refresh(self._withdraw_private)

    def _double_enter_until(self) -> float | None:
        """Until when an Enter is the same press as the one that made the last move (pressed
        twice, or held down): it must not show the next person's hand."""
        entered, self._entered_at = self._entered_at, None
        return None if entered is None else entered + DOUBLE_ENTER_S

    def _take_seat(self, seat: int) -> None:
        if self.session.turn == seat:
            self.viewer = self.bottom = seat
        self.advance()

    def perform(self, action: Action) -> None:
        """Apply the action of the seat to move, save, and go on."""
        try:
            result = self.session.apply(action)
        except IllegalActionError as exc:
            self.say(Text(str(exc), style="bold"))
            return
        self.notice = self.lead_in = None
        self.marked = []
        self.show_last = False
        self._save()
        if result is None:
            self.advance()
        else:
            self._hand_ended(result)

    def _save(self) -> None:
        if self.store is not None:
            self.store.save_telling(self.session, self.notify)  # type: ignore[arg-type]

    def _moved_elsewhere(self, result: HandResult | None) -> None:
        """A seat played elsewhere acted (a remote session's listener); ``result``: the hand it
        ended."""
        if not self.is_attached or self.final is not None:
            return
        if result is not None:
            self._hand_ended(result)
        else:
            self.advance()

    def on_screen_resume(self) -> None:
        if not self.is_active:
            return  # covered again before this message came (a dialog held back meanwhile)
        hand = self.query_one(HandView)
        if not hand.has_focus:
            hand.focus()
        if not self._play_held():
            self.redraw()

    def _stop(self) -> None:
        self._stop_timer()
        if self.runner is not None:
            self.runner.cancel()
        self._held = None
        self._hint_worker = None
        self.workers.cancel_group(self, "hint")
        self.thinking = None

    # ----------------------------------------------------------------- leaving, the review
    def _reviewer(self) -> Reviewer | None:
        """The review of the match's finished hands, for a session that holds its match or (at
        a network table) has been sent their records (``review_source``)."""
        match = getattr(self.session, "match", None)
        recorded = getattr(self.session, "review_source", None)
        sent = recorded() if match is None and recorded is not None else None
        if match is None and sent is None:
            return None
        seats = self.session.seats

        def review(hand: int) -> ReviewScreen:
            return ReviewScreen(sent or ReviewSource.of(match, seats), hand, look=self.look)

        return review

    def _leave(self, choice: str) -> None:
        self._stop()
        app: Any = self.app
        if choice == QUIT:
            app.exit()
        elif choice == NEW and hasattr(app, "new_match_screen"):
            self.dismiss(None)
            app.new_match_screen()
        else:
            self.dismiss(None)

    # ----------------------------------------------------------------- the hint
    def action_hint(self) -> None:
        view = self._my_turn()
        if view is None or view.phase not in (Phase.PLAY, Phase.DISCARD):
            self.refuse(f"No hint: {self._not_now()}", until_turn=True)
            return
        self.say(Text(f"Thinking of a hint{self.look.ellipsis}", style="dim"))
        key = (self.session.ply, view.seat)
        rng = random.Random()

        def think() -> tuple[Action, str, tuple[int, int]]:
            action, reason = suggest(view, view.legal, rng)
            return action, reason, key

        self._hint_worker = self.run_worker(
            think,
            name=self._hint_name(view),
            thread=True,
            group="hint",
            exclusive=True,
            exit_on_error=False,
        )

    def _hint_name(self, view: PlayerView) -> str:
        """The hint worker's name: the turn it was asked for."""
        return f"hint {self.session.ply} {view.seat}"

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker is not self._hint_worker:
            return
        if event.state == WorkerState.SUCCESS:
            self._hint_worker = None
            self._show_hint(*worker.result)
        elif event.state == WorkerState.ERROR:
            self._hint_worker = None
            view = self._my_turn()
            if view is not None and worker.name == self._hint_name(view):  # else: overtaken
                self.say(f"No hint: {worker.error}")

    def _show_hint(self, action: Action, reason: str, key: tuple[int, int]) -> None:
        view = self._my_turn()
        if view is None or key != (self.session.ply, view.seat):
            return
        # the cursor goes to the card (for the discard: the first not marked yet), so that
        # Enter plays or marks it
        hand = self.query_one(HandView)
        cards = (action.card,) if action.kind == PLAY else action.cards
        chosen = [c for c in cards if c in hand.cards and c not in hand.marked]
        if chosen:
            hand.cursor = hand.cards.index(chosen[0])
            hand.refresh()
        self.say(hint_text(action, reason, self.look))
