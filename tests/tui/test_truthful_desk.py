"""The desk says only what is true: the commit screen's counts and warnings, what `y` and `w`
did, what an edited material left. Each test failed before its fix."""

from __future__ import annotations

import asyncio
import html
import os
import re
import stat
from pathlib import Path

import pytest
from briefdesk.tui.screens.commit import CommitScreen
from tui_helpers import committed_copy, desk, fixed_git, key, settle, until

SEED_BATCH = "2026-11-03-e627b203"
R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"  # undecided, nothing proposed


def run(coro):
    return asyncio.run(coro)


def text_of(widget) -> str:
    return str(widget.render())


def shown(widget) -> str:
    """The widget's lines as they are on screen, joined into one line."""
    from textual.geometry import Region

    width, height = widget.size
    return " ".join(
        " ".join(strip.text for strip in widget.render_lines(Region(0, 0, width, height))).split()
    )


def notes(app) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


def program(folder: Path, name: str, body: str) -> Path:
    """A stand-in for a real program: records its stdin and arguments, then runs `body`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(
        f'#!/bin/sh\ncat > "{folder}/{name}.in"\nprintf "%s\\n" "$@" > "{folder}/{name}.args"\n'
        f"{body}\n",
        "utf-8",
    )
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_the_commit_screen_counts_increments_as_the_commit_message_does(seed: Path) -> None:
    """Eight included items form six increments (one merges four items): the screen says six,
    as the subject does, and the Decisions trailer's figures."""

    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            commit = app.screen
            head = text_of(commit.query_one("#commit-head"))
            assert "6 increments (from 8 included items)" in head, head
            assert "17 excluded (5 duplicates)" in head and "confirmed 0/25" in head
            assert "· 6 increments from e627b203" in (screen.message_text or "")
            assert not commit.query_one("#commit-notices").display  # every increment is written

    run(go())


def test_the_commit_screen_names_increments_still_carrying_generated_filler(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("include"))
            await settle(pilot)
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            notices = text_of(app.screen.query_one("#commit-notices")).splitlines()
            new = [n for n in notices if "DecisionRank" in n]
            assert len(new) == 1, notices
            assert "still prints generated text for 要点, 与活文档脉络的关系, 建议归入" in new[0]
            # the proposals' own increments have written relations, excerpts for 要点
            assert all("for 要点:" in n for n in notices if n not in new)

    run(go())


def test_the_desk_warns_before_committing_a_shared_reviewer_who_is_not_the_committer(
    demo: Path,
) -> None:
    """briefdesk.yaml names Ann; git commits as Tom: the commit screen says so, in the words
    `briefdesk commit` prints, before anything is committed."""
    with (demo / "briefdesk.yaml").open("a", encoding="utf-8") as f:
        f.write("reviewer: Ann\n")

    async def go() -> None:
        async with desk(demo) as (app, pilot, _screen):
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            notices = text_of(app.screen.query_one("#commit-notices"))
            assert "briefdesk.yaml names the reviewer 'Ann', but you commit as 'Tom'" in notices
            assert app.screen.sha is None

    run(go())


REDHAT = "inbox/flyp/2026-11-03T0950-critical-read.md#2"  # names one URL


