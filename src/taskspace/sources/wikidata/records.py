"""Triples to entity records, in bounded memory.

A dump states an entity in many places: ``wd:Q42`` triples (labels, truthy claims, links
to statements), statement nodes ``s:Q42-…`` (rank, value, qualifiers) and value nodes
``v:…`` (a date's precision, a quantity's unit) that may come later or, because the WDQS
dumper writes each value node only once, with an earlier entity. Triples are routed to
the record of their entity (a statement's entity is the prefix of its id), records wait
in an LRU of ``max_open`` entities and leave it, complete, when the input moves on;
value nodes live in an LRU of their own. Dumps and sorted N-Triples keep an entity's
triples together, so records leave whole; memory never grows with the file.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Iterator

from taskspace.sources.wikidata.terms import (
    ENTITY_ID,
    IRI,
    PROP_NS,
    PROPERTY_ID,
    RDFS_LABEL,
    SCHEMA_DESCRIPTION,
    SCHEMA_NAME,
    SKOS_ALT_LABEL,
    SKOS_PREF_LABEL,
    STATEMENT_NS,
    VALUE_NS,
    WD,
    WIKIBASE,
    EntityRecord,
    Literal,
    ParseIssue,
    StatementRecord,
    Term,
    Triple,
    amount_text,
    not_a_property,
    rdf_value,
    statement_id,
    unit_id,
)

RANKS = {
    f"{WIKIBASE}NormalRank": "normal",
    f"{WIKIBASE}PreferredRank": "preferred",
    f"{WIKIBASE}DeprecatedRank": "deprecated",
}
_JSON_DATATYPES = {"CommonsMedia": "commonsMedia", "Monolingualtext": "monolingualtext"}
_LABELS = {RDFS_LABEL, SKOS_PREF_LABEL, SCHEMA_NAME}
MAX_CHECKED = 200_000
"""Good claim predicates remembered (Wikidata has some 12,000 properties, a few forms each)."""


def datatype_name(iri: str) -> str:
    """``wikibase:WikibaseItem`` -> ``wikibase-item``, the name entity JSON uses."""
    local = iri.rsplit("#", 1)[-1]
    if local in _JSON_DATATYPES:
        return _JSON_DATATYPES[local]
    out = "".join(f"-{c.lower()}" if c.isupper() else c for c in local).lstrip("-")
    return out


class _ValueNode:
    __slots__ = ("lexical", "precision", "unit")

    def __init__(self) -> None:
        self.lexical: str | None = None
        self.precision: int | None = None
        self.unit: str | None = None


class RecordGrouper:
    """Turns a stream of triples into a stream of complete :class:`EntityRecord`."""

    def __init__(
        self,
        max_open: int = 2000,
        max_values: int = 200_000,
        file: str = "",
        on_issue: Callable[[ParseIssue], None] | None = None,
    ) -> None:
        self.file, self.on_issue = file, on_issue
        self.max_open = max_open
        self.max_values = max_values
        self.open: OrderedDict[str, EntityRecord] = OrderedDict()
        self.values: OrderedDict[str, _ValueNode] = OrderedDict()
        self.kept: Counter[str] = Counter()
        """Triples read into records, by kind."""
        self.rejected = 0
        """Triples reported as bad records (a predicate whose property id is not one)."""
        self.ignored = 0
        self.ignored_by: Counter[str] = Counter()
        """Triples that carry nothing the graph keeps, by reason (they sum to ``ignored``)."""
        self.triples = 0
        self._last: EntityRecord | None = None
        self._checked: set[str] = set()  # claim predicates known good: dumps repeat them

    def records(self, triples: Iterable[Triple]) -> Iterator[EntityRecord]:
        last_iri, last = "", None  # the previous subject: sorted input repeats it
        for triple in triples:
            self.triples += 1
            subject = triple.subject
            if not isinstance(subject, IRI):
                self._ignore("blank-node subject (not an entity)")
                continue
            if triple.predicate not in self._checked and self._bad_predicate(triple):
                continue  # reported; checked first so that it creates no subject either
            iri = subject.value
            if last is not None and iri == last_iri and self.open.get(last.id) is last:
                self._entity(last, triple)  # sorted input: the same subject again
                continue
            last_iri, last = "", None
            if iri.startswith(STATEMENT_NS):
                self._statement(iri[len(STATEMENT_NS) :], triple)
            elif iri.startswith(WD):
                local = iri[len(WD) :]
                if ENTITY_ID.fullmatch(local):
                    last_iri, last = iri, self._record(local, triple.line)
                    self._entity(last, triple)
                else:
                    self._ignore("wd: subject that is not an entity id")
            elif iri.startswith(VALUE_NS):
                self._value_node(iri[len(VALUE_NS) :], triple)
            else:
                self._ignore("subject outside Wikidata's entity, statement and value IRIs")
            while len(self.open) > self.max_open:
                yield self._finish(self.open.popitem(last=False)[1])
        yield from self.flush()

    def _ignore(self, reason: str) -> None:
        self.ignored += 1
        self.ignored_by[reason] += 1

    def flush(self) -> Iterator[EntityRecord]:
        """Every open record, finished; the grouper is empty afterwards."""
        while self.open:
            yield self._finish(self.open.popitem(last=False)[1])

    def _record(self, qid: str, line: int) -> EntityRecord:
        last = self._last
        if last is not None and last.id == qid and qid in self.open:
            return last
        record = self.open.get(qid)
        if record is None:
            record = self.open[qid] = EntityRecord(qid, line)
        else:
            self.open.move_to_end(qid)
        self._last = record
        return record

    def _bad_predicate(self, triple: Triple) -> bool:
        """True (and reported) when a claim predicate's property id is not ``P<digits>``.

        Every predicate Wikidata mints under ``prop/`` (direct, statement, qualifier,
        reference, novalue, their value and normalised forms) ends in a property id, so
        anything else there is a hostile or broken name, whatever its middle part."""
        if not triple.predicate.startswith(PROP_NS):
            return False
        pid = triple.predicate[len(PROP_NS) :].rpartition("/")[2]
        if PROPERTY_ID.fullmatch(pid):
            if len(self._checked) < MAX_CHECKED:
                self._checked.add(triple.predicate)
            return False
        if self.on_issue is not None:
            reason = (
                f"predicate <{triple.predicate[:120]}>: the name after its last '/' "
                f"{not_a_property(pid)}; triple skipped"
            )
            self.on_issue(ParseIssue(self.file, triple.line, reason))
        self.rejected += 1
        return True

    def _entity(self, record: EntityRecord, triple: Triple) -> None:
        predicate, obj = triple.predicate, triple.object
        if predicate.startswith(PROP_NS):
            kind, _, pid = predicate[len(PROP_NS) :].rpartition("/")
            if kind == "direct":
                record.truthy.append((pid, rdf_value(obj)))
                self.kept["truthy claim"] += 1
            elif kind == "" and isinstance(obj, IRI) and obj.value.startswith(STATEMENT_NS):
                found = statement_id(obj.value[len(STATEMENT_NS) :])
                if found is not None:
                    self._statement_record(record, found[1]).pid = pid
                    self.kept["statement part"] += 1
                else:
                    self._ignore("statement IRI without an entity id")
            else:
                self._ignore(f"entity predicate prop/{kind}/ (only truthy claims are kept)")
        elif isinstance(obj, Literal) and (predicate in _LABELS or predicate == SKOS_ALT_LABEL):
            lang = obj.lang or "und"
            if predicate == SKOS_ALT_LABEL:
                aliases = record.aliases.setdefault(lang, [])
                if obj.lexical not in aliases:
                    aliases.append(obj.lexical)
            else:
                record.labels.setdefault(lang, obj.lexical)  # rdfs:label = schema:name …
            self.kept["label or alias"] += 1
        elif predicate == SCHEMA_DESCRIPTION and isinstance(obj, Literal):
            record.descriptions.setdefault(obj.lang or "und", obj.lexical)
            self.kept["description"] += 1
        elif predicate == f"{WIKIBASE}propertyType" and isinstance(obj, IRI):
            record.datatype = datatype_name(obj.value)
            self.kept["property type"] += 1
        else:
            self._ignore(
                "entity triple the graph does not keep (not a label, description, alias, "
                "claim or property type)"
            )

    @staticmethod
    def _statement_record(record: EntityRecord, sid: str) -> StatementRecord:
        statement = record.statements.get(sid)
        if statement is None:
            statement = record.statements[sid] = StatementRecord(sid, "")
        return statement

    def _statement(self, local: str, triple: Triple) -> None:
        found = statement_id(local)
        if found is None:
            self._ignore("statement IRI without an entity id")
            return
        record = self._record(found[0], triple.line)
        statement = self._statement_record(record, found[1])
        predicate, obj = triple.predicate, triple.object
        if predicate == f"{WIKIBASE}rank" and isinstance(obj, IRI):
            statement.rank = RANKS.get(obj.value, "normal")
            self.kept["statement part"] += 1
            return
        if not predicate.startswith(PROP_NS):
            self._ignore("statement triple outside prop/ (not a value, qualifier or rank)")
            return
        kind, _, pid = predicate[len(PROP_NS) :].rpartition("/")
        if kind in ("statement", "qualifier", "statement/value", "qualifier/value") and (
            not kind.endswith("/value") or isinstance(obj, IRI)
        ):
            self.kept["statement part"] += 1
        if kind == "statement":
            statement.pid, statement.value = pid, rdf_value(obj)
        elif kind == "qualifier":
            qualifier = (pid, rdf_value(obj))
            if qualifier not in statement.qualifiers:  # a triple stated twice is one triple
                statement.qualifiers.append(qualifier)
        elif kind in ("statement/value", "qualifier/value") and isinstance(obj, IRI):
            node = obj.value[len(VALUE_NS) :]
            if kind == "statement/value":
                statement.value_node = node
            elif (pid, node) not in statement.qualifier_nodes:
                statement.qualifier_nodes.append((pid, node))
        else:
            self._ignore(f"statement predicate prop/{kind}/ (only values and qualifiers are kept)")

    def _value_node(self, node: str, triple: Triple) -> None:
        held = self.values.get(node)
        if held is None:
            held = self.values[node] = _ValueNode()
            if len(self.values) > self.max_values:
                self.values.popitem(last=False)
        local = triple.predicate[len(WIKIBASE) :] if triple.predicate.startswith(WIKIBASE) else ""
        obj: Term = triple.object
        if local == "timeValue" and isinstance(obj, Literal):
            held.lexical = obj.lexical
        elif local == "quantityAmount" and isinstance(obj, Literal):
            held.lexical = amount_text(obj.lexical)
        elif local == "timePrecision" and isinstance(obj, Literal) and obj.lexical.isdigit():
            held.precision = int(obj.lexical)
        elif local == "quantityUnit" and isinstance(obj, IRI):
            held.unit = unit_id(obj.value)
        else:
            self._ignore("value node triple the graph does not keep (not a time or quantity)")
            return
        self.kept["value node part"] += 1

    def _finish(self, record: EntityRecord) -> EntityRecord:
        """Give values the precision and unit their value nodes carry."""
        resolved: dict[tuple[str, str], tuple[int | None, str | None]] = {}
        for statement in record.statements.values():
            node = self.values.get(statement.value_node or "")
            if statement.value is not None and node is not None:
                statement.value = statement.value.resolved(node.precision, node.unit)
                resolved[(statement.pid, statement.value.text)] = (node.precision, node.unit)
            for pid, node_id in statement.qualifier_nodes:
                held = self.values.get(node_id)
                if held is None:
                    continue
                statement.qualifiers = [
                    (qpid, q.resolved(held.precision, held.unit))
                    if qpid == pid and q.text == held.lexical
                    else (qpid, q)
                    for qpid, q in statement.qualifiers
                ]
        if resolved:
            record.truthy = [
                (pid, value.resolved(*resolved.get((pid, value.text), (None, None))))
                for pid, value in record.truthy
            ]
        return record
