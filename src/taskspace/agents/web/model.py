"""The model-driven web policy every model agent shares (GRAPH2EVAL's SoM agent at its
core): each step the model sees the SoM screenshot and the mark listing and calls one
browser tool (click a mark, type, select, scroll, back, go to a URL, answer).

Agents differ only in what is added: ``context`` (text before the task, e.g. earlier
trajectories), ``note`` (per observation, e.g. page-graph guidelines) and ``reflect``
(a reflection turn after each action). Only the latest screenshot is sent as an image;
earlier observations stay as their text, so a long episode does not resend every image.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageTool,
    ChatMessageUser,
    ContentImage,
    ContentText,
    get_model,
)
from inspect_ai.tool import ToolCall, ToolInfo, ToolParam, ToolParams

from taskspace.agents.web.loop import Episode, Policy, Step, observation_message
from taskspace.environments.browser import Action, Observation

Note = Callable[[Observation], Awaitable[str]]


def _tool(name: str, description: str, **params: tuple[str, str]) -> ToolInfo:
    properties = {
        key: ToolParam(type=kind, description=text) for key, (kind, text) in params.items()
    }
    return ToolInfo(
        name=name,
        description=description,
        parameters=ToolParams(properties=properties, required=list(params)),
    )


MARK = ("integer", "the element's mark number")
TOOLS = [
    _tool("click", "Click the element with this mark.", mark=MARK),
    _tool("type", "Type text into the input with this mark.", mark=MARK, text=("string", "")),
    _tool(
        "select", "Choose an option of the select with this mark.", mark=MARK, option=("string", "")
    ),
    _tool("scroll", "Scroll the page.", direction=("string", "up or down")),
    _tool("back", "Go back to the previous page."),
    _tool("goto", "Open a URL of this site.", url=("string", "")),
    _tool("answer", "Finish the task with this answer.", text=("string", "the answer")),
]


def action_of(call: ToolCall) -> Action:
    args = call.arguments
    mark = args.get("mark")
    value = args.get("text", args.get("option", args.get("direction", args.get("url"))))
    return Action(
        kind=call.function,
        mark=int(mark) if isinstance(mark, int | float | str) and str(mark).isdigit() else None,
        value=None if value is None else str(value),
    )


class ModelPolicy(Policy):
    """One tool call per step from ``get_model()``; the hooks make the agent variants."""

    def __init__(
        self,
        system: str,
        context: Callable[[str], str] | None = None,
        note: Note | None = None,
        reflect: str | None = None,
        remember: Callable[[Episode, str], None] | None = None,
    ) -> None:
        self.system = system
        self.context = context
        self.note = note
        self.reflect_prompt = reflect
        self.remember = remember
        self.messages: list[ChatMessage] = []
        self.pending: ToolCall | None = None
        self.reflection = ""

    async def begin(self, prompt: str) -> None:
        extra = self.context(prompt) if self.context else ""
        task = f"{extra}\n\nYour task: {prompt}" if extra else f"Your task: {prompt}"
        self.messages = [ChatMessageSystem(content=self.system), ChatMessageUser(content=task)]
        self.pending, self.reflection = None, ""

    async def decide(self, seen: Observation) -> Action:
        note = await self.note(seen) if self.note else ""
        if self.reflection:
            note = f"Your reflection on the last action: {self.reflection}\n\n{note}".strip()
        self._text_only()
        self.messages.append(observation_message(seen, note))
        output = await get_model().generate(self.messages, tools=TOOLS, tool_choice="any")
        self.messages.append(output.message)
        calls = output.message.tool_calls or []
        if not calls:
            self.pending = None
            return Action("answer", value=output.completion.strip())
        self.pending = calls[0]
        return action_of(calls[0])

    async def after(self, step: Step, seen: Observation) -> None:
        result = "ok" if step.result.ok else f"failed: {step.result.error}"
        if self.pending is not None:
            self.messages.append(
                ChatMessageTool(
                    content=f"{step.description}: {result}; now at {seen.url} ({seen.title})",
                    tool_call_id=self.pending.id,
                    function=self.pending.function,
                )
            )
        if self.reflect_prompt and step.action.kind != "answer":
            self.reflection = await self._reflect(step, result, seen)

    async def _reflect(self, step: Step, result: str, seen: Observation) -> str:
        """Agent S's reflection: did the last action help, and what should come next."""
        history = "\n".join(m.text for m in self.messages if isinstance(m, ChatMessageTool))
        prompt = (
            f"{self.messages[1].text}\n\nActions so far:\n{history}\n\n"
            f"Last action: {step.description} ({result}).\nThe page now:\n{seen.listing()}"
        )
        output = await get_model().generate(
            [ChatMessageSystem(content=self.reflect_prompt or ""), ChatMessageUser(content=prompt)]
        )
        self.messages.append(ChatMessageAssistant(content=f"(reflection) {output.completion}"))
        return output.completion.strip()

    async def end(self, episode: Episode) -> None:
        if self.remember is not None:
            self.remember(episode, self.reflection)

    def _text_only(self) -> None:
        """Drop the images of earlier observations (their listing text stays)."""
        for message in self.messages:
            if isinstance(message, ChatMessageUser) and isinstance(message.content, list):
                message.content = [
                    part for part in message.content if not isinstance(part, ContentImage)
                ] or [ContentText(text="(screenshot)")]
