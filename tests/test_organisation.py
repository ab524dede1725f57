"""How the tests are kept: the files conftest.RUN_FIRST starts with exist, and a test module takes
its helpers from tests/support alone, never from another test module."""

from __future__ import annotations

import ast

from tests.conftest import RUN_FIRST
from tests.support.paths import TESTS


def test_the_files_run_first_exist() -> None:
    missing = [stem for stem in RUN_FIRST if not (TESTS / f"{stem}.py").is_file()]
    assert not missing, f"conftest.RUN_FIRST names no such file: {missing}"
    assert len(set(RUN_FIRST)) == len(RUN_FIRST)


def test_helpers_come_from_tests_support_only() -> None:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                if name.startswith("tests.") and not name.startswith("tests.support"):
                    if name != "tests.conftest" or path.parent != TESTS:
                        found.append(f"{path.relative_to(TESTS)}: {name}")
    assert not found, found
