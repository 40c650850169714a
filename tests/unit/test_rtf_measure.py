"""A real-time factor (`RTF`) is a measure, like `WER`: the figure after it is a result, not a
release of a project named `RTF` (docs/facts.md, "Figures written another way"). Read as a
version, `RTF 0.06` was `rtf 0.6`, so a Chinese repost's `RTF 为 0.06` and the card's `RTF 0.06`
were two facts and the repost was held at `possible` against the card it retells."""

from __future__ import annotations

import pytest
from briefdesk.core.facts.extract import extract


def figures(text: str) -> list[tuple[str, str, str]]:
    return [(f.kind, f.thing, f.value) for f in extract(text) if f.kind != "name"]


@pytest.mark.parametrize(
    "text",
    [
        "TLDR: 0.3B parameters; RTF 0.06 on four CPU threads with 320 ms chunks.",
        "LoCA：4 线程 CPU 上 RTF 0.06，适合放在端侧。",
        "We ran it on an RTX 3090 with 32 NFE and measured RTF 0.06 over 200 prompts.",
    ],
)
def test_a_real_time_factor_is_a_figure_not_a_version(text: str) -> None:
    got = figures(text)
    assert ("quantity", "rtf", "0.06") in got
    assert not any(kind == "version" for kind, _, _ in got)


def test_a_release_after_a_project_name_beside_it_is_still_a_version() -> None:
    # the distractor: a real project's release in the same sentence as an RTF figure
    got = figures("faster-whisper 1.2.1 on CPU: RTF 0.06 with int8, whisperX 3.4 on top.")
    assert ("version", "faster-whisper", "1.2.1") in got
    assert ("version", "whisperx", "3.4") in got
    assert ("quantity", "rtf", "0.06") in got
