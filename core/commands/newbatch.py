"""`briefdesk new-batch`: the manifest of the materials an evening's review has not seen yet.

A material is picked when

- no batch names it yet (*new*), or
- it changed since the topic's last brief commit, and every batch that names it is committed,
  one of them for this topic (*changed*: a material briefed before and edited since needs another
  look; a material of a batch still new or in review is that batch's business, never taken twice).

`--since REV|DATE` moves the point: only materials added or changed since then are picked, of
either kind. `--collector` keeps the materials of the named collectors (`jay` is `inbox/jay`; a
folder such as `organized/paper_cards` names itself).

The manifest gets a fresh id (the prefix the workspace's batch ids share, else the workspace
folder's name, then a random UUID), today's `created`, the reviewer as `author`, and the picked
materials in path order, each with a comment saying why it was picked. Every picked material is
read and parsed before anything is written, so a material the desk could not open is refused now,
naming it, with nothing written; the file itself is created without ever replacing one.
"""

from __future__ import annotations

import collections
import datetime as dt
import re
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml

from ..errors import BriefdeskError
from ..git.since import Since, resolve_since
from ..model.values import collector_of
from ..storage import yamlio
from ..storage.fileio import create_new
from ..text.sanitize import escaped, is_exact_name
from ..workspace.discover import changed_since, material_files
from ..workspace.layout import SETTINGS_FILE, Workspace
from ..workspace.manifest import Batch, Manifest

Why = Literal["new", "changed"]


class NothingToBatch(BriefdeskError):
    """No material is left to batch: not bad input, but no manifest either (exit 1)."""

    exit_code = 1


@dataclass(frozen=True)
class Picked:
    path: str
    why: Why


@dataclass(frozen=True)
class NewBatch:
    """A manifest ready to be written: its stem and path, the model, the YAML text."""

    stem: str
    path: str  # workspace-relative
    manifest: Manifest
    picked: tuple[Picked, ...]
    since: str | None  # the point changes were counted from, as messages name it
    text: str

    def summary(self) -> str:
        """`6 materials (inbox/jay 4, inbox/flyp 2; 1 changed since 1a2b3c4)`."""
        folders = collections.Counter(collector_of(p.path) for p in self.picked)
        parts = ", ".join(f"{k} {n}" for k, n in folders.items())
        changed = sum(p.why == "changed" for p in self.picked)
        n = len(self.picked)
        tail = f"; {changed} changed since {self.since}" if changed else ""
        return f"{n} material{'s' if n != 1 else ''} ({parts}{tail})"


def collector_matches(path: str, names: tuple[str, ...]) -> bool:
    """`jay` matches `inbox/jay/...`; `inbox/jay` and `organized/paper_cards` match their folder."""
    if not names:
        return True
    folder = collector_of(path)
    for name in names:
        name = name.strip().strip("/")
        if name and (folder == name or folder == f"inbox/{name}" or path.startswith(name + "/")):
            return True
    return False


def check_collectors(ws: Workspace, names: tuple[str, ...], files: list[str]) -> None:
    """Every `--collector` must name a collector of the workspace: one whose folder holds a
    material (batched or not). A misspelt or empty name, or a path (`../etc`), would otherwise
    pick nothing and say that everything is batched."""
    known = sorted({collector_of(p) for p in files})
    for name in names:
        plain = name.strip().strip("/")
        if not plain:
            raise BriefdeskError("--collector '': a collector name is required (e.g. jay)")
        if not is_exact_name(plain) or any(part in ("", ".", "..") for part in plain.split("/")):
            raise BriefdeskError(
                f"--collector '{escaped(name)}': not a collector name; collectors: "
                + (", ".join(known) or "(no material in the workspace yet)")
            )
        if not any(collector_matches(p, (plain,)) for p in files):
            raise BriefdeskError(
                f"--collector '{escaped(name)}': no such collector in the material folders; "
                + ("collectors: " + ", ".join(known) if known else "there is no material yet")
            )


def known_topics(ws: Workspace, batches: list[Batch]) -> list[str]:
    """Topics the workspace knows: configured, with a batch, or with a living document."""
    topics = set(ws.settings.topics) | {b.manifest.topic for b in batches}
    docs = ws.root / "docs"
    if docs.is_dir():
        topics |= {p.stem for p in docs.glob("*.md") if p.is_file()}
    return sorted(topics)


def check_topic(ws: Workspace, topic: str, batches: list[Batch]) -> None:
    doc = ws.settings.living_doc_path(topic)
    if topic in ws.settings.topics or (ws.root / doc).is_file():
        return
    known = known_topics(ws, batches)
    raise BriefdeskError(
        f"unknown topic {topic!r}: not in {SETTINGS_FILE} and no {doc}"
        + (f" (known topics: {', '.join(known)})" if known else "")
    )


def id_prefix(ws: Workspace, batches: list[Batch]) -> str:
    """What the workspace's batch ids start with (`work-guard`), else the folder's name."""
    heads = collections.Counter(
        b.manifest.id.rpartition("/")[0] for b in batches if "/" in b.manifest.id
    )
    if heads:
        return heads.most_common(1)[0][0]
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", ws.root.name).strip("-.")
    return name or "batch"


