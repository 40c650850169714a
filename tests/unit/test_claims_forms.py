"""Claims written in forms the first rules did not read (docs/claims.md): a project under its
GitHub name (`valkey-io/valkey 8.1.0`), a release note dated by its first words, a later minor
release that makes a "newest" stale, figures with thousands separators, a measure written after
its figure, durations, and a source named by several words or linked by its site. Each case in
Chinese, English or both, with the decoys beside it: the same figure repeated, the same name in
another setting, the same version called newest rightly."""

from __future__ import annotations

from briefdesk.core.claims.collect import plain_names
from briefdesk.core.claims.extract import extract as claims_of
from briefdesk.core.claims.named import cited_names, named_source_conflicts
from briefdesk.core.claims.numbers import Text, _measured, number_conflicts
from briefdesk.core.claims.types import Claim
from briefdesk.core.facts.extract import Fact
from briefdesk.core.facts.index import Facts, quantity_clash

from tests.support.claims import version_conflicts

FORUM = "inbox/a/2026-12-01-2200-forum.md#1"
NOTES = "inbox/b/2026-12-01-1200-release-notes.md#1"
OTHER = "inbox/c/2026-12-01-0900-newsletter.md#2"
DAYS = {ref.split("#")[0]: "2026-12-01" for ref in (FORUM, NOTES, OTHER)}


def conflicts(
    texts: list[tuple[str, str]], as_of: dict[str, str] | None = None
) -> list[tuple[str, tuple[str, ...]]]:
    """(ref, text) → the version and date conflicts found; a text's first line is its title."""
    return version_conflicts(texts, DAYS if as_of is None else as_of)


# --- version-line: a release note under the GitHub name, a later minor release

NEWEST_ZH = (
    FORUM,
    "缓存选型：直接上 Valkey 最新版 8.0.2 吗\n"
    "楼主准备用 Valkey 最新版 8.0.2 做会话缓存，单机 32 GB。",
)
NOTE_EN = (
    NOTES,
    "valkey-io/valkey 8.1.0\n\nReleased 2026-11-20. Highlights: a new dict layout and faster"
    " replication.",
)


def test_a_release_note_under_its_github_name_dates_the_version_of_its_heading() -> None:
    [claim] = claims_of(NOTE_EN[1], NOTE_EN[1].split("\n", 1)[0])
    assert (claim.key, claim.version, claim.date, claim.current) == (
        "valkey",
        "8.1.0",
        "2026-11-20",
        False,
    )
    zh = "apache/arrow 18.1.0\n\n2026-11-02 发布，修复了 Parquet 读取的内存泄漏。"
    [claim] = claims_of(zh, zh.split("\n", 1)[0])
    assert (claim.key, claim.version, claim.date) == ("arrow", "18.1.0", "2026-11-02")


def test_a_newest_behind_a_later_minor_release_is_stale() -> None:
    assert conflicts([NEWEST_ZH, NOTE_EN]) == [("version-line", (FORUM, NOTES))]
    en = (FORUM, "Upgrade question\nWe run Valkey's latest release, 8.0.2, on one node.")
    assert conflicts([en, NOTE_EN]) == [("version-line", (FORUM, NOTES))]


def test_a_patch_of_the_release_called_newest_makes_it_stale_but_not_its_line() -> None:
    # `最新版 8.0.2` when 8.0.3 is out is stale (before, a patch release outdated nothing); a line
    # called current (`8.0 LTS`) is current whatever its patch releases
    patch = (NOTES, "valkey-io/valkey 8.0.3\n\nReleased 2026-11-20. Fixes a crash on resharding.")
    assert conflicts([NEWEST_ZH, patch]) == [("version-line", (FORUM, NOTES))]
    line = (FORUM, "缓存选型\n楼主用 Valkey 8.0 LTS 做会话缓存，单机 32 GB。")
    assert conflicts([line, patch]) == []
    run = (FORUM, "缓存选型\n楼主用 Valkey 8.0.2（10/2 发布）做会话缓存。")
    assert conflicts([run, patch]) == []


