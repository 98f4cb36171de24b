"""The high-score file: whatever is in it, loading never raises, and a file that cannot be
used is kept aside byte for byte (``*.bad``), never overwritten."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.client.files import scores

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=16,
)


def shaped(value: object) -> bytes:
    """``value`` inside a file of the right shape, so the parser gets past the header."""
    return json.dumps({"version": scores.VERSION, "tables": {"forts": {"9x18": value}}}).encode()


@settings(max_examples=300)
@given(st.one_of(
    st.binary(max_size=200),
    json_values.map(lambda value: json.dumps(value).encode()),
    json_values.map(shaped),
    st.sampled_from([b"[" * 100_000, b'{"version": 1, "tables": {"\xff": []}}']),
))
def test_any_high_score_file_loads_or_is_kept_aside(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scores.json"
        path.write_bytes(data)
        loaded = scores.load(path)
        if loaded.problem is None:
            assert path.read_bytes() == data, "a usable file is read, not rewritten"
        else:
            assert not path.exists() and loaded.tables == {}
            assert (Path(folder) / "scores.json.bad").read_bytes() == data
