"""One named source repeated (docs/claims.md, single-source): several materials that state the
same figures and each say they have them from one named source — `per the LMArena blog`, `据
LMArena 官方博客`, `according to their blog`, `据其官方博客` (their, 其: the name written last
before it), `据机器之心报道`, `转自「机器之心」` — and no link. Nothing shows that any of them
read the original; however many they are, they are one source, not corroboration.

A finding: two or more materials of the batch (and any living-document section) citing one named
source and sharing two figures or more (`8%`, `50`) or one list of names in one order
(`core.claims.lists`), when no text citing another source states
those figures too (that would be an independent original). A figure is any number the text
writes that is not part of a name, a date or a year.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from ..text.normalize import nfkc
from . import wording
from .dates import DATE_RE
from .lexicon import NAME, entity_key, is_name
from .lists import names_in_order, same_list
from .types import Claim, Conflict, Origin

Text = tuple[str, Origin, str, str]  # (ref, origin, doc, text)

_KIND_EN = (
    r"(?:official\s+)?(?:blog(?:\s+post)?|announcement|post|report|press\s+release|newsletter"
    r"|tweet|website|site|release\s+notes|changelog|paper|team|maintainers|developers)"
)
_KIND_ZH = r"(?:官方)?(?:博客|公告|报道|消息|官网|文章|推文|公众号|新闻稿|发布会|论文|通告)"
_CITES = re.compile(
    rf"(?i:\b(?:per|according\s+to|as\s+reported\s+by|reported\s+by|citing|quoting|via))\s+"
    rf"(?:the\s+|an?\s+)?(?:(?P<pron>(?i:their|its|his|her))\s+|(?P<en>{NAME})(?:'s|’s)?\s+)"
    rf"(?i:{_KIND_EN})\b"
    r"|(?i:\b(?:said|announced|wrote|posted|explained)\s+(?:on|in)\s+(?:(?P<pron2>its|their)|an?)"
    r"\s+(?:official\s+)?(?:blog(?:\s+post)?|announcement|post)\b)"
    rf"|(?:据|转自|引自|援引|来自|出自|来源[:：])\s*(?P<zh>{NAME})\s*(?:的)?\s*{_KIND_ZH}"
    rf"|(?:据|转自|引自|援引|来自|出自|来源[:：])\s*(?:(?P<zpron>其|官方)|(?:公众号)?[「“\"]?"
    rf"(?P<cjk>[\u4e00-\u9fff]{{2,8}}?)[」”\"]?)\s*(?:的)?\s*{_KIND_ZH}"
    rf"|(?:转自|引自|援引)\s*(?P<zh2>{NAME})"
    rf"|(?:转自|引自)\s*(?:公众号)?[「“\"](?P<cjk2>[^」”\"\n]{{2,16}})[」”\"]"
)
_NAME_RE = re.compile(NAME)
_FIGURE = re.compile(r"(?<![A-Za-z0-9_.\-/#@^])[0-9]+(?:[.,][0-9]+)*(?:\s?%)?(?![A-Za-z0-9_])")
_URL = re.compile(r"https?://")
MIN_SHARED = 2  # figures two texts share, at least, to be one story


def cited_names(text: str) -> dict[str, str]:
    """The named sources a text cites (key -> as written)."""
    out: dict[str, str] = {}
    for m in _CITES.finditer(text):
        name = m.group("en") or m.group("zh") or m.group("zh2")
        written = m.group("cjk") or m.group("cjk2")
        if written:  # a Chinese name (`据机器之心报道`, `转自「机器之心」`)
            out.setdefault(entity_key(written), written)
            continue
        if name is None:
            # `their blog`, `据其官方博客`, `X said in a blog post`: the name written last before it
            before = [w.group(0) for w in _NAME_RE.finditer(text, 0, m.start())]
            name = next((w for w in reversed(before) if is_name(w)), None)
        if name and is_name(name):
            out.setdefault(entity_key(name), name)
    return out


def figures(text: str) -> frozenset[str]:
    """Every figure of the text (`8%`, `50`, `0.83`), not a date's, a year or a name's part, nor
    a one-digit count (`3 个配置`, `7 colours`, a list's `①`, `Deck 2`): texts on anything share
    those, so they tell no story apart and corroborate none."""
    dates = [(m.start(), m.end()) for m in DATE_RE.finditer(text)]
    out: set[str] = set()
    for m in _FIGURE.finditer(text):
        if any(a <= m.start() < b for a, b in dates):
            continue
        value = m.group(0).replace(" ", "").replace(",", "")
        if re.fullmatch(r"(?:19|20)[0-9]{2}", value) or (len(value) == 1 and value.isdigit()):
            continue
        out.add(value)
    return frozenset(out)


def named_source_conflicts(texts: Sequence[Text], language: str = "zh") -> list[Conflict]:
    """Every finding (module doc), in text order."""
    cites: list[dict[str, str]] = []
    figs: list[frozenset[str]] = []
    lists: list[tuple[str, ...]] = []  # the names in order: one list copied is one story too
    for _, _, _, raw in texts:
        text = nfkc(raw)
        named = cited_names(text) if not _URL.search(text) else {}
        cites.append(named)
        figs.append(figures(text) if named else frozenset())
        lists.append(names_in_order(text, named) if named else ())
    by_source: dict[str, list[int]] = defaultdict(list)
    for k, named in enumerate(cites):
        for key in named:
            by_source[key].append(k)
    out: list[Conflict] = []
    for key, members in by_source.items():
        group: set[int] = set()
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                if texts[a][2] != texts[b][2] and (
                    len(figs[a] & figs[b]) >= MIN_SHARED or same_list(lists[a], lists[b])
                ):
                    group |= {a, b}
        items = {texts[k][2] for k in group if texts[k][1] == "item"}
        if len(items) < 2:
            continue
        shared = frozenset.intersection(*(figs[k] for k in group))
        common = shared if len(shared) >= MIN_SHARED else frozenset()
        others = [k for k, named in enumerate(cites) if named and key not in named]
        if common and any(len(figs[k] & common) >= MIN_SHARED for k in others):
            continue  # another source states them too: corroboration
        ordered = sorted(group)
        name = cites[ordered[0]][key]
        claims = tuple(
            Claim(
                entity=name,
                key=key,
                event="measure",
                quote=texts[k][3].split("\n", 1)[0],
                value="、".join(sorted(common or (figs[k] & figs[ordered[0]]))),
                sources=(name,),
                ref=texts[k][0],
                origin=texts[k][1],
                doc=texts[k][2],
            )
            for k in ordered
        )
        refs = tuple(dict.fromkeys(c.ref for c in claims))
        out.append(
            Conflict(
                kind="single-source",
                entity=name,
                text=wording.named_source(name, sorted(common), refs, language),
                refs=refs,
                claims=claims,
                source=name,
            )
        )
    return out
