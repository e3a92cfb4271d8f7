"""Judging sampled tasks by reading them beside their source (`kg sample review`)."""

__all__ = ["evidence", "page", "server", "verdicts"]
