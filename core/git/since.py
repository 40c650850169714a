"""`--since REV|DATE`: a point in the workspace's history, named by a revision or a date.

`new-batch --since` and `history --since` both take one. A date (`2026-11-03`, or with a time,
`2026-11-03T18:00`) is tried first, since a date is what a reviewer usually means; anything else
must name a commit (`HEAD~3`, a sha, a tag). For a date, the point is the last commit made before
it (by committer date, as `git log --before` reads it); a workspace whose history starts after
the date has no such commit, and then everything counts as changed since.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..errors import BriefdeskError
from ..workspace.layout import Workspace
from .command import first_line, git, no_commit_yet, no_repository, probe

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?")


@dataclass(frozen=True)
class Since:
    """Where `--since` points: the commit (None: before the first commit), and the date when the
    point was given as one."""

    spec: str
    commit: str | None
    date: dt.datetime | None = None

    @property
    def label(self) -> str:
        """How messages name the point: `2026-11-03` or `1a2b3c4 (HEAD~2)`."""
        if self.date is not None:
            return self.spec
        short = self.commit[:7] if self.commit else "the start"
        return short if self.spec.startswith(short) else f"{short} ({self.spec})"


def parse_date(spec: str) -> dt.datetime | None:
    """A `--since` date as a naive local datetime, None when `spec` is no date."""
    if not _DATE.fullmatch(spec):
        return None
    try:
        return dt.datetime.fromisoformat(spec.replace(" ", "T"))
    except ValueError:
        return None


def resolve_since(ws: Workspace, spec: str) -> Since:
    """The point `spec` names; an unknown revision or a bad date is a one-line error."""
    spec = spec.strip()
    if not spec or any(c in spec for c in "\n\r\0") or spec.startswith("-"):
        raise BriefdeskError(f"--since {spec!r}: not a revision or a date (YYYY-MM-DD)")
    when = parse_date(spec)
    if when is not None:
        try:  # as seconds: git's own date parser reads a year past 2099 as no date at all, and
            # `--before` then matches nothing, which made a date after the last commit "before
            # the first commit" (every material changed)
            before = f"@{int(when.timestamp())}"
        except (OverflowError, OSError, ValueError):
            raise BriefdeskError(f"--since {spec!r}: not a valid date (YYYY-MM-DD)") from None
        proc = git(
            ws.root,
            "rev-list",
            "-1",
            f"--before={before}",
            "HEAD",
            "--",
            check=False,
        )
        if proc.returncode != 0:
            found = probe(ws.root)
            if found.returncode not in (0, 1):
                raise no_repository(ws.root, found)
            if not no_commit_yet(found):
                raise BriefdeskError(f"git rev-list failed: {first_line(proc)}", ws.root)
        sha = proc.stdout.decode("ascii", "replace").strip() if proc.returncode == 0 else ""
        return Since(spec, sha or None, when)
    if _DATE.match(spec) and re.fullmatch(r"[\d:T -]+", spec):
        raise BriefdeskError(f"--since {spec!r}: not a valid date (YYYY-MM-DD)")
    proc = git(
        ws.root,
        "rev-parse",
        "--verify",
        "-q",
        "--end-of-options",
        f"{spec}^{{commit}}",
        check=False,
    )
    sha = proc.stdout.decode("ascii", "replace").strip()
    if proc.returncode != 0 or not sha:
        found = probe(ws.root)
        if found.returncode not in (0, 1):
            raise no_repository(ws.root, found)
        raise BriefdeskError(
            f"--since {spec!r}: no such revision, and not a date (YYYY-MM-DD)", ws.root
        )
    return Since(spec, sha)
