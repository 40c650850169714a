"""The keymaps that ship with briefdesk (`default.yaml`, `vim.yaml`); `core.settings.keymap` loads
them.

A package only so that the YAML files install as `briefdesk.keymaps` data; it holds no code.
"""
