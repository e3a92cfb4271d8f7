"""Mind2Web-Live / WebCanvas task files: a task and the key steps its evaluation checks.

WebCanvas (iMeanAI/WebCanvas, ``data/example/mind2web-live_test_*.json``) ships each task
as ``{index, task, reference_task_length, evaluation: [...]}`` where every evaluation
entry is a key step a run must pass: ``match_function_name`` (``url_included_match``,
``element_path_exactly_match``, ``element_value_exactly_match`` …) and ``content``
(``url`` of the page the step was recorded on, ``reference_answer``, and for elements a
CSS selector or a ``path``). There are no recorded actions, so the key steps are the
known route, in order:

- a URL check is the page the route reaches: a ``navigate`` step from the page before
  (the first page is the start page, reached by no step);
- an element-path check is a ``tap`` on the element at that selector, on its page;
- an element-value check is a ``type`` of the reference answer into that element (for
  a semantic check the answer is a judge's instruction, so the text is left unknown).

An element check recorded on another page than the current one first navigates there.
Each step's observation is the page's URL and the site, so the page graph compares pages
by URL path and web crawls of the same site meet them. The site is named as Mind2Web
names it (``www.kohls.com`` → ``kohls``), so both datasets share their sites' screens.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats.base import (
    Results,
    attempt,
    document_reader,
    episode_id,
    require,
)
from taskspace.sources.episodes.mappings import Mind2WebLiveMapping, load_mapping
from taskspace.sources.episodes.model import Action, Episode, Observation, Step
from taskspace.sources.episodes.sources import load_json

DATASET = "mind2web_live"


def matches(document: Any) -> bool:
    records = document if isinstance(document, list) else [document]
    first = records[0] if records else None
    return (
        isinstance(first, Mapping)
        and "task" in first
        and isinstance(first.get("evaluation"), list)
        and "website" not in first
    )


def from_document(document: Any, path: Path) -> Results:
    if not matches(document):
        yield EpisodeError(
            str(path), None, "a Mind2Web-Live file is a list of tasks with `evaluation`"
        )
        return
    records = document if isinstance(document, list) else [document]
    for index, record in enumerate(records):
        yield attempt(path, f"task {index}", partial(_episode, record, index, path))


def site_name(url: str, mapping: Mind2WebLiveMapping) -> str:
    """The host as Mind2Web names sites: ``www.kohls.com`` → kohls, ``www.last.fm`` → last.fm."""
    host = (urlsplit(url).hostname or "").lower()
    for prefix in mapping.host_prefixes:
        host = host.removeprefix(prefix)
    for suffix in mapping.host_suffixes:
        host = host.removesuffix(suffix)
    if not host:
        raise ValueError(f"no host in URL {url!r}")
    return host


def _episode(record: Mapping[str, Any], index: int, path: Path) -> Episode:
    mapping = load_mapping("mind2web_live", Mind2WebLiveMapping)
    task = " ".join(str(require(record, "task")).split())
    checks = require(record, "evaluation")
    if not isinstance(checks, list) or not checks:
        raise ValueError("`evaluation` must be a non-empty list of key steps")
    pages = [_url(check, position) for position, check in enumerate(checks)]
    site = site_name(pages[0], mapping)
    steps: list[Step] = []
    current: str | None = None
    for position, (check, url) in enumerate(zip(checks, pages, strict=True)):
        name = str(require(check, "match_function_name"))
        spec = mapping.checks.get(name)
        if spec is None:
            known = ", ".join(mapping.checks)
            raise EpisodeError(
                str(path),
                f"task {index} check {position}",
                f"unknown match function {name!r} (known: {known})",
            )
        if current is None:
            current = url  # the start page: reached by no step
        elif url != current:
            steps.append(
                _step(len(steps), site, current, Action(kind="navigate", text=url, raw=check))
            )
            current = url
        if spec.kind == "navigate":
            continue
        content = check["content"]
        answer = content.get("reference_answer")
        if spec.kind == "tap":
            target = " ".join(str(answer or "").split()) or None
            action = spec.action(target_text=target, raw=check)
        else:
            literal = name in mapping.literal_values and answer is not None
            where = " ".join(str(content.get("path") or "").split()) or None
            action = spec.action(
                text=str(answer) if literal else None, target_text=where, raw=check
            )
        steps.append(_step(len(steps), site, current, action))
    if not steps:
        raise ValueError("the evaluation checks only the start page: there is no step to take")
    return Episode(
        id=episode_id(DATASET, _own_id(record, index, path)),
        dataset=DATASET,
        platform="web",
        task=task,
        app=site,
        steps=steps,
        final=Observation(app=site, url=current),
        source_file=str(path.resolve()),
        record=f"task {index}",
    )


def _url(check: Any, position: int) -> str:
    content = require(check, "content")
    url = str(require(content, "url")).strip()
    if not urlsplit(url).hostname:
        raise ValueError(f"check {position}: content.url {url!r} is not an absolute URL")
    return url


def _step(index: int, site: str, url: str, action: Action) -> Step:
    return Step(index=index, observation=Observation(app=site, url=url), action=action)


def _own_id(record: Mapping[str, Any], index: int, path: Path) -> str:
    """WebCanvas's own id when it is one (``WXkY6peQb2NDE6VKrNQkd``); a number is per file."""
    own = record.get("index")
    if isinstance(own, str) and own.strip():
        return own.strip()
    return f"{path.stem}-{own if isinstance(own, int) else index}"


read = document_reader(load_json, from_document)