def test_a_later_day_or_the_same_newest_is_no_conflict() -> None:
    later = (NOTES, "valkey-io/valkey 8.1.0\n\nReleased 2026-12-05. A new dict layout.")
    assert conflicts([NEWEST_ZH, later]) == []
    rightly = (OTHER, "本周速览\nValkey 最新版 8.1.0（11/20）支持新的字典结构。")
    assert conflicts([rightly, NOTE_EN]) == []
    # a deeper path or a URL is no GitHub name written on its own
    for written in ("src/valkey-io/valkey 8.1.0", "https://github.com/valkey-io/valkey 8.1.0"):
        assert conflicts([NEWEST_ZH, (NOTES, f"{written}\n\nReleased 2026-11-20.")]) == []


def test_a_release_note_of_an_older_line_is_not_presented_as_the_newest() -> None:
    doc = ("docs/cache.md§2.1", "2.1 Valkey\nValkey 稳定版为 8.1.0（2026-11-20）。")
    backport = (NOTES, "valkey-io/valkey 7.2.9\n\nReleased 2026-11-25. Security fixes only.")
    assert conflicts([backport, doc]) == []


# --- number: a result after its configuration, a duration whatever its word

BENCH = "inbox/d/2026-12-01-0900-bench.md#1"
CACHE_DOC = "docs/cache.md§2.1"


def numbers(item_text: str, doc_text: str) -> list[tuple[str, ...]]:
    texts: list[Text] = [
        (BENCH, "item", BENCH.split("#")[0], item_text),
        (CACHE_DOC, "living-doc", "docs/cache.md", doc_text),
    ]
    return [c.refs for c in number_conflicts(texts)]


VALKEY_DOC = (
    "2.1 Valkey\n复测口径：Valkey 8.0、maxmemory 8GB、io-threads=4、c7g.xlarge：latency 1.6 ms。"
)


def bench(machine: str = "c7g.xlarge", measure: str = "latency", value: str = "0.9") -> str:
    return (
        f"## Valkey 压测\n我们测 Valkey 8.0：maxmemory 设为 8GB、io-threads=4，机器 {machine}，"
        f"{measure} 为 {value} ms。"
    )


def test_a_result_after_its_configuration_keeps_the_configurations_names() -> None:
    # `8GB` is the configuration, not a result: the latency's setting holds c7g.xlarge too
    assert numbers(bench(), VALKEY_DOC) == [(BENCH, CACHE_DOC)]
    en = (
        "## Valkey benchmark\nWe ran Valkey 8.0 with maxmemory at 8GB, io-threads=4, on a"
        " c7g.xlarge, and measured latency of 0.9 ms."
    )
    assert numbers(en, VALKEY_DOC) == [(BENCH, CACHE_DOC)]


def test_the_same_latency_another_machine_or_another_measure_is_no_conflict() -> None:
    assert numbers(bench(value="1.6"), VALKEY_DOC) == []
    assert numbers(bench(machine="c7g.2xlarge"), VALKEY_DOC) == []
    assert numbers(bench(measure="throughput"), VALKEY_DOC) == []


def test_a_duration_in_minutes_or_hours_is_one_measure_whatever_its_word() -> None:
    setting = ("c7g.xlarge", "valkey")
    build = Fact("quantity", "耗时", "25min", "25 分钟", setting=setting)
    other = Fact("quantity", "索引", "11min", "11 分钟", setting=setting)
    assert _measured(build).thing == _measured(other).thing == "duration"
    assert _measured(Fact("quantity", "", "3h", "3 hours", setting=setting)).thing == "duration"
    # an English measure is written: kept; a latency in ms is no task's duration
    assert _measured(Fact("quantity", "ttft", "2min", "2 min", setting=setting)).thing == "ttft"
    assert _measured(Fact("quantity", "首字", "18ms", "18 ms", setting=setting)).thing == "首字"
    pair = [Facts.of([_measured(build)]), Facts.of([_measured(other)])]
    assert quantity_clash(*pair) == [(_measured(build), _measured(other))]
    assert quantity_clash(Facts.of([_measured(build)]), Facts.of([_measured(build)])) == []


# --- single-source: a source named in several words, a page on the source's own site

A = "inbox/e/2026-12-01-0800-wechat.md#1"
B = "inbox/f/2026-12-01-1100-hn.md#1"
C = "inbox/g/2026-12-01-1500-newsletter.md#1"


