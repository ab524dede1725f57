"""A colour theme as Textual's theme, for the application to register."""

from __future__ import annotations

from dataclasses import replace

from textual.theme import BUILTIN_THEMES
from textual.theme import Theme as TextualTheme

from text.themes import FELT, FELT_BORDER, Theme


def textual_theme(theme: Theme) -> TextualTheme:
    """Textual's theme: the built-in base with this theme's changes and the felt's variables."""
    base = BUILTIN_THEMES[theme.base]
    variables = {
        **base.variables,
        **theme.variables,
        FELT: theme.palette.felt,
        FELT_BORDER: theme.palette.felt_border,
    }
    return replace(base, name=theme.textual_name, variables=variables, **theme.textual)
