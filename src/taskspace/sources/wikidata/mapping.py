"""Entity records to graph rows: items, properties, claim edges, literals and statements.

The graph contract (docs/schema.md): an item is ``(:Entity:Item {id: QID})`` with its
label, description and aliases in the chosen language and every language kept as JSON;
a truthy claim whose value is an item is an edge typed by the property id; any other
truthy value is a typed property on the item (``P577`` with ``P577_precision``,
``P2044`` with ``P2044_unit``, ``P1477`` with ``P1477_lang``); a full statement is a
``:Statement`` node. A property's own truthy claims are kept the same way (``P57 P31 Q…``
is ``(:Property)-[:P31]->(:Item)``, as rdflib-neo4j keeps it; a literal one is a property
of the :Property node); a property's full statements are counted as dropped, with the
reason, in ``dropped``. Multi-valued lists are sorted, so the rows (and hence the graph)
never depend on the order an input or a parser happened to produce.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from neo4j.spatial import WGS84Point

from taskspace.sources.wikidata.terms import PROPERTY_ID, EntityRecord, StatementRecord, Value

Row = dict[str, Any]
LABEL_FALLBACKS = ("mul", "und", "en")
_EXTRAS = {"time": ("precision", "_precision"), "quantity": ("unit", "_unit")}


def _json(mapping: dict[str, Any]) -> str:
    return json.dumps(mapping, ensure_ascii=False, sort_keys=True)


def _pick(texts: dict[str, Any], lang: str) -> Any:
    for key in (lang, *LABEL_FALLBACKS):
        if key in texts:
            return texts[key]
    return None


def term_props(record: EntityRecord, lang: str) -> dict[str, Any]:
    """label/description/aliases in ``lang`` plus every language as JSON.

    ``lang`` is always set: it marks a node its own input described, as opposed to a bare
    node only named as a value (whose ``source`` the bare-node MERGE may still adjust).
    """
    props: dict[str, Any] = {"lang": lang}
    label = _pick(record.labels, lang)
    description = _pick(record.descriptions, lang)
    aliases = sorted(set(_pick(record.aliases, lang) or []))
    if label is not None:
        props["label"] = label
    if description is not None:
        props["description"] = description
    if aliases:
        props["aliases"] = aliases
        props["aliases_text"] = " | ".join(aliases)
    if record.labels:
        props["labels_all"] = _json(record.labels)
    if record.descriptions:
        props["descriptions_all"] = _json(record.descriptions)
    if record.aliases:
        props["aliases_all"] = _json({k: sorted(set(v)) for k, v in record.aliases.items()})
    return props


def _homogeneous(values: list[Any]) -> list[Any]:
    """Neo4j lists hold one type: mixed ints and floats become floats, other mixes text."""
    kinds = {type(value) for value in values}
    if len(kinds) <= 1:
        return values
    if kinds <= {int, float}:
        return [float(value) for value in values]
    return [_as_text(value) for value in values]


def _as_text(value: Any) -> str:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, WGS84Point):
        return f"Point({value.longitude} {value.latitude})"
    return str(value)


def literal_props(claims: Iterable[tuple[str, Value]]) -> dict[str, Any]:
    """Typed node properties for literal-valued truthy claims, one key per property id."""
    by_pid: dict[str, dict[tuple[str, str], Value]] = {}
    for pid, value in claims:
        by_pid.setdefault(pid, {})[(value.as_text(), value.lang or "")] = value
    props: dict[str, Any] = {}
    for pid, unique in by_pid.items():
        values = [unique[key] for key in sorted(unique)]
        typed = _homogeneous([value.as_property() for value in values])
        props[pid] = typed[0] if len(typed) == 1 else typed
        extras: list[tuple[str, str]] = [("lang", "_lang")]
        extras += [_EXTRAS[v.kind] for v in values[:1] if v.kind in _EXTRAS]
        for attribute, suffix in extras:
            found = [getattr(value, attribute) for value in values]
            if all(item is not None for item in found):
                props[pid + suffix] = found[0] if len(found) == 1 else found
    return props


def statement_props(statement: StatementRecord, source: str) -> Row:
    value = statement.value
    qualifiers: dict[str, list[dict[str, object]]] = {}
    for pid, qualifier in statement.qualifiers:
        qualifiers.setdefault(pid, []).append(qualifier.as_json())
    props: Row = {
        "pid": statement.pid,
        "rank": statement.rank,
        "value_type": value.kind if value is not None else "novalue",
        "qualifiers_json": _json(
            {pid: sorted(items, key=_json) for pid, items in qualifiers.items()}
        ),
        "source": source,
    }
    if value is not None and value.kind not in ("somevalue", "novalue"):
        props["value"] = value.as_text()
        for key in ("precision", "unit", "lang"):
            if getattr(value, key) is not None:
                props[key] = getattr(value, key)
    return props


def preferred_datatype(held: str | None, new: str | None) -> str | None:
    """Of two datatypes for one property, the one the graph keeps, whatever the order.

    Inputs of different ages disagree (Wikidata turned many ``string`` properties into
    ``external-id``), so the choice must not depend on load order: any datatype beats
    ``string``, and otherwise the greater name wins. The same rule runs in Cypher
    (``wikidata/merge_bare_properties``).
    """
    if held is None or new is None:
        return held or new
    if new != "string" and (held == "string" or new > held):
        return new
    return held


def best_statements(record: EntityRecord) -> dict[tuple[str, str], StatementRecord]:
    """The best-ranked statement behind each (property, value) pair of an entity."""
    order = {"preferred": 0, "normal": 1, "deprecated": 2}
    best: dict[tuple[str, str], StatementRecord] = {}
    for statement in record.statements.values():
        if statement.value is None:
            continue
        key = (statement.pid, statement.value.as_text())
        held = best.get(key)
        if held is None or order.get(statement.rank, 1) < order.get(held.rank, 1):
            best[key] = statement
    return best


@dataclass
class GraphRows:
    """Rows waiting to be written, gathered from many entities for one batch."""

    source: str
    lang: str = "en"
    items: list[Row] = field(default_factory=list)
    properties: list[Row] = field(default_factory=list)
    bare_items: set[str] = field(default_factory=set)
    bare_properties: dict[str, str | None] = field(default_factory=dict)
    claims: dict[str, list[Row]] = field(default_factory=dict)
    property_claims: dict[str, list[Row]] = field(default_factory=dict)
    """Truthy claims whose subject is a property: (:Property)-[:pid]->(:Item)."""
    dropped: Counter[str] = field(default_factory=Counter)
    """Facts read but not written, by reason, so the load's counts add up."""
    statements: list[Row] = field(default_factory=list)
    claim_counts: Counter[str] = field(default_factory=Counter)
    literals: int = 0
    size: int = 0

    def add(self, record: EntityRecord) -> None:
        """Rows of one record. Property ids were checked by the readers; one that is not
        ``P<digits>`` here would become a key or a type, so it is dropped all the same."""
        if any(PROPERTY_ID.fullmatch(pid) is None for pid, _ in record.truthy):
            record.truthy = [(p, v) for p, v in record.truthy if PROPERTY_ID.fullmatch(p)]
        if any(PROPERTY_ID.fullmatch(s.pid) is None for s in record.statements.values()):
            record.statements = {
                k: s for k, s in record.statements.items() if PROPERTY_ID.fullmatch(s.pid)
            }
        if record.kind == "property":
            self._add_property(record)
        elif record.kind == "item":
            self._add_item(record)

    def _use_property(self, pid: str, datatype: str | None = None) -> None:
        self.bare_properties[pid] = preferred_datatype(self.bare_properties.get(pid), datatype)

    def _add_property(self, record: EntityRecord) -> None:
        props: Row = {"pid": record.id, "source": self.source, **term_props(record, self.lang)}
        props.update(literal_props(self._truthy(record, self.property_claims)))
        self.properties.append({"id": record.id, "props": props})
        self._use_property(record.id, record.datatype)
        if record.statements:
            self.dropped["full statement about a property (its truthy claim is kept)"] += len(
                record.statements
            )
        self.size += 1

    def _truthy(self, record: EntityRecord, edges: dict[str, list[Row]]) -> list[tuple[str, Value]]:
        """Item-valued truthy claims as ``edges`` rows; the literal-valued ones, returned."""
        best = best_statements(record)
        literals: list[tuple[str, Value]] = []
        for pid, value in dict.fromkeys(record.truthy):
            self._use_property(pid)
            if value.kind == "item":
                edge: Row = {}
                behind = best.get((pid, value.text))
                if behind is not None:
                    edge.update(rank=behind.rank, statement=behind.id)
                edges.setdefault(pid, []).append(
                    {"start": record.id, "end": value.text, "props": edge}
                )
            elif value.kind in ("somevalue", "novalue"):
                self.dropped[f"{value.kind} claim (no value to write)"] += 1
                continue
            else:
                literals.append((pid, value))
            self.claim_counts[pid] += 1
            self.size += 1
        self.literals += len(literals)
        return literals

    def _add_item(self, record: EntityRecord) -> None:
        literals = self._truthy(record, self.claims)
        props: Row = {"qid": record.id, "source": self.source}
        props.update(term_props(record, self.lang))
        props.update(literal_props(literals))
        self.items.append({"id": record.id, "props": props})
        for statement in record.statements.values():
            if not statement.pid:
                continue
            self._use_property(statement.pid, statement.datatype)
            main = statement.value
            target = main.text if main is not None and main.kind == "item" else None
            if target is not None:
                self.bare_items.add(target)
            self.statements.append(
                {
                    "id": statement.id,
                    "item": record.id,
                    "pid": statement.pid,
                    "value_item": target,
                    "props": statement_props(statement, self.source),
                }
            )
        self.size += 1 + len(record.statements)
