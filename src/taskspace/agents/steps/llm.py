"""The pipeline's model stages with Claude through inspect (``get_model()``: the run's model).

Planning and grounding follow the seed paper's textual-grounding variant: each section's
candidates are lettered choices and the model names the next action and its letter (or
None) in one answer; grounding maps the letter to the element. LLM select shows the
viable grounded actions, numbered, and asks for one. Prompts come from the agent file
(``plan``, ``select``) with built-in defaults.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence

from inspect_ai.model import ChatMessageUser, get_model

from taskspace.agents.solving import require_model
from taskspace.agents.spec import AgentSpec
from taskspace.environments.web_steps.model import OPERATIONS, Element, Plan, StepView, Triplet

PLAN_PROMPT = """You are operating a web site ({website}) to complete a task.
Task: {task}
Previous actions:
{previous}
Elements of this section of the page:
{choices}
What is the next action? Describe it in one sentence, then answer on three lines:
ELEMENT: <the letter of the element, or None if it is not in this section>
OPERATION: <CLICK, TYPE, SELECT, HOVER or ENTER>
VALUE: <the text to type or the option to select; empty for a click>"""

SELECT_PROMPT = """Task: {task}
Previous actions:
{previous}
Candidate next actions:
{options}
Which one is the correct next action? Answer with one line: ANSWER: <number>"""

_FIELD = re.compile(r"^\s*(ELEMENT|OPERATION|VALUE|ANSWER)\s*:\s*(.*?)\s*$", re.I | re.M)
LETTERS = string.ascii_uppercase + string.ascii_lowercase


def _fields(text: str) -> dict[str, str]:
    return {name.upper(): value for name, value in _FIELD.findall(text)}


def _previous(view: StepView) -> str:
    return "\n".join(view.previous) or "None"


class LLMPredictor:
    def __init__(self, spec: AgentSpec) -> None:
        require_model(spec)
        self.plan_prompt = spec.prompts.get("plan", PLAN_PROMPT)
        self.select_prompt = spec.prompts.get("select", SELECT_PROMPT)

    async def _ask(self, prompt: str) -> str:
        output = await get_model().generate([ChatMessageUser(content=prompt)])
        return output.completion

    async def plan(self, view: StepView, batch: Sequence[Element]) -> Plan | None:
        lettered = list(zip(LETTERS, batch, strict=False))
        choices = "\n".join(f"{letter}. {element.describe()}" for letter, element in lettered)
        answer = await self._ask(
            self.plan_prompt.format(
                website=view.website, task=view.task, previous=_previous(view), choices=choices
            )
        )
        fields = _fields(answer)
        letter = fields.get("ELEMENT", "").strip().strip(".")
        chosen = next((element for mark, element in lettered if mark == letter), None)
        if chosen is None:
            return None
        op = fields.get("OPERATION", "CLICK").upper().split()[0] if fields.get("OPERATION") else ""
        description = answer.split("ELEMENT:")[0].strip() or chosen.describe()
        value = fields.get("VALUE", "") if op in ("TYPE", "SELECT") else ""
        return Plan(description, chosen.uid, op if op in OPERATIONS else "CLICK", value, 1.0)

    async def ground(self, view: StepView, plan: Plan, batch: Sequence[Element]) -> Triplet | None:
        if any(element.uid == plan.element for element in batch):
            return Triplet(plan.element, plan.op, plan.value)
        return None

    async def select(
        self, view: StepView, options: Sequence[tuple[Triplet, Plan]]
    ) -> Triplet | None:
        if len(options) == 1:
            return options[0][0]
        listed = "\n".join(
            f"{number}. {plan.description} ({action.op} {action.value})".rstrip()
            for number, (action, plan) in enumerate(options, start=1)
        )
        answer = await self._ask(
            self.select_prompt.format(task=view.task, previous=_previous(view), options=listed)
        )
        found = re.search(r"\d+", _fields(answer).get("ANSWER", ""))
        number = int(found.group()) if found else 0
        return options[number - 1][0] if 1 <= number <= len(options) else None
