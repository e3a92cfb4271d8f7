"""KGTK edge files (``.tsv``, also ``.gz``/``.bz2``) as entity records, streamed.

A KGTK file is tab-separated with a header naming at least ``node1``, ``label`` and
``node2`` (KGTK's aliases ``subject``/``predicate``/``object`` and ``from``/``to`` too);
``id`` and ``rank`` are optional, other columns are ignored. Wikidata's KGTK export
(``kgtk import-wikidata``) writes one edge per claim, ``node1`` the entity, ``label`` the
property id, ``node2`` the value in KGTK literal syntax:

========================  ===================================================
``Q5`` / ``P31``          an item / a property (a claim edge, or a node id)
``'Douglas Adams'@en``    a language-tagged string (monolingual text)
``"a string"``            a string (external ids, URLs …)
``^1952-03-11T00:00:00Z/11``  a date with its Wikidata precision (``/11`` day)
``+296033``, ``1.5Q11573``    a quantity, optionally with bounds ``[lo,hi]`` and unit
``@52.52/13.40``          a coordinate, latitude then longitude
``somevalue``             unknown value (``novalue``: none); no claim, as elsewhere
========================  ===================================================

Label files use the same syntax with ``label``, ``description`` and ``alias`` as the
label. Edges whose ``node1`` is not an entity id (KGTK qualifiers hang on edge ids) or
whose label is neither a property id nor one of those words (``isa``, ``in_degree`` …)
are counted as ignored, not errors. Truthy claims follow Wikidata's rule when a ``rank``
column is there: per property the preferred edges if any, else the normal ones,
deprecated never. Edges are gathered per ``node1`` in a bounded LRU of open records, as
:class:`~taskspace.sources.wikidata.records.RecordGrouper` does for triples, and each record
leaves complete when the input moves on (KGTK's Wikidata files are sorted by node1).
"""

from __future__ import annotations

import re
from collections import Counter, OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from taskspace.sources.wikidata.errors import KgtkValueError
from taskspace.sources.wikidata.ntriples import OnIssue
from taskspace.sources.wikidata.terms import (
    EARTH,
    ENTITY_ID,
    PROPERTY_ID,
    EntityRecord,
    ParseIssue,
    Value,
    amount_text,
)

COLUMNS = {
    "node1": ("node1", "subject", "from"),
    "label": ("label", "predicate", "relation"),
    "node2": ("node2", "object", "to"),
}
_LANG_STRING = re.compile(r"'((?:[^'\\]|\\.)*)'@([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)")
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_DATE = re.compile(
    r"\^([+-]?\d{1,16})(?:-(\d{2})(?:-(\d{2})(T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?Z?)?)?)?"
    r"(?:/(\d{1,2}))?"
)
_NUMBER = re.compile(
    r"([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)"
    r"(?:\[[+-]?[0-9.eE+-]+,[+-]?[0-9.eE+-]+\])?(Q[1-9][0-9]{0,17})?"
)
_POINT = re.compile(r"@([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)")
_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "\\": "\\", "'": "'", '"': '"', "|": "|"}
_ESCAPE = re.compile(r"\\(.)")
_RANKS = ("preferred", "normal", "deprecated")
TEXT_LABELS = ("label", "description", "alias")


@dataclass
class ReadCounts:
    """Edges (or triples) read, and those that carried nothing the graph keeps."""

    triples: int = 0
    ignored: int = 0
    by_reason: Counter[str] = field(default_factory=Counter)
    """The ignored ones by reason (they sum to ``ignored``)."""
    kept: Counter[str] = field(default_factory=Counter)
    """Triples read into records, by kind (triple formats)."""
    rejected: int = 0
    """Triples reported as bad records after they were read (triple formats)."""

    def ignore(self, reason: str, count: int = 1) -> None:
        self.ignored += count
        self.by_reason[reason] += count


@dataclass
class _Open:
    record: EntityRecord
    claims: list[tuple[str, Value, str]] = field(default_factory=list)


def unescape(text: str) -> str:
    """KGTK string escapes (``\\'``, ``\\"``, ``\\|``, ``\\t``, ``\\n``, ``\\\\``)."""
    if "\\" not in text:
        return text
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(0)), text)


def text_value(node2: str) -> tuple[str, str]:
    """(language, text) of a label, description or alias; ``und`` when untagged."""
    tagged = _LANG_STRING.fullmatch(node2)
    if tagged is not None:
        return tagged.group(2).lower(), unescape(tagged.group(1))
    plain = _STRING.fullmatch(node2)
    if plain is not None:
        return "und", unescape(plain.group(1))
    raise KgtkValueError(f"{node2[:60]!r} is not a KGTK string ('text'@lang or \"text\")")


def kgtk_value(node2: str) -> Value:
    """The typed Wikidata value a KGTK ``node2`` writes."""
    if ENTITY_ID.fullmatch(node2):
        return Value({"Q": "item", "P": "property"}.get(node2[0], "string"), node2)
    if node2 in ("somevalue", "novalue"):  # unknown / no value: a snak, never a claim edge
        return Value(node2, "")
    if node2.startswith("'"):
        lang, text = text_value(node2)
        return Value("monolingual", text, lang=lang)
    if node2.startswith('"'):
        return Value("string", text_value(node2)[1])
    if node2.startswith("^"):
        return _date(node2)
    if node2.startswith("@"):
        point = _POINT.fullmatch(node2)
        if point is None:
            raise KgtkValueError(f"{node2[:60]!r} is not a KGTK coordinate (@lat/lon)")
        latitude, longitude = float(point.group(1)), float(point.group(2))
        if abs(latitude) > 90 or abs(longitude) > 360:
            raise KgtkValueError(f"coordinate {node2[:60]!r} is out of range")
        return Value(
            "coordinate",
            f"Point({longitude} {latitude})",
            latitude=latitude,
            longitude=longitude,
            globe=EARTH,
        )
    number = _NUMBER.fullmatch(node2)
    if number is not None:
        return Value("quantity", amount_text(number.group(1)), unit=number.group(2))
    raise KgtkValueError(f"{node2[:60]!r} is not a KGTK value this loader reads")


