"""Settings (docs/settings.md): what the knowledge base decides and what a person decides.

`briefdesk.yaml` in the workspace is shared through git: it holds what the knowledge base decides
(topics, paths, dedup) and may give defaults for the personal keys. A person's own choices
(`reviewer`, `keymap`, `language`, `theme`, `advance_after_decision`) may also be set in their
config file (`$XDG_CONFIG_HOME/briefdesk/config.yaml`), in `BRIEFDESK_*` variables and by flags.
Precedence: flag, environment, user config, workspace file, default; `reviewer` falls back to
`git config user.name` (`reviewer.reviewer_name`).

- `model`: the pydantic models and which keys are personal;
- `layers`: reading each source, every error listed with file, key and line, and the merge;
- `userfile`: the user's config file, and remembering a choice in it (the desk's theme);
- `reviewer`: who the reviewer is, and the warning when a shared name is not the committer's.
"""

from .layers import load_settings, user_config_path
from .schema import PERSONAL_KEYS, DedupSettings, PathSettings, Settings, TopicSettings

__all__ = [
    "PERSONAL_KEYS",
    "DedupSettings",
    "PathSettings",
    "Settings",
    "TopicSettings",
    "load_settings",
    "user_config_path",
]
