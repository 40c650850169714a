"""Writing the brief in the desk: the increment form, its placements, spot checks, the batch's
contradictions and handles. Each test presses the keys a reviewer presses, checks the session and
the brief pane, and undoes the change with the undo key (every saved edit is one undo step).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.dialogs.increment import IncrementDialog
from briefdesk.tui.dialogs.notes import NoteEditDialog, NotesDialog
from briefdesk.tui.dialogs.placement_edit import PlacementEditDialog
from briefdesk.tui.dialogs.spot_check import SpotCheckDialog, rank
from tui_helpers import desk, key, palette, settle, until

R1 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"  # demo: proposed include, §3.1
SEED_BATCH = "2026-11-03-e627b203"
TITLE = "决策模型正在成为 agent 推理的一等工程形态"


def run(coro) -> None:
    asyncio.run(coro)


async def typed(pilot, text: str) -> None:
    for ch in text:
        await pilot.press(ch if ch != " " else "space")


def pane_text(screen) -> str:
    """What the brief pane shows now (its preview's rows, as text)."""
    visual = screen.query_one("#preview-text").visual
    return "\n".join("".join(text for text, _style in line.body) for line in visual.lines)


async def brief_shows(pilot, screen, text: str, present: bool = True) -> None:
    """Wait for the brief preview (redrawn once keys pause) to show, or no longer show, `text`."""
    await until(
        pilot,
        lambda: (text in screen.brief_cache) == present,
        what=f"the brief {'showing' if present else 'dropping'} {text!r}",
    )
    screen.flush()
    await settle(pilot)


def test_the_form_writes_title_and_points_and_undo_takes_them_back(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R1)
            inc = screen.session.increment_of(R1)
            assert inc is not None and inc.title is None
            derived = next(e for e in screen.session.plan.entries if e.id == inc.id)
            await pilot.press(key("edit_increment"))
            await settle(pilot)
            form = app.screen
            assert isinstance(form, IncrementDialog)
            assert form.query_one("#title").placeholder.startswith("Flide")  # the derived title
            await typed(pilot, TITLE)
            await pilot.press("tab")
            await typed(pilot, "① Flide 精确状态分叉")
            await pilot.press("enter")
            await typed(pilot, "② DecisionRank 蒸馏")
            steps = len(screen.session.history.undo)
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is screen
            entry = screen.session.entry(derived.id)
            assert entry.title == TITLE
            assert entry.points == "① Flide 精确状态分叉\n② DecisionRank 蒸馏"
            assert len(screen.session.history.undo) == steps + 1  # one step for the whole form
            await brief_shows(pilot, screen, f"1. {TITLE}")
            assert "  • 要点：① Flide 精确状态分叉\n    ② DecisionRank 蒸馏\n" in screen.brief_cache
            assert TITLE in pane_text(screen)
            assert screen.query_one("#order").options[0].prompt.plain.endswith(TITLE)

            await pilot.press(key("undo"))
            await brief_shows(pilot, screen, f"1. {TITLE}", present=False)
            entry = screen.session.entry(derived.id)
            assert entry.title is None and entry.points is None
            assert TITLE not in pane_text(screen)

    run(go())


def test_placements_are_added_reordered_and_undone(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R1)
            inc_id = screen.session.increment_of(R1).id  # type: ignore[union-attr]
            before = screen.session.entry(inc_id).placements
            assert [p.section for p in before] == ["3.1"]
            await pilot.press(key("edit_increment"))
            await settle(pilot)
            form = app.screen
            assert isinstance(form, IncrementDialog)
            for _ in range(4):  # title, points, relation, boundary: then the placements list
                await pilot.press("tab")
            assert form.focused.id == "placements"

            await pilot.press("a")  # add: the section by search, the action, a label
            await settle(pilot)
            assert isinstance(app.screen, PlacementEditDialog)
            await typed(pilot, "5.8")
            await pilot.press("ctrl+s")
            await settle(pilot)
            await pilot.press("a")
            await settle(pilot)
            sub = app.screen
            assert isinstance(sub, PlacementEditDialog)
            await typed(pilot, "6.1")
            await pilot.press("tab", "tab")
            assert sub.focused.id == "action"
            await pilot.press("end")  # the last action: an open question
            await pilot.press("tab")
            await typed(pilot, "精度代价")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is form
            assert [p.section for p in form.placements] == ["3.1", "5.8", "6.1"]
            await pilot.press("shift+up")  # the new one up, above §5.8
            assert [p.section for p in form.placements] == ["3.1", "6.1", "5.8"]
            await pilot.press("ctrl+s")
            await settle(pilot)

            placed = screen.session.entry(inc_id).placements
            assert [(p.section, p.action, p.label) for p in placed] == [
                ("3.1", "append", None),
                ("6.1", "open-question", "精度代价"),
                ("5.8", "append", None),
            ]
            line = "  • 建议归入：§3.1 末尾追加；§6.1 新增开放问题「精度代价」；§5.8 末尾追加。"
            await brief_shows(pilot, screen, line)

            await pilot.press(key("undo"))
            await brief_shows(pilot, screen, line, present=False)
            assert screen.session.entry(inc_id).placements == before
            assert "  • 建议归入：§3.1 末尾追加。\n" in screen.brief_cache

    run(go())


def test_a_spot_check_is_picked_written_and_undone(seed: Path) -> None:
    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            assert [s.path for s in screen.session.plan.spot_checks] == [
                "organized/paper_cards/1417-2609-19969.md"
            ]
            await pilot.press(key("add_spot_check"))
            await settle(pilot)
            picker = app.screen
            assert isinstance(picker, SpotCheckDialog)
            # outside the batch, not spot-checked yet: two paper cards
            assert picker.candidates == [
                "organized/paper_cards/1388-2608-11873.md",
                "organized/paper_cards/1402-2609-04431.md",
            ]
            await typed(pilot, "1402")
            await settle(pilot)
            assert "KV Cache Eviction" in str(picker.query_one("#preview").render())
            await pilot.press("enter")
            await settle(pilot)
            form = app.screen
            assert isinstance(form, IncrementDialog)  # the new spot check's own form
            spots = screen.session.plan.spot_checks
            assert [s.path for s in spots][-1] == "organized/paper_cards/1402-2609-04431.md"
            await typed(pilot, "论文卡抽查 agentic 负载下的 KV 淘汰")
            await pilot.press("ctrl+s")
            await settle(pilot)
            await brief_shows(pilot, screen, "7. 论文卡抽查 agentic 负载下的 KV 淘汰")
            assert "一、今日最重要的 7 条增量" in screen.brief_cache
            # 三 inline, as the seed's workspace proposes it
            assert " - arXiv:2609.04431 — KV Cache Eviction under Agentic Workloads" in (
                screen.brief_cache
            )
            assert screen.view.message_cache is not None
            assert screen.view.message_cache.count("\nSpot-check: organized/paper_cards/") == 2

            await pilot.press(key("undo"))  # the form's text
            await brief_shows(pilot, screen, "7. 论文卡抽查", present=False)
            assert "7. KV Cache Eviction under Agentic Workloads（2609.04431）" in (
                screen.brief_cache
            )
            await pilot.press(key("undo"))  # the spot check itself
            await brief_shows(pilot, screen, "一、今日最重要的 6 条增量")
            assert len(screen.session.plan.spot_checks) == 1

    run(go())


def test_a_contradiction_is_edited_moved_deleted_and_each_undone(seed: Path) -> None:
    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            data = screen.session.data
            first = data.contradictions[0]
            assert first.text.startswith("SGLang 版本线双轨未标清")
            await pilot.press(key("edit_notes"))
            await settle(pilot)
            notes = app.screen
            assert isinstance(notes, NotesDialog)
            assert notes.focused.id == "contradictions"
            await pilot.press("enter")  # edit the first
            await settle(pilot)
            assert isinstance(app.screen, NoteEditDialog)  # the cursor at the end of the text
            await typed(pilot, "已核对 1.2 节")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is notes
            edited = screen.session.data.contradictions[0]
            assert edited.text.endswith("可核查性缺口。已核对 1.2 节")
            assert edited.refs == first.refs  # the refs stay
            await pilot.press("shift+down")  # moved below the second
            assert screen.session.data.contradictions[1] == edited
            await pilot.press("x")  # deleted
            assert len(screen.session.data.contradictions) == 5
            assert edited not in screen.session.data.contradictions
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is screen
            await brief_shows(pilot, screen, "已核对 1.2 节", present=False)
            second = "二、值得警惕的矛盾或待核实说法\n\n  1. PLENA 的 4.70×"
            assert second in screen.brief_cache

            await pilot.press(key("undo"))  # the deletion
            await brief_shows(pilot, screen, "  2. SGLang 版本线双轨未标清")
            await pilot.press(key("undo"))  # the move
            await brief_shows(pilot, screen, "  1. SGLang 版本线双轨未标清")
            assert "可核查性缺口。已核对 1.2 节" in screen.brief_cache
            await pilot.press(key("undo"))  # the edit
            await brief_shows(pilot, screen, "已核对 1.2 节", present=False)
            assert screen.session.data.contradictions[0] == first

    run(go())


def test_a_handle_is_added_with_a_ref_and_a_bad_ref_is_refused(seed: Path) -> None:
    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            await pilot.press(key("edit_notes"))
            await settle(pilot)
            await pilot.press("tab")  # the handles list
            await pilot.press("a")
            await settle(pilot)
            edit = app.screen
            assert isinstance(edit, NoteEditDialog) and edit.with_detail
            await typed(pilot, "先读 PLENA 正文抽精度指标")
            await pilot.press("tab")
            await typed(pilot, "第 4 节与附录")
            await pilot.press("tab")
            await typed(pilot, "inbox/flyp/2026-11-03T0950-critical-read.md#9")  # no such item
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert len(screen.session.data.handles) == 3  # refused, with a message ...
            assert app.screen is edit  # ... and what was typed is still there to correct
            await pilot.press("backspace")
            await typed(pilot, "1")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is not edit
            handle = screen.session.data.handles[-1]
            assert (handle.text, handle.detail, handle.refs) == (
                "先读 PLENA 正文抽精度指标",
                "第 4 节与附录",
                ("inbox/flyp/2026-11-03T0950-critical-read.md#1",),
            )
            await pilot.press("escape")
            await brief_shows(pilot, screen, "  4. 先读 PLENA 正文抽精度指标。第 4 节与附录。")
            assert "五、给今晚活文档更新的四条抓手" in screen.brief_cache

    run(go())


def test_the_picker_ranks_by_what_is_typed() -> None:
    paths = [
        "inbox/jay/2026-11-05-rss.md",
        "organized/paper_cards/1388-2608-11873.md",
        "organized/paper_cards/1402-2609-04431.md",
        "organized/paper_cards/1417-2609-19969.md",
    ]
    assert rank("", paths) == paths
    assert rank("2609-04431", paths)[0] == "organized/paper_cards/1402-2609-04431.md"
    assert rank("cards 1388", paths)[0] == "organized/paper_cards/1388-2608-11873.md"
    assert rank("zzzzzz", paths) == []


def test_a_refused_form_stays_open_with_what_was_typed(demo: Path) -> None:
    """A boundary claiming more than the evidence is refused: the form keeps the reviewer's text
    (title and boundary as typed) and says why, instead of closing and dropping it."""

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R1)
            inc_id = screen.session.increment_of(R1).id  # type: ignore[union-attr]
            steps = len(screen.session.history.undo)
            await pilot.press(key("edit_increment"))
            await settle(pilot)
            form = app.screen
            assert isinstance(form, IncrementDialog)
            await typed(pilot, TITLE)
            await pilot.press("tab", "tab", "tab")
            assert form.focused.id == "boundary"
            await typed(pilot, "正文已核")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is form  # still open, nothing lost
            assert form.query_one("#title").value == TITLE
            assert form.query_one("#boundary").text == "正文已核"
            assert len(screen.session.history.undo) == steps
            assert screen.session.entry(inc_id).title is None
            assert any("claims fulltext" in str(n.message) for n in app._notifications)

            form.query_one("#boundary").text = "摘要级，未读正文"  # corrected: saved
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is screen
            assert screen.session.entry(inc_id).title == TITLE
            assert len(screen.session.history.undo) == steps + 1

    run(go())


