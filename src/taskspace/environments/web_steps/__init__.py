"""Step-by-step web tasks (Mind2Web style): each step's page and candidate elements, served to an
agent one at a time."""

__all__ = ["environment", "model", "serial", "tasks"]
