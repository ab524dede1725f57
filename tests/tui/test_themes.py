"""Colour themes (assets/themes/*.toml, text.themes): the loader takes a good file and refuses a
bad, a huge or an unknown one with a reason (the classic theme is then used, never a crash); the
themes shipped are valid and readable (contrast); the setting persists; a theme chosen in the
settings colours the table at once; monochrome wins over any theme."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from textual.color import Color
from textual.filter import Monochrome
from textual.widgets import Select

from game.cards import FOOL, SUIT, TRUMP
from store.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from tests.support.deals import seed_where
from tests.support.screens import FAST, make_app, press, settle, wait_for
from text.render import UNICODE, Look, card_style, look_of
from text.themes import (
    CLASSIC,
    CLASSIC_THEME,
    DEFAULT_THEME,
    THEME_MAX_BYTES,
    ThemeError,
    load_theme,
    read_theme,
    theme_names,
)
from tui.screens.settings import SettingsScreen
from tui.screens.table import TableScreen
from tui.textual_theme import textual_theme
from tui.widgets.seat import SeatPanel

SHIPPED = ("classic", "charcoal", "daylight", "contrast")
BOTS3 = ["human", "random", "random", "random"]
DEALING = seed_where(lambda m: m.first_dealer == 0)  # the human discards first: the table waits

GOOD = """\
title = "Test felt"
about = "a theme for the tests"

[textual]
base = "textual-light"
background = "#FAFAFA"
dark = false

[textual.variables]
footer-key-foreground = "#004f8c"

[table]
felt = "#dcebdd"
felt-border = "#3f7d57"
turn = "#bfe0c8"
spade = "#1747a6"
bastoni = "#17632a"
coppe = "#a81c26"
denari = "#734e00"
trump = "#6a2fa8"
matto = "#00616d"
side-a = "#00638a"
side-b = "#944700"
"""


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- the loader
def test_a_good_theme_file_is_read(tmp_path: Path) -> None:
    _write(tmp_path, "test", GOOD)
    theme = read_theme("test", tmp_path)
    assert (theme.name, theme.title, theme.base) == ("test", "Test felt", "textual-light")
    assert theme.palette.felt == "#dcebdd" and theme.palette.sides == ("#00638a", "#944700")
    assert theme.palette.suits == ("#1747a6", "#17632a", "#a81c26", "#734e00")
    textual = textual_theme(theme)
    assert textual.name == "tarocchino-test" and textual.background == "#fafafa"
    assert textual.dark is False and textual.primary == "#004578"  # the base's, not changed
    assert textual.variables["felt"] == "#dcebdd"
    assert textual.variables["footer-key-foreground"] == "#004f8c"
    assert theme_names(tmp_path) == [DEFAULT_THEME, "test"]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda t: t.replace('spade = "#1747a6"', 'spade = "blue"'),
            "table.spade must be a colour",
        ),
        (lambda t: t.replace('turn = "#bfe0c8"\n', ""), "no colour for turn"),
        (
            lambda t: t.replace("[table]", '[table]\nhearts = "#ff0000"'),
            "unknown key table.'hearts'",
        ),
        (lambda t: t.replace('"textual-light"', '"nord"'), "textual.base must be one of"),
        (lambda t: t.replace("dark = false", 'dark = "no"'), "textual.dark must be true or false"),
        (lambda t: t.replace('title = "Test felt"', "title = 3"), "title must be some text"),
        (lambda t: t.replace("[table]", "[tabel]"), "unknown key 'tabel'"),
        (lambda t: t.replace("footer-key", 'felt = "#000000"\nfooter-key'), "'felt' cannot be set"),
        (lambda t: t.replace("[textual]", "[textual"), "not valid TOML"),
        (lambda t: "", "title must be some text"),
    ],
)
def test_a_bad_theme_file_says_why(tmp_path: Path, change, reason: str) -> None:
    _write(tmp_path, "bad", change(GOOD))
    with pytest.raises(ThemeError, match="^bad.toml: ") as caught:
        read_theme("bad", tmp_path)
    assert reason in str(caught.value)


def test_a_huge_theme_file_is_not_read(tmp_path: Path) -> None:
    _write(tmp_path, "huge", GOOD + "# " + "x" * THEME_MAX_BYTES + "\n")
    with pytest.raises(ThemeError, match=r"huge.toml: too big \(more than 16,384 bytes\)"):
        read_theme("huge", tmp_path)
    (tmp_path / "binary.toml").write_bytes(b'title = "\xff"\n')
    with pytest.raises(ThemeError, match="not UTF-8"):
        read_theme("binary", tmp_path)


def test_an_unknown_theme_gives_the_classic_one_and_a_reason(tmp_path: Path) -> None:
    with pytest.raises(ThemeError, match="there is no theme named nosuch"):
        read_theme("nosuch", tmp_path)
    for name in ("../classic", "Classic", "a/b", "", "x" * 40):
        with pytest.raises(ThemeError, match="is not the name of a theme"):
            read_theme(name, tmp_path)
    theme, problem = load_theme("nosuch")
    assert theme.palette == CLASSIC and problem is not None
    assert "there is no theme named nosuch" in problem and "classic" in problem
    # the default theme without its file: the colours written in the code
    assert read_theme(DEFAULT_THEME, tmp_path) is CLASSIC_THEME


def test_the_shipped_themes_are_valid_and_classic_is_the_codes_default() -> None:
    assert set(SHIPPED) <= set(theme_names()) and theme_names()[0] == DEFAULT_THEME
    for name in theme_names():
        theme, problem = load_theme(name)
        assert problem is None and theme.name == name, problem
        assert len(theme.title) <= 24  # the settings' select box
    classic = read_theme(DEFAULT_THEME)
    assert classic.palette == CLASSIC and classic.base == "textual-dark"
    assert not classic.textual and not classic.variables  # Textual's dark theme as it is
    assert classic.title == CLASSIC_THEME.title


# --------------------------------------------------------------------------- contrast
def _luminance(color: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("name", SHIPPED)
def test_the_suits_are_readable_on_the_table(name: str) -> None:
    """Each card colour and chart line against the felt (the trick), the surface (the hand) and
    the background (the sidebar): at least 4.5:1 (WCAG AA), 7:1 for the high-contrast theme;
    the seat's text on the turn highlight too."""
    theme = read_theme(name)
    colors = textual_theme(theme).to_color_system().generate()
    p = theme.palette
    grounds = {
        "felt": p.felt,
        "surface": colors["surface"][:7].lower(),
        "background": colors["background"][:7].lower(),
    }
    least = 7.0 if name == "contrast" else 4.5
    for ink in (*p.suits, p.trump, p.matto, *p.sides):
        for where, ground in grounds.items():
            assert contrast(ink, ground) >= least, (name, ink, where, ground)
    assert contrast(colors["foreground"][:7], p.turn) >= least, (name, p.turn)
    assert contrast(p.felt_border, p.felt) >= 1.8, name  # the felt's edge shows


