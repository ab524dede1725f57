"""What a part of the table screen needs to think in the background: the screen's workers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from textual.worker import Worker

R = TypeVar("R")


class Working(Protocol):
    """A screen that runs work in a worker (Textual's ``run_worker``), off the UI's thread."""

    def run_worker(
        self,
        work: Callable[[], R],
        name: str | None = ...,
        group: str = ...,
        *,
        exit_on_error: bool = ...,
        exclusive: bool = ...,
        thread: bool = ...,
    ) -> Worker[R]: ...
