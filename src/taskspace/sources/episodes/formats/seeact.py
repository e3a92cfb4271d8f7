"""SeeAct's per-step records (OSU-NLP-Group/SeeAct, ``data/examples/*/queries.jsonl``).

Each line is one step of a Mind2Web task as SeeAct's offline experiments feed it to a
model: ``confirmed_task``, ``website``, ``annotation_id``, ``action_uid``,
``operation {op, original_op, value}``, ``previous_actions`` (Mind2Web's action reprs of
the steps before), ``pos_candidates`` / ``neg_candidates`` (``{backend_node_id, tag,
attributes (JSON text), rank, score}``), the page's ``cleaned_html`` and the multiple
choice ``choices`` of one batch. A step split into several choice batches is several
lines with the same ``action_uid``: they are one step. Lines are grouped into one episode
per ``annotation_id``; a step's position is the number of actions before it.

The gold element is the first positive candidate; every candidate is named and kept in the
step's ``raw`` (``taskspace.sources.episodes.formats.candidates``), so the step-level evaluation
(``taskspace.webeval``) offers the page's own candidates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats.base import Results, attempt, episode_id, require
from taskspace.sources.episodes.formats.candidates import page_candidates
from taskspace.sources.episodes.formats.mind2web import mind2web_action
from taskspace.sources.episodes.mappings import Mind2WebMapping, load_mapping
from taskspace.sources.episodes.model import Episode, Observation, Step
from taskspace.sources.episodes.sources import decode_line, parse_json, read_lines

DATASET = "seeact"


def matches(document: Any) -> bool:
    first = document[0] if isinstance(document, list) and document else document
    return (
        isinstance(first, Mapping)
        and "confirmed_task" in first
        and "action_uid" in first
        and "operation" in first
        and "pos_candidates" in first
    )


def read(path: Path) -> Results:
    try:
        lines = read_lines(path)
    except EpisodeError as error:
        yield error
        return
    records: list[tuple[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"line {number}"
        try:
            records.append(
                (where, parse_json(decode_line(line, str(path), where), str(path), where))
            )
        except EpisodeError as error:
            yield error
    if not records and not any(line.strip() for line in lines):
        yield EpisodeError(str(path), None, "empty: the file holds no step")
    yield from _episodes(records, path)


def from_document(document: Any, path: Path) -> Results:
    records = document if isinstance(document, list) else [document]
    yield from _episodes([(f"record {i}", record) for i, record in enumerate(records)], path)


def _episodes(records: Iterable[tuple[str, Any]], path: Path) -> Results:
    tasks: dict[str, list[tuple[str, Mapping[str, Any]]]] = {}
    for where, record in records:
        if not isinstance(record, Mapping) or not record.get("annotation_id"):
            yield EpisodeError(str(path), where, "missing field 'annotation_id'")
            continue
        tasks.setdefault(str(record["annotation_id"]), []).append((where, record))
    for own_id, lines in tasks.items():
        yield attempt(path, f"task {own_id}", partial(_episode, own_id, lines, path))


def _episode(own_id: str, lines: list[tuple[str, Mapping[str, Any]]], path: Path) -> Episode:
    mapping = load_mapping("mind2web", Mind2WebMapping)
    first = lines[0][1]
    website = str(require(first, "website"))
    by_step: dict[str, list[Mapping[str, Any]]] = {}
    for _, record in lines:
        by_step.setdefault(str(require(record, "action_uid")), []).append(record)
    ordered = sorted(by_step.values(), key=lambda same: len(same[0].get("previous_actions") or []))
    steps = []
    for index, same in enumerate(ordered):
        try:
            steps.append(_step(index, same, website, mapping))
        except (ValueError, TypeError, KeyError) as exc:
            reason = str(exc) if not isinstance(exc, KeyError) else f"missing key {exc}"
            raise EpisodeError(str(path), f"task {own_id} step {index}", reason) from exc
    return Episode(
        id=episode_id(DATASET, own_id),
        dataset=DATASET,
        platform="web",
        task=" ".join(str(require(first, "confirmed_task")).split()),
        app=website,
        steps=steps,
        source_file=str(path.resolve()),
        record=f"task {own_id}",
    )


def _step(
    index: int, same: list[Mapping[str, Any]], website: str, mapping: Mind2WebMapping
) -> Step:
    record = same[0]
    operation = require(record, "operation")
    page = page_candidates(same)
    if page is None:
        raise ValueError("no positive candidate: the step has no gold element")
    role, text = page["target"]["role"], page["target"]["text"]
    raw = {"action_uid": record["action_uid"], "operation": dict(operation), **page}
    op = str(require(operation, "op"))
    action = mind2web_action(op, str(operation.get("value") or ""), role, text, raw, mapping)
    return Step(index=index, observation=Observation(app=website), action=action)