def told(*texts: tuple[str, str]) -> list[tuple[str, ...]]:
    found = named_source_conflicts([(ref, "item", ref.split("#")[0], t) for ref, t in texts])
    return [(c.source or "", *c.refs) for c in found]


INFO_ZH = (
    "## 算力\n据 The Information 报道，Mistral 新训练集群有 18,000 张 GPU，其中 35% 用于推理。"
)
INFO_EN = (
    "## Compute\nAccording to The Information, Mistral's new cluster has 18,000 GPUs, 35% of"
    " them for inference."
)


def test_a_source_named_in_several_words_is_one_source() -> None:
    assert cited_names(INFO_ZH) == {"information": "The Information"}
    assert cited_names("Per Tom's Hardware report, the card draws 450 W.") == {
        "tomshardware": "Tom's Hardware"
    }
    assert told((A, INFO_ZH), (B, INFO_EN)) == [("The Information", A, B)]


def test_another_source_or_one_figure_is_no_single_source() -> None:
    other = "## 算力\n据 Bloomberg 报道，Mistral 集群 18,000 张 GPU，35% 用于推理。"
    assert told((A, INFO_ZH), (B, INFO_EN), (C, other)) == []  # corroborated
    one = "## Compute\nAccording to The Information, 35% of the cluster serves inference."
    assert told((A, INFO_ZH), (B, one)) == []


PINE_ZH = "## Serverless 新版\n据 Pinecone 官方博客，新索引 p50 延迟 12 ms，成本降低 40%。"
PINE_LINK = (
    "## Pinecone serverless v2\nLink post to https://www.pinecone.io/blog/serverless-v2 — the"
    " post claims a p50 latency of 12 ms and 40% lower cost."
)


def test_a_link_to_the_named_sources_own_site_is_the_same_source() -> None:
    assert told((A, PINE_ZH), (B, PINE_LINK)) == [("Pinecone", A, B)]
    # mixed: an English text naming it, a Chinese one linking it
    en = "## Serverless\nPer the Pinecone blog, p50 latency is 12 ms and cost is 40% lower."
    zh = (
        "## 新版\n转述 [官方博客](https://pinecone.io/blog/serverless-v2)："
        "p50 延迟 12 ms，成本降低 40%。"
    )
    assert told((A, en), (C, zh)) == [("Pinecone", A, C)]


def test_a_link_elsewhere_or_links_alone_are_no_named_source() -> None:
    elsewhere = PINE_LINK.replace("www.pinecone.io/blog", "vectorbench.org/runs")
    assert told((A, PINE_ZH), (B, elsewhere)) == []
    # two texts linking one paper with its figures: summaries of it, not one story retold
    paper = "## Paper\nhttps://arxiv.org/abs/2611.01234 reports p50 latency 12 ms and 40% less."
    assert told((B, paper), (C, paper.replace("## Paper", "## 论文"))) == []


# --- the words that make a version current or dated, as people write them


def read(text: str, heading: str | None = None) -> list[tuple[str, str | None, bool, str | None]]:
    return [(s.entity, s.version, s.current, s.date) for s in claims_of(text, heading)]


def test_newest_written_in_other_words_is_read() -> None:
    current = [("LangGraph", "v1.4", True, None)]
    for text in (
        "LangGraph 最新的 v1.4 支持中断恢复。",
        "LangGraph 最新发布的 v1.4 支持中断恢复。",
        "LangGraph 已更新到最新版本 v1.4。",
        "The most recent LangGraph release, v1.4, adds interrupts.",
        "LangGraph's newest version (v1.4) adds interrupts.",
        "LangGraph v1.4 is now the current version.",
    ):
        assert read(text) == current, text
    assert read("The latest version of LangGraph is 1.4.") == [("LangGraph", "1.4", True, None)]
    assert read("LangGraph 的最新稳定版 1.4 于 10/3 发布。") == [("LangGraph", "1.4", True, "10/3")]