R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"  # demo: undecided


def test_absorb_describe_and_split_in_the_desk(demo: Path) -> None:
    """The merge dialog absorbs (`a`): the item is covered, not described; the palette's
    *describe* makes it a described part, *split* takes it out again; each one undo step."""
    from briefdesk.tui.dialogs.merge import MergeDialog

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("merge"))
            await settle(pilot)
            assert isinstance(app.screen, MergeDialog)
            await pilot.press("a")  # the first target: R1's increment
            await settle(pilot)
            inc = screen.session.increment_of(R2)
            assert inc is not None and inc.parts == (R1,) and inc.absorbed == (R2,)
            assert screen.session.decision(R2).status == "include"
            await brief_shows(pilot, screen, "arXiv:2610.42128 — DecisionRank")
            one = screen.brief_cache.split("二、")[0]
            assert "On-Policy Distillation" not in one  # absorbed: not described in 一

            await palette(pilot, app, "describe")
            inc = screen.session.increment_of(R2)
            assert inc is not None and inc.parts == (R1, R2) and inc.absorbed == ()
            await brief_shows(pilot, screen, "第一条、第二条")

            await palette(pilot, app, "split")
            inc = screen.session.increment_of(R2)
            assert inc is not None and inc.parts == (R2,)
            assert screen.session.increment_of(R1).parts == (R1,)  # type: ignore[union-attr]

            for parts in ((R1, R2), (R1,)):  # undo split, then describe
                await pilot.press(key("undo"))
                assert screen.session.increment_of(R1).parts == parts  # type: ignore[union-attr]
            assert screen.session.increment_of(R1).absorbed == (R2,)  # type: ignore[union-attr]
            await pilot.press(key("undo"))  # the absorb
            assert screen.session.decision(R2).status == "undecided"
            assert screen.session.increment_of(R2) is None

    run(go())


