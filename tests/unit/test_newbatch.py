"""`core.commands.newbatch`: which materials a new batch picks, the manifest it writes, what it
refuses.

The workspace is the demo knowledge base (every material of it named by a batch) after an evening's
collection: new inbox materials in Chinese and English from two collectors, a paper card, an
editor's hidden file, a file `.gitignore` hides, a note outside the material folders, and later
a briefed material edited by its collector.
"""

from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path

import pytest
from briefdesk.core.commands.newbatch import NothingToBatch, plan_new_batch, write_new_batch
from briefdesk.core.commands.status import batch_status, unbatched_materials
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.git.commit import commit_brief
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace
from briefdesk.core.workspace.manifest import Manifest

DEMO_BATCH = "2026-11-03-e627b203"
TODAY = dt.date(2026, 11, 5)

EVENING = {
    "inbox/jay/2026-11-05-1000-rss-cool-papers.md": (
        "---\ntitle: papers.cool · cs.CL daily feed (2026-11-05)\nevidence: abstract\n---\n"
        "## SpecBranch: speculative decoding with rollback-free branches\n\n"
        "arXiv:2611.01234. Draft trees fork at uncertain tokens; no speed-up figures given.\n\n"
        "## A survey of KV cache eviction policies\n\narXiv:2611.04321. Surveys 40 policies.\n"
    ),
    "inbox/jay/2026-11-05T0830-csdn-discovery.md": (
        "## SGLang v0.5.22 发布：decisions 端点支持批量\n\n搜索线索级。CSDN 帖称 SGLang 0.5.22 的 "
        "/v1/decisions 端点可一次提交多组候选，未给基准。\n"
    ),
    "inbox/flyp/2026-11-05T0950-critical-read.md": (
        "## 对象一：KVShuttle 复读——拓扑感知 KV 传输\n\n正文已读。相对 NCCL 基线 1.8× 的数字只在 "
        "8 卡 H100 上测过。\n"
    ),
    "organized/paper_cards/141-2611-01234.md": (
        "---\ntitle: SpecBranch\narxiv: [2611.01234]\n---\nTLDR: rollback-free speculative "
        "branches.\n"
    ),
    "inbox/jay/.#2026-11-05-draft.md": "an editor's lock file, not a material\n",
    "inbox/jay/scratch/ignored.md": "hidden by .gitignore\n",
    "notes/2026-11-05-ideas.md": "not in a material folder\n",
}
NEW = sorted(
    p
    for p in EVENING
    if p.startswith(("inbox/", "organized/")) and "/." not in p and "scratch" not in p
)


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(root), *args], capture_output=True, text=True, check=True
    ).stdout


