"""One browser per sample, driven from the async solver through one dedicated thread.

Playwright's sync API is bound to the thread that started it, and inspect's solvers run
on an event loop, so each session owns a single-thread executor that launches Chromium
(fenced to the start page's origin by ``taskspace.sources.web.browser``), does every action and
checks the task's success criteria at the end. A process-wide semaphore caps how many
Chromiums run at once (``TASKSPACE_BROWSERS``, default 2): a machine's cores, not
inspect's sample concurrency, bound a browser run.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from inspect_ai.solver import TaskState
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from taskspace.environments.browser.actions import Action, perform
from taskspace.environments.browser.observation import Observation, observe
from taskspace.environments.errors import ActionError, StepFailure
from taskspace.environments.replay.actions import first_line
from taskspace.environments.replay.checks import check
from taskspace.generators.safety.page import init_script, inside_injection, leads_to_canary
from taskspace.sources.web.browser import origin_context
from taskspace.sources.web.origins import OriginMap
from taskspace.sources.web.urls import origin_of
from taskspace.tasks.attempt import WebAction, WebTrajectory
from taskspace.tasks.model import SuccessCriterion, Task
from taskspace.tasks.safety import SafetyBlock
from taskspace.tasks.state import task_from_state

ORIGIN_MAP_KEY = "origin_map"
"""Sample metadata: crawled origin -> origin serving the site now (set by ``kg eval run``)."""
ACTION_TIMEOUT = 5.0
CHECK_TIMEOUT = 1.0
"""Seconds a success criterion may wait on the final page (it is already loaded)."""

T = TypeVar("T")
_slots = threading.BoundedSemaphore(max(1, int(os.environ.get("TASKSPACE_BROWSERS") or 2)))


@dataclass(frozen=True)
class EnvTask:
    """What the environment needs of a task: where it starts and how success is checked."""

    start_url: str
    criteria: list[SuccessCriterion] = field(default_factory=list)
    origins: OriginMap = field(default_factory=OriginMap)
    answers: int = 1
    """Answers that end the episode: one, or one per hop of a multihop (MMInA) task."""
    safety: SafetyBlock | None = None
    """A web safety task's forged element, added to every page at run time."""


def criterion_key(criterion: SuccessCriterion) -> str:
    return f"{criterion.kind}: {criterion.value}"


def env_task(task: Task, origin_map: Mapping[str, str] | None = None) -> EnvTask:
    """A task's start page (a multihop task's first hop page) and its success criteria."""
    start = task.start_url or next((hop.page_url for hop in task.hops if hop.page_url), None)
    if not start:
        raise ActionError(f"task {task.id} has no start_url: it cannot run in a browser")
    hops = sum(hop.kind != "end" for hop in task.hops)
    forged = task.safety if task.safety and task.safety.injection.target == "page" else None
    return EnvTask(start, list(task.success), OriginMap(origin_map), max(1, hops), forged)


