"""briefdesk: a keyboard-driven desk that turns a batch of collected materials into a brief
committed to git with its provenance.

The import package holds `briefdesk.core` (the domain, no Textual), `briefdesk.tui` (the Textual
desk, which calls core and never the reverse), `briefdesk.keymaps` and `briefdesk.demo` (data),
and `briefdesk.cli` (the command line, above both). This file stays import-free: every headless
command imports it first.
"""

__version__ = "0.1.0"
