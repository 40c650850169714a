"""The fact index's extraction and comparison (docs/facts.md)."""

from __future__ import annotations

import time

import pytest
from briefdesk.core.facts.extract import extract
from briefdesk.core.facts.index import Facts, clashes, contained, relation, stated


def kinds(text: str, vocabulary: frozenset[str] = frozenset()) -> set[tuple[str, str, str]]:
    return {(f.kind, f.thing, f.value) for f in extract(text, vocabulary) if f.kind != "name"}


@pytest.mark.parametrize(
    ("written", "iso"),
    [
        ("2026-09-23", "2026-09-23"),
        ("9/22", "09-22"),
        ("2026-03", "2026-03"),
        ("2026年7月", "2026-07"),
    ],
)
def test_every_date_form_the_seed_uses(written: str, iso: str) -> None:
    assert any(k == "date" and v == iso for k, _, v in kinds(f"发布于 {written}。"))


def test_a_version_dated_in_brackets_is_that_release() -> None:
    got = kinds("帖文声称 vLLM v0.30.0(9/22)、SGLang v0.5.21(10/2) 连发")
    assert ("version", "sglang", "0.5.21") in got and ("date", "sglang 0.5.21", "10-02") in got
    assert ("version", "vllm", "0.30") in got  # 0.30.0 and 0.30 are one release


def test_lowercase_and_multi_word_names_of_the_living_document_are_read() -> None:
    text = "另一组作者复现 late chunking，并在 pgvector 上建索引。"
    names = {f.thing for f in extract(text, frozenset({"late chunking", "pgvector"}))}
    assert {"late chunking", "pgvector"} <= names
    assert "pgvector" not in {f.thing for f in extract(text)}  # without the document's names


def test_a_figure_has_its_measure_and_setting() -> None:
    (fig,) = [
        f
        for f in extract("用 jina-embeddings-v3 在 BEIR 与 MTEB 上，recall@10 比朴素切块高 +12%。")
        if f.kind == "quantity"
    ]
    assert (fig.thing, fig.value, fig.setting) == (
        "recall@10",
        "12%",
        ("beir", "jina-embeddings-v3", "mteb"),
    )


def test_model_names_and_ids_are_not_figures() -> None:
    got = kinds("Llama-3.1-70B on 8 H100, arXiv 2610.12345")
    assert not any(k == "quantity" for k, _, _ in got)


def test_an_id_after_a_citing_word_is_cited_not_the_subject() -> None:
    facts = extract(
        "SPLADE-X (arXiv:2611.01234)\nCompared with its baseline ColBERT-serve (arXiv:2504.14903), "
        "it keeps 97% of the NDCG@10."
    )
    ids = {f.thing: f.subject for f in facts if f.kind == "id"}
    assert ids == {"arxiv:2611.01234": True, "arxiv:2504.14903": False}