@pytest.mark.parametrize("tool", ["none", "xclip", "failing xclip"])
def test_y_says_what_it_did_with_the_clipboard(
    demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tool: str
) -> None:
    """Nothing confirms OSC 52 (tmux with set-clipboard external drops it): without a clipboard
    program the desk says the ref was *sent* to the terminal; with xclip it copies and says so."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    if tool != "none":
        program(bin_dir, "xclip", "exit 1" if tool.startswith("failing") else "exit 0")
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}/usr/bin:/bin")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("copy_ref"), key("copy_ref"))
            await until(pilot, lambda: notes(app) != "", what="the message")
            said = notes(app)
            assert app.clipboard == R2
            assert not said.startswith("Copied") or tool == "xclip"
            if tool == "none":
                assert said == (
                    f"Sent {R2} to the terminal's clipboard (OSC 52: no clipboard program found; "
                    "inside tmux it arrives only with set-clipboard on)"
                )
            elif tool == "xclip":
                assert said == f"Copied {R2} (with xclip)"
                assert (bin_dir / "xclip.in").read_text("utf-8") == R2
                assert (bin_dir / "xclip.args").read_text("utf-8").split() == [
                    "-selection",
                    "clipboard",
                ]
            else:
                assert said.startswith(f"xclip failed; sent {R2} to the terminal's clipboard")

    run(go())


@pytest.mark.parametrize("browser", ["missing", "exits 3", "ok"])
def test_w_says_opened_only_when_a_browser_took_the_url(
    demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: str
) -> None:
    bin_dir = tmp_path / "bin"
    if browser == "missing":
        monkeypatch.setenv("BROWSER", str(bin_dir / "no-such-browser"))
    else:
        fake = program(bin_dir, "firefox", "exit 3" if browser == "exits 3" else "exit 0")
        monkeypatch.setenv("BROWSER", f"{fake} --new-tab %s")

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(REDHAT)
            await pilot.press(key("open_url"), "enter")
            await until(pilot, lambda: notes(app) != "", what="the message")
            said = notes(app)
            url = "https://www.redhat.com/en/blog/openshift-ai-3-2-default-llminferenceservice"
            if browser == "ok":
                assert said == f"Opened {url} with firefox"
                args = (bin_dir / "firefox.args").read_text("utf-8").split()
                assert args == ["--new-tab", url]
            else:
                assert not said.startswith("Opened"), said
                problem = (
                    "is not installed or not on PATH"
                    if browser == "missing"
                    else "firefox exited with status 3"
                )
                assert said.startswith("Not opened: ") and problem in said, said

    run(go())


def test_a_manifest_placement_without_a_decision_is_a_proposal_to_confirm(demo: Path) -> None:
    """`{item, section, action}` and no `decision:`: the item stays undecided (no decision was
    proposed), pane 3 offers the manifest's placement first, and accepting it includes the item
    there with the proposed action."""
    import yaml
    from briefdesk.tui.widgets.placements import PlacementsPane

    manifest = demo / "batches" / f"{SEED_BATCH}.yaml"
    data = yaml.safe_load(manifest.read_text("utf-8"))
    data["proposals"].append({"item": R2, "section": "4.2", "action": "new-subsection"})
    manifest.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")

    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            assert screen.session.decision(R2).status == "undecided"
            screen.go_to(R2)
            await settle(pilot)
            pane = screen.query_one(PlacementsPane)
            await until(pilot, lambda: pane.option_count > 0, what="pane 3")
            first = str(pane.get_option_at_index(0).prompt)
            assert first.startswith("◇ manifest §4.2 "), first
            assert "proposed, to confirm: new-subsection" in first
            assert pane.selected_section() == "4.2"
            await pilot.press(key("accept_placement"))
            await settle(pilot)
            assert screen.session.decision(R2).status == "include"
            placement = screen.session.plan.placement_of(R2)
            assert placement is not None
            assert (placement.section, placement.action) == ("4.2", "new-subsection")
            assert "§4.2 新增小节" in screen.brief_text

    run(go())


# -- the workspace's language everywhere -------------------------------------------------------

ENGLISH = Path(__file__).resolve().parents[1] / "workspaces" / "english"
EN_BATCH = "2026-12-01-a1b2c3d4"
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


@pytest.fixture()
def english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tests/workspaces/english: `language: en`, English materials and living document."""
    fixed_git(tmp_path, monkeypatch)
    return committed_copy(ENGLISH, tmp_path / "en-kb", "an English knowledge base")


def chinese_on_screen(app) -> list[str]:
    """The lines of the screen as drawn that hold a Chinese character or full-width mark."""
    svg = app.export_screenshot()
    text = re.sub(r"<[^>]+>", "\n", svg)
    return [t for t in html.unescape(text).splitlines() if CJK.search(t)]


