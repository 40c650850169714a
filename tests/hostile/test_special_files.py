"""Files that are not plain files, names that cannot be carried, arguments that mean nothing, a
closed standard output, and texts that made an extractor quadratic (docs/reliability.md, "Files
that are not files").

A FIFO is tried through a real process with a timeout: before, `open` blocked for ever, so an
in-process test would have hung the suite instead of failing.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest
from hostile_helpers import (
    BRIEFDESK,
    DEMO_BATCH,
    FIRST,
    MANIFEST,
    assert_one_error_line,
    diff,
    run_cli,
    run_main,
    snapshot,
)

from tests.support.hostile_inputs import ADVERSARIAL_UNITS, adversarial_run

LIVING_DOC = "docs/inference.md"
EARLIER_BRIEF = "briefs/inference/2026-11-01-e1-manual.md"
SESSION = f".briefdesk/sessions/{DEMO_BATCH}.json"


def _fifo(path: Path) -> None:
    path.unlink(missing_ok=True)
    os.mkfifo(path)


# (file replaced by a FIFO, the command that reads it)
FIFO_TARGETS = {
    "settings": ("briefdesk.yaml", ["status"]),
    "manifest": (MANIFEST, ["scan", "-b", DEMO_BATCH]),
    "living-doc": (LIVING_DOC, ["scan", "-b", DEMO_BATCH]),
    "material": (FIRST, ["scan", "-b", DEMO_BATCH]),
    # an earlier brief that is no regular file is not one of the briefs (as a link out of the
    # workspace is not): the proposal citing it names nothing known
    "earlier-brief": (EARLIER_BRIEF, ["scan", "-b", DEMO_BATCH]),
    "session": (SESSION, ["build", "-b", DEMO_BATCH]),
}


@pytest.mark.parametrize("target", FIFO_TARGETS, ids=str)
def test_a_fifo_in_place_of_a_file_is_one_line_not_a_hang(target: str, ws: Path) -> None:
    rel, argv = FIFO_TARGETS[target]
    if target == "session":
        (ws / SESSION).parent.mkdir(parents=True)
        (ws / ".briefdesk" / ".gitignore").write_text("*\n", "utf-8")
    _fifo(ws / rel)
    before = snapshot(ws)
    proc = run_cli(*argv, "-w", str(ws), timeout=20)
    problem = (
        "names nothing known"
        if target == "earlier-brief"
        else "named pipe (FIFO), not a regular file"
    )
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr, rel, problem)
    assert diff(before, snapshot(ws)) == []


def test_a_fifo_as_the_users_config_or_a_keymap_is_one_line(ws: Path, tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    config = tmp_path / "config" / "briefdesk" / "config.yaml"
    config.parent.mkdir(parents=True)
    os.mkfifo(config)
    proc = run_cli("status", "-w", str(ws), timeout=60, env=env)
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr, str(config), "FIFO")
    keymap = tmp_path / "keys.yaml"
    os.mkfifo(keymap)
    # refused before the desk takes the terminal (hostile/test_bad_keymaps.py)
    proc = run_cli("review", "-w", str(ws), "-b", DEMO_BATCH, "--keymap", str(keymap), timeout=60)
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr, str(keymap), "FIFO")


def test_links_and_sizes_that_are_no_file_to_read(ws: Path, capsys) -> None:
    """A material that is a link to a FIFO inside the workspace, a link loop, a dangling link,
    and a (sparse) file over the 64 MB bound: each one line naming it, nothing read."""
    _fifo(ws / "inbox" / "pipe.md")
    scan = ("scan", "-w", str(ws), "-b", DEMO_BATCH)
    cases = [
        (lambda p: p.symlink_to(ws / "inbox" / "pipe.md"), "FIFO"),
        (lambda p: p.symlink_to(p), "symlink loop"),
        (lambda p: p.symlink_to(ws / "inbox" / "gone.md"), "which does not exist"),
    ]
    for make, problem in cases:
        (ws / FIRST).unlink()
        make(ws / FIRST)
        before = snapshot(ws)
        code, out, err = run_main(capsys, *scan)
        assert_one_error_line(code, out, err, FIRST, problem)
        assert diff(before, snapshot(ws)) == []
    (ws / FIRST).unlink()
    with (ws / FIRST).open("wb") as fh:
        fh.truncate(65 * 1024 * 1024)  # sparse: no disk, but fstat says 65 MB
    code, out, err = run_main(capsys, *scan)
    assert_one_error_line(code, out, err, FIRST, "is too large (65 MB; at most 64 MB)")


# -- names a commit cannot carry -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("inbox/jay/a\x1b[2Jb\x07.md", r"inbox/jay/a\x1b[2Jb\x07.md"),
        ("inbox/jay/a\nb.md", r"inbox/jay/a\nb.md"),
        ("inbox/jay/a\x9b31mb.md", r"inbox/jay/a\x9b31mb.md"),
        ("inbox/jay/a\u200bb.md", r"inbox/jay/a\u200bb.md"),
    ],
    ids=["esc-csi-bel", "newline", "c1-csi", "zero-width-space"],
)
def test_new_batch_refuses_a_name_it_could_not_carry(
    name: str, shown: str, ws: Path, capsys
) -> None:
    """Such a name once went into the manifest and was refused only by `commit`, or committed
    under another path in its `Material:` trailer: now `new-batch` names the file, escaped, and
    writes nothing."""
    (ws / name).write_text("## 新条目\n正文\n", "utf-8")
    before = snapshot(ws)
    code, out, err = run_main(capsys, "new-batch", "-w", str(ws), "--topic", "inference")
    assert_one_error_line(code, out, err, shown, "control character or a line break")
    assert diff(before, snapshot(ws)) == []


# -- arguments that mean nothing -----------------------------------------------------------------


def _commit_new_material(ws: Path) -> str:
    rel = "inbox/jay/2026-11-20-0900-late.md"
    (ws / rel).write_text("## 晚到的材料\n正文\n", "utf-8")
    subprocess.run(["git", "-C", str(ws), "add", rel], check=True)
    subprocess.run(["git", "-C", str(ws), "commit", "-qm", "late material"], check=True)
    return rel


@pytest.mark.parametrize("date", ["9999-01-01", "2100-01-01", "2999-12-31T23:59"])
def test_new_batch_since_a_date_after_the_last_commit_picks_nothing(
    date: str, ws: Path, capsys
) -> None:
    """git's date parser reads a year past 2099 as no date, so the point used to fall before the
    first commit and every unbatched material was picked."""
    _commit_new_material(ws)
    argv = ("new-batch", "-w", str(ws), "--topic", "inference", "--dry-run")
    code, out, err = run_main(capsys, *argv, "--since", date)
    assert code == 1 and out == "", (code, out, err)
    assert f"nothing to batch: no material was added or changed since {date}" in err
    code, out, err = run_main(capsys, *argv, "--since", "2000-01-01")
    assert code == 0 and "inbox/jay/2026-11-20-0900-late.md" in out


@pytest.mark.parametrize(
    ("collector", "problem"),
    [
        ("nobody", "--collector 'nobody': no such collector"),
        ("", "--collector '': a collector name is required"),
        ("../etc", "--collector '../etc': not a collector name"),
        ("inbox/../inbox/jay", "not a collector name"),
    ],
    ids=["unknown", "empty", "dotdot", "roundabout"],
)
def test_new_batch_with_a_collector_that_names_nothing_is_an_error(
    collector: str, problem: str, ws: Path, capsys
) -> None:
    """It used to say `nothing to batch: every material of nobody is named by a batch`."""
    _commit_new_material(ws)
    before = snapshot(ws)
    code, out, err = run_main(
        capsys, "new-batch", "-w", str(ws), "--topic", "inference", "--collector", collector
    )
    assert_one_error_line(code, out, err, problem)
    assert "collectors: inbox/flyp, inbox/jay" in err or collector == ""
    assert diff(before, snapshot(ws)) == []


# -- standard output ----------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["status"], ["history"], ["scan", "-b", DEMO_BATCH]], ids=str)
def test_a_closed_standard_output_is_one_line_not_an_internal_error(argv, ws: Path) -> None:
    """`briefdesk status >&-` ended in an internal error (exit 70, a crash report); `> /dev/full`
    said only `No space left on device`."""
    cmd = [str(BRIEFDESK), *argv, "-w", str(ws)]
    proc = subprocess.run(  # fd 1 closed in the child, as `>&-` does
        cmd, stderr=subprocess.PIPE, text=True, timeout=60, preexec_fn=lambda: os.close(1)
    )
    assert_one_error_line(proc.returncode, "", proc.stderr, "standard output is closed")
    with open("/dev/full", "w") as full:
        proc = subprocess.run(cmd, stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert_one_error_line(
        proc.returncode, "", proc.stderr, "standard output: cannot write: No space left on device"
    )


# -- texts that made an extractor quadratic -----------------------------------------------------


def test_every_text_extractor_is_linear_on_adversarial_runs() -> None:
    """100,000-character runs of each unit of `ADVERSARIAL_UNITS`: `1.1.1.…` took past 100 s in
    claim extraction (14 s at 32,000), `[[[…` and `<!--<!--…` about as long in excerpts, blank
    lines in the tokenizer. The bound is generous (the machine is shared); the benchmark
    (`python -m benchmarks.hostile`) measures."""
    from briefdesk.core.brief.excerpt import excerpt, strip_markdown
    from briefdesk.core.claims.extract import extract
    from briefdesk.core.text.normalize import tokens
    from briefdesk.core.workspace.materials import parse_material

    extractors = {
        "claims": lambda t: extract(t, "SGLang"),
        "strip_markdown": strip_markdown,
        "excerpt": excerpt,
        "tokens": tokens,
        "material": lambda t: parse_material("inbox/a.md", "## a\n" + t, "0" * 64),
    }
    slow = []
    for unit_name, unit in ADVERSARIAL_UNITS.items():
        text = adversarial_run(unit, 100_000)
        for name, fn in extractors.items():
            start = time.perf_counter()
            fn(text)
            took = time.perf_counter() - start
            if took > 20:
                slow.append(f"{name} on {unit_name}: {took:.1f} s")
    assert not slow, slow


def test_claims_of_a_long_run_are_those_of_its_parts() -> None:
    """Linear, and the same answer: the claims found in a run of one claim are one per
    repetition, as in a short run."""
    from briefdesk.core.claims.extract import extract

    unit = ADVERSARIAL_UNITS["version-claims"]
    assert len(extract(adversarial_run(unit, 20 * len(unit)), "SGLang")) == 20
    assert extract(adversarial_run("1.", 100_000), "SGLang") == []
