"""A yes/no question over the table (Enter or y: yes; Escape, n or q: no). Its footer shows
these keys in the words of the question's buttons, as every other dialog's footer shows its keys
(the table's key bar under it, whose keys do nothing meanwhile, is hidden)."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from text.language import N_, _
from text.render import UNICODE, Look
from tui.screens.dialog import TableDialog
from tui.screens.help import HELP_KEY
from tui.widgets.footer import Footer


class ConfirmScreen(TableDialog[bool]):
    """Asks ``question``; dismisses with True or False."""

    BINDINGS = [
        Binding("enter,y", "answer(True)", N_("Yes"), priority=True),
        Binding("escape,n,q", "answer(False)", N_("No"), priority=True),
        HELP_KEY,
    ]

    def __init__(
        self,
        question: Text | str,
        yes: str | None = None,
        no: str | None = None,
        *,
        look: Look = UNICODE,
    ) -> None:
        """``yes``, ``no``: the buttons' words (said already), else Yes and No."""
        super().__init__()
        yes, no = yes or _("Yes"), no or _("No")
        self.question, self.yes, self.no, self.look = question, yes, no, look
        # the footer says what the buttons say ("Discard", "Change")
        words = {"answer(True)": yes, "answer(False)": no}
        self._bindings = BindingsMap(
            replace(binding, description=words.get(binding.action, binding.description))
            for bindings in self._bindings.key_to_bindings.values()
            for binding in bindings
        )
        self.by_key = True  # answered by a key (Enter, y, ...), not by a click

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm-dialog"):
            question = Static(self.question, classes="dialog-body")
            # One blank row between the question and the buttons (the buttons' own, as in the
            # other dialogs): the body's blank row under it as well would make two.
            question.styles.padding = 0
            yield question
            with Horizontal(classes="dialog-buttons"):
                yes = Button(
                    f"{self.yes}  {self.look.enter}", id="yes", variant="primary", compact=True
                )
                no = Button(f"{self.no}  Esc", id="no", compact=True)
                yes.can_focus = no.can_focus = False
                yield yes
                yield no
        yield Footer()  # this dialog's keys, not those of the screen under it

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.by_key = False
        self.action_answer(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        if self.is_active:
            self.dismiss(answer)
