"""Step-level evaluation of recorded episodes: one runner and one results writer for web and GUI
steps."""

__all__ = ["gui", "results", "runner", "web"]
