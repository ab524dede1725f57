"""The dialogs of playing together: joining a table (address, name, seat, password) and hosting
one from the start screen (port, who may join, password). Each dismisses with what was asked, or
None when cancelled; nothing here talks to the network."""

from __future__ import annotations

import shlex
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from game.seats import side_of
from net.addresses import this_machine_only
from net.client import DEFAULT_PORT, TLS_SCHEME, JoinRequest, table_at
from net.config import (
    DEFAULT_TURN_LIMIT_S,
    MIN_PASSWORD,
    MIN_TURN_LIMIT_S,
    HostRequest,
    TableConfig,
)
from net.protocol import MAX_LIMIT_S, ProtocolError, check_name
from net.spoken import problem_words
from net.tls import CertificateError, Secure, server_context, shown
from text.language import N_, _, ngettext, pgettext
from text.words import bot_level
from tui.screens.help import HELP_KEY
from tui.screens.modal import Modal

_CSS = """
#net-dialog { width: 64; }
#net-grid { grid-size: 2; grid-columns: 12 1fr; grid-rows: 1; grid-gutter: 1 1; height: auto; }
#net-error { color: $error; height: auto; }
"""


def _seat_options() -> list[tuple[str, int]]:
    return [(_("first free seat"), -1)] + [
        (_("seat {seat} ({side})").format(seat=seat + 1, side="AB"[side_of(seat)]), seat)
        for seat in range(4)
    ]


def _others(seats: int) -> str:
    """Who else takes a seat at a table hosted with ``seats`` more Human seats."""
    if seats == 0:
        return _(
            "the bots play the others, so nobody can join: make a seat Human for each "
            "person who will."
        )
    return ngettext(
        "the other Human seat is for a person who joins (`tarocchino join`).",
        "the other {n} Human seats are for people who join (`tarocchino join`).",
        seats,
    ).format(n=seats)


class _NetDialog(Modal):
    DEFAULT_CSS = _CSS
    # ? typed in a field stays there (the field takes it first); F1 opens the help anywhere
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), priority=True), HELP_KEY]

    def error(self, text: str) -> None:
        self.query_one("#net-error", Static).update(Text(text))

    def action_cancel(self) -> None:
        if self.is_current:
            self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self.submit()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def submit(self) -> None:
        raise NotImplementedError


