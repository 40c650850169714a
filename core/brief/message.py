"""The brief commit's message and its trailers (docs/brief.md), written and read back.

The message is the brief's provenance: which batch, the sha256 of every material as committed,
the sha256 of every spot-checked material, who reviewed, how the decisions split, which briefdesk
made it. Reading trailers back is git's job (`TRAILERS_FORMAT` in a `git log --format`), so
`history` reads thousands of messages in one git process with git's own rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from .. import __version__
from ..errors import BriefdeskError
from ..review.sessionfile import SessionData, counts
from ..text.sanitize import one_line
from .plan import make_plan

if TYPE_CHECKING:
    from ..review.load import Review
    from .content import BriefModel

BATCH = "Batch"
MATERIAL = "Material"
SPOT_CHECK = "Spot-check"
SUBJECT_MAX = 72
REVIEWED_BY = "Reviewed-by"
DECISIONS = "Decisions"
GENERATED_BY = "Generated-by"
GENERATOR = "briefdesk"

_UUIDISH = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]+)+|[0-9a-fA-F]{32,}")
_DECISIONS = re.compile(
    r"included=(\d+)\s+excluded=(\d+)\s+duplicates=(\d+)\s+confirmed=(\d+)/(\d+)"
)


def flatten(text: str) -> str:
    """One line for the commit message: `core.text.sanitize.one_line` (escape sequences, controls,
    line
    separators and bidi overrides removed; line breaks and runs of whitespace one space).

    A title with a newline would otherwise end the subject or forge a trailer line, and a U+202E
    would make `git log` show the subject in another order than it is stored.
    """
    return one_line(text)


def short_batch_id(batch_id: str) -> str:
    """`work-guard/e627b203-77c1-…` -> `work-guard/e627b203`: a UUID-like last segment is cut
    to its first 8 characters; any other id is kept whole."""
    head, sep, last = batch_id.rpartition("/")
    if _UUIDISH.fullmatch(last):
        last = last[:8]
    return head + sep + last


def subject_names(batch_id: str) -> list[str]:
    """How the subject may name the batch, shortest first when the id ends in a UUID, as
    docs/brief.md writes it (`e627b203`); the `Batch:` trailer always holds the whole id."""
    last = batch_id.rpartition("/")[2]
    if _UUIDISH.fullmatch(last):
        return list(dict.fromkeys([last[:8], short_batch_id(batch_id)]))
    return list(dict.fromkeys([batch_id, short_batch_id(batch_id)]))


def increments_phrase(model: BriefModel) -> str:
    """`6 increments`: the numbered entries of section 一 (increments and spot checks), which is
    what the subject counts; not the included items, several of which may form one increment."""
    n = len(model.entries)
    return f"{n} increment{'' if n == 1 else 's'}"


def decisions_value(tally: Mapping[str, int]) -> str:
    """The `Decisions:` trailer's value, from the session's tallies (`counts`)."""
    return (
        f"included={tally['included']} excluded={tally['excluded']} "
        f"duplicates={tally['duplicates']} confirmed={tally['confirmed']}/{tally['items']}"
    )


def summary(model: BriefModel, tally: Mapping[str, int]) -> str:
    """What the commit will say, in one line for a person (the commit screen): the subject's
    count of increments and the `Decisions:` trailer's figures, from the same two functions."""
    return (
        f"{increments_phrase(model)} (from {tally['included']} included items) · "
        f"{tally['excluded']} excluded ({tally['duplicates']} duplicates) · "
        f"confirmed {tally['confirmed']}/{tally['items']}"
    )


def subject_line(topic: str, date: str, increments: int, batch_id: str) -> str:
    """`brief(<topic>): E1 <date> · <n> increments from <batch>` within SUBJECT_MAX characters:
    the batch's name is shortened (and at worst cut with `…` or left out), never the topic."""
    noun = "increment" if increments == 1 else "increments"
    head = f"brief({topic}): E1 {date} · {increments} {noun}"
    names = subject_names(batch_id)
    for name in names:
        if len(head) + len(" from ") + len(name) <= SUBJECT_MAX:
            return f"{head} from {name}"
    room = SUBJECT_MAX - len(head) - len(" from ")
    if room >= 4:
        return f"{head} from {names[0][: room - 1]}…"
    return head


