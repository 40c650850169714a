"""The workspace and what it holds: layout, manifests, materials, the living document, earlier
briefs."""
