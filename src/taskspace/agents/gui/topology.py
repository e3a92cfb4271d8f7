"""LightManus's task topology for Jarvis: atomic tasks with their dependencies, and the
context evolution that carries an atomic task's result into the ones that depend on it."""

from __future__ import annotations

import re
from dataclasses import dataclass

_TASK = re.compile(r"^\s*TASK\s+(\d+)\s*:\s*(.*?)\s*(?:\|\s*DEPENDS\s*:\s*(.*))?$", re.I | re.M)
_FIELD = re.compile(r"^\s*(STATUS|RESULT)\s*:\s*(.*?)\s*$", re.I | re.M)


@dataclass
class AtomicTask:
    number: int
    description: str
    depends: tuple[int, ...] = ()
    result: str | None = None
    done: bool = False


def parse_topology(answer: str, task: str) -> list[AtomicTask]:
    """``TASK n: description | DEPENDS: 1, 2`` lines; the whole task as one when none parse.
    Dependencies on unknown or later tasks are dropped (the order is the schedule)."""
    found: list[AtomicTask] = []
    for number, description, depends in _TASK.findall(answer):
        earlier = {t.number for t in found}
        wanted = tuple(int(n) for n in re.findall(r"\d+", depends or "") if int(n) in earlier)
        if description:
            found.append(AtomicTask(int(number), description, wanted))
    return found or [AtomicTask(1, task)]


def current(tasks: list[AtomicTask]) -> AtomicTask:
    """The first atomic task not done (the last once all are)."""
    return next((t for t in tasks if not t.done), tasks[-1])


def evolve(task: AtomicTask, tasks: list[AtomicTask]) -> str:
    """The task's description enhanced with its dependencies' results."""
    known = {t.number: t for t in tasks}
    results = [
        f"task {n} found: {known[n].result}" for n in task.depends if n in known and known[n].result
    ]
    return task.description + (f" (context: {'; '.join(results)})" if results else "")


def feedback(answer: str, task: AtomicTask) -> None:
    """``STATUS: done`` closes the atomic task and ``RESULT:`` keeps what it found."""
    fields = {name.upper(): value for name, value in _FIELD.findall(answer)}
    if fields.get("STATUS", "").lower().startswith("done"):
        task.done = True
        task.result = fields.get("RESULT") or task.result