def test_an_issue_number_is_an_id_and_a_subject_only_with_a_shared_name() -> None:
    """docs/facts.md: `DEP #17649` names one thing, in any language; an item's own `#2`, a path's
    `.md#3` and a URL's fragment are no issue; the same number of another project is not it."""
    zh = Facts.of(extract("dynamo DEP #17649：为打分请求开 decision core\n提案状态为 draft。"))
    en = Facts.of(
        extract("A separate lane for scoring\nThe Dynamo design proposal DEP #17649 is a draft.")
    )
    assert zh.subjects == en.subjects == {"issue:17649"}
    assert relation(en, zh)[0] == "same" and contained(en, zh)
    other = Facts.of(extract("vLLM issue #17649\nA crash in the scheduler."))
    assert relation(other, zh)[0] == "unrelated"
    assert not any(
        f.kind == "id"
        for f in extract(
            "见 inbox/a.md#2 与第 #12 条，https://github.com/x/y/pull/1#issuecomment-4567"
        )
        if f.thing.startswith("issue:")
    )
    # beside an arXiv id, an issue number does not take the id's place as the subject
    paper = extract("Notes on a paper\nThe authors' code (arXiv:2611.01234) fixes issue #4321.")
    assert {f.thing for f in paper if f.kind == "id" and f.subject} >= {"arxiv:2611.01234"}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("托管价格为每百万 token 0.02 美元。", "0.02USD"),
        ("It costs $0.02 per million tokens.", "0.02USD"),
        ("每小时 3.5 元。", "3.5CNY"),
        ("€3 per seat.", "3EUR"),
        ("The team plan is $1,200 a year.", "1200USD"),
        ("每月 65 美金。", "65USD"),
        ("团队版 65 刀一个月。", "65USD"),
        ("USD 65 per seat.", "65USD"),
        ("costs 65 usd per seat.", "65USD"),
        ("RMB 65 一个月。", "65CNY"),
        ("每席位 65 欧元。", "65EUR"),
    ],
)
def test_a_figure_in_a_currency_is_a_price(text: str, value: str) -> None:
    (price,) = [f for f in extract(text) if f.kind == "quantity"]
    assert (price.thing, price.value) == ("price", value)


def test_same_subject_nothing_new_and_another_figure_in_one_setting() -> None:
    doc = Facts.of(
        extract("late chunking：jina-embeddings-v3 在 BEIR 与 MTEB 上 recall@10 高 +4%。")
    )
    same = Facts.of(
        extract("late chunking 复述：jina-embeddings-v3、BEIR、MTEB 上 recall@10 高 4%。")
    )
    other = Facts.of(
        extract("复现 late chunking：jina-embeddings-v3 在 BEIR 与 MTEB 上 recall@10 高 +12%。")
    )
    assert relation(same, doc)[0] == "same" and contained(same, doc)
    assert relation(other, doc)[0] == "differs" and clashes(other, doc)


def test_a_text_stating_both_values_does_not_conflict() -> None:
    both = Facts.of(extract("SGLang + EAGLE-3 在 Llama-3.1-8B 上 TPOT 从 7.9 ms 降到 3.1 ms。"))
    one = Facts.of(extract("Llama-3.1-8B with EAGLE-3: TPOT 3.1 ms."))
    assert not clashes(one, both)


def test_a_new_version_of_the_same_project_differs() -> None:
    old = Facts.of(extract("pgvector 0.8.0 adds iterative index scans.", frozenset({"pgvector"})))
    new = Facts.of(extract("pgvector 0.8.1 fixes iterative scans.", frozenset({"pgvector"})))
    assert relation(new, old)[0] == "differs"


def test_a_release_line_is_no_version_and_does_not_clash() -> None:
    line = Facts.of(extract("SGLang 多处性能对比引用 v0.5.x 与 0.5.* 的数字。"))
    release = Facts.of(extract("SGLang v0.5.21（10/2）发布。"))
    assert not line.versions  # before: `v0.5.x` read as the release 0.5
    assert not clashes(release, line)  # 0.5.21 is in the 0.5.x line: no other version


def test_a_figure_that_ends_a_sentence_is_a_figure() -> None:
    got = kinds("A user reran it with bf16 and got 78.9. They posted the config.")
    assert ("quantity", "", "78.9") in got  # before: the full stop read it as a version's part
    assert not any(k == "quantity" for k, _, _ in kinds("See version 0.5.22 for details."))


def test_a_section_number_and_a_path_are_no_figure_and_no_date() -> None:
    entry = (
        "来源：inbox/kai/2026-11-16T0950-critical-read.md 对象二（项目文档）\n"
        "建议归入：§2.3 追加；Placement: §2.2, append."
    )
    assert kinds(entry) == set()  # before: 2026-11-16 a date, 2.3 and 2.2 figures


