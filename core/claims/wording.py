"""The drafted text of a conflict, as section 二 of the brief would say it; the reviewer edits it.

One function per kind, in the brief's language (`zh` as the seed writes it, `en`). Refs are named
as the brief names them elsewhere: item refs, `docs/<topic>.md§1.2`, entry refs.
"""

from __future__ import annotations

from collections.abc import Sequence

from .types import Claim
from .versions import line_label


def _dated(version: str, date: str | None, language: str) -> str:
    if not date:
        return version
    return f"{version}（{date}）" if language == "zh" else f"{version} ({date})"


def _by_ref(claims: Sequence[Claim]) -> dict[str, list[Claim]]:
    out: dict[str, list[Claim]] = {}
    for c in claims:
        out.setdefault(c.ref, []).append(c)
    return out


def _versions(claims: Sequence[Claim], language: str) -> str:
    """`v1.2.1（2026-09-23）、v0.5.21`: each version once, with the first date given for it."""
    seen: dict[str, str | None] = {}
    for c in claims:
        if c.version and (c.version not in seen or seen[c.version] is None):
            seen[c.version] = c.date
    sep = "、" if language == "zh" else ", "
    return sep.join(_dated(v, d, language) for v, d in seen.items())


def version_line(entity: str, claims: Sequence[Claim], lines: Sequence[str], language: str) -> str:
    labels = [line_label(line) for line in lines]
    parts = []
    for ref, cs in _by_ref(claims).items():
        vs = _versions(cs, language)
        gap = "" if vs.endswith("）") else " "
        parts.append(
            f"{ref} 称 {vs}{gap}为当前版本" if language == "zh" else f"{ref} calls {vs} current"
        )
    if language == "zh":
        return (
            f"{entity} 版本线冲突：{'；'.join(parts)}。"
            f"{' 与 '.join(labels)} 两条版本线都被称作当前，"
            "标清各处版本与数字属于哪条线之前，跨来源对比无法核查。"
        )
    return (
        f"{entity} version lines disagree: {'; '.join(parts)}. {' and '.join(labels)} are each "
        "called current: until every version and figure says which line it belongs to, "
        "comparisons across sources cannot be checked."
    )


def older_newest(entity: str, older: Sequence[Claim], newer: Sequence[Claim], language: str) -> str:
    """An old version called the newest while another text calls a later release current."""
    if language == "zh":
        called = [
            f"{ref} 称 {vs}{'' if vs.endswith('）') else ' '}为最新版本"
            for ref, cs in _by_ref(older).items()
            for vs in [_versions(cs, language)]
        ]
        later = [
            f"{ref} 称 {vs}{'' if vs.endswith('）') else ' '}为当前版本"
            for ref, cs in _by_ref(newer).items()
            for vs in [_versions(cs, language)]
        ]
        return (
            f"{entity} 版本说法过时：{'；'.join(called)}；而 {'；'.join(later)}。"
            "较旧的版本被称作最新，升级与对比前需核实当前版本。"
        )
    called = [
        f"{ref} calls {_versions(cs, language)} the newest" for ref, cs in _by_ref(older).items()
    ]
    later = [f"{ref} calls {_versions(cs, language)} current" for ref, cs in _by_ref(newer).items()]
    return (
        f"{entity}: a stale newest version: {'; '.join(called)}, while {'; '.join(later)}. "
        "Check the current release before upgrading or comparing."
    )


def stale(entity: str, stale: Sequence[Claim], newer: Sequence[Claim], language: str) -> str:
    """A "newest" that a later-dated release of another line contradicts."""
    called = []
    for ref, cs in _by_ref(stale).items():
        vs = _versions(cs, language)
        called.append(f"{ref} 称 {vs}{'' if vs.endswith('）') else ' '}为最新版本")
    dated = [f"{c.ref} 记 {c.version} 于 {c.date} 发布" for c in newer]
    if language == "zh":
        return (
            f"{entity} 版本说法过时：{'；'.join(called)}；而 {'；'.join(dated)}。"
            "“最新”一说在材料自己的日期已不成立，升级与对比前需核实当前版本。"
        )
    called = [
        f"{ref} calls {_versions(cs, language)} the newest" for ref, cs in _by_ref(stale).items()
    ]
    dated = [f"{c.ref} dates {c.version} on {c.date}" for c in newer]
    return (
        f"{entity}: a stale newest version: {'; '.join(called)}, while {'; '.join(dated)}. "
        "Check the current release before upgrading or comparing."
    )


