"""The engine and the bots stand below the front end: neither imports textual or rich."""

from __future__ import annotations

import subprocess
import sys


def test_game_and_ai_import_without_textual_or_rich() -> None:
    code = (
        "import sys, pkgutil, importlib, game, ai\n"
        "for pkg in (game, ai):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(f'{pkg.__name__}.{m.name}')\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'tui'))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