def test_another_figure_in_one_setting_differs_even_without_its_measure() -> None:
    doc = Facts.of(extract("Qwen3-32B 在 RULER 128K 上为 62.4（bf16，vLLM 后端）。"))
    rerun = Facts.of(extract("RULER 复测：用 bf16、vLLM 重测 Qwen3-32B，128K 上的平均分为 70.1。"))
    summary = Facts.of(extract("Qwen3-32B 在 RULER 128K 只有 62.4（bf16、vLLM 后端复测）。"))
    assert relation(rerun, doc)[0] == "differs"  # 70.1 has a measure word, 62.4 none
    assert relation(summary, doc)[0] == "same" and not clashes(summary, doc)


def test_one_release_on_two_days_differs() -> None:
    doc = Facts.of(extract("OpenCompass 0.4.2 于 2026-10-15 发布，支持 vLLM 0.30。"))
    late = Facts.of(extract("OpenCompass 0.4.2 小结\n0.4.2 于 10/17 发布，加入 vLLM 0.30 后端。"))
    same = Facts.of(extract("OpenCompass 0.4.2 小结\n0.4.2 于 10/15 发布，加入 vLLM 0.30 后端。"))
    assert relation(late, doc)[0] == "differs"
    assert relation(same, doc)[0] == "same" and not clashes(same, doc)


def test_a_range_of_whole_numbers_is_one_figure_but_not_an_item_range() -> None:
    assert ("quantity", "", "20–30") in kinds("Long answers lose about 20–30 Elo points.")
    assert {v for k, _, v in kinds("成本约 350–900 美元，55–70% 的题") if k == "quantity"} == {
        "350–900USD",
        "55–70%",
    }  # a range with its unit is a range, not its top value (docs/facts.md)
    assert kinds("HN digest items 2–4 (off-topic); 第 2~4 条同上") == set()
    en = Facts.of(extract("LMArena style control (since 2026-03): long answers lose 20–30 Elo."))
    zh = Facts.of(extract("LMArena 2026-03 起默认 style control，长回答平均下降 20–30 名次分。"))
    assert relation(en, zh)[0] == "same" and contained(en, zh)  # before: only the date shared


def test_extraction_is_linear_in_the_text() -> None:
    """No pattern backtracks: a text ten times longer costs about ten times more."""
    unit = "SGLang v0.5.21（10/2）吞吐 2.3×，recall@10 0.95 on BEIR with bge-m3; 1.2.3.4.5 " * 40
    hostile = "9" * 4000 + "." * 4000 + "v" * 4000 + "@" * 4000 + "+9 " * 2000

    def cost(text: str) -> float:
        """The best of five runs in this process's CPU time, not wall time: the machine is shared,
        and a neighbour's load lengthens wall time while leaving CPU time alone."""
        best = float("inf")
        for _ in range(5):
            start = time.process_time()
            extract(text)
            best = min(best, time.process_time() - start)
        return best

    # ten times the text: linear is ten times the cost, quadratic a hundred; 40 leaves room for
    # the noise of a loaded machine without letting a quadratic pattern through
    small, large = cost(unit), cost(unit * 10)
    assert large < 40 * max(small, 2e-3)
    # 20,000 characters of digits, dots and signs: linear is a few tens of ms, quadratic seconds
    assert cost(hostile * 4) < 2.0


