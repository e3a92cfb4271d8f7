"""How many read transactions a sample runs side by side."""

READ_WORKERS = 2
"""A sample's template queries (grounding, requirement checks, re-derivation) are dealt to
this many read transactions at once: the server answers them on two cores while this
process waits. On the shared documents (10k nodes) grounding took 445 ms in one
transaction and 363 ms in two (docs/benchmarks.md, issue #28)."""
