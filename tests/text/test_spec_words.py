"""A bot specification that cannot be used, in words: in English its message, in Italian from
the catalogue, as ``play --seats`` and ``tarocchino bots`` refuse it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ai.spec import SpecError, parse_spec
from cli.main import main
from table.session import SeatsError, parse_seats
from text import language
from text.problems import error_words
from text.specs import spec_words


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """English again afterwards (the tests share processes)."""
    yield
    language.use("en")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x" * 1001,
        "zzz",
        "mod:9x",
        "bots/none.py:Bot",
        "a-b:Bot",
        "hard:budget_s",
        "hard:budget_s=1,budget_s=2",
        "hard:budget_s=x",
        "hard:budget_s=inf",
        "easy:foo=1",
        "hard:foo=1",
    ],
)
def test_a_specs_problem_in_english_is_its_message(text: str) -> None:
    with pytest.raises(SpecError) as caught:
        parse_spec(text)
    assert spec_words(caught.value) == str(caught.value)


def test_a_bad_bot_option_in_a_seat_in_italian() -> None:
    language.use("it")
    with pytest.raises(SeatsError) as caught:
        parse_seats(["human", "hard:budget_s=x", "hard", "hard"])
    assert error_words(caught.value) == (
        "posto 2: hard: l'opzione budget_s dev'essere un numero, non 'x' "
        "(un posto è human o un bot)"
    )


def test_tarocchino_bots_refuses_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "bots", "easy:foo=1"]) == 2
    assert "easy non ha l'opzione 'foo' (non accetta opzioni)" in capsys.readouterr().err
