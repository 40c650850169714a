"""Running the git command for a workspace, and the identity git would commit with.

Everything goes through the `git` executable, not GitPython: it runs the repository's hooks, uses
the user's identity and config, is several times faster on large repositories, and leaves no
`git cat-file` processes behind. Variables that would point git at another repository, index or
object store (`GIT_DIR`, `GIT_WORK_TREE`, `GIT_INDEX_FILE`, ... inherited from a hook or a shell)
are dropped, so git always works on the workspace's own repository.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..errors import BriefdeskError

# Variables that redirect git to another repository, index, object store or ref namespace, or
# change how pathspecs are read. GIT_CEILING_DIRECTORIES only limits discovery and stays.
REDIRECTING_VARS = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_NAMESPACE",
    "GIT_PREFIX",
    "GIT_QUARANTINE_PATH",
    "GIT_REPLACE_REF_BASE",
    "GIT_NO_REPLACE_OBJECTS",
    "GIT_GRAFT_FILE",
    "GIT_SHALLOW_FILE",
    "GIT_LITERAL_PATHSPECS",
    "GIT_GLOB_PATHSPECS",
    "GIT_NOGLOB_PATHSPECS",
    "GIT_ICASE_PATHSPECS",
)

# `git var` and `git commit` with this refuse to invent `root@host` when no identity is set.
STRICT_IDENTITY = ("-c", "user.useConfigOnly=true")


def git_env() -> dict[str, str]:
    """The process environment without the variables that would redirect git."""
    env = {k: v for k, v in os.environ.items() if k not in REDIRECTING_VARS}
    env.setdefault("GIT_TERMINAL_PROMPT", "0")
    return env


def literal(paths: Iterable[str]) -> list[str]:
    """Pathspecs that match exactly these paths: no globbing of `*`, `[`, no `:` magic.

    Per-pathspec magic rather than GIT_LITERAL_PATHSPECS, which would leak into the user's hooks.
    """
    return [f":(literal){p}" for p in paths]


def git(
    root: str | Path,
    *args: str,
    input: bytes | None = None,
    check: bool = True,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """Run `git -C root args`; with `check`, a failure is a one-line BriefdeskError.

    Callers put every path after `--` (or use `literal`), so a file named `--all` stays a path.
    stdin is closed unless `input` is given, so nothing ever waits on the terminal. `env` adds
    variables (`GIT_INDEX_FILE` for an index of briefdesk's own), after the redirecting ones are
    dropped.
    """
    cmd = ["git", "-C", str(root), *args]
    try:
        proc = subprocess.run(
            cmd,
            input=input,
            stdin=None if input is not None else subprocess.DEVNULL,
            capture_output=True,
            env={**git_env(), **env} if env else git_env(),
            check=False,
        )
    except FileNotFoundError:
        raise BriefdeskError("git is not installed or not on PATH") from None
    if check and proc.returncode != 0:
        raise BriefdeskError(f"git {subcommand(args)} failed: {first_line(proc)}")
    return proc


def git_many(
    root: str | Path, commands: Sequence[tuple[Sequence[str], bytes | None]]
) -> list[subprocess.CompletedProcess[bytes]]:
    """Run independent read-only git commands at the same time, unchecked, in order of `commands`.

    On a large repository each git process spends most of its few milliseconds starting and
    reading the index; overlapping them keeps `commit` near the cost of a plain `git commit`.
    Every process is waited for (killed first if something went wrong), so none outlives this.
    """
    env = git_env()
    procs: list[subprocess.Popen[bytes]] = []
    try:
        for args, data in commands:
            procs.append(
                subprocess.Popen(
                    ["git", "-C", str(root), *args],
                    stdin=subprocess.PIPE if data is not None else subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    env=env,
                )
            )
        results = []
        for proc, (_args, data) in zip(procs, commands, strict=True):
            out, err = proc.communicate(data)
            results.append(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
        return results
    except FileNotFoundError:
        raise BriefdeskError("git is not installed or not on PATH") from None
    finally:
        for proc in procs:
            if proc.returncode is None:
                proc.kill()
                proc.communicate()


def subcommand(args: Sequence[str]) -> str:
    """The git subcommand among `args` (`-c key=value` options skipped), for error messages."""
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == "-c":
            skip = True
        elif not arg.startswith("-"):
            return arg
    return ""


# a line of a hook's output that says why (pre-commit prints a "...Passed" line per hook first)
_FAILURE = re.compile(r"\b(?:fail(?:ed|ure|s)?|error|errors|refused|rejected|denied)\b", re.I)
MAX_DETAILS = 200  # lines of a program's output kept under an error


def _lines(stream: bytes | None) -> list[str]:
    text = (stream or b"").decode("utf-8", "replace")
    return [ln.strip() for ln in text.splitlines() if not ln.lstrip().startswith("hint:")]


def _reason(lines: list[str]) -> int | None:
    """Which line says why: the first `error:`/`fatal:` line, else the first that says something
    failed, else the first non-blank one."""
    for pick in (
        lambda ln: ln.startswith(("fatal:", "error:")),
        lambda ln: bool(_FAILURE.search(ln)),
        lambda ln: bool(ln),
    ):
        for i, ln in enumerate(lines):
            if pick(ln):
                return i
    return None


def first_line(proc: subprocess.CompletedProcess[bytes]) -> str:
    """git's most useful line of output (`_reason`), stderr first."""
    for stream in (proc.stderr, proc.stdout):
        lines = _lines(stream)
        at = _reason(lines)
        if at is not None:
            return lines[at]
    return f"exit status {proc.returncode}"


def output_lines(proc: subprocess.CompletedProcess[bytes]) -> list[str]:
    """Everything git and its hooks printed (stderr, then stdout), blank edges and `hint:` lines
    dropped, at most MAX_DETAILS lines: what a refused commit shows under its one line."""
    lines: list[str] = []
    for stream in (proc.stderr, proc.stdout):
        text = (stream or b"").decode("utf-8", "replace")
        lines.extend(ln.rstrip() for ln in text.splitlines() if not ln.startswith("hint:"))
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) > MAX_DETAILS:
        more = len(lines) - MAX_DETAILS
        lines = [*lines[:MAX_DETAILS], f"… {more} more line{'s' if more != 1 else ''}"]
    return lines


