"""The stylesheets' rules parsed once for the whole test process rather than once for each app.

Each app parses its stylesheet anew: the game's own (assets/app.tcss) and the default CSS of every
kind of widget it mounts, some 30 sources, a sixth of the CPU time of an app that starts on the
start screen; a test process starts hundreds of apps. The rules of one text parsed with the same
variables (the theme's colours) are the same, and no one changes them once parsed (Textual reads
them to style the widgets; a new theme parses again, with other variables); so the first app's
rules serve the next ones. Only rules parsed without an exception are kept, and a text whose rules
have errors still raises them in every app (Stylesheet.parse looks at the rules it is given)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

_RULES: dict[tuple[object, ...], list[RuleSet]] = {}


def share_parsed_rules() -> None:
    """Make every Stylesheet of this process take the rules parsed before from the same text
    with the same variables (see the module's docstring)."""
    parse: Callable[..., list[RuleSet]] = Stylesheet._parse_rules
    if getattr(parse, "shared", False):
        return

    def parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        variables = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        rules = _RULES.get(key)
        if rules is None:
            rules = _RULES[key] = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    parse_rules.shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]
