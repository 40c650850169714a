"""`verify` proves what it says, and `status` / `history` never credit what it rejects: brief
commits forged after briefdesk made them (`git commit --amend`), each case as the user would run
it (docs/reliability.md, "verify accepts no forgery"; docs/git.md, "What verify proves")."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from git_helpers import BRIEF, OURS, SIDECAR, clean_env, commit_cli, kb, sh
from hostile_helpers import MANIFEST, run_cli

__all__ = ["kb"]  # the fixture


def committed(root: Path) -> subprocess.CompletedProcess[str]:
    proc = commit_cli(root)
    assert proc.returncode == 0, proc.stderr
    return proc


def amend(root: Path, message: str | None = None, files: dict[str, bytes] | None = None) -> None:
    """Rewrite HEAD as a forger would: other bytes for some files, another message."""
    for rel, data in (files or {}).items():
        (root / rel).write_bytes(data)
        sh(root, "add", "--", rel)
    text = message if message is not None else sh(root, "log", "-1", "--format=%B")
    proc = subprocess.run(
        ["git", "-C", str(root), "commit", "--amend", "-q", "--no-verify", "-F", "-"],
        input=text.encode(),
        capture_output=True,
        env=clean_env(),
        check=False,
    )
    assert proc.returncode == 0, proc.stderr


def verify(root: Path, rev: str = "HEAD") -> subprocess.CompletedProcess[str]:
    return run_cli("verify", "-w", str(root), rev, env=clean_env())


def other_batch(root: Path) -> str:
    status = json.loads(run_cli("status", "-w", str(root), "--json", env=clean_env()).stdout)
    ids = [b["id"] for b in status["batches"] if b["path"] != MANIFEST]
    assert ids, "the demo has a second batch"
    return ids[0]


def test_an_honest_commit_verifies_and_says_it_is_unsigned(kb: Path) -> None:
    committed(kb)
    proc = verify(kb)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "signature none" in proc.stdout
    assert "the trailers agree with its sidecar" in proc.stdout
    history = run_cli("history", "-w", str(kb), "--json", env=clean_env())
    assert json.loads(history.stdout)["commits"][0]["signature"] == "none"
    text = run_cli("history", "-w", str(kb), "--verify", env=clean_env()).stdout
    assert text.startswith("✓ ") and "signature none" in text


@pytest.mark.parametrize("trailer", ["Reviewed-by", "Decisions", "Batch"])
def test_a_hand_edited_trailer_fails_verify_and_history(kb: Path, trailer: str) -> None:
    committed(kb)
    message = sh(kb, "log", "-1", "--format=%B")
    forged = {
        "Reviewed-by": "Reviewed-by: Mallory",
        "Decisions": "Decisions: included=21 excluded=0 duplicates=0 confirmed=21/21",
        "Batch": f"Batch: {other_batch(kb)}",
    }[trailer]
    lines = [forged if line.startswith(f"{trailer}: ") else line for line in message.split("\n")]
    amend(kb, "\n".join(lines))
    proc = verify(kb)
    assert proc.returncode == 1, proc.stdout
    assert f"its {trailer}: trailer says" in proc.stderr
    text = run_cli("history", "-w", str(kb), "--verify", env=clean_env()).stdout
    assert text.startswith("✗ ")


def test_status_credits_no_batch_from_a_forged_batch_trailer(kb: Path) -> None:
    committed(kb)
    other = other_batch(kb)
    message = sh(kb, "log", "-1", "--format=%B")
    amend(kb, message.replace(message.split("Batch: ")[1].split("\n")[0], other))
    status = json.loads(run_cli("status", "-w", str(kb), "--json", env=clean_env()).stdout)
    states = {b["id"]: b["state"] for b in status["batches"]}
    assert states[other] != "committed"  # the commit is not the other batch's brief
    row = next(b for b in status["batches"] if b["id"] == other)
    assert "whose trailers its sidecar contradicts" in row["note"]


def test_a_schema_1_sidecar_cannot_turn_the_brief_check_off(kb: Path) -> None:
    from briefdesk.core.brief.sidecar import read_sidecar

    committed(kb)
    raw = json.loads((kb / SIDECAR).read_bytes())
    v1 = {k: v for k, v in raw.items() if k not in ("model", "review", "dismissed")}
    v1["schema_version"] = 1
    v1["counts"] = {
        k: v for k, v in raw["counts"].items() if k not in ("increments", "spot_checks")
    }
    data = json.dumps(v1, ensure_ascii=False, indent=2).encode()
    assert read_sidecar(data, SIDECAR).model is None  # a sidecar briefdesk reads (migrated)
    amend(kb, files={SIDECAR: data, BRIEF: b"# any text at all\n"})
    proc = verify(kb)
    assert proc.returncode == 1, proc.stdout
    assert "schema 1, which holds no brief model" in proc.stdout + proc.stderr


def test_a_brief_commit_that_also_edits_an_earlier_brief_fails(kb: Path) -> None:
    committed(kb)
    earlier = next(
        p for p in sh(kb, "ls-files", "briefs").split() if p.endswith(".md") and p not in OURS
    )
    amend(kb, files={earlier: (kb / earlier).read_bytes() + b"\n(rewritten)\n"})
    proc = verify(kb)
    assert proc.returncode == 1
    assert f"the commit also changes {earlier}" in proc.stderr


def test_an_increment_invented_in_the_model_citing_no_material_fails(kb: Path) -> None:
    from briefdesk.core.brief.render import render_model
    from briefdesk.core.brief.sidecar import read_sidecar

    committed(kb)
    raw = json.loads((kb / SIDECAR).read_bytes())
    invented = dict(raw["model"]["entries"][0])
    invented.update(
        number=len(raw["model"]["entries"]) + 1,
        id="i999",
        parts=["inbox/nowhere/invented.md#1"],
        absorbed=[],
        title="An increment nobody reviewed",
    )
    raw["model"]["entries"].append(invented)
    data = json.dumps(raw, ensure_ascii=False, indent=2, sort_keys=True).encode() + b"\n"
    model = read_sidecar(data, SIDECAR).model
    assert model is not None
    # the brief agrees with the forged model byte for byte: only the refs can tell
    amend(kb, files={SIDECAR: data, BRIEF: render_model(model).encode()})
    proc = verify(kb)
    assert proc.returncode == 1, proc.stdout
    assert "cites inbox/nowhere/invented.md#1, no item of it" in proc.stderr


def test_a_sidecar_item_of_a_material_it_does_not_list_fails(kb: Path) -> None:
    committed(kb)
    raw = json.loads((kb / SIDECAR).read_bytes())
    item = dict(raw["items"][0])
    item["ref"] = "inbox/nowhere/invented.md#1"
    raw["items"].append(item)
    raw["counts"]["items"] += 1
    data = json.dumps(raw, ensure_ascii=False, indent=2, sort_keys=True).encode() + b"\n"
    amend(kb, files={SIDECAR: data})
    proc = verify(kb)
    assert proc.returncode == 1
    assert "item inbox/nowhere/invented.md#1 is of no material the sidecar lists" in proc.stderr