class JoinScreen(_NetDialog):
    """Join a table: dismisses with a :class:`JoinRequest`."""

    def __init__(
        self,
        address: str = "",
        name: str = "",
        *,
        seat: int | None = None,
        error: str = "",
        password: bool = False,
        secure: Secure | None = None,
    ) -> None:
        """``address`` and ``name`` filled in (else those of the table joined last), and how
        its certificate is checked (``secure``: over TLS); ``error``: why the last try failed
        (``password``: the password was refused)."""
        super().__init__()
        self.address, self.player, self.seat, self.problem = address, name, seat, error
        self.wrong_password = password
        self.secure = secure

    def compose(self) -> ComposeResult:
        network = getattr(self.app, "network", None)
        remembered = network.remembered() if network is not None and not self.address else None
        if network is not None and remembered is not None:
            self.address, self.player = remembered
            last = network.last
            if last is not None and str(last.address) == self.address:
                self.secure = last.secure  # (checked as it was)
        secure, pinned = self.secure, ""
        if secure is not None and secure.pinned is not None:
            pinned = shown(secure.pinned)
        elif secure is not None and self.address:
            self.address = TLS_SCHEME + self.address
        with Vertical(classes="dialog", id="net-dialog"):
            yield Static(_("Join a table"), classes="dialog-title")
            yield Static(
                Text(
                    _(
                        "The host started it with `tarocchino host` (or Host on its start "
                        "screen) and told you its address."
                    ),
                    style="dim",
                ),
                classes="dialog-body",
            )
            with Grid(id="net-grid"):
                yield Label(_("Address"))
                yield Input(
                    self.address,
                    placeholder=_("host:port, wss:// for TLS (port {port})").format(
                        port=DEFAULT_PORT
                    ),
                    id="address",
                    compact=True,
                )
                yield Label(_("Fingerprint"))
                yield Input(
                    pinned,
                    placeholder=_("of its certificate, if the host gave one"),
                    id="fingerprint",
                    compact=True,
                )
                yield Label(_("Your name"))
                yield Input(
                    self.player,
                    placeholder=_("1-16 characters"),
                    id="name",
                    compact=True,
                    max_length=16,
                )
                yield Label(_("Seat"))
                yield Select(
                    _seat_options(),
                    value=-1 if self.seat is None else self.seat,
                    allow_blank=False,
                    id="seat",
                    compact=True,
                )
                yield Label(_("Password"))
                yield Input(
                    placeholder=_("if the table has one"),
                    id="password",
                    password=True,
                    compact=True,
                )
            yield Static(id="net-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Join  ⏎"), id="ok", variant="primary", compact=True)
                yield Button(_("Cancel  Esc"), id="cancel", compact=True)

    def on_mount(self) -> None:
        if self.problem:  # refused (a password, a seat, a name): that is what to change
            self.error(self.problem)
            self.query_one("#password" if self.wrong_password else "#name", Input).focus()
            return
        self.query_one("#name" if self.address else "#address", Input).focus()

    def submit(self) -> None:
        try:
            address, secure = table_at(
                self.query_one("#address", Input).value or "",
                self.query_one("#fingerprint", Input).value,
            )
            name = check_name(self.query_one("#name", Input).value)
        except ProtocolError as exc:
            self.error(problem_words(exc))
            return
        except ValueError as exc:
            self.error(str(exc))
            return
        seat = self.query_one("#seat", Select).selection  # (-1: any seat)
        password = self.query_one("#password", Input).value or None
        self.dismiss(
            JoinRequest(
                address,
                name,
                None if seat is None or seat == -1 else int(seat),
                password,
                secure=secure,
            )
        )


