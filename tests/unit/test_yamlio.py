"""The shared YAML model loader and pydantic error formatter (core.yamlio)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from core import yamlio
from core.errors import BriefdeskError


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
    assert yamlio.first_error(info.value) == "items.1.path: Field required"


def test_first_error_without_a_location() -> None:
    with pytest.raises(ValidationError) as info:
        Inner.model_validate("not a mapping")
    assert yamlio.first_error(info.value).startswith("Input should be a valid dictionary")


def test_load_model(tmp_path: Path) -> None:
    m = yamlio.load_model(write(tmp_path, "name: n\nitems:\n  - path: a\n"), "f.yaml", Model)
    assert m == Model(name="n", items=[Inner(path="a")])


@pytest.mark.parametrize(("text", "empty_ok", "message"), [
    ("", False, "f.yaml: custom mapping message"),
    ("- a\n", True, "f.yaml: custom mapping message"),
    ("just text\n", False, "f.yaml: custom mapping message"),
    ("items: [{}]\n", False, "f.yaml: items.0.path: Field required"),
    ("other: 1\n", False, "f.yaml: other: Extra inputs are not permitted"),
    ("a: [\n", False, "f.yaml: not valid YAML"),
])
def test_load_model_errors_are_one_line_naming_the_file(tmp_path: Path, text: str, empty_ok: bool, message: str) -> None:
    with pytest.raises(BriefdeskError) as info:
        yamlio.load_model(write(tmp_path, text), "f.yaml", Model, empty_ok=empty_ok, not_mapping="custom mapping message")
    assert str(info.value).startswith(message) and "\n" not in str(info.value)


def test_empty_file_is_defaults_when_allowed(tmp_path: Path) -> None:
    assert yamlio.load_model(write(tmp_path, "# only a comment\n"), "f.yaml", Model, empty_ok=True) == Model()
    assert yamlio.load_mapping(write(tmp_path, ""), "f.yaml", empty_ok=True) == {}
