"""The start screen: a new match (seats, names, target, seed), resume the saved one, help, quit."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from game.cards import INDEX
from tui.bots import BOTS, available_level
from tui.render import Look, box_lines
from tui.save import SaveError, SaveStore
from tui.screens.confirm import ConfirmScreen
from tui.session import BOT_LEVELS, DEFAULT_NAMES, HUMAN, Seat, parse_seats

TITLE = r"""
╔╦╗╔═╗╦═╗╔═╗╔═╗╔═╗╦ ╦╦╔╗╔╔═╗
 ║ ╠═╣╠╦╝║ ║║  ║  ╠═╣║║║║║ ║
 ╩ ╩ ╩╩╚═╚═╝╚═╝╚═╝╩ ╩╩╝╚╝╚═╝""".strip("\n")


def kind_options(extra: list[str] | tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """Human and the levels, and ``extra`` kinds given on the command line (a bot with options,
    another bot)."""
    options = [("Human", HUMAN)]
    for level in BOT_LEVELS:
        label = f"{level.capitalize()} bot"
        if level not in BOTS:
            label += f" (as {available_level(level)})"
        options.append((label, level))
    for kind in dict.fromkeys(extra):
        if kind not in (value for _, value in options):
            options.append((kind, kind))
    return options


class StartScreen(Screen[None]):
    """Everything before the first card; the app's bottom screen."""

    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "settings", "Settings"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(self, store: SaveStore | None, defaults: dict[str, Any] | None = None, *,
                 local: bool = True) -> None:  # fmt: skip
        super().__init__()
        self.store = store
        self.defaults = defaults or {}
        self.local = local  # False: another game uses the data directory (tables only)

    def compose(self) -> ComposeResult:
        kinds = self.defaults.get("kinds") or [HUMAN, "hard", "hard", "hard"]
        with Vertical(id="start-page"):
            yield Static(Text(TITLE, style="bold"), id="title")
            yield Static(Text("Ottocento · the tarot game of Bologna", style="dim"), id="subtitle")
            yield Static(id="hero")
            with Horizontal(id="resume-row"):
                yield Static(id="resume-info")
                yield Button("Resume", id="resume", variant="success", compact=True)
            yield Static(Text.assemble(("New match", "bold"), ("   side A: seats 1 and 3 · side B: "
                                                               "seats 2 and 4", "dim")),
                         classes="section-title")
            with Grid(id="seats-grid"):
                for seat in range(4):
                    yield Label(f"Seat {seat + 1} · {'AB'[seat % 2]}", classes="seat-label")
                    yield Input(placeholder=DEFAULT_NAMES[seat], id=f"name-{seat}", compact=True,
                                max_length=16)
                    yield Select(kind_options(kinds), value=kinds[seat], allow_blank=False,
                                 id=f"kind-{seat}", compact=True)
            with Horizontal(id="options-row"):
                yield Label("Target", classes="option-label")
                yield Input(str(self.defaults.get("target", 800)), id="target", type="integer",
                            compact=True, max_length=5)
                yield Label("Seed", classes="option-label")
                yield Input(placeholder="random", id="seed", type="integer", compact=True)
            with Horizontal(id="start-buttons"):
                yield Button("Start new match", id="start", variant="primary", compact=True)
                yield Button("Rules & help", id="help", compact=True)
                yield Button("Settings", id="settings", compact=True)
                yield Button("Quit", id="quit", variant="error", compact=True)
            with Horizontal(id="net-buttons"):
                yield Static(Text("Play together", style="bold"), classes="net-label")
                yield Button("Host a table", id="host", compact=True)
                yield Button("Join a table", id="join", compact=True)
            yield Static(id="start-message")
        yield Footer()

    def on_mount(self) -> None:
        self._hero()
        self.refresh_resume()
        self._placeholders()
        if not self.local:
            self.query_one("#start", Button).disabled = True
            self.show_message("Another game is using this data directory: here you can host or "
                              "join a table.")  # fmt: skip

    def on_select_changed(self, event: Select.Changed) -> None:
        self._placeholders()

    def _hero(self) -> None:
        """A fan of the cards that matter most: the Tarocchi and the four Kings."""
        app: Any = self.app
        settings = getattr(app, "settings", None)
        look = Look(ascii=bool(settings and settings.ascii), color=bool(settings is None or
                                                                        settings.color))
        cards = [INDEX[c] for c in ("ANG", "MON", "KS", "KB", "KC", "KD", "BEG", "MAT")]
        boxes = [box_lines(c, look) for c in cards]
        rows = [Text(" ").join(box[r] for box in boxes) for r in range(3)]
        self.query_one("#hero", Static).update(Text("\n").join(rows))

    def _placeholders(self) -> None:
        """Show the names a blank name field will get (a lone human is "You")."""
        kinds = [str(self.query_one(f"#kind-{i}", Select).value) for i in range(4)]
        try:
            seats = parse_seats(kinds)
        except ValueError:
            return
        for i, seat in enumerate(seats):
            self.query_one(f"#name-{i}", Input).placeholder = seat.name

    def on_screen_resume(self) -> None:
        self._hero()
        self.refresh_resume()

    def refresh_resume(self) -> None:
        """Show the saved match, if any; a damaged save is set aside with a clear message."""
        info_widget = self.query_one("#resume-info", Static)
        button = self.query_one("#resume", Button)
        row = self.query_one("#resume-row")
        if self.store is None or not self.store.exists():
            row.display = False
            self.query_one("#start", Button).focus()
            return
        try:
            info = self.store.info()
        except SaveError as exc:
            row.display = False
            self.show_message(f"{self.store.damaged_message(exc)} Start a new match.", error=True)
            self.query_one("#start", Button).focus()
            return
        row.display = True
        row.border_title = "Saved match"
        info_widget.update(info.describe())
        button.focus()

    def show_message(self, text: str, error: bool = False) -> None:
        self.query_one("#start-message", Static).update(
            Text(text, style="bold red" if error else "dim")
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        app: Any = self.app
        match event.button.id:
            case "start":
                self.start()
            case "resume":
                app.resume_match()
            case "host":
                self.host()
            case "join":
                from tui.net.screens import JoinScreen

                app.push_screen(JoinScreen(), lambda request: request and app.join_table(request))
            case "help":
                app.action_help()
            case "settings":
                app.action_settings()
            case "quit":
                app.exit()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.start()

    def host(self) -> None:
        """Host a table with the seats set up here: the Human seats are for people who join."""
        from tui.net.screens import HostScreen

        app: Any = self.app
        chosen = self._chosen()
        if chosen is None:
            return
        seats, seed, target = chosen
        people = sum(s.human for s in seats)
        if not people:
            self.show_message("Make at least one seat Human: yours.", error=True)
            return

        def hosted(request: Any) -> None:
            if request is not None:
                app.run_worker(app.host_table(seats, seed=seed, target=target, request=request))

        app.push_screen(HostScreen(people), hosted)

    def _chosen(self) -> tuple[tuple[Seat, ...], int | None, int] | None:
        """The seats, seed and target set up here (None, with a message, when one is wrong)."""
        kinds = [str(self.query_one(f"#kind-{i}", Select).value) for i in range(4)]
        names = [self.query_one(f"#name-{i}", Input).value for i in range(4)]
        try:
            seats = parse_seats(kinds, names)
            target_text = self.query_one("#target", Input).value.strip() or "800"
            target = int(target_text)
            if target <= 0:
                raise ValueError("the target must be a positive number")
            seed_text = self.query_one("#seed", Input).value.strip()
            seed = int(seed_text) if seed_text else None
        except ValueError as exc:
            self.show_message(str(exc), error=True)
            return None
        return seats, seed, target

    def start(self) -> None:
        app: Any = self.app
        chosen = self._chosen()
        if chosen is None:
            return
        seats, seed, target = chosen
        self.show_message("")
        if self.store is None or not self.store.exists():
            app.start_match(seats, seed=seed, target=target)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                app.start_match(seats, seed=seed, target=target)

        question = (f"Start a new match? The saved match will be kept as "
                    f"{self.store.next_backup_name()}.")
        app.push_screen(ConfirmScreen(question, yes="New match", no="Cancel"), answered)

    def action_help(self) -> None:
        app: Any = self.app
        app.action_help()

    def action_settings(self) -> None:
        app: Any = self.app
        app.action_settings()
