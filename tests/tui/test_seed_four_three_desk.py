"""The seed's 四 lines in the reviewer's words and 三's layout, written in the desk (docs/brief.md):
the palette's *word exclusion* starts from what the line says, a paste replaces it, the citation
stays in the brief's model; *arXiv layout* puts each group's ids on its heading's line. Each is
one undo step."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.core.brief import build_model
from briefdesk.tui.dialogs.text_entry import TextEntryDialog
from textual import events
from textual.widgets import TextArea
from tui_helpers import after_burst, burst, desk, key, palette, settle, until

SEED_BATCH = "2026-11-03-e627b203"
BLOGS = "inbox/jay/2026-11-01T0935-blogs-discovery.md#1"  # seed: a duplicate of 11-01 #2 and #3
HEAD = (
    "  • 投机解码教程（Omid Saffari）与 dynamo DEP #17649"
    "（inbox/jay/2026-11-01T0935-blogs-discovery.md）："
)
SEED_LINE = HEAD + "已在 2026-11-01 E1 简报第 2、3 条完整收录，本批为重复材料，不构成新增量。"
TOOL_LINE = HEAD + "已在 2026-11-01 E1 简报第 2、3 条收录，重复；本批为重复材料，不构成新增量。"
CITED = ("briefs/inference/2026-11-01-e1-manual.md#2", "briefs/inference/2026-11-01-e1-manual.md#3")


def lines_of(screen) -> list[str]:
    screen.flush()
    return (screen.brief_cache or "").splitlines()


def test_the_seeds_four_line_is_worded_in_the_desk_and_keeps_its_citation(seed: Path) -> None:
    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            screen.go_to(BLOGS)
            await settle(pilot)
            assert SEED_LINE in lines_of(screen)  # the manifest's wording

            # cleared: the tool's own words come back
            await palette(pilot, app, "word exclusion")
            await until(pilot, lambda: isinstance(app.screen, TextEntryDialog), what="the form")
            form = app.screen
            assert form.query_one("#entry", TextArea).text == SEED_LINE.split("：", 1)[1][:-1]
            assert "still cites briefs/inference/2026-11-01-e1-manual.md#2" in form.hint
            await pilot.press("f7", "backspace", "ctrl+s")  # select all, delete, save
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.decision(BLOGS).wording is None
            await until(pilot, lambda: TOOL_LINE in lines_of(screen), what="the tool's words")

            # the seed's sentence pasted over the tool's words, which the form starts from
            await palette(pilot, app, "word exclusion")
            await until(pilot, lambda: isinstance(app.screen, TextEntryDialog), what="the form")
            entry = app.screen.query_one("#entry", TextArea)
            assert entry.text == TOOL_LINE.split("：", 1)[1]
            sentence = SEED_LINE.split("：", 1)[1]
            target = burst(app, "f7", events.Paste(sentence), "ctrl+s")
            await after_burst(pilot, lambda: app.key_gate.seen >= target and app.screen is screen)
            await until(pilot, lambda: SEED_LINE in lines_of(screen), what="the seed's line")
            model = build_model(screen.view.review, screen.session.data, reviewer="Tom")
            line = next(x for x in model.exclusions if BLOGS in x.refs)
            assert line.refs[-2:] == CITED  # the record still cites what it repeats

            await pilot.press(key("undo"))
            await until(pilot, lambda: TOOL_LINE in lines_of(screen), what="undone")

    asyncio.run(go())


def test_three_is_laid_out_one_id_a_line_or_inline_in_the_desk(seed: Path) -> None:
    """The seed's workspace proposes 三 inline, as the seed writes it; the palette's *arXiv
    layout* turns it to one id a line and back, one undo step each."""

    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            heading = "本批材料直接涉及（7 个）"
            inline = heading + " - arXiv:2610.42148 — Flide: Accelerating Decision Inference"

            def is_inline() -> bool:
                return any(x.startswith(inline) for x in lines_of(screen))

            assert is_inline() and screen.session.data.arxiv_layout == "inline"
            await palette(pilot, app, "arxiv layout")
            await until(pilot, lambda: heading in lines_of(screen), what="one id a line")
            assert "  - arXiv:2610.42148 — Flide: Accelerating Decision Inference with Exact " in (
                "\n".join(lines_of(screen))
            )
            assert screen.session.data.arxiv_layout is None
            await palette(pilot, app, "arxiv layout")
            await until(pilot, is_inline, what="inline again")
            await pilot.press(key("undo"))
            await until(pilot, lambda: heading in lines_of(screen), what="undone")
            assert screen.session.data.arxiv_layout is None

    asyncio.run(go())


SPOT = "organized/paper_cards/1417-2609-19969.md"  # the seed's spot check, 2609.19969
SEED_51 = (
    "论文卡抽查所见、与 inference 相关（1 个） - arXiv:2609.19969 — DeepSeek-V4.1-Flash："
    "突破 KV Cache 压缩的极限（552B 骨干 / 1M 上下文；卡片 TLDR 级；被引 158）"
)
EXCLUDED = "inbox/flyp/2026-11-01T2250-critical-read.md#1"  # seed: wav2vec 2.0, 2006.11477


def test_three_headed_and_noted_in_the_desk(seed: Path) -> None:
    """The seed's line 51 as the manifest proposes it; cleared in the desk (the tool's heading,
    the level alone), then a note typed on an excluded item's id: the level is added."""
    from briefdesk.tui.widgets.brief import OrderList

    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            assert SEED_51 in lines_of(screen)
            # the spot check highlighted in the brief pane's list: its group and its id
            order = screen.query_one(OrderList)
            for command in ("arxiv group heading", "arxiv id note"):
                order.focus()
                order.highlighted = next(
                    n for n, o in enumerate(order.options) if (o.id or "").startswith("s")
                )
                await settle(pilot)
                await palette(pilot, app, command)
                await until(pilot, lambda: isinstance(app.screen, TextEntryDialog), what="form")
                await pilot.press("f7", "backspace", "ctrl+s")
                await until(pilot, lambda: app.screen is screen, what="the review")
            plain = "抽查所见、与 inference 相关（1 个） - arXiv:2609.19969 — DeepSeek-V4.1-Flash："
            await until(
                pilot,
                lambda: any(
                    x == plain + "突破 KV Cache 压缩的极限（TLDR 级）" for x in lines_of(screen)
                ),
                what="the tool's heading and the level alone",
            )
            assert screen.session.data.arxiv_headings.get("spot") is None
            assert "2609.19969" not in screen.session.data.arxiv_notes

            screen.go_to(EXCLUDED)
            await settle(pilot)
            await palette(pilot, app, "arxiv id note")
            await until(pilot, lambda: isinstance(app.screen, TextEntryDialog), what="form")
            await pilot.press(*"flyP")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.data.arxiv_notes["2006.11477"] == "flyP"
            await until(
                pilot,
                lambda: (
                    "arXiv:2006.11477 — wav2vec 2.0（flyP；摘要级）" in "\n".join(lines_of(screen))
                ),
                what="the note with its level",
            )
            await pilot.press(key("undo"))
            await until(
                pilot, lambda: "2006.11477" not in screen.session.data.arxiv_notes, what="undo"
            )

    asyncio.run(go())
