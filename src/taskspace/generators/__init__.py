"""Task generators, one package per family of tasks; the registry of kinds."""

__all__ = ["errors", "gui", "multihop", "paraphrase", "paths", "registry", "safety", "templates"]