PLENA = "inbox/flyp/2026-11-03T0950-critical-read.md#1"  # seed: increment 2


def test_the_source_parenthesis_is_written_in_the_form(seed: Path) -> None:
    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            screen.go_to(PLENA)
            written = "arXiv 摘要页已核，v3 2026-04-12，未读 PDF 全文"
            line = f"来源：inbox/flyp/2026-11-03T0950-critical-read.md 对象一（{written}）"
            await brief_shows(pilot, screen, line)  # the brief pane is drawn once keys pause
            await pilot.press(key("edit_increment"))
            await settle(pilot)
            form = app.screen
            assert isinstance(form, IncrementDialog)
            field = form.query_one("#source-0")
            assert field.value == written
            field.value = "flyP 精读，摘要级"
            await pilot.press("ctrl+s")
            await settle(pilot)
            await brief_shows(pilot, screen, "对象一（flyP 精读，摘要级）")
            await pilot.press(key("undo"))
            await brief_shows(pilot, screen, line)

    run(go())


def test_a_spot_check_is_removed_from_its_form_and_undone(seed: Path) -> None:
    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            spot = screen.session.plan.spot_checks[0]
            order = screen.query_one("#order")
            order.focus()
            order.highlighted = next(k for k, o in enumerate(order.options) if o.id == spot.id)
            await settle(pilot)
            assert screen.focused is order
            await pilot.press(key("edit_increment"))  # the highlighted entry's form
            await settle(pilot)
            form = app.screen
            assert isinstance(form, IncrementDialog) and form.entry.id == spot.id
            form.query_one("#remove").scroll_visible(animate=False)  # below the fold at 80×24
            await settle(pilot)
            await pilot.click("#remove")
            await settle(pilot)
            assert app.screen is screen and screen.session.plan.spot_checks == ()
            await brief_shows(pilot, screen, "一、今日最重要的 5 条增量")
            assert "Spot-check:" not in (screen.view.message_cache or "")
            await pilot.press(key("undo"))
            await brief_shows(pilot, screen, "一、今日最重要的 6 条增量")
            assert [s.id for s in screen.session.plan.spot_checks] == [spot.id]

    run(go())


