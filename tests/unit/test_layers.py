"""The layers (docs/architecture.md), held by import-linter's contracts in pyproject.toml: core
never imports the desk, the command line or Textual; the desk never imports the command line;
core's packages each stand only on those below them. Every import counts, inside a function too.

import-linter finds a package by its folder, and the editable install maps `briefdesk.core`,
`briefdesk.tui`, ... from the top-level folders, which a walk of `briefdesk/` never sees:
`.ci/importlinter/briefdesk` is a tree of links named as installed. These tests keep that tree
whole and show that the check sees the real code."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TREE = ROOT / ".ci" / "importlinter"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def test_the_link_tree_mirrors_the_installed_layout() -> None:
    """Every folder the install maps into `briefdesk` has its link, to that folder."""
    mapping: dict[str, str] = PYPROJECT["tool"]["setuptools"]["package-dir"]
    for name, folder in mapping.items():
        link = TREE.joinpath(*name.split("."))
        if name == "briefdesk":
            assert (link / "__init__.py").resolve() == (ROOT / folder / "__init__.py").resolve()
            assert (link / "cli").resolve() == (ROOT / folder / "cli").resolve()
        else:
            assert link.is_symlink() and link.resolve() == (ROOT / folder).resolve(), name


def test_the_graph_holds_every_module_of_core_and_tui() -> None:
    """Not vacuous: the graph import-linter builds has every module of the folders."""
    grimp = pytest.importorskip("grimp")
    code = (
        "import sys, grimp\n"
        "sys.path.insert(0, '.')\n"
        "g = grimp.build_graph('briefdesk', cache_dir=None)\n"
        "print('\\n'.join(sorted(g.modules)))\n"
    )
    assert grimp
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=TREE, capture_output=True, text=True, check=True
    )
    found = set(out.stdout.split())
    for folder, package in (("core", "briefdesk.core"), ("tui", "briefdesk.tui")):
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            assert ".".join((package, *parts)) in found, path


def test_lint_imports_keeps_every_contract() -> None:
    script = Path(sys.executable).with_name("lint-imports")
    if not script.exists():
        pytest.skip("import-linter is not installed (the `test` extra installs it)")
    out = subprocess.run(
        [str(script), "--no-cache", str(ROOT / "pyproject.toml")],
        cwd=TREE,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout
