"""Claims and the conflicts between them (docs/claims.md, docs/json.md), for section 二 of a brief.

A *claim* is a mention of a named project or model with a version and/or a date and a role word
(`SGLang 稳定版 v1.2.1（2026-09-23）`, `SGLang v0.5.21 (10/2) latest`, `TGI archived 2026-03`), made
by a batch item, a living-document section or an earlier brief's entry. A *conflict* is what a
careful reviewer would flag: two version lines each called current, one version with two dates,
or one fact that several materials repeat from a single original. The modules, one idea each:

- `dates`, `versions`: the written forms, when two dates agree, which line a version is on;
- `lexicon`: role words and what can be a name;
- `extract`: the claims of one text; `sources`: what a text cites as its original;
- `aliases`: a project's other names (`pip 包名 crfm-helm`); `named`: one named source repeated
  (`per the LMArena blog`) with no link; `lists`: one list of names copied;
- `conflicts`: the three rules, and what is never a conflict; `wording`: the drafted texts;
- `collect`: every claim of a review with its ref; `cache`: statements cached per text content.
"""

from __future__ import annotations

from .collect import review_claims, review_conflicts
from .conflicts import find_conflicts
from .extract import extract
from .types import Claim, Conflict, Statement

__all__ = [
    "Claim",
    "Conflict",
    "Statement",
    "extract",
    "find_conflicts",
    "review_claims",
    "review_conflicts",
]
