"""Fuzzing the loaders (docs/reliability.md): any input gives a model or the tool's own error
(BriefdeskError, one line), never another exception.

Here: the YAML reader, the manifest loader (`Workspace.load_batch` and `Workspace.batch` on a
file), the settings loader (`Workspace.open`), the keymap loader
(`core.settings.keymap.load_keymap`), and a
material from raw bytes (decode + parse) — each with arbitrary text, arbitrary bytes, and YAML built
from the right field names with values of every shape, so validation is reached, not only the
parser. Elsewhere, not repeated: the front-matter splitter with the body byte-exact
(tests/unit/test_frontmatter.py::test_any_text_splits_or_refuses, ::test_body_is_the_exact_suffix),
the living-document outline parser
(tests/unit/test_livingdoc.py::test_any_text_is_a_doc_or_a_briefdesk_error), the brief parser
(tests/unit/test_briefs.py::test_any_text_is_entries_or_a_briefdesk_error) and materials from text
(tests/unit/test_materials.py::test_any_text_is_a_material_or_a_briefdesk_error).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.model.values import Material
from briefdesk.core.settings import Settings
from briefdesk.core.settings.keymap import ACTION_IDS, Keymap, load_keymap
from briefdesk.core.storage import fileio, yamlio
from briefdesk.core.workspace.frontmatter import split_front_matter
from briefdesk.core.workspace.layout import Workspace
from briefdesk.core.workspace.manifest import Batch
from briefdesk.core.workspace.materials import parse_material
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(scope="module")
def root() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="briefdesk-fuzz-") as tmp:
        base = Path(tmp) / "ws"
        for rel, text in {
            "docs/inference.md": "## 1.1 引擎\n文本\n",
            "inbox/a/m.md": "## 条目\n正文\n",
        }.items():
            (base / rel).parent.mkdir(parents=True, exist_ok=True)
            (base / rel).write_text(text, "utf-8")
        (base / "batches").mkdir()
        yield base


def _refused_cleanly(exc: BriefdeskError) -> None:
    assert "\n" not in str(exc) and str(exc)


# -- inputs ----------------------------------------------------------------------------------------

_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.sampled_from(
        [
            "",
            "~",
            "null",
            "2026-11-03",
            "2026-13-45",
            "inference",
            "inbox/a/m.md",
            "inbox/a/m.md#1",
            "../x.md",
            "/etc/passwd",
            "include",
            "exclude",
            "tldr",
            "append",
            "a",
            "ctrl+s",
            "default",
        ]
    ),
)


def _values(keys: list[str]) -> st.SearchStrategy[Any]:
    return st.recursive(
        _scalar,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(
                st.one_of(st.sampled_from(keys), st.text(max_size=6)), inner, max_size=4
            ),
        ),
        max_leaves=12,
    )


def _yaml_of(keys: list[str]) -> st.SearchStrategy[str]:
    """YAML text of a mapping with the right field names (and a few wrong ones) holding anything."""
    mapping = st.dictionaries(st.sampled_from(keys), _values(keys), max_size=len(keys))
    return mapping.map(lambda d: yaml.safe_dump(d, allow_unicode=True, sort_keys=False))


_fragment = st.sampled_from(
    [
        "id: x",
        "topic: inference",
        "materials:",
        "  - inbox/a/m.md",
        "  - path: x",
        "    evidence: tldr",
        "proposals:",
        "  - item: inbox/a/m.md#1",
        "bindings:",
        "  include: a",
        "extends: default",
        "&a x",
        "*a",
        "[",
        "{",
        "- ",
        ": ",
        "\t",
        "---",
        "...",
        "!!python/object:os.system",
        "%YAML 1.1",
        "? x",
        "|",
        ">-",
    ]
)
_text = st.one_of(
    st.text(), st.lists(st.one_of(_fragment, st.text(max_size=6)), max_size=12).map("\n".join)
)

MANIFEST_KEYS = [
    "id",
    "topic",
    "author",
    "created",
    "purpose",
    "background",
    "materials",
    "proposals",
    "path",
    "evidence",
    "item",
    "decision",
    "section",
    "action",
    "order",
    "note",
    "reason",
    "x",
]
SETTINGS_KEYS = [
    "reviewer",
    "language",
    "keymap",
    "advance_after_decision",
    "topics",
    "paths",
    "dedup",
    "living_doc",
    "briefs",
    "batches",
    "threshold",
    "inference",
    "x",
]
KEYMAP_KEYS = ["name", "extends", "description", "bindings", *ACTION_IDS, "x"]


# -- the YAML reader -------------------------------------------------------------------------------


@FUZZ
@given(_text)
def test_yaml_reader(text: str) -> None:
    try:
        yamlio.loads(text, "fuzz.yaml")
    except BriefdeskError as exc:
        _refused_cleanly(exc)


# -- manifests -------------------------------------------------------------------------------------


def _load_manifest(root: Path, data: bytes) -> None:
    path = root / "batches" / "fuzz.yaml"
    path.write_bytes(data)
    ws = Workspace(root, Settings())
    try:
        assert isinstance(ws.load_batch(path), Batch)
        assert isinstance(ws.batch("fuzz"), Batch)  # by stem: uniqueness and the topic checked too
    except BriefdeskError as exc:
        _refused_cleanly(exc)


@FUZZ
@given(st.one_of(_text, _yaml_of(MANIFEST_KEYS)))
def test_manifest_loader_text(root: Path, text: str) -> None:
    _load_manifest(root, text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(st.binary(max_size=200))
def test_manifest_loader_bytes(root: Path, data: bytes) -> None:
    _load_manifest(root, data)


# -- settings --------------------------------------------------------------------------------------


@FUZZ
@given(
    st.one_of(
        _text, _yaml_of(SETTINGS_KEYS), st.binary(max_size=100).map(lambda b: b.decode("latin-1"))
    )
)
def test_settings_loader(root: Path, text: str) -> None:
    (root / "briefdesk.yaml").write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        ws = Workspace.open(root)
        assert isinstance(ws.settings, Settings)
        assert ws.settings.living_doc_path("inference")
    except BriefdeskError as exc:
        _refused_cleanly(exc)
    finally:
        (root / "briefdesk.yaml").unlink()


# -- keymaps ---------------------------------------------------------------------------------------


@FUZZ
@given(
    st.one_of(
        _text,
        _yaml_of(KEYMAP_KEYS),
        _yaml_of(["bindings", *ACTION_IDS]).map(lambda t: "extends: default\n" + t),
    )
)
def test_keymap_loader(root: Path, text: str) -> None:
    path = root / "fuzz-keymap.yaml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        keymap = load_keymap(str(path))
        assert isinstance(keymap, Keymap) and set(keymap.bindings) == set(ACTION_IDS)
    except BriefdeskError as exc:
        _refused_cleanly(exc)


# -- materials from raw bytes ----------------------------------------------------------------------


_material_bytes = st.one_of(
    st.binary(max_size=200),
    st.tuples(
        _yaml_of(["title", "source", "url", "date", "evidence", "arxiv", "x"]), st.text(max_size=80)
    ).map(lambda t: f"---\n{t[0]}---\n{t[1]}".encode("utf-8", "surrogatepass")),
)


@FUZZ
@given(_material_bytes)
def test_material_from_bytes(data: bytes) -> None:
    try:
        text = fileio.decode_utf8(data, "inbox/a/m.md")
        material = parse_material("inbox/a/m.md", text, "0" * 64)
        assert isinstance(material, Material) and material.items
        _, body = split_front_matter(text, "inbox/a/m.md")
        assert text.removeprefix("\ufeff").endswith(body)
    except BriefdeskError as exc:
        _refused_cleanly(exc)
