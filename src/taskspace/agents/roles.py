"""One role of a multi-agent system: a model call whose reply is a typed report.

Each role answers by calling its one report tool (forced tool choice), so what it says
arrives as validated fields, not as prose to parse. The call runs in a transcript span
named by the role, and the role's message and reasoning step go into the log as one info
event (``source`` = the role), as GRAPH2EVAL records a ``ReasoningStep`` per agent.
"""

from __future__ import annotations

from typing import Any, TypeVar

from inspect_ai.log import transcript
from inspect_ai.model import ChatMessageSystem, ChatMessageUser, Model
from inspect_ai.tool import ToolFunction, ToolInfo, ToolParams
from inspect_ai.util import json_schema, span
from pydantic import BaseModel, Field, ValidationError

from taskspace.agents.errors import AgentAnswerError

Report = TypeVar("Report", bound=BaseModel)

ROLE_SPAN = "role"


class Plan(BaseModel):
    """Report the retrieval needs of the question."""

    reasoning: str = Field(description="how the question breaks down, briefly")
    queries: list[str] = Field(
        description="one search query per piece of information the answer needs (1 to 3)"
    )


class Draft(BaseModel):
    """Report an answer drawn from the evidence, with the evidence it rests on."""

    reasoning: str = Field(description="the steps from the evidence to the answer")
    answer: str = Field(description="the answer alone, as short as the question allows")
    cited: list[str] = Field(description="ids of the evidence nodes the answer rests on")
    confidence: float = Field(description="how sure the answer is right, from 0 to 1")


class Verdict(BaseModel):
    """Report whether the evidence supports the answer."""

    reasoning: str = Field(description="what in the evidence supports or contradicts it")
    supported: bool = Field(description="true if the cited evidence supports the answer")
    feedback: str = Field(description="what the reasoner should fix; empty if supported")


class Final(BaseModel):
    """Report the final answer."""

    answer: str = Field(description="the final answer alone, as short as possible")
    cited: list[str] = Field(description="ids of the evidence nodes the answer rests on")
    confidence: float = Field(description="how sure the answer is right, from 0 to 1")


def report_tool(name: str, report: type[BaseModel]) -> ToolInfo:
    """The tool a role answers through; its parameters are the report's fields."""
    schema = json_schema(report)
    return ToolInfo(
        name=name,
        description=(report.__doc__ or name).strip(),
        parameters=ToolParams(properties=schema.properties or {}, required=schema.required or []),
    )


async def ask_role(
    model: Model, role: str, system: str, message: str, report: type[Report]
) -> Report:
    """Run one role: its prompt and message in, its typed report out, both logged."""
    name = f"report_{role}"
    async with span(name=role, type=ROLE_SPAN):
        output = await model.generate(
            [ChatMessageSystem(content=system), ChatMessageUser(content=message)],
            tools=[report_tool(name, report)],
            tool_choice=ToolFunction(name=name),
        )
        calls = [call for call in output.message.tool_calls or [] if call.function == name]
        if not calls:
            raise AgentAnswerError(f"the {role} did not report through {name}()")
        try:
            result = report.model_validate(calls[0].arguments)
        except ValidationError as exc:
            problem = exc.errors()[0]
            raise AgentAnswerError(
                f"the {role}'s report is not valid: {problem['loc']}: {problem['msg']}"
            ) from exc
        log_step(role, message, result.model_dump())
    return result


def log_step(role: str, message: str, step: dict[str, Any]) -> None:
    """One info event per role: what it was given and the step it took."""
    transcript().info({"role": role, "message": message, "step": step}, source=role)