# --------------------------------------------------------------------------- settings
def test_the_theme_setting_round_trips(tmp_path: Path) -> None:
    save_settings(Settings(theme="daylight"), tmp_path)
    assert load_settings(tmp_path).theme == "daylight"
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["theme"] == "daylight"
    for bad in ("../../etc/passwd", 7, None, "Daylight", "x" * 100):
        (tmp_path / SETTINGS_FILE).write_text(json.dumps({"theme": bad, "suit_marks": "ascii"}))
        settings = load_settings(tmp_path)
        assert settings.theme == DEFAULT_THEME and settings.ascii, bad
    # a well-formed name that is no theme is kept (its theme falls back when drawn)
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"theme": "gone"}))
    assert load_settings(tmp_path).theme == "gone"
    assert look_of(load_settings(tmp_path)).palette == CLASSIC
    with pytest.raises(ValueError, match="theme must be"):
        Settings(theme="../x")


def test_the_looks_colours_come_from_the_theme() -> None:
    daylight = read_theme("daylight").palette
    look = look_of(Settings(theme="daylight"))
    assert look.palette == daylight and UNICODE.palette == CLASSIC
    for card in range(62):
        color = card_style(card, look).color
        assert color is not None
        expected = (
            daylight.matto
            if SUIT[card] == FOOL
            else daylight.trump
            if SUIT[card] == TRUMP
            else daylight.suits[SUIT[card]]
        )
        assert color.name == expected
        assert card_style(card, Look(color=False, palette=daylight)).color is None


# --------------------------------------------------------------------------- the app
def _felt(table: TableScreen) -> Color:
    return table.query_one("#felt").styles.background


async def test_a_theme_chosen_in_the_settings_colours_the_table_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=DEALING, settings=FAST)
    daylight = read_theme("daylight").palette
    async with app.run_test(size=(100, 32)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        assert _felt(table) == Color.parse(CLASSIC.felt)
        await press(pilot, "s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#theme", Select).value = "daylight"
        await press(pilot, "ctrl+s")
        await wait_for(pilot, lambda: app.screen is table)
        await wait_for(pilot, lambda: _felt(table) == Color.parse(daylight.felt))
        assert app.settings.theme == "daylight" and app.theme == "tarocchino-daylight"
        assert table.look.palette == daylight
        to_act = [seat for seat in table.query(SeatPanel) if seat.styles.background.a > 0]
        assert [seat.styles.background for seat in to_act] == [Color.parse(daylight.turn)]
        assert Look().palette == daylight  # (the start screen's cards too)
    assert Look().palette == CLASSIC  # the app gone, a Look takes the default colours again


async def test_monochrome_wins_over_any_theme(tmp_path: Path) -> None:
    settings = replace(FAST, color=False, theme="contrast")
    app = make_app(tmp_path, BOTS3, seed=DEALING, settings=settings)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        assert app.theme == "tarocchino-contrast"
        assert any(isinstance(f, Monochrome) for f in app.get_line_filters())
        assert card_style(0, table.look).color is None


async def test_an_unusable_theme_is_said_and_the_classic_one_shown(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=DEALING, settings=replace(FAST, theme="gone"))
    async with app.run_test(size=(100, 32)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        assert app.theme == "tarocchino-classic" and _felt(table) == Color.parse(CLASSIC.felt)
        messages = [n.message for n in app._notifications]
        assert any("there is no theme named gone" in m for m in messages), messages
