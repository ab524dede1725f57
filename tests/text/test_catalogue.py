"""The catalogues: every word the source asks to translate is translated in every language, with
the same placeholders, and the compiled catalogue the game reads is the one its sources make."""

from __future__ import annotations

import ast

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


def test_no_word_to_translate_is_asked_inside_an_f_string() -> None:
    """The extractor reads inside f-strings only on Python 3.12 and later: a ``_()`` there
    would be in the catalogue on one Python and missing on another."""
    found = []
    for layer in catalogue.LAYERS:
        for path in sorted((catalogue.ROOT / layer).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.JoinedStr):
                    found += [
                        f"{path.relative_to(catalogue.ROOT)}:{call.lineno}"
                        for call in ast.walk(node)
                        if isinstance(call, ast.Call)
                        and isinstance(call.func, ast.Name)
                        and call.func.id in catalogue.KEYWORDS
                        and call.args
                        and isinstance(call.args[0], ast.Constant)
                    ]
    assert found == []
