"""Every footer and key bar names its keys in one style, the style of the help, the buttons and
the notices: "Esc", "Space", "Ctrl+Q", "F2", a letter as it is typed, ⏎ (the footers said "esc",
"^q", "f2" and the watching key bar "space", beside buttons saying "Cancel  Esc")."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets._footer import FooterKey

from tests.support.screens import make_app, press, screen_text, table_of, wait_for
from text.presenter import keys
from tui.keys import key_name
from tui.screens.help import HelpScreen
from tui.screens.matches import PastMatchesScreen
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.widgets.keybar import KeyBar

# a key as the screens name it: one character, a mark, or a capitalised name with modifiers
NAMED = re.compile(r"\S|⏎|(?:(?:Ctrl|Alt|Shift)\+)*(?:[A-Z][a-z]*|F\d{1,2}|[A-Z])")


def test_key_names() -> None:
    named = {
        "escape": "Esc",
        "space": "Space",
        "ctrl+q": "Ctrl+Q",
        "ctrl+s": "Ctrl+S",
        "f1": "F1",
        "f2": "F2",
        "question_mark": "?",
        "slash": "/",
        "enter": "⏎",
        "n": "n",
        "N": "N",
        "home": "Home",
        "down": "↓",
        "tab": "Tab",
    }
    assert {key: key_name(key) for key in named} == named
    assert key_name("enter", ascii=True) == "Enter" and key_name("down", ascii=True) == "Down"
    assert all(key_name(key, ascii=True).isascii() for key in named)


def _footer(app) -> list[str]:
    return [key.key_display for key in app.screen.query(FooterKey)]


async def test_every_footer_names_its_keys_in_one_style(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    seen: dict[str, list[str]] = {}
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen) and _footer(app))
        seen["start"] = _footer(app)
        for key, kind in (
            ("question_mark", HelpScreen),
            ("s", StatisticsScreen),
            ("p", PastMatchesScreen),
            ("f2", SettingsScreen),
        ):
            await press(pilot, key)
            await wait_for(pilot, lambda kind=kind: isinstance(app.screen, kind) and _footer(app))
            seen[kind.__name__] = _footer(app)
            if kind is SettingsScreen:
                text = screen_text(app)
                assert "Save  Ctrl+S" in text and "Cancel  Esc" in text  # (as its footer)
            await press(pilot, "escape")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    assert "F2" in seen["start"] and "Ctrl+Q" in seen["start"], seen
    assert seen["SettingsScreen"][:2] == ["Ctrl+S", "Esc"], seen
    for screen, shown in seen.items():
        assert all(NAMED.fullmatch(key) for key in shown), (screen, shown)


async def test_the_watching_key_bar_says_space_as_the_help_does(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["hard", "easy", "hard", "easy"])
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: table_of(app) is not None)
        table = table_of(app)
        assert table is not None
        scene = table.scene()
        assert scene.watching
        entries = keys(scene)
        assert entries[0][0] == "Space"
        bar = app.screen.query_one(KeyBar)
        await wait_for(pilot, lambda: bar.entries == entries)
        assert all(NAMED.fullmatch(key) for key, _, _ in entries), entries
        await press(pilot, "q")
