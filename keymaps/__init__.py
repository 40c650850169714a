"""The keymaps that ship with briefdesk (`default.yaml`, `vim.yaml`); `core.keymap` loads them.

A package only so that the YAML files install beside `core`; it holds no code.
"""