class BrowserSession:
    """A page opened on the task's start URL; every action and page visited is recorded."""

    def __init__(self, task: EnvTask, timeout: float = ACTION_TIMEOUT) -> None:
        self.task = task
        self.timeout_ms = timeout * 1000
        self.start_url = task.origins.url(task.start_url)
        self.actions: list[WebAction] = []
        self.visited: list[str] = []
        self.answers: list[str] = []
        self.touched: list[str] = []
        self.last: Observation | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="browserenv")
        self._stack = ExitStack()
        self._page: Page | None = None
        self._shots = Path(tempfile.mkdtemp(prefix="browserenv-"))

    @property
    def done(self) -> bool:
        """The task's answers were all given: the episode is over."""
        return len(self.answers) >= self.task.answers

    async def _call(self, fn: Callable[[], T]) -> T:
        return await asyncio.wrap_future(self._executor.submit(fn))

    async def start(self) -> Observation:
        return await self._call(self._start)

    async def step(self, action: Action) -> tuple[WebAction, Observation]:
        return await self._call(lambda: self._step(action))

    async def finish(self) -> WebTrajectory:
        return await self._call(self._finish)

    async def close(self) -> None:
        await self._call(self._close)
        self._executor.shutdown(wait=True)

    # --- on the session's own thread -------------------------------------------------

    def _start(self) -> Observation:
        _slots.acquire()
        self._stack.callback(_slots.release)
        context = self._stack.enter_context(origin_context(origin_of(self.start_url)))
        self._page = context.new_page()
        self._page.set_default_timeout(self.timeout_ms)
        if self.task.safety is not None:  # the site's files stay as they are
            self._page.add_init_script(init_script(self.task.safety.injection.text))
        try:
            response = self._page.goto(self.start_url, wait_until="load")
        except PlaywrightError as exc:
            raise ActionError(f"could not open {self.start_url}: {first_line(exc)}") from exc
        if response is not None and response.status >= 400:
            raise ActionError(f"could not open {self.start_url}: HTTP {response.status}")
        return self._observe()

    def _observe(self) -> Observation:
        page = self._require_page()
        if not self.visited or self.visited[-1] != page.url:
            self.visited.append(page.url)
        self.last = observe(page, self._shots, f"step{len(self.actions):03d}")
        return self.last

    def _step(self, action: Action) -> tuple[WebAction, Observation]:
        page, seen = self._require_page(), self.last
        if seen is None:
            raise ActionError("observe the page before acting")
        error: str | None = None
        forged = self._on_forged(page, action, seen)
        try:
            perform(page, action, seen, self.task.origins, self.timeout_ms)
        except ActionError as exc:
            error = str(exc)
        if forged or (self.task.safety and leads_to_canary(page.url, self.task.safety.canary)):
            self.touched.append(f"{action.kind} mark {action.mark}: {action.value or ''}".strip())
        if action.kind == "answer" and error is None:
            self.answers.append(action.value or "")
        record = WebAction(
            kind=action.kind,
            mark=action.mark,
            value=action.value,
            url=page.url,
            ok=error is None,
            error=error,
        )
        self.actions.append(record)
        if action.kind == "answer":
            return record, seen  # nothing on the page changed
        return record, self._observe()

    def _finish(self) -> WebTrajectory:
        page = self._require_page()
        checks: dict[str, bool] = {}
        for criterion in self.task.criteria:
            try:
                check(page, criterion, self.task.origins, CHECK_TIMEOUT * 1000)
                checks[criterion_key(criterion)] = True
            except StepFailure:
                checks[criterion_key(criterion)] = False
        return WebTrajectory(
            start_url=self.start_url,
            actions=list(self.actions),
            visited=list(self.visited),
            answers=list(self.answers),
            final_url=page.url,
            final_title=page.title(),
            origins=dict(self.task.origins.mapping),
            checks=checks,
            touched=list(self.touched),
        )

    def _on_forged(self, page: Page, action: Action, seen: Observation) -> bool:
        """Whether ``action`` targets a forged element (or goes to its address)."""
        if self.task.safety is None:
            return False
        if action.kind == "goto":
            return leads_to_canary(action.value, self.task.safety.canary)
        element = seen.element(action.mark) if action.mark is not None else None
        return element is not None and inside_injection(page, element.xpath)

    def _close(self) -> None:
        self._stack.close()
        for path in self._shots.glob("*"):
            path.unlink(missing_ok=True)
        self._shots.rmdir()

    def _require_page(self) -> Page:
        if self._page is None:
            raise ActionError("the browser session has not started")
        return self._page


def env_task_from_state(state: TaskState) -> EnvTask:
    """The environment's view of a sample: start page, criteria and origin map from the
    metadata the agent never reads."""
    task = task_from_state(state)
    return env_task(task, state.metadata.get(ORIGIN_MAP_KEY))
