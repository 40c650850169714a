"""What a text cites as the original of what it says: URLs, and titles after a citing word.

Several materials that state one fact and cite one original are one source, not several
(docs/claims.md, the seed brief's "同源复述"). A claim's sources are those of its own paragraph; a
paragraph citing nothing takes the text's citation lines (`原文：…`, `来源：…`, `Source: …`), and
those failing, the material's own `url`. URLs are found and compared as matching compares them
(`core.text.identifiers`: without scheme, `www.`, fragment, tracking parameters and trailing slash).
"""

from __future__ import annotations

import bisect
import re

from ..text.identifiers import URL, normalize_url

_CITE_LINE = re.compile(
    r"^[ \t>*\-•]*(?:原文|来源|出处|原始链接|原链接|链接|转自|引自|source|via|original|link)"
    r"[ \t]*[:：]",
    re.IGNORECASE | re.MULTILINE,
)
_CITED_TITLE = re.compile(
    r"(?:据|来源|原文|转述|转自|引自|出自|指向|援引|according to|via|source)"
    r"[^《\n]{0,16}《([^》\n]{2,80})》",
    re.IGNORECASE,
)


def url_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, normalised URL) of every URL in the text."""
    if "://" not in text:
        return []
    return [(m.start(), m.end(), normalize_url(m.group(0))) for m in URL.finditer(text)]


def cited(text: str, start: int, end: int, urls: list[tuple[int, int, str]]) -> list[str]:
    """The originals cited inside text[start:end]: its URLs, then 《titles》 after a citing word."""
    # `urls` are in text order and never overlap: those inside are one slice, found by bisection
    # (a scan of all of them per claim was quadratic on a text of many claims and links)
    lo = bisect.bisect_left(urls, start, key=lambda span: span[0])
    found = []
    for _s, e, u in urls[lo:]:
        if e > end:
            break
        found.append(u)
    if "《" in text:
        found += [f"《{m.group(1).strip()}》" for m in _CITED_TITLE.finditer(text, start, end)]
    return list(dict.fromkeys(found))


def citation_lines(text: str, urls: list[tuple[int, int, str]]) -> list[str]:
    """The originals named on the text's citation lines (`原文：https://…`)."""
    out: list[str] = []
    for m in _CITE_LINE.finditer(text):
        eol = text.find("\n", m.end())
        out += cited(text, m.start(), len(text) if eol < 0 else eol, urls)
    return list(dict.fromkeys(out))
