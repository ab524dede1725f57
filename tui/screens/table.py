"""The table: four seats, the trick, the scores, the log and the hand of the person to play.

A screen, not the game: it is fed by a :class:`TableSession` (the match, wherever it is played),
draws the texts of :func:`text.presenter.present`, and hands each turn to the part that plays it
(see :func:`tui.screens.table_turns.next_turn`). Its parts, each a plain object that sees the
screen through a protocol of its own: the keys that change what is shown
(:mod:`tui.screens.table_keys`), the people's turns and the hand-over
(:mod:`tui.screens.table_people`), the bots' turns (:mod:`tui.screens.table_bots`), the hint
(:mod:`tui.screens.table_hint`), the end of a hand (:mod:`tui.screens.table_end`) and what is
said to the person at the keyboard alone (:mod:`tui.screens.table_notices`); and the sidebar
(:mod:`tui.widgets.sidebar`). The screen holds the table's state, draws it, and routes Textual's
keys and messages to the parts.

Hidden information: everything drawn comes from one :class:`PlayerView`, the view of the person
at the keyboard (``viewer``) or a public view with no cards at all. In hot-seat play (two or more
people) the viewer is cleared as soon as anybody else is to act, and an opaque hand-over screen
comes up before the next person's hand is drawn: no screen ever shows one person's cards while a
bot or another person is to play.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.messages import Update
from textual.timer import Timer
from textual.worker import Worker

from game.actions import PLAY, Action
from game.cards import Card
from game.errors import IllegalActionError
from game.hand import HandResult
from game.phase import Phase
from game.view import PlayerView
from store.save import SaveStore
from table.session import TableSession
from text.language import _
from text.presenter import Scene, discardable, present, status
from text.refusals import illegal_words
from text.render import Look, look_of
from text.signals import trick_signal_note
from text.storage import pace_words, tell_saved
from tui.messages import BotMoved, CardChosen, CardHighlighted, TrickClicked
from tui.screens.base import GameScreen
from tui.screens.scoring import MENU, NEW, QUIT
from tui.screens.table_bots import BotTurns
from tui.screens.table_coach import Coach
from tui.screens.table_end import HandEnd
from tui.screens.table_hint import Hint
from tui.screens.table_keys import TABLE_KEYS, TableKeys, offered, why_not_now
from tui.screens.table_notices import Notices
from tui.screens.table_people import PeopleTurns
from tui.screens.table_signals import SIGNAL_BINDINGS, Signals, with_note
from tui.screens.table_turns import (
    BotTurn,
    ElsewhereTurn,
    HandOver,
    MatchOver,
    PersonTurn,
    Seating,
    next_turn,
    turn_view,
)
from tui.screens.too_small import fit_breakpoints
from tui.widgets.felt import felt
from tui.widgets.hand_view import HandView
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


class TableScreen(LaidOutUnder, GameScreen[None]):
    """Plays a match: bots through the bot runner, people through the hand and dialogs.

    ``pace``: seconds each bot move takes (default: the bot delay of the settings)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide"), (170, "-huge")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall"), (50, "-towering")]

    BINDINGS = [*TABLE_KEYS, *SIGNAL_BINDINGS]

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
        self._timer: Timer | None = None  # the sheet or the hand-over, after a pause
        self.ready = False  # mounted with every part: redraw has something to draw on
        # The parts (each sees the screen through a protocol of its own).
        self.notices = Notices(self.notify, self._withdraw, lambda: self.hot_seat)
        self.keys = TableKeys(self, self.notices)
        self.people = PeopleTurns(self, self.notices)
        self.bots = BotTurns(self)
        self.hint = Hint(self, self.notices)
        self.coach = Coach(self, self.notices)
        self.hand_end = HandEnd(self, self.notices)
        self.signalling = Signals(self, self.notices)

    # ----------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        fit_breakpoints(self)  # (else drawn once in the roomy layout first)
        yield TextLine(id="topbar")
        with Horizontal(id="main"):
            yield from felt()
            yield Sidebar(id="sidebar")
        yield HandView(id="hand")
        yield TextLine(id="status")
        yield KeyBar([], id="keybar")

    def on_mount(self) -> None:
        self._fit_rows()
        self.ready = True
        self.bots.start()
        self.session.listen(self._moved_elsewhere)
        hand = self.hand
        hand.display = not self.watching  # nobody's cards to show: the table takes the room
        hand.focus()
        for seat, bot in self.session.substitutes.items():
            wanted = self.session.seats[seat]
            self.notify(
                _("The {kind} bot is not available: {name} plays as the {bot} bot.").format(
                    kind=wanted.kind, name=wanted.name, bot=bot
                ),
                severity="warning",
            )
        results = self.session.results
        if results and self.session.phase == Phase.DISCARD:
            # Resumed between two hands: the sheet of the hand that ended comes first.
            self.hand_end.ended(results[-1])
            return
        self.advance()

    @property
    def hand(self) -> HandView:
        """The hand of the person at the keyboard, at the foot of the screen."""
        return self.query_one(HandView)

    @property
    def roomy(self) -> bool:
        """Rows enough for the cards still out beside the declarations and the log."""
        return self.app.size.height >= OUT_ROWS

    @property
    def out_shown(self) -> bool:
        """The cards still out are to be listed (whenever a hand is on screen to count them
        from, see :meth:`fit_out`): where there is room unless o hid them, or where there is
        not (in the log's place) when o asked for them; never when watching bots."""
        if self.watching:
            return False
        return self.roomy if self.show_out is None else self.show_out

    def fit_out(self) -> None:
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
        self.fit_out()
        self.call_after_refresh(self._share_sidebar)

    @property
    def look(self) -> Look:
        return look_of(getattr(self.app, "settings", None))

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.session.seats]

    @property
    def seating(self) -> Seating:
        """Who plays at this screen (asked of the session each time: a remote session has its
        seat only once the table gave it)."""
        return Seating.of(self.session)

    @property
    def hot_seat(self) -> bool:
        return self.seating.hot_seat

    @property
    def watching(self) -> bool:
        return self.seating.watching

    def setting(self, name: str, default: float) -> float:
        """The setting ``name`` (a number of seconds), or ``default`` for an app with none."""
        settings = getattr(self.app, "settings", None)
        return float(getattr(settings, name, default))

    @property
    def delay(self) -> float:
        return self.pace if self.pace is not None else self.setting("bot_delay", 0.6)

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
        hand_shown = self.viewer is not None and view.seat == self.viewer
        notice, lead_in = self.notice, self.lead_in
        coached = self.coach.word
        if coached is not None and hand_shown and self.final is None:
            # the coach's word on the last card: while the others play, then before the prompt
            if view.turn == view.seat and lead_in is None:
                lead_in = Text.assemble(coached, " ")
            elif view.turn != view.seat and notice is None:
                notice = coached
        return Scene(
            view=view,
            seats=self.session.seats,
            bottom=self.bottom,
            look=self.look,
            hand_shown=hand_shown,
            results=results,
            over=self.final is not None,
            thinking=self.thinking,
            marked=tuple(self.marked),
            show_last=self.show_last,
            out_alone=self.ready and self.query_one(Sidebar).has_class("-counting-alone"),
            substitutes=dict(self.session.substitutes),
            undo=self.seating.undo_offered,
            watching=self.watching,
            paused=self.paused,
            speed=pace_words(self.delay),
            notice=notice,
            lead_in=lead_in,
            presence=self.session.presence,
            decided_for=self.session.decided_for(view.hand_number),
            awaiting=self.session.awaiting(),
            network=self.network,
            coach=self.coach.on,
        )

    def on_unmount(self) -> None:
        self.ready = False

    async def speak_again(self) -> None:
        """Drawn again in the language spoken now (the match, the hand's cursor and the marks
        are the screen's: nothing is lost)."""
        self.notice = None  # (said in the language before)
        self.redraw()

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
        note = trick_signal_note(scene.view, list(trick.cards.values()), scene.look)
        if note is not None:  # the signals the cards on the table carried, after the caption
            trick = with_note(trick, note)
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
        self.fit_out()
        self.call_after_refresh(self._share_sidebar)  # (once the score box has its rows)
        self._show_status(texts.status)
        self.query_one(KeyBar).set_entries(self.signalling.keyed(texts.keys))
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
        hand = self.hand
        view = scene.view
        if not scene.hand_shown or (scene.over and not view.hand):
            note = ""
            if self.hot_seat and not scene.over and view.turn >= 0:
                who = self.names[view.turn]
                note = _("No hand is shown while {name} plays.").format(name=who)
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
            self.notices.tell(text.plain, timeout=max(6.0, len(text.plain) / 15))
        line.show(text)
        return line

    # ----------------------------------------------------------------- the flow of the game
    def my_turn(self) -> PlayerView | None:
        """The viewer's view when it is the viewer's turn (and nothing else is going on)."""
        return turn_view(self.session, self.viewer, over=self.final is not None)

    def not_now(self) -> str:
        """Why nothing can be chosen at this screen now (a sentence to follow "No hint: ")."""
        return why_not_now(self.session, self.viewer, self.names, over=self.final is not None)

    def advance(self) -> None:
        """Look at whose turn it is: a bot of this screen thinks, a person gets his hand (after
        a hand-over when the screen is shared), a seat played elsewhere is waited for."""
        match next_turn(self.session, self.viewer):
            case MatchOver():
                self.redraw()
            case BotTurn(seat) | ElsewhereTurn(seat) as turn:
                self.hide_hand()  # nobody's hand while somebody else is to play
                self.thinking = seat if isinstance(turn, BotTurn) else None
                self.redraw()
                if self.thinking is not None and not self.paused:
                    self.bots.think(seat)
            case HandOver(seat, after_trick):
                self.thinking = None
                self.hide_hand()  # nothing of anybody's hand may be on screen now
                self.redraw()
                pause = self.setting("trick_pause", 1.0) if after_trick else 0
                if pause > 0:  # the trick just completed stays in view a moment
                    self.later(pause, lambda: self.people.hand_over(seat))
                else:
                    self.people.hand_over(seat)
            case PersonTurn(seat, declares):
                self.thinking = None
                self.viewer = self.bottom = seat
                self.notices.withdraw_until_turn()  # "It is Bruno's turn to play a card." is over
                self.redraw()
                if declares:
                    self.people.ask_declaration()

    def hide_hand(self) -> None:
        """At a shared screen: no hand is on screen from now on, and nothing said to the person
        who had it (a hint, a card taken back from the discard) stays in view either."""
        if not self.hot_seat:
            return
        self.viewer = None
        self.notices.withdraw_private()
        if self.ready:
            self.hand.enter_after = None  # his hand-over's Enter is long past

    def _withdraw(self, said: Collection[str]) -> None:
        """Take the notifications that say ``said`` off the screen."""
        if self.is_attached:
            app: Any = self.app
            app.withdraw(said)

    def later(self, seconds: float, then: Callable[[], object]) -> None:
        """Do ``then`` in ``seconds`` (the sheet, the hand-over: one thing at a time)."""
        self._stop_timer()

        def now() -> None:
            self._timer = None
            then()

        self._timer = self.set_timer(seconds, now)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def say_first(self, lead_in: Text, ply: int) -> None:
        """Say ``lead_in`` before this person's prompt until the card of ``ply`` is played."""
        self.lead_in, self._lead_in_ply = lead_in, ply
        self.redraw()

    def perform(self, action: Action) -> None:
        """Apply the action of the seat to move, save, and go on (the coach judges a card of
        the person at the keyboard, from his view before it)."""
        mine = self.my_turn() if action.kind == PLAY else None
        try:
            result = self.session.apply(action)
        except IllegalActionError as exc:
            self.say(Text(illegal_words(exc, self.look), style="bold"))
            return
        if mine is not None:
            self.coach.played(mine, action.card)
        self.notice = self.lead_in = None
        self.marked = []
        self.show_last = False
        self.save()
        if result is None:
            self.advance()
        else:
            self.hand_end.ended(result)

    def take_back(self, seat: int) -> None:
        """Undo: the card of the person at ``seat`` in the trick in progress back in his
        hand."""
        self.stop()
        self.coach.taken_back()
        self.session.undo(seat)
        self.marked, self.show_last = [], False
        self.save()
        self.viewer = self.bottom = seat
        self.notice = None
        self.advance()
        self.notify(_("Your card is back in your hand."), timeout=4)

    def save(self) -> None:
        """Save the match (a store is given with a session of this process only)."""
        if self.store is not None:
            tell_saved(self.store, self.session, self.notify)  # type: ignore[arg-type]

    def _moved_elsewhere(self, result: HandResult | None) -> None:
        """A seat played elsewhere acted (a remote session's listener); ``result``: the hand it
        ended."""
        if not self.is_attached or self.final is not None:
            return
        if result is not None:
            self.hand_end.ended(result)
        else:
            self.advance()

    def on_screen_resume(self) -> None:
        if not self.is_active:
            return  # covered again before this message came (a dialog held back meanwhile)
        hand = self.hand
        if not hand.has_focus:
            hand.focus()
        if not self.bots.play_held():
            self.redraw()

    def stop(self) -> None:
        """Nothing more comes by itself: no pause running out, no bot thinking, no hint."""
        self._stop_timer()
        self.bots.cancel()
        self.hint.cancel()
        self.thinking = None

    def leave(self, choice: str) -> None:
        """Leave the table for ``choice``: a new match, the menu, or out of the game."""
        self.stop()
        app: Any = self.app
        if choice == QUIT:
            app.exit()
        elif choice == NEW and hasattr(app, "new_match_screen"):
            self.dismiss(None)
            app.new_match_screen()
        else:
            self.dismiss(None)

    # ----------------------------------------------------------------- keys and messages
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "signal":
            return self.signalling.offered()
        return offered(action, self.seating)

    def action_signal(self, signal: str) -> None:
        self.signalling.press(signal)

    def action_play(self) -> None:
        self.hand.action_choose()

    def action_help(self) -> None:
        self.keys.help()

    def action_settings(self) -> None:
        self.keys.settings()

    def action_last_trick(self) -> None:
        self.keys.last_trick()

    def action_cards_out(self) -> None:
        self.keys.cards_out()

    def action_so_far(self) -> None:
        self.keys.so_far()

    def action_hint(self) -> None:
        self.hint.ask()

    def action_undo(self) -> None:
        self.people.undo()

    def action_coach(self) -> None:
        self.coach.toggle()

    def action_leave(self) -> None:
        if not self.signalling.cancel():  # Esc takes back a signal chosen first
            self.leave(MENU)

    def action_pause(self) -> None:
        self.bots.pause()

    def action_faster(self) -> None:
        self.bots.step_pace(-1)

    def action_slower(self) -> None:
        self.bots.step_pace(1)

    def on_trick_clicked(self, event: TrickClicked) -> None:
        event.stop()
        self.keys.last_trick()

    def on_hand_view_key_unused(self, event: HandView.KeyUnused) -> None:
        event.stop()
        self.keys.unused(event.index)

    def on_card_chosen(self, event: CardChosen) -> None:
        event.stop()
        if not self.signalling.choose(event.card):
            self.people.choose(event.card)

    def on_card_highlighted(self, event: CardHighlighted) -> None:
        event.stop()
        self.people.highlighted(event.card)

    def on_bot_moved(self, event: BotMoved) -> None:
        self.bots.moved(event.move)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self.hint.changed(event.worker, event.state)
        self.coach.changed(event.worker, event.state)
