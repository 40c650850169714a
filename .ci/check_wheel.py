"""The wheel installs one import package, `briefdesk`, holding every module and data file of the
checkout: each mapped folder's `.py` files, the styles, the keymaps and the demo workspace.

usage: check_wheel.py WHEEL   (run from the checkout's root)
"""

import sys
import tomllib
import zipfile
from pathlib import Path

names = set(zipfile.ZipFile(sys.argv[1]).namelist())
tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
if tops != {"briefdesk"}:
    sys.exit(
        f"the wheel installs these top-level names: {sorted(tops)}; only 'briefdesk' is allowed"
    )

setuptools = tomllib.loads(Path("pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
expected: set[str] = set()
for package, folder in setuptools["package-dir"].items():
    base = Path(folder)
    prefix = package.replace(".", "/")
    for path in base.rglob("*"):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        rel = path.relative_to(base).as_posix()
        if package == "briefdesk" and rel.split("/")[0] in {"core", "tui", "keymaps", "demo"}:
            continue  # (a folder of the same name inside briefdesk/ would be mapped twice)
        if path.suffix == ".py" or path.suffix in (".tcss", ".yaml") or "workspace/" in rel:
            expected.add(f"{prefix}/{rel}")
missing = sorted(expected - names)
if missing:
    sys.exit(f"the wheel lacks {len(missing)} files of the checkout, e.g. {missing[:5]}")
if not any(n.endswith("/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names):
    sys.exit("the wheel carries no LICENSE")
print(f"wheel ok: {len(names)} files, every one of the checkout's {len(expected)} under briefdesk/")
