"""Figures written in words, and when two written figures are one (docs/facts.md, "Figures
written another way").

A summary rewrites its material's numbers as often as its words: `three times` for `3 倍`,
`one to two points` for `1–2 个点`, `3 in 4` or `three times out of four` for `75%`, `四成半` for
`45%`, `2.05k` for `2,050`, `about 30%` for `约 30%`. A reader calls each pair one figure, so the
fact index must too, or every re-summary looks like a new result:

- `worded(text)` finds the figures a text writes with number words (English and Chinese), as
  fractions (`one in twenty`, `四分之三`) or with a word for the unit (`percent`, `成`, `倍`), each
  as the value its digits would give (`3×`, `45%`, `1–2`, `5%`);
- `agree(a, b)` says whether two values (`2.05K` and `2050`, `76%` and `75%` written about)
  are one figure: equal after their magnitude (`K`, `M`, `万` …), or one the other rounded to its
  written precision, or within APPROX of each other when either is written as approximate
  (`about`, `约`, `左右`, a fraction in words).

Every pattern is one pass that cannot backtrack (alternations of fixed words, no nested
repetition).
"""

from __future__ import annotations

import re
from functools import lru_cache

APPROX = 0.05  # relative gap two figures may have when either is written as approximate

_EN_UNITS = {
    "zero": 0,
    "one": 1,
    "a single": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_EN_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_EN_SMALL = "one|two|three|four|five|six|seven|eight|nine"
_EN_WORD = (
    r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:"
    + _EN_SMALL
    + r"))?|a hundred|one hundred|hundred|zero|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
)
_DIGITS = r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?"
_EN_NUM = rf"(?:{_DIGITS}|{_EN_WORD})"
_ZH_DIGIT = "零〇一二两三四五六七八九"
_ZH_NUM = rf"[{_ZH_DIGIT}十百千]+"
_NUM_ANY = rf"(?:{_DIGITS}|{_ZH_NUM})"

# where a figure in words can start, tested first at each position (one class, not every
# alternative of `_WORDED`): a digit, a Chinese numeral, or a letter that starts a number word
# (every English alternative forbids a letter before it). It removes no match; a new
# alternative starting otherwise must widen it (tests/unit/test_numerals.py checks)
_FIGURE_START = rf"(?=[0-9{_ZH_DIGIT}十百千]|(?<![A-Za-z])[adefhnostz])"
_WORDED = re.compile(
    _FIGURE_START + "(?:"
    # `3 in 4`, `three times out of four`, `one in every twenty`: a share
    rf"(?<![A-Za-z0-9.,])(?P<fn>{_EN_NUM})(?:\s+times)?\s+(?:in|out\s+of)\s+(?:every\s+)?"
    rf"(?P<fd>{_EN_NUM})(?![A-Za-z0-9%])"
    # `one to two points`, `twenty to thirty`: a range (digits: `20 to 30 points` too)
    rf"|(?<![A-Za-z0-9.,])(?P<ra>{_EN_NUM})\s+to\s+(?P<rb>{_EN_NUM})(?=\s+(?:points?|pp|"
    rf"percentage\s+points?|Elo|votes|days|weeks|runs)\b)"
    # `three times`, `one bit`, `forty percent`, `twice`
    rf"|(?<![A-Za-z0-9.,])(?P<wn>{_EN_WORD})[\s-]+(?P<wu>times|bits?|percent|per\s+cent)"
    r"(?![A-Za-z])"
    r"|(?<![A-Za-z])(?P<twice>twice|double|half)(?=\s+(?:as|the|that|of)\b)"
    # `四分之三`: three quarters
    rf"|(?P<zd>{_NUM_ANY})分之(?P<zn>{_NUM_ANY})"
    # `百分之四十五`
    rf"|百分之(?P<zp>{_NUM_ANY})"
    # `四成半`, `三成`, `九成五`: tenths
    rf"|(?<![{_ZH_DIGIT}十百千0-9])(?P<zc>[{_ZH_DIGIT}十])成(?P<zc2>半|[一二三四五六七八九](?![成十百千万]))?"
    r"(?![本功果员熟立绩长为都])"
    # `三倍`, `三百万` (a count: `3M`; `每百万 token` is per million, no figure)
    rf"|(?<![{_ZH_DIGIT}十百千每])(?P<zx>{_ZH_NUM})\s?(?P<zu>倍|万|亿)"
    # `100 万条`, `1.5 亿`: a magnitude after digits
    # (a comma only after a digit: `1,240`; `，7.6 万条` is NFKC's `,7.6 万条`, a figure)
    rf"|(?<![0-9.])(?<![0-9],)(?P<dm>{_DIGITS})\s?(?P<du>万|亿|thousand|million|billion)(?![A-Za-z]))",
    re.IGNORECASE,
)
_APPROX_BEFORE = re.compile(
    r"(?i:about|around|roughly|approximately|nearly|almost|some|close\s+to|on\s+the\s+order\s+of)"
    r"\s*$|(?:约|大约|大概|大致|近|接近|将近|差不多|~|≈|∼)\s*(?:为|是|有)?\s*$"
)
_APPROX_AFTER = re.compile(r"^\s*(?:左右|上下|出头|多)")
_MAGNITUDE = {"K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12, "万": 1e4, "亿": 1e8}
_VALUE = re.compile(r"(?P<num>[0-9]+(?:\.[0-9]+)?)(?P<unit>.*)")


def en_number(word: str) -> float | None:
    """`three` -> 3, `twenty-five` -> 25, `1,240` -> 1240, `a hundred` -> 100."""
    w = " ".join(word.casefold().replace("-", " ").split())
    if w and (w[0].isdigit()):
        try:
            return float(w.replace(",", ""))
        except ValueError:
            return None
    if w in _EN_UNITS:
        return float(_EN_UNITS[w])
    if w in ("hundred", "a hundred", "one hundred"):
        return 100.0
    parts = w.split(" ")
    if parts[0] in _EN_TENS:
        rest = _EN_UNITS.get(" ".join(parts[1:]), 0) if len(parts) > 1 else 0
        return float(_EN_TENS[parts[0]] + rest)
    return None


def zh_number(word: str) -> float | None:
    """`四十五` -> 45, `三百` -> 300, `两千三` -> 2300, `一百零五` -> 105, `十` -> 10, `45` -> 45.

    Written here rather than taken from cn2an, which reads the same numerals: importing cn2an
    costs 0.24–0.58 s per process (measured 2026-12-02), and the scan needs only up to 千 (万 and
    亿 are magnitudes read apart). tests/unit/test_numerals.py checks this against cn2an."""
    if word[:1].isdigit():
        try:
            return float(word.replace(",", ""))
        except ValueError:
            return None
    digit = {c: k for k, c in enumerate("零一二三四五六七八九")} | {"〇": 0, "两": 2}
    scale = {"十": 10, "百": 100, "千": 1000}
    total, current, last_scale, zero = 0, 0, 0, False
    for c in word:
        if c in digit:
            if current:
                return None  # `一二`: two digits without a scale are a list, not a numeral
            current = digit[c]
            zero = zero or digit[c] == 0
        elif c in scale:
            total += (current or 1) * scale[c]
            last_scale, current, zero = scale[c], 0, False
        else:
            return None
    if current and last_scale >= 100 and not zero:
        total += current * last_scale // 10  # `两千三`: 2300 (but `一百零五`: 105)
    else:
        total += current
    return float(total)


def show(x: float) -> str:
    """A number as the fact index writes it: no trailing zeros (`45`, `0.5`, `2.05`)."""
    s = f"{x:.6f}".rstrip("0").rstrip(".")
    return s or "0"


def scaled(x: float) -> str:
    """A count as the fact index writes one with a magnitude: `3000000` -> `3M`, `2050` ->
    `2.05K` (the unit `K`/`M`/`B` the extractor reads after digits)."""
    for suffix, size in (("B", 1e9), ("M", 1e6), ("K", 1e3)):
        if x >= size:
            return f"{show(x / size)}{suffix}"
    return show(x)


def worded(text: str) -> list[tuple[int, int, str, bool]]:
    """The figures `text` writes in words or as a share, in text order: (start, end, value as
    the fact index writes it, written as approximate)."""
    out: list[tuple[int, int, str, bool]] = []
    for m in _WORDED.finditer(text):
        value = _value_of(m)
        if value is None:
            continue
        approx = bool(m.group("fn")) or _approximate(text, m.start(), m.end())
        out.append((m.start(), m.end(), value, approx))
    return out


def _value_of(m: re.Match[str]) -> str | None:
    g = m.group
    if g("fn"):
        n, d = en_number(g("fn")), en_number(g("fd"))
        if n is None or not d or n >= d:
            return None
        return f"{show(round(100 * n / d, 1))}%"
    if g("ra"):
        a, b = en_number(g("ra")), en_number(g("rb"))
        if a is None or b is None or a >= b or a != int(a) or b != int(b):
            return None
        if g("ra")[0].isdigit() and g("rb")[0].isdigit():
            pass  # `20 to 30 points`: the range `20–30` written with a word
        return f"{int(a)}–{int(b)}"
    if g("wn"):
        n = en_number(g("wn"))
        if n is None:
            return None
        unit = g("wu").casefold()
        if unit == "times":
            return f"{show(n)}×"
        if unit.startswith("bit"):
            return f"{show(n)}bit"
        return f"{show(n)}%"
    if g("twice"):
        return "2×" if g("twice").casefold() in ("twice", "double") else "0.5×"
    if g("zd"):
        d, n = zh_number(g("zd")), zh_number(g("zn"))
        if n is None or not d or n >= d:
            return None
        return f"{show(round(100 * n / d, 1))}%"
    if g("zp"):
        p = zh_number(g("zp"))
        return None if p is None else f"{show(p)}%"
    if g("zc"):
        tenths = zh_number(g("zc"))
        if tenths is None or tenths > 10:
            return None
        extra = g("zc2") or ""
        pct = tenths * 10 + (5 if extra == "半" else (zh_number(extra) or 0) if extra else 0)
        return f"{show(pct)}%"
    if g("zx"):
        n = zh_number(g("zx"))
        if n is None:
            return None
        if g("zu") == "倍":
            # `快一倍` is twice as fast, `是…的一倍` as much: 一倍 says no figure either way
            return f"{show(n)}×" if n != 1 else None
        return scaled(n * _MAGNITUDE[g("zu")])
    if g("dm"):
        n = float(g("dm").replace(",", ""))
        unit = g("du").casefold()
        size = {"万": 1e4, "亿": 1e8, "thousand": 1e3, "million": 1e6, "billion": 1e9}[unit]
        return scaled(n * size)
    return None


def _approximate(text: str, start: int, end: int) -> bool:
    """Whether a figure is written as approximate: `about`, `约`, `~` before it, `左右` after."""
    return bool(
        _APPROX_BEFORE.search(text, max(0, start - 20), start)
        or _APPROX_AFTER.match(text[end : end + 4])
    )


def approximate(text: str, start: int, end: int) -> bool:
    """`_approximate`, for the extractor's figures."""
    return _approximate(text, start, end)


_SPAN = re.compile(r"(?P<a>[0-9]+(?:\.[0-9]+)?)–(?P<b>[0-9]+(?:\.[0-9]+)?)(?P<unit>.*)")


@lru_cache(maxsize=4096)
def span(value: str) -> tuple[float, float, str] | None:
    """A range's bounds and unit (`2–4ms` -> (2, 4, "ms"), `20–30` -> (20, 30, "")); None for
    a single figure."""
    m = _SPAN.fullmatch(value)
    if m is None:
        return None
    a, b = float(m.group("a")), float(m.group("b"))
    return min(a, b), max(a, b), m.group("unit")


def _within(point: str, bounds: tuple[float, float, str]) -> bool:
    """Whether a single figure lies inside a range of the same unit (`3ms` in `2–4ms`)."""
    n = numeric(point)
    return n is not None and n[1] == bounds[2] and bounds[0] <= n[0] <= bounds[1]


@lru_cache(maxsize=4096)
def numeric(value: str) -> tuple[float, str, int, int] | None:
    """A figure's value as (number, unit, decimals written, significant digits written): `2.05K`
    -> (2050, "", -1, 3), `12%` -> (12, "%", 0, 2), `3×` -> (3, "×", 0, 1); a magnitude (`K`,
    `M`, `万`) is part of the number. None for a range (`20–30`), which compares as written."""
    m = _VALUE.fullmatch(value)
    if m is None or _SPAN.fullmatch(value):
        return None
    num, unit = m.group("num"), m.group("unit")
    decimals = len(num.split(".")[1]) if "." in num else 0
    significant = len(num.replace(".", "").lstrip("0"))
    x = float(num)
    if unit in _MAGNITUDE:
        x *= _MAGNITUDE[unit]
        decimals -= {1e3: 3, 1e4: 4, 1e6: 6, 1e8: 8, 1e9: 9, 1e12: 12}[_MAGNITUDE[unit]]
        unit = ""
    return x, unit, decimals, significant


@lru_cache(maxsize=1 << 16)
def agree(a: str, b: str, approx: bool = False) -> bool:
    """Whether two figure values are one figure (module doc): `approx` when either is written
    as approximate. Kept per pair of values: a scan asks of the same few thousand pairs some
    hundred times each (each item's figures against every section's near them)."""
    if a == b:
        return True
    ra, rb = span(a), span(b)
    if ra is not None or rb is not None:
        # a range with its unit agrees with a figure inside it (`2–4 ms` and `3 ms`), and with
        # a range it holds or that holds it (`2–4 ms` and `2–3 ms`): it states no single value.
        # One with no unit compares as written: `前 50–100 条` is a count, not every score
        # between (`nDCG@10 56.5`)
        if (ra is not None and not ra[2]) or (rb is not None and not rb[2]):
            return False
        if ra is not None and rb is not None:
            return ra[2] == rb[2] and (
                ra[0] <= rb[0] <= rb[1] <= ra[1] or rb[0] <= ra[0] <= ra[1] <= rb[1]
            )
        return _within(b, ra) if ra is not None else _within(a, rb)  # type: ignore[arg-type]
    na, nb = numeric(a), numeric(b)
    if na is None or nb is None or na[1] != nb[1]:
        return False
    (x, _, da, sa), (y, _, db, sb) = na, nb
    if x == y:
        return True
    # one is the other rounded to its written precision (`0.953` and `0.95`, `75.8%` and `76%`;
    # a one-digit figure, `0.9`, is too coarse to say so unless written as approximate)
    coarse, fine, d, s = (x, y, da, sa) if da < db else (y, x, db, sb)
    if da != db and s >= 2 and abs(fine - coarse) <= 0.5 * 10.0 ** (-d) + 1e-9:
        return True
    # written as approximate: within APPROX of each other, and within one unit of the coarser
    # figure's last written digit (`about 31%` and `30% 左右`; `约 86` is not `84.1`, `约 0.55`
    # not `0.53`: a score's next value is a few per cent away, a new result, not a rounding)
    gap = min(APPROX * max(abs(x), abs(y)), max(_last_digit(x, da), _last_digit(y, db)))
    return approx and abs(x - y) <= gap + 1e-9


def _last_digit(x: float, decimals: int) -> float:
    """One unit of a figure's last written digit: `0.55` -> 0.01, `86` -> 1, `5,300` -> 100,
    `2.05K` -> 10."""
    if decimals != 0:
        return 10.0 ** (-decimals)
    n, unit = round(abs(x)), 1.0
    while n and n % 10 == 0:
        n //= 10
        unit *= 10
    return unit
