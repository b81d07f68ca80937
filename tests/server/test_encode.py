"""The sockets' JSON text (``server.outbox.encode``) against the standard library.

``json.dumps`` with compact separators and UTF-8 kept is the independent
oracle: the page parses what either writes, and the spectators' shared
snapshot is spliced by text (``Room.publish``), so the text must be exactly
the compact form.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from holdem.server.outbox import encode

pytestmark = pytest.mark.server

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text() | st.integers(0, 10**6), inner, max_size=4)
    ),
    max_leaves=20,
)


def _compact(message: Any) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@given(st.dictionaries(st.text(), values, max_size=5))
def test_encode_is_compact_json_as_the_standard_library_writes_it(
    message: dict[str, Any],
) -> None:
    text = encode(message)
    assert json.loads(text) == json.loads(_compact(message))


def test_a_snapshot_is_written_exactly_as_compact_json() -> None:
    message = {
        "type": "table",
        "snapshot": {
            "you": {"player": "Zoë 張", "seat": 3, "balance": 9800, "time_bank": 30.0},
            "seats": [None, {"seat": 2, "stack": 198, "cards": ["As", "Kd"]}],
            "hand": {"pots": [{"amount": 0, "seats": [1, 3]}], "deadline": "+00:00"},
        },
        "banks": {2: 12.5},  # a key that is not a string is written as one
    }
    assert encode(message) == _compact(message)


def test_a_value_json_cannot_hold_is_refused() -> None:
    with pytest.raises(TypeError):
        encode({"set": {1, 2}})