def test_the_relation_line_and_key_points_start_from_the_facts() -> None:
    from briefdesk.core.brief.points import lead
    from briefdesk.core.facts.wording import new_fact_words, relation_line
    from briefdesk.core.model.values import ItemFacts, StatedFact

    facts = ItemFacts(
        known=(StatedFact(text="vLLM v0.30.0", refs=("docs/inference.md§1.1", "briefs/b.md#4")),),
        new=(StatedFact(text="SGLang v0.5.21"), StatedFact(text="2610.42148")),
        conflicting=(StatedFact(text="SGLang v0.5.21 (10/2)", refs=("docs/inference.md§1.2",)),),
    )
    assert relation_line([facts]) == (
        "活文档 §1.1 已有 vLLM v0.30.0；本条新增 SGLang v0.5.21、2610.42148；"
        "与已有说法不一致：SGLang v0.5.21 (10/2)（§1.2）。"
    )
    assert relation_line([ItemFacts()]) is None
    body = (
        "---\ntitle: x\n---\n帖文声称 vLLM v0.30.0(9/22)、SGLang v0.5.21(10/2) 连发。"
        "判断：可信度低。"
    )
    # the item's own sentence with the new release, not its front matter or its verdict; an id
    # says what the item is, not what it found
    assert new_fact_words(facts) == ("v0.5.21",)
    assert lead(body, new_fact_words(facts)) == (
        "帖文声称 vLLM v0.30.0(9/22)、SGLang v0.5.21(10/2) 连发。"
    )


def _relation(a: str, b: str) -> tuple[str, list[str]]:
    """How text `a`'s facts relate to `b`'s, and the values `a` states that `b` does not."""
    rel, new = relation(Facts.of(extract(a)), Facts.of(extract(b)))
    return rel, [f.value for f in new]


@pytest.mark.parametrize(
    ("summary", "material"),
    [
        # number words, both languages
        ("BK 8 remote cache: builds run three times faster.", "BK 8 远程缓存让构建快 3 倍。"),
        ("BK 8 远程缓存让构建快三倍。", "BK 8 remote cache: builds run 3× faster."),
        # a share written as a fraction, in words or in digits
        (
            "BK 8 remote cache: the cache hits three times out of four.",
            "BK 8 远程缓存命中率 76%。",
        ),
        ("BK 8 remote cache: one in twenty builds misses.", "BK 8 远程缓存 5% 的构建未命中。"),
        ("BK 8 远程缓存：命中率四成半。", "BK 8 remote cache: a hit rate of 45%."),
        ("BK 8 远程缓存：命中率约四分之三。", "BK 8 remote cache hits 3 in 4 builds."),
        # a magnitude, thousands separators
        ("BK 8 remote cache serves 2.05k QPS.", "BK 8 远程缓存 QPS 2,050。"),
        ("BK 8 remote cache: 3 million actions.", "BK 8 远程缓存：300 万个 action。"),
        # a range in words
        ("BK 8 remote cache: one to two points of ROI.", "BK 8 远程缓存 ROI 高 1–2 个点。"),
        ("BK 8 remote cache: 20 to 30 points of ROI.", "BK 8 远程缓存 ROI 高 20–30 个点。"),
        # approximate wording and rounding
        ("BK 8 remote cache: about 31% fewer misses.", "BK 8 远程缓存未命中少 30% 左右。"),
        ("BK 8 remote cache hit rate 75.8%.", "BK 8 远程缓存命中率 76%。"),
        # a release line and one of its releases
        ("BuildKit v8.1 的远程缓存更快。", "BuildKit 当前版本为 v8.1.2，远程缓存更快。"),
    ],
)
def test_a_figure_written_another_way_is_the_same_fact(summary: str, material: str) -> None:
    """docs/facts.md ("Figures written another way"): a reader calls these one figure, so a
    summary that writes them so states nothing new."""
    assert _relation(summary, material) == ("same", [])


@pytest.mark.parametrize(
    ("later", "earlier"),
    [
        ("BK 8 remote cache: builds run 3.4× faster.", "BK 8 远程缓存让构建快 3 倍。"),
        ("BK 8 remote cache hit rate 0.94.", "BK 8 remote cache hit rate 0.9."),
        ("BuildKit v8.1.3 is out.", "BuildKit 当前版本为 v8.1.0。"),
        ("BK 8 remote cache: throughput 5,300.", "BK 8 remote cache: throughput 5,900."),
    ],
)
def test_another_value_is_no_figure_written_another_way(later: str, earlier: str) -> None:
    """Rounding and approximate wording are not a licence: `3.4×` is not `3 倍`, a one-digit
    `0.9` says nothing of `0.94`, `v8.1.3` is not `v8.1.0` (both written whole), and `5,300` is
    one figure, not `5`."""
    theirs = Facts.of(extract(earlier))
    assert not all(stated(f, theirs) for f in Facts.of(extract(later)).values.values())


