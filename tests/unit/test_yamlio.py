"""The shared YAML model loader and pydantic error formatter (core.storage.yamlio)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.storage import yamlio
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, ValidationError


class Inner(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: str


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = "x"
    items: list[Inner] = []


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "f.yaml"
    path.write_text(text, "utf-8")
    return path


def test_first_error_names_the_field_path() -> None:
    with pytest.raises(ValidationError) as info:
        Model.model_validate({"items": [{"path": "a"}, {}]})
    assert yamlio.first_error(info.value) == "items.2.path: Field required"


def test_first_error_without_a_location() -> None:
    with pytest.raises(ValidationError) as info:
        Inner.model_validate("not a mapping")
    assert yamlio.first_error(info.value).startswith("Input should be a valid dictionary")


def test_load_model(tmp_path: Path) -> None:
    m = yamlio.load_model(write(tmp_path, "name: n\nitems:\n  - path: a\n"), "f.yaml", Model)
    assert m == Model(name="n", items=[Inner(path="a")])


@pytest.mark.parametrize(
    ("text", "empty_ok", "message"),
    [
        ("", False, "f.yaml: custom mapping message"),
        ("- a\n", True, "f.yaml: custom mapping message"),
        ("just text\n", False, "f.yaml: custom mapping message"),
        ("items: [{}]\n", False, "f.yaml: items.1.path: Field required"),
        ("other: 1\n", False, "f.yaml: other: Extra inputs are not permitted"),
        ("a: [\n", False, "f.yaml: not valid YAML"),
    ],
)
def test_load_model_errors_are_one_line_naming_the_file(
    tmp_path: Path, text: str, empty_ok: bool, message: str
) -> None:
    with pytest.raises(BriefdeskError) as info:
        yamlio.load_model(
            write(tmp_path, text),
            "f.yaml",
            Model,
            empty_ok=empty_ok,
            not_mapping="custom mapping message",
        )
    assert str(info.value).startswith(message) and "\n" not in str(info.value)


def test_empty_file_is_defaults_when_allowed(tmp_path: Path) -> None:
    assert (
        yamlio.load_model(write(tmp_path, "# only a comment\n"), "f.yaml", Model, empty_ok=True)
        == Model()
    )
    assert yamlio.load_mapping(write(tmp_path, ""), "f.yaml", empty_ok=True) == {}


YAMLISH = st.text(alphabet=st.sampled_from(list("ab:-[]{},&*!|>'\"#~\n  0123.中文")), max_size=80)


@settings(max_examples=300, deadline=None)
@given(YAMLISH)
def test_the_libyaml_path_reads_what_the_python_loader_reads(text: str) -> None:
    """Same result wherever the Python loader succeeds; where it fails, libyaml (the reference
    parser) may accept a little more (`>#`), but only ever with a result or our own error."""
    import yaml
    from briefdesk.core.storage import yamlio

    try:
        expected = yaml.load(text, Loader=yamlio._Loader)
    except (yaml.YAMLError, RecursionError):
        with contextlib.suppress(BriefdeskError):
            yamlio.loads(text, "f.yaml")
        return
    assert yamlio.loads(text, "f.yaml") == expected