def test_spot_checks_are_reordered_in_the_brief_pane(seed: Path) -> None:
    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (_app, pilot, screen):
            material = screen.review.spot_material("organized/paper_cards/1402-2609-04431.md")
            screen.session.add_spot_check(material)
            await settle(pilot)
            first, second = (s.id for s in screen.session.plan.spot_checks)
            before = screen.session.plan.increments
            order = screen.query_one("#order")
            order.focus()
            await settle(pilot)
            await until(pilot, lambda: second in [o.id for o in order.options], what="the row")
            screen.flush()
            await settle(pilot)
            order.highlighted = next(k for k, o in enumerate(order.options) if o.id == second)
            await settle(pilot)
            await pilot.press(key("move_up"))
            await settle(pilot)
            assert [s.id for s in screen.session.plan.spot_checks] == [second, first]
            await brief_shows(pilot, screen, "6. KV Cache Eviction under Agentic Workloads")
            assert order.highlighted_ref() == second  # the moved spot check stays highlighted
            await pilot.press(key("move_down"))  # the same one again, not the current item
            await settle(pilot)
            assert [s.id for s in screen.session.plan.spot_checks] == [first, second]
            await brief_shows(pilot, screen, "7. KV Cache Eviction under Agentic Workloads")
            await pilot.press(key("undo"), key("undo"))
            await settle(pilot)
            assert [s.id for s in screen.session.plan.spot_checks] == [first, second]
            assert screen.session.plan.increments == before  # no increment moved

    run(go())


