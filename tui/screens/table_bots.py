"""The bots of a table screen: each move asked of the bot runner and played in the screen's own
turn (or once the screen is on top again, when it came while another screen was up); when
watching, their pace and the pause."""

from __future__ import annotations

from typing import Protocol

from textual.message import Message
from textual.notifications import SeverityLevel

from game.actions import Action
from game.phase import Phase
from game.view import PlayerView
from store.settings import WATCH_PACES
from table.runner import BotMove, BotRunner
from table.session import TableSession
from text.language import _
from tui.messages import BotMoved


def next_pace(delay: float, step: int) -> float:
    """The watching pace ``step`` paces slower (negative: faster) than ``delay``, within the
    paces offered (and the one set in the settings)."""
    paces = sorted({*WATCH_PACES, delay})
    i = paces.index(delay)
    return paces[max(0, min(len(paces) - 1, i + step))]


class BotsTable(Protocol):
    """The table screen as its bots see it."""

    @property
    def session(self) -> TableSession: ...
    @property
    def final(self) -> PlayerView | None: ...
    @property
    def delay(self) -> float: ...
    @property
    def is_attached(self) -> bool: ...
    @property
    def is_active(self) -> bool: ...

    thinking: int | None
    paused: bool
    pace: float | None

    def setting(self, name: str, default: float) -> float: ...
    def perform(self, action: Action) -> None: ...
    def advance(self) -> None: ...
    def redraw(self) -> None: ...
    def post_message(self, message: Message) -> bool: ...
    def notify(self, message: str, *, severity: SeverityLevel = ...) -> None: ...


class BotTurns:
    """The bots' turns: the ``runner`` thinks, the moves come back as :class:`BotMoved`
    messages (see :meth:`moved`)."""

    def __init__(self, table: BotsTable) -> None:
        self.table = table
        self.runner: BotRunner | None = None  # once the screen is mounted
        self.held: BotMove | None = None  # a move that came while another screen was up

    def start(self) -> None:
        """The runner, its moves coming back as messages handled in the screen's own turn."""
        table = self.table

        def hand_back(move: BotMove) -> None:
            table.post_message(BotMoved(move))

        self.runner = BotRunner(hand_back)

    def think(self, seat: int) -> None:
        """Ask the runner for the move of the bot at ``seat``, in the time a move takes."""
        table, session = self.table, self.table.session
        delay = table.delay
        view = session.view(seat)
        if view.phase == Phase.PLAY and view.tricks and not view.trick:
            delay += table.setting("trick_pause", 1.0)  # let the finished trick be seen
        assert self.runner is not None
        self.runner.request(session.bots[seat], view, session.bot_rng(seat), session.ply, delay)

    def moved(self, move: BotMove) -> None:
        """The runner's ``move``: played now, or held while another screen is on top."""
        table, session = self.table, self.table.session
        if not table.is_attached or move.ply != session.ply or move.seat != session.turn:
            return  # stale: the match moved on (undo, a new match)
        if not table.is_active:
            self.held = move  # played once the screen on top (help, settings) is gone
            return
        self._play(move)

    def play_held(self) -> bool:
        """Play the move that came while another screen was on top, if it is still the one
        awaited; False when there was none to play."""
        held, self.held = self.held, None
        session = self.table.session
        if held is None or held.ply != session.ply or held.seat != session.turn:
            return False
        self._play(held)
        return True

    def _play(self, move: BotMove) -> None:
        if move.error:
            self.table.notify(
                _("A bot failed ({error}); it plays {action} instead.").format(
                    error=move.error, action=move.action
                ),
                severity="warning",
            )
        self.table.thinking = None
        self.table.perform(move.action)

    def cancel(self) -> None:
        """No move is awaited any more: the one being thought and the one held are dropped."""
        if self.runner is not None:
            self.runner.cancel()
        self.held = None

    def pause(self) -> None:
        """Watching: the bots wait (the move being thought is asked again on going on), or go
        on."""
        table = self.table
        table.paused = not table.paused
        if table.paused:
            if self.runner is not None:
                self.runner.cancel()
            table.thinking = None
            table.redraw()
        elif table.final is None:
            table.advance()

    def step_pace(self, step: int) -> None:
        """Watching: each move ``step`` paces slower (negative: faster)."""
        self.table.pace = next_pace(self.table.delay, step)
        self.table.redraw()
