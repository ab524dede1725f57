"""Playing together from the game's own screens: joining a table (the remote session feeding the
same table screen as local play) and hosting one from the start screen (a table server in this
game's process, which this player then joins like everybody else)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import ssl
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.timer import Timer

from net import protocol as p
from net.addresses import for_others, this_machine_only
from net.claims import ClaimStore
from net.client import (
    ANSWER_WAIT_S,
    JOINED,
    OTHER,
    RETRYING,
    Address,
    JoinRequest,
    TableClient,
    TokenStore,
    browser_of,
)
from net.config import HostRequest, TableConfig
from net.exposure import risks
from net.remote import RemoteSession
from net.server import (
    TableServer,
    give_way,
    listen_problem,
    seeded_warning,
    table_directory,
)
from net.spoken import UNREACHABLE
from net.tls import CertificateError, Secure, certificate_der, server_context, shown
from store.lastmatch import LastMatch, LastMatchNote
from store.lock import DataLock, DirectoryBusy
from store.save import SaveStore
from store.stats import record_finished_match
from table.session import Seat, Session
from text.language import N_, _
from text.problems import error_words
from text.render import look_of
from text.words import bot_level, capitalized
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.help import HelpScreen
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.settings import SettingsScreen
from tui.screens.table import TableScreen
from tui.screens.too_small import TooSmallScreen

if TYPE_CHECKING:  # (the app imports this module)
    from tui.app import TarocchinoApp

RETRY_TOLD_S = 10.0  # "trying again" notices at most this often while a table is out of reach
# how a table is hosted over TLS
HOW_TLS = N_("a certificate in the Certificate field")
TICK_S = 0.5  # how often the turn limit's countdown is looked at
TOLD_LEFT_S = (30, 10)  # a notification when this many seconds are left (the countdown is
# in the status line; the notification is seen over the sheet, a review, a dialog)


class NetworkPlay:
    """The app's connection to a table (at most one at a time) and the table it hosts, if any."""

    def __init__(self, app: TarocchinoApp, directory: Path) -> None:
        self.app = app
        self.directory = directory
        self.browser = browser_of(os.environ)  # a browser tab keeps its seats to its browser
        self.session: RemoteSession | None = None
        self.table: TableScreen | None = None  # the table screen of ``session``, once seated
        self.server: TableServer | None = None
        self._lock: DataLock | None = None
        self._task: asyncio.Task[Any] | None = None
        self._retry_told: float | None = None  # when the last "trying again" was shown
        self._ticker: Timer | None = None  # the turn limit's countdown
        self._countdown: Text | None = None  # the countdown the status line shows now
        self._under: Text | None = None  # the notice the countdown was put before
        self._told: tuple[int, int] | None = None  # (ply, seconds) of the last notification
        self._ran_out: Text | None = None  # "time ran out: ..." as the status line says it
        self._ran_out_ply = -1  # ... said at this move (the next move of the table ends it)
        self._unreachable: Text | None = None  # "cannot reach the table ..." in the status line
        self.last: JoinRequest | None = None  # the table joined last (the join dialog offers it)
        self.left: JoinRequest | None = None  # the table left mid-match (its seat kept)
        self.left_seat: int | None = None  # ... the seat kept there
        self.left_to = ""  # ... the bot that plays it meanwhile ("medium")
        self._hosted: Address | None = None  # the address of the table hosted here, joined
        self._joining: Any = None  # the joining dialog (JoiningScreen), while up

    # ----------------------------------------------------------------- joining
    def join(self, request: JoinRequest) -> None:
        """Connect; the table screen opens once the table has given this player a seat. A
        table still being tried (never reached, or not yet answering) is given up for this
        one."""
        if self._task is not None and not self._task.done():
            old = self.session
            if old is not None and old.joined:
                self.app.notify(_("Leave the table you are at first."), severity="warning")
                return
            self._task.cancel()
            if old is not None:
                asyncio.ensure_future(old.client.close())
                self.app.notify(_stopped_trying(old), timeout=4)
        self.last = request
        tokens = TokenStore(self.directory, self.browser)

        def client(receive: Any) -> TableClient:
            return TableClient(
                request.address,
                request.name,
                receive,
                seat=request.seat,
                password=request.password,
                tokens=tokens,
                on_status=self._status,
                retry_for_s=request.retry_for_s,
                secure=request.secure,
            )

        session = self.session = RemoteSession(client)
        session.look = look_of(getattr(self.app, "settings", None))
        self.table = None
        session.on_change = lambda: self._changed(session)
        if self._ticker is None:
            self._ticker = self.app.set_interval(TICK_S, self._tick)
        self._task = asyncio.ensure_future(self._run(session, request))
        self._show_joining(session, request)

    def _show_joining(self, session: RemoteSession, request: JoinRequest) -> None:
        """The joining dialog, until the table gives a seat or refuses; Esc or its Cancel
        gives up at once, back to the screen under it."""
        from tui.screens.network import JoiningScreen

        self._close_joining()
        dialog = self._joining = JoiningScreen(request)

        def closed(_result: object) -> None:
            if self._joining is dialog:  # closed by the person, not by the game
                self._joining = None
                self._give_up(session)

        self.app.push_screen(dialog, closed)

    def _close_joining(self) -> None:
        """Take the joining dialog away (the table answered), with what was opened over it."""
        dialog, self._joining = self._joining, None
        if dialog is None or dialog not in self.app.screen_stack:
            return
        while self.app.screen is not dialog:
            self.app.pop_screen()  # (the help, opened from it)
        dialog.dismiss(None)

    def _give_up(self, session: RemoteSession) -> None:
        """Stop trying a table not joined yet."""
        if self.session is not session or session.joined:
            return
        if self._task is not None:
            self._task.cancel()
        self.session = None
        asyncio.ensure_future(session.client.close())
        self.app.notify(_stopped_trying(session), timeout=4)

    def remembered(self) -> tuple[str, str] | None:
        """The address and name of the table joined last (from this data directory), for the
        join dialog to offer again."""
        if self.last is not None:
            return str(self.last.address), self.last.name
        return TokenStore(self.directory, self.browser).latest()

    async def _run(self, session: RemoteSession, request: JoinRequest) -> None:
        refused = await session.client.run()
        if self.session is not session:
            return
        if not session.joined:
            self._close_joining()  # (the join dialog says why, below)
        if refused is None:
            return
        left = self.left
        if refused.code != UNREACHABLE and left is not None and left.address == request.address:
            self.left = None  # that table keeps no seat for this player now (a new match ...)
        if session.joined:
            self.app.notify(
                _("The table refused: {why}").format(why=refused.message),
                severity="error",
                timeout=10,
            )
            return
        self.session = None  # never seated: the join dialog again, saying why
        from tui.screens.network import JoinScreen

        self.app.push_screen(
            JoinScreen(
                str(request.address),
                request.name,
                seat=request.seat,
                error=_("The table at {address} refused: {why}.").format(
                    address=request.address, why=refused.message
                )
                if refused.code != UNREACHABLE
                else _("{why}.").format(why=capitalized(refused.message)),
                password=refused.code == p.PASSWORD,
                secure=request.secure,
            ),
            self._join_again,
        )

    def _join_again(self, request: JoinRequest | None) -> None:
        """The join dialog's answer after a refusal: that table again (the dialog shows how it
        was checked, ``wss://`` or its fingerprint, as it was), or nothing (cancelled)."""
        if request is not None:
            self.app.join_table(request)

    def _changed(self, session: RemoteSession) -> None:
        """The table said something besides a move: seats coming and going, a refusal, the
        first state (the table screen opens: the same screen as local play)."""
        if self.session is not session:
            return
        self._ran_out_over(session)
        for notice in session.pop_notices():
            self.app.notify(notice, timeout=6)
        played_for_me, session.played_for_me = session.played_for_me, None
        if played_for_me is not None and self.table is not None and self.table.is_mounted:
            self._time_ran_out(self.table, played_for_me)
        refusal = session.pop_refusal()
        if refusal is not None and refusal is not session.client.refusal:  # (that one: _run)
            said = refusal.message
            self.app.notify(said, severity="warning" if session.joined else "error")
        if not session.joined:
            return
        if self.table is None:
            self._close_joining()
            if self.left is not None and self.left.address == session.client.address:
                self.left = None  # back at the table left
            self.table = TableScreen(session, network=True)
            self.app.push_screen(self.table, self._table_closed)
        elif self.table.is_mounted:
            self.table.redraw()  # who is there

    def _time_ran_out(self, table: TableScreen, words: str) -> None:
        """The stand-in decided for this seat: its question (the declaration, the discard) is
        closed, the cards marked for a discard let go, and the table says what was done."""
        self._countdown = None
        top = self.app.screen
        asking = isinstance(top, DeclareScreen) or (
            isinstance(top, ConfirmScreen) and len(table.marked) == 2
        )  # the discard's question
        table.marked = []
        if asking:
            top.dismiss(None)
        said = Text(words, style="bold")
        if self.session is not None and self.session.turn == self.session.seat:
            # the declarations made for this seat: the card is still to be played, and the
            # status line says which (the log and the notification say what was declared)
            prompt = table.prompt(lead_in=False)
            said = Text.assemble(said, " ", prompt)
            if not table.status_fits(said):
                said = prompt
        self._ran_out, self._ran_out_ply = said, self.session.ply if self.session else -1
        table.say(self._ran_out)

    def _ran_out_over(self, session: RemoteSession) -> None:
        """What the stand-in did for this seat is said until the table's next move: then the
        status line says whose turn it is again (not "Time ran out" while others play on, nor
        when this seat's next turn comes)."""
        table = self.table
        if self._ran_out is None or session.ply == self._ran_out_ply:
            return
        if table is not None and table.notice is self._ran_out:
            table.notice = None  # (the table is redrawn with the move that ended it)
        self._ran_out = None

    def _tick(self) -> None:
        """What this person is doing, told to the table when it changed; and the turn limit's
        countdown, in the last part of the limit: on this seat's turn in the status line of the
        table (before what it says, so the rule of the trick stays in view) and a notification
        at a few moments; on another seat's, who is waited for and how long (counted down here
        from the time the table sent with its state: no message a second)."""
        session, table = self.session, self.table
        if session is None or table is None or not table.is_mounted:
            return
        session.tell_doing(screen_doing(self.app.screen_stack, table))
        # no countdown while the table cannot be reached: nothing runs out that this window
        # could know of (the status line says the table is out of reach)
        words = None if self._unreachable is not None else session.countdown()
        if words is None:
            if self._countdown is not None and table.notice is self._countdown:
                table.notice = self._under  # the turn is over: back to what was said before
                table.redraw()
            self._countdown = self._under = None
            return
        left = session.seconds_left()
        told = min((t for t in TOLD_LEFT_S if left is not None and left <= t), default=None)
        if told is not None and self._told != (session.ply, told):
            self._told = (session.ply, told)
            self.app.notify(words, severity="warning", timeout=5)
        if table.notice is not self._countdown or self._countdown is None:
            # a reason or a hint said meanwhile stays after it; what ran out before does not
            self._under = None if table.notice is self._ran_out else table.notice
        # A reason or a hint said meanwhile stays after the countdown if both fit in the status
        # line; else the countdown goes before the bare prompt (the hint was seen when given,
        # and comes back when the countdown ends).
        if left is None:  # another seat's turn: the countdown says all the status line would
            head, bare = Text(words, style="bold"), Text()
        else:
            # (what was said before the prompt, "Nothing to declare.", is old news by now: the
            # countdown takes its place)
            head, bare = Text(words, style="bold reverse"), table.prompt(lead_in=False)
        self._countdown = Text.assemble(head, " ", self._under or bare)
        if self._under and not table.status_fits(self._countdown):
            self._countdown = Text.assemble(head, " ", bare)
        self._countdown.rstrip()
        table.say(self._countdown)

    def _status(self, text: str) -> None:
        session = self.session
        if self._joining is not None and (session is None or not session.joined):
            self._joining.status(capitalized(text))  # the joining dialog says it, not a notice
            return
        told = getattr(session.client, "told", OTHER) if session is not None else OTHER
        if told == JOINED:
            self._retry_told = None
            self._out_of_reach(None)
            if session is not None and session.joined:
                return  # back at the seat: the session's notice says so
        elif told == RETRYING:
            self._out_of_reach(capitalized(text))
            now = time.monotonic()
            if self._retry_told is not None and now - self._retry_told < RETRY_TOLD_S:
                return  # one word every few seconds while the table is out of reach
            self._retry_told = now
        self.app.notify(capitalized(text), timeout=5)

    def _out_of_reach(self, words: str | None) -> None:
        """While the table cannot be reached, the status line says so (not "Waiting for Bea.",
        as if the table were there); ``words`` None: reached again, the prompt comes back."""
        table = self.table
        if table is None or not table.is_mounted:
            return
        if words is not None:
            self._unreachable = Text(words, style="bold")
            table.say(self._unreachable)
        elif self._unreachable is not None:
            if self._under is self._unreachable:
                self._under = None
            if table.notice is self._unreachable:
                table.notice = None
                table.redraw()
            self._unreachable = None

    def _table_closed(self, _result: object) -> None:
        self.leave()  # (the connection closes meanwhile: nothing waits for it)

    def leave(self) -> asyncio.Future[None] | None:
        """Leave the table (a bot plays the seat until this player comes back); the closing of
        the connection, under way (None when there is none)."""
        session, self.session, self.table = self.session, None, None
        if session is not None and session.joined and session.winner is not None:
            self._note_match(session)
        if session is not None and session.joined and session.winner is None:
            self.left = self.last  # the seat is kept: `join` and the start screen say how to
            self.left_seat, self.left_to = session.seat, session.stand_in  # come back
            if self.left is not None:
                self.app.notify(
                    _(
                        "You left the table at {address}: the {bot} bot plays your seat until "
                        "you come back (Join a table, as {name})."
                    ).format(
                        address=self.left.address,
                        bot=bot_level(session.stand_in),
                        name=self.left.name,
                    ),
                    timeout=10,
                )
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        self._countdown = self._under = None
        if session is not None and session.joined:
            self._tell_start_screen()
        if session is None:
            return None
        return asyncio.ensure_future(session.client.close(leave=session.winner is None))

    def _tell_start_screen(self) -> None:
        """The start screen under the table says what was just noted (the table left, the
        match's end), even when it came back into view before the table's leaving was done."""
        start = next((s for s in self.app.screen_stack if hasattr(s, "refresh_resume")), None)
        if start is None:
            return
        refresh = start.refresh_resume

        def told() -> None:
            if start.is_mounted:
                with contextlib.suppress(NoMatches):  # (the game is closing meanwhile)
                    refresh()

        self.app.call_after_refresh(told)

    def _note_match(self, session: RemoteSession) -> None:
        """The match this player saw to its end at a table: noted for the start screen, as a
        match of this screen is (``store.lastmatch``). A table hosted here notes its own, with
        its identity in this directory's statistics (its review); another person's table keeps
        the record in its host's statistics, so the note says where it was played."""
        server = self.server
        if server is not None and session.client.address == self._hosted:
            return  # (noted by match_over, in host)
        results, winner = session.results, session.winner
        names = tuple(s.name for s in session.statuses)
        if not results or winner is None or len(names) != 4:
            return
        LastMatchNote(self.directory).put(
            LastMatch.joined(
                names,
                results[-1].scores_after,
                winner,
                session.target,
                len(results),
                str(session.client.address),
            )
        )

    # ----------------------------------------------------------------- hosting
    async def host(
        self,
        seats: tuple[Seat, ...],
        seed: int | None,
        target: int,
        request: HostRequest,
        signals: bool = False,
    ) -> None:
        """Host a new table with these seats (``signals``: partners' signals allowed) and join
        it at the first Human seat."""
        directory = table_directory(self.directory)
        lock = DataLock(directory, private=True)
        try:
            lock.acquire()
        except (DirectoryBusy, OSError) as exc:
            self.app.notify(
                _("Cannot host here: {why}").format(why=error_words(exc)),
                severity="error",
                timeout=10,
            )
            return
        try:
            tls, secure = _served_over(request)
        except CertificateError as exc:
            lock.release(tidy=True)
            self.app.notify(_("Cannot host: {why}.").format(why=exc), severity="error", timeout=10)
            return
        store, claims = SaveStore(directory), ClaimStore(directory)
        mine = next(i for i, s in enumerate(seats) if s.human)

        def match_over(done: Session) -> None:
            finished = server.finished_match()
            # what the start screen says next time, its review found in the statistics
            LastMatchNote(self.directory).write(finished, done.match)
            asyncio.ensure_future(
                asyncio.to_thread(record_finished_match, self.directory, finished)
            )

        config = TableConfig(password=request.password, turn_limit_s=request.turn_limit_s)
        server = TableServer(
            Session.new(seats, seed=seed, target=target, signals=signals),
            config,
            store=store,
            claims=claims,
            on_match_over=match_over,
        )
        try:
            port = await server.start(request.bind, request.port, tls)
        except OSError as exc:
            lock.release(tidy=True)  # a table that cannot start leaves nothing behind
            self.app.notify(
                _("Cannot host: {why}.").format(
                    why=listen_problem(exc, request.bind, request.port)
                ),
                severity="error",
                timeout=10,
            )
            return
        # Listening: only now does a table saved before give way (before anything else runs,
        # so no move of the new one is saved yet).
        kept = give_way(store, claims)
        if kept:
            self.app.notify(_("A saved table: {kept}").format(kept=kept), timeout=8)
        await self.stop_hosting()
        self.server, self._lock = server, lock
        self._hosted = Address("127.0.0.1", port)  # (where this player joins it)
        mine_only = this_machine_only(request.bind)
        # the exact command: nothing to fill in; else this machine's address on the network,
        # when it is found
        host = "127.0.0.1" if mine_only else next(iter(for_others(request.bind)), "HOST")
        pinned = None if secure is None or secure.pinned is None else shown(secure.pinned)
        said = _hosting(mine_only, pinned).format(port=port, host=host, pinned=pinned)
        self.app.notify(said, timeout=15)
        warned = risks(tls=tls is not None, password=request.password is not None, how=_(HOW_TLS))
        if warned and not mine_only:
            self.app.notify(
                " ".join(_("{why}.").format(why=capitalized(line)) for line in warned),
                severity="warning",
                timeout=15,
            )
        if seed is not None:
            self.app.notify(seeded_warning(seed), severity="warning", timeout=15)
        self.join(
            JoinRequest(
                Address("127.0.0.1", port),
                seats[mine].name,
                mine,
                request.password,
                secure=secure,
            )
        )

    async def stop_hosting(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            await server.close()
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()

    async def close(self) -> None:
        """The game ends: leave the table (told to it before the connection goes, so a bot
        takes the seat at once rather than after the away timeout) and stop hosting."""
        leaving = self.leave()
        if leaving is not None:
            with contextlib.suppress(TimeoutError, Exception):
                await asyncio.wait_for(leaving, ANSWER_WAIT_S + 1)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self.stop_hosting()


def _served_over(request: HostRequest) -> tuple[ssl.SSLContext | None, Secure | None]:
    """The TLS context a table is served with, as asked (None: without TLS), and how this
    player checks it when joining it (its certificate's fingerprint); CertificateError."""
    if request.cert is None:
        return None, None
    context = server_context(request.cert, request.key or request.cert)
    return context, Secure(hashlib.sha256(certificate_der(request.cert)).digest())


def _hosting(mine_only: bool, pinned: str | None) -> str:
    """How others join a table hosted here (to be filled in with port, host, pinned)."""
    if pinned is None and mine_only:
        return _(
            "Hosting on port {port} (this machine): others join with `tarocchino join "
            "{host}:{port} --name NAME` (or Join a table, address {host}:{port})."
        )
    if pinned is None:
        return _(
            "Hosting on port {port} (your network): others join with `tarocchino join "
            "{host}:{port} --name NAME` (or Join a table, address {host}:{port})."
        )
    if mine_only:
        return _(
            "Hosting on port {port} (this machine) over TLS: others join with `tarocchino join "
            "{host}:{port} --fingerprint {pinned} --name NAME` (or Join a table, address "
            "{host}:{port}, fingerprint {pinned})."
        )
    return _(
        "Hosting on port {port} (your network) over TLS: others join with `tarocchino join "
        "{host}:{port} --fingerprint {pinned} --name NAME` (or Join a table, address "
        "{host}:{port}, fingerprint {pinned})."
    )


def _stopped_trying(session: RemoteSession) -> str:
    return _("Stopped trying the table at {address}.").format(address=session.client.address)


def screen_doing(stack: list[Screen], table: TableScreen) -> str:
    """What the person at this screen is doing (one of ``net.protocol.DOINGS``), from the
    screens over the table: the declarations dialog, the settings, the help, the scoring sheet
    and what was opened from it (a review, the help), the sheet of the match's last hand."""
    above = stack[stack.index(table) + 1 :] if table in stack else []
    above = [s for s in above if not isinstance(s, TooSmallScreen)]  # (a pause, not a place)
    sheet = next((s for s in above if isinstance(s, ScoringScreen)), None)
    top = above[-1] if above else None
    if isinstance(top, ReviewScreen):
        return p.REVIEW
    if isinstance(top, HelpScreen):
        return p.HELP if sheet is None else p.SHEET_HELP
    if sheet is not None:
        return p.SHEET if sheet.summary.winner is None else p.MATCH_OVER
    if isinstance(top, DeclareScreen):
        return p.DECLARING
    if isinstance(top, SettingsScreen):
        return p.SETTINGS
    return p.TABLE