def _date(node2: str) -> Value:
    found = _DATE.fullmatch(node2)
    if found is None:
        raise KgtkValueError(f"{node2[:60]!r} is not a KGTK date (^YYYY-MM-DDThh:mm:ssZ/11)")
    year, month, day, clock, precision = found.groups()
    text = f"{year}-{month or '00'}-{day or '00'}{clock or 'T00:00:00Z'}"
    if precision is not None and not 0 <= int(precision) <= 14:
        raise KgtkValueError(f"date precision {precision} is not 0-14")
    return Value("time", text, precision=int(precision) if precision is not None else None)


class KgtkReader:
    """Turns the lines of one KGTK file into complete :class:`EntityRecord`."""

    def __init__(self, file: str, on_issue: OnIssue, max_open: int = 2000) -> None:
        self.file, self.on_issue, self.max_open = file, on_issue, max_open
        self.counts = ReadCounts()
        self.open: OrderedDict[str, _Open] = OrderedDict()

    def records(self, lines: Iterable[bytes]) -> Iterator[EntityRecord]:
        iterator = enumerate(lines, 1)
        columns = self._header(iterator)
        if columns is None:
            return
        node1_at, label_at, node2_at, rank_at, width = columns
        for number, raw in iterator:
            try:
                text = raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError as exc:
                self._issue(number, f"invalid UTF-8 at byte {exc.start}; edge skipped")
                continue
            if not text.strip():
                continue
            fields = text.split("\t")
            if len(fields) != width:
                cut = "" if raw.endswith(b"\n") else "truncated last line: "
                self._issue(number, f"{cut}{len(fields)} columns where the header has {width}")
                continue
            rank = fields[rank_at] if rank_at is not None else ""
            self.counts.triples += 1
            self._edge(number, fields[node1_at], fields[label_at], fields[node2_at], rank)
            while len(self.open) > self.max_open:
                yield self._finish(self.open.popitem(last=False)[1])
        while self.open:
            yield self._finish(self.open.popitem(last=False)[1])

    def _header(
        self, iterator: Iterator[tuple[int, bytes]]
    ) -> tuple[int, int, int, int | None, int] | None:
        for number, raw in iterator:
            names = raw.decode("utf-8", "replace").rstrip("\r\n").split("\t")
            if not any(name.strip() for name in names):
                continue
            found: dict[str, int] = {}
            for key, aliases in COLUMNS.items():
                hits = [i for i, name in enumerate(names) if name.strip() in aliases]
                if hits:
                    found[key] = hits[0]
            if len(found) < 3:
                shown = ", ".join(name[:20] for name in names[:6])
                self._issue(
                    number,
                    "not a KGTK edge file: the header needs node1, label and node2 columns "
                    f"(found {shown})",
                )
                return None
            rank_at = names.index("rank") if "rank" in names else None
            return found["node1"], found["label"], found["node2"], rank_at, len(names)
        return None

    def _issue(self, number: int, reason: str) -> None:
        self.on_issue(ParseIssue(self.file, number, reason))

    def _open(self, qid: str, number: int) -> _Open:
        held = self.open.get(qid)
        if held is None:
            held = self.open[qid] = _Open(EntityRecord(qid, number))
        else:
            self.open.move_to_end(qid)
        return held

    def _edge(self, number: int, node1: str, label: str, node2: str, rank: str) -> None:
        if ENTITY_ID.fullmatch(node1) is None or not (
            label in TEXT_LABELS or label == "datatype" or PROPERTY_ID.fullmatch(label)
        ):
            # qualifiers (node1 an edge id), isa, degrees …
            self.counts.ignore("edge the graph does not keep (not an entity's label or claim)")
            return
        if rank and rank not in _RANKS:
            self._issue(number, f"unknown rank {rank[:20]!r}; edge skipped")
            return
        try:
            if label in TEXT_LABELS:
                lang, text = text_value(node2)
            elif label == "datatype":
                text = text_value(node2)[1] if node2[:1] in "'\"" else node2
            else:
                value = kgtk_value(node2)
        except KgtkValueError as exc:
            self._issue(number, f"{node1} {label}: {exc}; edge skipped")
            return
        held = self._open(node1, number)
        record = held.record
        if label == "label":
            record.labels.setdefault(lang, text)
        elif label == "description":
            record.descriptions.setdefault(lang, text)
        elif label == "alias":
            aliases = record.aliases.setdefault(lang, [])
            if text not in aliases:
                aliases.append(text)
        elif label == "datatype":
            record.datatype = text
        else:
            held.claims.append((label, value, rank or "normal"))

    @staticmethod
    def _finish(held: _Open) -> EntityRecord:
        """Truthy claims: per property the preferred edges if any, else the normal ones."""
        record = held.record
        preferred = {pid for pid, _, rank in held.claims if rank == "preferred"}
        wanted = [
            (pid, value)
            for pid, value, rank in held.claims
            if rank == ("preferred" if pid in preferred else "normal")
        ]
        record.truthy.extend(dict.fromkeys(wanted))
        return record
