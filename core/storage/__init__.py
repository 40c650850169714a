"""Files on disk: reading and atomic writing, YAML, locks, the state folder, caches, migration."""
