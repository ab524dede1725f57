"""The catalogues: every word the source asks to translate is translated in every language, with
the same placeholders, and the compiled catalogue the game reads is the one its sources make."""

from __future__ import annotations

import pytest

from tests.support import catalogue


@pytest.mark.parametrize("code", catalogue.languages())
def test_every_word_is_translated(code: str) -> None:
    assert catalogue.problems(code) == []


@pytest.mark.parametrize("code", catalogue.languages())
def test_the_compiled_catalogue_is_up_to_date(code: str) -> None:
    assert catalogue.mo_path(code).read_bytes() == catalogue.compiled(code), "run `make catalogue`"


def test_italian_is_a_language_we_have() -> None:
    assert catalogue.languages() == ["it"]
