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


def _settings(ws: Path, old: str, new: str) -> None:
    _replace(ws / "briefdesk.yaml", old, new)


def _briefs_in(folder: str) -> Callable[[Path], None]:
    return lambda ws: _settings(ws, "  briefs: briefs\n", f"  briefs: {folder}\n")


def settings_link(target: Callable[[Path], Path]) -> Callable[[Path], None]:
    """`briefdesk.yaml` replaced by a link to what `target(ws)` returns."""

    def breaks(ws: Path) -> None:
        to = target(ws)
        (ws / "briefdesk.yaml").unlink()
        (ws / "briefdesk.yaml").symlink_to(to)

    return breaks


def _outside_settings(ws: Path) -> Path:
    copy = _outside(ws, "elsewhere") / "briefdesk.yaml"
    copy.write_bytes((ws / "briefdesk.yaml").read_bytes())
    return copy


def manifest_link_outside(ws: Path) -> None:
    """The manifest replaced by a link to an identical copy outside the workspace."""
    copy = _outside(ws, "elsewhere") / "manifest.yaml"
    copy.write_bytes((ws / MANIFEST).read_bytes())
    (ws / MANIFEST).unlink()
    (ws / MANIFEST).symlink_to(copy)


def named_material(name: str, yaml_name: str) -> Callable[[Path], None]:
    """A real material file called `name`, named in the manifest as the YAML `yaml_name`."""

    def breaks(ws: Path) -> None:
        (ws / name).write_bytes((ws / FIRST).read_bytes())
        _material_path(ws, yaml_name)

    return breaks


def second_increment_without_parts(ws: Path) -> None:
    with (ws / MANIFEST).open("a", encoding="utf-8") as fh:
        fh.write(f'brief:\n  increments:\n    - parts: ["{FIRST}#1"]\n    - title: no parts\n')


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
        "manifest-duplicate-key",
        "a second `materials:` in a manifest (YAML keys are unique; it was last-wins)",
        lambda ws: (ws / MANIFEST).write_text(
            (ws / MANIFEST).read_text("utf-8") + "materials:\n  - inbox/x.md\n", "utf-8"
        ),
        (MANIFEST, "duplicate key 'materials' (lines 8 and"),
    ),
    Case(
        "proposal-duplicate-key",
        "a second `decision:` in one proposal",
        lambda ws: _manifest(
            ws, "    decision: include\n", "    decision: include\n    decision: exclude\n"
        ),
        (MANIFEST, "duplicate key 'decision'"),
    ),
    Case(
        "manifest-error-counted-from-1",
        "the second proposed increment has no `parts`",
        second_increment_without_parts,
        (MANIFEST, "brief.increments.2.parts: Field required"),
    ),
    Case(
        "manifest-link-outside",
        "the manifest is a link to a file outside the workspace",
        manifest_link_outside,
        (MANIFEST, "elsewhere/manifest.yaml, outside the workspace"),
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
    Case(
        "settings-duplicate-key",
        "a second `paths:` in `briefdesk.yaml`",
        lambda ws: (ws / "briefdesk.yaml").write_text(
            (ws / "briefdesk.yaml").read_text("utf-8") + "paths:\n  briefs: elsewhere\n",
            "utf-8",
        ),
        ("briefdesk.yaml", "duplicate key 'paths' (lines 6 and"),
    ),
    Case(
        "settings-briefs-in-state-folder",
        "`paths.briefs: .briefdesk` (the tool's own state folder)",
        _briefs_in(".briefdesk"),
        ("briefdesk.yaml", "paths.briefs", "inside the tool's own state folder .briefdesk/"),
    ),
    Case(
        "settings-briefs-in-git",
        "`paths.briefs: .git/briefs` (the git directory)",
        _briefs_in(".git/briefs"),
        ("briefdesk.yaml", "paths.briefs", "inside the git directory .git/"),
    ),
    Case(
        "settings-briefs-outside",
        "`paths.briefs: ../briefs` (outside the workspace)",
        _briefs_in("../briefs"),
        ("briefdesk.yaml", "paths.briefs", "leaves the workspace"),
    ),
    Case(
        "settings-materials-in-git",
        "`paths.materials: [inbox, .git]`",
        lambda ws: _settings(
            ws, "  briefs: briefs\n", "  briefs: briefs\n  materials: [inbox, .git]\n"
        ),
        ("briefdesk.yaml", "paths.materials.2", "inside the git directory"),
    ),
    Case(
        "settings-living-doc-outside",
        "a topic's `living_doc: ../../etc/passwd`",
        lambda ws: _settings(ws, "living_doc: docs/inference.md", "living_doc: ../../etc/passwd"),
        ("briefdesk.yaml", "topics.inference.living_doc", "leaves the workspace"),
    ),
    Case(
        "settings-dangling-link",
        "`briefdesk.yaml` a link to nothing (was silently no settings)",
        settings_link(lambda ws: ws / "nothing.yaml"),
        ("briefdesk.yaml", "which does not exist"),
    ),
    Case(
        "settings-link-loop",
        "`briefdesk.yaml` a link to itself",
        settings_link(lambda ws: ws / "briefdesk.yaml"),
        ("briefdesk.yaml", "symlink loop"),
    ),
    Case(
        "settings-link-outside",
        "`briefdesk.yaml` a link to a file outside the workspace",
        settings_link(_outside_settings),
        ("briefdesk.yaml", "outside the workspace"),
    ),
    Case(
        "settings-link-to-dev-zero",
        "`briefdesk.yaml` a link to `/dev/zero` (read until memory ran out)",
        settings_link(lambda ws: Path("/dev/zero")),
        ("briefdesk.yaml", "character device, not a regular file"),
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
        "material-in-git",
        "a material `.git/config`",
        lambda ws: _material_path(ws, ".git/config"),
        (MANIFEST, "'.git/config' is inside the git directory .git/"),
    ),
    Case(
        "material-dotdot-into-git",
        "`inbox/../.git/config` (inside the workspace, but in the git directory)",
        lambda ws: _material_path(ws, "inbox/../.git/config"),
        (MANIFEST, "'inbox/../.git/config' is inside the git directory .git/"),
    ),
    Case(
        "material-dotdot-inside",
        "`inbox/../inbox/…` (a roundabout path inside the workspace)",
        lambda ws: _material_path(ws, f"inbox/../{FIRST}"),
        (MANIFEST, "goes through '..'", f"the plain way: {FIRST}"),
    ),
    Case(
        "material-in-state-folder",
        "a material `.briefdesk/x.md`",
        lambda ws: _material_path(ws, ".briefdesk/x.md"),
        (MANIFEST, "inside the tool's own state folder .briefdesk/"),
    ),
    Case(
        "material-name-escape",
        "a material file named with ESC, CSI and BEL (`a\\e[2Jb\\a.md`)",
        named_material("inbox/jay/a\x1b[2Jb\x07.md", '"inbox/jay/a\\e[2Jb\\a.md"'),
        (MANIFEST, "'inbox/jay/a\\x1b[2Jb\\x07.md' holds a control character"),
    ),
    Case(
        "material-name-newline",
        "a material file whose name holds a newline",
        named_material("inbox/jay/a\nb.md", '"inbox/jay/a\\nb.md"'),
        (MANIFEST, "'inbox/jay/a\\nb.md' holds a control character or a line break"),
    ),
    Case(
        "material-name-c1-csi",
        "a material file named with the one-byte CSI U+009B",
        named_material("inbox/jay/a\x9b31mb.md", '"inbox/jay/a\\x9b31mb.md"'),
        (MANIFEST, "'inbox/jay/a\\x9b31mb.md' holds a control character"),
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
