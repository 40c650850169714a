"""The bad-input corpus: each case breaks one thing in a clean demo workspace.

A case is a function that breaks a workspace copy, and the words the one error line must hold:
the file it names and the problem it states. `tests/hostile/test_bad_input.py` runs every case
through `scan`, `build` and `commit`; docs/reliability.md lists them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hostile_helpers import FIRST, MANIFEST

from tests.support.hostile_inputs import alias_bomb_text

LIVING_DOC = "docs/inference.md"
EARLIER_BRIEF = "briefs/inference/2026-11-01-e1-manual.md"


@dataclass(frozen=True)
class Case:
    name: str
    what: str  # the input, for the docs table
    breaks: Callable[[Path], None]
    needles: tuple[str, ...]  # in the error line: the file and the problem


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), "utf-8")


def _manifest(ws: Path, old: str, new: str) -> None:
    _replace(ws / MANIFEST, old, new)


def _material_path(ws: Path, new: str) -> None:
    """Name `new` instead of the first material in the manifest."""
    _manifest(ws, f"  - {FIRST}\n", f"  - {new}\n")


def _first_material(data: bytes) -> Callable[[Path], None]:
    def breaks(ws: Path) -> None:
        (ws / FIRST).write_bytes(data)

    return breaks


def _outside(ws: Path, name: str) -> Path:
    """A folder beside the workspace, holding a readable Markdown file."""
    folder = ws.parent / name
    folder.mkdir(exist_ok=True)
    (folder / "secret.md").write_text("## 外部文件\n不应被读取\n", "utf-8")
    return folder


def symlink_file_outside(ws: Path) -> None:
    target = _outside(ws, "elsewhere") / "secret.md"
    (ws / FIRST).unlink()
    (ws / FIRST).symlink_to(target)


def symlink_folder_outside(ws: Path) -> None:
    (ws / "inbox" / "linked").symlink_to(_outside(ws, "elsewhere"), target_is_directory=True)
    _material_path(ws, "inbox/linked/secret.md")


def sibling_prefix_link(ws: Path) -> None:
    """`<tmp>/ws-evil/` shares the workspace's name as a prefix; reached through a link."""
    (ws / "inbox" / "evil").symlink_to(_outside(ws, ws.name + "-evil"), target_is_directory=True)
    _material_path(ws, "inbox/evil/secret.md")


def sibling_prefix_dotdot(ws: Path) -> None:
    _outside(ws, ws.name + "-evil")
    _material_path(ws, f"../{ws.name}-evil/secret.md")


def duplicate_id(ws: Path) -> None:
    (ws / "batches" / "zz-copy.yaml").write_bytes((ws / MANIFEST).read_bytes())


def nested(levels: int) -> str:
    return "deep: " + "[" * levels + "]" * levels + "\n"


GBK_PREFIX = b"# title\n"  # 8 ASCII bytes, so the bad byte is at offset 8


