"""The copy of the spec's vectors in tests/support/vectors (used where ../shared is not beside the
project, as on a fresh checkout) is the spec's own."""

from __future__ import annotations

import pytest

from tests.support.paths import VECTORS

SPEC = next(
    (p / "shared" / "vectors" for p in VECTORS.parents if (p / "shared" / "vectors").is_dir()), None
)


@pytest.mark.skipif(SPEC is None, reason="the spec's ../shared/vectors is not beside the project")
def test_the_vectors_copy_is_the_specs() -> None:
    assert SPEC is not None
    names = sorted(p.name for p in SPEC.glob("*.json"))
    assert names == sorted(p.name for p in (VECTORS).glob("*.json"))
    for name in names:
        assert (VECTORS / name).read_bytes() == (SPEC / name).read_bytes(), name
