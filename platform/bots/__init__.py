"""Uploaded bots: their versions (immutable files, validated in the sandbox),
their source and logs for their owners, and unranked challenges."""