def test_a_denied_newest_a_name_later_in_the_clause_or_a_deployment_is_no_claim() -> None:
    assert read("LangGraph v1.3 已不是最新版。") == []
    assert read("LangGraph v1.3 is no longer the latest release.") == []
    # the clause's subject names the project; hardware later in it does not
    assert read("在 H100 上测了最新的 v1.4。") == []
    assert read("在 H100 上测了最新的 v1.4。", "LangGraph 周报") == [
        ("LangGraph", "v1.4", True, None)
    ]
    # what a team runs is not what is current
    assert read("LangGraph is currently at v1.4 in our cluster.") == []


def test_a_release_day_written_in_other_words_is_read() -> None:
    for text, day in (
        ("LangGraph v1.4（发布于 10/3）支持中断恢复。", "10/3"),
        ("LangGraph v1.4 (released Oct 3) adds interrupts.", "Oct 3"),
        ("LangGraph released v1.4 on Oct 3.", "Oct 3"),
        ("The LangGraph team released version 1.4 on October 3.", "October 3"),
        ("LangGraph v1.4 came out on Oct 3, 2026.", "Oct 3, 2026"),
        ("LangGraph v1.4 went GA on 2026-10-03.", "2026-10-03"),
        ("LangGraph v1.4 was tagged on 2026-10-03.", "2026-10-03"),
        ("LangGraph 在 10/3 发布了 v1.4。", "10/3"),
        ("LangGraph 1.4 版本于 2026-10-03 发布。", "2026-10-03"),
        ("LangGraph 1.4 的发布日期是 10 月 3 日。", "10 月 3 日"),
        ("Temporal 1.25 (GA 2026-10-03) adds workflow updates.", "2026-10-03"),
    ):
        [(entity, _, current, date)] = read(text)
        assert (entity in ("LangGraph", "Temporal"), current, date) == (True, False, day), text


def test_one_release_dated_two_ways_in_other_words_conflicts() -> None:
    a = (FORUM, "框架动态\nLangGraph 1.4 的发布日期是 10 月 3 日，支持中断恢复。")
    b = (NOTES, "Release roundup\nThe LangGraph team released version 1.4 on October 9.")
    assert conflicts([a, b]) == [("date", (FORUM, NOTES))]
    # the same day, or another release, is no conflict
    same = (NOTES, "Release roundup\nThe LangGraph team released version 1.4 on October 3.")
    assert conflicts([a, same]) == []
    other = (NOTES, "Release roundup\nThe LangGraph team released version 1.5 on October 9.")
    assert conflicts([a, other]) == []


# --- a project written in lowercase letters


def test_a_lowercase_name_in_a_chinese_clause_in_backticks_or_as_a_heading_is_read() -> None:
    assert read("用 duckdb 最新版 v1.4.2 跑 TPC-H。") == [("duckdb", "v1.4.2", True, None)]
    assert read("duckdb 的 v1.4.2（10/9）带来新的 join 算法。") == [
        ("duckdb", "v1.4.2", False, "10/9")
    ]
    assert read("We pinned `duckdb` v1.4.2, the latest release.") == [
        ("duckdb", "v1.4.2", True, None)
    ]
    assert read("稳定版为 v1.5.0（2026-11-02）。", "3.1 duckdb") == [
        ("duckdb", "v1.5.0", True, "2026-11-02")
    ]
    # English words before a version name nothing; a lowercase word in English prose neither
    assert read("We are still v1.4.2, the latest release.") == []
    # in English prose a lowercase word is a name only where another text makes a claim under
    # it (core.claims.collect.plain_names): read tentatively, and none on its own
    assert [s.plain for s in claims_of("duckdb v1.4.2 is the latest release.")] == ["duckdb"]
    assert (
        plain_names(
            [
                Claim(**s.model_dump(), ref="inbox/a.md#1", origin="item", doc="inbox/a.md")
                for s in claims_of("duckdb v1.4.2 is the latest release.")
            ]
        )
        == []
    )
    assert read("稳定版为 v1.5.0（2026-11-02）。", "3.1 duckdb 与 sqlite") == []


def test_a_lowercase_projects_stale_newest_conflicts_and_its_right_newest_does_not() -> None:
    doc = ("docs/data.md§3.1", "3.1 duckdb\n稳定版为 v1.5.0（2026-11-02）。")
    stale = (FORUM, "TPC-H 复测\n用 duckdb 最新版 v1.4.2 跑 TPC-H。")
    assert conflicts([stale, doc]) == [("version-line", (FORUM, "docs/data.md§3.1"))]
    right = (FORUM, "TPC-H 复测\n用 duckdb 最新版 v1.5.0 跑 TPC-H。")
    assert conflicts([right, doc]) == []


