"""Wikibase entity JSON: wbgetentities responses and the JSON dumps, streamed by line.

The JSON dumps hold one entity per line inside ``[`` and ``]`` lines, each line ending in
a comma; a wbgetentities response is one object ``{"entities": {...}}``, usually on one
line. Both are read line by line, so a dump of any size stays out of memory; only a
pretty-printed response or array of entities (a first record the line leaves unfinished,
told by parsing in :func:`taskspace.core.json_layout.json_layout`) is read whole, up to
256 MiB, each entity reported at the line it starts on (:mod:`.entity_lines`).
A line that is not JSON, or not an entity, is reported with its line number and skipped.
Truthy claims follow Wikidata's rule: per property the preferred statements if any,
else the normal ones; deprecated never.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from taskspace.core.json_layout import json_layout
from taskspace.sources.wikidata.entity_lines import entity_lines
from taskspace.sources.wikidata.errors import EntityFormatError
from taskspace.sources.wikidata.ntriples import OnIssue
from taskspace.sources.wikidata.terms import (
    EARTH,
    ENTITY_ID,
    PROPERTY_ID,
    EntityRecord,
    ParseIssue,
    StatementRecord,
    Value,
    amount_text,
    entity_id,
    not_a_property,
    statement_id,
    unit_id,
)

MAX_DOCUMENT_BYTES = 256 << 20


def read_entity_json(
    lines: Iterable[bytes], file: str, on_issue: OnIssue
) -> Iterator[EntityRecord]:
    """Entity records from a JSON dump or a wbgetentities response."""
    layout, iterator = json_layout(lines)
    if layout == "document":  # pretty-printed: one response or array over several lines
        yield from _whole_document(b"", iterator, file, 1, on_issue)
        return
    for number, raw in enumerate(iterator, 1):
        text = raw.strip()
        if text in (b"", b"[", b"]", b"],"):
            continue
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
    data = b"".join(chunks)
    try:
        located = entity_lines(data.decode("utf-8"))
    except UnicodeDecodeError:
        located = None
    if located is None:  # not a response or an array, or broken: reported where it breaks
        yield from _records_of_line(data, file, number, on_issue)
    else:  # each entity reported at the line it starts on
        yield from _records(located, file, on_issue)


def _records_of_line(
    text: bytes, file: str, number: int, on_issue: OnIssue, cut: str = ""
) -> Iterator[EntityRecord]:
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "invalid UTF-8"
        on_issue(ParseIssue(file, number, f"{cut}bad JSON: {reason}"))
        return
    if isinstance(document, list):  # a pretty-printed array of entities
        document = {"entities": {str(i): entity for i, entity in enumerate(document)}}
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
    yield from _records(((number, entity) for entity in candidates), file, on_issue)


def _records(
    candidates: Iterable[tuple[int, Any]], file: str, on_issue: OnIssue
) -> Iterator[EntityRecord]:
    """The entity record of each (line, entity); a bad one reported at its line."""
    for number, entity in candidates:
        if not isinstance(entity, dict):
            on_issue(ParseIssue(file, number, f"an entity is not a JSON object: {entity!r:.40}"))
            continue
        if "missing" in entity:
            on_issue(ParseIssue(file, number, f"entity {entity.get('id')} is missing"))
            continue

        def problem(reason: str, number: int = number) -> None:
            on_issue(ParseIssue(file, number, reason))

        try:
            record = entity_record(entity, number, problem)
        except (EntityFormatError, KeyError, TypeError, ValueError) as exc:
            reason = (
                str(exc) if isinstance(exc, EntityFormatError) else f"malformed entity: {exc!r}"
            )
            on_issue(ParseIssue(file, number, reason))
            continue
        if record is not None:
            yield record


def _texts(section: Any, what: str, report: Callable[[str], None]) -> dict[str, str]:
    """``{lang: {"value": text}}`` as ``{lang: text}``; odd entries reported and left out."""
    if section is None:
        return {}
    if not isinstance(section, dict):
        report(f"{what} is not an object; left out")
        return {}
    out: dict[str, str] = {}
    for lang, entry in section.items():
        text = entry.get("value") if isinstance(entry, dict) else None
        if isinstance(text, str):
            out[lang] = text
        else:
            report(f"{what} in {str(lang)[:20]!r} has no text value; left out")
    return out


def _aliases(section: Any, report: Callable[[str], None]) -> dict[str, list[str]]:
    if not isinstance(section, dict):
        if section:
            report("aliases are not an object; left out")
        return {}
    out: dict[str, list[str]] = {}
    for lang, entries in section.items():
        texts = (
            [e.get("value") for e in entries if isinstance(e, dict)]
            if isinstance(entries, list)
            else []
        )
        kept = [t for t in texts if isinstance(t, str)]
        if len(kept) != (len(entries) if isinstance(entries, list) else 1):
            report(f"aliases in {str(lang)[:20]!r} have entries without text; left out")
        if kept:
            out[lang] = kept
    return out


def entity_record(
    entity: dict[str, Any], line: int = 0, on_problem: Callable[[str], None] | None = None
) -> EntityRecord | None:
    """One entity JSON object as a record (None for lexemes and other entity kinds).

    A claim under a key that is not a property id, or a statement of an odd shape, goes
    to ``on_problem`` and is left out; the rest of the entity is kept.
    """
    qid = entity.get("id")
    if not isinstance(qid, str) or ENTITY_ID.fullmatch(qid) is None:
        raise EntityFormatError(f"entity id {qid!r} is not a QID or PID")
    if qid[0] == "L":
        return None
    report = on_problem or (lambda reason: None)
    datatype = entity.get("datatype")
    record = EntityRecord(qid, line, datatype=datatype if isinstance(datatype, str) else None)
    record.labels = _texts(entity.get("labels"), f"{qid}: a label", report)
    record.descriptions = _texts(entity.get("descriptions"), f"{qid}: a description", report)
    record.aliases = _aliases(entity.get("aliases"), lambda why: report(f"{qid}: {why}"))
    claims = entity.get("claims") or {}
    if not isinstance(claims, dict):
        raise EntityFormatError(f"{qid}: claims is not an object")
    for pid, statements in claims.items():
        if not isinstance(pid, str) or PROPERTY_ID.fullmatch(pid) is None:
            held = statements if isinstance(statements, list) else []
            ids = [str(raw.get("id"))[:60] for raw in held[:3] if isinstance(raw, dict)]
            named = f": {', '.join(ids)}{' …' if len(held) > 3 else ''}" if ids else ""
            report(
                f"{qid}: claims key {not_a_property(pid)}; its {len(held)} statement(s) "
                f"skipped{named}"
            )
            continue
        if not isinstance(statements, list):
            report(f"{qid}: claims of {pid} are not a list; skipped")
            continue
        parsed: list[StatementRecord] = []
        for raw in statements:
            try:
                statement = statement_record(raw)
            except (EntityFormatError, KeyError, TypeError, ValueError, AttributeError) as exc:
                why = str(exc) if isinstance(exc, EntityFormatError) else f"malformed: {exc!r}"
                report(f"{qid}: a {pid} statement skipped: {why}")
                continue
            if statement.pid != pid:
                report(f"{qid}: a statement under {pid} is about {statement.pid}; skipped")
                continue
            parsed.append(statement)
        record.statements.update((s.id, s) for s in parsed)
        best = [s for s in parsed if s.rank == "preferred"] or [
            s for s in parsed if s.rank == "normal"
        ]
        record.truthy.extend((pid, s.value) for s in best if s.value is not None)
    return record


def _property(name: Any, where: str) -> str:
    """``name`` when it is a property id; else the error says where it was and what."""
    if not isinstance(name, str) or PROPERTY_ID.fullmatch(name) is None:
        raise EntityFormatError(f"{where} {not_a_property(name)}")
    return name


def statement_record(raw: dict[str, Any]) -> StatementRecord:
    mainsnak = raw["mainsnak"]
    named = f"statement {str(raw.get('id'))[:60]}"
    pid = _property(mainsnak["property"], f"{named}: mainsnak property")
    sid, rank = raw["id"], raw.get("rank", "normal")
    if not isinstance(sid, str) or statement_id(sid) is None:
        raise EntityFormatError(f"statement id {str(sid)[:40]!r} is not <entity id>$<id>")
    if rank not in ("preferred", "normal", "deprecated"):
        raise EntityFormatError(f"unknown rank {rank!r}")
    datatype = mainsnak.get("datatype")
    statement = StatementRecord(
        sid, pid, rank=rank, datatype=datatype if isinstance(datatype, str) else None
    )
    statement.value = snak_value(mainsnak)
    for qpid, snaks in (raw.get("qualifiers") or {}).items():
        _property(qpid, f"{named}: qualifier key")
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
        if not isinstance(target, str) or ENTITY_ID.fullmatch(target) is None:
            raise EntityFormatError(f"value id {str(target)[:40]!r} is not a QID or PID")
        return Value({"Q": "item", "P": "property"}.get(target[0], "string"), target)
    if kind == "string":
        return Value("string", _text(value, "string value"))
    if kind == "monolingualtext":
        text, lang = _text(value["text"], "text"), _text(value["language"], "language")
        return Value("monolingual", text, lang=lang)
    if kind == "time":
        return Value("time", _text(value["time"], "time"), precision=int(value["precision"]))
    if kind == "quantity":
        amount = amount_text(_text(value["amount"], "amount"))
        return Value("quantity", amount, unit=unit_id(value.get("unit")))
    if kind == "globecoordinate":
        latitude, longitude = float(value["latitude"]), float(value["longitude"])
        if not (math.isfinite(latitude) and math.isfinite(longitude)):
            raise EntityFormatError(f"coordinates {latitude}, {longitude} are not numbers")
        globe = entity_id(value.get("globe") or "") or EARTH
        return Value(
            "coordinate",
            f"Point({longitude} {latitude})",
            latitude=latitude,
            longitude=longitude,
            globe=globe,
        )
    raise EntityFormatError(f"unknown datavalue type {kind!r}")


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise EntityFormatError(f"{what} is not a string: {value!r:.40}")
    return value


def _numeric_id(value: dict[str, Any]) -> str:
    prefixes = {"item": "Q", "property": "P", "lexeme": "L"}
    return f"{prefixes[value['entity-type']]}{int(value['numeric-id'])}"
