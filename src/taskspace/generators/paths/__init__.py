"""Causal paths (NaturalGAIA): constrained walks through app information spaces over
Wikidata items, told as one instruction whose every step has one deterministic answer."""