def test_figures_in_words_and_their_measure_are_read_as_written() -> None:
    """`5,300 QPS` is 5300 with its measure after it; `recall@10 0.95` is a figure, not a
    version of `recall@10`; a measure the search window cut in two is no measure; `快一倍` is
    no figure (one-times says nothing: twice as fast, or as much)."""
    got = kinds("Caddy reaches about 5,300 QPS. At hit@5 0.82 the proxy answers.")
    assert ("quantity", "qps", "5300") in got and ("quantity", "hit@5", "0.82") in got
    assert not any(k == "version" for k, _, _ in got)
    things = {t for k, t, _ in kinds("for the same 0.95 recall@10 you probe about 30% fewer")}
    assert all(t in {"", "recall@10"} for t in things)
    assert not kinds("Caddy 比 nginx 快一倍。")


def test_a_score_after_a_model_name_with_its_own_number_is_no_version() -> None:
    """docs/facts.md: a two-part number after a name that carries its own number (`o3`,
    `Whisper-v4`, `Qwen3-235B`) is its score on a table, not a release of it; after a name
    without one (`Milvus 2.5`) it is a version, and so is one written with `v`."""
    facts = extract("Whisper-v4 5.7、Canary2-1B 6.1；Milvus 2.5 与 Moonshine2 v1.2 发布。")
    versions = {(f.thing, f.value) for f in facts if f.kind == "version"}
    figures = {f.value for f in facts if f.kind == "quantity"}
    assert versions == {("milvus", "2.5"), ("moonshine2", "1.2")}
    assert {"5.7", "6.1"} <= figures


def test_a_year_before_a_measure_and_its_figure_is_no_figure() -> None:
    """docs/facts.md: a measure read after an integer (`5,300 QPS`) is the next figure's when
    one follows it: in `CodeContests 2025 pass@1 41.7` the year is the benchmark's edition."""
    facts = extract("CodeContests 2025 pass@1 41.7 on Gemma-4; the server holds 5,300 QPS.")
    figures = {(f.thing, f.value) for f in facts if f.kind == "quantity"}
    assert figures == {("pass@1", "41.7"), ("qps", "5300")}


def test_an_error_rate_before_a_figure_is_its_measure_not_a_project() -> None:
    """docs/facts.md: `WER 5.7`, `AUC 0.91` are a measure's figures, not a release of `WER`."""
    facts = extract("LibriSpeech test-clean 上 WER 5.7，CER 2.1；AUC 0.91。")
    assert not [f for f in facts if f.kind == "version"]
    assert {(f.thing, f.value) for f in facts if f.kind == "quantity"} == {
        ("wer", "5.7"),
        ("cer", "2.1"),
        ("auc", "0.91"),
    }


def test_a_release_glued_or_pinned_to_a_lowercase_project_is_its_version() -> None:
    """docs/facts.md: `tokio1.44.2`, `Bun-v1.2.3` (three parts glued to the word),
    `hyper==1.6.0`, `serde>=1.0` (a requirement) and `tokio 1.43.0` (a lowercase word right
    before three parts) each name the project's release, whatever its case; a model's own
    number (`Qwen3.5`), a setting (`padding_free=True`) and a verb (`requires 0.17.2`) do not."""
    text = (
        "换上 tokio1.44.2 与 Bun-v1.2.3，依赖写成 hyper==1.6.0、serde>=1.0；旧机器上还是 "
        "tokio 1.43.0，`padding_free=True`，Qwen3.5 不变。"
    )
    versions = {(f.thing, f.value) for f in extract(text) if f.kind == "version"}
    assert versions == {
        ("tokio", "1.44.2"),
        ("bun", "1.2.3"),
        ("hyper", "1.6"),
        ("serde", "1.0"),
        ("tokio", "1.43"),
    }
    verb = {f.thing for f in extract("OpenDAL now requires 0.17.2 of it.") if f.kind == "version"}
    assert verb == {"opendal"}
    part = {f.thing for f in extract("OpenDAL: see chapter 2.3.1.") if f.kind == "version"}
    assert "chapter" not in part


