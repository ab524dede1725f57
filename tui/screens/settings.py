"""Bot speed, trick pause, suit marks, colours, the colour theme, the language and the coach; saved
in the data directory."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Self

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Label, Select, Static

from store.settings import BOT_DELAYS, DEFAULT_THEME, TRICK_PAUSES, Settings
from text.language import N_, _
from text.render import Look
from text.themes import load_theme, shown_title, theme_names
from tui.language import language_options, seconds
from tui.screens.dialog import TableDialog, content_rows, max_height
from tui.screens.help import HELP_KEY
from tui.widgets.arrows import plain_arrows
from tui.widgets.footer import Footer


def _seconds(values: tuple[float, ...], current: float) -> list[tuple[str, float]]:
    return [(seconds(v), v) for v in sorted({*values, current})]


def _themes() -> list[tuple[str, str]]:
    """The themes there are, by their titles (a theme that cannot be read by its name)."""
    options = []
    for name in theme_names():
        theme, problem = load_theme(name)
        options.append((name if problem else shown_title(theme), name))
    return options


# The coach's choices (store.settings.COACH_CHOICES): after a costly card it says what was better
COACH_WORDS = {
    "new": N_("on for the first matches"),
    "on": N_("on"),
    "off": N_("off"),
}

# What the two pauses are: their names alone did not say what waits ("Trick pause"?).
SETTINGS_NOTE = N_(
    "Bot delay: how long each bot waits before its move. Trick pause: how long "
    "a finished trick stays on the table before a bot leads the next. "
    "Monochrome wins over any theme."
)


class _Answer(Button):
    """Save or Cancel: the dialog's answer from the moment it is pressed (its message comes
    later, after a key typed with it)."""

    def press(self) -> Self:
        screen = self.screen
        if isinstance(screen, SettingsScreen) and screen.is_active and screen.pressed is None:
            screen.pressed = self.id
        return super().press()


class SettingsScreen(TableDialog[Settings | None]):
    """Dismisses with the new settings, or None when cancelled."""

    DEFAULT_CSS = """
    #settings-note { height: auto; padding: 1 0 0 0; }
    """

    BINDINGS = [  # (in the footer in the buttons' order: Save, then Cancel)
        Binding("ctrl+s", "save", N_("Save")),
        Binding("escape,q", "cancel", N_("Cancel")),
        HELP_KEY,
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        # The button pressed, its message on its way: a key typed just after it (Escape after
        # Enter on Save) does nothing, the first press answers.
        self.pressed: str | None = None

    def on_mount(self) -> None:
        self.call_after_refresh(plain_arrows, self, Look(ascii=self.settings.ascii))

    def _gaps(self) -> int:
        """The blank rows between the settings' rows (none in the tight form)."""
        return len(self.query(Select)) - 1

    def rows_needed(self, width: int) -> int:
        """Tight: the settings' rows with no blank rows between them."""
        rows = content_rows(self.dialog_box(), self.room(), self.app.size, width)
        return rows if self.has_class("-tight") else rows - self._gaps()

    def fit(self, width: int) -> int:
        """Tight where the roomy form is taller than the dialog's ``max-height`` (over the
        felt of a table at 80x24)."""
        rows = content_rows(self.dialog_box(), self.room(), self.app.size, width)
        roomy = rows + (self._gaps() if self.has_class("-tight") else 0)
        tight = roomy > max_height(self.dialog_box(), self.room(), self.app.size)
        self.set_class(tight, "-tight")
        return roomy - (self._gaps() if tight else 0)

    def compose(self) -> ComposeResult:
        s = self.settings
        with Vertical(classes="dialog", id="settings-dialog"):
            yield Static(_("Settings"), classes="dialog-title")
            with Grid(id="settings-grid"):
                yield Label(_("Bot delay"))
                yield Select(
                    _seconds(BOT_DELAYS, s.bot_delay),
                    value=s.bot_delay,
                    allow_blank=False,
                    compact=True,
                    id="bot_delay",
                )
                yield Label(_("Trick pause"))
                yield Select(
                    _seconds(TRICK_PAUSES, s.trick_pause),
                    value=s.trick_pause,
                    allow_blank=False,
                    compact=True,
                    id="trick_pause",
                )
                yield Label(_("Suit marks"))
                yield Select(
                    [("♠ ♣ ♥ ♦ (Unicode)", "unicode"), ("S B C D (ASCII)", "ascii")],
                    value=s.suit_marks,
                    allow_blank=False,
                    compact=True,
                    id="suit_marks",
                )
                yield Label(_("Colours"))
                # (not "Colours  colour": the value says what is drawn)
                yield Select(
                    [(_("as the theme has them"), True), (_("none (monochrome)"), False)],
                    value=s.color,
                    allow_blank=False,
                    compact=True,
                    id="color",
                )
                yield Label(_("Theme"))
                themes = _themes()
                known = s.theme in {name for _, name in themes}
                yield Select(
                    themes,
                    value=s.theme if known else DEFAULT_THEME,
                    allow_blank=False,
                    compact=True,
                    id="theme",
                )
                yield Label(_("Language"))
                yield Select(
                    language_options(),
                    value=s.language,
                    allow_blank=False,
                    compact=True,
                    id="language",
                )
                yield Label(_("Coach"))
                yield Select(
                    [(_(words), choice) for choice, words in COACH_WORDS.items()],
                    value=s.coach,
                    allow_blank=False,
                    compact=True,
                    id="coach",
                )
            yield Static(Text(_(SETTINGS_NOTE), style="dim"), id="settings-note")
            with Horizontal(classes="dialog-buttons"):
                yield _Answer(_("Save") + "  Ctrl+S", id="save", variant="primary", compact=True)
                yield _Answer(_("Cancel") + "  Esc", id="cancel", compact=True)
        yield Footer()  # this dialog's keys, not those of the screen under it

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if not self.is_active:
            return  # the dialog is closed, or under another screen (F1 typed with the press)
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def action_save(self) -> None:
        if not self.is_active or self.pressed == "cancel":
            return  # Cancel was pressed first: its press, on its way, answers
        values: dict[str, Any] = {}
        for select in self.query(Select):
            if select.id and select.value is not Select.NULL:
                values[select.id] = select.value
        self.dismiss(replace(self.settings, **values))

    def action_cancel(self) -> None:
        if self.is_active and self.pressed != "save":
            self.dismiss(None)
