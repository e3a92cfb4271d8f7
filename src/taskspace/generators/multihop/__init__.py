"""Multihop web tasks (MMInA): chains of hops over crawled pages and sites, where each
hop's answer, read from a page's text in the graph, is where the next hop starts."""

__all__ = ["checks", "family", "sampler", "scoring", "web"]