CASES: tuple[Case, ...] = (
    # -- manifests -----------------------------------------------------------------------------
    Case(
        "manifest-not-yaml",
        "manifest is not YAML",
        lambda ws: (ws / MANIFEST).write_text("id: [unclosed\ntopic: inference\n", "utf-8"),
        (MANIFEST, "not valid YAML"),
    ),
    Case(
        "manifest-not-mapping",
        "manifest is a YAML list, not a mapping",
        lambda ws: (ws / MANIFEST).write_text("- id\n- topic\n", "utf-8"),
        (MANIFEST, "must be a mapping"),
    ),
    Case(
        "manifest-no-id",
        "manifest without `id`",
        lambda ws: _manifest(ws, "id: work-guard/e627b203-77c1-4f5a-a634-26925ef1b683\n", ""),
        (MANIFEST, "id: Field required"),
    ),
    Case(
        "manifest-id-newline",
        "an `id` holding a newline (a flattened `Batch:` trailer would name another batch)",
        lambda ws: _manifest(
            ws,
            "id: work-guard/e627b203-77c1-4f5a-a634-26925ef1b683\n",
            'id: "work-guard/e627b203\\nReviewed-by: Mallory"\n',
        ),
        (MANIFEST, "id: holds a line break or control character"),
    ),
    Case(
        "manifest-id-escape",
        "an `id` holding ESC",
        lambda ws: _manifest(
            ws,
            "id: work-guard/e627b203-77c1-4f5a-a634-26925ef1b683\n",
            'id: "work-guard/\\e[2Je627b203"\n',
        ),
        (MANIFEST, "id: holds a line break or control character"),
    ),
    Case(
        "manifest-unknown-topic",
        "topic neither configured nor `docs/<topic>.md`",
        lambda ws: _manifest(ws, "topic: inference", "topic: quantum-baking"),
        (MANIFEST, "unknown topic 'quantum-baking'"),
    ),
    Case(
        "manifest-duplicate-id",
        "two manifests with the same id",
        duplicate_id,
        ("batches/zz-copy.yaml", "also used by", MANIFEST),
    ),
    Case(
        "proposal-missing-item",
        "a proposal names an item that does not exist",
        lambda ws: _manifest(
            ws,
            '"inbox/jay/2026-11-01T0820-csdn-discovery.md#2"',
            '"inbox/jay/2026-11-01T0820-csdn-discovery.md#9"',
        ),
        (MANIFEST, "does not exist", "csdn-discovery.md#9"),
    ),
    Case(
        "manifest-alias-bomb",
        "manifest holding a 9-level YAML alias bomb",
        lambda ws: (ws / MANIFEST).write_text(alias_bomb_text(), "utf-8"),
        (MANIFEST, "aliases are not allowed"),
    ),
    Case(
        "manifest-gbk",
        "manifest in GBK",
        lambda ws: (ws / MANIFEST).write_bytes((ws / MANIFEST).read_text("utf-8").encode("gbk")),
        (MANIFEST, "not UTF-8", "offset"),
    ),
    Case(
        "settings-not-yaml",
        "`briefdesk.yaml` is not YAML",
        lambda ws: (ws / "briefdesk.yaml").write_text("topics: {inference: [\n", "utf-8"),
        ("briefdesk.yaml", "not valid YAML"),
    ),
    Case(
        "settings-unknown-key",
        "`briefdesk.yaml` with an unknown key",
        lambda ws: (ws / "briefdesk.yaml").write_text("reviewr: Tom\n", "utf-8"),
        ("briefdesk.yaml", "reviewr"),
    ),
    # -- material paths -----------------------------------------------------------------------
    Case(
        "material-missing",
        "material file missing",
        lambda ws: (ws / FIRST).unlink(),
        (MANIFEST, "file not found", FIRST),
    ),
    Case(
        "material-absolute",
        "absolute material path",
        lambda ws: _material_path(ws, "/etc/passwd"),
        (MANIFEST, "absolute path '/etc/passwd'"),
    ),
    Case(
        "material-dotdot",
        "`..` leaving the workspace",
        lambda ws: _material_path(ws, "inbox/../../outside.md"),
        (MANIFEST, "leaves the workspace"),
    ),
    Case(
        "material-symlink-file",
        "symlink file whose target is outside",
        symlink_file_outside,
        (MANIFEST, FIRST, "outside the workspace"),
    ),
    Case(
        "material-symlink-folder",
        "symlink folder whose target is outside",
        symlink_folder_outside,
        (MANIFEST, "inbox/linked/secret.md", "outside the workspace"),
    ),
    Case(
        "material-sibling-prefix-link",
        "link into a sibling `ws-evil/` sharing the name prefix",
        sibling_prefix_link,
        (MANIFEST, "ws-evil", "outside the workspace"),
    ),
    Case(
        "material-sibling-prefix-dotdot",
        "`../ws-evil/…` path to the sibling folder",
        sibling_prefix_dotdot,
        (MANIFEST, "ws-evil", "leaves the workspace"),
    ),
    Case(
        "material-is-folder",
        "material path names a folder",
        lambda ws: _material_path(ws, "inbox/jay"),
        (MANIFEST, "inbox/jay", "is not a file"),
    ),
    # -- material bytes -----------------------------------------------------------------------
    Case(
        "material-gbk",
        "material in GBK (Chinese)",
        _first_material(GBK_PREFIX + "标题：推理加速\n正文".encode("gbk")),
        (FIRST, "not UTF-8", "at offset 8"),
    ),
    Case(
        "material-nul",
        "material with a NUL byte",
        _first_material(b"## a\nabc\x00def\n"),
        (FIRST, "NUL byte at offset 8"),
    ),
    Case(
        "material-binary",
        "material that is a PNG image",
        _first_material(b"\x89PNG\r\n\x1a\n" + os.urandom(64).replace(b"\x00", b"\x01")),
        (FIRST, "not UTF-8", "offset 0"),
    ),
    Case(
        "frontmatter-never-closes",
        "front matter never closes",
        _first_material(b"---\ntitle: x\n\n## item\nbody\n"),
        (FIRST, "never closes"),
    ),
    Case(
        "frontmatter-not-mapping",
        "front matter is a list",
        _first_material(b"---\n- a\n- b\n---\nbody\n"),
        (FIRST, "not a mapping"),
    ),
    Case(
        "frontmatter-alias",
        "front matter with a YAML alias",
        _first_material(b"---\ntitle: &t x\nsource: *t\n---\nbody\n"),
        (FIRST, "aliases are not allowed"),
    ),
    Case(
        "frontmatter-alias-bomb",
        "front matter holding a 9-level alias bomb",
        _first_material(("---\n" + alias_bomb_text() + "---\nbody\n").encode()),
        (FIRST, "aliases are not allowed"),
    ),
    Case(
        "frontmatter-nested-10000",
        "front matter nested 10,000 levels",
        _first_material(("---\n" + nested(10_000) + "---\nbody\n").encode()),
        (FIRST, "nested more than"),
    ),
    Case(
        "frontmatter-control-character",
        "raw ESC in front matter (YAML forbids it; in the body it is data)",
        _first_material(b"---\ntitle: a\x1b[2Jb\n---\nbody\n"),
        (FIRST, "line 2", "U+001B is not allowed"),
    ),
    Case(
        "frontmatter-over-64k",
        "front matter over 64 KB",
        _first_material(
            ("---\n" + "".join(f"k{i}: {'v' * 70}\n" for i in range(1000)) + "---\nb\n").encode()
        ),
        (FIRST, "larger than 64 KB"),
    ),
    # -- the other inputs a review reads ------------------------------------------------------
    Case(
        "living-doc-gbk",
        "living document in GBK",
        lambda ws: (ws / LIVING_DOC).write_bytes(
            (ws / LIVING_DOC).read_text("utf-8").encode("gbk")
        ),
        (LIVING_DOC, "not UTF-8"),
    ),
    Case(
        "living-doc-missing",
        "living document missing",
        lambda ws: (ws / LIVING_DOC).unlink(),
        (LIVING_DOC, "file not found"),
    ),
    Case(
        "earlier-brief-binary",
        "an earlier brief with NUL bytes",
        lambda ws: (ws / EARLIER_BRIEF).write_bytes(b"\x00" * 32),
        (EARLIER_BRIEF, "NUL byte"),
    ),
)

CASE_BY_NAME = {case.name: case for case in CASES}
