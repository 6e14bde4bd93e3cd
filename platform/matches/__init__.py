"""Stored matches: their seats and append-only, hash-chained event logs."""
