"""The wheel installs one import package, `briefdesk`, with every module and data file it needs."""

import sys
import zipfile

names = zipfile.ZipFile(sys.argv[1]).namelist()
tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
if tops != {"briefdesk"}:
    sys.exit(
        f"the wheel installs these top-level names: {sorted(tops)}; only 'briefdesk' is allowed"
    )
needed = [
    "briefdesk/cli.py",
    "briefdesk/__main__.py",
    "briefdesk/core/session.py",
    "briefdesk/tui/app.py",
    "briefdesk/tui/screens/review.py",
    "briefdesk/tui/briefdesk.tcss",
    "briefdesk/keymaps/default.yaml",
    "briefdesk/keymaps/vim.yaml",
    "briefdesk/demo/workspace/briefdesk.yaml",
]
missing = [n for n in needed if n not in names]
if missing:
    sys.exit(f"the wheel lacks {missing}")
if not any(n.endswith("/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names):
    sys.exit("the wheel carries no LICENSE")
print(f"wheel ok: {len(names)} files under briefdesk/")
