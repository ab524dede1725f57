"""Textual's footer in the language spoken now: the bindings' descriptions are marked with
``N_()`` where they are made (at import) and translated here, as the footer draws them, so a
change of language shows the next time the footer is composed."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from text.language import _, pgettext


def key_words(description: str) -> str:
    """What a key does, in the language spoken now: the key bar's own word where one English
    word is two Italian ones (context "key": "Won" is the tricks won, not the matches)."""
    said = pgettext("key", description)
    return said if said != description else _(description)


class Footer(TextualFooter):
    """A screen's keys and what they do, in the language spoken now."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # (the footer's compactness given to each key before it is mounted: else each
                # key's style is worked out three times, as compact, then bound, then not)
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
                widget.description = key_words(widget.description) if widget.description else ""
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = _(widget.tooltip)
            yield widget
