"""LLM features (anthropic + instructor) behind an on-disk cache; offline paths elsewhere."""
