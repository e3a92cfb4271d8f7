"""The step-by-step web agent: candidate ranking and action prediction (offline or with an LLM)."""
