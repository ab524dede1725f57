"""The table server (``tarocchino host``): the one engine of a match played over the network.

It holds the :class:`~table.session.Session` (the :class:`~game.match.Match` and its seats), sends
each connection only its own seat's view and the public state of the table, and judges every
action with the engine. Seats are of two kinds: the host's own bots (played here), and remote
seats that a connection takes (a person's table, or a bot client). A remote seat whose connection
is gone longer than ``away_timeout_s`` is played by a stand-in bot until its player comes back
with the seat's token; a remote seat that takes longer than ``turn_limit_s`` over one decision
(connected or not) has that decision made by the stand-in. Hostile or broken clients get an
error and, when they insist, are disconnected; the table never changes because of them.

Its parts, each with a job: the door (:mod:`net.doorway`: the WebSocket transport and its
limits), the seats (:mod:`net.seating`: who holds which seat), the referee (:mod:`net.referee`:
driving the match), the finished hands (:mod:`net.hands`: their records) and the autosave
(:mod:`net.autosave`). The server joins them up and tells every seat what changed.

Headless: no Textual here. Autosaves like local play (:class:`~store.save.SaveStore`), the seats'
claims beside it (:class:`~net.claims.ClaimStore`), so a restarted host resumes the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ssl
import time
from collections.abc import Callable
from pathlib import Path

from ai.driver import decision_seed
from ai.spec import label_of, parse_spec
from game.actions import Action
from game.hand import HandResult
from game.record import AWAY, LEFT, MAX_BOT_NAME, OUT_OF_TIME, StandIn
from net import protocol as p
from net.autosave import Saver
from net.claims import Claim, ClaimStore
from net.config import TableConfig
from net.connection import Bucket, Connection
from net.doorway import Doorway
from net.hands import FinishedHands
from net.referee import STAND_IN, TURN_LIMIT, Referee
from net.seating import Seats
from store.save import SaveStore
from store.stats import FinishedMatch
from table.session import HUMAN, Session
from text.language import N_, _
from text.saved import kept_words
from text.words import bot_level, side_name

CONNECTED = N_("connected")  # a person at the table, as the host's log says it


class TableServer:
    """One table: a session, its seats and connections. ``start`` serves it on a port;
    ``finished`` is set when the match is over and everybody has left (or ``close`` was called).
    """

    def __init__(
        self,
        session: Session,
        config: TableConfig | None = None,
        *,
        store: SaveStore | None = None,
        claims: ClaimStore | None = None,
        claimed: list[Claim | None] | None = None,
        on_match_over: Callable[[Session], None] | None = None,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.session = session
        self.config = config or TableConfig()
        parse_spec(self.config.stand_in)  # SpecError now rather than mid-match
        self.claims = claims
        self.on_match_over = on_match_over
        self.log = log or (lambda text: None)
        self.saver = Saver(store, self.log)
        self.seats = Seats(
            session,
            claimed,
            self.config.away_timeout_s,
            self._take_over,
            self.config.rejoin_grace_s,
        )
        self.hands = FinishedHands(session.match, self.log)
        if claims is not None and any(c is not None for c in claimed or ()):  # resumed
            self.hands.resume_stand_ins(session.match, claims.read_stand_ins())
        self.referee = Referee(
            session,
            self.config,
            self.seats,
            on_applied=self._applied,
            on_deciding=self._broadcast,
            log=self.log,
        )
        self.doorway = Doorway(self.config, self, self.log, self.saver)
        self.finished = asyncio.Event()
        self._lingering = ""  # who the finished table still waits for, as last logged
        self._later: set[asyncio.TimerHandle] = set()  # broadcasts to come
        self._doing: dict[int, Bucket] = {}  # each seat's changes of what it is doing
        self._doing_due: asyncio.TimerHandle | None = None  # the broadcast of those held back
        now = time.monotonic()
        for seat, s in enumerate(self.seats):  # a resumed table: everybody is away until back
            if s.claim is not None:
                self.seats.went_away(seat, now)

    # ----------------------------------------------------------------- serving
    async def start(
        self, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None
    ) -> int:
        """Listen on ``host:port`` (0: a free port), over TLS with ``tls``; the port listened
        on."""
        port = await self.doorway.start(host, port, tls)
        self.referee.drive()
        if any(s.claim is not None for s in self.seats):  # resumed: those not back by then
            self._broadcast_in(self.config.rejoin_grace_s)  # are shown away
        return port

    async def close(self, reason: str = p.STOPPED) -> None:
        """Tell everybody why (one of ``p.CLOSINGS``), close every connection and stop
        listening."""
        self.referee.halt()
        self.seats.stop_timers()
        for handle in self._later:
            handle.cancel()
        await self.doorway.stop(reason)
        self.referee.close()
        await asyncio.to_thread(self.saver.flush)
        self.finished.set()

    # ----------------------------------------------------------------- the door's messages
    def name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def seat_of(self, token: str) -> int | None:
        return self.seats.holder(token)

    def hello(self, conn: Connection, hello: p.Hello) -> None:
        """A connection takes a seat, or comes back to its own with its token."""
        seat = self.seats.seat_for(hello)
        s = self.seats[seat]
        if self.seats.held_by_newer(seat, conn):
            raise p.ProtocolError(p.REPLACED, "a newer connection holds the seat already")
        if hello.token is None:  # a newcomer (seat_for found the seat free)
            token = self.seats.take(seat, hello)
            self._save_claims()
            self.saver.save(self.session)
            assert s.claim is not None
            if s.claim.level:
                said = _("{name} took seat {seat} (bot: {bot})").format(
                    name=hello.name, seat=seat + 1, bot=s.claim.level
                )
            else:
                said = _("{name} took seat {seat}").format(name=hello.name, seat=seat + 1)
            self.log(said)
        else:
            token = hello.token
            assert s.claim is not None
            self.log(_("{name} is back at seat {seat}").format(name=s.claim.name, seat=seat + 1))
        if s.conn is not None:
            old = s.conn
            old.seat = None
            self.doorway.refuse(old, p.REPLACED)
        conn.seat = seat
        if not self.seats.shown_here(seat, time.monotonic()):
            s.doing = None  # (its client says it next)
        s.conn = conn
        if seat not in self._doing:  # (one a seat: coming back again and again gives no more)
            self._doing[seat] = Bucket(self.config.doing_rate, self.config.doing_burst)
        self._came_back(seat)
        table = p.TableInfo(
            self.session.match.rules.target,
            self.config.away_timeout_s,
            label_of(self.config.stand_in),
            tuple(self.hands.results),
            self.config.turn_limit_s,
            self.session.match.rules.signals,
        )
        conn.send(p.welcome(seat, token, table))
        for number in sorted(self.hands.by_number):
            record = self.hands.record(number)
            if record is not None:
                conn.send(record)
        self._broadcast()
        for message in self.hands.stood_in_so_far(self.session.match):
            conn.send(message)
        if self.referee.drive():
            self._broadcast()  # every seat sees the stand-in deciding

    def act(self, conn: Connection, act: p.Act) -> None:
        assert conn.seat is not None
        self.referee.act(conn.seat, act)

    def doing(self, conn: Connection, what: str) -> None:
        """The person says what they are doing at their screen: everybody is told, at the pace
        of a person (changes faster than that are told together, a moment later)."""
        assert conn.seat is not None
        s = self.seats[conn.seat]
        if s.doing == what:
            return
        s.doing = what
        if self.session.match.winner is not None:
            self._log_lingering()
        bucket = self._doing.get(conn.seat)
        if bucket is None or bucket.take():
            self._broadcast()
        elif self._doing_due is None or self._doing_due not in self._later:
            self._doing_due = self._broadcast_in(1 / max(self.config.doing_rate, 0.1))

    def leave(self, conn: Connection) -> None:
        """Leaving on purpose: the stand-in takes the seat at once."""
        seat = conn.seat
        if seat is None:
            return
        s = self.seats[seat]
        s.conn = s.doing = None
        s.left = True
        conn.seat = None
        conn.close(reason="goodbye")
        self.log(_("{name} left seat {seat} for now").format(name=self.name(seat), seat=seat + 1))
        self.seats.went_away(seat, time.monotonic())
        self._take_over(seat)

    def gone(self, conn: Connection) -> None:
        """A connection ended (closed, dropped, refused)."""
        seat = conn.seat
        conn.seat = None
        if seat is None or self.seats[seat].conn is not conn:
            self._check_finished()
            return
        self.seats[seat].conn = None
        if not self.referee.stopped:
            self.log(_("{name} left seat {seat}").format(name=self.name(seat), seat=seat + 1))
            self.seats.went_away(seat, time.monotonic())
            self._broadcast_in(self.config.rejoin_grace_s)  # (nobody is told of a moment away)
            if self.session.match.winner is not None:
                self._log_lingering()
        self._check_finished()

    # ----------------------------------------------------------------- away and back
    def _came_back(self, seat: int) -> None:
        """The seat's player is back: the stand-in hands the seat back at once."""
        if self.seats.came_back(seat):
            self.log(_("the stand-in hands seat {seat} back").format(seat=seat + 1))
        self.referee.hand_back(seat)

    def _take_over(self, seat: int) -> None:
        """The seat's person is away too long, or left: its stand-in plays it."""
        s = self.seats[seat]
        s.timer = None
        if s.conn is not None or s.stand_in or self.referee.stopped:
            return
        s.stand_in = True
        self.log(
            _("the {bot} bot plays seat {seat} ({name} is away)").format(
                bot=bot_level(label_of(self.config.stand_in)), seat=seat + 1, name=self.name(seat)
            )
        )
        self.referee.drive()
        self._broadcast()

    # ----------------------------------------------------------------- the match going on
    def _applied(self, result: HandResult | None, seat: int, by: str, action: Action) -> None:
        """After an action: save, tell everybody, go on."""
        if by in (STAND_IN, TURN_LIMIT):
            hand = self.session.last_hand if result is not None else self.session.match.hand
            assert hand is not None
            why = OUT_OF_TIME if by == TURN_LIMIT else LEFT if self.seats[seat].left else AWAY
            self.hands.mark(hand, StandIn(label_of(self.config.stand_in)[:MAX_BOT_NAME], why))
            self._save_claims()  # kept with the seats, for the review after a restart
        self.saver.save(self.session)
        if by == TURN_LIMIT:
            self._tell_timed_out(seat, action)
        elif by == STAND_IN:
            self._tell_stood_in(seat)
        if result is not None:
            self._hand_over(result)
        over = self.session.match.winner is not None
        if not over:
            self.referee.drive()  # first: the state says whether a stand-in is deciding now
        self._broadcast()
        if over:
            self._match_over()

    def _hand_over(self, result: HandResult) -> None:
        """A hand ended: each seat sees its end, then its record."""
        hand = self.session.last_hand
        assert hand is not None
        number = self.hands.finish(result, hand)
        names = [side_name(self.session.seats, side) for side in (0, 1)]
        after = result.scores_after
        self.log(
            _(
                "hand {n}: {side_a} {points_a}, {side_b} {points_b} · score {score_a} to {score_b}"
            ).format(
                n=number + 1,
                side_a=names[0],
                points_a=result.sides[0].total,
                side_b=names[1],
                points_b=result.sides[1].total,
                score_a=after[0],
                score_b=after[1],
            )
        )
        record = self.hands.record(number)
        for seat, conn in self.seats.connected():
            conn.send(p.hand_over(number, result, hand.view(seat, number)))
            if record is not None:
                conn.send(record)

    def _match_over(self) -> None:
        side = self.session.match.winner
        assert side is not None
        scores = self.session.match.scores
        self.log(
            _("the match is over: {side} win, {score_a} to {score_b}").format(
                side=side_name(self.session.seats, side), score_a=scores[0], score_b=scores[1]
            )
        )
        self.seats.stop_timers()
        if self.claims is not None:
            with contextlib.suppress(OSError):
                self.claims.clear()
        if self.on_match_over is not None:
            self.on_match_over(self.session)
        self._log_lingering()
        self._check_finished()

    def _check_finished(self) -> None:
        if self.session.match.winner is not None and not any(self.seats.connected()):
            self.finished.set()

    def _log_lingering(self) -> None:
        """Once the match is over: who the table still waits for before it closes."""
        words = {
            p.MATCH_OVER: N_("on the final sheet"),
            p.REVIEW: N_("reviewing a hand"),
            p.SHEET_HELP: N_("reading the help"),
        }
        still = [
            _("{name} ({doing})").format(
                name=self.name(seat), doing=_(words.get(self.seats[seat].doing or "", CONNECTED))
            )
            for seat, _conn in self.seats.connected()
        ]
        said = _("the table closes when everybody has left: still there {who}").format(
            who=", ".join(still)
        )
        if still and said != self._lingering:
            self.log(said)
            self._lingering = said

    # ----------------------------------------------------------------- telling the table
    def statuses(self) -> list[p.SeatStatus]:
        """The four seats as everybody sees them."""
        return self.seats.statuses(label_of(self.config.stand_in), self.referee.deciding_for())

    def finished_match(self) -> FinishedMatch:
        """The match as the statistics keep it (its end is the hook ``on_match_over``): who
        played each seat (a person, a bot of the host, a remote bot) and, in its record, the
        decisions a stand-in made for a person (for the review of the match later on)."""
        seats = []
        for seat, status in enumerate(self.statuses()):
            kind = (
                self.session.seats[seat].kind
                if not status.remote
                else (HUMAN if status.player == p.PERSON else label_of(status.level or "bot"))
            )
            seats.append((status.name, kind))
        return FinishedMatch.of(
            self.session.match, seats, source="network", stand_ins=self.hands.stand_ins
        )

    def _broadcast_in(self, delay: float) -> asyncio.TimerHandle | None:
        """Tell the table in ``delay`` seconds (0: now); the timer."""
        if delay <= 0:
            self._broadcast()
            return None

        def due() -> None:
            self._later.discard(handle)
            if not self.referee.stopped:
                self._broadcast()

        handle = asyncio.get_running_loop().call_later(delay + 0.01, due)
        self._later.add(handle)
        return handle

    def _broadcast(self) -> None:
        """Each connected seat gets its own state: its view, the seats, the seed of its decision
        when it is to act, the time left to the seat to act."""
        self.referee.keep_turn_limit()
        match = self.session.match
        ply = len(match.actions)
        seats = self.statuses()
        started = self.seats.started
        left = self.referee.turn_left()
        for seat, conn in self.seats.connected():
            view = match.view(seat)
            seed = None
            if view.legal and started and match.winner is None:
                seed = decision_seed(match.decision_seed, seat, ply)
            conn.send(
                p.state(
                    ply,
                    view,
                    seats,
                    started=started,
                    winner=match.winner,
                    seed=seed,
                    call_out_needs=self.session.call_out_needs(seat),
                    turn_left_s=left,
                )
            )

    def _tell_timed_out(self, seat: int, action: Action) -> None:
        """Everybody hears that the stand-in decided for ``seat``; the action itself only goes
        to the seat (a discard is nobody else's business)."""
        name, by = self.name(seat), label_of(self.config.stand_in)
        self.log(
            _("the {bot} bot decided {action} for {name} (seat {seat}): time ran out").format(
                bot=bot_level(by), action=action, name=name, seat=seat + 1
            )
        )
        ply = len(self.session.match.actions) - 1
        for other, conn in self.seats.connected():
            conn.send(p.timed_out(seat, ply, action if other == seat else None, by))

    def _tell_stood_in(self, seat: int) -> None:
        """Every seat hears that the stand-in decided for ``seat`` (its person away), to mark it
        in the log; the decision itself is in the next state."""
        ply, by = len(self.session.match.actions) - 1, label_of(self.config.stand_in)
        for _seat, conn in self.seats.connected():
            conn.send(p.stood_in(seat, ply, by))

    def _save_claims(self) -> None:
        if self.claims is None:
            return
        try:
            self.claims.write(self.seats.claims(), self.hands.stand_ins)
        except OSError as exc:
            self.log(_("could not save the seats: {why}").format(why=exc))


