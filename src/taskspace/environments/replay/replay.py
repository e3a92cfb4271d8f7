"""``replay_tasks``: every web task run in Chromium, one fresh page per task.

Tasks are grouped by the origin they start on (after mapping); each group gets one
browser fenced to that origin with the crawler's own launch flags, viewport and in-page
script, so a page looks to replay exactly as it looked to the crawl.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping, Sequence

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from taskspace.environments.errors import StepFailure
from taskspace.environments.replay.actions import first_line, perform
from taskspace.environments.replay.checks import check
from taskspace.environments.replay.report import ReplayReport, TaskOutcome
from taskspace.sources.web.browser import origin_context
from taskspace.sources.web.origins import OriginMap
from taskspace.sources.web.urls import origin_of
from taskspace.tasks.model import Task

OutcomeHandler = Callable[[TaskOutcome], None]
_CLEAR_STORAGE = "() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }"


def replay_tasks(
    tasks: Sequence[Task],
    *,
    origin_map: Mapping[str, str] | None = None,
    timeout: float = 10.0,
    check_som: bool = False,
    on_outcome: OutcomeHandler | None = None,
) -> ReplayReport:
    """Replay ``tasks``; ``timeout`` is the seconds any one wait (load, element, check) may take.

    ``origin_map`` maps crawled origins to where the site is served now. ``check_som``
    also requires the Set-of-Marks number of each step's target to match the task's.
    ``on_outcome`` is called after each task (for progress). Outcomes keep task order.
    """
    started = time.perf_counter()
    origins = OriginMap(origin_map)
    outcomes: dict[int, TaskOutcome] = {}
    groups: dict[str, list[int]] = {}
    for index, task in enumerate(tasks):
        if not task.start_url:
            outcomes[index] = _failed(task, "start", "the task has no start_url", 0, 0.0)
            continue
        groups.setdefault(origin_of(origins.url(task.start_url)), []).append(index)
    for origin, indexes in sorted(groups.items()):
        with origin_context(origin) as context:
            for index in indexes:
                outcomes[index] = _replay_one(context, tasks[index], origins, timeout, check_som)
                if on_outcome is not None:
                    on_outcome(outcomes[index])
    return ReplayReport(
        outcomes=[outcomes[i] for i in range(len(tasks))],
        seconds=time.perf_counter() - started,
    )


def _failed(task: Task, where: str, reason: str, done: int, seconds: float) -> TaskOutcome:
    return TaskOutcome(task.id, task.type, task.template, False, where, reason, done, seconds)


def _replay_one(
    context: BrowserContext, task: Task, origins: OriginMap, timeout: float, som: bool
) -> TaskOutcome:
    started = time.perf_counter()
    timeout_ms = timeout * 1000
    page = context.new_page()
    page.set_default_timeout(timeout_ms)
    where, done = "start", 0
    try:
        _open(page, origins.url(str(task.start_url)), timeout_ms)
        for number, step in enumerate(task.steps, start=1):
            where = f"step {number}"
            perform(page, step, origins, timeout_ms, som)
            for index, criterion in enumerate(step.checks, start=1):
                where = f"step {number} check {index}"
                check(page, criterion, origins, timeout_ms)
            done = number
        for number, criterion in enumerate(task.success, start=1):
            where = f"criterion {number}"
            check(page, criterion, origins, timeout_ms)
    except StepFailure as exc:
        return _failed(task, where, str(exc), done, time.perf_counter() - started)
    finally:
        _forget(context, page)
    seconds = time.perf_counter() - started
    return TaskOutcome(task.id, task.type, task.template, True, None, None, done, seconds)


def _open(page: Page, url: str, timeout_ms: float) -> None:
    try:
        response = page.goto(url, wait_until="load", timeout=timeout_ms)
    except PlaywrightError as exc:
        raise StepFailure(f"could not open {url}: {first_line(exc)}") from exc
    if response is not None and response.status >= 400:
        raise StepFailure(f"could not open {url}: HTTP {response.status}")


def _forget(context: BrowserContext, page: Page) -> None:
    """Close the page and drop what it stored, so no task sees another's state."""
    with contextlib.suppress(PlaywrightError):
        page.evaluate(_CLEAR_STORAGE)
    page.close()
    context.clear_cookies()
