"""The step-by-step web agent: candidate ranking and action prediction (offline or with an LLM)."""

__all__ = ["agent", "llm", "offline", "pipeline", "ranking", "text"]
