"""Dismissals read from files: a session file or a committed sidecar.

The judgement itself (`core/model/dismissals.py`) is a value type; reading it is storage's, so
every file goes through the one reader (`core/storage/fileio.py`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..errors import BriefdeskError
from ..model.dismissals import Dismissal
from .fileio import read_bytes


def _loose(data: Any) -> list[Dismissal]:
    """The `dismissed` list of a session's or a sidecar's JSON; what does not parse is skipped."""
    out: list[Dismissal] = []
    if not isinstance(data, dict) or not isinstance(data.get("dismissed"), list):
        return out
    for raw in data["dismissed"]:
        try:
            out.append(Dismissal.model_validate(raw))
        except ValidationError:
            continue
    return out


def read_file(path: Path) -> list[Dismissal]:
    """The dismissals a session file or a sidecar holds (none when it is missing or broken: a
    dismissal only ever hides a candidate, so reading fewer is the safe side)."""
    try:
        if not path.is_file():
            return []
        return _loose(json.loads(read_bytes(path, path).decode("utf-8")))
    except (BriefdeskError, ValueError):
        return []


def committed(root: Path, briefs: Iterable[str]) -> list[Dismissal]:
    """Every dismissal committed in the sidecars of `briefs` (workspace-relative paths)."""
    out: list[Dismissal] = []
    for rel in briefs:
        out += read_file(root / (rel.removesuffix(".md") + ".review.json"))
    return out
