"""One origin repeated across languages (docs/claims.md, single-source): a vendor's own post
retold in English and in Chinese, where the two name the vendor in two scripts (`NVIDIA's
developer blog`, `据英伟达开发者博客`), link its page or name it with its Latin name in brackets
(`星海图（Galaxea）`), and share the post's figures (a range, `7–9 Hz`, is one). Each rule with the
near misses it must not report."""

from __future__ import annotations

from briefdesk.core.claims.named import figures, named_source_conflicts
from briefdesk.core.claims.numbers import Text

A = "inbox/a/2026-12-04-1800-blog-digest.md#1"
B = "inbox/b/2026-12-05-1000-wechat-reposts.md#1"
C = "inbox/c/2026-12-04-2200-forum-threads.md#2"


def item(ref: str, body: str) -> Text:
    return (ref, "item", ref.split("#")[0], body)


def sources(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in named_source_conflicts(list(texts))]


NEWTON_EN = (
    "## Vendor post of the week: Newton 1.0\n\nAccording to NVIDIA's developer blog, the Newton "
    "physics engine has reached 1.0. It is said to run 152 times faster than MJX on in-hand "
    "manipulation and 70 times faster on humanoid locomotion."
)
NEWTON_ZH = (
    "## 英伟达 Newton 物理引擎 1.0 正式发布\n\n据英伟达开发者博客，Newton 物理引擎已发布 1.0 "
    "正式版；官方称灵巧手在手操作任务比 MJX 快 152 倍，人形机器人行走任务快 70 倍。"
)


def test_a_vendors_own_post_named_in_two_scripts_is_one_source() -> None:
    assert sources(item(A, NEWTON_EN), item(B, NEWTON_ZH)) == [(A, B)]
    # the same with the vendor's name in its Latin letters and in Chinese, mixed (`字节 Seed`)
    en = (
        "## ByteDance's Seedream 5.0\n\nAccording to ByteDance Seed's blog post, Seedream 5.0 "
        "scores 0.91 overall on GenEval and renders a 4K image in 1.8 s."
    )
    zh = (
        "## 字节发布 Seedream 5.0\n\n据字节 Seed 官方博客，Seedream 5.0 在 GenEval 上达到 0.91，"
        "4K 出图 1.8 秒。"
    )
    assert sources(item(A, en), item(B, zh)) == [(A, B)]


def test_a_report_in_the_press_one_figure_or_one_script_unnamed_is_no_finding() -> None:
    # a newspaper's report of the same figures is another source, not the vendor's post
    press = NEWTON_ZH.replace("据英伟达开发者博客", "据量子位报道")
    assert sources(item(A, NEWTON_EN), item(B, press)) == []
    # one figure in common (the release, `1.0`) is no story
    one = NEWTON_ZH.replace("快 152 倍", "快得多").replace("快 70 倍", "也快")
    assert sources(item(A, NEWTON_EN), item(B, one)) == []
    # a text naming no source: a consistent repetition
    bare = NEWTON_ZH.replace("据英伟达开发者博客，", "")
    assert sources(item(A, NEWTON_EN), item(B, bare)) == []
    # two texts of one script with two names are two sources
    other = NEWTON_EN.replace("NVIDIA's developer blog", "Disney Research's blog")
    assert sources(item(A, NEWTON_EN), item(C, other)) == []


KLING_FORUM = (
    "## r/aivideo: Kling 3.0 is #1 on the video arena\n\nLink post to "
    "https://kling.ai/blog/kling-3-0 — Kuaishou's announcement claims Kling 3.0 took first place "
    "with an ELO of 1,247 and renders a 10-second 1080p clip in 62 s."
)
KLING_DIGEST = (
    "## Vendor post of the week: Kling 3.0\n\nKuaishou's launch post "
    "(https://kling.ai/blog/kling-3-0) says Kling 3.0 is first with an ELO of 1,247, and that it "
    "renders a 10-second 1080p clip in 62 s."
)
KLING_ZH = (
    "## 可灵 3.0 登顶视频竞技场\n\n据快手官方博客，可灵 3.0（Kling 3.0）排名第一，ELO 1,247；"
    "生成一段 10 秒的 1080p 视频只要 62 秒。"
)


