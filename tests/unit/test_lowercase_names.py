"""A name written in lower case opens a line or a sentence as it stands anywhere else, and an
abbreviation names a figure's measure only as a word of its own (docs/facts.md, "Names")."""

from __future__ import annotations

import pytest
from briefdesk.core.facts.extract import extract


def names(text: str) -> set[str]:
    return {f.thing for f in extract(text, figures_only=True) if f.kind == "name"}


@pytest.mark.parametrize(
    "text",
    [
        "qwen2.5-vl-7b on DocVQA test gives 94.1",
        "## r/LocalLLaMA: qwen2.5-vl-7b on DocVQA test",
        "It loads. qwen2.5-vl-7b then answers.",
        "I ran qwen2.5-vl-7b on DocVQA test",
    ],
)
def test_a_lowercase_model_name_is_a_name_wherever_it_stands(text: str) -> None:
    assert "qwen2.5-vl-7b" in names(text)


def test_a_capitalised_word_opening_a_sentence_is_still_no_name() -> None:
    assert "however" not in names("However, it loads. Flide runs.")


def test_latin_abbreviations_are_no_names() -> None:
    assert not names("e.g. this one; i.e. that, cf. the other, etc. and so on")


def test_the_tail_of_a_name_measures_nothing() -> None:
    """`Qwen2.5-VL-7B：95.7` is the model's score, not a measure `vl-7b`; `TTFT：120 ms` is
    TTFT's."""
    quantities = {
        (f.thing, f.value)
        for f in extract("DocVQA：\n- Qwen2.5-VL-7B：95.7\n- TTFT：120 ms", figures_only=True)
        if f.kind == "quantity"
    }
    assert quantities == {("", "95.7"), ("ttft", "120ms")}
