"""A property key that is not a property id is reported with what was there and where
(#27): the entity, the statement, and an empty key said to be empty."""

from __future__ import annotations

import copy
import json
from typing import Any

from taskspace.sources.wikidata.entity_json import entity_record
from taskspace.sources.wikidata.ntriples import read_ntriples
from taskspace.sources.wikidata.records import RecordGrouper
from taskspace.sources.wikidata.terms import ParseIssue
from tests.support.wikidata import FILM_SLICE, KARLSRUHE, shared

EMPTY = "is empty (''), not a property id (P and digits)"


def _karlsruhe() -> dict[str, Any]:
    document = json.loads(shared(KARLSRUHE).read_text(encoding="utf-8"))
    entity: dict[str, Any] = next(iter(document["entities"].values()))
    return entity


def test_empty_keys_in_real_entity_json_name_the_entity_the_statement_and_the_key() -> None:
    entity = _karlsruhe()
    claims = entity["claims"]
    p31 = claims["P31"]
    claims[""] = copy.deepcopy(p31[:2])  # an empty claims key holding two statements
    p898 = claims["P898"]
    p898[0]["mainsnak"]["property"] = ""  # an empty mainsnak property
    p898[1]["qualifiers"] = {"": p898[1]["qualifiers"]["P407"]}  # an empty qualifier key
    problems: list[str] = []
    record = entity_record(entity, 1, problems.append)
    assert record is not None and record.id == "Q1040"
    assert sorted(problems) == [
        f"Q1040: a P898 statement skipped: statement {p898[0]['id']}: mainsnak property {EMPTY}",
        f"Q1040: a P898 statement skipped: statement {p898[1]['id']}: qualifier key {EMPTY}",
        f"Q1040: claims key {EMPTY}; its 2 statement(s) skipped: {p31[0]['id']}, {p31[1]['id']}",
    ]
    assert "P31" in {pid for pid, _ in record.truthy}  # the good claims stay


def test_an_empty_property_in_a_real_triple_is_named_with_its_predicate() -> None:
    lines = shared(FILM_SLICE).read_bytes().splitlines(True)[:50]
    subject = lines[0].split(b" ", 1)[0]
    lines.insert(10, subject + b' <http://www.wikidata.org/prop/direct/> "x" .\n')
    issues: list[ParseIssue] = []
    list(
        RecordGrouper(file="f.nt", on_issue=issues.append).records(
            read_ntriples(lines, "f.nt", issues.append)
        )
    )
    assert issues == [
        ParseIssue(
            "f.nt",
            11,
            "predicate <http://www.wikidata.org/prop/direct/>: the name after its last '/' "
            f"{EMPTY}; triple skipped",
        )
    ]