def test_two_links_to_one_post_and_a_retelling_naming_its_vendor_are_one_source() -> None:
    found = sources(item(C, KLING_FORUM), item(A, KLING_DIGEST), item(B, KLING_ZH))
    assert found == [(C, A, B)]
    # the two links alone are a duplicate, not a source presented as corroborated
    assert sources(item(C, KLING_FORUM), item(A, KLING_DIGEST)) == []
    # a retelling citing the press is not the post
    press = KLING_ZH.replace("据快手官方博客", "据 36 氪报道")
    assert sources(item(C, KLING_FORUM), item(A, KLING_DIGEST), item(B, press)) == []


def test_a_vendor_named_with_its_latin_name_in_brackets_is_its_sites_source() -> None:
    link = (
        "## r/robotics: Galaxea R1 household numbers\n\nhttps://galaxea.ai/blog/r1-household — "
        "96% success over 200 household trials, 30 minutes per charge."
    )
    digest = (
        "## Galaxea R1 by the numbers\n\nThe launch post (https://galaxea.ai/blog/r1-household) "
        "reports 96% over 200 trials."
    )
    zh = (
        "## 星海图 R1 家务成功率 96%\n\n转载星海图（Galaxea）发布文章：200 次家务任务试验成功率 "
        "96%，连续工作 30 分钟。"
    )
    found = sources(item(C, link), item(A, digest), item(B, zh))
    assert found == [(C, A, B)]


def test_a_range_is_one_figure_and_an_own_blog_cited_is_read() -> None:
    assert figures("the slow 7B VLM runs at 7–9 Hz and the fast one at 200 Hz") >= {"7–9", "200"}
    en = (
        "## Figure says Helix runs at 200 Hz\n\nHelix's fast system outputs upper-body actions at "
        "200 Hz and the slow 7B VLM runs at 7–9 Hz, according to Figure's own blog."
    )
    zh = (
        "## Figure 的 Helix 到底多快\n\n回答引用 Figure 官方博客：Helix 的快系统以 200 Hz 输出"
        "上半身动作，慢系统跑 7–9 Hz。"
    )
    assert sources(item(A, en), item(B, zh)) == [(A, B)]
    # a range is not its ends: `7–9` shares nothing with a `9`
    assert "9" not in figures("runs at 7–9 Hz")


def test_a_vendors_technical_blog_and_a_report_passed_on_are_read() -> None:
    # `据 X 技术博客` names X's own blog; the links to X's blog tell the same story
    zh = "## 新机柜训练吞吐\n\n据 Acme 技术博客：在 256 张卡上每卡吞吐提升 2.7 倍，MFU 48.5%。"
    link = (
        "## Acme's rack numbers\n\nhttps://developer.acme.com/blog/rack-training — 2.7x per-GPU "
        "throughput on 256 GPUs, 48.5% MFU."
    )
    link2 = (
        "## HN: Acme rack training\n\nThe post (https://developer.acme.com/blog/rack-training) "
        "claims 2.7x per GPU at 256 GPUs and an MFU of 48.5%."
    )
    assert sources(item(C, link), item(A, link2), item(B, zh)) == [(C, A, B)]
    # `转一篇 X 的报道`: a report passed on names its source as `据 X 的报道` does
    passed = (
        "## 集群故障\n\n转一篇 Contoso 的报道：每 31 分钟一次中断，约六成出在 GPU，热备 12 台。"
    )
    said = "## 据 Contoso：集群故障\n\n据 Contoso 的报道，平均每 31 分钟中断一次；建议热备 12 台。"
    assert sources(item(A, said), item(B, passed)) == [(A, B)]
    # a word that only starts like it passes nothing on (`转向`)
    turned = passed.replace("转一篇 Contoso 的报道", "大家都转向 Contoso 的方案")
    assert sources(item(A, said), item(B, turned)) == []