@pytest.mark.parametrize(
    "action",
    [
        "edit_notes",
        "filter",
        "cycle_evidence",
        "exclude",
        "pick_placement",
        "edit_increment",
        "help",
        "commit",
        "merge",
        "copy_ref",
    ],
)
def test_an_english_workspace_shows_no_chinese_in_the_desk(english: Path, action: str) -> None:
    async def go() -> None:
        async with desk(english, EN_BATCH, size=(100, 30)) as (app, pilot, screen):
            if action in ("edit_increment", "merge"):  # an increment to write, or to merge into
                await pilot.press(key("include"))
                await settle(pilot)
            if action == "merge":
                screen.go_to("inbox/ann/2026-12-01-feeds.md#2")
                await settle(pilot)
            assert chinese_on_screen(app) == []
            await pilot.press(key(action))
            await until(pilot, lambda: app.screen is not screen, what=action)
            await settle(pilot)
            assert chinese_on_screen(app) == [], action

    run(go())


def test_the_notes_dialog_names_the_sections_in_the_workspaces_language(
    english: Path, demo: Path
) -> None:
    async def heading(ws: Path, batch: str) -> list[str]:
        async with desk(ws, batch) as (app, pilot, screen):
            await pilot.press(key("edit_notes"))
            await until(pilot, lambda: app.screen is not screen, what="the notes dialog")
            return [str(label.render()) for label in app.screen.query(".field")]

    assert run(heading(english, EN_BATCH))[:2] == ["II · contradictions", "V · handles"]
    assert run(heading(demo, SEED_BATCH))[:2] == ["二 · contradictions", "五 · handles"]


def test_an_edited_material_is_said_at_once_and_committed_first_with_consent(
    demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`E` changes the file: pane 2 says it has uncommitted changes as soon as the batch is read
    again; the commit screen offers `m`, which commits that file alone as a commit of its own
    (the user's other change stays uncommitted), after which the brief commits."""
    import subprocess

    from briefdesk.tui.screens.review import ReviewScreen
    from briefdesk.tui.widgets.detail import DetailPane
    from tui_helpers import review_ready

    editor = program(tmp_path / "bin", "vi", 'for f; do :; done\nprintf "\\nMore.\\n" >> "$f"')
    monkeypatch.setenv("VISUAL", str(editor))
    (demo / "README.md").write_text("the user's own unfinished work\n", "utf-8")
    material = "inbox/jay/2026-11-03-1000-rss-cool-papers.md"

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", str(demo), *args], capture_output=True, text=True, check=True
        ).stdout

    async def go() -> None:
        async with desk(demo) as (app, pilot, first):
            first.go_to(R2)
            await pilot.press(key("edit_material"))
            await until(
                pilot,
                lambda: isinstance(app.screen, ReviewScreen) and app.screen is not first,
                what="the batch read again",
            )
            again = await review_ready(pilot, matched=False)
            await until(pilot, lambda: again.view.uncommitted, what="the check")
            head = again.query_one(DetailPane).query_one("#detail-head")
            await until(pilot, lambda: "uncommitted changes" in shown(head), what="pane 2's word")
            again.session.include(R2)
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            commit = app.screen
            notices = text_of(commit.query_one("#commit-notices"))
            assert f"{material} has uncommitted changes" in notices
            assert "m commits it first, as a commit of its own" in notices
            assert git("log", "-1", "--format=%s").startswith("demo")  # nothing done unasked
            await pilot.press("m")
            await until(pilot, lambda: "✓ Committed" in text_of(commit.query_one("#commit-status")))
            assert git("log", "-1", "--format=%s") == (
                "materials(inference): 1 file edited during the review of e627b203\n"
            )
            assert git("show", "--name-only", "--format=", "HEAD").split() == [material]
            assert git("status", "--porcelain", "--", "README.md") == "?? README.md\n"  # left alone
            assert "uncommitted" not in text_of(commit.query_one("#commit-notices"))
            assert not commit.query_one("#commit-materials").display
            await pilot.press("ctrl+s")
            await until(pilot, lambda: commit.sha is not None, what="the brief's commit")

    run(go())


# -- the seed's last lines, written in the desk -------------------------------------------------

CSDN2 = "inbox/jay/2026-11-01T0820-csdn-discovery.md#2"  # excluded off-topic (proposed)
R1 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"  # included at §3.1 (proposed)


async def _type(pilot, text: str) -> None:
    for ch in text:
        await pilot.press(ch if ch != " " else "space")


def test_the_desk_writes_a_placement_note_after_a_label_in_four_and_the_header(
    demo: Path,
) -> None:
    """A placement's `after` text (the placement dialog), an exclusion's label in 四, the
    header's 用途 and 背景 (palette commands): each lands in the brief as written, one undo step."""
    from briefdesk.tui.dialogs.increment import IncrementDialog
    from briefdesk.tui.dialogs.placement_edit import PlacementEditDialog
    from briefdesk.tui.dialogs.text_entry import TextEntryDialog

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            # 建议归入: the increment form, its placement, the `after` field
            screen.go_to(R1)
            await pilot.press(key("edit_increment"))
            await until(pilot, lambda: isinstance(app.screen, IncrementDialog), what="the form")
            app.screen.query_one("#placements").focus()
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, PlacementEditDialog), what="edit")
            after = app.screen.query_one("#after")
            after.focus()
            after.value = "；"  # a full-width mark is not a key Pilot can press
            await _type(pilot, "不建议为它单开小节")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, IncrementDialog), what="the form")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.screen is screen, what="the review")
            placed = [x for x in screen.brief_text.splitlines() if "建议归入" in x]
            assert "  • 建议归入：§3.1 末尾追加；不建议为它单开小节。" in placed, placed

            # 四: the excluded item's label
            screen.go_to(CSDN2)
            await settle(pilot)
            await screen.run_action("label_exclusion")
            await until(pilot, lambda: isinstance(app.screen, TextEntryDialog), what="label")
            await _type(pilot, "同文件 Java 类加载机制等")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.decision(CSDN2).label == "同文件 Java 类加载机制等"
            assert "  • 同文件 Java 类加载机制等：与 inference 主题无关，不入库。" in (
                screen.brief_text
            )

            # the header's 用途, then undone
            await screen.run_action("edit_purpose")
            await until(pilot, lambda: isinstance(app.screen, TextEntryDialog), what="purpose")
            await pilot.press("home", "shift+end")  # the manifest's line, replaced
            await _type(pilot, "今晚接力用")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.screen is screen, what="the review")
            purpose = [x for x in screen.brief_text.splitlines() if x.startswith("  • 用途")]
            assert purpose == ["  • 用途：今晚接力用"], (purpose, screen.session.data.purpose)
            await pilot.press(key("undo"))
            await settle(pilot)
            assert "  • 用途：今晚接力用" not in screen.brief_text.splitlines()

    run(go())


