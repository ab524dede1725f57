"""The bots of a table screen: each move asked of the bot runner, and played in the screen's
own turn, or once the screen is on top again when it came while another screen was up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.phase import Phase
from table.runner import BotMove
from tui.messages import BotMoved

if TYPE_CHECKING:
    from tui.screens.table import TableScreen


class BotSeats:
    """Mixed into :class:`~tui.screens.table.TableScreen`: its ``runner`` thinks, the moves
    come back as :class:`BotMoved` messages."""

    def _start_bot(self: TableScreen, seat: int) -> None:
        delay = self.delay
        view = self.session.view(seat)
        if view.phase == Phase.PLAY and view.tricks and not view.trick:
            delay += self._setting("trick_pause", 1.0)  # let the finished trick be seen
        assert self.runner is not None
        self.runner.request(
            self.session.bots[seat], view, self.session.bot_rng(seat), self.session.ply, delay
        )

    def on_bot_moved(self: TableScreen, event: BotMoved) -> None:
        move = event.move
        if not self.is_attached or move.ply != self.session.ply or move.seat != self.session.turn:
            return  # stale: the match moved on (undo, a new match)
        if not self.is_active:
            self._held = move  # played once the screen on top (help, settings) is gone
            return
        self._play_bot_move(move)

    def _play_bot_move(self: TableScreen, move: BotMove) -> None:
        if move.error:
            self.notify(
                f"A bot failed ({move.error}); it plays {move.action} instead.", severity="warning"
            )
        self.thinking = None
        self.perform(move.action)

    def _play_held(self: TableScreen) -> bool:
        """Play the move that came while another screen was on top, if it is still the one
        awaited; False when there was none to play."""
        held, self._held = self._held, None
        if held is None or held.ply != self.session.ply or held.seat != self.session.turn:
            return False
        self._play_bot_move(held)
        return True
