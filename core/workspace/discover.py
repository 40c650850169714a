"""Which files of the workspace are materials, and which of them changed since a commit.

Materials are the Markdown files under the material folders (`paths.materials`, by default
`inbox` and `organized/paper_cards`: docs/workspace.md). They are listed the way git sees the work
tree (`git ls-files --cached --others --exclude-standard`): tracked files and new files a collector
just dropped, but nothing `.gitignore` hides (an ignored file could never be committed, and a
brief commit needs its materials committed). Hidden files (an editor's `.#draft.md`) are not
materials. A workspace that is not a git repository is walked instead.

One git process for the listing and one for the changes, whatever the number of files.
"""

from __future__ import annotations

import os
from pathlib import PurePosixPath

from ..errors import BriefdeskError
from ..git.command import first_line, git, literal
from .layout import SETTINGS_FILE, Workspace


def material_folders(ws: Workspace) -> list[str]:
    """The material folders, as workspace paths (checked: none may leave the workspace)."""
    folders: list[str] = []
    for rel in ws.settings.paths.materials:
        ws.resolve(rel, source=SETTINGS_FILE, must_exist=False)
        folders.append(PurePosixPath(rel.replace("\\", "/")).as_posix().rstrip("/"))
    return folders


def is_material_name(rel: str) -> bool:
    parts = rel.split("/")
    return rel.endswith(".md") and not any(p.startswith(".") for p in parts)


def is_material_path(ws: Workspace, rel: str) -> bool:
    """Whether the workspace path names a material: a Markdown file, not hidden, under one of the
    material folders (not the living document, a brief, a manifest or the tool's own state)."""
    if not is_material_name(rel):
        return False
    return any(rel.startswith(folder + "/") for folder in material_folders(ws) if folder)


def material_files(ws: Workspace) -> list[str]:
    """Every material file of the workspace, sorted by path."""
    folders = [f for f in material_folders(ws) if (ws.root / f).is_dir()]
    if not folders:
        return []
    proc = git(
        ws.root,
        "ls-files",
        "-z",
        "--cached",
        "--others",
        "--exclude-standard",
        "--",
        *literal(folders),
        check=False,
    )
    if proc.returncode != 0:
        if not _is_repository(ws):
            return _walk(ws, folders)
        raise BriefdeskError(f"git ls-files failed: {first_line(proc)}", ws.root)
    names = proc.stdout.decode("utf-8", "surrogateescape").split("\0")
    found = {n for n in names if n and is_material_name(n)}
    # a tracked file deleted from the work tree is listed by --cached, but is no material now
    return sorted(n for n in found if (ws.root / n).is_file())


def changed_since(ws: Workspace, commit: str | None) -> set[str]:
    """Material files added or changed since `commit` (committed or not); every material when
    `commit` is None (the point lies before the first commit)."""
    files = material_files(ws)
    if commit is None:
        return set(files)
    folders = [f for f in material_folders(ws) if (ws.root / f).is_dir()]
    if not folders:
        return set()
    proc = git(
        ws.root,
        "diff",
        "--name-only",
        "-z",
        "--relative",
        "--no-renames",
        "--no-ext-diff",
        commit,
        "--",
        *literal(folders),
        check=False,
    )
    if proc.returncode != 0:
        raise BriefdeskError(f"git diff failed: {first_line(proc)}", ws.root)
    changed = set(proc.stdout.decode("utf-8", "surrogateescape").split("\0"))
    untracked = _untracked(ws, folders)
    return {f for f in files if f in changed or f in untracked}


def _untracked(ws: Workspace, folders: list[str]) -> set[str]:
    proc = git(
        ws.root,
        "ls-files",
        "-z",
        "--others",
        "--exclude-standard",
        "--",
        *literal(folders),
        check=False,
    )
    return set(proc.stdout.decode("utf-8", "surrogateescape").split("\0"))


def _is_repository(ws: Workspace) -> bool:
    return git(ws.root, "rev-parse", "--git-dir", check=False).returncode == 0


def _walk(ws: Workspace, folders: list[str]) -> list[str]:
    found: list[str] = []
    for folder in folders:
        for here, dirs, files in os.walk(ws.root / folder):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                rel = ws.rel(ws.root / os.path.relpath(os.path.join(here, name), ws.root))
                if is_material_name(rel):
                    found.append(rel)
    return sorted(found)