# --- a name of several words, a version glued to its name


def test_a_name_of_several_capitalised_words_is_one_name() -> None:
    assert read("OpenAI Agents SDK v0.4 is the latest release.") == [
        ("OpenAI Agents SDK", "v0.4", True, None)
    ]
    assert read("Yesterday Microsoft Agent Framework 1.0 was released on Oct 1.") == [
        ("Microsoft Agent Framework", "1.0", False, "Oct 1")
    ]
    # a verb between is no part of it: `EleutherAI tagged v0.5.0 of X` is X's
    [claim] = claims_of("EleutherAI tagged v0.5.0 of lm-evaluation-harness on 2026-11-27.")
    assert claim.entity == "lm-evaluation-harness"


def test_a_version_glued_to_its_name_is_read_but_not_a_models_size() -> None:
    assert read("Milvus3.0 是最新版。") == [("Milvus", "3.0", True, None)]
    assert read("LangGraph1.0 于 10/22 发布。") == [("LangGraph", "1.0", False, "10/22")]
    assert read("Qwen2.5-72B 是最新的。") == []
    assert read("在 H100 上跑最新版。") == []


def test_a_longer_name_ending_with_a_claimed_name_is_that_project() -> None:
    doc = (
        "docs/agents.md§1.1",
        "1.1 Agent Framework\nAgent Framework 稳定版为 1.2（2026-10-01）。",
    )
    old = (FORUM, "框架周报\nMicrosoft Agent Framework 最新版 0.9 上线。")
    assert conflicts([old, doc]) == [("version-line", (FORUM, "docs/agents.md§1.1"))]
    # the same newest under the longer name: consistent; another project's name is not it
    same = (FORUM, "框架周报\nMicrosoft Agent Framework 最新版 1.2 上线。")
    assert conflicts([same, doc]) == []
    other = (FORUM, "框架周报\nSpring AI Framework 最新版 0.9 上线。")
    assert conflicts([other, doc]) == []


def test_a_vendors_prefix_before_a_claimed_name_is_the_same_project() -> None:
    doc = ("docs/serve.md§1.1", "1.1 TGI\nTGI v3.0（2026-03-05）加入多 LoRA。")
    item = (FORUM, "推理周报\n据说 Hugging Face TGI v3.0 于 2026-03-02 发布。")
    assert conflicts([item, doc]) == [("date", (FORUM, "docs/serve.md§1.1"))]
    agree = (FORUM, "推理周报\n据说 Hugging Face TGI v3.0 于 3/5 发布。")
    assert conflicts([agree, doc]) == []


def test_a_source_named_by_its_own_word_is_read() -> None:
    for text in (
        "据 Pinecone 介绍，p50 延迟 12 ms，成本降低 40%。",
        "Pinecone 在官方博客中称 p50 延迟 12 ms，成本降低 40%。",
        "Pinecone's blog post says p50 latency is 12 ms and cost 40% lower.",
        "In a blog post, Pinecone said p50 latency is 12 ms and cost 40% lower.",
    ):
        assert cited_names(text) == {"pinecone": "Pinecone"}, text
    assert told((A, PINE_ZH), (B, "## 新版\nPinecone 官方博客称 p50 延迟 12 ms，成本降 40%。")) == [
        ("Pinecone", A, B)
    ]
    # someone's blog is no named source
    assert cited_names("有用户在博客中称 p50 延迟 12 ms，成本降低 40%。") == {}


def test_an_older_minor_called_newest_against_a_later_one_called_current_conflicts() -> None:
    doc = ("docs/cache.md§2.1", "2.1 Valkey\nValkey 当前稳定版为 8.1.0。")
    old = (FORUM, "缓存选型\nValkey 最新版 8.0.2 够用吗？")
    assert conflicts([old, doc]) == [("version-line", (FORUM, "docs/cache.md§2.1"))]
    en = (OTHER, "Cache notes\nValkey's latest release is 8.1.0.")
    assert conflicts([old, en]) == [("version-line", (FORUM, OTHER))]
    # the living document behind an item is an update; a patch, a pre-release or the same
    # version called newest is no conflict
    ahead = (FORUM, "缓存选型\nValkey 最新版 8.2.0 够用吗？")
    assert conflicts([ahead, doc]) == []
    for version in ("8.1.3", "8.1.0"):
        assert conflicts([(FORUM, f"缓存选型\nValkey 最新版 {version} 够用吗？"), doc]) == []
    rc = ("docs/cache.md§2.1", "2.1 Valkey\nValkey 当前版本为 8.1.0rc1。")
    assert conflicts([old, rc]) == []


