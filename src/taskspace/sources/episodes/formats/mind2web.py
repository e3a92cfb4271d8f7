"""Mind2Web web tasks, in the raw task-list form and in the full record form.

Raw list (as WebCanvas ships the training tasks): ``{website, task, actions, trace_url}``
with each action ``[operation, "[role]", element text]`` and the operation ``CLICK``,
``HOVER``, ``ENTER``, ``TYPE: <text>`` or ``SELECT: <option>``. Full records (the
dataset's own JSON): ``annotation_id``, ``confirmed_task``, ``website``, ``actions`` with
``operation {op, value}``, and ``action_reprs`` such as
``"[combobox]  Reservation type -> SELECT: Pickup"`` that name the element.

There is no UI tree or screenshot: each step's observation only says which site it is
on, and the target is the element's text and ARIA role as the input names them. The raw
list has no episode id; the trace file name in ``trace_url`` is unique per task and
serves as one (else the file name and the task's position). From full records the HTML
snapshots are left out of ``raw``; the operation, action uid and repr are kept, and an
action's page candidates, named, as ``target`` and ``candidates`` (as for SeeAct's).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats import mind2web_live
from taskspace.sources.episodes.formats.base import (
    Results,
    attempt,
    document_reader,
    episode_id,
    require,
)
from taskspace.sources.episodes.formats.candidates import page_candidates
from taskspace.sources.episodes.mappings import Mind2WebMapping, load_mapping
from taskspace.sources.episodes.model import Action, Episode, Observation, Step
from taskspace.sources.episodes.sources import load_json

DATASET = "mind2web"

_ABSENT = frozenset({"", "none", "null"})
"""Element texts that say the annotation had none (two training tasks click a button "None")."""
_TRACE_ID = re.compile(r"/([^/]+)\.trace\.zip$")
_REPR = re.compile(r"^\s*\[(?P<role>[^\]]*)\]\s*(?P<text>.*?)\s*->\s*(?P<operation>.*)$", re.S)


def matches(document: Any) -> bool:
    records = document if isinstance(document, list) else [document]
    first = records[0] if records else None
    return (
        isinstance(first, Mapping)
        and "website" in first
        and "actions" in first
        and ("task" in first or "confirmed_task" in first)
    )


def from_document(document: Any, path: Path) -> Results:
    if mind2web_live.matches(document):
        # Mind2Web-Live (WebCanvas) tasks named as Mind2Web: their own format, not a
        # "missing field 'website'" for every task.
        yield from mind2web_live.from_document(document, path)
        return
    records = document if isinstance(document, list) else [document]
    for index, record in enumerate(records):
        yield attempt(path, f"task {index}", partial(_episode, record, index, path))


def _episode(record: Mapping[str, Any], index: int, path: Path) -> Episode:
    mapping = load_mapping("mind2web", Mind2WebMapping)
    website = str(require(record, "website"))
    full = "confirmed_task" in record
    task = require(record, "confirmed_task" if full else "task")
    actions = require(record, "actions")
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Sequence):
        # Iterating a string would report each of its characters as a bad action.
        raise EpisodeError(
            str(path), f"task {index}", f"'actions' is not a list, got {type(actions).__name__}"
        )
    reprs = record.get("action_reprs") or []
    steps = []
    for position, given in enumerate(actions):
        try:
            if full:
                shown = reprs[position] if position < len(reprs) else None
                action = _full_action(given, shown, mapping)
            else:
                action = _raw_action(given, mapping)
        except (ValueError, TypeError, KeyError) as exc:
            reason = str(exc) if not isinstance(exc, KeyError) else f"missing key {exc}"
            raise EpisodeError(str(path), f"task {index} action {position}", reason) from exc
        observation = Observation(app=website)
        steps.append(Step(index=position, observation=observation, action=action))
    return Episode(
        id=episode_id(DATASET, _own_id(record, index, path)),
        dataset=DATASET,
        platform="web",
        task=str(task),
        app=website,
        steps=steps,
        source_file=str(path.resolve()),
        record=f"task {index}",
    )


def _raw_action(given: Any, mapping: Mind2WebMapping) -> Action:
    if not (isinstance(given, Sequence) and not isinstance(given, str) and len(given) == 3):
        raise ValueError(f"expected [operation, role, element text], got {given!r}")
    operation, role, text = (str(part) for part in given)
    op, _, value = operation.partition(":")
    return mind2web_action(
        op.strip(), value.strip(), role.strip().strip("[]"), text, given, mapping
    )


def _full_action(given: Any, shown: str | None, mapping: Mind2WebMapping) -> Action:
    operation = require(given, "operation")
    op, value = str(require(operation, "op")), str(operation.get("value") or "")
    match = _REPR.match(shown) if shown else None
    role = match["role"] if match else ""
    text = match["text"] if match else ""
    raw: dict[str, Any] = {
        "action_uid": given.get("action_uid"),
        "operation": dict(operation),
        "action_repr": shown,
    }
    page = page_candidates([given]) if given.get("pos_candidates") else None
    if page is not None:
        raw.update(page)
    return mind2web_action(op, value, role, text, raw, mapping)


def mind2web_action(
    op: str, value: str, role: str, text: str, raw: Any, mapping: Mind2WebMapping
) -> Action:
    spec = mapping.operations.get(op.upper())
    if spec is None:
        raise ValueError(f"unknown operation {op!r}")
    carries_text = spec.kind in ("type", "select")
    named = " ".join(text.split())
    return spec.action(
        target_text=None if named.lower() in _ABSENT else named,
        target_role=role or None,
        text=value.strip() if carries_text else None,
        raw=raw,
    )


def _own_id(record: Mapping[str, Any], index: int, path: Path) -> str:
    if record.get("annotation_id"):
        return str(record["annotation_id"])
    match = _TRACE_ID.search(str(record.get("trace_url") or ""))
    return match.group(1) if match else f"{path.stem}-{index}"


read = document_reader(load_json, from_document)
