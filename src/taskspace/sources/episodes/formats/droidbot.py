"""DroidBot / AutoDroid UI transition graph YAML: ``records`` of State, Choice and Input.

Each record is one decision on one screen: ``State`` is the screen as AutoDroid shows it
to the model, an HTML-like element list (``<button id=1 text='Search'></button>``,
``<checkbox id=2 checked=True>Monthly view</checkbox>``, ``<input id=1>Search…</input>``,
``<p id=0>Calendar</p>``; the ``id`` is the element's index and ``text=`` its description);
``Choice`` is the id of the element acted on, or -1 when the agent declared the task
finished; ``Input`` is ``'null'`` or the text typed. AutoDroid writes a text entry as two
records on the same screen and element, first with ``'null'`` then with the text; the two
become one ``type`` step (``raw`` keeps both). Choosing AutoDroid's mock ``go back``
element is the back key.

What the hashes mean, checked on the AutoDroid calendar graph: ``state_str`` is DroidBot's
hash of the screen (a list when the screen was scrolled and merged), and ``new_state_str``
is not the screen after the action but a hash of the record's own State text (for every
list-valued record it is exactly sha256 of State; equal State texts always share it). No
record's ``state_str`` ever equals the previous ``new_state_str``, so grouping on that
would give one-step episodes. The records are instead one continuous run, each screen the
result of the previous record's choice (as AutoDroid's own memory builder reads them), so
consecutive records form one episode, which ends at a Choice -1 (a ``complete`` step) or
at the end of the file. A record that cannot be read is reported and cuts the episode
there. ``state_key`` follows AutoDroid: the single ``state_str``, or for a merged screen
the sha256 of its State. The task is the file's ``task_name`` (AutoDroid's contacts
graph: "Hide dialpad button"); AutoDroid writes "utg", "explore" or "exploring" there for
a plain exploration, and those (and a missing one) give "explore <app>".
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup

from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats.base import Results, attempt, document_reader, require
from taskspace.sources.episodes.mappings import DroidbotMapping, load_mapping
from taskspace.sources.episodes.model import Action, Episode, Observation, Step, UIElement
from taskspace.sources.episodes.sources import load_yaml

DATASET = "droidbot"


def matches(document: Any) -> bool:
    return isinstance(document, Mapping) and isinstance(document.get("records"), list)


def from_document(document: Any, path: Path) -> Results:
    if not matches(document):
        yield EpisodeError(str(path), None, "a transition graph needs a `records:` list")
        return
    mapping = load_mapping("droidbot", DroidbotMapping)
    app = app_name(path)
    task = task_of(document, app, mapping)
    run: list[Step] = []
    start = 0
    for index, record in enumerate(document["records"]):
        step = attempt(path, f"record {index}", partial(_step, record, index, app, mapping))
        if isinstance(step, EpisodeError):
            yield step
            yield from _close(run, start, index - 1, app, task, path)
            run, start = [], index + 1
            continue
        merged = _merge_typing(run, step)
        if merged is not None:
            run[-1] = merged
        else:
            run.append(step.model_copy(update={"index": len(run)}))
        if step.action.kind == "complete":
            yield from _close(run, start, index, app, task, path)
            run, start = [], index + 1
    yield from _close(run, start, len(document["records"]) - 1, app, task, path)


def task_of(document: Mapping[str, Any], app: str, mapping: DroidbotMapping) -> str:
    """The file's ``task_name``, unless it is missing or a placeholder ("utg", "explore")."""
    given = " ".join(str(document.get("task_name") or "").split())
    placeholders = {name.lower() for name in mapping.placeholder_tasks}
    return mapping.task.format(app=app) if given.lower() in placeholders else given


def app_name(path: Path) -> str:
    """``calendar_utg.yaml`` → calendar; AutoDroid's ``utgs/calendar/utg.yaml`` → calendar."""
    stem = path.stem.removesuffix("utg").rstrip("_-. ")
    return stem or path.parent.name


def parse_state(state: str, mapping: DroidbotMapping) -> list[UIElement]:
    """The HTML-like element list, read with a real HTML parser (``input`` is not void here)."""
    soup = BeautifulSoup(state, "html.parser", empty_element_tags={"br"})
    elements = []
    for tag in soup.find_all(id=True):
        described = tag.get("text") or tag.get("class") or ""
        checked = tag.get("checked")
        elements.append(
            UIElement(
                uid=str(tag["id"]),
                cls=tag.name,
                text=tag.get_text(" ", strip=True),
                content_desc=" ".join(described) if isinstance(described, list) else described,
                clickable=tag.name in mapping.clickable_tags,
                editable=tag.name in mapping.editable_tags,
                checked=None if checked is None else str(checked).lower() == "true",
            )
        )
    return elements


def _step(record: Any, index: int, app: str, mapping: DroidbotMapping) -> Step:
    state = str(require(record, "State"))
    choice = int(require(record, "Choice"))
    typed = str(record.get("Input") if record.get("Input") is not None else "null")
    elements = parse_state(state, mapping)
    observation = Observation(app=app, state_key=_state_key(record, state), elements=elements)
    raw = {key: record.get(key) for key in ("Choice", "Input", "state_str", "new_state_str")}
    raw["record"] = index
    if choice == mapping.finish_choice:
        action = Action(kind="complete", outcome="done", raw=raw)
    else:
        target = next((e for e in elements if e.uid == str(choice)), None)
        if target is None:
            raise ValueError(f"Choice {choice} names no element of the State")
        if typed not in mapping.null_inputs:
            action = Action(kind="type", target=target, text=typed, raw=raw)
        elif target.label().lower() in mapping.back_labels:
            action = Action(kind="key", key="back", raw=raw)
        else:
            action = Action(kind="tap", target=target, raw=raw)
    return Step(index=index, observation=observation, action=action)


def _state_key(record: Mapping[str, Any], state: str) -> str:
    hashes = record.get("state_str")
    if isinstance(hashes, list) and len(hashes) == 1:
        return str(hashes[0])
    if isinstance(hashes, str) and hashes:
        return hashes
    return hashlib.sha256(state.encode("utf-8")).hexdigest()


def _merge_typing(run: list[Step], step: Step) -> Step | None:
    """The text record that completes the previous 'null' record on the same element."""
    if not run or step.action.kind != "type":
        return None
    previous = run[-1]
    same_screen = previous.observation.state_key == step.observation.state_key
    same_target = previous.action.target == step.action.target
    if not (previous.action.kind == "tap" and same_screen and same_target):
        return None
    action = step.action.model_copy(update={"raw": [previous.action.raw, step.action.raw]})
    return previous.model_copy(update={"action": action})


def _file_key(path: Path) -> str:
    """``calendar_utg`` for ``calendar_utg.yaml`` and for AutoDroid's ``calendar/utg.yaml``.

    AutoDroid names every graph ``utg.yaml`` in a folder per app, so the bare stem would
    give every app's episode the same id.
    """
    stem = path.stem
    return f"{path.parent.name}_{stem}" if not stem.removesuffix("utg").strip("_-. ") else stem


def _close(
    run: list[Step], start: int, last: int, app: str, task: str, path: Path
) -> Iterator[Episode]:
    """The run of records ``start``..``last`` as one episode (nothing when it is empty)."""
    if not run:
        return
    yield Episode(
        id=f"{DATASET}:{_file_key(path)}:{start}",
        dataset=DATASET,
        platform="android",
        task=task,
        app=app,
        steps=run,
        source_file=str(path.resolve()),
        record=f"records {start}-{last}",
    )


read = document_reader(load_yaml, from_document)