class HostScreen(_NetDialog):
    """Host the table set up on the start screen: dismisses with a :class:`HostRequest`."""

    def __init__(self, people: int) -> None:
        super().__init__()
        self.people = people

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="net-dialog"):
            yield Static(_("Host a table"), classes="dialog-title")
            yield Static(
                Text(
                    _(
                        "You take the first Human seat; {others} The table runs as long as "
                        "this game does. A person who takes longer than the turn limit "
                        "(seconds; 0: none) over a move has it made by the {bot} bot."
                    ).format(
                        others=_others(self.people - 1),
                        bot=bot_level(TableConfig().stand_in),
                    ),
                    style="dim",
                ),
                classes="dialog-body",
            )
            with Grid(id="net-grid"):
                yield Label(_("Port"))
                yield Input(
                    str(DEFAULT_PORT), id="port", type="integer", compact=True, max_length=5
                )
                yield Label(_("Who joins"))
                yield Select(
                    [(_("this machine only"), "127.0.0.1"), (_("my network too"), "0.0.0.0")],
                    value="127.0.0.1",
                    allow_blank=False,
                    id="bind",
                    compact=True,
                )
                yield Label(_("Password"))
                yield Input(
                    placeholder=pgettext("password", "none"),
                    id="password",
                    password=True,
                    compact=True,
                )
                yield Label(_("Turn limit"))
                yield Input(
                    f"{DEFAULT_TURN_LIMIT_S:g}",
                    id="turn-limit",
                    type="integer",
                    compact=True,
                    max_length=5,
                    tooltip=_(
                        "seconds a person has for a decision before the stand-in "
                        "bot makes it (0: no limit)"
                    ),
                )
                yield Label(_("Certificate"))
                yield Input(
                    placeholder=_("none, or CERT.pem KEY.pem: over TLS"),
                    id="cert",
                    compact=True,
                    tooltip=_(
                        "a certificate and its private key (PEM files, as `tarocchino host "
                        "--cert --key` takes them; one file may hold both): the table is "
                        "served over TLS (wss://)"
                    ),
                )
            yield Static(id="net-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Host  ⏎"), id="ok", variant="primary", compact=True)
                yield Button(_("Cancel  Esc"), id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#port", Input).focus()

    def submit(self) -> None:
        text = self.query_one("#port", Input).value.strip()
        if not text.isdigit() or not 0 < int(text) < 65536:
            self.error(_("The port is a number from 1 to 65535."))
            return
        limit = self.query_one("#turn-limit", Input).value.strip() or "0"
        if not limit.isdigit() or (
            int(limit) and not MIN_TURN_LIMIT_S <= int(limit) <= MAX_LIMIT_S
        ):
            self.error(
                _("The turn limit is 0 (none) or {least} to {most} seconds.").format(
                    least=f"{MIN_TURN_LIMIT_S:g}", most=f"{MAX_LIMIT_S:g}"
                )
            )
            return
        bind = str(self.query_one("#bind", Select).value)
        password = self.query_one("#password", Input).value or None
        if password is not None and len(password) < MIN_PASSWORD and not this_machine_only(bind):
            self.error(
                _(
                    "A table open to your network needs a password of at least {n} characters."
                ).format(n=MIN_PASSWORD)
            )
            return
        try:
            cert, key = _certificate(self.query_one("#cert", Input).value)
        except (ValueError, CertificateError) as exc:
            self.error(str(exc))
            return
        self.dismiss(HostRequest(int(text), bind, password, float(limit), cert, key))


class JoiningScreen(_NetDialog):
    """While a table is tried and has not given this player a seat: where, as whom, what the
    last try found ("nothing answers there: trying again in 5 s") and how long it goes on; Esc
    or Cancel gives up at once (dismissed with None: the screen under it comes back). The game
    closes it when the table answers, or refuses (its join dialog then says why)."""

    def __init__(self, request: JoinRequest) -> None:
        super().__init__()
        self.request = request

    def compose(self) -> ComposeResult:
        r = self.request
        if r.seat is None:
            who = _("As {name}.").format(name=r.name)
        else:
            who = _("As {name}, seat {seat}.").format(name=r.name, seat=r.seat + 1)
        with Vertical(classes="dialog", id="net-dialog"):
            yield Static(
                _("Joining the table at {address}").format(address=r.address),
                classes="dialog-title",
            )
            yield Static(Text(who), classes="dialog-body")
            yield Static(
                Text(_("Waiting for the table to answer…")),
                id="joining-status",
                classes="dialog-body",
            )
            tried = (
                _("It is tried again for up to {time}; Esc gives up now.").format(
                    time=_duration(r.retry_for_s)
                )
                if r.retry_for_s > 0
                else _("It is tried once; Esc gives up now.")
            )
            yield Static(Text(tried, style="dim"), classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Cancel  Esc"), id="cancel", compact=True)

    def status(self, text: str) -> None:
        """What the last try found, in place of what the one before found."""
        if self.is_mounted:
            self.query_one("#joining-status", Static).update(Text(text))

    def submit(self) -> None:  # (no field: Enter does nothing here)
        pass


def _certificate(text: str) -> tuple[Path | None, Path | None]:
    """The certificate and key files of the Certificate field ("CERT.pem KEY.pem", or one file
    holding both; nothing: no TLS), checked as the table will use them; CertificateError (or
    ValueError) saying what is wrong."""
    try:
        given = shlex.split(text)
    except ValueError:
        given = []
    if not given:
        if text.strip():
            raise ValueError(_("Give the certificate and its key as CERT.pem KEY.pem."))
        return None, None
    if len(given) > 2:
        raise ValueError(_("Give the certificate and its key as CERT.pem KEY.pem."))
    cert = Path(given[0]).expanduser()
    key = Path(given[-1]).expanduser()
    server_context(cert, key)  # (a file that will not do is said now, in the dialog)
    return cert, key


def _duration(seconds: float) -> str:
    """``600`` as "10 minutes", ``90`` as "90 s", ``3600`` as "1 hour"."""
    if seconds >= 3600 and seconds % 3600 == 0:
        hours = int(seconds // 3600)
        return ngettext("{n} hour", "{n} hours", hours).format(n=hours)
    if seconds >= 120 and seconds % 60 == 0:
        return _("{n} minutes").format(n=int(seconds // 60))
    return _("{n} s").format(n=f"{seconds:g}")
