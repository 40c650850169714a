"""The command line on the demo workspace: scan, build, commit, history, verify, errors."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from briefdesk.cli import main

BATCH = "2026-11-03-e627b203"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def scanned(demo_ws: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    code, out, err = run(capsys, "scan", "-w", str(demo_ws), "-b", BATCH, "--json")
    assert code == 0, err
    return json.loads(out)


def test_scan_json_has_the_fixed_keys(scanned: dict) -> None:
    assert set(scanned["batch"]) >= {"id", "topic", "stem"}
    assert scanned["batch"]["stem"] == BATCH
    for item in scanned["items"]:
        assert set(item) >= {
            "ref",
            "material",
            "title",
            "evidence",
            "arxiv",
            "placements",
            "duplicates",
        }
        # docs/json.md: every likely one best first, then the updates, then the possible ones
        order = {"likely": 0, "update": 1, "possible": 2}
        tiers = [order[d["tier"]] for d in item["duplicates"]]
        assert tiers == sorted(tiers)
        for tier in ("likely", "possible"):
            scores = [d["score"] for d in item["duplicates"] if d["tier"] == tier]
            assert scores == sorted(scores, reverse=True)
        for d in item["duplicates"]:
            assert set(d) >= {"kind", "ref", "score", "text"} and d["kind"] in (
                "batch",
                "brief",
                "living-doc",
            )


def test_scan_finds_every_planted_duplicate_as_the_best_candidate(
    scanned: dict, expected: dict
) -> None:
    by_ref = {item["ref"]: item for item in scanned["items"]}
    for ref, dup in expected["duplicates"].items():
        assert by_ref[ref]["duplicates"], f"{ref}: no candidate, expected {dup}"
        assert by_ref[ref]["duplicates"][0]["ref"] == dup, (
            f"{ref}: best is {by_ref[ref]['duplicates'][0]}"
        )


def test_scan_places_most_items_in_their_intended_section(scanned: dict, expected: dict) -> None:
    by_ref = {item["ref"]: item for item in scanned["items"]}
    sections = expected["sections"]
    hits = [
        ref
        for ref, sec in sections.items()
        if sec in [p["section"] for p in by_ref[ref]["placements"][:3]]
    ]
    assert len(hits) / len(sections) >= 0.8, sorted(set(sections) - set(hits))


def test_scan_keeps_manifest_and_file_order(scanned: dict, demo_ws: Path) -> None:
    import yaml

    manifest = yaml.safe_load((demo_ws / "batches" / f"{BATCH}.yaml").read_text("utf-8"))
    paths = [m if isinstance(m, str) else m["path"] for m in manifest["materials"]]
    seen = [item["material"] for item in scanned["items"]]
    assert sorted(set(seen), key=seen.index) == paths
    for path in paths:
        numbers = [int(i["ref"].split("#")[1]) for i in scanned["items"] if i["material"] == path]
        assert numbers == list(range(1, len(numbers) + 1))


def test_build_twice_gives_identical_bytes_with_the_five_sections(demo_ws: Path, capsys) -> None:
    a, b = demo_ws / "a.md", demo_ws / "b.md"
    assert run(capsys, "build", "-w", str(demo_ws), "-b", BATCH, "-o", str(a))[0] == 0
    assert run(capsys, "build", "-w", str(demo_ws), "-b", BATCH, "-o", str(b))[0] == 0
    assert a.read_bytes() == b.read_bytes()
    text = a.read_text("utf-8")
    positions = [text.index(h) for h in ("一、", "二、", "三、", "四、", "五、")]
    assert positions == sorted(positions)


def test_commit_history_verify_round_trip(demo_ws: Path, capsys) -> None:
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    review = load_review(Workspace.open(demo_ws), BATCH)
    with review.open_session() as session:
        for item in review.items:
            if session.decision(item.ref).status == "undecided":
                session.exclude(item.ref, "off-topic")
            else:
                session.confirm(item.ref)
    code, out, err = run(capsys, "commit", "-w", str(demo_ws), "-b", BATCH, "--reviewer", "Tom")
    assert code == 0, err
    shown = subprocess.run(
        ["git", "-C", str(demo_ws), "show", "--name-only", "--format=", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert sorted(shown) == sorted([review.brief_path, review.sidecar_path])
    trailers = subprocess.run(
        ["git", "-C", str(demo_ws), "log", "-1", "--format=%B"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    parsed = subprocess.run(
        ["git", "interpret-trailers", "--parse"],
        input=trailers,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert parsed.count("Material: ") == len(review.materials)
    assert f"confirmed={len(review.items)}/{len(review.items)}" in parsed
    assert run(capsys, "verify", "-w", str(demo_ws), "HEAD")[0] == 0
    # build shows exactly the bytes that commit committed
    code, built, _ = run(capsys, "build", "-w", str(demo_ws), "-b", BATCH, "--reviewer", "Tom")
    assert code == 0 and built == (demo_ws / review.brief_path).read_text("utf-8")
    code, out, _ = run(capsys, "history", "-w", str(demo_ws), "--json")
    hist = json.loads(out)
    assert hist["schema"] == 1
    top = hist["commits"][0]
    assert top["batch"] == review.batch.manifest.id and top["reviewer"] == "Tom"
    assert top["date"] == "2026-11-03"  # the brief's date (the manifest's created), not today


def test_commit_refuses_while_items_are_undecided(demo_ws: Path, capsys) -> None:
    code, _, err = run(capsys, "commit", "-w", str(demo_ws), "-b", BATCH)
    assert code == 2 and "undecided" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["scan", "-b", "nope"], "no batch named 'nope'"),
        (["scan"], "required"),
        (["bogus"], "invalid choice"),
        (["verify", "not-a-rev"], "not-a-rev"),
    ],
)
def test_errors_are_one_line_and_exit_2(
    demo_ws: Path, capsys, argv: list[str], needle: str
) -> None:
    code, _, err = (
        run(capsys, *argv[:1], "-w", str(demo_ws), *argv[1:])
        if argv[0] != "bogus"
        else run(capsys, *argv)
    )
    assert code == 2
    assert err.startswith("briefdesk: error: ") and err.count("\n") == 1 and needle in err
    assert "Traceback" not in err


def test_the_installed_script_runs(demo_ws: Path) -> None:
    import shutil
    import sys

    exe = shutil.which("briefdesk") or str(Path(sys.executable).parent / "briefdesk")
    proc = subprocess.run(
        [exe, "scan", "-w", str(demo_ws), "-b", BATCH], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert BATCH in proc.stdout


def test_the_process_entry_point_passes_the_exit_code_and_output_through(demo_ws: Path) -> None:
    """`python -m briefdesk` goes through `run` (the collector off, frozen at exit)."""
    import sys

    ok = subprocess.run(
        [sys.executable, "-m", "briefdesk", "history", "-w", str(demo_ws), "--json"],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0 and json.loads(ok.stdout)["commits"] == [], ok.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "briefdesk", "verify", "-w", str(demo_ws), "not-a-rev"],
        capture_output=True,
        text=True,
    )
    assert (
        bad.returncode == 2
        and bad.stderr.startswith("briefdesk: error: ")
        and bad.stderr.count("\n") == 1
    )


def test_the_desk_runs_with_the_garbage_collector_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """`run` keeps the cyclic collector off for headless commands; the desk is long-lived."""
    import gc

    import briefdesk.tui.launch

    from briefdesk.cli.commands.review import launch_desk

    seen: list[bool] = []
    monkeypatch.setattr(
        briefdesk.tui.launch, "run_review", lambda *a: seen.append(gc.isenabled()) or 0
    )
    gc.disable()
    try:
        assert launch_desk(Path("."), None, None) == 0
        assert seen == [True]
    finally:
        gc.enable()
