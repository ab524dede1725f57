"""The layers: every module imports only its own layer and the layers below it, and nothing below
the screens loads Textual.

Read from the source (every ``import`` of every module, at any depth, in functions too) and then
checked again in fresh interpreters that import each layer whole.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT

ROOT = ROOT

# Bottom to top; a layer may import the ones before it. ai.lab (the measuring tools) sits on ai.
LAYERS = ("game", "ai", "ai.lab", "table", "store", "text", "net", "web", "tui", "cli")
NO_TEXTUAL = LAYERS[: LAYERS.index("tui")]
NO_RICH = ("game", "ai", "ai.lab", "table", "store")


def layer_of(module: str) -> str | None:
    """The layer a dotted module name belongs to (the longest layer name it starts with)."""
    found = [layer for layer in LAYERS if module == layer or module.startswith(layer + ".")]
    return max(found, key=len) if found else None


def modules() -> list[tuple[str, Path]]:
    found = []
    for top in {layer.split(".")[0] for layer in LAYERS}:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found.append((name, path))
    return found


def imported(module: str, path: Path) -> set[str]:
    """Every module ``module`` imports, relative imports made absolute."""
    names: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def test_every_module_belongs_to_a_layer() -> None:
    assert all(layer_of(name) for name, _ in modules())


def test_no_module_imports_a_layer_above_its_own() -> None:
    wrong = []
    for name, path in modules():
        own = LAYERS.index(layer_of(name) or "")
        for target in imported(name, path):
            layer = layer_of(target)
            if layer is not None and LAYERS.index(layer) > own:
                wrong.append(f"{name} imports {target}")
            top = target.split(".")[0]
            if top == "textual" and layer_of(name) in NO_TEXTUAL:
                wrong.append(f"{name} imports {target}")
            if top == "rich" and layer_of(name) in NO_RICH:
                wrong.append(f"{name} imports {target}")
    assert wrong == []


_CODE = (
    "import sys, pkgutil, importlib\n"
    "for name in {packages!r}:\n"
    "    pkg = importlib.import_module(name)\n"
    "    for m in pkgutil.walk_packages(pkg.__path__, name + '.'):\n"
    "        importlib.import_module(m.name)\n"
    "print(sorted({{m.split('.')[0] for m in sys.modules}} & {forbidden!r}))\n"
)


@pytest.mark.parametrize("top", ["table", "web"])
def test_nothing_below_the_screens_loads_textual(top: str) -> None:
    """Imported for real: a layer and all below it bring in no Textual (and the lowest, no Rich)."""
    below = LAYERS[: LAYERS.index(top) + 1]
    forbidden = {"textual", "tui", "cli"} | ({"rich"} if top == "table" else set())
    code = _CODE.format(packages=tuple(x for x in below if "." not in x), forbidden=forbidden)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
