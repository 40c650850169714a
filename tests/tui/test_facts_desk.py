"""The desk shows an item's facts beside its text (docs/facts.md): new ones, known ones with where,
conflicting ones with the refs that state them otherwise; and an `update` candidate as such."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.core.model.values import Duplicate, ItemFacts, StatedFact
from briefdesk.tui.widgets.duplicates import DuplicatesPane, duplicate_prompt, facts_content
from textual.widgets import Static
from tui_helpers import desk, settle, until


def test_facts_read_new_known_and_conflicting_with_where() -> None:
    facts = ItemFacts(
        known=(StatedFact(text="vLLM v0.30.0", refs=("docs/inference.md§1.1",)),),
        new=(StatedFact(text="llama.cpp v0.5.0"),),
        conflicting=(StatedFact(text="SGLang v0.5.21 (10/2)", refs=("docs/inference.md§1.2",)),),
    )
    text = facts_content(facts).plain
    assert "new         llama.cpp v0.5.0" in text
    assert "known       vLLM v0.30.0 (§1.1)" in text
    assert "conflicting SGLang v0.5.21 (10/2) (§1.2)" in text
    assert facts_content(ItemFacts()).plain == ""
    dup = Duplicate(
        kind="batch", ref="a.md#1", score=91, text="x", why=("text", "facts"), tier="update"
    )
    assert "update" in duplicate_prompt(dup).plain and "text+facts" in duplicate_prompt(dup).plain


TIMELINE = "inbox/flyp/2026-11-02T0950-critical-read.md#2"


def test_the_timeline_post_shows_its_conflicting_and_known_facts_and_is_an_update(
    seed: Path,
) -> None:
    async def go() -> None:
        async with desk(seed, "2026-11-03-e627b203", matched=True) as (_, pilot, screen):
            screen.go_to(TIMELINE)
            await settle(pilot)
            left = screen.query_one("#dup-item", Static)

            def shown() -> str:
                content = left.content
                return getattr(content, "plain", str(content))

            await until(pilot, lambda: "conflicting" in shown(), what="the item's facts")
            text = shown()
            assert "conflicting SGLang v0.5.21 (10/2)" in text and "(§1.2" in text
            assert "vLLM v0.30.0 (§1.1" in text
            tiers = {d.tier for d in screen.query_one(DuplicatesPane).list.candidates}
            assert "update" in tiers and "likely" not in tiers

    asyncio.run(go())
