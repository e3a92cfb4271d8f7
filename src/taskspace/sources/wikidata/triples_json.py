"""Line-delimited triple JSON (``.jsonl``/``.ndjson``): one triple per line, streamed.

Each line is one JSON object with the keys ``s``, ``p``, ``o`` or ``subject``,
``predicate``, ``object`` (one name per slot; a line may mix the two spellings). Lines
may also sit in a JSON array written one object per line (``[`` and ``]`` on their own
lines, a ``,`` after each object), as Wikidata's JSON dumps are written.

Subject and predicate are strings: an IRI (``http://www.wikidata.org/entity/Q42`` or
``<…>``), a prefixed name with one of the Wikidata prefixes below (``wd:Q42``,
``wdt:P31``, ``rdfs:label`` …), a bare entity id (``Q42``), or for the predicate a bare
property id (``P31``, read as ``wdt:P31``, a truthy claim) or ``label``, ``description``,
``alias``. A subject may be a blank node (``_:b1``).

The object is one of: a string as above naming an IRI, a prefixed name or an entity id
(``Q5`` is the item); an N-Triples literal (``"Douglas Adams"@en``,
``"1952-03-11T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>``); any other string
(a plain string literal); a JSON number (a quantity); or an object in the SPARQL JSON
results form ``{"type": "uri"|"literal"|"bnode", "value": …, "xml:lang": …,
"datatype": …}``, where ``lang``/``language`` may stand for ``xml:lang`` and ``type`` may be
left out for a literal. A string that looks like an entity id but is text must be written
as a literal (``"\\"Q42\\""`` or ``{"value": "Q42"}``).

The triples then take the same road as N-Triples (:class:`~taskspace.sources.wikidata.records.
RecordGrouper`), so the same facts give the same graph. A line that is not JSON, not an
object, lacks a slot or holds an unusable term is reported with its line and skipped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from taskspace.sources.wikidata.errors import NTriplesError, TripleJsonError
from taskspace.sources.wikidata.ntriples import OnIssue, parse_line
from taskspace.sources.wikidata.terms import (
    ENTITY_ID,
    IRI,
    PROP_NS,
    PROPERTY_ID,
    RDFS_LABEL,
    SCHEMA_DESCRIPTION,
    SKOS_ALT_LABEL,
    WD,
    WIKIBASE,
    XSD,
    BNode,
    Literal,
    ParseIssue,
    Term,
    Triple,
)

SLOTS = (("s", "subject"), ("p", "predicate"), ("o", "object"))
PREFIXES = {
    "wd": WD,
    "wdt": f"{PROP_NS}direct/",
    "p": PROP_NS,
    "ps": f"{PROP_NS}statement/",
    "psv": f"{PROP_NS}statement/value/",
    "pq": f"{PROP_NS}qualifier/",
    "pqv": f"{PROP_NS}qualifier/value/",
    "wds": f"{WD}statement/",
    "wdv": "http://www.wikidata.org/value/",
    "wikibase": WIKIBASE,
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "schema": "http://schema.org/",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "xsd": XSD,
}
_WORDS = {"label": RDFS_LABEL, "description": SCHEMA_DESCRIPTION, "alias": SKOS_ALT_LABEL}
_ABSOLUTE = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://\S+")
_PREFIXED = re.compile(r"([a-z][a-z0-9]*):([^\s<>\"]+)")
_BNODE = re.compile(r"_:([A-Za-z0-9_][A-Za-z0-9_.\-]*)")


def is_triple_object(document: Any) -> bool:
    """True when a JSON value reads as one triple (used to sniff ``.jsonl`` files)."""
    return isinstance(document, dict) and all(
        any(key in document for key in names) for names in SLOTS
    )


def read_triples_json(lines: Iterable[bytes], file: str, on_issue: OnIssue) -> Iterator[Triple]:
    """Triples from triple-JSON lines; each bad line goes to ``on_issue`` and is skipped."""
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if text in (b"", b"[", b"]", b"],"):
            continue
        cut = "" if raw.endswith(b"\n") else "truncated last line: "
        try:
            document = json.loads(text.rstrip(b","))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "invalid UTF-8"
            on_issue(ParseIssue(file, number, f"{cut}bad JSON: {reason}"))
            continue
        try:
            subject, predicate, obj = triple_terms(document)
        except TripleJsonError as exc:
            on_issue(ParseIssue(file, number, str(exc)))
            continue
        yield Triple(subject, predicate, obj, number)


def _slot(document: dict[str, Any], names: tuple[str, str]) -> Any:
    short, long_ = names
    if short in document and long_ in document:
        raise TripleJsonError(f"both {short!r} and {long_!r} given; use one")
    if short not in document and long_ not in document:
        raise TripleJsonError(f"no {short!r} or {long_!r} key (a triple needs s, p and o)")
    return document[short] if short in document else document[long_]


def triple_terms(document: Any) -> tuple[IRI | BNode, str, Term]:
    """(subject, predicate IRI, object) of one triple object."""
    if not isinstance(document, dict):
        raise TripleJsonError(f"not a JSON object: {json.dumps(document)[:40]}")
    raw_s, raw_p, raw_o = (_slot(document, names) for names in SLOTS)
    subject = _node(raw_s, "subject")
    if isinstance(raw_p, str) and (PROPERTY_ID.fullmatch(raw_p) or raw_p in _WORDS):
        predicate = _WORDS.get(raw_p) or f"{PROP_NS}direct/{raw_p}"
    else:
        found = _node(raw_p, "predicate")
        if not isinstance(found, IRI):
            raise TripleJsonError(f"predicate {raw_p!r:.60} is not an IRI")
        predicate = found.value
    return subject, predicate, _object(raw_o)


def _node(raw: Any, slot: str) -> IRI | BNode:
    """An IRI or blank node named by a string; anything else is an error."""
    if isinstance(raw, dict) and raw.get("type") in ("uri", "bnode"):
        raw = raw.get("value") if raw["type"] == "uri" else f"_:{raw.get('value')}"
    if not isinstance(raw, str):
        raise TripleJsonError(f"{slot} is not a string: {json.dumps(raw)[:40]}")
    found = _name(raw)
    if found is None:
        raise TripleJsonError(
            f"{slot} {raw[:60]!r} is not an IRI, prefixed name, entity id or blank node"
        )
    return found


def _name(text: str) -> IRI | BNode | None:
    if ENTITY_ID.fullmatch(text):
        return IRI(WD + text)
    if text.startswith("<") and text.endswith(">") and _ABSOLUTE.fullmatch(text[1:-1]):
        return IRI(text[1:-1])
    if _ABSOLUTE.fullmatch(text):
        return IRI(text)
    blank = _BNODE.fullmatch(text)
    if blank is not None:
        return BNode(blank.group(1))
    prefixed = _PREFIXED.fullmatch(text)
    if prefixed is not None and prefixed.group(1) in PREFIXES:
        return IRI(PREFIXES[prefixed.group(1)] + prefixed.group(2))
    return None


def _object(raw: Any) -> Term:
    if isinstance(raw, bool) or raw is None:
        raise TripleJsonError(f"object {json.dumps(raw)} is not a term")
    if isinstance(raw, int | float):
        kind = "integer" if isinstance(raw, int) else "decimal"
        return Literal(json.dumps(raw), f"{XSD}{kind}")
    if isinstance(raw, dict):
        return _term_object(raw)
    if not isinstance(raw, str):
        raise TripleJsonError(f"object is not a string, number or term object: {raw!r:.40}")
    if raw.startswith('"'):
        return _ntriples_literal(raw)
    found = _name(raw)
    return found if found is not None else Literal(raw)


def _ntriples_literal(text: str) -> Term:
    """An N-Triples literal, read by the N-Triples parser itself (same escapes)."""
    try:
        parsed = parse_line(f"<x:s> <x:p> {text} .")
    except NTriplesError as exc:
        raise TripleJsonError(f"object {text[:60]!r} is not an N-Triples literal: {exc}") from exc
    if parsed is None or not isinstance(parsed[2], Literal):
        raise TripleJsonError(f"object {text[:60]!r} is not an N-Triples literal")
    return parsed[2]


def _term_object(raw: dict[str, Any]) -> Term:
    kind = raw.get("type", "literal")
    value = raw.get("value", raw.get("@value"))
    if kind in ("uri", "bnode"):
        return _node(raw, "object")
    if kind not in ("literal", "typed-literal") or not isinstance(value, str | int | float):
        raise TripleJsonError(f"object {json.dumps(raw)[:60]} is not a term")
    lang = raw.get("xml:lang") or raw.get("lang") or raw.get("language") or raw.get("@language")
    datatype = raw.get("datatype") or raw.get("@type")
    if datatype is not None:
        found = _name(datatype) if isinstance(datatype, str) else None
        if not isinstance(found, IRI):
            raise TripleJsonError(f"datatype {datatype!r:.60} is not an IRI")
        datatype = found.value
    if lang is not None and not isinstance(lang, str):
        raise TripleJsonError(f"language {lang!r:.20} is not a string")
    text = value if isinstance(value, str) else json.dumps(value)
    return Literal(text, datatype, lang.lower() if lang else None)
