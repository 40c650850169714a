"""A text on one subject that tells another story is no `likely` duplicate (docs/duplicates.md,
docs/facts.md): a shared default is no shared figure, an item that keeps none of a candidate's
figures and brings names of its own is another text, and the bridge meets across languages
only, never between two texts of one script."""

from __future__ import annotations

from briefdesk.core.facts.extract import extract
from briefdesk.core.facts.index import Facts
from briefdesk.core.matching import bridge
from briefdesk.core.matching import cache as matchcache
from briefdesk.core.matching.tiers import _one_subject, own_story
from briefdesk.core.matching.tokens import Records, tokenize


def facts(text: str) -> Facts:
    return Facts.of(extract(text))


def test_a_default_both_write_is_no_figure_of_one_subject():
    # a rerun with its own results, and an explainer of the same method: both give the usual
    # weight decay, after no measure in the explainer
    rerun = facts(
        "复现 AdamW：ResNet-50 + ImageNet\n\n作者在 ImageNet 上训练 ResNet-50，权重衰减 0.05、"
        "batch 1024、90 个 epoch，8×V100 32GB，top-1 准确率 76.9%。"
    )
    explainer = facts(
        "AdamW 为什么要把权重衰减拆出来\n\n文章讲 L2 正则和权重衰减在自适应优化器里为何不等价，"
        "衰减系数一般取 0.05，学习率预热要跟上。"
    )
    assert rerun.head == explainer.head  # the name each gives first is one
    assert not _one_subject(rerun, explainer)
    assert not _one_subject(explainer, rerun)
    # a figure with its unit, written alike, is one still
    summary = facts("AdamW 复现小结\n\nResNet-50 在 ImageNet 上 top-1 准确率 76.9%，与原文一致。")
    assert _one_subject(summary, rerun)


def test_an_item_keeping_no_figure_and_adding_names_tells_its_own_story():
    table = facts(
        "Kafka：单分区吞吐约 50K 条/秒；Pulsar：分层存储，单集群 1M topic；RabbitMQ："
        "quorum queue 延迟 5 ms。"
    )
    names = table.names
    ranking = facts(
        "据 Confluent 官方博客的盘点，新项目按顺序选 Kafka、Pulsar、RabbitMQ、Redpanda、"
        "WarpStream，日志场景优先 Kafka。"
    )
    assert own_story(ranking, table, names)
    # a repost that drops the figures but keeps the names, adding none, is not
    repost = facts("消息队列怎么选：Kafka 吞吐高，Pulsar 有分层存储，RabbitMQ 延迟低。")
    assert not own_story(repost, table, names)
    assert not own_story(table, ranking, ranking.names)  # an item with figures: the facts decide


def test_two_chinese_texts_never_meet_through_the_bridge():
    # one writes an English word (a name, a heading) where the other writes its Chinese word: in
    # one script, that is a name shared or not, no translation
    a = "新版 Cache 方案：把热点数据放进内存，查询更快。"
    b = "缓存命中率提升后，数据库查询明显变快。"
    en = "The new cache keeps hot rows in memory, so queries run faster."
    store = matchcache.TokenStore()
    rec = Records.of([tokenize(store, [a, b, en])])
    loose = bridge.bridge_of(rec, store)
    assert loose is not None and "cach" in loose.met(0, 1)  # placements: every script
    strict = bridge.bridge_of(rec, store, main_script=True)
    assert strict is not None
    assert strict.met(0, 1) == []
    assert "cach" in strict.met(1, 2)  # a Chinese text and an English one still meet
