"""The loop every web agent shares: observe, let the policy decide, act, log, repeat.

The environment opens the task's start page, does the actions and, at the end, checks
the success criteria and writes the trajectory into the Attempt. The policy sees only the
prompt and the observations; every observation (listing and SoM screenshot) and every
action lands in the sample's messages and transcript, so the inspect log shows the run.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from inspect_ai.model import ChatMessageAssistant, ChatMessageUser, ContentImage, ContentText
from inspect_ai.solver import TaskState
from pydantic import JsonValue

from taskspace.agents.context import question_of, record_attempt
from taskspace.agents.trace import looked_at
from taskspace.environments.browser import (
    Action,
    BrowserSession,
    Mark,
    Observation,
    env_task_from_state,
)
from taskspace.tasks.attempt import Attempt, WebAction, WebTrajectory

SOURCE = "browserenv"
"""The transcript source of the pages the browser showed: the environment opened them."""


@dataclass(frozen=True)
class Step:
    """One executed action as the agent can describe it: what it did and what came of it."""

    action: Action
    description: str
    result: WebAction


@dataclass
class Episode:
    """What an agent did on one task (its own view: no success verdict)."""

    prompt: str
    steps: list[Step] = field(default_factory=list)

    def summary(self) -> str:
        lines = [f"Task: {self.prompt}"]
        lines += [f"{n}. {step.description}" for n, step in enumerate(self.steps, start=1)]
        return "\n".join(lines)


class Policy:
    """Decides the next action; the hooks default to doing nothing."""

    async def begin(self, prompt: str) -> None:
        """A new task starts with this prompt."""

    async def decide(self, seen: Observation) -> Action:
        raise NotImplementedError

    async def after(self, step: Step, seen: Observation) -> None:
        """The action was done (or failed); ``seen`` is the page now."""

    async def end(self, episode: Episode) -> None:
        """The task is over (the policy is never told whether it succeeded)."""


def describe(action: Action, seen: Observation) -> str:
    """``click [5] link "Getting Started"``: the action with the marked element's name."""
    mark = _mark(action, seen)
    target = f' [{action.mark}] {mark.role or mark.kind} "{mark.name[:60]}"' if mark else ""
    if action.mark is not None and mark is None:
        target = f" [{action.mark}]"
    value = f" {action.value!r}" if action.value is not None else ""
    return f"{action.kind}{target}{value}"


def observation_message(seen: Observation, note: str = "") -> ChatMessageUser:
    text = seen.listing() + (f"\n\n{note}" if note else "")
    return ChatMessageUser(content=[ContentText(text=text), ContentImage(image=seen.data_uri())])


async def run_browser_agent(
    state: TaskState, policy: Policy, max_steps: int, model: str
) -> TaskState:
    """Run ``policy`` on this sample's page for at most ``max_steps`` actions."""
    prompt = question_of(state)
    session = BrowserSession(env_task_from_state(state))
    episode = Episode(prompt)
    try:
        seen = await session.start()
        state.messages.append(observation_message(seen))
        looked_at(SOURCE, "page", url=seen.url, title=seen.title, marks=len(seen.marks))
        await policy.begin(prompt)
        for _ in range(max_steps):
            action = await policy.decide(seen)
            description = describe(action, seen)
            picked = _mark(action, seen)
            result, seen = await session.step(action)
            step = Step(action, description, result)
            episode.steps.append(step)
            _log(state, step, picked, seen)
            await policy.after(step, seen)
            if session.done:  # one answer, or one per hop of a multihop task
                break
        trajectory = await session.finish()
    finally:
        await session.close()
    await policy.end(episode)
    _record(state, trajectory, model)
    return state


def _mark(action: Action, seen: Observation) -> Mark | None:
    return next((m for m in seen.marks if m.id == action.mark), None)


def _log(state: TaskState, step: Step, picked: Mark | None, seen: Observation) -> None:
    """The action in the messages, and in the transcript the element it picked and the
    page it led to (``page`` events)."""
    outcome = "ok" if step.result.ok else f"failed: {step.result.error}"
    state.messages.append(ChatMessageAssistant(content=f"{step.description} ({outcome})"))
    element: dict[str, JsonValue] | None = None
    if picked is not None:
        element = {"mark": picked.id, "role": picked.role or picked.kind, "name": picked.name}
        element["href"] = picked.href
    looked_at(
        SOURCE,
        "page",
        url=seen.url,
        title=seen.title,
        picked=element,
        action=step.result.model_dump(),
        description=step.description,
    )
    if step.action.kind != "answer":  # an answer changes nothing on the page
        state.messages.append(observation_message(seen))


def _record(state: TaskState, trajectory: WebTrajectory, model: str) -> None:
    answer = trajectory.answers[-1] if trajectory.answers else ""
    attempt = Attempt(task_id=str(state.sample_id), answer=answer, trajectory=trajectory)
    record_attempt(state, attempt, model)
