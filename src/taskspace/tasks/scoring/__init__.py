"""Scoring an attempt against a task's own check: answers, citations, fuzzy matches."""

__all__ = ["attempts", "by_check", "checks", "citations", "fuzzy", "web"]
