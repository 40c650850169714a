"""What a text says others claim, beside its own figures (docs/claims.md): a figure it quotes
from others to dispute (`Everyone quotes ~96 s`, `号称 40 GB`), denies (`61.9%, not 58.2%`,
`而不是 58.2%`), sets against its own as a source's (`against the paper's 0.62`, `论文给出的 0.62`)
or says it relays (`作者转述官方数字：…`). Such a figure is not the text's statement: it neither
conflicts with another's nor makes the text state the other's value."""

from __future__ import annotations

import re

from ...facts.extract import (
    Fact,
)

QUOTE_REACH = 24  # characters before a figure searched for a word saying others claim it


_QUOTED = re.compile(
    r"(?i:\b(?:quotes?|quoted|claims?|claimed|reportedly|supposedly|advertised|advertises))\b"
    r"|号称|据说|常说|都说|宣称|传言|流传|网传"
)
# or after it (`I keep seeing about 40 seconds quoted for DuckDB`, `40 秒的说法`)
_QUOTED_AFTER = re.compile(
    r"\s*(?:(?i:quoted|cited|claimed|advertised|thrown\s+around)\b|的说法|的传言)"
)


ENDS = re.compile(r"[。！？；;!?\n]|\. ")


# a figure the text denies (`66%, not 71%`, `而不是 71%`): the value it disputes, not one it states
_DENIED = re.compile(
    r"(?:(?i:\bnot|\brather\s+than|\binstead\s+of)|而不是|而非|并非|不是)\s*[~≈约]?\s*$"
)


DENY_REACH = 16


def denied(f: Fact, text: str) -> bool:
    """Whether the figure is one the text denies (`61.9%, not 58.2%`)."""
    return _DENIED.search(text, max(0, f.pos - DENY_REACH), f.pos) is not None


# a figure the text gives as what a source says, to set its own against it: right after a word
# that names the source or sets the figure against (`against the 86.22%`, `the paper's 0.62`,
# `the leaderboard row … says 0.89`, `nobody has reproduced 95.7`, `论文给出的 0.62`,
# `官方的 95.7`), or right before the source (`86.22% in the report`). A living document
# writes its source after its own figure (`95.7（作者自述）`): that is its statement, kept.
_ATTRIBUTED_BEFORE = re.compile(
    r"(?:(?i:\bagainst(?:\s+(?:the|a|its|their))?"
    r"|\b(?:paper|report|leaderboard|card|authors?|vendor|official|release)(?:'s|s')"
    r"(?:\s+[a-z]+)?"
    r"|\b(?:the|their|its)\s+(?:reported|claimed|official|published|advertised)"
    r"|\b(?:paper|report|leaderboard|table|row|card|authors?|README)\b[^.;。；]{0,40}"
    r"\b(?:says|said|shows|showed|lists|listed|gives|gave|reports|reported)"
    r"|\b(?:nobody|no\s+one|not|never|n't|failed\s+to|unable\s+to)\b[^.;。；]{0,24}"
    r"\breproduc[a-z]*(?:\s+(?:the|their|its))?)"
    r"|(?:论文|官方|原文|作者|排行榜|榜单|技术报告|模型卡)"
    r"(?:给出|报告|公布|声称|宣称|写|列出|自称)?(?:的|里的|中的|上的)\s*"
    r"|(?:没人|无人|没有人|未能|无法|没能)[^。；，,]{0,8}复现(?:出)?(?:的)?)"
    # the measure may be named between (`the paper's Pearson r of 0.55`)
    r"(?:(?:\s+[\w@.\-]+){1,3}?\s+(?i:of|is|was|at|=))?"
    r"\s*[~≈约]?\s*$"
)


# a sentence that says it relays a source (`作者转述官方数字：… 0.62`, `quoting the paper: …`):
# its figures are that source's, however far the word is before them
_RELAYED = re.compile(
    r"(?:转述|援引|引述|复述|搬运)(?:了)?[^。；;]{0,6}(?:官方|论文|原文|作者|报告|榜单|排行榜)"
    r"|(?i:\b(?:quoting|citing|relaying|repeating)\s+(?:the\s+|their\s+|its\s+)?"
    r"(?:paper|official|authors?|report|leaderboard|vendor|model\s+card))"
)


_ATTRIBUTED_AFTER = re.compile(
    r"\s*(?i:(?:in|from|of)\s+(?:the|their|its)\s+(?:paper|report|technical\s+report|"
    r"leaderboard|model\s+card|release\s+notes?|announcement|blog\s+post)\b"
    r"|(?:as\s+)?(?:reported|claimed|advertised)\s+(?:by|in)\b)"
)


def quoted(f: Fact, text: str) -> bool:
    """Whether the figure is one the text says others claim (`Everyone quotes ~96 s`, `about
    40 seconds quoted`), gives
    as a source's to set its own against (`_ATTRIBUTED_BEFORE`, `_ATTRIBUTED_AFTER`), or says
    it relays (`_RELAYED`)."""
    lo = max(0, f.pos - QUOTE_REACH)
    cut = list(ENDS.finditer(text, lo, f.pos))
    if _QUOTED.search(text, cut[-1].end() if cut else lo, f.pos) is not None:
        return True
    lo = max(0, f.pos - ATTRIBUTION_REACH)
    cut = list(ENDS.finditer(text, lo, f.pos))
    if _ATTRIBUTED_BEFORE.search(text, cut[-1].end() if cut else lo, f.pos) is not None:
        return True
    if _RELAYED.search(text, cut[-1].end() if cut else lo, f.pos) is not None:
        return True
    k = text.find(f.text, max(0, f.pos - 4)) if f.text else -1
    return k >= 0 and (
        _ATTRIBUTED_AFTER.match(text, k + len(f.text)) is not None
        or _QUOTED_AFTER.match(text, k + len(f.text)) is not None
    )


ATTRIBUTION_REACH = 80