def test_a_patch_release_differs_from_the_first_release_of_its_line() -> None:
    """docs/facts.md: `v2.1.4` and `v2.1.0`, both written whole, are two releases even where
    both texts also name their line (`v2.1`); a text naming only the line states either."""
    patch = Facts.of(extract("OpenTofu v2.1.4\nA patch on the v2.1 line: fixes the npm resolver."))
    first = Facts.of(extract("OpenTofu 稳定版为 v2.1.0（2026-10-02）；v2.1 起支持 npm 工作区。"))
    line = Facts.of(extract("OpenTofu v2.1 的 npm 工作区与 resolver 说明。"))
    assert relation(patch, first)[0] == "differs"
    assert relation(patch, line)[0] != "differs"


def test_a_lowercase_project_before_the_word_for_its_current_release_owns_it() -> None:
    """docs/facts.md: in `ruff 稳定版为 v0.9.0` and `uv latest v0.5.4` the lowercase word is the
    project of the release (before, the release went to the text's first name, `Black`)."""
    text = "ruff 稳定版为 v0.9.0（2026-10-02），Black 仍常用；uv latest v0.5.4。"
    versions = {(f.thing, f.value) for f in extract(text) if f.kind == "version"}
    assert versions == {("ruff", "0.9"), ("uv", "0.5.4")}
    dated = [f.thing for f in extract(text) if f.kind == "date"]
    assert dated == ["ruff 0.9"]


def test_a_named_project_before_the_word_for_its_current_release_owns_it() -> None:
    """docs/facts.md: a project already named (`Helm`, any case) before the word for its current
    release owns that release, not the text's first name (`Kubernetes`): before, `Helm latest
    v3.16.2` gave Kubernetes a version, and a section stating Helm's clashed with no Helm text.
    A capitalised word that is no name (`Our latest v2.0.1`) owns nothing."""
    text = "Notes on our Kubernetes cluster: we deploy with Helm latest v3.16.2 (2026-10-02)."
    versions = {(f.thing, f.value) for f in extract(text) if f.kind == "version"}
    assert ("helm", "3.16.2") in versions
    assert ("kubernetes", "3.16.2") not in versions
    older = Facts.of(extract("Notes on our Nomad jobs: we deploy with Helm latest v3.15.4."))
    assert any(a.thing == "helm" for a, _ in clashes(Facts.of(extract(text)), older))
    plain = extract("Notes on our Kubernetes cluster. Our latest v2.0.1 adds quotas.")
    assert {f.thing for f in plain if f.kind == "version"} <= {"kubernetes"}


def test_a_release_is_of_the_whole_name_written_before_it() -> None:
    """docs/facts.md: `Megatron Core 0.16.0` is a release of Megatron Core, not of a `Core`
    (before, every `X Core` and `X Engine` shared one project), and `pg_duckdb v1.2.0` one of
    pg_duckdb, not of the DuckDB whose section states 1.4.2 (before, the extension's release
    contradicted the database's)."""
    text = "Megatron Core 0.16.0 adds FP8 through Transformer Engine 2.8; pg_duckdb v1.2.0 ships."
    headings = {"megatron core", "transformer engine"}  # as the living document's headings say
    versions = {(f.thing, f.value) for f in extract(text, headings) if f.kind == "version"}
    assert versions == {
        ("megatron core", "0.16"),
        ("transformer engine", "2.8"),
        ("pg_duckdb", "1.2"),
    }
    stable = extract("Megatron Core 稳定版 0.15.0（2026-10-09）。", headings)
    assert [(f.thing, f.value) for f in stable if f.kind == "version"] == [
        ("megatron core", "0.15")
    ]
    extension = Facts.of(extract("pg_duckdb v1.2.0 发布，内嵌 DuckDB v1.4.2。"))
    database = Facts.of(extract("DuckDB 稳定版为 v1.4.2（2026-10-14）。"))
    assert not clashes(extension, database)


