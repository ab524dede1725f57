"""The steps that bring the app to a screen before its snapshot is taken (shared by the English
and the Italian snapshots)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from tests.support.screens import press, press_for, resume, settle, to_the_sheet, wait_for
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen

BOTS3 = ["human", "random", "random", "random"]


async def to_table(pilot: Pilot) -> TableScreen:
    screen = await settle(pilot)
    while not isinstance(screen, TableScreen):
        await press(pilot, "enter")
        screen = await settle(pilot)
    return screen


def mid_hand(tricks: int) -> Callable[[Pilot], Awaitable[None]]:
    async def run(pilot: Pilot) -> None:
        while True:
            screen = await to_table(pilot)
            view = screen.current_view()
            if len(view.tricks) >= tricks and view.trick:
                return
            await press_for(pilot, screen)

    return run


async def discard_one_marked(pilot: Pilot) -> None:
    screen = await settle(pilot)
    assert isinstance(screen, TableScreen)
    await press(pilot, "8")  # mark one card: raised and crossed


async def declaring(pilot: Pilot) -> None:
    screen = await settle(pilot)
    assert isinstance(screen, DeclareScreen)
    await press(pilot, "2")  # switch the second family off


async def handover(pilot: Pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, HandOverScreen))


async def start(pilot: Pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, StartScreen))


async def resumed_to_the_sheet(pilot: Pilot) -> None:
    await resume(pilot)
    await to_the_sheet(pilot)
