"""Where the tests find the project and their own files."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
SUPPORT = TESTS / "support"
BOTS = SUPPORT / "bots"  # bots that misbehave or peek, for the containment tests
RECORDS = SUPPORT / "records"
VECTORS = SUPPORT / "vectors"  # a copy of ../shared/vectors
OLDER_FILES = SUPPORT / "older_files"  # a save and a record written by an earlier version
