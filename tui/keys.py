"""Enter typed twice (or held): the second press must not act on what the first one brought up
(the next person's hand, his declarations) before it was seen."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual import events
from textual.dom import DOMNode

DOUBLE_ENTER_S = 0.4  # a second Enter within this time of the first is the same keystroke


def held_over(event: events.Key, not_before: float | None) -> bool:
    """``event`` is an Enter or a Space that came before ``not_before`` (the time of Textual's
    events): the tail of the press before. It is stopped here; True when it was."""
    if event.key in ("enter", "space") and not_before is not None and event.time < not_before:
        event.stop()
        event.prevent_default()
        return True
    return False


# How a key is named on every screen: in the footers and the key bars as in the help, the
# buttons and the notices ("Esc", "Space", "Ctrl+Q", "F1"); a letter as it is typed (``n`` and
# ``N`` are two keys); Enter and the arrows by their marks, or by name in plain characters.
_NAMES = {
    "escape": "Esc",
    "space": "Space",
    "tab": "Tab",
    "backspace": "Backspace",
    "delete": "Del",
    "insert": "Ins",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
}
_MARKS = {
    "enter": ("⏎", "Enter"),
    "up": ("↑", "Up"),
    "down": ("↓", "Down"),
    "left": ("←", "Left"),
    "right": ("→", "Right"),
}
_CHARACTERS = {
    "question_mark": "?",
    "slash": "/",
    "plus": "+",
    "minus": "-",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "full_stop": ".",
    "comma": ",",
    "exclamation_mark": "!",
}
_MODIFIERS = {"ctrl": "Ctrl", "alt": "Alt", "shift": "Shift", "meta": "Meta", "super": "Super"}


def key_name(key: str, *, ascii: bool = False) -> str:
    """``key`` (a key as Textual names it in a binding: "escape", "ctrl+q", "f2", "n") as the
    game's screens name it: "Esc", "Ctrl+Q", "F2", "n"; "⏎" (``ascii``: "Enter")."""
    *modifiers, base = key.split("+") if key != "+" else [key]
    if base in _MARKS:
        name = _MARKS[base][ascii]
    elif base in _NAMES:
        name = _NAMES[base]
    elif base in _CHARACTERS:
        name = _CHARACTERS[base]
    elif len(base) >= 2 and base[0] == "f" and base[1:].isdigit():
        name = base.upper()
    elif len(base) == 1:
        name = base.upper() if modifiers else base  # Ctrl+Q, as on the keyboard
    else:
        name = base.replace("_", " ").capitalize()
    if ascii and not name.isascii():
        name = "?"
    return "+".join([*(_MODIFIERS.get(m, m.capitalize()) for m in modifiers), name])


def show_key_otherwise(node: DOMNode, key: str, **changes: Any) -> None:
    """How ``node``'s binding of ``key`` shows, changed for this node alone (``show``,
    ``key_display``): Textual's bindings are its class's; their map is each node's own."""
    bindings = node._bindings.key_to_bindings
    if key in bindings:
        bindings[key] = [replace(binding, **changes) for binding in bindings[key]]
