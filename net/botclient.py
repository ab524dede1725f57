"""A bot at a remote table (``tarocchino join HOST --bot LEVEL``): it takes a seat like a person
would, and whenever the table says it is to act, asks its bot for a move with the generator the
table seeded for that decision (so a seeded match plays exactly as ``tarocchino simulate`` plays
it with the same seed and players)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from ai.contain import ask
from ai.player import Player
from net import protocol as p
from net.client import Address, TableClient, TokenStore
from net.referee import bot_pause
from net.tls import Secure
from text.language import _


class RemoteBot:
    """Plays one seat with ``bot`` until the match is over (or the client is refused)."""

    def __init__(
        self,
        address: Address,
        name: str,
        bot: Player,
        level: str,
        *,
        seat: int | None = None,
        password: str | None = None,
        tokens: TokenStore | None = None,
        delay_s: float = 0.0,
        trick_pause_s: float = 0.0,
        log: Callable[[str], None] | None = None,
        retry_for_s: float = 600.0,
        secure: Secure | None = None,
    ) -> None:
        self.bot = bot
        self.delay_s, self.trick_pause_s = delay_s, trick_pause_s
        self.log = log or (lambda text: None)
        self.client = TableClient(
            address,
            name,
            self._on_message,
            seat=seat,
            password=password,
            player=p.BOT,
            level=level,
            tokens=tokens,
            on_status=self.log,
            retry_for_s=retry_for_s,
            secure=secure,
        )
        self.winner: int | None = None
        self.scores: tuple[int, int] | None = None
        self.hands: list[p.HandOver] = []
        self.state: p.State | None = None  # the latest state of the table
        self._asked: int | None = None  # the ply asked about last
        self._tasks: set[asyncio.Task[None]] = set()

    async def run(self) -> p.Refused | None:
        """Play until the match is over; the refusal that stopped it, if one did."""
        return await self.client.run()

    def _on_message(self, message: p.ServerMessage) -> None:
        if isinstance(message, p.Welcome):
            self._asked = None  # a new connection: what was sent before may be lost
            return
        if isinstance(message, p.HandOver):
            self.hands.append(message)
            return
        if isinstance(message, p.Refused):
            if message is not self.client.refusal:  # one that ends the client: run() says it
                self.log(
                    _("refused ({code}): {why}").format(code=message.code, why=message.message)
                )
            return
        if not isinstance(message, p.State):
            return
        self.state = message
        if message.winner is not None:
            self.winner = message.winner
            last = self.hands[-1].result if self.hands else None
            self.scores = last.scores_after if last is not None else message.view.scores
            task = asyncio.ensure_future(self.client.close())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            return
        view = message.view
        if not view.legal or message.seed is None or not message.started:
            return
        if self._asked == message.ply:
            return  # the same moment again (a seat came or went): the move is on its way
        self._asked = message.ply
        task = asyncio.ensure_future(self._play(message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play(self, state: p.State) -> None:
        view = state.view
        started = time.monotonic()
        assert state.seed is not None
        action, faults = await asyncio.to_thread(ask, self.bot, view, random.Random(state.seed))
        for fault in faults:
            self.log(f"{fault}")
        rest = bot_pause(view, self.delay_s, self.trick_pause_s) - (time.monotonic() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        if not self.client.send(p.act(view.seat, state.ply, action)):
            self._asked = None  # not sent: ask again when the table says so after reconnecting
