"""A certificate that cannot be used, as `tarocchino web` refuses it, in both languages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.main import main
from text import language


@pytest.fixture(autouse=True)
def _english_again(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """A data directory of the test's own; English again afterwards (the tests share
    processes)."""
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    yield
    language.use("en")


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "holds no certificate"), ("it", "non contiene un certificato")],
)
def test_a_file_without_a_certificate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    pem = tmp_path / "table.pem"
    pem.write_text("nothing here\n")
    assert main(["--lang", lang, "web", "--cert", str(pem), "--key", str(pem)]) == 2
    assert f"{pem} {said} (-----BEGIN CERTIFICATE-----)" in capsys.readouterr().err
