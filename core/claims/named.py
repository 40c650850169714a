"""One named source repeated (docs/claims.md, single-source): several materials that state the
same figures and each say they have them from one named source — `per the LMArena blog`, `据
LMArena 官方博客`, `according to their blog`, `据其官方博客` (their, 其: the name written last
before it), `据机器之心报道`, `转自「机器之心」` — and no link. Nothing shows that any of them
read the original; however many they are, they are one source, not corroboration.

A source may be named in several words (`据 The Information 报道`), and a material that links a
page on the source's own site (`zilliz.com/blog/…`) tells its story too, however it names it.

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

from ..text.identifiers import URL, normalize_url
from ..text.normalize import nfkc
from . import wording
from .dates import DATE_RE
from .lexicon import NAME, entity_key, is_name
from .lists import names_in_order, same_list
from .types import Claim, Conflict, Origin

Text = tuple[str, Origin, str, str]  # (ref, origin, doc, text)

_KIND_EN = (
    r"(?:(?:official|own|developer|engineering|research|launch)\s+){0,2}"
    r"(?:blog(?:\s+post)?|announcement|post|report|press\s+release|newsletter"
    r"|tweet|website|site|release\s+notes|changelog|paper|team|maintainers|developers)"
)
_KIND_ZH = (
    r"(?:官方)?(?:技术|开发者|工程|研究)?(?:发布的?)?"
    r"(?:博客|公告|报道|消息|官网|文章|推文|公众号|新闻稿|发布会|论文|通告)"
)
_CITE_ZH = r"(?:据|转自|引自|援引|来自|出自|引用|转载|转(?:发|了)?\s*(?:一篇|篇|一条)|来源[:：])"
# a source's name may be several words, each capitalised after the first (`The Information`,
# `Tom's Hardware`, `Hacker News`); a bounded repetition of words, so no backtracking blow-up
_NAMES = rf"{NAME}(?:(?:'s)?\s+[A-Z][A-Za-z0-9]*(?:[.\-_+][A-Za-z0-9]+)*){{0,3}}"
_CITES = re.compile(
    rf"(?i:\b(?:per|according\s+to|as\s+reported\s+by|reported\s+by|citing|quoting|via))\s+"
    rf"(?:(?P<pron>(?i:their|its|his|her))\s+|(?:(?:the|an?)\s+)?(?P<en>{_NAMES})(?:'s|’s)?\s+)"
    rf"(?i:{_KIND_EN})\b"
    rf"|(?i:\b(?:according\s+to|as\s+reported\s+by|reported\s+by))\s+"
    rf"(?P<en3>(?:The\s+)?[A-Z][A-Za-z0-9]*(?:\s+[A-Z][A-Za-z0-9]*){{0,3}})(?=\s*[,:;.，：)）]|\s*$)"
    r"|(?i:\b(?:said|announced|wrote|posted|explained)\s+(?:on|in)\s+(?:(?P<pron2>its|their)|an?)"
    r"\s+(?:official\s+)?(?:blog(?:\s+post)?|announcement|post)\b)"
    rf"|{_CITE_ZH}\s*(?P<zh>{_NAMES})\s*(?:的)?\s*{_KIND_ZH}"
    # a Chinese name with its Latin one in brackets (`转载星海图（Galaxea）发布文章`): the Latin
    # one, which its site's address writes too
    rf"|{_CITE_ZH}\s*[\u4e00-\u9fff]{{2,8}}?[(（]\s*(?P<alias>{_NAMES})\s*[)）]"
    rf"\s*(?:的)?\s*{_KIND_ZH}"
    # a Chinese name with a Latin word (`据字节 Seed 官方博客`)
    rf"|{_CITE_ZH}\s*(?P<mix>[\u4e00-\u9fff]{{1,6}}\s?{NAME})\s*(?:的)?\s*{_KIND_ZH}"
    rf"|{_CITE_ZH}\s*(?:(?P<zpron>其|官方)|(?:公众号)?[「“\"]?"
    rf"(?P<cjk>[\u4e00-\u9fff]{{2,8}}?)[」”\"]?)\s*(?:的)?\s*{_KIND_ZH}"
    rf"|(?:转自|引自|援引|引用|转载)\s*(?P<zh2>{NAME})"
    rf"|(?:转自|引自)\s*(?:公众号)?[「“\"](?P<cjk2>[^」”\"\n]{{2,16}})[」”\"]"
)
# the source's own word (`据 Zilliz 介绍`, `Zilliz 在官方博客中称`, `Zilliz's blog post says`):
# tried only on a text holding one of its words (`_own_word_hint`), as these start at any name
_OWN_WORD = re.compile(
    rf"据\s*(?P<zh3>{_NAMES})\s*(?:官方)?\s*(?:介绍|称|透露|披露|表示|公布|宣布)"
    rf"|(?<![A-Za-z0-9_.\-])(?P<zh4>{_NAMES})\s*(?:在|于)?\s*(?:其|自家)?\s*(?:官方)?\s*"
    r"(?:博客|公告|官网|推文|新闻稿|发布会)(?:文章)?\s*(?:中|里|上)?\s*"
    r"(?:称|表示|宣布|写道|介绍|提到|透露|披露|显示|指出)"
    rf"|(?P<en4>{_NAMES})(?:'s|’s)\s+(?:official\s+)?(?:blog(?:\s+post)?|announcement)\s+"
    r"(?i:says|said|states|claims|reports|shows)\b"
    rf"|(?i:\bin\s+an?\s+(?:official\s+)?(?:blog\s+post|announcement|post)),\s+(?P<en5>{_NAMES})"
    r"\s+(?i:said|says|wrote|claims|claimed|reported)\b"
)


def _own_word_hint(text: str) -> bool:
    return (
        "据" in text
        or "博客" in text
        or "公告" in text
        or "官网" in text
        or "推文" in text
        or "新闻稿" in text
        or "发布会" in text
        or "blog" in text
        or "nnouncement" in text
    )


_NAME_RE = re.compile(NAME)
_CJK_RE = re.compile(r"[\u4e00-\u9fff]")
_FIGURE = re.compile(r"(?<![A-Za-z0-9_.\-/#@^])[0-9]+(?:[.,][0-9]+)*(?:\s?%)?(?![A-Za-z0-9_])")
_URL = re.compile(r"https?://")
MIN_SHARED = 2  # figures two texts share, at least, to be one story
_RANGE = re.compile(
    r"(?<![A-Za-z0-9_.\-/#@^])[0-9]+(?:\.[0-9]+)?\s?[–~～]\s?[0-9]+(?:\.[0-9]+)?(?![0-9])"
)


_ARTICLE = re.compile(r"(?i)^(?:the|an?)\s+")


def _source_name(written: str, owned: bool = False) -> str | None:
    """A source's name as written, without a leading article (`The Information` ->
    `Information` is checked, `The Information` kept), if it can name a source. A capitalised
    word owning a blog (`Figure's own blog`, `Figure 官方博客`) names one though it is an English
    word too: no sentence starts there."""
    written = " ".join(written.split())
    words = _ARTICLE.sub("", written).split(" ")
    if owned and words and words[0][:1].isupper() and words[0].lower() not in _NOT_SOURCES:
        return written
    return written if words and any(is_name(w) for w in words) else None


# capitalised words that own a blog and are no source (`Their blog`, `This post`)
_NOT_SOURCES = frozenset({"their", "its", "his", "her", "this", "that", "our", "my", "your", "a"})


def source_key(name: str) -> str:
    """Two spellings of one source compare equal: case, an article, spaces and dashes
    (`The Information`, `the information`; `Tom's Hardware`, `tomshardware`)."""
    key = _ARTICLE.sub("", entity_key(name))
    return re.sub(r"[\s\-_.'’]", "", key)


# a source's kind that is the press, not the maker's own channel (`据量子位报道`, `per a Reuters
# report`): what it reports may be its own finding
_PRESS = re.compile(r"报道|消息|新闻(?!稿)|论文|(?i:\breport\b|newsletter|\bpaper\b)")


def cited_names(text: str) -> dict[str, str]:
    """The named sources a text cites (key -> as written)."""
    return citations(text)[0]


def citations(text: str) -> tuple[dict[str, str], dict[str, str]]:
    """The named sources a text cites (key -> as written), and those of them it cites by their
    own channel (a blog, a post, an announcement, 官方博客; not the press's report), in one pass."""
    out: dict[str, str] = {}
    own: dict[str, str] = {}

    def add(key: str, written: str, owned_channel: bool) -> None:
        out.setdefault(key, written)
        if owned_channel:
            own.setdefault(key, written)

    if _own_word_hint(text):
        for m in _OWN_WORD.finditer(text):
            many = m.group("zh3") or m.group("zh4") or m.group("en4") or m.group("en5")
            written_name = _source_name(many)
            if written_name is not None:
                add(source_key(written_name), written_name, True)
    for m in _CITES.finditer(text):
        channel = m.group("en3") is None and not _PRESS.search(m.group(0))
        many = m.group("en") or m.group("zh") or m.group("en3") or m.group("alias")
        many = many or m.group("mix")
        if many is not None:
            owned = m.group("zh") is not None or (
                m.group("en") is not None and text.startswith(("'s", "’s"), m.end("en"))
            )
            written_name = _source_name(many, owned)
            if written_name is not None:
                add(source_key(written_name), written_name, channel)
            continue
        name = m.group("zh2")
        written = m.group("cjk") or m.group("cjk2")
        if written:  # a Chinese name (`据机器之心报道`, `转自「机器之心」`)
            add(source_key(written), written, channel)
            continue
        if name is None:
            # `their blog`, `据其官方博客`, `X said in a blog post`: the name written last before it
            before = [w.group(0) for w in _NAME_RE.finditer(text, 0, m.start())]
            name = next((w for w in reversed(before) if is_name(w)), None)
        if name and is_name(name):
            add(source_key(name), name, channel)
    return out, own


def site_pages(text: str) -> dict[str, frozenset[str]]:
    """The pages a text links, by the names of their sites (`zilliz.com/blog/…` under `zilliz`,
    `blog.vllm.ai/…` under `blog` and `vllm`): a page on a source's own site is that source,
    however the text names it. A name may run on into the host's last label (`fish.audio` is
    Fish Audio's, `character.ai` Character AI's): the last two labels joined name the site too."""
    out: dict[str, set[str]] = defaultdict(set)
    for m in URL.finditer(text):
        page = normalize_url(m.group(0))
        host = page.split("/", 1)[0].split(":", 1)[0]
        labels = host.split(".")
        for label in labels[:-1]:
            if len(label) >= 2:
                out[source_key(label)].add(page)
        if len(labels) >= 2 and len(labels[-2]) >= 2:
            out[source_key(labels[-2] + labels[-1])].add(page)
    return {k: frozenset(v) for k, v in out.items()}


def figures(text: str) -> frozenset[str]:
    """Every figure of the text (`8%`, `50`, `0.83`), not a date's, a year or a name's part, nor
    a one-digit count (`3 个配置`, `7 colours`, a list's `①`, `Deck 2`): texts on anything share
    those, so they tell no story apart and corroborate none."""
    dates = [(m.start(), m.end()) for m in DATE_RE.finditer(text)]
    out: set[str] = set()
    # a range is one figure (`7–9 Hz`), not its two ends
    found = list(_RANGE.finditer(text))
    ranges = [(m.start(), m.end()) for m in found]
    out.update(m.group(0).replace(" ", "").replace("~", "–").replace("～", "–") for m in found)
    for m in _FIGURE.finditer(text):
        if any(a <= m.start() < b for a, b in dates) or any(a <= m.start() < b for a, b in ranges):
            continue
        value = m.group(0).replace(" ", "").replace(",", "")
        if re.fullmatch(r"(?:19|20)[0-9]{2}", value) or (len(value) == 1 and value.isdigit()):
            continue
        out.add(value)
    return frozenset(out)


def named_source_conflicts(texts: Sequence[Text], language: str = "zh") -> list[Conflict]:
    """Every finding (module doc), in text order."""
    cites: list[dict[str, str]] = []
    own: list[dict[str, str]] = []  # of them, the sources cited by their own channel
    pages: list[dict[str, frozenset[str]]] = []
    normed = [nfkc(raw) for *_, raw in texts]
    for text, (*_, raw) in zip(normed, texts, strict=True):
        has_url = _URL.search(text) is not None
        named, owned = citations(text) if not has_url else ({}, {})
        cites.append(named)
        own.append(owned)
        # links as written: folded, a full-width colon after a link would become part of it
        pages.append(site_pages(raw) if has_url else {})
    named_keys = {key for named in cites for key in named}
    # a text linking a page on a named source's own site tells that source's story too
    # (`据 Zilliz 官方博客` and a link to zilliz.com/blog/…); texts linking the site's other pages
    # are other stories (a platform's host names no author: github.com/a, github.com/b)
    # a site's label may be the name with a suffix (`qwenlm` for Qwen, `mistralai` for Mistral):
    # a label starting with a named source's key of four letters or more is that source's
    on_site: list[dict[str, frozenset[str]]] = []
    for site_links in pages:
        mine: dict[str, frozenset[str]] = {}
        for label, linked_pages in site_links.items():
            for n in named_keys:
                if label == n or (len(n) >= 4 and label.startswith(n)):
                    mine[n] = mine.get(n, frozenset()) | linked_pages
        on_site.append(mine)
    figs = [
        figures(text) if cites[k] or on_site[k] or pages[k] else frozenset()
        for k, text in enumerate(normed)
    ]
    # the names in order: one list copied is one story too (`core.claims.lists`)
    lists = [
        names_in_order(text, cites[k]) if cites[k] or on_site[k] else ()
        for k, text in enumerate(normed)
    ]
    by_source: dict[tuple[str, str], list[int]] = defaultdict(list)
    for k in range(len(texts)):
        for key in cites[k]:
            by_source[(key, "")].append(k)
    for k in range(len(texts)):
        for key, linked in sorted(on_site[k].items()):
            for page in sorted(linked):
                if not by_source.get((key, page)):
                    by_source[(key, page)] = list(by_source[(key, "")])
                by_source[(key, page)].append(k)
    # one vendor named in two scripts (`NVIDIA's developer blog`, `据英伟达开发者博客`): the names
    # cannot be compared, but two texts each citing the vendor's own channel (never the press)
    # and stating two of the same figures retell one post; a text linking a page is that page's
    # story, and so are the other texts linking it
    linking: dict[str, list[int]] = defaultdict(list)
    for k, site_links in enumerate(pages):
        for page in set().union(*site_links.values()) if site_links else ():
            linking[page].append(k)
    # the items that can retell a Chinese-named source's post: citing a Latin-named source by
    # its own channel, or linking a page and citing none (found once: most items are neither)
    retelling = [
        y
        for y in range(len(texts))
        if texts[y][1] == "item"
        and (
            (own[y] and not any(_CJK_RE.search(k) for k in cites[y])) or (not cites[y] and pages[y])
        )
    ]
    for x in range(len(texts)):
        for key in (key for key in own[x] if _CJK_RE.search(key)):
            joined = by_source[(key, "")]
            seen = set(joined)
            for y in retelling:
                if y in seen or texts[y][2] == texts[x][2] or len(figs[x] & figs[y]) < MIN_SHARED:
                    continue
                # a text linking a page brings the other texts linking it
                pages_of_y: set[str] = set().union(*pages[y].values()) if not cites[y] else set()
                for z in (y, *(z for page in sorted(pages_of_y) for z in linking[page])):
                    if z not in seen:
                        seen.add(z)
                        joined.append(z)
    # the groups with a linked page first: a finding of the named texts alone that one of them
    # holds already is not made again
    order = sorted(by_source, key=lambda kp: (kp[1] == "", kp))
    out: list[Conflict] = []
    made: list[frozenset[int]] = []
    for key, page in order:
        members = by_source[(key, page)]
        group: set[int] = set()
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                if texts[a][2] != texts[b][2] and (
                    len(figs[a] & figs[b]) >= MIN_SHARED or same_list(lists[a], lists[b])
                ):
                    group |= {a, b}
        items = {texts[k][2] for k in group if texts[k][1] == "item"}
        if len(items) < 2 or not any(cites[k] for k in group):
            continue  # links alone are no named source
        if any(frozenset(group) <= done for done in made):
            continue
        made.append(frozenset(group))
        shared = frozenset.intersection(*(figs[k] for k in group))
        common = shared if len(shared) >= MIN_SHARED else frozenset()
        others = [
            k for k, named in enumerate(cites) if named and key not in named and k not in group
        ]
        if common and any(len(figs[k] & common) >= MIN_SHARED for k in others):
            continue  # another source states them too: corroboration
        ordered = sorted(group)
        name = next(cites[k][key] for k in ordered + members if key in cites[k])
        # the vendor's other script's names, as its texts wrote them (`英伟达开发者 / NVIDIA`)
        other_names = dict.fromkeys(
            n for k in ordered if key not in cites[k] for n in own[k].values()
        )
        if other_names:
            name = " / ".join((name, *other_names))
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
                text=wording.named_source(
                    name,
                    sorted(common),
                    refs,
                    language,
                    linked=tuple(texts[k][0] for k in ordered if pages[k]),
                ),
                refs=refs,
                claims=claims,
                source=name,
            )
        )
    return out
