"""Materials of a batch that git would not commit as they are: found, and committed on request.

The brief's `Material:` trailers record each file's hash *as committed*, so a material edited
during the review (the desk's `E`) must be committed before the brief. The desk says so as soon
as it knows (the item's detail) and its commit screen offers this commit first, separate from the
brief's and named as such (docs/git.md, "A material edited during the review"); nothing here runs
without the reviewer asking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import BriefdeskError
from .command import first_line, git, literal

if TYPE_CHECKING:
    from ..review.load import Review


def uncommitted_materials(review: Review) -> list[str]:
    """The batch's materials that `git status` calls changed, staged, untracked or ignored, in
    batch order (one git process)."""
    from .commit import dirty_paths, locate

    paths = [m.path for m in review.materials]
    if not paths:
        return []
    root = review.workspace.root
    dirty = dirty_paths(root, locate(root).prefix, paths)
    return [p for p in paths if p in dirty]


def material_commit_message(review: Review, paths: Sequence[str]) -> str:
    """`materials(inference): 1 file edited during the review of e627b203`, then the paths."""
    from ..brief.message import flatten, subject_names

    n = len(paths)
    head = (
        f"materials({flatten(review.topic)}): {n} file{'' if n == 1 else 's'} edited during the "
        f"review of {subject_names(flatten(review.batch.manifest.id))[0]}"
    )
    return head + "\n\n" + "\n".join(flatten(p) for p in paths) + "\n"


def commit_materials(review: Review, paths: Sequence[str]) -> str:
    """Commit exactly `paths` (materials of the batch) as they are on disk, with the user's
    hooks and identity, leaving every other staged or unstaged change as it was; the new sha.

    `git commit --only` takes these paths' working-tree content and nothing else of the index;
    a material git does not know yet is added first (`git add` of that path alone)."""
    known = {m.path for m in review.materials}
    strangers = [p for p in paths if p not in known]
    if strangers or not paths:
        raise BriefdeskError(f"not a material of this batch: {', '.join(strangers) or '(none)'}")
    root = review.workspace.root
    tracked = git(root, "ls-files", "-z", "--", *literal(paths)).stdout.decode(
        "utf-8", "surrogateescape"
    )
    listed = set(filter(None, tracked.split("\0")))
    new = [p for p in paths if p not in listed]
    if new:
        git(root, "add", "--", *literal(new))
    proc = git(
        root,
        "commit",
        "--only",
        "-q",
        "-F",
        "-",
        "--",
        *literal(paths),
        input=material_commit_message(review, paths).encode("utf-8"),
        check=False,
    )
    if proc.returncode != 0:
        raise BriefdeskError(f"git commit of the materials failed: {first_line(proc)}")
    return git(root, "rev-parse", "HEAD").stdout.decode().strip()
