"""MMInA's multihop metrics: the hop queue, hop success rate and task success rate.

Reference: the MMInA paper (``shared/papers/mmina.txt``, section 3.3 and Table 3): a task
is a queue of hop conditions closed by an ``END`` marker (length N + 1); the agent passes
a hop when it finds the hop's answer or reaches its page, and may proceed only once the
current hop is done.

Semantics:

- hops are judged in order and judging stops at the first failed hop: later hops count as
  not passed; END is reached only when every hop passed;
- **hop SR** = hops passed / hops, pooled over every attempt of a run (the share of
  successful visits of the targeted sites), END not counted;
- **task SR** = the share of attempts that reached END.

How a single hop is judged (keywords, URL, fuzzy match) is the scorer's business
(``taskspace.generators.multihop.scoring``); this module takes its verdicts.
"""

from __future__ import annotations

from collections.abc import Sequence


def end_reached(passed: Sequence[bool]) -> bool:
    """The task succeeds: every hop passed (a queue without hops never succeeds)."""
    return bool(passed) and all(passed)


def hop_success_rate(attempts: Sequence[tuple[int, int]]) -> float:
    """Pooled hop SR from every attempt's (hops passed, hops)."""
    total = sum(hops for _, hops in attempts)
    return sum(passed for passed, _ in attempts) / total if total else 0.0


def task_success_rate(successes: Sequence[bool]) -> float:
    """The share of attempts that reached END."""
    return sum(1 for success in successes if success) / len(successes) if successes else 0.0