def give_way(store: SaveStore | None, claims: ClaimStore) -> str | None:
    """A new table listens: the table saved before (in ``store``; None: it stays) is kept as a
    backup and the seats of the last table are forgotten (done only now, so a table that cannot
    start changes nothing). What was kept, in a sentence, or None."""
    kept = store.keep_as_backup() if store is not None else None
    claims.clear()
    return kept_words(kept) if kept is not None else None


def seeded_warning(seed: int) -> str:
    """What the host is told of a table dealt from a seed: a seat's program finds a small seed
    from its own cards (trying seeds until one deals them), and with it every hand."""
    return _(
        "This table deals from seed {seed}: a player's program can work out every hand "
        "from it. Leave the seed out (random) for a table where each sees only their own "
        "cards."
    ).format(seed=seed)


def listen_problem(exc: OSError, host: str, port: int) -> str:
    """Why the table cannot listen on ``host:port``, in words a host can act on."""
    if exc.errno == errno.EADDRINUSE:
        return _(
            "port {port} is already in use on {host} (another table or program): choose "
            "another port"
        ).format(port=port, host=host)
    if exc.errno == errno.EADDRNOTAVAIL or _no_address_bound(exc):
        return _("{host} is not an address of this machine").format(host=host)
    if exc.errno == errno.EACCES:
        return _("port {port} is reserved on this machine: choose one above 1023").format(port=port)
    return _("cannot listen on {host} port {port}: {why}").format(
        host=host, port=port, why=exc.strerror or exc
    )


def _no_address_bound(exc: OSError) -> bool:
    """Python 3.13's asyncio skips an address it cannot assign (EADDRNOTAVAIL, taken for a
    family not enabled) and, when none is left, raises this error, without an errno."""
    return exc.errno is None and str(exc).startswith("could not bind on any address")


def table_directory(data: Path) -> Path:
    """Where a hosted table keeps its autosave and seats: apart from the local game's."""
    return Path(data) / "table"
