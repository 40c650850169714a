"""`.briefdesk/`, the workspace's local state (sessions and their locks), and when to trust it.

The state folder lives in the workspace, so a checkout can bring one: committed by someone who
ran `git add -A`, or planted as a link to somewhere else. Its contents decide what a brief says
(the session is the reviewer's decisions), so it is used only when it is this user's own:

- a real folder, never a symlink (nor is `sessions/` in it): a link would have the tool read
  someone else's decisions and write the user's somewhere else;
- nothing in it tracked by git: a tracked session or lock came from someone else's clone, and a
  tracked `.gitignore` cannot be relied on to ignore anything; the refusal names the files and
  the command that untracks them (`git rm -r --cached .briefdesk`);
- git-ignored by a `.gitignore` of its own holding `*`: one that is missing, empty or says
  anything else is rewritten, so `git add -A` never commits a session or a lock.

Caches are not kept here (see `core.storage.cachefile`).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import BriefdeskError
from ..git.command import git
from .fileio import atomic_write

STATE_DIR = ".briefdesk"
IGNORE_ALL = b"*\n"


def check_state_dir(root: Path) -> None:
    """Refuse a state folder that is a link, holds a link for `sessions`, or holds files tracked
    by git (see the module docstring). An absent folder is fine."""
    state = root / STATE_DIR
    for path in (state, state / "sessions"):
        if path.is_symlink():
            target = os.readlink(path)
            raise BriefdeskError(
                f"is a link to {target}; briefdesk keeps its state only in a real folder of the "
                "workspace: remove the link",
                path.relative_to(root).as_posix(),
            )
    if not state.is_dir():
        return
    tracked = tracked_files(root)
    if tracked:
        more = f" and {len(tracked) - 3} more" if len(tracked) > 3 else ""
        raise BriefdeskError(
            f"holds files tracked by git ({', '.join(tracked[:3])}{more}); briefdesk's state "
            "is one person's and must not be committed: run `git rm -r --cached .briefdesk` "
            "and commit that",
            STATE_DIR,
        )


def tracked_files(root: Path) -> list[str]:
    """Files under `.briefdesk/` in git's index; [] outside a repository."""
    proc = git(root, "ls-files", "-z", "--", f":(literal){STATE_DIR}", check=False)
    if proc.returncode != 0:
        return []
    return [p for p in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if p]


def ensure_state_dir(root: Path) -> Path:
    """Check the state folder, make it if need be, and make sure git ignores all of it."""
    check_state_dir(root)
    state = root / STATE_DIR
    try:
        state.mkdir(exist_ok=True)
        ignore = state / ".gitignore"
        try:
            current: bytes | None = ignore.read_bytes() if not ignore.is_symlink() else None
        except FileNotFoundError:
            current = None
        if current != IGNORE_ALL:
            if ignore.is_symlink() or ignore.is_dir():
                raise BriefdeskError(
                    "is not a plain file; briefdesk writes `*` there so that git ignores its "
                    "state: remove it",
                    f"{STATE_DIR}/.gitignore",
                )
            atomic_write(ignore, IGNORE_ALL, make_parents=False)
    except OSError as exc:  # read-only workspace, full disk, a file named .briefdesk
        raise BriefdeskError(
            f"cannot create the tool's state folder ({exc.strerror or exc})", STATE_DIR
        ) from None
    return state