def test_the_commit_screen_lists_the_manifest_it_commits_too(seed: Path) -> None:
    """A batch whose manifest git does not hold yet: the brief commit holds it too
    (docs/git.md), so the screen lists three files, not "exactly these two", and says so when done;
    once committed, the manifest is not listed."""
    import subprocess

    manifest = f"batches/{SEED_BATCH}.yaml"

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", str(seed), *args], capture_output=True, text=True, check=True
        ).stdout

    async def files_shown(then_commit: bool) -> tuple[str, str]:
        async with desk(seed, SEED_BATCH) as (app, pilot, _):
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            commit = app.screen
            files = text_of(commit.query_one("#commit-files"))
            message = text_of(commit.query_one("#commit-message Static"))
            assert ("With the batch's manifest" in message) is then_commit, message
            if not then_commit:
                return files, ""
            await pilot.press("ctrl+s")
            status = commit.query_one("#commit-status")
            await until(pilot, lambda: commit.sha is not None, what=f"commit: {text_of(status)}")
            return files, text_of(status)

    git("rm", "-q", "--cached", "--", manifest)
    git("commit", "-q", "--no-verify", "-m", "the manifest not yet committed")
    files, status = run(files_shown(True))
    assert "exactly these three files" in files and manifest in files and "new" in files, files
    assert "the brief, its sidecar and the batch's manifest" in status, status
    assert manifest in git("show", "--name-only", "--format=", "HEAD").split()

    files, _ = run(files_shown(False))  # the manifest is HEAD's now
    assert "exactly these two files" in files and manifest not in files, files
