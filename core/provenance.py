"""The brief commit's message and its trailers (PRODUCT §10), written and read back.

The message is the brief's provenance: which batch, the sha256 of every material as committed,
the sha256 of every spot-checked material, who reviewed, how the decisions split, which briefdesk
made it. `parse_trailers` is a pure-Python
port of `git interpret-trailers --parse` (git 2.39 `trailer.c`, default configuration) so that
`history` can read thousands of messages without a git process each; a test checks they agree.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from . import __version__
from .brief.plan import make_plan
from .errors import BriefdeskError
from .state import SessionData, counts
from .textsafe import one_line

if TYPE_CHECKING:
    from .brief.model import BriefModel
    from .review import Review

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
    """One line for the commit message: `core.textsafe.one_line` (escape sequences, controls, line
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
    """How the subject may name the batch, shortest first when the id ends in a UUID, as PRODUCT
    §10 writes it (`e627b203`); the `Batch:` trailer always holds the whole id."""
    last = batch_id.rpartition("/")[2]
    if _UUIDISH.fullmatch(last):
        return list(dict.fromkeys([last[:8], short_batch_id(batch_id)]))
    return list(dict.fromkeys([batch_id, short_batch_id(batch_id)]))


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
) -> str:
    """The commit message of PRODUCT §10, ending with a newline.

    `hashes` (path -> sha256 hex) overrides the hashes of the materials and spot checks as read;
    `commit_brief` passes the hashes of the blobs at HEAD, which is what `verify` recomputes.
    The increments' titles are the brief's (`model`, built here when not given).
    """
    hashes = hashes or {}
    if model is None:
        from .brief.build import build_model

        model = build_model(review, data, reviewer=reviewer)
    date = review.workspace.brief_date(review.batch).isoformat()
    batch_id = flatten(review.batch.manifest.id)
    lines = [subject_line(flatten(review.topic), date, len(model.entries), batch_id), ""]
    if model.entries:
        for entry in model.entries:
            lines.append(f"{entry.number}. {flatten(entry.title)}")
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
    lines.append(
        f"{DECISIONS}: included={c['included']} excluded={c['excluded']} "
        f"duplicates={c['duplicates']} confirmed={c['confirmed']}/{c['items']}"
    )
    lines.append(f"{GENERATED_BY}: {GENERATOR} {__version__}")
    return "\n".join(lines) + "\n"


def _digest(hashes: Mapping[str, str], path: str, default: str) -> str:
    digest = hashes.get(path, default)
    if not re.fullmatch(r"[0-9a-f]{64}", digest):
        raise BriefdeskError(f"not a sha256 hex digest: {digest!r}", path)
    return digest


# -- reading ------------------------------------------------------------------------------------

_SPACE = " \t\n\v\f\r"  # C isspace(), not Python's Unicode notion
_COMMENT = "#"
_GIT_GENERATED = ("Signed-off-by: ", "(cherry picked from commit ")
_SCISSORS = "\n# ------------------------ >8 ------------------------\n"


def _is_blank(line: str) -> bool:
    return all(c in _SPACE for c in line)


def _find_separator(line: str) -> int:
    """git's find_separator for the default `:`: a token of ASCII alnum and `-`, optional blanks."""
    whitespace_found = False
    for i, c in enumerate(line):
        if c == ":":
            return i
        if not whitespace_found and ((c.isascii() and c.isalnum()) or c == "-"):
            continue
        if i and c in " \t":
            whitespace_found = True
            continue
        break
    return -1


def _end_of_message(message: str) -> int:
    """Offset past the part that can hold trailers (git's find_end_of_log_message): before a
    `---` divider line, then before a scissors line and trailing blank, comment and old
    `Conflicts:` lines (git's ignore_non_trailer, quirks included)."""
    end = len(message)
    pos = 0
    while pos < len(message):
        if message.startswith("---", pos) and pos + 3 < len(message) and message[pos + 3] in _SPACE:
            end = pos
            break
        nl = message.find("\n", pos)
        pos = len(message) if nl < 0 else nl + 1
    buf = message[:end]
    cutoff = len(buf)
    if buf.startswith(_SCISSORS[1:]):
        cutoff = 0
    else:
        found = message.find(_SCISSORS)  # git searches the whole input
        if found >= 0:
            cutoff = min(found + 1, cutoff)
    boc = 0  # git's "beginning of comments"; 0 doubles as unset, as in git
    in_conflicts = False
    bol = 0
    while bol < cutoff:
        nl = buf.find("\n", bol, cutoff)
        following = cutoff if nl < 0 else nl + 1
        first = buf[bol]
        if first in (_COMMENT, "\n"):
            boc = boc or bol
        elif buf.startswith("Conflicts:\n", bol):
            in_conflicts = True
            boc = boc or bol
        elif in_conflicts and first == "\t":
            pass
        elif boc:
            boc = 0
            in_conflicts = False
        bol = following
    return boc or cutoff


def _trailer_block_start(lines: list[str], end: int) -> int:
    """git's find_trailer_start: the last paragraph, when all of it is trailers or it holds a
    git-generated trailer and at least a quarter of it is trailers; `end` when there is none."""
    title_end = 0
    while title_end < end:
        line = lines[title_end]
        if not line.startswith(_COMMENT) and _is_blank(line):
            break
        title_end += 1
    only_spaces = True
    recognized = False
    trailers = non_trailers = continuations = 0
    for i in range(end - 1, title_end - 1, -1):
        line = lines[i]
        if line.startswith(_COMMENT):
            non_trailers += continuations
            continuations = 0
            continue
        if _is_blank(line):
            if only_spaces:
                continue
            non_trailers += continuations
            if recognized and trailers * 3 >= non_trailers:
                return i + 1
            if trailers and not non_trailers:
                return i + 1
            return end
        only_spaces = False
        if line.startswith(_GIT_GENERATED):
            trailers += 1
            continuations = 0
            recognized = True
            continue
        if _find_separator(line) >= 1 and line[0] not in _SPACE:
            trailers += 1
            continuations = 0
        elif line[0] in _SPACE:
            continuations += 1
        else:
            non_trailers += 1 + continuations
            continuations = 0
    return end


def parse_trailers(message: str) -> dict[str, list[str]]:
    """The trailers of a commit message, token -> values in order, as
    `git interpret-trailers --parse` reports them (continuation lines unfolded)."""
    result: dict[str, list[str]] = {}
    for token, value in trailer_list(message):
        result.setdefault(token, []).append(value)
    return result


def trailer_list(message: str) -> list[tuple[str, str]]:
    """The trailers in message order, each `(token, value)` as one `--parse` output line."""
    body = message[: _end_of_message(message)]
    parts = body.split("\n")  # git splits on LF only, not on \r, \f or U+2028
    lines = [p + "\n" for p in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1] + "\n")
    end = len(lines)
    start = _trailer_block_start(lines, end)
    merged: list[str] = []
    last_is_trailer = False
    for line in lines[start:end]:
        if last_is_trailer and line[0] in _SPACE:
            merged[-1] += line
            continue
        merged.append(line)
        last_is_trailer = _find_separator(line) >= 1
    result: list[tuple[str, str]] = []
    for text in merged:
        if text.startswith(_COMMENT):
            continue
        pos = _find_separator(text)
        if pos < 1:
            continue
        token = text[:pos].strip(_SPACE)
        value = re.sub(r"\n[" + _SPACE + r"]*", " ", text[pos + 1 :].strip(_SPACE)).strip(_SPACE)
        result.append((token, value))
    return result


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
