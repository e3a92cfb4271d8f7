"""Wikidata records that fail: N-Triples lines, entity JSON lines and documents, and
hostile property names (``id``, ``label``, ``source``, spaces, backticks, Cypher, length).

Hostile names reach the graph as property keys and relationship types, so they are the
inputs most likely to clobber a node's identity or break a statement; a property id
that is not ``P<digits>`` is a bad record and must be skipped and reported.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from bench.bad_inputs.files import Workdir, line_count
from bench.bad_inputs.model import BadRef, Case
from bench.bad_inputs.realdata import RealData

HOSTILE = {
    "id": "id",
    "label": "label",
    "source": "source",
    "space": "a b",
    "backtick": "x`y",
    "cypher": "`) DETACH DELETE n //",
    "long": "P" + "9" * 5000,
}
FRESH = "Q999999991"
WD = "http://www.wikidata.org/entity/"
DIRECT = "http://www.wikidata.org/prop/direct/"


def cases(data: RealData, work: Workdir) -> list[Case]:
    return [
        *_nt_records(data, work),
        *_hostile_nt(data, work),
        *_json_lines(data, work),
        *_hostile_json(data, work),
        *_json_documents(data, work),
    ]


def _iri_escape(text: str) -> str:
    """N-Triples IRI text: characters not allowed raw are written as \\u escapes."""
    return "".join(c if c.isalnum() or c in "/:.#_-" else f"\\u{ord(c):04X}" for c in text)


def _mixed_nt(work: Workdir, klass: str, name: str, bad: bytes, data: RealData) -> Case:
    first, second = data.nt_block(4, 2), data.nt_block(6, 2)
    good = work.write(klass, "good.nt", first.text + second.text)
    start = line_count(first.text) + 1
    end = start + max(bad.count(b"\n"), 1) - 1
    path = work.write(klass, f"{name}.nt", first.text.encode() + bad + second.text.encode())
    return Case(
        klass,
        name,
        ["load", "wikidata", str(path)],
        bad=[BadRef(path.name, (start, end))],
        good_ids=first.ids + second.ids,
        reference=["load", "wikidata", str(good)],
    )


def _nt_records(data: RealData, work: Workdir) -> list[Case]:
    label = (
        f'<{WD}Q1040> <http://www.w3.org/2000/01/rdf-schema#label> "Karlsruhe Stra\u00dfe"@de .\n'
    )
    defects = {
        "latin1-literal": label.encode("latin-1"),
        "binary-line": bytes(range(0x80, 0xC0)) + b"\x00\x01\n",
        "nul-in-line": f"<{WD}Q1040> <{DIRECT}P31> <{WD}Q515> .".encode().replace(
            b"P31", b"P\x0031"
        )
        + b"\n",
        "utf16-line": label.encode("utf-16"),
        "cut-triple": f"<{WD}Q1040> <{DIRECT}P31> <{WD}Q5".encode() + b"\n",
        "lone-surrogate": (
            f'<{WD}Q1040> <http://schema.org/description> "x\\uD800y"@en .\n'.encode()
        ),
    }
    return [_mixed_nt(work, "wikidata-nt", name, bad, data) for name, bad in defects.items()]


def _hostile_nt(data: RealData, work: Workdir) -> list[Case]:
    found = []
    for key, pid in HOSTILE.items():
        predicate = _iri_escape(DIRECT + pid)
        literal = f'<{WD}{FRESH}> <{predicate}> "clobbered" .\n'.encode()
        item = f"<{WD}{FRESH}> <{predicate}> <{WD}Q1040> .\n".encode()
        found.append(_mixed_nt(work, "hostile-names", f"nt-literal-{key}", literal, data))
        found.append(_mixed_nt(work, "hostile-names", f"nt-item-{key}", item, data))
    return found


def _entity_line(entity: dict[str, Any]) -> bytes:
    return json.dumps(entity, ensure_ascii=False).encode()


def _mixed_json(
    work: Workdir,
    klass: str,
    name: str,
    bad: bytes,
    data: RealData,
    salvage: bytes | None = None,
    recoverable: bool = False,
) -> Case:
    """``bad`` between Kahn and Karlsruhe; ``salvage``: the bad entity with only its broken
    part taken out, what a reader that skips the statement rather than the entity keeps."""
    kahn, karlsruhe = (_entity_line(e) for e in data.entities)
    good = work.write(klass, "good.json", b"[\n" + kahn + b",\n" + karlsruhe + b"\n]\n")
    path = work.write(
        klass, f"{name}.json", b"[\n" + kahn + b",\n" + bad + b",\n" + karlsruhe + b"\n]\n"
    )
    kept = None
    if salvage is not None:
        kept = work.write(
            klass,
            f"{name}.salvage.json",
            b"[\n" + kahn + b",\n" + salvage + b",\n" + karlsruhe + b"\n]\n",
        )
    return Case(
        klass,
        name,
        ["load", "wikidata", str(path)],
        bad=[BadRef(path.name, (3, 3))],
        good_ids=data.entity_ids,
        reference=["load", "wikidata", str(good)],
        salvage=["load", "wikidata", str(kept)] if kept is not None else None,
        recoverable=recoverable,
    )


def _without(entity: dict[str, Any], key: str) -> bytes:
    """The entity with ``key`` emptied: what is left when that broken part is skipped."""
    kept = copy.deepcopy(entity)
    kept[key] = {}
    return _entity_line(kept)


def _fresh_entity(data: RealData) -> dict[str, Any]:
    """Kahn with a new id and one claim (his first), as a base to break."""
    entity = copy.deepcopy(data.entities[0])
    entity["id"] = FRESH
    entity.pop("sitelinks", None)
    first = next(iter(entity["claims"]))
    entity["claims"] = {first: entity["claims"][first][:1]}
    for statement in entity["claims"][first]:
        statement["id"] = statement["id"].replace("Q131261", FRESH).replace("q131261", FRESH)
    return entity


def _json_lines(data: RealData, work: Workdir) -> list[Case]:
    base = _fresh_entity(data)
    pid = next(iter(base["claims"]))

    def broken(change: str) -> bytes:
        entity = copy.deepcopy(base)
        statement = entity["claims"][pid][0]
        if change == "no-id":
            del entity["id"]
        elif change == "bad-id":
            entity["id"] = "X1"
        elif change == "claims-list":
            entity["claims"] = [statement]
        elif change == "statements-string":
            entity["claims"][pid] = "Q5"
        elif change == "no-mainsnak":
            del statement["mainsnak"]
        elif change == "unknown-datavalue":
            statement["mainsnak"]["datavalue"] = {"type": "hologram", "value": {}}
        elif change == "bad-precision":
            statement["mainsnak"]["datavalue"] = {
                "type": "time",
                "value": {"time": "+1969-05-15T00:00:00Z", "precision": "day"},
            }
        elif change == "null-latitude":
            statement["mainsnak"]["datavalue"] = {
                "type": "globecoordinate",
                "value": {"latitude": None, "longitude": 8.4},
            }
        elif change == "labels-list":
            entity["labels"] = ["Oliver"]
        return _entity_line(entity)

    changes = [
        "no-id",
        "bad-id",
        "claims-list",
        "statements-string",
        "no-mainsnak",
        "unknown-datavalue",
        "bad-precision",
        "null-latitude",
        "labels-list",
    ]
    defects = {name: broken(name) for name in changes}
    line = _entity_line(base)
    defects["cut-json"] = line[: len(line) // 2]
    defects["latin1"] = line.replace(b"\xc3\xa4", b"\xe4") + "Gr\u00fc\u00dfe".encode("latin-1")
    defects["binary"] = bytes(range(256)).replace(b"\n", b"")
    # One broken statement (or the labels) is a record inside the entity: skipping just it,
    # reported, keeps the entity's good parts.
    part_of = {
        "statements-string": "claims",
        "no-mainsnak": "claims",
        "unknown-datavalue": "claims",
        "bad-precision": "claims",
        "null-latitude": "claims",
        "labels-list": "labels",
    }
    cases = [
        _mixed_json(
            work,
            "entity-json",
            name,
            bad,
            data,
            salvage=_without(base, part_of[name]) if name in part_of else None,
        )
        for name, bad in defects.items()
    ]
    # A line holding a one-entity array is still that entity: reading it is a repair.
    cases.append(
        _mixed_json(work, "entity-json", "json-array", b"[" + line + b"]", data, recoverable=True)
    )
    return cases


def _hostile_json(data: RealData, work: Workdir) -> list[Case]:
    found = []
    for key, pid in HOSTILE.items():
        entity = _fresh_entity(data)
        (statements,) = entity["claims"].values()
        for statement in statements:
            statement["mainsnak"]["property"] = pid
        entity["claims"] = {pid: statements}
        bad = _entity_line(entity)
        kept = _without(entity, "claims")
        found.append(_mixed_json(work, "hostile-names", f"json-{key}", bad, data, salvage=kept))
    return found


def _json_documents(data: RealData, work: Workdir) -> list[Case]:
    """Whole wbgetentities documents that are broken, each beside a good one."""
    klass = "entity-json"
    good = data.entity_json_files[1]
    text = data.entity_json_files[0].read_bytes()
    pretty = json.dumps(json.loads(text), indent=2).encode()
    defects = {
        "doc-truncated": text[: len(text) // 2],
        "doc-pretty-truncated": pretty[: len(pretty) // 2],
        "doc-entity-string": b'{"entities": {"Q131261": "not an entity"}}\n',
        "doc-entities-list": b'{"entities": []}\n',
        "doc-null": b"null\n",
    }
    found = []
    for name, body in defects.items():
        path = work.write(klass, f"{name}.json", body)
        found.append(
            Case(
                klass,
                name,
                ["load", "wikidata", str(good), str(path)],
                bad=[BadRef(path.name)],
                good_ids=["Q1040"],
                reference=["load", "wikidata", str(good)],
            )
        )
    return found
