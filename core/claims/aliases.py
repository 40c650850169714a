"""Two names of one project (docs/claims.md): a text that says what else a project is called
ties the names, so that a claim under either is a claim about the one project.

Read where a text says so of a project it makes a claim about: a package name (`HELM …，pip 包名
`crfm-helm``, `published on PyPI as crfm-helm`, `pip install crfm-helm`) or a former or other
name in brackets (`LMArena（原 Chatbot Arena）`, `(formerly Chatbot Arena)`, `aka`, `又名`). The
project is the claim's name written last before it in the same paragraph; an alias of nothing a
text claims anything about ties nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from .lexicon import NAME, entity_key, is_name
from .types import Statement

_ALIAS = re.compile(
    rf"(?:pip\s*|PyPI\s*|npm\s*)?包名(?:为|是|叫)?\s*[:：]?\s*[`\"“']?(?P<a>{NAME})"
    rf"|(?i:(?:pip|pypi|npm)\s+(?:package|包)(?:\s+name)?(?:\s+is)?\s*[:：]?\s*[`\"']?)(?P<b>{NAME})"
    rf"|(?i:(?:published|packaged|shipped)\s+(?:on\s+(?:pypi|npm)\s+)?as\s+[`\"']?)(?P<c>{NAME})"
    rf"|(?i:pip\s+install\s+(?:-U\s+)?)(?P<d>{NAME})"
    r"|[(（]\s*(?:原|原名|又名|旧称|前身|(?i:formerly|aka|a\.k\.a\.|previously))\s*[:：]?\s*"
    r"(?P<e>[^()（）\n]{2,40}?)\s*[)）]"
)
REACH = 160  # characters before an alias searched for the project it names


def other_names(text: str) -> Iterator[tuple[str, int]]:
    """The other names `text` gives a project (`_ALIAS`: a package name, a former name in
    brackets), as written, each with where it is written: its project is the name written last
    before it (within REACH, in its paragraph)."""
    for m in _ALIAS.finditer(text):
        alias = next(g for g in m.groups() if g)
        if is_name(alias.split(" ")[0]):
            yield alias, m.start()


def aliases(texts: Iterable[tuple[str, Iterable[Statement]]]) -> dict[str, str]:
    """The other names (keys) of the projects the texts claim things about, each with its
    project's key."""
    out: dict[str, str] = {}
    for text, statements in texts:
        entities = {s.key: s.entity for s in statements}
        if not entities or not _ALIAS.search(text):
            continue
        low = text.casefold()
        for alias, at in other_names(text):
            key = entity_key(alias)
            if key in entities:
                continue
            lo = max(0, at - REACH, text.rfind("\n\n", 0, at) + 1)
            best, where = None, -1
            for k in entities:
                pos = low.rfind(k, lo, at)
                if pos > where:
                    best, where = k, pos
            if best is not None:
                out.setdefault(key, best)
    return out
