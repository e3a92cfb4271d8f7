"""``path-walker``: the offline baseline for causal-path (NaturalGAIA) tasks. No model.

It is lexical because a baseline without a model can only compare words: it reads the
instruction (:mod:`taskspace.agents.paths.walker_words`), searches the first quoted name in
the first app the instruction names, then walks greedily. At each step it opens the
current item in the apps the instruction names (in that order), takes the action whose
name best matches the instruction's words not used yet, and among the items that action
lists picks the one whose visible attributes meet a stated constraint (a year, a quoted
name), paging on while none does, else the first it has not been on. It stops when no
action matches a word left, when an action lists nothing it has not been on (it leads
back), or after ``max_steps`` steps.

It sees what the path agent sees: the prompt and the app tools' results, called through
the same functions, and leaves the same :class:`~taskspace.tasks.attempt.Attempt`: its
answer at each step (a label, or the QID of an unlabelled item), the last one final, and
its tool calls as the path agent's loop records them (for the error rules). Its
confidence is the share of steps whose item was forced (a constraint or a single item).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from inspect_ai.agent import AgentState
from inspect_ai.model import ChatMessage, ChatMessageAssistant, ChatMessageTool
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import ToolCall, ToolCallError
from pydantic import BaseModel, JsonValue

from taskspace.agents.context import question_of
from taskspace.agents.errors import AgentSpecError
from taskspace.agents.paths.tool_use import tool_calls
from taskspace.agents.paths.walker_words import (
    Reading,
    first_new,
    pick_item,
    read_instruction,
    score_action,
    use_words,
)
from taskspace.agents.solving import finish
from taskspace.agents.spec import AgentSpec
from taskspace.agents.trace import looked_at
from taskspace.core.errors import UserError
from taskspace.core.settings import Settings
from taskspace.core.words import normalized
from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import Attempt
from taskspace.tools.apps.results import ActionTargets, AppList, ItemPage, SearchResults
from taskspace.tools.apps.toolbox import MAX_LIST, AppTools
from taskspace.tools.base import ToolFunction

NEEDED = ("apps", "search", "open_item", "follow")
PAGES = 6
"""Pages of a listing read at most while looking for an item that meets a constraint."""


def build(spec: AgentSpec, graph: Graph) -> Solver:
    """The walker as an inspect solver; it opens its own connection per sample."""
    missing = [name for name in NEEDED if name not in spec.tools]
    if missing:
        raise AgentSpecError(f"agent {spec.name!r} needs the app tools {', '.join(missing)}")
    settings = graph.settings

    @solver(name=spec.name)
    def path_walker() -> Solver:
        return _solve(spec, settings)

    return path_walker()


def _solve(spec: AgentSpec, settings: Settings) -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        with Graph(settings) as graph:
            tools = Recorder(spec.name, AppTools(graph).functions(spec.tools))
            answers, forced = await walk(tools, question_of(state), spec.max_steps)
        state.messages.extend(tools.messages)
        attempt = Attempt(
            task_id=str(state.sample_id),
            answer=answers[-1] if answers else "",
            steps=answers,
            confidence=forced / len(answers) if answers else 0.0,
            calls=tool_calls(AgentState(messages=tools.messages)),
        )
        return finish(state, attempt, spec.name)

    return solve


@dataclass
class Recorder:
    """Calls the app tools and records each call and result as the path agent's loop
    does (an assistant tool call, then the tool's message), so the calls read back the
    same way; a tool's refusal is recorded and returned as None."""

    model: str
    tools: dict[str, ToolFunction]
    messages: list[ChatMessage] = field(default_factory=list)

    async def call(self, tool: str, **arguments: Any) -> Any:
        call_id = f"walk-{len(self.messages) // 2 + 1}"
        self.messages.append(
            ChatMessageAssistant(
                content="",
                model=self.model,
                tool_calls=[ToolCall(id=call_id, function=tool, arguments=arguments)],
            )
        )
        try:
            result: BaseModel = await self.tools[tool](**arguments)
        except UserError as exc:
            error = ToolCallError("unknown", str(exc))
            self.messages.append(
                ChatMessageTool(content="", tool_call_id=call_id, function=tool, error=error)
            )
            return None
        self.messages.append(
            ChatMessageTool(content=result.model_dump_json(), tool_call_id=call_id, function=tool)
        )
        return result


async def walk(tools: Recorder, prompt: str, max_steps: int) -> tuple[list[str], int]:
    """The answer at each step, and how many steps had their item forced. The transcript
    gets the start found and each edge walked (``walk`` events: item ids and labels, the
    app and action taken)."""
    listed: AppList | None = await tools.call("apps")
    if listed is None:
        return [], 0
    reading = read_instruction(prompt, [(a.name, a.title) for a in listed.apps])
    start = await find_start(tools, reading)
    if start is None:
        looked_at(tools.model, "walk", start=None, apps=list(reading.apps))
        return [], 0
    looked_at(tools.model, "walk", start=_node(start), apps=list(reading.apps))
    current = start[0]
    visited = {current}
    answers: list[str] = []
    forced = 0
    while len(answers) < max_steps:
        chosen = await choose_action(tools, reading, current)
        if chosen is None:
            break
        app, action, matched = chosen
        use_words(reading, matched)
        item, was_forced = await choose_item(tools, reading, app, current, action, visited)
        if item is None:
            break
        looked_at(
            tools.model,
            "walk",
            step=len(answers) + 1,
            edge={"from": current, "app": app, "action": action, "to": item[0]},
            to=_node(item),
            matched=list(matched),
            forced=was_forced,
        )
        answers.append(item[1] or item[0])
        forced += was_forced
        current = item[0]
        visited.add(current)
    return answers, forced


def _node(item: tuple[str, str | None]) -> dict[str, JsonValue]:
    return {"id": item[0], "label": item[1]}


async def find_start(tools: Recorder, reading: Reading) -> tuple[str, str | None] | None:
    """The quoted start's (id, label): the search hit with exactly its name, else the first hit;
    in the first app the instruction names, then the others."""
    if reading.start is None:
        return None
    wanted = normalized(reading.start)
    for app in reading.apps:
        hits: SearchResults | None = await tools.call(
            "search", app=app, query=reading.start, limit=10
        )
        if hits is None or not hits.items:
            continue
        exact = [i for i in hits.items if normalized(i.label or "") == wanted]
        found = (exact or hits.items)[0]
        return found.id, found.label
    return None


async def choose_action(
    tools: Recorder, reading: Reading, item_id: str
) -> tuple[str, str, tuple[str, ...]] | None:
    """The (app, action, words it matched) scoring best on the item's pages in the named
    apps: the highest score, then the earliest matched word, then app and action order."""
    best: tuple[float, int, str, str, tuple[str, ...]] | None = None
    for app in reading.apps:
        page: ItemPage | None = await tools.call("open_item", app=app, item_id=item_id)
        for action in page.actions if page else []:
            scored = score_action(action.name, reading.words)
            if scored.score > 0 and (
                best is None or (scored.score, -scored.position) > (best[0], -best[1])
            ):
                best = (scored.score, scored.position, app, action.name, scored.matched)
    return None if best is None else (best[2], best[3], best[4])


async def choose_item(
    tools: Recorder, reading: Reading, app: str, item_id: str, action: str, visited: set[str]
) -> tuple[tuple[str, str | None] | None, bool]:
    """The (id, label) to go on from, and whether it was forced: the first item meeting a
    stated constraint (reading on up to :data:`PAGES` pages), else the first new one."""
    first: ActionTargets | None = None
    offset = 0
    for _ in range(PAGES):
        page: ActionTargets | None = await tools.call(
            "follow", app=app, item_id=item_id, action=action, limit=MAX_LIST, offset=offset
        )
        if page is None or not page.items:
            break
        first = first or page
        item, reading.facts = pick_item(page.items, reading.facts, visited)
        if item is not None:
            return (item.id, item.label), True
        offset += len(page.items)
        if offset >= page.total or not (reading.facts.years or reading.facts.names):
            break
    fallback = first_new(first.items, visited) if first else None
    if fallback is None or first is None:
        return None, False
    return (fallback.id, fallback.label), first.total == 1
