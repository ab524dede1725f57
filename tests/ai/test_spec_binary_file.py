"""A bot file that is not Python text at all (null bytes) is refused in one line that names the
file, with no "line None" in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.spec import SpecError, parse_spec


def test_a_binary_bot_file_is_refused_in_one_clear_line(tmp_path: Path) -> None:
    (tmp_path / "binbot.py").write_bytes(b"class B:\x00\xff\n")
    with pytest.raises(SpecError) as info:
        parse_spec(f"{tmp_path / 'binbot.py'}:B")
    said = str(info.value)
    assert said.startswith("binbot.py: ") and "None" not in said and "\n" not in said
