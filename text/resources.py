"""The game's resources that are not code (assets/ in the checkout, installed as the package
``tui.assets``): read with importlib.resources, each with a bound on its size."""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from game import files
from game.files import FileMissingError, FileReadError

PACKAGE = "tui.assets"
MAX_BYTES = 1 << 20  # the help is about 20 KB


def asset(*parts: str) -> Traversable:
    """A resource by its path under assets/ (``asset("themes", "light.toml")``)."""
    place = _assets()
    for part in parts:
        place = place.joinpath(part)
    return place


def _assets() -> Traversable:
    try:
        return resources.files(PACKAGE)
    except ModuleNotFoundError:
        # The checkout itself on sys.path, not installed (or installed before assets/ was
        # mapped; `pip install -e .` again maps it): assets/ beside tui/.
        return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path | None:
    """The resource as a file on disk (where Textual reads a stylesheet from), or None when the
    installation keeps it elsewhere (a zip)."""
    place = asset(*parts)
    return place if isinstance(place, Path) else None


def read_asset(*parts: str, max_bytes: int = MAX_BYTES) -> str:
    """A text resource (UTF-8) by its path under assets/; see :func:`read_text`."""
    return read_text(asset(*parts), max_bytes)


def read_text(place: Traversable, max_bytes: int = MAX_BYTES) -> str:
    """A UTF-8 text file; FileMissingError when it is not there, FileReadError when it is larger
    than ``max_bytes`` or cannot be read (no more than ``max_bytes + 1`` bytes are read)."""
    try:
        if not place.is_file():
            raise FileMissingError("no such file", files.MISSING)
        with place.open("rb") as stream:
            data = stream.read(max_bytes + 1)
    except FileReadError:
        raise
    except OSError as exc:
        detail = str(exc.strerror or exc)
        raise FileReadError(f"read error ({detail})", files.READ_FAILED, detail=detail) from None
    if len(data) > max_bytes:
        raise FileReadError(
            f"too big (more than {max_bytes:,} bytes)", files.TOO_BIG, limit=max_bytes
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileReadError(
            f"not UTF-8 text (bad byte at offset {exc.start})", files.NOT_UTF8, offset=exc.start
        ) from None
