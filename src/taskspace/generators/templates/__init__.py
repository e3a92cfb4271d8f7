"""Task sampling: templates (YAML + Jinja2 + Cypher) run against the live graph."""

__all__ = [
    "choice",
    "coverage",
    "duplicates",
    "engine",
    "family",
    "lints",
    "llm_writer",
    "pool",
    "reads",
    "relevance",
    "requirements",
    "sampler",
    "selection",
    "spoilers",
    "templates",
    "tiers",
    "vectors",
]
