"""Entity JSON of odd shapes: each odd part is reported with its line and left out, the
rest of the entity is kept, and nothing raises past the reader."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from taskspace.sources.wikidata.entity_json import read_entity_json
from taskspace.sources.wikidata.terms import EntityRecord, ParseIssue
from tests.support.wikidata import KARLSRUHE, shared

GOOD_LABEL = {"en": {"language": "en", "value": "kept"}}


def read(data: bytes) -> tuple[list[EntityRecord], list[ParseIssue]]:
    issues: list[ParseIssue] = []
    found = list(read_entity_json(io.BytesIO(data).readlines(), "f.json", issues.append))
    return found, issues


def statement(datavalue: Any, pid: str = "P31") -> dict[str, Any]:
    snak = {"snaktype": "value", "property": pid, "datavalue": datavalue}
    return {"id": "Q1$1", "rank": "normal", "mainsnak": snak}


ODD: list[tuple[str, dict[str, Any], str]] = [
    ("labels a list", {"labels": []}, "a label is not an object"),
    ("label without text", {"labels": {"de": {"value": 5}}}, "a label in 'de' has no text"),
    ("description null", {"descriptions": {"en": None}}, "a description in 'en' has no text"),
    ("alias without text", {"aliases": {"en": [{"x": 1}]}}, "aliases in 'en' have entries"),
    ("claims not a list", {"claims": {"P31": {}}}, "claims of P31 are not a list"),
    ("statement null", {"claims": {"P31": [None]}}, "a P31 statement skipped: malformed"),
    (
        "string value an object",
        {"claims": {"P31": [statement({"type": "string", "value": {"a": 1}})]}},
        "string value is not a string",
    ),
    (
        "coordinates not finite",
        {
            "claims": {
                "P625": [
                    statement(
                        {"type": "globecoordinate", "value": {"latitude": "nan", "longitude": 1}},
                        "P625",
                    )
                ]
            }
        },
        "are not numbers",
    ),
    (
        "monolingual text a list",
        {
            "claims": {
                "P1476": [
                    statement(
                        {"type": "monolingualtext", "value": {"text": ["a"], "language": "en"}},
                        "P1476",
                    )
                ]
            }
        },
        "text is not a string",
    ),
    (
        "statement under another property",
        {"claims": {"P279": [statement({"type": "string", "value": "s"})]}},
        "a statement under P279 is about P31",
    ),
]


@pytest.mark.parametrize(("odd", "reason"), [(o, r) for _, o, r in ODD], ids=[n for n, _, _ in ODD])
def test_an_odd_part_is_reported_and_the_entity_kept(odd: dict[str, Any], reason: str) -> None:
    entity = {"type": "item", "id": "Q1", "labels": GOOD_LABEL, "claims": {}, **odd}
    found, issues = read(b"[\n" + json.dumps(entity).encode() + b",\n]\n")
    assert [(i.line, reason in i.reason) for i in issues] == [(2, True)], issues
    assert [record.id for record in found] == ["Q1"]
    assert found[0].truthy == [] and found[0].statements == {}


@pytest.mark.parametrize("entity", [None, 5, "Q1", []])
def test_an_entity_that_is_not_an_object_is_reported(entity: object) -> None:
    found, issues = read(json.dumps({"entities": {"Q1": entity}}).encode() + b"\n")
    assert found == [] and len(issues) == 1 and "not a JSON object" in issues[0].reason


def test_a_pretty_printed_array_and_response_are_read_whole() -> None:
    entities = [
        {"type": "item", "id": "Q1", "labels": GOOD_LABEL, "claims": {}},
        {"type": "property", "id": "P2", "datatype": "string", "claims": []},
    ]
    found, issues = read(json.dumps(entities, indent=2).encode())
    assert issues == [] and [r.id for r in found] == ["Q1", "P2"]
    pretty = json.dumps(json.loads(shared(KARLSRUHE).read_bytes()), indent=1).encode()
    found, issues = read(pretty)
    assert issues == [] and [r.id for r in found] == ["Q1040"]
    assert found[0].labels["de"] == "Karlsruhe" and len(found[0].statements) > 100


@pytest.mark.parametrize("layout", ["response", "array"])
def test_a_bad_entity_in_a_pretty_printed_document_is_reported_at_its_own_line(
    layout: str,
) -> None:
    """A wbgetentities response (or an array) over thousands of lines used to report every
    bad entity at line 1 (#27): each is now reported at the line where it starts."""
    (good,) = json.loads(shared(KARLSRUHE).read_text(encoding="utf-8"))["entities"].values()
    good = {"id": good["id"], **good}  # the id first: the line after each entity opens
    bad_id = {**good, "id": "X1"}
    bad_claims = {**good, "id": "Q999000", "claims": ["x"]}
    entities = {good["id"]: good, "X1": bad_id, "Q999000": bad_claims}
    document: Any = {"success": 1, "entities": entities}
    if layout == "array":
        document = list(entities.values())
    text = json.dumps(document, indent=1)
    found, issues = read(text.encode())
    lines = text.splitlines()
    opens = [n for n, line in enumerate(lines, 1) if line.strip() == '"id": "X1",']
    claims = [n for n, line in enumerate(lines, 1) if line.strip() == '"id": "Q999000",']
    assert [record.id for record in found] == [good["id"]]
    assert [(issue.line, issue.reason) for issue in issues] == [
        (opens[0] - 1, "entity id 'X1' is not a QID or PID"),
        (claims[0] - 1, "Q999000: claims is not an object"),
    ]
    assert lines[opens[0] - 2].strip() in ('"X1": {', "{")


def test_a_pretty_printed_response_cut_after_its_entities_is_still_a_bad_document() -> None:
    """Finding each entity's line must not take a cut document for a good one."""
    document = json.loads(shared(KARLSRUHE).read_text(encoding="utf-8"))
    text = json.dumps({**document, "success": 1}, indent=1)
    found, issues = read(text[: text.rindex('"success"')].encode())
    assert found == [] and [issue.line for issue in issues] == [1]
    assert issues[0].reason.startswith("bad JSON")
