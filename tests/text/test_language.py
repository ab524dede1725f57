"""Which language the game speaks, and numbers and dates as its readers write them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

from text import language


@pytest.fixture
def italian() -> Iterator[None]:
    language.use("it")
    yield
    language.use("en")


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
        ({"LC_ALL": "it_CH.UTF-8", "LANG": "en_US.UTF-8"}, "it"),
        ({"LC_MESSAGES": "it_IT@euro", "LANG": "en_US.UTF-8"}, "it"),
        ({"LANGUAGE": "de:it:en", "LANG": "en_US.UTF-8"}, "it"),
        ({"LANGUAGE": "", "LANG": "it_IT.UTF-8"}, "it"),
    ],
)
def test_the_environment_chooses_as_gettext_would(environ: dict[str, str], code: str) -> None:
    assert language.from_environment(environ) == code


def test_the_option_beats_the_setting_and_the_setting_the_environment() -> None:
    italian_env = {"LANG": "it_IT.UTF-8"}
    assert language.choose("en", "it", italian_env) == "en"
    assert language.choose(None, "en", italian_env) == "en"
    assert language.choose(None, "", italian_env) == "it"


def test_numbers_and_dates_in_english() -> None:
    assert language.number(1234) == "1,234"
    assert language.number(-1234.25, 1) == "-1,234.2"
    assert language.day(date(2026, 12, 6)) == "6 December 2026"


def test_numbers_and_dates_in_italian(italian: None) -> None:
    assert language.current() == "it"
    assert language.number(1234) == "1.234"
    assert language.number(1234567.5, 1) == "1.234.567,5"
    assert language.day(date(2026, 12, 6)) == "6 dicembre 2026"


def test_plural_forms_in_italian(italian: None) -> None:
    assert language.ngettext("one trick", "{n} tricks", 1) == "one trick"  # not in the catalogue


def test_a_language_we_do_not_speak_is_english() -> None:
    language.use("de")
    assert language.current() == "en"
    assert language._("May") == "May"
