"""GUI episodes (Android and web) parsed from their many input formats into one model.

``model`` is the contract the page graph reads; ``uitree`` turns UI dumps into elements;
``formats`` holds one reader per input format behind ``formats.read_episodes``.
"""

__all__ = [
    "errors",
    "formats",
    "geometry",
    "loader",
    "mappings",
    "model",
    "pagegraph",
    "sources",
    "uitree",
]
