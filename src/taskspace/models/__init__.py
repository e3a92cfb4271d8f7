"""The models taskspace calls: the offline sentence embedder and the optional LLM client."""

__all__ = ["embeddings", "errors", "llm"]
