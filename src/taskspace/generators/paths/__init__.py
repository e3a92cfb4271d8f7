"""Causal paths (NaturalGAIA): constrained walks through app information spaces over
Wikidata items, told as one instruction whose every step has one deterministic answer."""

__all__ = [
    "cardinality",
    "describe",
    "difficulty",
    "error_attribution",
    "error_judge",
    "family",
    "lints",
    "sampler",
    "scoring",
    "shortfall",
    "walk",
    "world",
]
