"""Who the reviewer is: the name in the `Reviewed-by:` trailer and the brief's 五 heading.

`--reviewer`, else `BRIEFDESK_REVIEWER`, else the user's config, else the workspace's
`briefdesk.yaml`, else git's user name (`git var GIT_AUTHOR_IDENT`), else an error. A name from
the shared file that is not the committer's own is most likely someone else's: `mismatch` says so,
and `committer_warning` is that warning as both `briefdesk commit` and the desk's commit screen
give it (docs/settings.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import BriefdeskError
from ..git.command import git_identity

if TYPE_CHECKING:
    from ..workspace.layout import Workspace

NO_REVIEWER = (
    "no reviewer: pass --reviewer, set BRIEFDESK_REVIEWER, set reviewer in your config "
    "(~/.config/briefdesk/config.yaml) or in briefdesk.yaml, or git config user.name"
)


def _clean(name: str) -> str:
    return " ".join(name.split())


def reviewer_name(
    workspace: Workspace,
    override: str | None = None,
    *,
    identity: tuple[str, str] | None = None,
) -> str:
    """The reviewer's name, whitespace collapsed (see the module docstring).

    `identity` lets a caller that already asked git pass the answer instead of asking again.
    """
    for candidate in (override, workspace.settings.reviewer):
        if candidate and candidate.strip():
            return _clean(candidate)
    ident = identity if identity is not None else git_identity(workspace.root)
    if ident:
        return _clean(ident[0])
    raise BriefdeskError(NO_REVIEWER)


def mismatch(workspace: Workspace, reviewer: str, identity: tuple[str, str] | None) -> str | None:
    """A warning when the reviewer's name comes from the shared `briefdesk.yaml` and is not the
    name git commits under: the commit would credit someone else with the review."""
    settings = workspace.settings
    if settings.origin("reviewer") != "workspace" or identity is None:
        return None
    if _clean(identity[0]) == reviewer:
        return None
    return (
        f"briefdesk.yaml names the reviewer {reviewer!r}, but you commit as {identity[0]!r}; "
        "if the review is yours, set reviewer in your own config or pass --reviewer"
    )


def committer_warning(workspace: Workspace) -> str | None:
    """`mismatch` for the reviewer the settings name, asking git who commits only when that name
    comes from the shared `briefdesk.yaml` (the one case it can be someone else's)."""
    if workspace.settings.origin("reviewer") != "workspace":
        return None
    identity = git_identity(workspace.root)
    return mismatch(workspace, reviewer_name(workspace, identity=identity), identity)
