"""Everything that talks to git: the command, cat-file, the index, the commit and its journal,
history and verify."""
