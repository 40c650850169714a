"""The installed layout (docs/architecture.md): one import package, `briefdesk`, mapped from the
repository's top-level folders. The layers (core never imports the desk) are import-linter's
contracts: tests/unit/test_layers.py."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def _setuptools() -> dict:
    return PYPROJECT["tool"]["setuptools"]


def test_every_package_folder_is_listed_and_nothing_else() -> None:
    """`packages` is written out by hand (setuptools cannot discover renamed folders): a new
    subpackage left out of it would be missing from the wheel, as `tui.screens` once was."""
    mapping: dict[str, str] = _setuptools()["package-dir"]
    found = set()
    for name, folder in mapping.items():
        base = ROOT / folder
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base)
            # the demo's workspace is data, not a package
            if "__pycache__" in rel.parts or (
                name == "briefdesk.demo" and rel.parts[:1] == ("workspace",)
            ):
                continue
            found.add(".".join([name, *rel.parts]) if rel.parts else name)
    assert set(_setuptools()["packages"]) == found


def test_the_only_top_level_name_is_briefdesk() -> None:
    assert {p.split(".")[0] for p in _setuptools()["packages"]} == {"briefdesk"}
    assert PYPROJECT["project"]["scripts"] == {"briefdesk": "briefdesk.cli:run"}


def _imported_after(modules: list[str]) -> set[str]:
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="/"
    )
    return set(out.stdout.split())


def test_python_dash_m_briefdesk_is_the_command() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "briefdesk", "--version"], capture_output=True, text=True, cwd="/"
    )
    assert out.returncode == 0
    assert out.stdout.startswith("briefdesk ")


def test_matching_text_does_not_need_the_material_parser() -> None:
    """Tokens and identities (`core.text.normalize`) stand on `core.text.identifiers`, not on the
    parser of
    materials: the matcher's text rules and the file format are separate ideas."""
    loaded = _imported_after(["briefdesk.core.text.normalize", "briefdesk.core.claims.sources"])
    assert "briefdesk.core.text.identifiers" in loaded
    assert "briefdesk.core.workspace.materials" not in loaded