def git_message(proc: subprocess.CompletedProcess[bytes], limit: int = 600) -> str:
    """git's reason in full, as one line: the line `first_line` picks and the rest of its
    paragraph. A refusal git wraps over several lines (a sparse checkout's: "The following paths
    and/or pathspecs matched paths that exist / outside of your sparse-checkout definition, …")
    is not cut to its first line. The whole output goes under it (`output_lines`)."""
    for stream in (proc.stderr, proc.stdout):
        lines = _lines(stream)
        at = _reason(lines)
        if at is None:
            continue
        picked: list[str] = []
        for ln in lines[at:]:
            if not ln:
                break
            picked.append(ln)
        text = " ".join(picked)
        return text if len(text) <= limit else text[: limit - 1] + "…"
    return f"exit status {proc.returncode}"


def git_identity(root: str | Path) -> tuple[str, str] | None:
    """The author identity git would use, or None when it is not configured (never guessed)."""
    proc = git(root, *STRICT_IDENTITY, "var", "GIT_AUTHOR_IDENT", check=False)
    if proc.returncode != 0:
        return None
    return parse_ident(proc.stdout.decode("utf-8", "replace"))


def parse_ident(line: str) -> tuple[str, str] | None:
    """`Name <email> 1700000000 +0100` -> (Name, email)."""
    name, sep, rest = line.strip().partition(" <")
    email, sep2, _ = rest.partition(">")
    if not (sep and sep2) or not name.strip() or not email.strip():
        return None
    return name.strip(), email.strip()


NOT_A_REPOSITORY = "not a git repository (run `git init` there first)"


def no_repository(root: str | Path, proc: subprocess.CompletedProcess[bytes]) -> BriefdeskError:
    """The one wording of "this workspace is no repository git can use", for every command that
    needs one (history, verify, commit, `new-batch --since`; status says it in its last line).
    `proc` is the `git rev-parse` that failed: when git refused for another reason (a repository
    it will not use, of "dubious ownership"), its own words are kept, since `git init` would not
    help there."""
    said = first_line(proc)
    if "not a git repository" in said:
        return BriefdeskError(NOT_A_REPOSITORY, root)
    return BriefdeskError(f"git cannot use this repository: {said}", root)


def probe(root: str | Path) -> subprocess.CompletedProcess[bytes]:
    """`git rev-parse --git-dir --verify -q HEAD`: exit 0 in a repository with a commit, 1 (the
    git directory printed) in one with no commit yet, 128 outside any repository."""
    return git(root, "rev-parse", "--git-dir", "--verify", "-q", "HEAD", check=False)


def no_commit_yet(proc: subprocess.CompletedProcess[bytes]) -> bool:
    """`probe`'s answer: a repository, but no commit in it."""
    return proc.returncode == 1 and bool(proc.stdout.strip())
