"""Every SVG under tests/tui/__snapshots__ belongs to a test that exists.

Run in one process, the snapshot plugin (syrupy) fails the run when a snapshot file is left over
from a test that was renamed or removed; run in several (pytest-xdist, as `make test` does), it
does not look. This test looks, whichever way the suite runs."""

from __future__ import annotations

import subprocess
import sys

from tests.support.paths import ROOT, TESTS

SNAPSHOTS = TESTS / "tui" / "__snapshots__"


def _names_in(module: str, collected: dict[str, set[str]]) -> set[str]:
    """The tests of tests/tui/<module>.py: as collected in this run, or collected apart when
    this run did not collect that file."""
    if f"tui/{module}" in collected:
        return collected[f"tui/{module}"]
    path = SNAPSHOTS.parent / f"{module}.py"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            str(path),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    return {line.split("::", 1)[1] for line in out.splitlines() if "::" in line}


def test_every_snapshot_file_has_its_test(collected_tests: dict[str, set[str]]) -> None:
    folders = sorted(p for p in SNAPSHOTS.iterdir() if p.is_dir())
    assert folders, "no snapshots found"
    for folder in folders:
        assert (SNAPSHOTS.parent / f"{folder.name}.py").exists(), f"{folder}: no such test file"
        names = _names_in(folder.name, collected_tests)
        assert names, folder
        files = sorted(p for p in folder.iterdir() if p.suffix == ".svg")
        assert files, folder
        unused = [p.name for p in files if p.stem not in names]
        assert not unused, f"snapshots of no test in {folder.name}.py: {unused}"
