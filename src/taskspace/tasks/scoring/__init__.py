"""Scoring an attempt against a task's own check: answers, citations, fuzzy matches."""
