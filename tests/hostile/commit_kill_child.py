"""The `briefdesk commit` the commit SIGKILL trials kill, at a chosen phase or at a random moment.

    python commit_kill_child.py WORKSPACE BATCH PHASE

Runs `briefdesk commit -w WORKSPACE -b BATCH --allow-undecided` in this process (the command
line's own `main`), with every step of a commit wrapped so that the process SIGKILLs itself at
PHASE: `<step>` right after that step returns for the first time, `<step>#<n>` after its n-th
return, `<step><` just before its first call. `none` kills nothing (the parent may kill it at a
random moment instead). A kill inside a hook is done by the hook itself (see `commit_kill.py`).
Each step reached is printed as `phase <step>#<n>` first, flushed.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

# (module, attribute) -> the step's name. Order is the order of a commit.
STEPS: dict[tuple[str, str], str] = {
    ("briefdesk.core.git.commit", "check_session"): "checked",
    ("briefdesk.core.git.commit", "locate"): "located",
    ("briefdesk.core.storage.lock", "FileLock.acquire"): "locked",
    ("briefdesk.core.git.journal", "recover_together"): "recovered",
    ("briefdesk.core.git.journal", "CommitState.begin"): "begun",  # before the lock, the commit
    ("briefdesk.core.git.index", "IndexLock.take"): "index-locked",
    ("briefdesk.core.git.commit", "git_many"): "probed",
    ("briefdesk.core.git.commit", "check_ours"): "owned",
    (
        "briefdesk.core.storage.fileio",
        "_write_temp",
    ): "temp",  # journal, sidecar, brief, ..., records
    ("briefdesk.core.storage.fileio", "_finish"): "finished",
    ("briefdesk.core.storage.fileio.os", "replace"): "rename",  # every rename, in order
    ("briefdesk.core.git.journal", "CommitState.record_written"): "recorded",
    ("briefdesk.core.git.commit", "build_commit_index"): "built",
    ("briefdesk.core.git.commit", "git"): "git",  # git-commit, git-log
    ("briefdesk.core.git.commit", "install_index"): "installed",
    ("briefdesk.core.git.journal", "CommitState.end"): "ended",
}


def _die() -> None:
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)


def _wrap(name: str, real: Callable[..., Any], target: str, counts: dict[str, int]) -> Any:
    @functools.wraps(real)
    def step(*args: Any, **kwargs: Any) -> Any:
        label = name
        if name == "git":  # which git command (`-c key=value` options skipped)
            from briefdesk.core.git.command import subcommand

            label = f"git-{subcommand([a for a in args[1:] if isinstance(a, str)])}"
        if target == f"{label}<" and counts.get(label, 0) == 0:
            print(f"phase {label}<", flush=True)
            _die()
        result = real(*args, **kwargs)
        counts[label] = counts.get(label, 0) + 1
        tag = f"{label}#{counts[label]}"
        print(f"phase {tag}", flush=True)
        if target in (tag, label if counts[label] == 1 else None):
            _die()
        return result

    return step


def install(target: str) -> None:
    import importlib

    counts: dict[str, int] = {}
    for (module_name, attr), name in STEPS.items():
        if module_name.endswith(".os"):
            module = importlib.import_module(module_name.removesuffix(".os"))
            owner: Any = module.os
        else:
            owner = importlib.import_module(module_name)
        if "." in attr:
            cls_name, attr = attr.split(".")
            owner = getattr(owner, cls_name)
        setattr(owner, attr, _wrap(name, getattr(owner, attr), target, counts))


def main() -> int:
    workspace, batch, target = sys.argv[1:4]
    from briefdesk.core.storage import fileio, lock  # noqa: F401  (patched below)

    if target != "none":
        install(target)
    print("ready", flush=True)
    from briefdesk.cli.main import main as cli

    return cli(["commit", "-w", workspace, "-b", batch, "--allow-undecided"])


if __name__ == "__main__":
    sys.exit(main())