def test_a_day_before_released_and_a_version_dates_that_release() -> None:
    """docs/facts.md: `2026年8月发布的 Cilium 1.20` dates Cilium 1.20 (before, the day went to a
    name before it, and a section's `Cilium 1.20.0 于 2026-07-28 发布` clashed with nothing:
    the item was a `likely` duplicate of the section it contradicts)."""
    item = Facts.of(extract("2026年8月发布的 Cilium 1.20 把三件事变成了默认。"))
    assert item.release_dates.keys() == {"cilium 1.20"}
    section = Facts.of(extract("Cilium 1.20.0 于 2026-07-28 发布：内核 6.8 及以上默认用 netkit。"))
    assert relation(item, section)[0] == "differs"
    # a clause between the day and a version leaves the version undated
    apart = extract("2026-03 发布，随后 vLLM v0.30 也来了。")
    assert [f.thing for f in apart if f.kind == "date"] == [""]


def test_a_day_in_brackets_after_a_version_dates_it_and_a_looser_day_is_stated() -> None:
    """docs/facts.md: `Calico v3.32.2 (released late October)` dates that release, and the
    section's `v3.32.2（2026-10-30）` states it (a day in the part of the month it names): before,
    `late October` was a new fact, and a repost of the section's figure was an `update`."""
    repost = Facts.of(extract("The poster is on Calico v3.32.2 (released late October)."))
    assert repost.release_dates.keys() == {"calico 3.32.2"}
    section = Facts.of(extract("Calico 稳定版 v3.32.2（2026-10-30）。"))
    assert relation(repost, section) == ("same", [])
    early = Facts.of(extract("The poster is on Calico v3.32.2 (released September 12)."))
    assert relation(early, section)[0] == "differs"


def test_a_package_name_a_text_gives_states_its_projects_release() -> None:
    """docs/facts.md: `HELM 正式版为 v1.0.0 …，pip 包名 `crfm-helm`` states HELM's release under
    its package's name too, so `crfm-helm 0.5.12` elsewhere clashes with it, about HELM."""
    section = Facts.of(
        extract("Stanford CRFM 的 HELM 正式版为 v1.0.0（2026-08-14），pip 包名 `crfm-helm`。")
    )
    item = Facts.of(extract("评测框架最新版：crfm-helm 0.5.12（9/30）、OpenCompass 0.4.2。"))
    found = [(a.thing, b.setting) for a, b in clashes(item, section) if a.kind == "version"]
    assert found == [("crfm-helm", ("helm",))]
    unnamed = Facts.of(extract("Stanford CRFM 的 HELM 正式版为 v1.0.0（2026-08-14）。"))
    assert not clashes(item, unnamed)


def test_an_appended_post_starts_at_its_marker_line_only() -> None:
    """docs/facts.md: `Update (11-28):`, `**EDIT 2:**`, `追记：`, `更新（11-29）：` open a post
    appended later; a sentence about an update (`更新的榜单：`, `Updated weights:`) does not."""
    from briefdesk.core.facts.extract import appended_at

    body = "Title\nFirst post.\n"
    for marker in ("Update (11-28): x", "**EDIT 2:** x", "> 追记：x", "更新（11-29）：x"):
        assert appended_at(body + marker) == len(body)
    for line in ("更新的榜单：x", "Updated weights: x", "The update: x"):
        assert appended_at(body + line) == -1


