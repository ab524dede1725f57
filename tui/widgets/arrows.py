"""Textual's select boxes draw their arrows as ▼ and ▲; in ASCII mode they become v and ^."""

from __future__ import annotations

from textual.dom import DOMNode
from textual.widgets import Static

from text.render import Look


def plain_arrows(root: DOMNode, look: Look) -> None:
    """Redraw the select arrows under ``root`` for ``look`` (call once they are mounted)."""
    for css, unicode, plain in ((".down-arrow", "▼", "v"), (".up-arrow", "▲", "^")):
        for arrow in root.query(css).results(Static):
            arrow.update(plain if look.ascii else unicode)
