"""The three floors: game imports nothing of ours above it, ai imports only game, and neither
imports textual or rich (checked in a fresh interpreter, every module imported)."""

from __future__ import annotations

import subprocess
import sys

import pytest

_CODE = (
    "import sys, pkgutil, importlib\n"
    "for name in {packages!r}:\n"
    "    pkg = importlib.import_module(name)\n"
    "    for m in pkgutil.iter_modules(pkg.__path__):\n"
    "        importlib.import_module(f'{{name}}.{{m.name}}')\n"
    "bad = sorted(m for m in sys.modules if m.split('.')[0] in {forbidden!r})\n"
    "print(bad)\n"
)


@pytest.mark.parametrize(
    ("packages", "forbidden"),
    [
        (("game",), ("ai", "tui", "textual", "rich")),
        (("game", "ai"), ("tui", "textual", "rich")),
    ],
)
def test_each_floor_imports_only_the_floors_below(
    packages: tuple[str, ...], forbidden: tuple[str, ...]
) -> None:
    code = _CODE.format(packages=packages, forbidden=forbidden)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
