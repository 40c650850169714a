"""The Chinese–English bridge (docs/duplicates.md, "The bridge"): a Chinese text and an English text
that say the same thing in words of their own languages meet through the dictionary's glosses; a
polysemous word's later senses make nothing meet; the glosses are kept in the token store."""

from __future__ import annotations

import pytest
from briefdesk.core.matching import bridge, match_items, pipeline
from briefdesk.core.matching import cache as matchcache
from briefdesk.core.matching.tokens import Records, tokenize
from briefdesk.core.model.values import BriefEntry, Evidence, Item

DOC = "docs/agents.md"

# No Latin name, no figure in common: only the words' meanings are shared.
ZH = "按语法约束解码时并行调用多个工具，返回值缺少字段就报错，重试也无济于事。"
EN = (
    "With grammar-constrained decoding, parallel tool calls fail whenever a returned field is "
    "missing: the server reports an error, and a retry does not help."
)
OTHERS = [
    "Redis ships agent skills for ChatGPT Work and Codex; the announcement quantifies nothing.",
    "PLENA combines a flattened systolic array, asymmetric quantization and FlashAttention.",
    "向量数据库的召回率在大规模数据上下降明显，作者建议重新训练索引。",
    "The living document lists three ways to evaluate retrieval on long documents.",
]


def item(ref: str, body: str) -> Item:
    material, index = ref.split("#")
    return Item(
        ref=ref, material=material, index=int(index), title="", body=body, evidence=Evidence.unknown
    )


def entry(ref: str, text: str) -> BriefEntry:
    brief, number = ref.split("#")
    return BriefEntry(
        ref=ref, brief=brief, date="2026-11-01", section="一", number=number, text=text
    )


def candidates(body: str, first: str, cache_dir=None) -> list[str]:
    """The refs listed for an item `body` against `first` and the unrelated entries."""
    entries = [entry("briefs/a.md#1", first)]
    entries += [entry(f"briefs/o.md#{k}", t) for k, t in enumerate(OTHERS, 1)]
    got = match_items([item("inbox/z.md#1", body)], [], entries, DOC, cache_dir=cache_dir)
    return [d.ref for d in got["inbox/z.md#1"].duplicates]


def test_a_chinese_and_an_english_text_meet_through_the_bridge_only(monkeypatch):
    assert candidates(ZH, EN) == ["briefs/a.md#1"]
    assert candidates(EN, ZH) == ["briefs/a.md#1"]  # and the other way round
    monkeypatch.setattr(pipeline, "bridge_of", lambda *a, **k: None)
    assert candidates(ZH, EN) == []  # without it, they share no token at all


def test_dictionary_words_give_their_first_senses_content_words():
    assert bridge.concepts("语法") == ("grammar",)
    assert bridge.concepts("字段") == ("field",)  # "(numeric, data) field": no parenthetical
    assert "parallel" in bridge.concepts("并行")
    assert bridge.concepts("compiled") == (bridge.stem("compile"),) == ("compil",)
    assert bridge.stem("fields") == "field" and bridge.stem("calls") == "call"
    assert bridge.stem("stopped") == "stop" and bridge.stem("class") == "class"
    assert bridge.concepts("h100") == bridge.concepts("2.23") == ()  # figures have no gloss


def test_a_polysemous_words_later_senses_meet_nothing():
    # 意思: idea / opinion / meaning / wish / desire / interest / fun / token of appreciation …;
    # 东西: east and west / thing / stuff / person. Only the first senses count.
    assert set(bridge.concepts("意思")) == {"idea", "opinion"}
    assert set(bridge.concepts("东西")) == {"east", "west"}
    zh = "这篇帖子的意思是：东西要放在该放的地方，大家各自看着办。"
    en = (
        "Fun, interest, desire and meaning: a wish for stuff and things, a token of appreciation "
        "to a person, as a gesture."
    )
    assert candidates(zh, en) == []
    assert len(bridge.concepts("运行")) <= bridge.MAX_CONCEPTS


def test_two_english_texts_never_meet_through_it():
    # the bridge product is Chinese against English: English records have no Chinese concepts
    en = "Tool calls in parallel break when a field is missing."
    a, b = "Parallel tool calls fail on a missing field.", "并行调用工具时缺少字段会报错。"
    store = matchcache.TokenStore()
    rec = Records.of([tokenize(store, [en, a, b])])
    got = bridge.bridge_of(rec, store)
    assert got is not None
    assert got.met(0, 1) == []  # English with English: nothing through the bridge
    assert "field" in got.met(0, 2) and "parallel" in got.met(0, 2)


def test_an_english_only_knowledge_base_never_reads_the_dictionary(monkeypatch):
    monkeypatch.setattr(bridge, "_senses", lambda: pytest.fail("dictionary read"))
    entries = [entry("briefs/a.md#1", EN), entry("briefs/o.md#1", OTHERS[0])]
    got = match_items([item("inbox/e.md#1", EN + " Retried twice.")], [], entries, DOC)
    assert [d.ref for d in got["inbox/e.md#1"].duplicates] == ["briefs/a.md#1"]


def test_the_glosses_are_kept_in_the_token_store(tmp_path, monkeypatch):
    cold = candidates(ZH, EN, tmp_path)
    store = matchcache.load_store(tmp_path)
    assert store.concepts_version == bridge.BRIDGE_VERSION
    assert len(store.concepts) == len(store.vocab)
    assert store.concepts[store.index["语法"]] == "grammar"
    for result in (tmp_path / f"match-v{matchcache.CACHE_VERSION}").glob("result-*.json"):
        result.unlink()  # answers gone, tokens kept: scored again without the dictionary
    monkeypatch.setattr(bridge, "_senses", lambda: pytest.fail("dictionary read again"))
    assert candidates(ZH, EN, tmp_path) == cold


def test_glosses_of_another_bridge_version_are_computed_afresh(tmp_path, monkeypatch):
    candidates(ZH, EN, tmp_path)
    monkeypatch.setattr(bridge, "BRIDGE_VERSION", bridge.BRIDGE_VERSION + "-next")
    monkeypatch.setattr(pipeline, "BRIDGE_VERSION", bridge.BRIDGE_VERSION)
    read: list[int] = []
    real = bridge._senses

    def counted() -> dict[str, str]:
        read.append(1)
        return real()

    monkeypatch.setattr(bridge, "_senses", counted)
    assert candidates(ZH, EN, tmp_path) == ["briefs/a.md#1"]
    assert read  # the new version's glosses, not the old ones
    assert matchcache.load_store(tmp_path).concepts_version == bridge.BRIDGE_VERSION
