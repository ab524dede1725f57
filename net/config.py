"""A hosted table's settings: what the host chooses (password, absence rule, stand-in, turn
limit, the bots' pace) and the limits every connection plays under."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from net import protocol as p

DEFAULT_TURN_LIMIT_S = 120.0  # a remote seat's time for one decision
MIN_TURN_LIMIT_S = 5.0  # a shorter limit than this is no time for a person to decide
MIN_PASSWORD = 8  # characters of a table's password, once it is open beyond this machine


@dataclass(frozen=True, slots=True)
class TableConfig:
    """The host's settings and the limits every connection plays under."""

    password: str | None = None  # asked of a newcomer (a returning player shows its token)
    away_timeout_s: float = 60.0  # a remote seat empty this long is played by the stand-in
    stand_in: str = "medium"  # the bot spec that plays an empty seat
    turn_limit_s: float = DEFAULT_TURN_LIMIT_S  # a remote seat's decision not made in this
    # time is made by the stand-in (0: no limit)
    bot_delay_s: float = 0.6  # the host's bots (and stand-ins) wait this long before acting
    trick_pause_s: float = 1.0  # ... and this much more before leading a trick
    hello_timeout_s: float = 10.0  # a connection must say hello within this time
    heartbeat_s: float = 15.0  # a connection that answers no ping for this long is gone
    rate: float = 20.0  # messages a second a connection may send, on average ...
    burst: int = 40  # ... with bursts of this many
    max_strikes: int = 10  # refused messages before a connection is closed
    max_pending: int = 16  # connections that have not said hello yet ...
    max_pending_per_address: int = 4  # ... and of them from one address
    max_queue: int = 500  # messages waiting to be sent to one connection (else it is too slow)
    state_interval_s: float = 0.25  # a seat is sent states of one move at most this often
    doing_rate: float = 2.0  # changes of what a person is doing told a second, on average ...
    doing_burst: int = 4  # ... with bursts of this many (more are told together, later)
    rejoin_grace_s: float = 5.0  # a seat whose connection comes back within this is never
    # shown gone (nor is a resumed table's before its players are back)

    def __post_init__(self) -> None:
        for name in (
            "away_timeout_s",
            "turn_limit_s",
            "bot_delay_s",
            "trick_pause_s",
            "hello_timeout_s",
            "heartbeat_s",
            "rate",
            "state_interval_s",
            "doing_rate",
            "rejoin_grace_s",
        ):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be a number of seconds >= 0, not {value!r}")
        if self.turn_limit_s > p.MAX_LIMIT_S:
            raise ValueError(f"turn_limit_s must be at most {p.MAX_LIMIT_S:g} seconds")
        if self.password is not None and not 0 < len(self.password) <= p.MAX_SECRET:
            raise ValueError(f"the password must be 1 to {p.MAX_SECRET} characters")


@dataclass(frozen=True, slots=True)
class HostRequest:
    """How to host the table set up on the start screen."""

    port: int
    bind: str
    password: str | None
    turn_limit_s: float = DEFAULT_TURN_LIMIT_S
    # served over TLS (wss://) with this certificate and its private key (PEM files; one file
    # may hold both), as `host --cert --key`; None: without TLS
    cert: Path | None = None
    key: Path | None = None