def plan_new_batch(
    ws: Workspace,
    topic: str,
    *,
    since: str | None = None,
    collectors: tuple[str, ...] = (),
    today: dt.date | None = None,
    author: str | None = None,
) -> NewBatch:
    """The manifest `new-batch` would write; raises NothingToBatch when nothing is left."""
    from ..git.history import history
    from .status import committed_batches, named_materials

    topic = topic.strip()
    if not topic:
        raise BriefdeskError("--topic: a topic name is required")
    batches = ws.batches()  # a manifest that cannot be read may name anything: refuse first
    check_topic(ws, topic, batches)
    today = today or dt.date.today()

    committed = committed_batches(ws)
    named = named_materials(batches)

    point: Since | None = resolve_since(ws, since) if since else None
    if point is None:
        last = history(ws, topic)
        point_commit = last[0].sha if last else None
        label = point_commit[:7] if point_commit else None
        changed = changed_since(ws, point_commit) if point_commit else set()
    else:
        label = point.label
        changed = changed_since(ws, point.commit)

    files = material_files(ws)
    check_collectors(ws, collectors, files)
    picked: list[Picked] = []
    for path in files:
        if not collector_matches(path, collectors):
            continue
        owners = named.get(path, [])
        if not owners:
            if point is None or path in changed:
                picked.append(Picked(path, "new"))
        elif (
            path in changed
            and all(b.manifest.id in committed for b in owners)
            and any(b.manifest.topic == topic for b in owners)
        ):
            picked.append(Picked(path, "changed"))
    if not picked:
        raise NothingToBatch(_nothing_left(collectors, label, point is not None))
    for p in picked:  # before the manifest exists: it would name a path no commit can carry
        if not is_exact_name(p.path):
            raise BriefdeskError(
                "the file name holds a control character or a line break, which no manifest, "
                "brief or commit message can carry exactly: rename the file",
                escaped(p.path),
            )

    taken = {b.stem for b in batches} | {b.manifest.id for b in batches}
    while True:  # a random UUID repeats never in practice; a stem's 8 hex digits might
        batch_uuid = uuid.uuid4()
        batch_id = f"{id_prefix(ws, batches)}/{batch_uuid}"
        stem = f"{today.isoformat()}-{batch_uuid.hex[:8]}"
        if stem not in taken and batch_id not in taken:
            break
    rel = f"{ws.settings.paths.batches.rstrip('/')}/{stem}.yaml"
    text = manifest_text(batch_id, topic, author, today, picked, label)
    manifest = _parse(text, rel)
    plan = NewBatch(stem, rel, manifest, tuple(picked), label, text)
    _check_materials(ws, plan)
    return plan


def _nothing_left(collectors: tuple[str, ...], label: str | None, limited: bool) -> str:
    scope = f" of {', '.join(collectors)}" if collectors else ""
    if limited:
        return f"nothing to batch: no material{scope} was added or changed since {label}"
    tail = f", and none changed since the topic's last brief commit {label}" if label else ""
    return f"nothing to batch: every material{scope} is named by a batch{tail}"


def _scalar(value: str) -> str:
    """One YAML scalar on one line, quoted only when it must be."""
    text = yaml.safe_dump(value, allow_unicode=True, default_flow_style=True, width=10**6)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def manifest_text(
    batch_id: str,
    topic: str,
    author: str | None,
    created: dt.date,
    picked: list[Picked],
    since: str | None,
) -> str:
    """The manifest as written: the keys docs/workspace.md describes, one material a line with why
    it is here."""
    lines = [
        f"# made by `briefdesk new-batch` on {created.isoformat()}: the materials no batch named"
        + (f", or changed since {since}" if since else ""),
        f"id: {_scalar(batch_id)}",
        f"topic: {_scalar(topic)}",
    ]
    if author and author.strip():
        lines.append(f"author: {_scalar(' '.join(author.split()))}")
    lines.append(f"created: {created.isoformat()}")
    lines.append("materials:")
    for p in picked:
        note = "new" if p.why == "new" else f"changed since {since}"
        lines.append(f"  - {_scalar(p.path)}  # {note}")
    return "\n".join(lines) + "\n"


def _parse(text: str, rel: str) -> Manifest:
    raw = yamlio.loads(text, rel)
    return Manifest.model_validate(raw)


def _check_materials(ws: Workspace, plan: NewBatch) -> None:
    """Read and parse every picked material as the desk will, so none refuses it later."""
    from ..review.load import load_material

    batch = Batch(stem=plan.stem, path=plan.path, manifest=plan.manifest)
    real_dirs: dict[Path, Path] = {}
    for p in plan.picked:
        load_material(ws, batch, p.path, None, real_dirs=real_dirs)


def write_new_batch(ws: Workspace, plan: NewBatch) -> Path:
    """Create the manifest; never replaces a file (two runs at once each get their own)."""
    target = ws.resolve(plan.path, must_exist=False)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        create_new(target, plan.text.encode("utf-8"))
    except FileExistsError:
        raise BriefdeskError("a batch manifest of that name exists already", plan.path) from None
    except OSError as exc:
        raise BriefdeskError(f"cannot write: {exc.strerror or exc}", plan.path) from None
    return target