def test_a_day_in_full_width_digits_an_ordinal_or_after_a_dash_is_read() -> None:
    assert read("LangGraph v1.4 于２０２６年１０月３日发布。") == [
        ("LangGraph", "v1.4", False, "2026年10月3日")
    ]
    assert read("LangGraph v1.4 (3rd October 2026) adds interrupts.") == [
        ("LangGraph", "v1.4", False, "3rd October 2026")
    ]
    assert read("LangGraph v1.4 — released Oct 3 — adds interrupts.") == [
        ("LangGraph", "v1.4", False, "Oct 3")
    ]
    wide = (FORUM, "框架动态\nLangGraph v1.4 于２０２６年１０月３日发布。")
    assert conflicts([wide, (NOTES, "Roundup\nLangGraph v1.4 (3rd October 2026).")]) == []
    assert conflicts([wide, (NOTES, "Roundup\nLangGraph v1.4 (9th October 2026).")]) == [
        ("date", (FORUM, NOTES))
    ]


CRAWL_DOC = "2.1 AutoCrawl-2\nAutoCrawl-2 reaches a success rate of 62% on WebShop with GPT-5."


def test_a_measure_named_in_chinese_is_its_english_measure() -> None:
    zh = "## 复测\nAutoCrawl-2 在 WebShop 上的成功率为 58%（GPT-5 驱动）。"
    assert numbers(zh, CRAWL_DOC) == [(BENCH, CACHE_DOC)]
    latency = "## 复测\nHNSW-X 在 SIFT-1M 上延迟 3.2 ms。"
    assert numbers(latency, "2.1 HNSW-X\nHNSW-X has a latency of 2.1 ms on SIFT-1M.") == [
        (BENCH, CACHE_DOC)
    ]


def test_the_same_figure_in_the_other_language_another_measure_or_model_is_none() -> None:
    assert (
        numbers("## 复测\nAutoCrawl-2 在 WebShop 上的成功率为 62%（GPT-5 驱动）。", CRAWL_DOC) == []
    )
    assert (
        numbers("## 复测\nAutoCrawl-2 在 WebShop 上的命中率为 58%（GPT-5 驱动）。", CRAWL_DOC) == []
    )
    assert (
        numbers("## 复测\nAutoCrawl-2 在 WebShop 上的成功率为 58%（GPT-4.1 驱动）。", CRAWL_DOC)
        == []
    )
    # 功率 is power too: a figure in watts is no success rate
    assert _measured(Fact("quantity", "功率", "450W", "450 W")).thing == "功率"


def archived(text: str) -> list[tuple[str, str | None]]:
    return [(s.entity, s.date) for s in claims_of(text) if s.event == "archive"]


def test_an_archive_in_other_words_is_read_and_a_maintenance_line_is_not() -> None:
    assert archived("Vowpal 于 2026-10 进入维护模式。") == [("Vowpal", "2026-10")]
    assert archived("Vowpal 2026 年 10 月起停止开发。") == [("Vowpal", "2026 年 10 月")]
    assert archived("Vowpal was put into maintenance mode in October 2026.") == [
        ("Vowpal", "October 2026")
    ]
    assert archived("Vowpal 2.6.x 是维护线，2026-10 起只修 bug。") == []
    assert archived("Vowpal 8.0.3 is a maintenance release of 2026-10-02.") == []
    a = (FORUM, "周报\nVowpal 于 2026-10 进入维护模式。")
    b = (NOTES, "Weekly\nVowpal was put into maintenance mode in November 2026.")
    assert conflicts([a, b]) == [("date", (FORUM, NOTES))]
    same = (NOTES, "Weekly\nVowpal was put into maintenance mode in October 2026.")
    assert conflicts([a, same]) == []


