"""One YAML reader for every file the tool reads: manifests, settings, keymaps, front matter.

Scalars stay strings (a title `no` or `1.10` is not a bool or a float; pydantic coerces the fields
that are typed otherwise), `~`/`null`/empty are None, aliases are refused before they expand (an
alias bomb costs nothing), nesting is capped so a 10,000-level document is an error, not a
RecursionError, and a key given twice in one mapping is refused, naming the key and both its lines
(YAML itself says keys are unique; PyYAML would keep the last silently, so a second `materials:`
would drop the first list).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from ..errors import BriefdeskError
from .fileio import read_text

MAX_DEPTH = 64

M = TypeVar("M", bound=BaseModel)


def _refuse_duplicate_keys(node: Any) -> None:
    """A mapping node whose keys are unique; else a YAML error at the second one."""
    if not isinstance(node, yaml.MappingNode):
        return
    seen: dict[Any, Any] = {}
    for key, _ in node.value:
        if not isinstance(key, yaml.ScalarNode):
            continue  # a complex key (a list as a key): BaseConstructor refuses it anyway
        first = seen.setdefault(key.value, key)
        if first is not key:
            raise yaml.MarkedYAMLError(
                None,
                None,
                f"duplicate key {key.value!r} (lines {first.start_mark.line + 1} and "
                f"{key.start_mark.line + 1})",
                key.start_mark,
            )


class _Unique:
    """Mapping construction that refuses a key given twice (both loaders)."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        _refuse_duplicate_keys(node)
        return super().construct_mapping(node, deep=deep)  # type: ignore[misc]


class _Loader(_Unique, yaml.BaseLoader):
    """BaseLoader (everything a string) plus null, minus aliases, deep nesting and duplicate
    keys."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.MarkedYAMLError(None, None, "YAML aliases are not allowed", event.start_mark)
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.MarkedYAMLError(
                    None,
                    None,
                    f"nested more than {MAX_DEPTH} levels deep",
                    self.peek_event().start_mark,
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_Loader.add_implicit_resolver("tag:yaml.org,2002:null", _NULL, ["~", "n", "N", ""])
_Loader.add_constructor("tag:yaml.org,2002:null", lambda loader, node: None)

_CBase: Any = getattr(yaml, "CBaseLoader", None)  # libyaml, when PyYAML was built with it
if _CBase is not None:

    class _CLoader(_Unique, _CBase):
        """The same reading as `_Loader`, parsed and composed in C (~10x faster)."""

    _CLoader.add_implicit_resolver("tag:yaml.org,2002:null", _NULL, ["~", "n", "N", ""])
    _CLoader.add_constructor("tag:yaml.org,2002:null", lambda loader, node: None)


def _fast(text: str) -> Any:
    """Load with libyaml after checking, from its events alone, that there is no alias and no
    deep nesting; anything unusual (an error, a control character) is left to the Python loader,
    whose messages name the line. A thousand materials' front matter is the desk's first-paint
    cost, which is why this path exists."""
    depth = 0
    for event in yaml.parse(text, Loader=_CBase):
        if isinstance(event, yaml.AliasEvent):
            raise _Fallback
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH - 1:
                raise _Fallback
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return yaml.load(text, Loader=_CLoader)


# tags, anchors, aliases and directives: rare in these files, and where the two loaders may differ
_UNUSUAL = re.compile(r"[!&*%]")


class _Fallback(Exception):
    """The fast path declines; the Python loader decides."""


def loads(text: str, source: str | Path) -> Any:
    """Parse YAML text; any problem is a one-line BriefdeskError naming `source`."""
    if (
        _CBase is not None
        and not _UNUSUAL.search(text)
        and not yaml.reader.Reader.NON_PRINTABLE.search(text)
    ):
        try:
            return _fast(text)
        except (_Fallback, yaml.YAMLError, RecursionError):
            pass
    try:
        return yaml.load(text, Loader=_Loader)  # a BaseLoader: no object construction
    except yaml.MarkedYAMLError as exc:
        where = f" at line {exc.problem_mark.line + 1}" if exc.problem_mark else ""
        problem = exc.problem or exc.context or "bad YAML"
        raise BriefdeskError(f"not valid YAML{where}: {problem}", source) from None
    except (
        yaml.reader.ReaderError
    ) as exc:  # a control or non-character: say which, and on what line
        line = text[: exc.position].count("\n") + 1 if isinstance(exc.position, int) else None
        what = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
        where = f" at line {line}" if line else ""
        raise BriefdeskError(
            f"not valid YAML{where}: character {what} is not allowed in YAML", source
        ) from None
    except yaml.YAMLError as exc:
        raise BriefdeskError(f"not valid YAML: {exc}", source) from None
    except RecursionError:
        raise BriefdeskError("not valid YAML: nested too deeply", source) from None


def load_file(path: Path, display: str | Path) -> Any:
    return loads(read_text(path, display), display)


def key_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic error's location as messages show it: list items counted from 1, as lines and
    items are everywhere else (`brief.increments.1` is the first increment)."""
    return ".".join(str(p + 1) if isinstance(p, int) else str(p) for p in loc)


