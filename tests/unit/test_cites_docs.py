"""Code and tests cite pages of docs/, never the product contract's section numbers or an issue's
number: a reader of the repository has neither (the house rule in docs/architecture.md).

Only comments and docstrings are read: test data may well name an issue of another project."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".git", ".venv", "venv", "__pycache__", "corpus", "build", "dist", "importlinter"}
# the contract by name (with or without a section sign), or an issue by its number
CITE = re.compile(r"PRODUCT(?:\.md)?\s*§|\bPRODUCT\b(?!_)|\bissues?[\s-]+#?\d+\b")


def comments_and_docstrings(source: str) -> list[tuple[int, str]]:
    """(line, text) of every comment and bare string statement (docstrings) of `source`."""
    bare = {
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }
    return [
        (tok.start[0], tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and tok.start[0] in bare)
    ]


def python_files() -> list[Path]:
    return [p for p in sorted(ROOT.rglob("*.py")) if not SKIP & set(p.relative_to(ROOT).parts)]


def test_no_contract_section_or_issue_number_is_cited() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line + text[: m.start()].count(chr(10))}: {m.group()}"
        for path in python_files()
        for line, text in comments_and_docstrings(path.read_text("utf-8"))
        for m in CITE.finditer(text)
    ]
    assert found == []


def test_the_check_sees_a_cite_and_not_data() -> None:
    source = (
        '"""Bad input (issue 4)."""\n'
        "# as the contract's PRODUCT \u00a78 says\n"
        'NEWS = "issue 112"  # data\n'
    )
    hits = [m.group() for _, t in comments_and_docstrings(source) for m in CITE.finditer(t)]
    assert hits == ["issue 4", "PRODUCT \u00a7"]
    assert len(python_files()) > 100
