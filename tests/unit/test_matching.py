"""Duplicates and placements (docs/duplicates.md): what they find, why and in which tier, the cache.

The measured properties on a knowledge base as real ones look (reworded duplicates, other
languages, distractors) are in test_realkb.py; these are the small cases each rule is about."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from briefdesk.core.matching import cache as matchcache
from briefdesk.core.matching import content_key, match_items, pipeline
from briefdesk.core.model.values import BriefEntry, Evidence, Item, Section

ROOT = Path(__file__).resolve().parents[2]
DOC = "docs/inference.md"


def item(ref: str, title: str, body: str = "", arxiv: tuple[str, ...] = ()) -> Item:
    material = ref.split("#")[0]
    return Item(
        ref=ref,
        material=material,
        index=int(ref.split("#")[1]),
        title=title,
        body=body,
        evidence=Evidence.unknown,
        arxiv=arxiv,
    )


def entry(ref: str, text: str) -> BriefEntry:
    brief, anchor = ref.split("#")
    section, _, number = anchor.rpartition("-")
    return BriefEntry(
        ref=ref, brief=brief, date="2026-11-01", section=section or "一", number=number, text=text
    )


def section(sid: str, title: str, text: str) -> Section:
    return Section(id=sid, title=title, level=2, line=1, text=text)


ZH_ENTRY = (
    "llama.cpp CUDA 编译参数与三类报错对策：GGML_CUDA=ON 之后需要显式指定计算能力，"
    "否则在 H100 上会回退到通用内核，吞吐下降约 40%，并给出了三类常见报错的规避办法。"
)
ZH_PARAPHRASE = (
    "llama.cpp 的 CUDA 编译参数和三类报错对策：打开 GGML_CUDA=ON 以后要显式指定计算能力，"
    "不然在 H100 上回退到通用内核，吞吐下降约 45%；文中给出三类常见报错的规避办法。"
)
EN_ENTRY = (
    "PLENA combines a flattened systolic array, asymmetric quantization and native FlashAttention "
    "support, and reports up to 2.23x throughput over A100 on agentic LLaMA workloads."
)
EN_PARAPHRASE = (
    "Native FlashAttention support, asymmetric quantization and a flattened systolic array are "
    "combined in PLENA, which reports up to 2.24x throughput over A100 on agentic LLaMA workloads."
)


def dups(result, ref):
    return [(d.kind, d.ref) for d in result[ref].duplicates]


def text_score(a: str, b: str) -> float:
    """The text score of `a` as an item against `b` as the only earlier entry (0: not listed)."""
    got = match_items([item("inbox/t.md#1", "", a)], [], [entry("briefs/t.md#1", b)], DOC)
    found = got["inbox/t.md#1"].duplicates
    return found[0].score if found else 0.0


# -- behaviour ----------------------------------------------------------------------------------


def test_chinese_paraphrase_matches_and_unrelated_chinese_does_not():
    assert text_score(ZH_PARAPHRASE, ZH_ENTRY) >= 85
    unrelated = (
        "Redis Agent Skills 属于 agent 工具链与记忆赛道，证据为厂商发布稿，"
        "效果没有量化，本简报不入库。"
    )
    assert text_score(unrelated, ZH_ENTRY) < 50
    items = [
        item("inbox/a.md#1", "编译参数", ZH_PARAPHRASE),
        item("inbox/a.md#2", "记忆赛道", unrelated),
    ]
    result = match_items(items, [], [entry("briefs/b.md#5", ZH_ENTRY)], DOC)
    assert dups(result, "inbox/a.md#1") == [("brief", "briefs/b.md#5")]
    assert dups(result, "inbox/a.md#2") == []


def test_english_paraphrase_matches_and_unrelated_english_does_not():
    assert text_score(EN_PARAPHRASE, EN_ENTRY) >= 85
    unrelated = (
        "Redis ships agent skills for ChatGPT Work and Codex; the announcement quantifies nothing."
    )
    assert text_score(unrelated, EN_ENTRY) < 50
    result = match_items(
        [item("inbox/e.md#1", "PLENA", EN_PARAPHRASE)], [], [entry("briefs/b.md#2", EN_ENTRY)], DOC
    )
    assert dups(result, "inbox/e.md#1") == [("brief", "briefs/b.md#2")]


def test_an_item_that_quotes_an_entry_and_adds_more_is_that_entry():
    longer = (
        ZH_ENTRY
        + "另外，作者还比较了 Vulkan 后端与 Metal 后端在 M4 Max 上的首 token 延迟，差距不到一成。"
    )
    assert text_score(longer, ZH_ENTRY) >= 95


def test_empty_and_punctuation_only_texts_never_match():
    items = [
        item("inbox/p.md#1", "。。。", "！？……"),
        item("inbox/p.md#2", "", ""),
        item("inbox/p.md#3", "——", "。。。"),
    ]
    entries = [
        entry("briefs/b.md#1", "。。。"),
        entry("briefs/b.md#2", ""),
        entry("briefs/b.md#四-1", "——！"),
    ]
    result = match_items(items, [section("1", "标题", "。。。\n\n！！")], entries, DOC)
    assert all(m.duplicates == () for m in result.values())
    assert text_score("", "") == 0 and text_score("。。。", "。。。") == 0


def test_batch_duplicates_and_living_doc_paragraphs_are_candidates():
    para = (
        "§3.3 Dynamo Session-Aware Agentic 推理：agent session 上下文长、KV 常驻，wall-clock "
        "大部分耗在工具调用之间，调度器需要按会话亲和分配。"
    )
    sections = [section("3.3", "Dynamo Session-Aware Agentic 推理", f"引言一句。\n\n{para}")]
    items = [
        item("inbox/a.md#1", "编译参数", ZH_ENTRY),
        item("inbox/b.md#1", "编译参数（复述）", ZH_PARAPHRASE),
        item("inbox/c.md#1", "会话亲和", para.replace("需要", "须")),
    ]
    result = match_items(items, sections, [], DOC)
    assert ("batch", "inbox/b.md#1") in dups(result, "inbox/a.md#1")
    assert ("batch", "inbox/a.md#1") in dups(result, "inbox/b.md#1")
    assert dups(result, "inbox/c.md#1") == [("living-doc", f"{DOC}§3.3")]
    candidate = result["inbox/c.md#1"].duplicates[0]
    assert candidate.text.startswith("§3.3 Dynamo") and 85 <= candidate.score <= 100


def test_same_arxiv_id_makes_the_short_entry_the_best_candidate():
    long_item = item(
        "inbox/flyp/2026-11-02.md#1",
        "Embedding 稀疏化：与 MoE 正交的第二条稀疏轴",
        "把稀疏化从 MoE 的“堆专家”移到 embedding 维度，声称两者正交；"
        "用定制系统优化与投机解码把稀疏度转成"
        "推理加速，产出 LongCat-Flash-Lite：68.5B 总参、约 3B 激活。卡片标题错挂已定位。",
        arxiv=("2601.21204",),
    )
    short = entry("briefs/2026-10-30.md#四-2", "Scaling Embeddings（arXiv:2601.21204v2）已登记。")
    near = entry(
        "briefs/2026-10-30.md#四-3",
        "把稀疏化从 MoE 的堆专家移到 embedding 维度，声称两者正交，"
        "用定制系统优化把稀疏度转成推理加速。",
    )
    listing = entry(
        "briefs/2026-10-30.md#三-1",
        "2601.21204 2509.09505 2610.42148 2610.42128 2604.17227 本批涉及",
    )
    result = match_items([long_item], [], [near, listing, short], DOC)
    found = result[long_item.ref].duplicates
    assert found[0].ref == short.ref and found[0].score == 100
    by_ref = {d.ref: d.score for d in found}
    assert by_ref[listing.ref] == 92.0  # 90 + 10 × (1 shared id / 5 ids)
    assert found[0].why == ("identity",)  # the text alone would not have found it


def test_placements_rank_the_obvious_section_first():
    sections = [
        section(
            "2.3",
            "KV cache 压缩",
            "KV cache 量化与压缩：低比特 KV、分级缓存、按层淘汰，显存占用下降。",
        ),
        section(
            "4.1",
            "投机解码",
            "投机解码用 draft 模型先猜若干 token，再由目标模型并行验证，保持分布不变；"
            "EAGLE、Medusa 等草稿头与树形验证都属于这一族。",
        ),
        section("5.8", "边缘与专用加速器", "TorchNeuron、Jetson Orin 与 NPU 上的端侧推理线索。"),
    ]
    items = [
        item(
            "inbox/a.md#1",
            "投机解码教程",
            "draft 模型猜 token，目标模型并行验证；EAGLE 草稿头把接受率提到 0.8。",
        ),
        item("inbox/a.md#2", "KV 压缩", "按层淘汰的 KV cache 量化，显存占用下降 40%。"),
        item("inbox/a.md#3", "端侧", "Jetson Orin 上的 NPU 推理与 TorchNeuron 线索。"),
    ]
    result = match_items(items, sections, [], DOC)
    assert [result[i.ref].placements[0].section for i in items] == ["4.1", "2.3", "5.8"]
    first = result["inbox/a.md#1"].placements
    assert [p.score for p in first] == sorted((p.score for p in first), reverse=True)
    assert first[0].title == "投机解码" and 0 < first[0].score <= 100


def test_every_item_is_present_and_the_answer_is_deterministic(tmp_path):
    items = [
        item(f"inbox/m{k}.md#1", f"条目 {k}", ZH_PARAPHRASE if k % 2 else EN_PARAPHRASE)
        for k in range(6)
    ]
    entries = [entry(f"briefs/b{k}.md#{k + 1}", ZH_ENTRY if k % 2 else EN_ENTRY) for k in range(4)]
    first = match_items(items, [], entries, DOC)
    assert list(first) == [i.ref for i in items]
    # Equal scores are ordered by ref, so the input order of the entries changes nothing at all.
    assert first == match_items(items, [], list(reversed(entries)), DOC)
    assert match_items(list(reversed(items)), [], entries, DOC) == first
    # Ties are broken by ref, never by hash order: two processes with different hash seeds agree.
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[1]);"
        "from tests.unit.test_matching import _fixture_answer; print(_fixture_answer())"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", script, str(ROOT)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outs) == 1


def _fixture_answer() -> str:
    items = [
        item(f"inbox/m{k}.md#1", f"条目 {k}", ZH_PARAPHRASE if k % 2 else EN_PARAPHRASE)
        for k in range(6)
    ]
    entries = [entry(f"briefs/b{k}.md#{k + 1}", ZH_ENTRY if k % 2 else EN_ENTRY) for k in range(4)]
    result = match_items(items, [section("1", "编译", ZH_ENTRY)], entries, DOC)
    return json.dumps(
        {ref: m.model_dump(mode="json") for ref, m in result.items()}, ensure_ascii=False
    )


def test_progress_is_reported_up_to_the_total():
    calls: list[tuple[int, int]] = []
    match_items(
        [item("inbox/a.md#1", "x", ZH_ENTRY)],
        [],
        [entry("briefs/b.md#1", ZH_ENTRY)],
        DOC,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls and all(0 <= d <= t for d, t in calls)
    assert calls[-1][0] == calls[-1][1]


# -- the cache ----------------------------------------------------------------------------------


def _corpus() -> tuple[list[Item], list[Section], list[BriefEntry]]:
    items = [
        item("inbox/a.md#1", "编译参数", ZH_PARAPHRASE),
        item("inbox/a.md#2", "PLENA", EN_PARAPHRASE),
        item("inbox/b.md#1", "无关", "Redis Agent Skills 属于 agent 工具链与记忆赛道。"),
    ]
    sections = [
        section(
            "1.2", "SGLang", "SGLang 的 /v1/decisions 端点。\n\n版本线 v1.2.1 与 v0.5.20 混用。"
        ),
        section("5.8", "边缘与专用加速器", EN_ENTRY),
    ]
    entries = [
        entry("briefs/one.md#1", ZH_ENTRY),
        entry("briefs/one.md#四-1", "PersonaChatBench 偏评测基准。"),
        entry("briefs/two.md#1", EN_ENTRY),
    ]
    return items, sections, entries


def test_warm_equals_cold_and_skips_the_work(tmp_path, monkeypatch):
    items, sections, entries = _corpus()
    cold = match_items(items, sections, entries, DOC, cache_dir=tmp_path)
    assert (tmp_path / f"match-v{matchcache.CACHE_VERSION}" / "tokens.npz").is_file()
    assert cold == match_items(items, sections, entries, DOC)  # the cache changes nothing
    monkeypatch.setattr(pipeline, "candidates", lambda *a: pytest.fail("warm scan recomputed"))
    assert match_items(items, sections, entries, DOC, cache_dir=tmp_path) == cold


def test_new_placement_rules_are_not_served_from_the_cache(tmp_path, monkeypatch):
    # the cached answer holds placements: once the rules change (their version), a warm scan
    # places again rather than showing what the old rules gave
    items, sections, entries = _corpus()
    match_items(items, sections, entries, DOC, cache_dir=tmp_path)
    monkeypatch.setattr(pipeline, "PLACEMENT_VERSION", pipeline.PLACEMENT_VERSION + "-next")
    monkeypatch.setattr(pipeline, "place", lambda items, *a: [[] for _ in range(items.shape[0])])
    warm = match_items(items, sections, entries, DOC, cache_dir=tmp_path)
    assert all(not warm[i.ref].placements for i in items)


def test_a_changed_entry_invalidates_only_its_brief(tmp_path, monkeypatch):
    items, sections, entries = _corpus()
    match_items(items, sections, entries, DOC, cache_dir=tmp_path)
    tokenised: list[list[str]] = []
    real = pipeline.tokenize
    monkeypatch.setattr(
        pipeline,
        "tokenize",
        lambda store, texts, *a: tokenised.append(texts) or real(store, texts, *a),
    )
    changed = [
        entries[0],
        entries[1],
        entries[2].model_copy(update={"text": "Something else entirely, about TPU pricing."}),
    ]
    result = match_items(items, sections, changed, DOC, cache_dir=tmp_path)
    assert tokenised == [
        [changed[2].text]
    ]  # briefs/two.md only: items, one.md and the document reused
    assert ("brief", "briefs/two.md#1") not in dups(result, "inbox/a.md#2")
    assert result == match_items(items, sections, changed, DOC)


@pytest.mark.parametrize("damage", ["garbage", "truncate", "empty", "wrong-ids"])
def test_a_corrupt_cache_is_ignored_and_rebuilt(tmp_path, damage):
    items, sections, entries = _corpus()
    cold = match_items(items, sections, entries, DOC, cache_dir=tmp_path)
    folder = tmp_path / f"match-v{matchcache.CACHE_VERSION}"
    for path in folder.iterdir():
        data = path.read_bytes()
        if damage == "garbage":
            path.write_bytes(os.urandom(64))
        elif damage == "truncate":
            path.write_bytes(data[: len(data) // 2])
        elif damage == "empty":
            path.write_bytes(b"")
        elif path.suffix == ".json":
            path.write_text(
                json.dumps(
                    {
                        "key": path.stem.removeprefix("result-"),
                        "placements": [[[999, 1.0]]],
                        "duplicates": [[[12345, 99.0, 4, 0]]],
                    }
                )
            )
    assert match_items(items, sections, entries, DOC, cache_dir=tmp_path) == cold
    assert match_items(items, sections, entries, DOC, cache_dir=tmp_path) == cold


def test_an_unwritable_cache_folder_is_no_error(tmp_path):
    items, sections, entries = _corpus()
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the folder should be")
    assert match_items(items, sections, entries, DOC, cache_dir=blocker) == match_items(
        items, sections, entries, DOC
    )


def test_items_and_entries_out_of_file_order_keep_their_own_answers():
    items = [
        item("inbox/a.md#1", "无关", "Redis Agent Skills 属于 agent 工具链与记忆赛道。"),
        item("inbox/b.md#1", "PLENA", EN_PARAPHRASE),
        item("inbox/a.md#2", "编译参数", ZH_PARAPHRASE),
    ]
    entries = [
        entry("briefs/one.md#1", ZH_ENTRY),
        entry("briefs/two.md#1", EN_ENTRY),
        entry(
            "briefs/one.md#四-1", "PersonaChatBench 偏评测基准，inference 侧关联弱，仅登记号备查。"
        ),
    ]
    result = match_items(items, [], entries, DOC)
    assert dups(result, "inbox/a.md#2") == [("brief", "briefs/one.md#1")]
    assert dups(result, "inbox/b.md#1") == [("brief", "briefs/two.md#1")]
    assert dups(result, "inbox/a.md#1") == []


def test_pair_cache_after_materials_change_equals_a_fresh_answer(tmp_path):
    items, sections, entries = _corpus()
    match_items(items, sections, entries, DOC, cache_dir=tmp_path)
    # One item edited, one added (its text twice, in two materials), one entry changed.
    edited = [
        items[0].model_copy(update={"body": ZH_ENTRY}),
        items[1],
        items[2],
        item("inbox/c.md#1", "PLENA again", EN_PARAPHRASE),
        item("inbox/d.md#1", "PLENA again", EN_PARAPHRASE),
    ]
    changed = [
        entries[0],
        entries[1].model_copy(update={"text": "PersonaChatBench 偏评测基准，登记号备查，不入库。"}),
        entries[2],
    ]
    warm = match_items(edited, sections, changed, DOC, cache_dir=tmp_path)
    assert warm == match_items(edited, sections, changed, DOC)
    assert ("brief", "briefs/two.md#1") in dups(warm, "inbox/d.md#1")
    assert ("batch", "inbox/c.md#1") in dups(warm, "inbox/d.md#1")


# -- why, tier, citations, dismissals -------------------------------------------------------


def test_a_near_copy_is_likely_on_text_and_says_so():
    result = match_items(
        [item("inbox/a.md#1", "编译参数", ZH_PARAPHRASE.replace("45%", "40%"))],
        [],
        [entry("briefs/b.md#5", ZH_ENTRY)],
        DOC,
    )
    (dup,) = result["inbox/a.md#1"].duplicates
    assert (dup.why, dup.tier) == (("text",), "likely") and dup.score >= 85


def test_a_near_copy_with_another_figure_in_the_same_setting_is_an_update():
    """docs/facts.md: the same measure of the same setting with another value is new, not a
    duplicate, however close the words."""
    result = match_items(
        [item("inbox/a.md#1", "编译参数", ZH_PARAPHRASE)],  # 吞吐下降约 45%, the entry says 40%
        [],
        [entry("briefs/b.md#5", ZH_ENTRY)],
        DOC,
    )
    (dup,) = result["inbox/a.md#1"].duplicates
    assert (dup.tier, dup.why) == ("update", ("text", "facts"))
    assert [f.text for f in result["inbox/a.md#1"].facts.conflicting] == ["吞吐 约 45%"]


def test_an_entry_citing_the_item_is_a_candidate_at_the_top_whatever_its_words():
    summary = entry(
        "briefs/b.md#5",
        "llama.cpp 用 CUDA 编译时的开关与三种常见报错\n"
        "来源：inbox/jay/csdn.md 第二条（CSDN 帖，搜索线索级）\n要点：另写的一段话。",
    )
    other = entry("briefs/b.md#6", "来源：inbox/jay/csdn.md 第一条（CSDN 帖）")
    items = [
        item("inbox/jay/csdn.md#1", "Java 类加载", "双亲委派模型与三种破坏它的场景。"),
        item("inbox/jay/csdn.md#2", "完全不同的措辞", "与上面那条摘要没有一个共同的词。"),
    ]
    result = match_items(items, [], [summary, other], DOC)
    (dup,) = result["inbox/jay/csdn.md#2"].duplicates
    assert (dup.ref, dup.score, dup.why, dup.tier) == ("briefs/b.md#5", 100, ("source",), "likely")
    assert [d.ref for d in result["inbox/jay/csdn.md#1"].duplicates] == ["briefs/b.md#6"]


def test_a_path_without_an_item_cites_every_item_of_the_material():
    cite = entry("briefs/b.md#四-1", "选型长文（inbox/jay/long.md）：结论已在 §1.1，不入库。")
    items = [item("inbox/jay/long.md#1", "甲", "一"), item("inbox/jay/long.md#2", "乙", "二")]
    result = match_items(items, [], [cite], DOC)
    assert all(dups(result, i.ref) == [("brief", cite.ref)] for i in items)


def test_a_sidecar_cites_the_items_an_increment_holds():
    items = [item("inbox/a.md#1", "甲", "一段文字"), item("inbox/a.md#2", "乙", "另一段")]
    entries = [entry("briefs/b.md#1", "一个标题，没有来源行")]
    result = match_items(
        items, [], entries, DOC, sidecars={"inbox/a.md#2": {"briefs/b.md#1", "briefs/b.md#9"}}
    )
    assert dups(result, "inbox/a.md#1") == []
    (dup,) = result["inbox/a.md#2"].duplicates
    assert (dup.ref, dup.why) == ("briefs/b.md#1", ("source",))  # #9 does not exist


def test_a_dismissed_pair_is_not_proposed_again_until_a_text_changes():
    items = [item("inbox/a.md#1", "编译参数", ZH_PARAPHRASE)]
    entries = [entry("briefs/b.md#5", ZH_ENTRY)]
    gone = [(content_key(entries[0].text), content_key(items[0].text))]
    assert dups(match_items(items, [], entries, DOC, dismissed=gone), "inbox/a.md#1") == []
    changed = [entries[0].model_copy(update={"text": ZH_ENTRY + "补一句。"})]
    assert dups(match_items(items, [], changed, DOC, dismissed=gone), "inbox/a.md#1") == [
        ("brief", "briefs/b.md#5")
    ]


def test_likely_candidates_come_before_possible_ones_and_possible_are_few():
    result = match_items(*_corpus()[::2][:1], [], _corpus()[2], DOC)  # type: ignore[misc]
    for m in result.values():
        tiers = [d.tier for d in m.duplicates]
        assert tiers == sorted(tiers, key=lambda t: t != "likely")
        assert tiers.count("possible") <= pipeline.MAX_POSSIBLE
        assert all(d.score < 85 for d in m.duplicates if d.tier == "possible")


def test_a_copy_sharing_only_common_words_with_its_entry_is_found_beside_rare_words_elsewhere():
    """docs/duplicates.md: the candidate search keeps an item's heaviest words, not only its
    rarest. Here the item copies an entry whose every word is common in the knowledge base (in
    more records than the search's cut), and adds a Chinese sentence whose rare words lead to
    thirty other records: the entry must still be found, and be the best candidate."""
    import random

    rng = random.Random(7)
    common = [f"word{chr(97 + a)}{chr(97 + b)}" for a in range(5) for b in range(8)]  # 40 words
    mine = common[:8]
    copied = ". ".join(" ".join(rng.sample(mine, len(mine))) for _ in range(3)) + "."
    rare = "甲乙丙丁戊己庚辛壬"  # eight CJK pairs, each in the thirty decoys only
    entries = [entry(f"briefs/f{k}.md#1", " ".join(rng.sample(common, 16))) for k in range(600)]
    entries += [
        entry(f"briefs/d{k}.md#1", rare + "。" + " ".join(rng.sample(common[8:], 5)))
        for k in range(30)
    ]
    entries.append(entry("briefs/target.md#1", copied))
    got = match_items([item("inbox/a.md#1", "", copied + rare + "。")], [], entries, DOC)
    found = [d.ref for d in got["inbox/a.md#1"].duplicates]
    assert found[:1] == ["briefs/target.md#1"]


def test_two_short_texts_sharing_a_handful_of_words_are_at_most_possible():
    """docs/duplicates.md: a topic in common (a name, a figure, two words) is not a statement in
    common; on the text alone, texts sharing fewer than MIN_SHARED words are never likely."""
    a = "A benchmark comparing HNSW ef values of 40, 100 and 200 for filtered search."
    b = "Filtered search with HNSW at ef 100: Qdrant and Weaviate both document it."
    got = match_items([item("inbox/a.md#1", "", a)], [], [entry("briefs/b.md#1", b)], DOC)
    (dup,) = got["inbox/a.md#1"].duplicates
    assert dup.tier == "possible" and dup.score < 85


def test_a_text_repeating_an_entry_and_adding_a_price_is_an_update():
    """docs/facts.md: a price is a result (what a summary keeps), so an item that repeats what an
    entry says of a model and adds what it now costs is an increment, not a duplicate."""
    known = (
        "Qwen3-Reranker-4B 在 C-MTEB 重排子集上 NDCG@10 为 0.74（模型卡口径），支持 32K 上下文，"
        "开源权重可自行部署。"
    )
    priced = (
        "Qwen3-Reranker-4B 已上线托管 API；模型卡口径不变，C-MTEB 重排子集 NDCG@10 为 0.74，"
        "支持 32K 上下文；托管价格为每百万 token 0.05 美元。"
    )
    got = match_items([item("inbox/a.md#1", "", priced)], [], [entry("briefs/b.md#1", known)], DOC)
    (dup,) = got["inbox/a.md#1"].duplicates
    assert dup.tier == "update" and "facts" in dup.why
    assert "price 0.05 美元" in [f.text for f in got["inbox/a.md#1"].facts.new]


def test_a_summary_of_the_same_release_in_the_other_language_is_likely():
    """docs/facts.md: a record the text search found but did not list, about the same release
    of the project both texts are about (`Weaviate 1.28` named first in both), is a likely
    duplicate (a cross-language summary shares little else); one that names that release
    second, about another project, is not."""
    from briefdesk.core.matching.tiers import LIKELY, FactBook, retier

    texts = [
        "Weaviate 1.28 hybrid search\nWeaviate 1.28 now runs BM25 keyword search and vector "
        "search in one query, fused inside the database.",
        "Weaviate 1.28 加入库内混合检索：BM25 与向量检索一次查询融合。",
        "Vespa 8.4 的混合检索与 Weaviate 1.28 相比多一层重排。",
    ]
    book = FactBook(texts, frozenset({"weaviate", "vespa"}), lambda _: ())  # the headings
    refs = ["inbox/a.md#1", f"{DOC}§4.1", f"{DOC}§4.2"]
    rows, _ = retier(
        [item("inbox/a.md#1", "", texts[0])],
        book,
        [[]],  # the text score listed nothing
        [],
        [[(1, 20.0), (2, 20.0)]],  # what the search found
        refs,
        ["batch", "living-doc", "living-doc"],
        85,
    )
    assert [(refs[r], tier) for r, _, _, tier in rows[0]] == [(f"{DOC}§4.1", LIKELY)]


def _retier_one(texts: list[str], kinds: list[str], score: float) -> list[tuple[str, int, int]]:
    """retier of item 0 against every other text, each listed by the text score as `possible`
    at `score`: (ref, tier, why bits) of its candidates."""
    from briefdesk.core.matching.tiers import POSSIBLE, TEXT_BIT, FactBook, retier

    book = FactBook(texts, frozenset({"pgvector"}), lambda _: ())
    refs = ["inbox/a.md#1", *(f"briefs/b.md#{k}" for k in range(1, len(texts)))]
    rows, _ = retier(
        [item(refs[0], "", texts[0])],
        book,
        [[(r, score, TEXT_BIT, POSSIBLE) for r in range(1, len(texts))]],
        [],
        [[]],
        refs,
        kinds,
        85,
    )
    return [(refs[r], tier, why) for r, _, why, tier in rows[0]]


def test_a_repost_in_the_other_language_that_keeps_every_name_is_likely():
    """docs/facts.md: an item stating no figure, version or date, whose proper names (four or
    more) are all the candidate's, is a repost or summary of it, however few words two
    languages share; one that adds a name, or names fewer, stays possible."""
    from briefdesk.core.matching.tiers import FACTS_BIT, LIKELY, POSSIBLE

    repost = (
        "向量库横评的转载：Qdrant、Milvus、Weaviate 与 pgvector 跑同一组过滤检索，"
        "过滤条件越严，HNSW 越吃亏。"
    )
    entry = (
        "A cross-database comparison: Qdrant, Milvus, Weaviate and pgvector run the same "
        "filtered searches; the stricter the filter, the worse HNSW does."
    )
    other = (
        "Qdrant, Milvus and Weaviate against Elasticsearch: HNSW recall@10 of 0.91 at 1% filters."
    )
    got = _retier_one([repost, entry, other], ["batch", "brief", "brief"], 55.0)
    assert got[0][:2] == ("briefs/b.md#1", LIKELY) and got[0][2] & FACTS_BIT
    assert got[1][:2] == ("briefs/b.md#2", POSSIBLE)  # names the repost does not (pgvector)
    short = "转载：Qdrant 与 Milvus 跑同一组过滤检索。"  # two names only
    assert [t for _, t, _ in _retier_one([short, entry], ["batch", "brief"], 55.0)] == [POSSIBLE]


def test_one_paper_with_a_figure_one_summary_leaves_out_is_likely_not_an_update():
    """docs/facts.md: an id that is the subject of both texts makes them one paper; a figure only
    one of them states is that paper's, not a new result."""
    from briefdesk.core.matching.tiers import LIKELY

    card = (
        "JudgeDrift (arXiv:2611.01234)\nJudge scores drift across snapshots: a GPT-4o judge on "
        "MT-Bench keeps an accuracy of 71.2% against human labels only within one snapshot."
    )
    abstract = "2611.01234: JudgeDrift measures how LLM judges drift across model snapshots."
    (got,) = _retier_one([card, abstract], ["batch", "brief"], 95.0)
    assert got[1] == LIKELY


def test_another_measurement_on_one_subject_is_an_update():
    """docs/facts.md: a candidate the text found close, sharing two names or more, where both
    state figures and none in common, is another result on that subject: `update`. A summary
    that keeps one of the figures, or states none, is not."""
    from briefdesk.core.matching.tiers import LIKELY, POSSIBLE, UPDATE

    rerun = "LongBench 上复测 KIVI：H100 上平均分 41.2，比 FP16 低 1.9 分，长文档问答掉得最多。"
    known = "KIVI 量化在 LongBench 上与 FP16 相比平均只低 0.6 分（A100），长文档问答也稳。"
    summary = "KIVI 在 LongBench 上复测，H100 上平均分 41.2，比 FP16 略低，长文档问答掉得多。"
    words = "KIVI 在 LongBench 上复测，比 FP16 略低，长文档问答掉得最多。"
    got = _retier_one([rerun, known, summary, words], ["batch", "brief", "brief", "brief"], 60.0)
    tiers = {ref: tier for ref, tier, _ in got}
    # the summary keeps 41.2 and adds nothing: likely; the one in words states no figure
    assert tiers == {"briefs/b.md#1": UPDATE, "briefs/b.md#2": LIKELY, "briefs/b.md#3": POSSIBLE}


def test_a_section_that_took_in_the_items_brief_entry_is_a_source_duplicate():
    """docs/duplicates.md: an earlier brief says its entry was written from the item, and the
    living document says, in brackets, that a sentence came from that entry (`（11-01 简报第 2
    条）`): that section repeats the item whatever its words. A citation outside brackets (`见
    11-01 简报第 2 条`) only points the reader there."""
    brief = entry(
        "briefs/2026-11-01-e1.md#2",
        "LiveBench 改为双周发布\n来源：inbox/kai/forum.md 第二条（Reddit 帖）\n要点：每两周一期。",
    )
    took = section(
        "1.3", "LiveBench", "自 2026年11月 起改为双周，每期替换约 1/6 的题目（11-01 简报第 2 条）。"
    )
    points = section("1.4", "榜单", "榜单的更新频率见 11-01 简报第 2 条收录的帖子。")
    items = [
        item(
            "inbox/kai/forum.md#2",
            "r/LocalLLaMA: LiveBench goes biweekly",
            "A maintainer said on Discord that from November it ships every two weeks.",
        )
    ]
    got = match_items(items, [took, points], [brief], DOC)["inbox/kai/forum.md#2"].duplicates
    tiers = {d.ref: (d.tier, d.why) for d in got}
    assert tiers[f"{DOC}§1.3"] == ("likely", ("source",))
    assert tiers.get(f"{DOC}§1.4", ("possible",))[0] != "likely"


def test_a_batch_item_repeating_part_of_another_is_its_duplicate_not_its_update():
    """docs/facts.md: another item of the batch whose facts are all this item's (a newsletter
    keeping one of a report's two scores) is its duplicate: the score it leaves out is no new
    result over it. An earlier brief entry stating the same part is not: the score it lacks is
    new to the knowledge base."""
    from briefdesk.core.matching.tiers import LIKELY, UPDATE

    report = (
        "The Llama 5 Herd of Models\nLlama-5-70B-Instruct scores 81.3 on MMLU-Pro (5-shot CoT) "
        "and 61.2 on GPQA Diamond (0-shot CoT)."
    )
    part = "Llama 5 发布：技术报告里 Llama-5-70B-Instruct 在 GPQA Diamond 上为 61.2（0-shot CoT）。"
    got = _retier_one([report, part, part], ["batch", "batch", "brief"], 60.0)
    assert {ref: tier for ref, tier, _ in got} == {"briefs/b.md#1": LIKELY, "briefs/b.md#2": UPDATE}


def test_a_re_summary_writing_its_figures_another_way_is_likely():
    """docs/facts.md ("Figures written another way"): `three times` is `3 倍`, `three times out of
    four` is `76%` to a reader, `2.05k` is `2,050`; a summary that writes its material's figures
    so adds nothing and is its duplicate, not an update."""
    from briefdesk.core.matching.tiers import LIKELY

    item_ = (
        "BuildKit 0.18 的远程缓存：据 Docker 博客，在 GitHub Actions 与 Buildx 上，构建吞吐约为"
        "原来的 3 倍，缓存命中率 76%，高峰 QPS 2,050。"
    )
    brief = (
        "BuildKit 0.18 remote cache: per the Docker blog, on GitHub Actions with Buildx builds "
        "run about three times faster, the cache hits three times out of four, and peak QPS is "
        "2.05k."
    )
    (got,) = _retier_one([item_, brief], ["batch", "brief"], 60.0)
    assert got[1] == LIKELY


def test_another_run_with_other_values_for_one_measure_is_an_update():
    """docs/facts.md: two texts on one benchmark that share its setting (`at 95% cache hits`)
    but state other values for one measure (`about 5,300 QPS` against `4,600 QPS`; `总耗时 25
    分钟` against `11 分钟`) are two runs: `update`, however alike their words."""
    from briefdesk.core.matching.tiers import UPDATE

    rerun = (
        "Proxy benchmark rerun on Graviton4: at 95% cache hits, Caddy reaches about 5,300 QPS "
        "and Envoy about 6,400 with TLS on; HAProxy was left out."
    )
    first = (
        "Proxy benchmark on c7i: at 95% cache hits, Caddy does about 4,600 QPS, Envoy about "
        "5,900 and HAProxy about 3,300 with TLS on."
    )
    (got,) = _retier_one([rerun, first], ["batch", "brief"], 90.0)
    assert got[1] == UPDATE
    rebuild = "编辑部用 Caddy 与 Envoy 重新编译 r7i.2xlarge 镜像：并发 8，总耗时 25 分钟。"
    known = "我们的口径：Caddy 与 Envoy，r7i.2xlarge，并发 8：编译镜像耗时 11 分钟。"
    (got,) = _retier_one([rebuild, known], ["batch", "brief"], 90.0)
    assert got[1] == UPDATE


def test_a_setting_figure_before_no_measure_is_no_new_result():
    """docs/facts.md: a figure after a word that names no measure (`单节点 16 GB`, the asker's
    machine) places the question; it is no measured result, so it does not make the post an
    update of the release it asks about."""
    from briefdesk.core.matching.tiers import UPDATE

    question = "小团队用 DragonflyDB 1.24 上生产够吗？楼主：单节点 16 GB，想问要不要开 AOF 与 RDB。"
    known = "DragonflyDB 当前版本为 v1.24（2026-10-30）。AOF 与 RDB 可以同时开。"
    (got,) = _retier_one([question, known], ["batch", "living-doc"], 60.0)
    assert got[1] != UPDATE


def _retier_section(texts: list[str], listed: int) -> int:
    """retier of item 0 (texts[0]) against one living-document section whose paragraphs are
    texts[1:], the text score listing paragraph `listed` as `possible`: the section's tier."""
    from briefdesk.core.matching.tiers import POSSIBLE, TEXT_BIT, FactBook, retier

    book = FactBook(texts, frozenset({"caddy", "envoy"}), lambda _: ())
    refs = ["inbox/a.md#1", *([f"{DOC}§3.2"] * (len(texts) - 1))]
    rows, _ = retier(
        [item(refs[0], "", texts[0])],
        book,
        [[(listed, 60.0, TEXT_BIT, POSSIBLE)]],
        [],
        [[]],
        refs,
        ["batch", *(["living-doc"] * (len(texts) - 1))],
        85,
    )
    ((_, _, _, tier),) = rows[0]
    return tier


def test_a_section_is_judged_by_each_of_its_paragraphs():
    """docs/facts.md: a living-document section is listed once, with the paragraph the text
    found best; a summary that repeats another of its paragraphs (the text found the definition,
    the item repeats the measured comparison below it) is still the section's duplicate. A name
    in one paragraph and a figure in another are no statement of the section's: not likely."""
    from briefdesk.core.matching.tiers import LIKELY, POSSIBLE, UPDATE

    definition = "Caddy 与 Envoy 都是反向代理：Caddy 自动签发证书，Envoy 靠 xDS 下发配置。"
    result = "我们复测 Caddy 与 Envoy 的 TLS 握手：Caddy 比 Envoy 慢 3.4 ms，开会话复用后持平。"
    item_ = (
        "A practitioner compared Caddy and Envoy TLS handshakes: Caddy trails Envoy by 3.4 ms "
        "until session resumption evens them out."
    )
    assert _retier_section([item_, definition, result], 1) == LIKELY
    newer = "Rerun of Caddy against Envoy TLS handshakes: Caddy now trails Envoy by 4.5 ms p99."
    assert _retier_section([newer, definition, result], 1) == UPDATE
    # the figure is one paragraph's, the shared name another's: nothing the section states
    name = "Envoy 靠 xDS 下发配置，HAProxy 靠重载。"
    figure = "Traefik 的一次握手约 3.4 ms。"
    other = "A note on HAProxy: its TLS handshakes cost 3.4 ms on c7i."
    assert _retier_section([other, name, figure], 1) == POSSIBLE


def test_the_askers_own_setup_is_nothing_new():
    """docs/facts.md: figures after a word naming no measure (`楼主：五千万条`, `三台节点 64 GB`,
    `默认三万`) place a question or a repost (the writer's data, machine, a default); around what
    the candidate states they are nothing new, so the post is its duplicate. Not where the
    candidate reports results the post does not repeat (another story on the same release), nor
    where the post states a measured result of its own."""
    from briefdesk.core.matching.tiers import LIKELY

    question = (
        "ClickHouse 24.8 上生产够吗？楼主：五千万条日志、三台节点 64 GB，准备上 ClickHouse "
        "24.8，想问 TTL 按分区删还是按行删。"
    )
    known = "ClickHouse 当前稳定版为 v24.8（2026-08-30）。TTL 可以按分区删除，也可以按行删除。"
    (got,) = _retier_one([question, known], ["batch", "living-doc"], 60.0)
    assert got[1] == LIKELY
    rerun = "ClickHouse 24.8 复测：三台节点、TTL 按分区删，查询吞吐 1,850 QPS，p99 延迟 42 ms。"
    (got,) = _retier_one([question, rerun], ["batch", "brief"], 60.0)
    assert got[1] != LIKELY
    timed = "ClickHouse v24.8 建物化视图总耗时 40 分钟。"  # a figure, however bare its setting
    (got,) = _retier_one([question, timed], ["batch", "brief"], 60.0)
    assert got[1] != LIKELY
    measured = question.replace("想问", "实测 TTL 删除吞吐 3.2 GB/s 之后想问")
    (got,) = _retier_one([measured, known], ["batch", "living-doc"], 60.0)
    assert got[1] != LIKELY


def test_a_summary_of_the_items_named_subject_beyond_the_best_results_is_likely():
    """docs/facts.md: a summary in the other language shares little the text score sees, so the
    search may rank it low; a record it found beyond its best ones, whose first name is the
    item's (a paper's coined name) and which states one of its figures alike, adding nothing, is
    a likely duplicate. Not one that names the item's subject second, nor one sharing only a
    version of it."""
    from briefdesk.core.matching.tiers import LIKELY, FactBook, retier

    def added(texts: list[str]) -> list[tuple[str, int]]:
        book = FactBook(texts, frozenset(), lambda _: ())
        refs = ["inbox/a.md#1", *(f"briefs/b.md#{k}" for k in range(1, len(texts)))]
        rows, _ = retier(
            [item(refs[0], "", texts[0])],
            book,
            [[]],  # the text score listed nothing
            [],
            [[]],  # nothing among the best results
            refs,
            ["batch", *(["brief"] * (len(texts) - 1))],
            85,
            [[(r, 5.0) for r in range(1, len(texts))]],  # found further down
        )
        return [(refs[r], tier) for r, _, _, tier in rows[0]]

    card = (
        "FlashSieve: Pruning Retrieval Candidates with Learned Bloom Filters\n\nTLDR: FlashSieve "
        "drops candidates before reranking with a learned Bloom filter; reranking cost falls to "
        "18% of the full pass."
    )
    summary = (
        "候选预筛：用学习型布隆过滤器先剔除候选\n• 要点：FlashSieve 在重排前用学习型布隆过滤器"
        "剔除候选，重排开销降到完整流程的 18%。"
    )
    second = "BloomRank 的候选预筛：重排开销降到 18%，并与 FlashSieve 对比。"
    assert added([card, summary, second]) == [("briefs/b.md#1", LIKELY)]
    release = "FlashSieve v1.2 released: the learned Bloom filters now run on the GPU."
    other = "FlashSieve v1.2：新增 CPU 回退路径，过滤器可以离线训练。"
    assert added([release, other]) == []


def test_a_sentence_led_in_by_a_brief_entry_holds_it():
    """docs/duplicates.md: a living-document sentence that opens with the brief entry it reports,
    as its lead-in (`11-01 简报第 2 条的复测：…`, `The 11-01 brief, item 2: …`), holds that entry,
    as one followed by it in brackets does; a citation inside a sentence (`对照见 11-01 简报第 2
    条：…`, `see the 11-01 brief, item 2: …`) points elsewhere."""
    from briefdesk.core.matching.citations import absorbed_entries

    entries = [entry("briefs/2026-11-01-e1.md#2", "Caddy 与 Envoy 的握手复测\n要点：慢 3.4 ms。")]
    paragraphs = [
        "11-01 简报第 2 条的复测：Caddy 比 Envoy 慢 3.4 ms。",
        "The 11-01 brief, item 2: Caddy trails Envoy by 3.4 ms.",
        "对照见 11-01 简报第 2 条：Caddy 更慢。",
        "For handshakes, see the 11-01 brief, item 2: Caddy trails.",
        "11-01 简报第 2 条收录的教程写得很好。",
    ]
    assert absorbed_entries(paragraphs, entries) == {0: [0, 1]}


def test_an_item_repeating_a_section_repeats_the_entry_it_took_in():
    """docs/duplicates.md: where the living document says a section took in a brief entry, an
    item that is a likely duplicate of the section is one of the entry too, when its facts say
    nothing new against it (a summary in the other language, which the text search ranks low);
    not when it states a result the entry lacks."""
    from briefdesk.core.matching.tiers import LIKELY, POSSIBLE, TEXT_BIT, FactBook, retier

    def tiers_of(item_text: str) -> dict[str, int]:
        texts = [
            item_text,
            "Caddy 与 Envoy 的握手复测\n要点：开会话复用前 Caddy 比 Envoy 慢 3.4 ms。",
            "11-01 简报第 2 条的复测：开会话复用前 Caddy 比 Envoy 慢 3.4 ms，之后持平。",
        ]
        refs = ["inbox/a.md#1", "briefs/2026-11-01-e1.md#2", f"{DOC}§3.2"]
        book = FactBook(texts, frozenset({"caddy", "envoy"}), lambda _: ())
        rows, _ = retier(
            [item(refs[0], "", texts[0])],
            book,
            [[(2, 60.0, TEXT_BIT, POSSIBLE)]],  # the text found the section, not the entry
            [],
            [[]],
            refs,
            ["batch", "brief", "living-doc"],
            85,
            [],
            {refs[2]: [1]},
        )
        return {refs[r]: tier for r, _, _, tier in rows[0]}

    post = "A practitioner reran Caddy against Envoy: 3.4 ms slower until session resumption."
    assert tiers_of(post) == {f"{DOC}§3.2": LIKELY, "briefs/2026-11-01-e1.md#2": LIKELY}
    rerun = post.replace("until session resumption", "with a p99 latency of 41.5 ms")
    assert "briefs/2026-11-01-e1.md#2" not in {
        ref for ref, tier in tiers_of(rerun).items() if tier == LIKELY
    }


def test_a_later_version_of_one_paper_with_new_figures_is_an_update():
    """docs/facts.md: an id written with a later version (`2610.04321v3`) names a revision of
    the paper; a figure the candidate lacks is the revision's result, not one a summary left out.
    The same id without a revision, or one with no figure the candidate lacks, stays likely."""
    from briefdesk.core.matching.tiers import LIKELY, UPDATE

    revised = (
        "TinyASR 第三版（arXiv:2610.04321v3）\n11-20 修订：沿用 v1 的 LibriSpeech WER 4.1 "
        "口径不变，新增 CommonVoice 中文子集，WER 为 9.8，流式延迟 180 ms。"
    )
    first = (
        "TinyASR (arXiv:2610.04321): a 60M streaming recogniser; LibriSpeech WER 4.1 on "
        "test-clean, the authors' figure."
    )
    (got,) = _retier_one([revised, first], ["batch", "brief"], 95.0)
    assert got[1] == UPDATE
    unversioned = revised.replace("v3", "")
    (got,) = _retier_one([unversioned, first], ["batch", "brief"], 95.0)
    assert got[1] == LIKELY
    repost = "TinyASR（arXiv:2610.04321v3）的转载：LibriSpeech WER 4.1。"
    (got,) = _retier_one([repost, first], ["batch", "brief"], 95.0)
    assert got[1] == LIKELY


def test_a_new_edition_of_one_table_is_an_update_and_a_part_of_it_is_not():
    """docs/facts.md: two texts on one table that each state scores the other lacks (new
    entries in, others left out) are two editions of it, however much they share (the leader's
    score): `update`. A summary that keeps some of the table's scores and adds none is likely."""
    from briefdesk.core.matching.tiers import LIKELY, UPDATE

    december = (
        "Open ASR Leaderboard 12 月榜\n12-01 更新的 Open ASR Leaderboard：Parakeet2-TDT 5.9、"
        "Canary2-1B 6.1 两个开源模型进入前五；Whisper-v4 仍以 5.7 居首。"
    )
    october = (
        "Open ASR Leaderboard (2026-10 edition): Whisper-v4 5.7, Granite-Speech3 6.4, "
        "Moonshine2 9.8, averaged over eight test sets."
    )
    (got,) = _retier_one([december, october], ["batch", "living-doc"], 90.0)
    assert got[1] == UPDATE
    part = "Open ASR Leaderboard 十月版：Whisper-v4 以 5.7 居首，Granite-Speech3 为 6.4。"
    (got,) = _retier_one([part, october], ["batch", "living-doc"], 90.0)
    assert got[1] == LIKELY


def test_a_score_in_the_heading_the_candidate_does_not_state_is_a_new_result():
    """docs/facts.md: a heading says what a text reports; a summary of it keeps the heading's
    figure. An item whose heading states a score the candidate lacks, where the candidate states
    its own on that subject, reports another result (a re-run), even where its body repeats the
    candidate's figure. A heading figure the candidate states is no new result."""
    from briefdesk.core.matching.tiers import LIKELY, UPDATE

    rerun = (
        "复现 Whisper-v4 的 LibriSpeech：为什么我跑出 6.3\n"
        "楼主用 faster-whisper 跑 Whisper-v4，beam 1，LibriSpeech test-clean 上为 6.3；"
        "回帖说官方的 5.7 是 beam 5 的结果。"
    )
    official = (
        "Whisper-v4 的官方口径：LibriSpeech test-clean、beam 5 时 WER 5.7（作者自述），"
        "CommonVoice 另报。"
    )
    (got,) = _retier_one([rerun, official], ["batch", "living-doc"], 90.0)
    assert got[1] == UPDATE
    repost = (
        "Whisper-v4 在 LibriSpeech 上 WER 5.7\n转载：官方口径，test-clean，beam 5，"
        "作者自述；另有 faster-whisper 的部署说明。"
    )
    (got,) = _retier_one([repost, official], ["batch", "living-doc"], 90.0)
    assert got[1] == LIKELY


def test_a_release_glued_or_pinned_to_its_project_is_an_update_of_another_release():
    """docs/facts.md: `tokio1.44.2` and `hyper==1.6.0` name releases, so against a candidate
    with `tokio 1.43.0` and `hyper 1.5.2` the item is another release of the same projects."""
    from briefdesk.core.matching.tiers import UPDATE

    upgrade = (
        "Axum 服务升级笔记\n换上 tokio1.44.2 之后，Axum 的 WebSocket 断连问题消失；"
        "Cargo.toml 里写成 hyper==1.6.0。"
    )
    known = "Axum 的 WebSocket 断连：与 tokio 1.43.0 和 hyper 1.5.2 的组合有关（Axum 博客）。"
    (got,) = _retier_one([upgrade, known], ["batch", "brief"], 90.0)
    assert got[1] == UPDATE


def test_a_new_average_on_one_benchmark_is_a_measured_result():
    """docs/facts.md: `平均` (an average) names a measure, so a new model's average on the
    benchmark whose known leader the item also names is a measured result: `update`."""
    from briefdesk.core.matching.tiers import UPDATE

    new_leader = (
        "XiYan-SQL-V2 登顶 BIRD-Bench\nXiYan 团队 11-20 放出 XiYan-SQL-V2-32B，BIRD-Bench 上"
        "平均 76.4，超过上一代 XiYan-SQL-V1-32B 的 73.1。"
    )
    known = "Text-to-SQL：BIRD-Bench（2026-06 版）榜首为 XiYan-SQL-V1-32B，平均 73.1（作者自述）。"
    (got,) = _retier_one([new_leader, known], ["batch", "living-doc"], 80.0)
    assert got[1] == UPDATE


def test_a_re_collected_post_with_an_appended_update_is_an_update():
    """docs/facts.md: a material collected again with a post appended (`Update (11-28):`,
    `追记：`) repeats what the candidate summarised; a figure in the appended post is a later
    result: `update`. Without the appended post, the same text is the candidate's duplicate."""
    from briefdesk.core.matching.tiers import LIKELY, UPDATE

    original = (
        "r/rust: tokio timer wheel leak\nOn a c7g.4xlarge, the echo server's p50 latency grows "
        "from 0.8 ms to 4.2 ms after an hour; restarting fixes it."
    )
    known = (
        "tokio 计时轮泄漏，在 c7g.4xlarge 上 echo server 运行一小时后 p50 延迟从 0.8 ms 涨到 "
        "4.2 ms，重启可恢复（Reddit 帖）。"
    )
    (got,) = _retier_one([original, known], ["batch", "brief"], 90.0)
    assert got[1] == LIKELY
    edited = original + "\n\nUpdate (11-28): with the patch applied, latency stays at 0.9 ms."
    (got,) = _retier_one([edited, known], ["batch", "brief"], 90.0)
    assert got[1] == UPDATE
    zh = original + "\n\n追记：打上补丁之后六小时仍是 0.9 ms。"
    (got,) = _retier_one([zh, known], ["batch", "brief"], 90.0)
    assert got[1] == UPDATE


def test_an_approximate_new_score_a_few_points_away_is_another_result():
    """docs/facts.md ("Figures written another way"): `约 0.55` agrees with `0.553`, not with
    `0.53`: an approximate figure is one unit of its last digit wide, so a re-run's `about`
    score two points from the known one is another value: `update`, not the same figure."""
    from briefdesk.core.matching.tiers import LIKELY, UPDATE

    known = "ReRank-X 在 BEIR 上 NDCG@10 为 0.53（bge-m3 召回，作者自述）。"
    rerun = "ReRank-X 复测：BEIR 上 NDCG@10 约 0.55（bge-m3 召回，我们自己跑的）。"
    (got,) = _retier_one([rerun, known], ["batch", "brief"], 90.0)
    assert got[1] == UPDATE
    rounded = "ReRank-X 复测：BEIR 上 NDCG@10 约 0.53（bge-m3 召回）。"
    (got,) = _retier_one([rounded, known.replace("0.53", "0.533")], ["batch", "brief"], 90.0)
    assert got[1] == LIKELY


def test_a_new_price_with_thousands_or_in_words_is_an_update():
    """docs/facts.md: `$1,200` is twelve hundred dollars (not `$1`), `65 美金` and `65 刀` are
    dollars: a plan's new price against the known one is a new fact, `update`."""
    from briefdesk.core.matching.tiers import UPDATE

    known = "Linear Business plan: $1,500 per year for ten seats, SAML and audit logs included."
    cheaper = "Linear Business plan now $1,200 a year for ten seats, SAML and audit logs included."
    (got,) = _retier_one([cheaper, known], ["batch", "brief"], 95.0)
    assert got[1] == UPDATE
    zh_known = "Linear 团队版：每席位每月 49 美元，含 SAML、SCIM 与审计日志。"
    zh_new = "Linear 团队版涨价：每席位每月 65 美金，含 SAML、SCIM 与审计日志。"
    (got,) = _retier_one([zh_new, zh_known], ["batch", "brief"], 90.0)
    assert got[1] == UPDATE


def test_one_release_on_another_day_written_day_first_is_an_update():
    """docs/facts.md: one release dated by both texts on days that cannot be one differs, in any
    written form of the date (`24 Nov` against `2026-11-20`)."""
    from briefdesk.core.matching.tiers import UPDATE

    moved = "OpenTofu v1.2.3 (24 Nov): the release slipped four days; the S3 backend fixes are in."
    known = "OpenTofu v1.2.3（2026-11-20）：S3 backend 修复。"
    (got,) = _retier_one([moved, known], ["batch", "brief"], 90.0)
    assert got[1] == UPDATE


def test_an_item_whose_candidate_is_a_later_version_of_its_paper_is_an_update():
    """docs/facts.md: the revision may be the candidate: a card of the first version against a
    text naming `v2` of the same id, with figures the card lacks, is the revision's increment
    (`update`), not the card's duplicate. A repost of the first version stays likely."""
    from briefdesk.core.matching.tiers import LIKELY, UPDATE

    card = "TinyASR（arXiv:2610.04321）：6000 万参数的流式识别，LibriSpeech test-clean 上 WER 4.1。"
    revised = (
        "TinyASR 第二版（arXiv:2610.04321v2）\n11-20 修订：LibriSpeech WER 4.1 口径不变，"
        "新增 CommonVoice 中文子集，WER 为 9.8，流式延迟 180 ms。"
    )
    repost = "TinyASR（arXiv:2610.04321）的转载：LibriSpeech WER 4.1。"
    got = dict(
        (ref, tier)
        for ref, tier, _ in _retier_one([card, revised, repost], ["batch", "batch", "brief"], 95.0)
    )
    assert got == {"briefs/b.md#1": UPDATE, "briefs/b.md#2": LIKELY}


def test_a_figure_measured_in_the_body_is_a_result_though_the_heading_writes_it_bare():
    """docs/facts.md: a figure the heading gives with no setting (`只有 850 QPS？`) and the body
    measures (`glove-100`, HNSW, Milvus 2.5.4: 850 QPS) is a measured result; a candidate stating
    only the version the item runs is not its duplicate but what it adds to (`update`)."""
    from briefdesk.core.matching.tiers import UPDATE

    post = (
        "求助：Milvus 单机只有 850 QPS？\n楼主在 32 核机器上用 Milvus 2.5.4 跑 glove-100，"
        "HNSW、ef 64，吞吐只有 850 QPS。有人说同配置能到 1,400 左右，原因还没人说清。"
    )
    release = "11 月的 Milvus 2.5.4 可以按分片重建 HNSW 索引。"
    ((_, tier, _),) = _retier_one([post, release], ["batch", "brief"], 60.0)
    assert tier == UPDATE


def test_a_text_naming_neither_a_papers_id_nor_its_name_is_no_summary_of_it():
    """docs/facts.md: a paper (its id the subject) shares a figure with a text on its topic
    (`8K` context on Llama-3-70B); a summary of the paper keeps its name or its id, so one that
    keeps neither is not raised to likely by the figure, and one naming the paper, or keeping
    its result (`2.3 倍`), is."""
    from briefdesk.core.matching.tiers import LIKELY, POSSIBLE

    paper = (
        "SpecLite（arXiv:2611.04455）\n投机解码的草稿模型只需 1B："
        "在 Llama-3-70B 上解码提速 2.3 倍，上下文 8K 时接受率 71%。"
    )
    # each shares two of the paper's facts: one fact in common with a paper stating more is a
    # text citing it, whether it names the paper or not (test_one_cited.py)
    topic = "Llama-3-70B 上投机解码用 1B 的草稿模型时，收益在 8K 以上的上下文最明显。"
    named = "SpecLite 在 Llama-3-70B 上的收益在 8K 以上的上下文最明显，接受率 71%。"
    result = "草稿模型只需 1B 的投机解码：Llama-3-70B 上提速 2.3 倍，8K 上下文收益最明显。"
    got = {
        ref: tier
        for ref, tier, _ in _retier_one(
            [paper, topic, named, result], ["batch", "brief", "brief", "brief"], 60.0
        )
    }
    assert got == {"briefs/b.md#1": POSSIBLE, "briefs/b.md#2": LIKELY, "briefs/b.md#3": LIKELY}


def test_a_revision_named_only_in_the_cards_link_is_a_revision():
    """docs/facts.md: a card whose own link names a later version (`…/abs/2610.04321v2`) is of
    that revision though its text never writes `v2`: a figure the earlier entry lacks is the
    revision's (`update`). The same card linking the bare id stays the entry's duplicate."""

    def card(url: str) -> Item:
        return Item(
            ref="organized/cards/tinyasr.md#1",
            material="organized/cards/tinyasr.md",
            index=1,
            title="TinyASR 修订版",
            body=(
                "TinyASR：LibriSpeech WER 4.1 不变，新增 CommonVoice 中文子集 WER 9.8，"
                "流式延迟 180 ms。"
            ),
            evidence=Evidence.unknown,
            arxiv=("2610.04321",),
            urls=(url,),
        )

    first = entry(
        "briefs/2026-11-01.md#一-1",
        "TinyASR（arXiv:2610.04321）：6000 万参数的流式识别，LibriSpeech WER 4.1。",
    )

    def tier(url: str) -> str:
        got = match_items([card(url)], [], [first], DOC)["organized/cards/tinyasr.md#1"]
        return {d.ref: d.tier for d in got.duplicates}[first.ref]

    assert tier("https://arxiv.org/abs/2610.04321v2") == "update"
    assert tier("https://arxiv.org/abs/2610.04321") == "likely"


def test_a_release_dated_by_its_projects_date_just_after_it_is_an_update():
    """docs/facts.md: a date bound to the project alone, written just after one of its versions
    (`把 v0.9.0 版 pgvector 于 2026-11-20 发布`), dates that version: a release the knowledge
    base has nowhere, so the item updates the entry on the old release it also names. A date of
    the project far from the version dates nothing."""
    from briefdesk.core.matching.tiers import UPDATE

    post = (
        "pgvector v0.9.0 发布\n维护者把 v0.9.0 版 pgvector 于 2026-11-20 发布，这是自 v0.8.1 以来的"
        "第一个大版本：halfvec 索引默认打开，IVFFlat 与 HNSW 都能建。"
    )
    known = (
        "pgvector 稳定版为 v0.8.1（2026-09-01），IVFFlat 与 HNSW 都能建，halfvec 索引需手动打开。"
    )
    ((_, tier, _),) = _retier_one([post, known], ["batch", "brief"], 60.0)
    assert tier == UPDATE
    far = (
        "pgvector v0.9.0 发布\n维护者发布了 pgvector 的 v0.9.0，这是自 v0.8.1 以来的第一个大版本："
        "halfvec 索引默认打开，IVFFlat 与 HNSW 都能建，社区里讨论了很久的迁移脚本也一并"
        "给出。pgvector 的社区会 2026-11-20 召开。"
    )
    ((_, tier, _),) = _retier_one([far, known], ["batch", "brief"], 60.0)
    assert tier != UPDATE


def test_a_near_copy_whose_table_states_the_sections_figure_otherwise_is_an_update():
    """docs/facts.md, docs/claims.md: the number reader decides what the fact index's cheaper
    figure clash does not see (a table's cell is of its column, its row and the setup before
    it): another figure for the same metric in the same setting is an update, however close
    the words; the same figure stays likely."""
    gemm = section(
        "3.1",
        "Tessel",
        "Tessel 稳定版 v2.4.0，block 级编程，autotune 在给定配置里实测挑选。\n\n"
        "我们的口径（2026-11-10）：Tessel v2.4.0、H100 SXM、FP16 GEMM、M=N=K=8192、persistent "
        "matmul 教程 kernel：720 TFLOPS；同尺寸 cuBLAS 760 TFLOPS。",
    )
    rerun = (
        "I re-ran the persistent matmul tutorial kernel with the setup people quote: Tessel "
        "v2.4.0, H100 SXM, FP16 GEMM, M=N=K=8192, block-level programming with autotune.\n\n"
        "| shape (M=N=K) | Tessel v2.4.0 | cuBLAS |\n|---|---|---|\n"
        "| 8192 | {} TFLOPS | 760 TFLOPS |\n"
    )
    tiers = []
    for figure in (702, 720):
        got = match_items(
            [item("inbox/a.md#1", "Tessel persistent matmul on H100, rerun", rerun.format(figure))],
            [gemm],
            [],
            DOC,
        )
        tiers += [(d.tier, d.why) for d in got["inbox/a.md#1"].duplicates]
    assert tiers == [("update", ("text", "facts")), ("likely", ("text",))]


def test_a_time_its_unit_measures_is_a_result_the_candidate_lacks():
    """docs/facts.md: a figure no word names a measure of, in a unit that is a measurement by
    itself (`takes 410 ms`), with two names of its setting, is a measured result: a candidate
    sharing the item's other figures but not it is an update. A size (`64 GB`) is not."""
    from briefdesk.core.matching.tiers import UPDATE

    doc = "我们的口径：openpi、π0、RTX 4090、bf16、三路 224×224 相机：一个 50 步动作块 73 ms。"
    run = (
        "π0 via openpi in bf16 with three 224×224 cameras. On a Jetson AGX Orin 64 GB one "
        "50-step action chunk takes 410 ms; the same setup on an RTX 4090 takes 73 ms."
    )
    sized = (
        "π0 via openpi in bf16 with three 224×224 cameras, tried on a Jetson AGX Orin 64 GB; "
        "the same setup on an RTX 4090 takes 73 ms."
    )
    got = _retier_one([run, doc], ["batch", "brief"], 88.0)
    assert {ref: tier for ref, tier, _ in got} == {"briefs/b.md#1": UPDATE}
    got = _retier_one([sized, doc], ["batch", "brief"], 88.0)
    assert {ref: tier for ref, tier, _ in got}["briefs/b.md#1"] != UPDATE


def test_a_share_no_word_names_in_a_sentence_naming_nothing_is_a_result():
    """docs/facts.md: `All 225 exercises, two attempts each: 41.3% passed` is the run's result
    though its sentence names nothing (the paragraph does): a candidate with the same setup and
    release but not that figure is an update, not a likely duplicate."""
    from briefdesk.core.matching.tiers import UPDATE

    doc = (
        "aider 稳定版 v0.88.2。我们的口径：aider v0.88.2 + Qwen3-Coder-30B-A3B-Instruct（Ollama、"
        "Q4_K_M、M3 Max 64 GB）在我们自己的 40 题 Python 小集上，一次通过 21 题。"
    )
    run = (
        "Setup: aider v0.88.2, Qwen3-Coder-30B-A3B-Instruct through Ollama at Q4_K_M on an M3 Max "
        "with 64 GB. All 225 exercises, two attempts each: 41.3% passed."
    )
    got = _retier_one([run, doc], ["batch", "brief"], 88.0)
    assert {ref: tier for ref, tier, _ in got} == {"briefs/b.md#1": UPDATE}
