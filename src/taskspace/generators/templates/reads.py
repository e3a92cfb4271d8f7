"""How many read transactions a sample runs side by side."""

READ_WORKERS = 2
"""A sample's template queries (grounding, requirement checks, re-derivation) are dealt to
this many read transactions at once: the server answers them on two cores while this
process waits. On the shared documents grown to 10k nodes, a document sample of 50 went
from 84 to 104 tasks/s (docs/benchmarks.md, "Sampling: where the time goes")."""
