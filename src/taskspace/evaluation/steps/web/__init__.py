"""Web step evaluation: Mind2Web's element, operation and step metrics on the step pipeline's
choices."""

__all__ = ["evaluate", "flexible", "metrics", "runs", "scorer", "stages"]
