"""The installed game carries its own files: a wheel built from the checkout, installed in a fresh
virtual environment, finds the help (with the house rules), the stylesheet and the themes, all
from assets/ (installed as tui.assets, never as a top-level package of its own)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
from pathlib import Path

from tests.support.paths import ROOT

LAYERS = ("game", "ai", "table", "store", "text", "net", "web", "tui", "cli")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())

# The wheel built by the project's build backend (named in pyproject.toml; installed with the
# test tools), called directly in a process of its own, as pip calls it: no isolated build
# environment to set up, nothing fetched, nothing written in the checkout (a copy is built).
_BUILD = """
import importlib, sys
backend = importlib.import_module(sys.argv[1])
print(backend.build_wheel(sys.argv[2]))
"""

_PROBE = """
import sys
from pathlib import Path
import tui
from tui.screens.help import help_text
text = help_text()
assert Path(tui.__file__).resolve().is_relative_to(Path(sys.prefix).resolve()), tui.__file__
assert "House rules" in text and "rounded to 5" in text, text[:200]
assert "nobody can call" in text and "card by card" in text
from importlib import resources
from importlib.util import find_spec
assets = resources.files("tui.assets")
assert Path(str(assets)).resolve().is_relative_to(Path(sys.prefix).resolve()), assets
assert assets.joinpath("app.tcss").is_file()
assert "regole della casa" in help_text(language="it")  # (each language's page installed)
assert find_spec("assets") is None  # no top-level package named assets
from tui.app import TarocchinoApp
assert Path(TarocchinoApp.CSS_PATH).is_file(), TarocchinoApp.CSS_PATH
from text.themes import load_theme, theme_names
names = theme_names()
assert {"classic", "charcoal", "daylight", "contrast"} <= set(names), names
for name in names:
    theme, problem = load_theme(name)
    assert problem is None and theme.name == name, (name, problem)
from ai.learned import load_model
assert load_model().made_by["command"].startswith("tarocchino train")  # the shipped weights
print("ok", len(text))
"""


def test_a_wheel_installed_elsewhere_finds_the_help(tmp_path: Path) -> None:
    source, wheels = tmp_path / "source", tmp_path / "wheels"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(".*", "build", "*.egg-info", "__pycache__", "tests", "docs"),
    )
    subprocess.run(
        [sys.executable, "-c", _BUILD, PYPROJECT["build-system"]["build-backend"], str(wheels)],
        cwd=source,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    (wheel,) = wheels.glob("tarocchino-*.whl")
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # The game's dependencies (Textual) come from this environment; the game from the wheel only
    # (a path listed in a .pth file is not scanned for more .pth files, so the checkout's
    # editable install does not leak in).
    (purelib / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "--no-index",
            "--disable-pip-version-check",
            "--quiet",
            str(wheel),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = subprocess.run(
        [str(python), "-I", "-c", _PROBE], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok")


def test_every_package_is_in_the_wheel() -> None:
    """pyproject.toml lists the packages (tui.assets is mapped onto assets/): none is left out."""
    setuptools = PYPROJECT["tool"]["setuptools"]
    found = {  # the folders of the layers that are packages, as setuptools finds them
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in LAYERS
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert set(found) | {"tui.assets", "tui.assets.themes"} == set(setuptools["packages"])
    assert setuptools["package-dir"]["tui.assets"] == "assets"
    assert (ROOT / "assets" / "__init__.py").is_file()


def test_a_checkout_that_is_not_installed_finds_its_assets(tmp_path: Path) -> None:
    """The checkout on sys.path without an install (no site: no editable finder): assets/ is
    found beside tui/."""
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from text.resources import read_asset\n"
        "from text.themes import load_theme, theme_names\n"
        "assert 'House rules' in read_asset('help.md')\n"
        "assert all(load_theme(n)[1] is None for n in theme_names()), theme_names()\n"
        "print(len(theme_names()))"
    )
    out = subprocess.run(
        [sys.executable, "-S", "-c", probe, str(ROOT)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) >= 4
