"""LLM features (anthropic + instructor) behind an on-disk cache; offline paths elsewhere."""

__all__ = ["cache", "client", "text_call"]
