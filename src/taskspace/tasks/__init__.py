"""The task contract every generator, agent and scorer shares: the model, its stores, ids."""

__all__ = [
    "attempt",
    "errors",
    "family",
    "fingerprint",
    "lints",
    "model",
    "review",
    "safety",
    "scoring",
    "spoilers",
    "state",
    "store",
]