def test_ctrl_q_with_a_written_form_asks_first(demo: Path) -> None:
    """ctrl+q with unsaved text in the increment form stays and says so; again, it quits."""

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R1)
            await pilot.press(key("edit_increment"))
            await settle(pilot)
            form = app.screen
            assert isinstance(form, IncrementDialog)
            await typed(pilot, TITLE)
            await pilot.press("ctrl+q")
            await settle(pilot)
            assert app.is_running and app.return_code is None and app.screen is form
            assert form.query_one("#title").value == TITLE  # the draft is still there
            assert any("not saved yet" in str(n.message) for n in app._notifications)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: app.return_code == 0, what="the desk to quit")

    run(go())


def test_ctrl_q_in_a_placement_over_a_written_form_asks_first(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R1)
            await pilot.press(key("edit_increment"))
            await settle(pilot)
            await typed(pilot, TITLE)
            for _ in range(4):
                await pilot.press("tab")
            await pilot.press("a")  # a placement dialog over the written form
            await settle(pilot)
            assert isinstance(app.screen, PlacementEditDialog)
            await pilot.press("ctrl+q")
            await settle(pilot)
            assert app.is_running and app.return_code is None
            assert isinstance(app.screen, PlacementEditDialog)

    run(go())


def test_ctrl_q_with_an_untouched_form_quits(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R1)
            await pilot.press(key("edit_notes"))
            await settle(pilot)
            await pilot.press("enter")  # the first contradiction's edit dialog, untouched
            await settle(pilot)
            assert isinstance(app.screen, NoteEditDialog)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: app.return_code == 0, what="the desk to quit")

    run(go())


def test_retargeting_keeps_a_section_the_living_document_lost(demo: Path) -> None:
    """A placement on a section the living document no longer has (renumbered since): editing
    only its label keeps that section, instead of moving it to the list's first one."""

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R1)
            inc_id = screen.session.increment_of(R1).id  # type: ignore[union-attr]
            screen.session.edit_placement(inc_id, 0, section="9.9")
            await pilot.press(key("edit_increment"))
            await settle(pilot)
            form = app.screen
            assert isinstance(form, IncrementDialog)
            form.query_one("#placements").focus()
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
            sub = app.screen
            assert isinstance(sub, PlacementEditDialog)
            sub.query_one("#label").value = "精度代价"
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is form
            assert [(p.section, p.label) for p in form.placements] == [("9.9", "精度代价")]

    run(go())


def test_the_merge_dialog_names_increments_by_their_written_titles(seed: Path) -> None:
    from briefdesk.tui.dialogs.merge import MergeDialog

    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            screen.go_to(PLENA)
            await pilot.press(key("merge"))
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, MergeDialog)
            titles = [t for _, t in dialog.targets]
            assert titles[1].startswith("Embedding 稀疏化：与 MoE 正交的第二条稀疏轴")
            assert not any(t.startswith("对象一：") for t in titles)

    run(go())


def test_a_spot_check_whose_file_changed_is_picked_again_and_keeps_its_text(seed: Path) -> None:
    """`s` offers a spot check whose file changed since it was read; picking it cites the file as
    it is now and opens its form with what was written for it (docs/brief.md)."""
    spot_path = "organized/paper_cards/1417-2609-19969.md"

    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            (spot,) = screen.session.plan.spot_checks
            screen.session.update_increment(spot.id, points="我写的要点")
            card = seed / spot_path
            card.write_text(card.read_text("utf-8") + "\n补记一行。\n", "utf-8")
            await pilot.press(key("add_spot_check"))
            await settle(pilot)
            picker = app.screen
            assert isinstance(picker, SpotCheckDialog) and spot_path in picker.candidates
            await typed(pilot, "1417")
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, IncrementDialog)
            (now,) = screen.session.plan.spot_checks
            assert (now.id, now.points) == (spot.id, "我写的要点")
            assert now.sha256 != spot.sha256
            assert screen.review.changed_spot_checks([now]) == []

    run(go())


def test_the_boundary_label_note_is_written_in_the_form(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R1)
            inc = screen.session.increment_of(R1)
            assert inc is not None and inc.boundary_note is None
            await pilot.press(key("edit_increment"))
            await settle(pilot)
            form = app.screen
            assert isinstance(form, IncrementDialog)
            form.query_one("#boundary_note").focus()  # the form's last field: tab order unchanged
            await until(pilot, lambda: form.focused.id == "boundary_note", what="the note field")
            form.focused.insert_text_at_cursor("（须随段落保留）")  # a paste: no key for （
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is screen
            assert screen.session.entry(inc.id).boundary_note == "（须随段落保留）"
            await brief_shows(pilot, screen, "  • 证据边界（须随段落保留）：")
            await pilot.press(key("undo"))
            await brief_shows(pilot, screen, "  • 证据边界（须随段落保留）：", present=False)

    run(go())
