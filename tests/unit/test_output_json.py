"""The commands' JSON (briefdesk.cli.output.to_json) is `json.dumps(ensure_ascii=False,
indent=1)`'s text exactly, written faster (docs/json.md): checked against it on random data."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briefdesk.cli.output import dumps_indented, to_json

_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
)
_KEYS = st.text() | st.integers() | st.floats() | st.booleans() | st.none()
_DATA = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(_KEYS, inner, max_size=4)
    ),
    max_leaves=40,
)


@settings(max_examples=400, deadline=None)
@given(_DATA)
def test_the_text_of_json_dumps(data: object) -> None:
    assert dumps_indented(data) == json.dumps(data, ensure_ascii=False, indent=1)


def test_the_forms_json_dumps_writes() -> None:
    data = {
        "s": '中文 \x00 \u2028 "q" \\',
        1: [True, False, None, -0.0, math.inf, -math.inf, math.nan, 10**30, 1e-7],
        2.5: {},
        None: [],
        False: ([], {"a": ()}),
    }
    assert dumps_indented(data) == json.dumps(data, ensure_ascii=False, indent=1)


def test_what_is_no_json_is_refused_as_json_dumps_refuses_it() -> None:
    with pytest.raises(TypeError):
        dumps_indented({"a": {1, 2}})
    with pytest.raises(TypeError):
        dumps_indented({(1, 2): "a"})
    with pytest.raises(TypeError, match="not JSON serializable"):
        to_json({"a": object()})


def test_unsafe_characters_still_escaped() -> None:
    assert to_json({"a": "\u009b\u202e"}) == '{\n "a": "\\u009b\\u202e"\n}\n'
