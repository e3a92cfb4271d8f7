"""``heuristic``: the offline web agent. No model: it follows the link or control whose
text best matches the task prompt, and answers when the page matches.

Each step, in order: once it has left the start page, a page whose title the prompt
quotes (“…”) is the goal, and its URL the answer; else a link whose whole name the prompt
quotes, that it has not followed yet and that leads somewhere new on the site is
clicked; else, after such a click, the page it led to is the goal (prompts name the link
to use, not the page it opens); else the link whose words overlap the prompt's most (at
least half its words; words of the start page's title do not count, they say where the
agent is, not where to go) is clicked; else it answers where it is.

Business-tier prompts (a page and a table on it, or a page with a named section) name
where to end but not the route: for them it searches the site instead
(``taskspace.agents.web.business``, ``taskspace.agents.web.search``).
"""

from __future__ import annotations

import re

from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.agents.spec import AgentSpec
from taskspace.agents.web.business import business_search
from taskspace.agents.web.loop import Policy, run_browser_agent
from taskspace.agents.web.search import PageSearch
from taskspace.core.words import normalized, tokens
from taskspace.environments.browser import Action, Mark, Observation
from taskspace.graph.connection import Graph
from taskspace.sources.web.urls import normalise_url, origin_of

OFFLINE = "heuristic"
QUOTED = re.compile(r"[“\"]([^”\"]+)[”\"]")
CLICKABLE = frozenset({"link", "button"})
MIN_OVERLAP = 0.5


class Heuristic(Policy):
    """Greedy token overlap between the prompt and what the page offers."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.search: PageSearch | None = None
        self.prompt: set[str] = set()
        self.phrases: set[str] = set()
        self.start_title: set[str] | None = None
        self.start_url = ""
        self.seen_urls: set[str] = set()
        self.followed: set[str] = set()

    async def begin(self, prompt: str) -> None:
        self.search = business_search(prompt, self.budget)
        self.prompt = set(tokens(prompt))
        self.wanted: set[str] = set()
        self.phrases = {normalized(p) for p in QUOTED.findall(prompt)}
        self.start_title, self.start_url, self.seen_urls = None, "", set()
        self.followed = set()

    async def decide(self, seen: Observation) -> Action:
        if self.search is not None:
            return await self.search.decide(seen)
        here = normalise_url(seen.url)
        if self.start_title is None:
            self.start_title, self.start_url = set(tokens(seen.title)), here
            self.wanted = self.prompt - self.start_title
            # The quoted start page says where the agent is, not a link to use: on “MkDocs”
            # a link reading "mkdocs" is not the one the task names.
            self.phrases.discard(normalized(seen.title))
        self.seen_urls.add(here)
        if here != self.start_url and normalized(seen.title) in self.phrases:
            return Action("answer", value=seen.url)
        fresh = [m for m in seen.marks if self._leads_somewhere_new(m)]
        # each quoted name is followed once: "Next" is on every page and leads on forever
        quoted = [m for m in fresh if normalized(m.name) in self.phrases - self.followed]
        if quoted:
            self.followed.add(normalized(quoted[0].name))
            return Action("click", quoted[0].id)
        if self.followed and here != self.start_url:
            return Action("answer", value=seen.url)
        scored = sorted(((self._overlap(m), -m.id, m) for m in fresh), reverse=True)
        if scored and scored[0][0] >= MIN_OVERLAP:
            return Action("click", scored[0][2].id)
        return Action("answer", value=seen.url)

    def _leads_somewhere_new(self, mark: Mark) -> bool:
        return (
            mark.kind in CLICKABLE
            and bool(mark.href)
            and origin_of(mark.href or "") == origin_of(self.start_url)
            and normalise_url(mark.href or "") not in self.seen_urls
            and bool(tokens(mark.name))
        )

    def _overlap(self, mark: Mark) -> float:
        name = set(tokens(mark.name))
        return len(name & self.wanted) / len(name) if name else 0.0


def build(spec: AgentSpec, graph: Graph) -> Solver:
    """The heuristic agent as an inspect solver (it never calls a model)."""

    @solver(name=spec.name)
    def heuristic_solver() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            return await run_browser_agent(
                state, Heuristic(spec.max_steps), spec.max_steps, OFFLINE
            )

        return solve

    return heuristic_solver()