def test_a_bare_number_followed_by_its_release_day_is_a_version_of_the_heading() -> None:
    assert read("0.7 于 10/17 发布，带来新的调度器。", "Vowpal 0.7 发布说明") == [
        ("Vowpal", "0.7", False, "10/17")
    ]
    assert read("提升 0.7 个点，于 10/17 发布的报告称。", "Vowpal 周报") == []


HNSW_DOC = "2.1 Lantern\nLantern v0.5、HNSW m=16、ef_search=40、c7g.xlarge：recall@10 为 0.96。"


def test_a_parameter_set_to_another_value_is_another_setting() -> None:
    same = "## 复测\n用 Lantern v0.5、HNSW M = 16、ef_search = 40、c7g.xlarge：recall@10 为 0.91。"
    assert numbers(same, HNSW_DOC) == [(BENCH, CACHE_DOC)]
    other = "## 复测\n用 Lantern v0.5、HNSW m=16、ef_search=200、c7g.xlarge：recall@10 为 0.99。"
    assert numbers(other, HNSW_DOC) == []
    en = (
        "## Rerun\nWe ran Lantern v0.5 with HNSW m=16, ef_search=200 on c7g.xlarge: recall@10 0.99."
    )
    assert numbers(en, HNSW_DOC) == []
    assert numbers(en.replace("=200", "=40"), HNSW_DOC) == [(BENCH, CACHE_DOC)]


def test_other_pages_of_a_site_are_other_stories() -> None:
    named = "## 发布\n据 Pinecone 官方博客，p50 延迟 12 ms，成本降低 40%。"
    one = (
        "## A\n转述 [博客](https://www.pinecone.io/blog/serverless-v2)：p50 延迟 12 ms，降本 40%。"
    )
    other = "## B\nhttps://www.pinecone.io/docs/limits lists p50 latency 12 ms and 40% quota."
    # the page the named text's story is on, with a full-width colon after the link
    assert told((A, named), (B, one)) == [("Pinecone", A, B)]
    # two pages of one site are two stories (github.com/a, github.com/b): each is told with the
    # named text, never with each other; links alone are no named source
    assert told((B, one), (C, other)) == []
    assert told((A, named), (B, one), (C, other)) == [("Pinecone", A, B), ("Pinecone", A, C)]


# --- a version beside the release it names, release verbs and `是 … 发布的`

GATEWAY_DOC = ("docs/mesh.md§3.2", "3.2 Gateway API\nGateway API 稳定版 v1.6.0（2026-09-16）。")


def test_a_version_beside_the_release_it_names_is_that_release() -> None:
    # `the latest Gateway API release, v1.5.1`: before, the comma parted the version from its
    # project and its role word, and nothing was read
    en = (
        FORUM,
        "Moving off ingress-nginx\nThe script targets the latest Gateway API release, v1.5.1.",
    )
    assert conflicts([en, GATEWAY_DOC]) == [("version-line", (FORUM, "docs/mesh.md§3.2"))]
    right = (FORUM, en[1].replace("v1.5.1", "v1.6.0"))
    assert conflicts([right, GATEWAY_DOC]) == []
    # a release named with no project before it is none
    assert claims_of("x\n\nThe first release, v1.0, was slow.", "x") == []


ENVOY_DOC = (
    "docs/mesh.md§3.1",
    "3.1 Envoy\nEnvoy 1.40.0 于 2026-10-14 发布，dynamic modules 稳定。",
)


def test_a_release_day_after_is_or_landed_dates_the_version() -> None:
    zh = (FORUM, "边缘网关升级\n答主先交代：Envoy 1.40 是 10 月下旬发布的，补丁版本是 v1.40.1。")
    en = (NOTES, "Envoy upgrade\nEnvoy 1.40 landed 10/24 and we upgraded three clusters.")
    for text in (zh, en):
        assert conflicts([text, ENVOY_DOC]) == [("date", (text[0], "docs/mesh.md§3.1"))], text
    same = (FORUM, "边缘网关升级\n答主先交代：Envoy 1.40 是 10 月中旬发布的。")
    assert conflicts([same, ENVOY_DOC]) == []