def commit_message(
    review: Review,
    data: SessionData,
    reviewer: str,
    *,
    hashes: Mapping[str, str] | None = None,
    model: BriefModel | None = None,
    manifest: tuple[str, str] | None = None,
) -> str:
    """The commit message docs/brief.md describes, ending with a newline.

    `manifest` (its path, "new" or "changed"): the commit also holds the batch's manifest, and
    a paragraph before the trailers says so (docs/git.md).

    `hashes` (path -> sha256 hex) overrides the hashes of the materials and spot checks as read;
    `commit_brief` passes the hashes of the blobs at HEAD, which is what `verify` recomputes.
    The increments' titles are the brief's (`model`, built here when not given).
    """
    hashes = hashes or {}
    if model is None:
        from .build import build_model

        model = build_model(review, data, reviewer=reviewer)
    date = review.workspace.brief_date(review.batch).isoformat()
    batch_id = flatten(review.batch.manifest.id)
    lines = [subject_line(flatten(review.topic), date, len(model.entries), batch_id), ""]
    if model.entries:
        for entry in model.entries:
            lines.append(f"{entry.number}. {flatten(entry.title)}")
        lines.append("")
    if manifest is not None:
        path, how = manifest
        lines.append(f"With the batch's manifest {flatten(path)} ({how}).")
        lines.append("")
    lines.append(f"{BATCH}: {batch_id}")
    for material in review.materials:
        digest = _digest(hashes, material.path, material.sha256)
        lines.append(f"{MATERIAL}: {flatten(material.path)} sha256:{digest}")
    for spot in make_plan([i.ref for i in review.items], data).spot_checks:
        lines.append(
            f"{SPOT_CHECK}: {flatten(spot.path)} sha256:{_digest(hashes, spot.path, spot.sha256)}"
        )
    c = counts(data)  # the same tallies as the brief header and the sidecar
    who = flatten(reviewer)
    if not who:
        raise BriefdeskError("the reviewer's name is empty")
    lines.append(f"{REVIEWED_BY}: {who}")
    lines.append(f"{DECISIONS}: {decisions_value(c)}")
    lines.append(f"{GENERATED_BY}: {GENERATOR} {__version__}")
    return "\n".join(lines) + "\n"


def _digest(hashes: Mapping[str, str], path: str, default: str) -> str:
    digest = hashes.get(path, default)
    if not re.fullmatch(r"[0-9a-f]{64}", digest):
        raise BriefdeskError(f"not a sha256 hex digest: {digest!r}", path)
    return digest


# -- reading ------------------------------------------------------------------------------------

# git's own trailer parser, asked through `git log --format`: the same rules as
# `git interpret-trailers --parse` (the trailer block, continuation lines unfolded, comments and
# non-trailer lines left out), and no second implementation of them here to drift from git's.
# Trailers are split by GS, a key from its value by FS: neither can be in a trailer briefdesk
# writes (`flatten`), and a hook's trailer holding one only loses its own value.
_GS, _FS = "\x1d", "\x1c"
TRAILERS_FORMAT = "%(trailers:only,unfold,separator=%x1d,key_value_separator=%x1c)"


_TRAILER_LINE = re.compile(r"([A-Za-z0-9][A-Za-z0-9-]*): (.*)")


def read_trailers(formatted: str, message: str | None = None) -> dict[str, list[str]]:
    """What `TRAILERS_FORMAT` printed -> token -> values, in message order.

    git reads trailers from the last paragraph only; a commit-msg hook that appends a trailer
    paragraph of its own (Gerrit's `Change-Id:`) leaves ours in the one before. Given the whole
    `message`, such a commit is still found: when git's trailers do not make a brief commit, the
    trailer paragraphs above them are read back to the one holding ours, and theirs are kept
    after ours (docs/git.md, "How history and verify read").
    """
    result: dict[str, list[str]] = {}
    for trailer in formatted.strip("\n").split(_GS):
        token, sep, value = trailer.partition(_FS)
        if sep and token:
            result.setdefault(token, []).append(value)
    if message is None or is_brief_commit(result):
        return result
    paragraphs = re.split(r"\n[ \t]*\n", message.strip("\n"))
    for paragraph in reversed(paragraphs[1:]):  # the subject's paragraph holds no trailers
        matches = [_TRAILER_LINE.fullmatch(line) for line in paragraph.split("\n")]
        if not all(matches):
            break
        block: dict[str, list[str]] = {}
        for m in matches:
            assert m is not None
            block.setdefault(m[1], []).append(m[2].strip())
        if is_brief_commit(block):
            for token, values in result.items():
                block.setdefault(token, []).extend(values)
            return block
    return result


def material_trailers(message: str) -> list[str]:
    """The `Material:` values of a message `commit_message` wrote (its trailers are all its own,
    one a line, so no parser is needed to read them back)."""
    prefix = f"{MATERIAL}: "
    return [line[len(prefix) :] for line in message.splitlines() if line.startswith(prefix)]


def parse_decisions(value: str) -> dict[str, int] | None:
    """`included=6 excluded=5 duplicates=3 confirmed=11/11` -> the five figures."""
    m = _DECISIONS.search(value)
    if not m:
        return None
    keys = ("included", "excluded", "duplicates", "confirmed", "total")
    return dict(zip(keys, (int(g) for g in m.groups()), strict=True))


def parse_material(value: str) -> tuple[str, str] | None:
    """`inbox/a b.md sha256:<hex>` -> (path, hex); the path may hold spaces."""
    path, sep, digest = value.rpartition(" sha256:")
    if not sep or not path or not re.fullmatch(r"[0-9a-fA-F]{64}", digest):
        return None
    return path, digest.lower()


def is_brief_commit(trailers: Mapping[str, list[str]]) -> bool:
    """A briefdesk commit names its batch and says briefdesk generated it."""
    generated = trailers.get(GENERATED_BY, [])
    return bool(trailers.get(BATCH)) and any(
        v == GENERATOR or v.startswith(GENERATOR + " ") for v in generated
    )
