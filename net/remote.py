"""A seat at a remote table: the :class:`~table.session.TableSession` of a match played on a table
server, fed by the server's messages (no Textual here, and no engine: every view comes from the
server, every action goes to it). The table screen plays it exactly as it plays a local match.

Every other seat is played elsewhere, so ``bots`` is empty; the listener given to :meth:`listen`
is called when the table moved on (a seat acted, the match started, this seat's own action was
taken or refused), with the hand's result when a hand ended. ``on_change`` (set by whoever holds
the connection) hears of everything else: seats coming and going (:meth:`pop_notices`), refusals
(:meth:`pop_refusal`), the first state after joining.

The table also sends the record of each finished hand, so the hands can be reviewed here as in
local play (:meth:`review_source`), and the time this seat has left for its decision when the
table has a turn limit (:meth:`seconds_left`). It is told what this person is doing at the
screen (:meth:`tell_doing`), and tells what each of the others is doing, so the table says what
it waits for (:meth:`awaiting`: "Bruno is still reading the scoring sheet.") and each seat's
panel who is where (:attr:`presence`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from ai.player import Player
from game.actions import DECLARE, DISCARD, PLAY, Action
from game.errors import IllegalActionError
from game.hand import Hand, HandResult
from game.history import hand_rows, stand_in_cards
from game.phase import Phase
from game.record import OUT_OF_TIME, StandIn
from game.view import PlayerView
from net import protocol as p
from net.client import TableClient
from table.session import HUMAN, Seat
from text.hand_review import ReviewSource
from text.language import N_, _
from text.presenter import AWAY, CONNECTED, OPEN_SEAT, bot_tag
from text.render import UNICODE, Look, card_name
from text.words import bot_level, listed

WARNING_S = 30.0  # the last part of the turn limit that is counted down (half of a shorter one)
# What a person connected to the table is doing, as their seat's panel says it; at the table
# itself: CONNECTED.
DOING_TAGS = {
    p.DECLARING: N_("declaring"),
    p.SETTINGS: N_("in settings"),
    p.HELP: N_("in the help"),
    p.SHEET: N_("on sheet"),
    p.REVIEW: N_("reviewing"),
    p.SHEET_HELP: N_("in the help"),
    p.MATCH_OVER: N_("on sheet"),
    p.STAND_IN_DECIDING: N_("out of time"),
}
# ... and as the status line says it when the table waits for them
DOING_WORDS = {
    p.DECLARING: N_("{name} is choosing what to declare"),
    p.SETTINGS: N_("{name} is in the settings"),
    p.HELP: N_("{name} is reading the help"),
    p.SHEET: N_("{name} is still reading the scoring sheet"),
    p.REVIEW: N_("{name} is reviewing a hand"),
    p.SHEET_HELP: N_("{name} is reading the help"),
}


class RemoteSession:
    """This screen's seat at a table server (see the module's docstring)."""

    def __init__(
        self,
        client_factory: Callable[[Callable[[p.ServerMessage], None]], TableClient],
    ) -> None:
        self.client = client_factory(self.receive)
        # the clock the turn limit's countdown is read on (a test turns it forward)
        self.clock: Callable[[], float] = time.monotonic
        self.seat: int | None = None
        self.target = 800
        self.signals = False  # the table's match allows partners' signals
        self.statuses: tuple[p.SeatStatus, ...] = ()
        self.state: p.State | None = None  # the latest state the table sent
        self.pending = False  # an action of this seat is on its way to the table
        self._pending_ply = -1  # ... the ply it was sent for
        self.bots: dict[int, Player] = {}  # no seat is played by a bot at this screen
        self.substitutes: dict[int, str] = {}
        self.refusal: p.Refused | None = None  # the last error the table answered
        self.on_change: Callable[[], None] | None = None
        self.look: Look = UNICODE  # how cards are named in the notices
        self.turn_limit_s = 0.0  # the table's turn limit (0: none)
        self.stand_in = "medium"  # the bot that decides when the time runs out (its level)
        self.played_for_me: str | None = None  # what the stand-in just decided for this seat
        self._deadline: float | None = None  # when (on clock) this seat's decision is due
        self.away_timeout_s = 60.0  # a seat left empty this long is played by the stand-in
        self._stand_in_at: dict[int, float] = {}  # seat away -> when (on clock) its stand-in comes
        self._timed_out: int | None = None  # the ply of this seat's last decision the stand-in made
        # hand number -> {index in the hand's history (-1: the discard) -> the stand-in}: the
        # decisions a stand-in made for a seat, its person away or out of time (every seat's Log
        # marks them)
        self._decided_for: dict[int, dict[int, StandIn]] = {}
        self._doing_said: str | None = None  # what this seat last told the table it is doing
        self._records: dict[int, p.HandRecord] = {}  # finished hands as dealt and played
        self._hands: dict[int, Hand] = {}  # ... replayed (a review's hands)
        self._results: list[HandResult] = []
        self._hand_over: p.HandOver | None = None  # a hand ended: told with the next state
        self._last_view: PlayerView | None = None
        self._notices: list[str] = []
        self._listener: Callable[[HandResult | None], None] | None = None
        self._joined = False

    # ----------------------------------------------------------------- the table's messages
    def listen(self, listener: Callable[[HandResult | None], None]) -> None:
        self._listener = listener

    def receive(self, message: p.ServerMessage) -> None:
        """A message of the table (the client calls this on the event loop)."""
        if isinstance(message, p.Welcome):
            self.seat = message.seat
            self.target = message.table.target
            self.signals = message.table.signals
            self.turn_limit_s = message.table.turn_limit_s
            self.away_timeout_s = message.table.away_timeout_s
            self.stand_in = message.table.stand_in
            self._doing_said = None  # a new connection: it is told again
            self.pending = False  # an action sent before the connection went is lost
            self._results = list(message.table.results)
            self._records, self._hands = {}, {}  # they come again after the welcome
            if self._joined:
                self._notices.append(_("Back at the table."))
            self._joined = True
            return  # the state follows at once
        if isinstance(message, p.HandOver):
            self._hand_over = message
            return  # told with the state that follows it
        if isinstance(message, p.HandRecord):
            self._records[message.number] = message
            return
        if isinstance(message, p.TimedOut):
            self._timed_out_notice(message)
            return  # told with the state that follows it
        if isinstance(message, p.StoodIn):  # (the seat already shows the stand-in)
            state = self.state
            self._mark_stand_in(message.ply, StandIn(message.by))
            if state is not None and message.ply < state.ply and self.on_change is not None:
                self.on_change()  # one made before this seat joined: its log is drawn already
            return
        before = self._moment()
        if isinstance(message, p.State):
            self._presence(message.seats)
            self.statuses, self.state = message.seats, message
            if message.ply != self._pending_ply:
                self.pending = False  # taken (a state of the same ply: somebody came or went)
            left = message.turn_left_s
            now = self.clock()
            self._deadline = None if left is None else now + left
            self._stand_in_at = {
                seat: now + max(0.0, self.away_timeout_s - s.away_s)
                for seat, s in enumerate(message.seats)
                if s.remote
                and s.player != p.OPEN
                and not s.connected
                and not s.stand_in
                and s.away_s is not None
            }
        elif isinstance(message, p.Refused):
            self.pending = False
            if (
                message.code in (p.STALE, p.NOT_YOUR_TURN)
                and message.ply is not None
                and (message.ply == self._timed_out)
            ):
                return  # a move a moment too late: "time ran out" says it all
            self.refusal = message
        else:
            return
        hand_over, self._hand_over = self._hand_over, None
        if hand_over is not None and hand_over.number == len(self._results):
            self._results.append(hand_over.result)
            self._last_view = hand_over.last_view
        else:
            hand_over = None  # one this seat has already seen (joining again)
        if self.on_change is not None:
            self.on_change()
        if self._listener is not None and self.joined:
            if hand_over is not None:
                self._listener(hand_over.result)
            elif self._moment() != before:
                self._listener(None)

    def _moment(self) -> tuple[int, int, int | None]:
        """What the table screen follows: the move, whose turn it is here, the match's end."""
        return self.ply, self.turn, self.winner

    def _presence(self, seats: tuple[p.SeatStatus, ...]) -> None:
        """Notices of seats taken, left, played by a stand-in, back."""
        before = self.statuses
        if len(before) != 4:
            return
        for seat, (old, new) in enumerate(zip(before, seats, strict=True)):
            if seat == self.seat:
                continue
            name = new.name
            if old.player == p.OPEN and new.player != p.OPEN:
                self._notices.append(_("{name} took seat {seat}.").format(name=name, seat=seat + 1))
            elif old.connected and not new.connected and new.remote:
                self._notices.append(_("{name} left the table.").format(name=name))
            elif not old.connected and new.connected and new.remote:
                self._notices.append(_("{name} is back.").format(name=name))
            if new.stand_in and not old.stand_in:
                self._notices.append(
                    _("The {bot} bot plays for {name} until they return.").format(
                        bot=bot_level(new.stand_in), name=name
                    )
                )

    def _timed_out_notice(self, message: p.TimedOut) -> None:
        """The stand-in decided for a seat whose time ran out: said to everybody, and marked in
        the hand's log."""
        self._mark_stand_in(message.ply, StandIn(message.by, OUT_OF_TIME))
        bot = bot_level(message.by)
        if message.seat != self.seat:
            if len(self.statuses) == 4:
                said = _("Time ran out for {name}: the {bot} bot decided for them.").format(
                    name=self.statuses[message.seat].name, bot=bot
                )
            else:
                said = _("Time ran out for a player: the {bot} bot decided for them.").format(
                    bot=bot
                )
            self._notices.append(said)
            return
        self._timed_out = message.ply
        if message.action is None:
            said = _("Time ran out: the {bot} bot made your move for you.").format(bot=bot)
        else:
            said = self._action_words(message.action, bot)
        self.played_for_me = said
        self._notices.append(self.played_for_me)

    def _mark_stand_in(self, ply: int, by: StandIn) -> None:
        """Mark the decision at ``ply`` as the stand-in ``by``'s in this hand's log (told while
        the state before that decision is the one shown)."""
        state = self.state
        if state is None:
            return
        view = state.view
        first = state.ply - len(view.history) - (view.phase != Phase.DISCARD)  # the discard
        if first <= ply <= state.ply:  # of the hand shown (one made before joining, too)
            self._decided_for.setdefault(view.hand_number, {})[ply - first - 1] = by

    def _action_words(self, action: Action, bot: str) -> str:
        """ "Time ran out: the medium bot played K♠ Re di Spade (King of Swords) for you.",
        "… discarded …", "… declared …"."""
        if action.kind == DISCARD:
            cards = listed([card_name(c, self.look) for c in action.cards])
            said = _("Time ran out: the {bot} bot discarded {cards} for you.")
            return said.format(bot=bot, cards=cards)
        if action.kind == DECLARE:
            if not action.families:
                return _("Time ran out: the {bot} bot declared nothing for you.").format(bot=bot)
            said = _("Time ran out: the {bot} bot declared {families} for you.")
            return said.format(bot=bot, families=listed(list(action.families)))
        said = _("Time ran out: the {bot} bot played {card} for you.")
        return said.format(bot=bot, card=card_name(action.card, self.look))

    def time_left(self) -> tuple[int, float] | None:
        """(the seat to act, seconds it has left before the stand-in decides for it) while the
        table's turn limit runs for that seat; None otherwise."""
        if self._deadline is None or self.turn < 0:
            return None
        return self.turn, max(0.0, self._deadline - self.clock())

    def seconds_left(self) -> float | None:
        """Seconds left before the stand-in decides for this seat; None when it is not this
        seat's turn or the table has no turn limit."""
        left = self.time_left()
        return left[1] if left is not None and left[0] == self.seat else None

    def decided_for(self, hand: int) -> dict[int, str]:
        """The decisions of hand ``hand`` a stand-in made for a seat (its person away, or out of
        time): index in the view's history (-1: the discard) -> the stand-in's name."""
        return {i: mark.by for i, mark in self._decided_for.get(hand, {}).items()}

    @property
    def warning_s(self) -> float:
        """How long before the limit the countdown is shown."""
        return min(WARNING_S, self.turn_limit_s / 2)

    def countdown(self) -> str | None:
        """In the last part of the limit: "12 s left: then the medium bot decides for you." on
        this seat's turn, "Waiting for Bea: 12 s left, then the medium bot decides." on
        another's (or what Bea is doing: "Bea is still reading the scoring sheet: the next hand
        starts when Bea goes on (12 s left, then the medium bot decides).")."""
        left = self.time_left()
        away = self._away_countdown(left)
        if away is not None:
            return away
        if left is None or left[1] > self.warning_s:
            return None
        seat, seconds = left
        bot, n = bot_level(self.stand_in), math.ceil(seconds)
        if seat == self.seat:
            return _("{n} s left: then the {bot} bot decides for you.").format(n=n, bot=bot)
        if len(self.statuses) == 4 and self.statuses[seat].doing == p.STAND_IN_DECIDING:
            return None  # the time is up: the status line says the stand-in is deciding
        if len(self.statuses) == 4:
            name = self.statuses[seat].name
        else:
            name = _("seat {seat}").format(seat=seat + 1)
        limit = _("{n} s left, then the {bot} bot decides").format(n=n, bot=bot)
        head, tail = self._activity(seat) or (_("Waiting for {name}").format(name=name), None)
        if tail:
            return _("{waiting}: {then} ({limit}).").format(waiting=head, then=tail, limit=limit)
        return _("{waiting}: {limit}.").format(waiting=head, limit=limit)

    def awaiting(self) -> str | None:
        """What the table waits for when it waits for another person who is not simply at the
        table (as the table says what each is doing): "Bruno is still reading the
        scoring sheet: the next hand starts when Bruno goes on.", "Time ran out for Bruno: the
        medium bot is deciding.", "Bruno is thinking…" for a bot; None otherwise (the table says
        "Waiting for Bruno.")."""
        seat = self.turn
        if seat < 0 or seat == self.seat or len(self.statuses) != 4:
            return None
        status = self.statuses[seat]
        if status.doing == p.STAND_IN_DECIDING and not status.stand_in:
            return _("Time ran out for {name}: the {bot} bot is deciding.").format(
                name=status.name, bot=bot_level(self.stand_in)
            )
        if status.player == p.BOT and status.connected:  # a bot of the host, or a bot client
            # (as at a table of one's own)
            return _("{name} is thinking{ellipsis}").format(
                name=status.name, ellipsis=self.look.ellipsis
            )
        activity = self._activity(seat)
        if activity is None:
            return None
        head, tail = activity
        if tail:
            return _("{waiting}: {then}.").format(waiting=head, then=tail)
        return _("{waiting}.").format(waiting=head)

    def _activity(self, seat: int) -> tuple[str, str | None] | None:
        """("Bruno is still reading the scoring sheet", and, when everybody else has gone on
        to the table, "the next hand starts when Bruno goes on") for a connected person away from
        the table itself; None when at the table, not connected, or not told."""
        status = self.statuses[seat]
        words = DOING_WORDS.get(status.doing or "")
        if words is None or not status.connected:
            return None
        head, tail = _(words).format(name=status.name), None
        others = [
            s
            for i, s in enumerate(self.statuses)
            if i != seat and s.remote and s.player == p.PERSON and s.connected
        ]
        if status.doing in p.BETWEEN_HANDS and not any(s.doing in p.BETWEEN_HANDS for s in others):
            view = self.state.view if self.state is not None else None
            started = view is not None and any(m.action.kind == PLAY for m in view.history)
            if started:
                tail = _("play goes on when {name} goes on").format(name=status.name)
            else:
                tail = _("the next hand starts when {name} goes on").format(name=status.name)
        return head, tail

    def tell_doing(self, what: str) -> None:
        """Tell the table what this person is doing now (``net.protocol.DOINGS``), when it
        changed."""
        if not self.joined or what == self._doing_said:
            return
        if self.client.send(p.doing(what)):
            self._doing_said = what

    def _away_countdown(self, left: tuple[int, float] | None) -> str | None:
        """Another seat to act whose person is away: "Waiting for Bea (away): the medium bot
        plays for her in 42 s." (unless her turn limit runs out first)."""
        seat = self.turn
        at = self._stand_in_at.get(seat)
        if at is None or seat == self.seat or len(self.statuses) != 4:
            return None
        seconds = max(0.0, at - self.clock())
        if left is not None and left[0] == seat and left[1] < seconds:
            return None  # the turn limit's countdown says it
        return _("Waiting for {name} (away): the {bot} bot plays for them in {n} s.").format(
            name=self.statuses[seat].name, bot=bot_level(self.stand_in), n=math.ceil(seconds)
        )

    def pop_notices(self) -> list[str]:
        out, self._notices = self._notices, []
        return out

    def pop_refusal(self) -> p.Refused | None:
        refusal, self.refusal = self.refusal, None
        return refusal

    # ----------------------------------------------------------------- the review
    def review_source(self) -> ReviewSource | None:
        """The match's finished hands to review (every card shown: they are over), with this
        seat's cards judged; None before a hand is over, or when a record is missing or does
        not replay to the hand's result."""
        hands = []
        for number, result in enumerate(self._results):
            hand = self._hands.get(number)
            if hand is None:
                record = self._records.get(number)
                hand = (
                    None
                    if record is None
                    else replay_record(record, result, self.target, signals=self.signals)
                )
                if hand is None:
                    return None
                self._hands[number] = hand
            hands.append(hand)
        if not hands:
            return None
        rows = hand_rows(self._results, [h.declarations for h in hands])
        return ReviewSource(
            tuple(hands),
            rows,
            self.seats,
            frozenset(self.humans),
            target=self.target,
            stand_in_cards=tuple(self._stand_in_cards(n, h) for n, h in enumerate(hands)),
        )

    def _stand_in_cards(self, number: int, hand: Hand) -> dict[int, StandIn]:
        """The cards of hand ``number`` a stand-in played for a person (away, gone or out of
        time), by the card's number in the hand, and -1 for the dealer's discard: as the hand's
        record says."""
        return stand_in_cards(hand, self._records[number].stand_ins)

    # ----------------------------------------------------------------- the TableSession
    @property
    def joined(self) -> bool:
        return self.state is not None and self.seat is not None

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Each seat's name, and human or the bot playing it (a bot of the host, or a bot client;
        a stand-in for an absent person is told by :attr:`presence`)."""
        return tuple(
            Seat(s.level if s.player == p.BOT and s.level else HUMAN, s.name) for s in self.statuses
        )

    @property
    def presence(self) -> dict[int, tuple[str, ...]]:
        """Who is at each seat taken over the network (``text.presenter.Scene.presence``)."""
        out: dict[int, tuple[str, ...]] = {}
        for seat, s in enumerate(self.statuses):
            if seat == self.seat or not s.remote:
                continue
            if s.player == p.OPEN:
                out[seat] = (OPEN_SEAT,)
            elif s.connected:
                doing = DOING_TAGS.get(s.doing or "")
                out[seat] = (CONNECTED,) if doing is None else (_(doing),)
            else:
                out[seat] = (AWAY, bot_tag(s.stand_in)) if s.stand_in else (AWAY,)
        return out

    @property
    def humans(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    @property
    def turn(self) -> int:
        """The seat to act; -1 before the match starts, after it ends, and while this seat's own
        action is on its way (nothing is asked twice)."""
        state = self.state
        if state is None or state.winner is not None or self.pending or not state.started:
            return -1
        return state.view.turn

    @property
    def phase(self) -> Phase:
        assert self.state is not None
        return Phase.MATCH_OVER if self.state.winner is not None else self.state.view.phase

    @property
    def ply(self) -> int:
        return 0 if self.state is None else self.state.ply

    @property
    def winner(self) -> int | None:
        return None if self.state is None else self.state.winner

    @property
    def results(self) -> Sequence[HandResult]:
        return tuple(self._results)

    def view(self, seat: int) -> PlayerView:
        """This seat's own view (no other exists here); nobody's turn while this seat's action
        is on its way or the match has not started."""
        state = self.state
        assert state is not None and seat == self.seat
        if self.turn != state.view.turn:
            return replace(state.view, turn=-1, legal=())
        return state.view

    def public_view(self, seat: int) -> PlayerView:
        return replace(
            self.view(self.seat if self.seat is not None else seat), hand=0, discard=None, legal=()
        )

    def last_view(self, seat: int | None, bottom: int) -> PlayerView | None:
        """The final table of the hand that just ended, as this seat saw it."""
        view = self._last_view
        if view is None or seat is not None:
            return view
        return replace(view, hand=0, discard=None, legal=())

    def call_out_needs(self, seat: int) -> int | None:
        """What the table's engine says this seat's side still has to declare to call out."""
        state = self.state
        return None if state is None or seat != self.seat else state.call_out_needs

    def bot_rng(self, seat: int) -> random.Random:
        """The generator the table seeded for this seat's decision (a hint may use it)."""
        return random.Random(None if self.state is None else self.state.seed)

    def undo_point(self, seat: int) -> int | None:
        return None  # what the others have seen is never taken back

    def undo(self, seat: int) -> bool:
        return False

    # ----------------------------------------------------------------- acting
    def apply(self, action: Action) -> HandResult | None:
        """Send this seat's action; the table's next state says what became of it (a hand it
        ends is told through the listener, as every hand is)."""
        if self.seat is None or self.turn != self.seat:
            return None
        if self.client.send(p.act(self.seat, self.ply, action)):
            self.pending, self._pending_ply = True, self.ply
        else:
            self._notices.append(_("Not connected to the table: the move was not sent."))
            if self.on_change is not None:
                self.on_change()
        return None


def replay_record(
    record: p.HandRecord, result: HandResult, target: int, *, signals: bool = False
) -> Hand | None:
    """The finished hand of ``record`` replayed by this game's engine from its deal (with the
    table's option of signals); None when it is not a hand that ends with ``result`` (the
    table's word for it)."""
    try:
        hand = Hand(
            record.dealer, list(record.dealt), result.scores_before, target, signals=signals
        )
        for action in record.actions:
            hand.apply(action)
    except (ValueError, IllegalActionError):
        return None
    return hand if hand.phase == Phase.OVER and hand.result == result else None
