"""Telling a causal path: one instruction that names the start and the constraints only.

Intermediate entities are never named; each step refers to the one before ("that
person"), or, in the shuffled style, to a lettered intent ("the film from (b)"), so the
order in which intents are listed may differ from the order they must be solved in. A
narrative framing opens the instruction and an irrelevant sentence may be mixed in; all
choices come from a seeded generator, so the same path and seed read the same. The words
live in ``metapaths/paths/describe.yaml``. The spoiler check (:mod:`taskspace.tasks.spoilers`)
is passed by every sampled instruction; ``--llm`` rewrites are kept only when they pass it too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from string import ascii_lowercase

import yaml
from pydantic import BaseModel, Field

from taskspace.core.resources import resource_dir
from taskspace.generators.paraphrase import faithful
from taskspace.graph.metapaths import render as render_jinja
from taskspace.models.llm.client import StructuredLLM
from taskspace.tasks.model import StepConstraint, Task
from taskspace.tasks.spoilers import named

SHUFFLE_SHARE = 0.3
IRRELEVANT_SHARE = 0.5


class Phrases(BaseModel):
    forward: str | None = None
    reverse: str | None = None
    year: str | None = None
    value: str | None = None
    link: str | None = None


class Vocabulary(BaseModel):
    secondary_attributes: list[str]
    generic: Phrases
    properties: dict[str, Phrases] = Field(default_factory=dict)
    framings: dict[str, list[str]]
    irrelevant: list[str]
    verbs: list[str]
    questions: list[str]

    def phrase(self, pid: str, kind: str) -> str:
        own = getattr(self.properties.get(pid, Phrases()), kind)
        return str(own or getattr(self.generic, kind))


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    path = resource_dir("metapaths") / "paths" / "describe.yaml"
    return Vocabulary.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))


@dataclass(frozen=True)
class ToldStep:
    """What the instruction may say about one step: no entity, only kinds and relations."""

    app: str
    noun: str
    pid: str
    reverse: bool
    prop: str
    constraints: list[tuple[StepConstraint, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Telling:
    prompt: str
    framing: str
    style: str
    irrelevant: int


def noun(type_name: str | None) -> str:
    return (type_name or "entry").replace("_", " ")


def constraint_text(constraint: StepConstraint, prop: str) -> str:
    """ "founded in 481": a year is shown as a reader writes it, without the leading zeros
    of its four-digit form (the step query still matches the four digits)."""
    template = vocabulary().phrase(constraint.pid, constraint.kind)
    value = constraint.value
    if constraint.kind == "year":
        value = value.lstrip("0") or "0"
    return template.format(prop=prop, value=value, label=constraint.label or "")


def step_phrase(step: ToldStep, ref: str) -> str:
    """ "the film that person directed, the one released in 2005"."""
    words = vocabulary()
    kind = "reverse" if step.reverse else "forward"
    text = words.phrase(step.pid, kind).format(ref=ref, noun=step.noun, prop=step.prop)
    if step.constraints:
        details = " and ".join(constraint_text(c, prop) for c, prop in step.constraints)
        text += f", the one {details}"
    return text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sequence(start: str, steps: Sequence[ToldStep], rng: random.Random) -> list[str]:
    verbs = vocabulary().verbs
    sentences = []
    for index, step in enumerate(steps):
        ref = f"“{start}”" if index == 0 else f"that {steps[index - 1].noun}"
        verb = rng.choice(verbs)
        if index == 0:
            sentences.append(f"In {step.app}, {verb} {step_phrase(step, ref)}.")
        else:
            switch = f", in {step.app}," if step.app != steps[index - 1].app else ""
            sentences.append(f"Then{switch} {verb} {step_phrase(step, ref)}.")
    return sentences


def _shuffled(start: str, steps: Sequence[ToldStep], rng: random.Random) -> list[str]:
    letters = ascii_lowercase[: len(steps)]
    intents = []
    for index, step in enumerate(steps):
        ref = (
            f"“{start}”"
            if index == 0
            else f"the {steps[index - 1].noun} from ({letters[index - 1]})"
        )
        intents.append(f"({letters[index]}) in {step.app}, {step_phrase(step, ref)}")
    rng.shuffle(intents)
    return [
        "I wrote down the lookups I need, though not in the order they depend on each other: "
        + "; ".join(intents)
        + ".",
        f"The one that matters in the end is ({letters[-1]}).",
    ]


def tell(start: str, domain: str, steps: Sequence[ToldStep], rng: random.Random) -> Telling:
    """The offline instruction for a path from ``start`` through ``steps``."""
    words = vocabulary()
    framing = rng.choice(sorted(words.framings))
    opening = render_jinja(
        rng.choice(words.framings[framing]),
        {"start": start, "domain": domain.replace("_", " "), "app": steps[0].app},
    )
    style = "shuffled" if len(steps) > 1 and rng.random() < SHUFFLE_SHARE else "sequence"
    body = _shuffled(start, steps, rng) if style == "shuffled" else _sequence(start, steps, rng)
    context = [opening]
    irrelevant = 0
    if rng.random() < IRRELEVANT_SHARE:
        context.insert(rng.randint(0, 1), rng.choice(words.irrelevant))
        irrelevant = 1
    question = rng.choice(words.questions).format(noun=steps[-1].noun)
    prompt = " ".join([*context, *body, _capital(question)])
    return Telling(prompt=prompt, framing=framing, style=style, irrelevant=irrelevant)


def hidden_labels(task: Task) -> list[str]:
    """Labels of every entity a path task reaches: the instruction may name none of them."""
    return [step.to_label for step in task.path if step.to_label]


SYSTEM = (
    "You rewrite task instructions for AI agents so that they read as a person would write "
    "them. Keep every quoted name exactly as written (with its quotes), every number, every "
    "condition and the order the lookups depend on; do not add names, facts, hints or the "
    "answer."
)


class Rewrite(BaseModel):
    instruction: str = Field(description="the rewritten instruction")


def paraphrase_paths(llm: StructuredLLM, tasks: Sequence[Task]) -> tuple[list[Task], int]:
    """Tasks with LLM-phrased instructions where faithful and spoiler-free; the offline
    instruction stays otherwise. Returns the tasks and how many changed."""
    result, changed = [], 0
    for task in tasks:
        answer = llm.ask(SYSTEM, f"Instruction: {task.prompt}", Rewrite)
        rewritten = " ".join(answer.instruction.split())
        if faithful(task.prompt, rewritten, task.answer) and not named(
            rewritten, hidden_labels(task)
        ):
            generator = f"taskspace-llm:{llm.model}"
            result.append(task.model_copy(update={"prompt": rewritten, "generator": generator}))
            changed += 1
        else:
            result.append(task)
    return result, changed
