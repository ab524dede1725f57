"""The rules are one text: docs/rules.md is the rules part of the in-game help (assets/help.md)
word for word, made by tests/support/rules_page.py. After the help changed,
`python -m tests.support.rules_page` writes the page again."""

from __future__ import annotations

import pytest

from tests.support.rules_page import END, HEAD, PAGE, expected, pack_text, rules_page
from text.pack import PLACE
from tui.screens.help import help_text


def test_the_rules_page_is_the_help_s_rules() -> None:
    assert PAGE.read_text(encoding="utf-8") == expected(), (
        "docs/rules.md differs from the rules of assets/help.md: "
        "python -m tests.support.rules_page writes it again"
    )


def test_the_page_holds_the_rules_the_game_shows_and_not_its_keys() -> None:
    help_ = help_text(language="en")  # (what the help screen shows in English)
    page = PAGE.read_text(encoding="utf-8")
    rules = help_[help_.index("\n") : help_.index(END)].strip()
    assert page == HEAD + rules.replace(PLACE, f"```text\n{pack_text()}\n```") + "\n"
    assert PLACE in help_ and PLACE not in page and "║T16║" in page and "│MAT│" in page
    for heading in (
        "## Ottocento in five minutes",
        "## Glossary",
        "## A hand",
        "## Combinations",
        "## House rules",
        "## Card codes",
    ):
        assert heading in page
    assert "## Keys at the table" not in page and "## Keys at the table" in help_


def test_a_help_without_its_end_is_said() -> None:
    with pytest.raises(ValueError, match="Keys at the table"):
        rules_page("# Help\n\n## A hand\n")
