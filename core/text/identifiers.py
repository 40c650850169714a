"""What names one paper or one page in a text: arXiv ids and URLs (docs/workspace.md,
docs/duplicates.md).

The one owner of these patterns: materials take their ids and links from here, matching turns
them into identities (an identical id or URL is strong evidence of a duplicate), and claims
compare the originals texts cite.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

# New-style ids YYMM.NNNN(N) with a real month; ASCII look-arounds (not \b, which treats CJK
# as word characters) keep `12601.21204`, `v2601.21204`, `2601.21204.5` and `2601.212045` out.
_ARXIV = re.compile(
    r"(?<![A-Za-z0-9_.])([0-9]{2}(?:0[1-9]|1[0-2])\.[0-9]{4,5})(?:v[0-9]+)?(?![A-Za-z0-9_]|\.[0-9])"
)


ARXIV = _ARXIV  # the pattern itself, for a reader that composes it (core/brief/points.py)
_MAYBE_ARXIV = re.compile(r"[0-9]\.[0-9]")  # a cheap scan first: most texts hold no id at all


def find_arxiv(text: str) -> tuple[str, ...]:
    """arXiv ids in first-seen order, deduplicated, without `arXiv:`/URL prefix or version."""
    if _MAYBE_ARXIV.search(text) is None:
        return ()
    return dedupe([m.group(1) for m in _ARXIV.finditer(text)])


# ASCII only: in Chinese text a URL is usually followed directly by `。`, `，` or more prose.
URL = re.compile(r"https?://[A-Za-z0-9][!#-&(-;=?-\[\]_a-z~]*", re.IGNORECASE)
_TRAILING = ".,;:!?'\"*_~"
_PAIRS = {")": "(", "]": "["}


def find_urls(text: str) -> tuple[str, ...]:
    """http(s) URLs in first-seen order, deduplicated, without trailing punctuation."""
    if "://" not in text:
        return ()
    return dedupe([url for url in (_trim(m.group(0)) for m in URL.finditer(text)) if url])


def _trim(url: str) -> str:
    """Drop sentence punctuation and unbalanced closing brackets (Markdown links, prose)."""
    excess = {close: url.count(close) - url.count(open_) for close, open_ in _PAIRS.items()}
    end = len(url)
    while end:
        last = url[end - 1]
        if last in _TRAILING:
            end -= 1
        elif last in excess and excess[last] > 0:
            excess[last] -= 1
            end -= 1
        else:
            break
    url = url[:end]
    return url if re.search(r"://[^/?#]", url) else ""


def dedupe(values: Iterable[str]) -> tuple[str, ...]:
    if not values:  # an empty tuple or list (the usual case): nothing to build
        return ()
    return tuple(dict.fromkeys(values))


_URL_TRAIL = ".,;:!?'\")]}"


def normalize_url(url: str) -> str:
    """A URL as an identity: scheme, `www.`, case of the host, fragment, tracking parameters and a
    trailing slash do not make two links different."""
    url = unicodedata.normalize("NFKC", url.strip()).rstrip(_URL_TRAIL)
    m = re.match(r"(?i)^(?:https?://)?(?:www\.)?([^/?#]*)([^?#]*)(\?[^#]*)?", url)
    if not m:
        return url.casefold()
    host, path, query = m.group(1).casefold(), m.group(2).rstrip("/"), m.group(3) or ""
    if query:
        kept = [p for p in query[1:].split("&") if p and not p.casefold().startswith("utm_")]
        query = "?" + "&".join(kept) if kept else ""
    return f"{host}{path}{query}"
