"""Mind2Web's page candidates (``pos_candidates`` / ``neg_candidates`` of an action, as the
full dataset and SeeAct's per-step records ship them), named for step-level evaluation.

Each candidate is ``{backend_node_id, tag, attributes (JSON text), rank, score}``; lists
may come as JSON text. A candidate is named by its tag and its text in the page's
``cleaned_html`` (else its ``aria_label``, ``placeholder``, ``title``, ``alt`` or
``value``). The result goes into a step's ``raw``: ``target {uid, role, text}`` (the first
positive candidate) and ``candidates [[uid, tag, text], …]``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bs4 import BeautifulSoup

from taskspace.sources.episodes.formats.base import require

_NAMING = ("aria_label", "placeholder", "title", "alt", "value", "input_value")
_MAX_TEXT = 120


def page_candidates(records: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The gold target and every candidate of one step (the union over ``records``, which
    are the step's batches); None when there is no positive candidate."""
    positives = listed(records[0].get("pos_candidates"))
    if not positives:
        return None
    names = page_names(str(records[0].get("cleaned_html") or ""))
    candidates: dict[str, list[str]] = {}
    for record in records:
        for given in [*listed(record.get("pos_candidates")), *listed(record.get("neg_candidates"))]:
            uid = str(require(given, "backend_node_id"))
            candidates.setdefault(uid, [uid, *candidate_name(given, names)])
    gold = str(require(positives[0], "backend_node_id"))
    _, role, text = candidates[gold]
    return {
        "target": {"uid": gold, "role": role, "text": text},
        "candidates": list(candidates.values()),
    }


def listed(given: Any) -> list[Mapping[str, Any]]:
    """Candidates as a list of objects (SeeAct's dumps sometimes hold them as JSON text)."""
    if isinstance(given, str):
        given = json.loads(given) if given.strip() else []
    if given is None:
        return []
    if not isinstance(given, list):
        raise TypeError(f"candidates must be a list, got {type(given).__name__}")
    return given


def page_names(html: str) -> dict[str, tuple[str, str]]:
    """backend_node_id → (tag, visible text, else a naming attribute) from the cleaned HTML."""
    if not html:
        return {}
    soup = BeautifulSoup(html, "html.parser")
    found = {}
    for node in soup.find_all(backend_node_id=True):
        text = " ".join(node.get_text(" ").split())[:_MAX_TEXT]
        if not text:
            text = _attribute_name(node.attrs)
        found[str(node["backend_node_id"])] = (node.name, text)
    return found


def candidate_name(candidate: Mapping[str, Any], names: Mapping[str, tuple[str, str]]) -> list[str]:
    uid = str(candidate["backend_node_id"])
    tag, text = names.get(uid, (str(candidate.get("tag") or ""), ""))
    attributes = candidate.get("attributes")
    if isinstance(attributes, str):
        attributes = json.loads(attributes) if attributes.strip() else {}
    if isinstance(attributes, Mapping) and not text:
        text = _attribute_name(attributes)
    return [tag, text]


def _attribute_name(attributes: Mapping[str, Any]) -> str:
    for key in _NAMING:
        if attributes.get(key):
            return " ".join(str(attributes[key]).split())[:_MAX_TEXT]
    return ""
