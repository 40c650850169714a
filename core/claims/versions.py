"""Version numbers as materials write them, and which *line* a version belongs to.

`v1.2.1`, `0.5.22.dev`, `v0.5.21`, `1.3`, `v0.30.0rc1` are versions; the line is the series a
project keeps current in parallel with others: the major number, or for a `0.x` version its minor
number too (`0.5.x`), as semantic versioning treats `0.y` as the level that breaks. So `v0.5.20`
and `v0.5.22.dev` are one line, `v1.2` and its patch release `v1.2.1` are one line, and `v1.2.1`
and `v0.5.21` are two: a project whose documents call both current has two lines to label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# The number itself; callers add what may stand around it.
VERSION_PATTERN = (
    r"(?P<v>[vV])?(?P<num>[0-9]{1,4}(?:\.[0-9]{1,4}){1,3})"
    r"(?P<pre>(?:[.\-]?(?:dev|rc|post|alpha|beta|pre|a|b)[0-9]*)?)"
)
_NUM = re.compile(VERSION_PATTERN)


@dataclass(frozen=True)
class Version:
    parts: tuple[int, ...]
    pre: str  # "dev", "rc1", "" for a release

    @property
    def line(self) -> str:
        """`1.x` for 1.2.1, `0.5.x` for 0.5.21."""
        if self.parts[0] == 0 and len(self.parts) > 1:
            return f"0.{self.parts[1]}.x"
        return f"{self.parts[0]}.x"

    @property
    def padded(self) -> tuple[int, int, int]:
        """The parts releases are compared by: `0.30` and `0.30.0` are one."""
        a, b, c = (*self.parts, 0, 0, 0)[:3]
        return a, b, c

    @property
    def release(self) -> tuple[int, ...]:
        """The parts that name a release rather than a patch of one: `1.20` of `1.20.4`; a 0.x
        project counts its releases in the third number (`0.18.3` is a release of its own)."""
        return self.padded[: 3 if self.parts[0] == 0 else 2]

    @property
    def key(self) -> str:
        """What two spellings of one version share: `v0.5.22.dev` and `0.5.22-dev`."""
        parts = list(self.parts)
        while len(parts) > 2 and parts[-1] == 0:
            parts.pop()  # 0.30.0 and 0.30 are the same release
        return ".".join(map(str, parts)) + (f"-{self.pre}" if self.pre else "")


def parse_version(text: str) -> Version | None:
    match = _NUM.fullmatch(text.strip())
    if match is None:
        return None
    parts = tuple(int(p) for p in match.group("num").split("."))
    pre = match.group("pre").lstrip(".-").lower()
    return Version(parts, pre)


def line_label(line: str) -> str:
    """How a brief names a line: `v1.x`, `v0.5.x`."""
    return f"v{line}"
