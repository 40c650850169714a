"""A newer model's results beside the old ones it compares with are an update, not a duplicate of
a text on the old model (docs/facts.md, core.matching.tiers.successor_named)."""

from __future__ import annotations

from briefdesk.core.facts.extract import extract
from briefdesk.core.facts.index import Facts
from briefdesk.core.matching.tiers import successor_named

NEW = (
    "Vision-LSTM-2.5: Faster Gated Scans (arXiv:2612.00417)\n"
    "A successor to Vision-LSTM-2 with a fused gating kernel. On ImageNet-1K it reaches 48.1%, "
    "against 44.0% for Vision-LSTM-2 under the same 384px resolution, and 41.3% at 224px."
)
OLD = (
    "Vision-LSTM-2 on ImageNet-1K\n"
    "Vision-LSTM-2 reaches 44.0% on ImageNet-1K at 384px and 37.9% at 224px."
)


def facts(text: str) -> Facts:
    return Facts.of(extract(text))


def heading_end(text: str) -> int:
    return text.find("\n")


def test_a_successor_named_in_the_heading_with_figures_of_its_own_is_an_update() -> None:
    assert successor_named(facts(NEW), facts(OLD), heading_end(NEW))


def test_a_text_naming_the_successor_too_or_stating_nothing_new_is_not() -> None:
    # the candidate summarises the new paper itself: it names the successor
    summary = (
        "Vision-LSTM-2.5 on ImageNet-1K\n"
        "Vision-LSTM-2.5 reaches 48.1% at 384px and 41.3% at 224px (Vision-LSTM-2: 44.0%)."
    )
    assert not successor_named(facts(NEW), facts(summary), heading_end(NEW))
    # a heading on the old model itself, or a successor's heading with no figure of its own
    same = (
        "Vision-LSTM-2 on ImageNet-1K, again\nVision-LSTM-2 reaches 44.0% on ImageNet-1K at 384px."
    )
    assert not successor_named(facts(same), facts(OLD), heading_end(same))
    bare = (
        "Vision-LSTM-2.5 is coming\n"
        "The authors of Vision-LSTM-2 say ImageNet-1K at 384px stays at 44.0%."
    )
    assert not successor_named(facts(bare), facts(OLD), heading_end(bare))
    # another model whose name merely starts alike is no successor (`Vision-LSTM-2-Hybrid`)
    hybrid = NEW.replace("Vision-LSTM-2.5", "Vision-LSTM-2-Hybrid")
    assert not successor_named(facts(hybrid), facts(OLD), heading_end(hybrid))