def add_files(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")


@pytest.fixture()
def evening(demo_ws: Path) -> Path:
    (demo_ws / ".gitignore").write_text("inbox/jay/scratch/\n", "utf-8")
    add_files(demo_ws, EVENING)
    return demo_ws


def commit_demo_brief(root: Path) -> str:
    review = load_review(Workspace.open(root), DEMO_BATCH)
    with review.open_session() as session:
        for item in review.items:
            if session.decision(item.ref).status == "undecided":
                session.exclude(item.ref, "off-topic")
        return commit_brief(review, session, reviewer="Tom").sha


def test_a_new_batch_names_exactly_the_materials_no_batch_names(evening: Path) -> None:
    ws = Workspace.open(evening)
    plan = plan_new_batch(ws, "inference", today=TODAY, author="Tom")
    assert [p.path for p in plan.picked] == NEW
    assert {p.why for p in plan.picked} == {"new"}
    assert [m.path for m in plan.manifest.materials] == NEW
    assert plan.manifest.topic == "inference" and plan.manifest.date == TODAY
    assert plan.manifest.author == "Tom"
    # a fresh id in the workspace's own form, and the stem the demo's batches have
    assert plan.manifest.id.startswith("work-guard/") and len(plan.manifest.id) == 11 + 36
    assert plan.stem == f"2026-11-05-{plan.manifest.id.split('/')[1][:8]}"
    assert plan.summary() == "4 materials (inbox/flyp 1, inbox/jay 2, organized/paper_cards 1)"
    assert unbatched_materials(ws, ws.batches()) == NEW


def test_the_written_manifest_is_a_batch_the_desk_opens(evening: Path) -> None:
    ws = Workspace.open(evening)
    plan = plan_new_batch(ws, "inference", today=TODAY)
    path = write_new_batch(ws, plan)
    assert path == evening / "batches" / f"{plan.stem}.yaml"
    assert path.read_text("utf-8") == plan.text
    review = load_review(Workspace.open(evening), plan.stem)
    assert [m.path for m in review.materials] == NEW
    assert len(review.items) == 5
    rows = {r.stem: r for r in batch_status(Workspace.open(evening), TODAY)[0]}
    assert rows[plan.stem].state == "new" and rows[plan.stem].materials == 4
    # and now nothing is left: the next run says so instead of writing an empty manifest
    with pytest.raises(NothingToBatch, match="every material is named by a batch") as caught:
        plan_new_batch(Workspace.open(evening), "inference", today=TODAY)
    assert caught.value.exit_code == 1


def test_two_batches_made_the_same_day_get_different_ids_and_files(evening: Path) -> None:
    ws = Workspace.open(evening)
    one = plan_new_batch(ws, "inference", today=TODAY)
    two = plan_new_batch(ws, "inference", today=TODAY)
    assert one.manifest.id != two.manifest.id and one.stem != two.stem
    write_new_batch(ws, one)
    with pytest.raises(BriefdeskError, match="exists already"):
        write_new_batch(ws, one)  # never replaced
    assert (evening / one.path).read_text("utf-8") == one.text


@pytest.mark.parametrize(
    ("collectors", "expected"),
    [
        (("jay",), [p for p in NEW if p.startswith("inbox/jay/")]),
        (("inbox/flyp",), [p for p in NEW if p.startswith("inbox/flyp/")]),
        (("organized/paper_cards", "flyp"), [p for p in NEW if "/jay/" not in p]),
    ],
)
def test_collector_keeps_that_collectors_materials(
    evening: Path, collectors: tuple[str, ...], expected: list[str]
) -> None:
    plan = plan_new_batch(Workspace.open(evening), "inference", collectors=collectors, today=TODAY)
    assert [p.path for p in plan.picked] == expected


def test_a_briefed_material_edited_since_the_topics_last_brief_comes_back(evening: Path) -> None:
    sha = commit_demo_brief(evening)
    edited = "inbox/flyp/2026-11-03T0950-critical-read.md"
    with (evening / edited).open("a", encoding="utf-8") as fh:
        fh.write("\n补记：PLENA 作者回复称精度代价见附录 C。\n")
    # edited but uncommitted, and a material of the never-briefed 11-01 batch edited too
    with (evening / "inbox/jay/2026-11-01T0820-csdn-discovery.md").open("a") as fh:
        fh.write("\nedited\n")
    plan = plan_new_batch(Workspace.open(evening), "inference", today=TODAY)
    picked = {p.path: p.why for p in plan.picked}
    assert picked == {**dict.fromkeys(NEW, "new"), edited: "changed"}
    assert plan.since == sha[:7]
    assert f"  - {edited}  # changed since {sha[:7]}" in plan.text.splitlines()
    # another topic's new batch does not take this topic's briefed material
    (evening / "docs" / "agent.md").write_text("# Agent\n\n## 1 Tools\n\ntools\n", "utf-8")
    other = plan_new_batch(Workspace.open(evening), "agent", today=TODAY)
    assert edited not in {p.path for p in other.picked}


def test_since_a_date_or_a_revision_keeps_what_was_added_or_changed_since(evening: Path) -> None:
    git(evening, "add", "-A")
    git(evening, "commit", "-q", "-m", "the evening's collection")
    late = {"inbox/jay/2026-11-06-0700-rss.md": "## Morning item\n\nA morning feed item.\n"}
    add_files(evening, late)
    ws = Workspace.open(evening)
    assert [p.path for p in plan_new_batch(ws, "inference", since="HEAD", today=TODAY).picked] == [
        *late
    ]
    assert [p.path for p in plan_new_batch(ws, "inference", since="HEAD~1").picked] == sorted(
        [*NEW, *late]
    )
    # a date before the repository's first commit: everything unbatched counts
    assert len(plan_new_batch(ws, "inference", since="2000-01-01").picked) == len(NEW) + 1
    # a date after every commit: only what is not committed yet
    future = (dt.date.today() + dt.timedelta(days=2)).isoformat()
    assert [p.path for p in plan_new_batch(ws, "inference", since=future).picked] == [*late]
    with pytest.raises(NothingToBatch, match="added or changed since"):
        plan_new_batch(ws, "inference", since="HEAD", collectors=("flyp",))


@pytest.mark.parametrize(
    ("since", "needle"),
    [
        ("no-such-branch", "no such revision"),
        ("2026-13-45", "not a valid date"),
        ("--all", "not a revision or a date"),
    ],
)
def test_a_bad_since_is_refused(evening: Path, since: str, needle: str) -> None:
    with pytest.raises(BriefdeskError, match=needle):
        plan_new_batch(Workspace.open(evening), "inference", since=since)


def test_an_unknown_topic_names_the_known_ones(evening: Path) -> None:
    with pytest.raises(BriefdeskError, match=r"unknown topic 'infrence'.*known topics: inference"):
        plan_new_batch(Workspace.open(evening), "infrence")


def test_a_material_the_desk_could_not_open_is_refused_with_nothing_written(
    evening: Path,
) -> None:
    bad = "inbox/jay/2026-11-05-gbk.md"
    (evening / bad).write_bytes("## 标题\n".encode("gbk"))
    before = sorted(p.name for p in (evening / "batches").iterdir())
    with pytest.raises(BriefdeskError, match=rf"{bad}: not UTF-8"):
        plan_new_batch(Workspace.open(evening), "inference", today=TODAY)
    assert sorted(p.name for p in (evening / "batches").iterdir()) == before


def test_a_broken_manifest_stops_it_since_it_may_name_anything(evening: Path) -> None:
    (evening / "batches" / "broken.yaml").write_text("id: [unclosed\n", "utf-8")
    with pytest.raises(BriefdeskError, match=r"broken\.yaml"):
        plan_new_batch(Workspace.open(evening), "inference")


def test_material_folders_come_from_the_settings(evening: Path) -> None:
    settings = evening / "briefdesk.yaml"
    text = settings.read_text("utf-8")
    assert "\npaths:\n" in text  # one `paths:` key: a second one would be refused as a duplicate
    settings.write_text(
        text.replace("\npaths:\n", "\npaths:\n  materials: [inbox/flyp]\n"), "utf-8"
    )
    plan = plan_new_batch(Workspace.open(evening), "inference", today=TODAY)
    assert [p.path for p in plan.picked] == [p for p in NEW if "/flyp/" in p]


def test_the_manifest_text_quotes_what_yaml_would_misread(evening: Path) -> None:
    odd = "inbox/jay/2026-11-05 #1: 'yes'.md"
    add_files(evening, {odd: "## odd name\n\ntext\n"})
    plan = plan_new_batch(Workspace.open(evening), "inference", today=TODAY, author="Tom: A")
    import yaml

    raw = yaml.safe_load(plan.text)
    assert odd in raw["materials"] and raw["author"] == "Tom: A"
    assert Manifest.model_validate(raw).id == plan.manifest.id