def dates(entity: str, what: str | None, claims: Sequence[Claim], language: str) -> str:
    """`what` is the version (`v0.30.0`), None for an archive."""
    parts = []
    for ref, cs in _by_ref(claims).items():
        ds = ("、" if language == "zh" else ", ").join(dict.fromkeys(c.date or "" for c in cs))
        parts.append(f"{ref} 记 {ds}" if language == "zh" else f"{ref} says {ds}")
    if language == "zh":
        subject = f"{entity} {what} 的发布日期" if what else f"{entity} 的归档日期"
        return f"{subject}不一致：{'，'.join(parts)}。"
    subject = f"{entity} {what}: release dates" if what else f"{entity}: archive dates"
    return f"{subject} disagree: {'; '.join(parts)}."


def fact(claim: Claim, language: str) -> str:
    """One fact as the seed lists them: `TGI 归档（2026-03）`, `vLLM v0.30.0（9/22）`."""
    if claim.event == "archive":
        return (
            f"{claim.entity} 归档（{claim.date}）"
            if language == "zh"
            else f"{claim.entity} archived ({claim.date})"
        )
    head = f"{claim.entity} {_dated(claim.version or '', claim.date, language)}"
    if claim.date:
        return head
    return f"{head} 为当前版本" if language == "zh" else f"{head} as current"


def single_source(facts: Sequence[Claim], refs: Sequence[str], source: str, language: str) -> str:
    if language == "zh":
        return (
            f"{'、'.join(fact(c, language) for c in facts)}"
            f"在多份材料中重复出现（{'、'.join(refs)}），"
            f"但均指向同一来源 {source}，属同源复述，不构成交叉验证。"
        )
    return (
        f"{', '.join(fact(c, language) for c in facts)} recur in several materials "
        f"({', '.join(refs)}) but all cite one original, {source}: a repetition, not "
        "corroboration."
    )


def named_source(
    source: str,
    figures: Sequence[str],
    refs: Sequence[str],
    language: str,
    linked: Sequence[str] = (),
) -> str:
    """Materials stating the same figures, each from one named source: none linking it, or
    some linking the source's own post (`linked`), which is still one source."""
    what = "、".join(figures) if language == "zh" else ", ".join(figures)
    if language == "zh":
        said = f"（{what} 等数字一致）" if figures else ""
        if linked:
            return (
                f"{'、'.join(refs)} 的同一说法{said}都出自 {source} 一家"
                f"（{'、'.join(linked)} 链接的即其原文），属同源复述，不构成交叉验证；"
                "需找独立来源核实。"
            )
        return (
            f"{'、'.join(refs)} 的同一说法{said}都称来自 {source}，"
            "均未给出原文链接，属同源复述，不构成交叉验证；需回到原文核实。"
        )
    said = f" (the same figures: {what})" if figures else ""
    if linked:
        return (
            f"{', '.join(refs)} tell one story{said}, all from {source} ({', '.join(linked)} "
            "link its own post): a repetition of one source, not corroboration."
        )
    return (
        f"{', '.join(refs)} tell one story{said}, each citing {source} and none linking "
        "the original: a repetition of one source, not corroboration."
    )


def same_list(facts: Sequence[Claim], refs: Sequence[str], language: str) -> str:
    """Facts several texts repeat together, citing no different originals."""
    if language == "zh":
        return (
            f"{'、'.join(fact(c, language) for c in facts)}"
            f"在多份材料中一同重复出现（{'、'.join(refs)}），"
            "措辞与清单一致、未见各自独立的来源，疑为同源复述，不构成交叉验证。"
        )
    return (
        f"{', '.join(fact(c, language) for c in facts)} recur together in several materials "
        f"({', '.join(refs)}) as one list, with no independent original: a repetition of one "
        "source, not corroboration."
    )


def number(metric: str, setting: Sequence[str], claims: Sequence[Claim], language: str) -> str:
    """One measure in one setting with two values."""
    where = "、".join(setting) if language == "zh" else ", ".join(setting)
    # a score with no measure word is named by its setting (`128k`): no lead of its own
    lead = "" if metric in setting else f"{metric} "
    # each text's values together, in the order the texts come (`A 记 70.2、88.0；doc 记 …`)
    values: dict[str, list[str]] = {}
    for c in claims:
        values.setdefault(c.ref, []).append(c.value or "")
    if language == "zh":
        parts = "；".join(f"{ref} 记 {'、'.join(vs)}" for ref, vs in values.items())
        return f"{lead}数字不一致（同一设置：{where}）：{parts}。需核对口径后再引用。"
    parts = "; ".join(f"{ref} says {', '.join(vs)}" for ref, vs in values.items())
    said = f"{lead}figures disagree in one setting ({where}): {parts}. Check what each measured"
    return f"{said[:1].upper()}{said[1:]} before citing either."
