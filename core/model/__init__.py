"""The domain's value types: items, decisions, increments, notes, dismissals."""