def first_error(exc: ValidationError) -> str:
    """One line from a pydantic error, its first problem: `materials.1.path: Field required`
    (list items counted from 1: `key_path`)."""
    err = exc.errors()[0]
    where = key_path(err["loc"])
    return f"{where}: {err['msg']}" if where else err["msg"]


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """The 1-based line of every mapping key of a YAML document, by its path of keys (list items
    by their index as a string): what an error message needs to say *where* a bad key is."""
    try:
        root = yaml.compose(text, Loader=_Loader)
    except (yaml.YAMLError, RecursionError):
        return {}
    found: dict[tuple[str, ...], int] = {}

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                here = (*path, str(key.value))
                found.setdefault(here, key.start_mark.line + 1)
                walk(value, here)
        elif isinstance(node, yaml.SequenceNode):
            for index, value in enumerate(node.value):
                here = (*path, str(index))
                found.setdefault(here, value.start_mark.line + 1)
                walk(value, here)

    walk(root, ())
    return found


_MESSAGES = {"extra_forbidden": "unknown key", "missing": "required"}


def every_error(exc: ValidationError, lines: dict[tuple[str, ...], int] | None = None) -> str:
    """Every problem of a pydantic error on one line, each with its key path and, when `lines`
    knows it, the line: `line 2: reviewr: unknown key; line 9: dedup.threshold: Input should be
    less than or equal to 100`."""
    problems = []
    for err in exc.errors():
        loc = tuple(str(p) for p in err["loc"])  # as `key_lines` has them, from 0
        where = key_path(err["loc"])
        msg = _MESSAGES.get(err["type"], err["msg"])
        line = None
        for end in range(len(loc), 0, -1):
            line = (lines or {}).get(loc[:end])
            if line is not None:
                break
        text = f"{where}: {msg}" if where else msg
        problems.append(f"line {line}: {text}" if line is not None else text)
    if len(problems) == 1:
        return problems[0]
    return f"{len(problems)} problems: " + "; ".join(problems)


def load_mapping(
    path: Path,
    display: str | Path,
    *,
    empty_ok: bool = False,
    not_mapping: str = "must be a mapping",
) -> dict[Any, Any]:
    """A YAML file that must hold a mapping; an empty file is `{}` when `empty_ok`, else refused
    with `not_mapping` like any other non-mapping. Every problem is a BriefdeskError naming
    `display`."""
    raw = load_file(path, display)
    if raw is None and empty_ok:
        return {}
    if not isinstance(raw, dict):
        raise BriefdeskError(not_mapping, display)
    return raw


def load_model(
    path: Path,
    display: str | Path,
    model: type[M],
    *,
    empty_ok: bool = False,
    not_mapping: str = "must be a mapping",
) -> M:
    """Load a YAML mapping (`load_mapping`) and validate it as `model`; a validation error is its
    first problem (`first_error`), one line naming `display`."""
    raw = load_mapping(path, display, empty_ok=empty_ok, not_mapping=not_mapping)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise BriefdeskError(first_error(exc), display) from None
