"""Claims in the settings real benchmark reports write them in (docs/claims.md): a figure's
measure and its setting (subject, benchmark and split, hardware and configuration) read from a
list under a label, a table's heading, a label line; a source whose site's name runs into its
domain; a release whose clause names nothing. Each rule with the near misses it must not touch,
in Chinese, English and both."""

from __future__ import annotations

from briefdesk.core.claims.extract import extract as claims_of
from briefdesk.core.claims.named import named_source_conflicts
from briefdesk.core.claims.numbers import Text

from tests.support.claims import version_conflicts

A = "inbox/a/2026-12-01-2200-forum.md#1"
B = "inbox/b/2026-12-01-1200-digest.md#1"
C = "inbox/c/2026-12-02-1000-reposts.md#2"


def item(ref: str, body: str) -> Text:
    return (ref, "item", ref.split("#")[0], body)


def told(*texts: Text) -> list[tuple[str, ...]]:
    return [(c.source or "", *c.refs) for c in named_source_conflicts(list(texts))]


# --- single-source: a site whose name runs into its last label (`fish.audio`: Fish Audio)

ARENA_ZH = (
    "## OpenAudio S2 登顶\n据 Fish Audio 官方博客，OpenAudio S2 排名第一，ELO 1,291；"
    "首包延迟 0.54 秒。"
)
ARENA_EN = (
    "## Vendor post\nFish Audio's launch post (https://fish.audio/blog/openaudio-s2/) says "
    "OpenAudio S2 is first with an ELO of 1,291 and a first chunk in 0.54 s."
)


def test_a_link_to_a_site_named_with_its_last_label_is_the_named_source() -> None:
    assert told(item(A, ARENA_ZH), item(B, ARENA_EN)) == [("Fish Audio", A, B)]
    # the same with other sites written so: `together.ai` is Together AI's, `character.ai`
    # Character AI's
    together_zh = "## 推理价格\n据 Together AI 官方博客，新集群吞吐 5,300 tok/s，降价 35%。"
    together_en = (
        "## Pricing\nLink post to https://www.together.ai/blog/cluster-v2 — 5,300 tok/s and 35% "
        "cheaper."
    )
    assert told(item(A, together_zh), item(C, together_en)) == [("Together AI", A, C)]
    character_en = (
        "## Voice\nSee https://blog.character.ai/voice-v3 for the 4.2 MOS and 18% fewer errors."
    )
    character_zh = "## 语音\n据 Character AI 官方博客，新语音 MOS 4.2，错误减少 18%。"
    assert told(item(A, character_zh), item(B, character_en)) == [("Character AI", A, B)]


def test_a_site_whose_name_only_starts_like_the_source_is_another_source() -> None:
    # `fishbench.audio` is not Fish Audio's site, nor `audio.fish-arena.org`
    bench = ARENA_EN.replace("fish.audio/blog", "fishbench.audio/runs")
    assert told(item(A, ARENA_ZH), item(B, bench)) == []
    arena = ARENA_EN.replace("fish.audio/blog", "audio.fish-arena.org/blog")
    assert told(item(A, ARENA_ZH), item(B, arena)) == []


# --- a release whose clause names nothing: the Chinese sentence's topic, across its commas

TOOLKIT = (
    "docs/speech.md§1.2",
    "中文 ASR：Paraformer、FunASR 与 SenseVoice\n"
    "FunASR（阿里通义实验室）是中文 ASR 的主力工具包，稳定版 v1.3.1（2026-10-14）。"
    "Paraformer-large 是非自回归模型，220M 参数。",
)


def test_a_release_takes_the_topic_its_chinese_sentence_starts_with() -> None:
    [funasr] = claims_of(TOOLKIT[1], TOOLKIT[1].split("\n", 1)[0])
    assert (funasr.key, funasr.version, funasr.current, funasr.date) == (
        "funasr",
        "v1.3.1",
        True,
        "2026-10-14",
    )
    dated = (
        A,
        "FunASR v1.3.1 的热词实测\n作者称 FunASR v1.3.1 于 10 月 21 日发布，"
        "热词召回从 0.61 提到 0.87。",
    )
    assert version_conflicts([dated, TOOLKIT]) == [("date", (A, TOOLKIT[0]))]
    # the same with other projects and a longer chain of commas
    kv = "Valkey 是 Redis 的分支，由 Linux 基金会托管，当前稳定版 8.1.0（2026-11-20）。"
    assert [(s.key, s.version) for s in claims_of(kv, "3.1 键值存储")] == [("valkey", "8.1.0")]


def test_the_topic_is_not_carried_past_a_full_stop_nor_from_a_later_name() -> None:
    # after `。` the clause is a new sentence: the heading's project
    stopped = "FunASR 是工具包。稳定版 v1.3.1（2026-10-14）。"
    assert [s.key for s in claims_of(stopped, "1.2 SGLang")] == ["sglang"]
    # a sentence that opens with no name (`我们在 A100 上复测`): the heading's, not A100's
    measured = "我们在 A100 上复测，稳定版 v1.3.1（2026-10-14）。"
    assert [s.key for s in claims_of(measured, "1.2 SGLang")] == ["sglang"]
    # a clause that names its own subject keeps it
    own = "FunASR 是工具包，Paraformer 稳定版 v2.0.1（2026-10-14）。"
    assert [s.key for s in claims_of(own, "1.2 X")] == ["paraformer"]
