"""Wikibase entity JSON: wbgetentities responses and the JSON dumps, streamed by line.

The JSON dumps hold one entity per line inside ``[`` and ``]`` lines, each line ending in
a comma; a wbgetentities response is one object ``{"entities": {...}}``, usually on one
line. Both are read line by line, so a dump of any size stays out of memory; only a
pretty-printed response (first line ``{``) is read whole, as it is small by nature.
A line that is not JSON, or not an entity, is reported with its line number and skipped.
Truthy claims follow Wikidata's rule: per property the preferred statements if any,
else the normal ones; deprecated never.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from taskspace.wikidata.ntriples import OnIssue
from taskspace.wikidata.terms import (
    EARTH,
    ENTITY_ID,
    EntityRecord,
    ParseIssue,
    StatementRecord,
    Value,
    amount_text,
    entity_id,
    unit_id,
)

MAX_DOCUMENT_BYTES = 256 << 20


class EntityFormatError(ValueError):
    """An entity or value that does not follow the Wikibase JSON model."""


def read_entity_json(
    lines: Iterable[bytes], file: str, on_issue: OnIssue
) -> Iterator[EntityRecord]:
    """Entity records from a JSON dump or a wbgetentities response."""
    iterator = iter(lines)
    first = True
    for number, raw in enumerate(iterator, 1):
        text = raw.strip()
        if text in (b"", b"[", b"]", b"],"):
            continue
        if first and text == b"{":
            yield from _whole_document(raw, iterator, file, number, on_issue)
            return
        first = False
        cut = "" if raw.endswith(b"\n") else "truncated last line: "
        yield from _records_of_line(text.rstrip(b","), file, number, on_issue, cut)


def _whole_document(
    first: bytes, rest: Iterator[bytes], file: str, number: int, on_issue: OnIssue
) -> Iterator[EntityRecord]:
    chunks, size = [first], len(first)
    for raw in rest:
        chunks.append(raw)
        size += len(raw)
        if size > MAX_DOCUMENT_BYTES:
            on_issue(
                ParseIssue(
                    file, number, "pretty-printed JSON over 256 MiB; use one entity per line"
                )
            )
            return
    yield from _records_of_line(b"".join(chunks), file, number, on_issue)


def _records_of_line(
    text: bytes, file: str, number: int, on_issue: OnIssue, cut: str = ""
) -> Iterator[EntityRecord]:
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "invalid UTF-8"
        on_issue(ParseIssue(file, number, f"{cut}bad JSON: {reason}"))
        return
    if not isinstance(document, dict):
        on_issue(ParseIssue(file, number, "not a JSON object"))
        return
    entities = document.get("entities")
    if isinstance(entities, dict):
        candidates: Iterable[Any] = entities.values()
    elif "id" in document and "type" in document:
        candidates = [document]
    else:
        on_issue(ParseIssue(file, number, "neither an entity nor an API response"))
        return
    for entity in candidates:
        if isinstance(entity, dict) and "missing" in entity:
            on_issue(ParseIssue(file, number, f"entity {entity.get('id')} is missing"))
            continue
        try:
            record = entity_record(entity, number)
        except (EntityFormatError, KeyError, TypeError, ValueError) as exc:
            reason = (
                str(exc) if isinstance(exc, EntityFormatError) else f"malformed entity: {exc!r}"
            )
            on_issue(ParseIssue(file, number, reason))
            continue
        if record is not None:
            yield record


def _texts(section: Any) -> dict[str, str]:
    if not isinstance(section, dict):
        return {}
    return {lang: entry["value"] for lang, entry in section.items() if "value" in entry}


def entity_record(entity: dict[str, Any], line: int = 0) -> EntityRecord | None:
    """One entity JSON object as a record (None for lexemes and other entity kinds)."""
    qid = entity.get("id")
    if not isinstance(qid, str) or ENTITY_ID.fullmatch(qid) is None:
        raise EntityFormatError(f"entity id {qid!r} is not a QID or PID")
    if qid[0] == "L":
        return None
    record = EntityRecord(qid, line, datatype=entity.get("datatype"))
    record.labels = _texts(entity.get("labels"))
    record.descriptions = _texts(entity.get("descriptions"))
    aliases = entity.get("aliases") or {}
    record.aliases = {
        lang: [entry["value"] for entry in entries] for lang, entries in aliases.items() if entries
    }
    claims = entity.get("claims") or {}
    if not isinstance(claims, dict):
        raise EntityFormatError(f"{qid}: claims is not an object")
    for pid, statements in claims.items():
        parsed = [statement_record(raw) for raw in statements]
        record.statements.update((s.id, s) for s in parsed)
        best = [s for s in parsed if s.rank == "preferred"] or [
            s for s in parsed if s.rank == "normal"
        ]
        record.truthy.extend((pid, s.value) for s in best if s.value is not None)
    return record


def statement_record(raw: dict[str, Any]) -> StatementRecord:
    mainsnak = raw["mainsnak"]
    pid = mainsnak["property"]
    statement = StatementRecord(
        raw["id"], pid, rank=raw.get("rank", "normal"), datatype=mainsnak.get("datatype")
    )
    statement.value = snak_value(mainsnak)
    for qpid, snaks in (raw.get("qualifiers") or {}).items():
        for snak in snaks:
            value = snak_value(snak)
            statement.qualifiers.append((qpid, value or Value("novalue", "")))
    return statement


def snak_value(snak: dict[str, Any]) -> Value | None:
    """A snak's typed value; somevalue keeps its kind, novalue is None."""
    kind = snak.get("snaktype", "value")
    if kind == "somevalue":
        return Value("somevalue", "")
    if kind != "value":
        return None
    datavalue = snak["datavalue"]
    return datavalue_value(datavalue["type"], datavalue["value"])


def datavalue_value(kind: str, value: Any) -> Value:
    if kind == "wikibase-entityid":
        target = value.get("id") or _numeric_id(value)
        return Value({"Q": "item", "P": "property"}.get(target[0], "string"), target)
    if kind == "string":
        return Value("string", str(value))
    if kind == "monolingualtext":
        return Value("monolingual", value["text"], lang=value["language"])
    if kind == "time":
        return Value("time", value["time"], precision=int(value["precision"]))
    if kind == "quantity":
        return Value("quantity", amount_text(value["amount"]), unit=unit_id(value.get("unit")))
    if kind == "globecoordinate":
        latitude, longitude = float(value["latitude"]), float(value["longitude"])
        globe = entity_id(value.get("globe") or "") or EARTH
        return Value(
            "coordinate",
            f"Point({longitude} {latitude})",
            latitude=latitude,
            longitude=longitude,
            globe=globe,
        )
    raise EntityFormatError(f"unknown datavalue type {kind!r}")


def _numeric_id(value: dict[str, Any]) -> str:
    prefixes = {"item": "Q", "property": "P", "lexeme": "L"}
    return f"{prefixes[value['entity-type']]}{int(value['numeric-id'])}"
