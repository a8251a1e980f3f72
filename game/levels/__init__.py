"""Levels: what the rules play on (race courses today; a battlefield next)."""