@pytest.mark.parametrize(
    ("written", "iso"),
    [
        ("Bun v1.2.3 (24 Nov)", "11-24"),
        ("Bun v1.2.3, released on the 24th of November", "11-24"),
        ("Bun v1.2.3 (11/24/2026)", "2026-11-24"),
        ("Bun v1.2.3 on 24/11/2026", "2026-11-24"),
    ],
)
def test_a_date_with_the_day_first_or_a_year_after_the_slash_is_read(written: str, iso: str):
    """core/claims/dates: `24 Nov`, `24th of November`, `11/24/2026` and `24/11/2026` are dates
    (the release's, right after it); `the 2 may be late` is none."""
    assert [f.value for f in extract(written) if f.kind == "date"] == [iso]
    assert not [f for f in extract("Bun: the 2 may be late.") if f.kind == "date"]


def test_a_capitalised_word_opening_a_sentence_is_a_name_with_a_digit_or_a_release() -> None:
    """docs/facts.md: a word only capitalised opening a sentence (`However`) is no name; with a
    digit (`Orb-v3 on …`) or right before a release (`Tessel v2.4.0, …`, a table's `| Tessel
    2.4 |`) it names a model or project."""

    def names(text: str) -> set[str]:
        return {f.thing for f in extract(text) if f.kind == "name"}

    assert "orb-v3" in names("r/ml: Orb-v3 on Matbench, F1 0.84")
    assert "tessel" in names("The setup: Tessel v2.4.0, H100 SXM.")
    assert "tessel" in names("| shape | Tessel 2.4 |\n|---|---|\n| 4096 | 655 TFLOPS |")
    assert "however" not in names("It ran. However it was slow.")
    assert "open-source" not in names("It ran. Open-source it is.")


def test_a_model_numbered_after_a_hyphen_is_no_measure_of_its_figure() -> None:
    """docs/facts.md: an abbreviation right before a figure names its measure (`TTFT：120 ms`),
    but one with a number after a hyphen is a model (`GR-1 3.06`, `RT-2 62%`)."""
    things = {
        f.thing
        for f in extract("平均完成长度：GR-1 3.06；RT-2 62%；TTFT：120 ms。")
        if f.kind == "quantity"
    }
    assert "gr-1" not in things and "rt-2" not in things
    assert "ttft" in things


def test_a_greek_letter_with_a_digit_opens_a_name() -> None:
    """docs/facts.md: `π0`, `π0-FAST`, `π0.5`, `τ²-bench` are names (and their digits no
    figures); a Greek letter alone is a symbol (`Kendall τ of 0.31`)."""
    facts = extract("π0-FAST 在 LIBERO 上 96.4；π0.5 与 τ²-bench。Kendall τ of 0.31。")
    names = {f.thing for f in facts if f.kind == "name"}
    assert {"π0-fast", "π0.5", "τ2-bench"} <= names and "τ" not in names
    assert {f.value for f in facts if f.kind == "quantity"} == {"96.4", "0.31"}


def test_a_count_with_its_classifier_measures_the_noun_it_counts() -> None:
    """docs/facts.md: `7.6 万条轨迹` after a Chinese comma is read (NFKC makes `，` a comma, which
    only after a digit joins a number), and measures 轨迹, as `轨迹：9.2 万条` writes it."""
    after = [
        f
        for f in extract("DROID 平台采集，7.6 万条轨迹、350 小时。", ["droid"])
        if f.kind == "quantity"
    ]
    before = [
        f for f in extract("DROID 一览：\n- 轨迹：9.2 万条", ["droid"]) if f.kind == "quantity"
    ]
    assert next((f.thing, f.value) for f in after) == ("轨迹", "76K")
    assert [(f.thing, f.value) for f in before] == [("轨迹", "92K")]
