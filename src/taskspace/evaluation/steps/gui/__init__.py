"""GUI step evaluation: AITW action matching of an agent's actions against recorded episodes."""

__all__ = ["matching", "runs", "scoring"]
