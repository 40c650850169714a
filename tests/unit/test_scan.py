"""`briefdesk scan`'s table: columns measured in terminal cells as rich measures them."""

from __future__ import annotations

import pytest
from briefdesk.core.commands.scan import fit
from rich.cells import cell_len


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        ("abc", 5, "abc  "),
        ("abcdef", 6, "abcdef"),
        ("abcdefg", 6, "abcde…"),
        ("中文标题", 5, "中文…"),
        ("中文标题", 4, "中… "),  # a wide character is never cut in half
        ("👩‍💻 dev", 6, "👩‍💻 dev"),  # ZWJ sequence: one glyph, two cells
        ("❤️❤️❤️❤️", 6, "❤️❤️… "),  # VS16 makes the heart two cells
        ("a\x1b[2Jb", 8, "a␛[2Jb  "),
        ("  a \n b  ", 4, "a b "),
    ],
)
def test_fit(text: str, width: int, expected: str) -> None:
    assert fit(text, width) == expected
    assert cell_len(fit(text, width)) == width
