"""The corpus of ``bench/probe_bad_inputs.py``: real good records with many defects each.

Every input is one ``kg load`` call whose files mix good real records (Wikidata dumps,
entity JSON, Mind2Web tasks, documents) with defects of several kinds, each defect written
down with where it is (file and line, file and record, or the whole file). Sources, in
order: a folder given with ``--inputs`` (layout in docs/robustness.md), then
tests/fixtures, then ``../shared/data``. Nothing is downloaded.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.bad_inputs.realdata import DEFAULT_DATA, RealData
from bench.bad_inputs.w3c import negative_tests, suite_root

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"
WD = "http://www.wikidata.org/entity/"
DIRECT = "http://www.wikidata.org/prop/direct/"
HOSTILE_KEYS = ['"quoted"', "x`y", "`) DETACH DELETE n //", "a b", "", "id", "P1}) MATCH (m"]
"""Property keys a Cypher writer could trip on; none is ``P<digits>``, so each is a bad record."""
HOSTILE_FILE_NAME = 'it\'s "quoted" `tick` [red]x[bold] $(id).nt'
"""A file name with quotes, a backtick, rich markup and shell syntax, reported as it is."""
OPEN_LONG = "turtle-syntax-bad-string-04"
"""Leaves a long string open to the end of the file: it goes last, its twin (-03) is left out."""
NO_PREFIX = ("turtle-syntax-bad-prefix-01", "turtle-syntax-bad-prefix-02")
"""Bad only for want of a prefix that a later case declares: they go first."""


@dataclass(frozen=True)
class Defect:
    """One injected defect: the file's name, and its lines, its record, or None (whole file)."""

    kind: str
    file: str
    lines: range | None = None
    record: str | None = None
    repairable: bool = False
    """A reader may rightly repair it (an encrypted PDF with an empty password): then the
    file loading is as good as a report."""


@dataclass
class Input:
    """One ``kg load`` call of the probe and what it must show."""

    name: str
    kind: str
    args: list[str]
    defects: list[Defect]
    good_ids: list[str] = field(default_factory=list)
    """Values of ``id_key`` (QIDs, episode keys) that nodes must carry after the load."""
    id_key: str = "id"
    good_files: list[str] = field(default_factory=list)
    """Files that must load (documents), by name."""
    loads: bool = True
    """Something must load: exit 0 (3 with --strict); otherwise exit 1."""


class Corpus:
    """Writes the probe's inputs into ``work`` from ``inputs`` / tests/fixtures / shared data."""

    def __init__(self, work: Path, inputs: Path | None = None, data: Path = DEFAULT_DATA):
        self.work = work
        self.inputs = inputs
        self.data = RealData(inputs / "data" if inputs and (inputs / "data").is_dir() else data)

    def build(self, only: list[str] | None = None) -> list[Input]:
        builders: dict[str, Callable[[], Input | None]] = {
            "w3c-ntriples": self.w3c_ntriples,
            "w3c-turtle": self.w3c_turtle,
            "w3c-alone": self.w3c_alone,
            "hostile-names": self.hostile_names,
            "entity-json": self.entity_json,
            "wbgetentities": self.wbgetentities,
            "episodes-jsonl": self.episodes,
            "episodes-all-bad": self.episodes_all_bad,
            "mind2web-raw": self.mind2web_raw,
            "pdf": self.pdfs,
            "text-files": self.text_files,
        }
        chosen = [b for name, b in builders.items() if not only or any(o in name for o in only)]
        return [found for build in chosen if (found := build()) is not None]

    # --- where inputs come from -------------------------------------------------------
    def _first(self, *candidates: Path | None) -> Path | None:
        return next((c for c in candidates if c is not None and c.exists()), None)

    def w3c_root(self) -> Path | None:
        given = self.inputs / "w3c" if self.inputs else None
        for folder in (given, FIXTURES / "wikidata" / "w3c"):
            if folder is not None and folder.is_dir() and (root := suite_root(folder.resolve())):
                return root
        return None

    def pdf_folder(self) -> list[Path]:
        """Broken real PDFs: ``INPUTS/pdf/*.pdf``, else the fixtures' broken ones."""
        folder = self._first(self.inputs / "pdf" if self.inputs else None)
        if folder is not None:
            return sorted(folder.glob("*.pdf"))
        broken = FIXTURES / "documents" / "broken"
        return [FIXTURES / "documents" / "real" / "password-example.pdf", *broken.glob("*.pdf")]

    def write(self, kind: str, name: str, data: bytes | str) -> Path:
        path = self.work / kind / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        return path

    # --- Wikidata ----------------------------------------------------------------------
    def w3c_ntriples(self) -> Input | None:
        """Every W3C N-Triples negative case between whole film entities of the ATAI slice."""
        root = self.w3c_root()
        if root is None or not self.data.film_nt.exists():
            return None
        text, defects, ids = "", list[Defect](), list[str]()
        for number, test in enumerate(negative_tests(root, "ntriples")):
            block = self.data.nt_block(number * 2, 2)
            text, ids = text + block.text, ids + block.ids
            text, lines = _append(text, test.text.decode("utf-8", "replace"))
            defects.append(Defect(test.name, "w3c.nt", lines))
        text += self.data.nt_block(len(defects) * 2, 2).text
        path = self.write("wikidata", "w3c.nt", text)
        return Input("w3c.nt", "N-Triples", _wikidata(path), defects, ids)

    def w3c_alone(self) -> Input | None:
        """The N-Triples negative cases alone: nothing can load (exit 1), each still located."""
        root = self.w3c_root()
        if root is None:
            return None
        text, defects = "", []
        for test in negative_tests(root, "ntriples"):
            text, lines = _append(text, test.text.decode("utf-8", "replace"))
            defects.append(Defect(test.name, "w3c-alone.nt", lines))
        path = self.write("wikidata", "w3c-alone.nt", text)
        return Input("w3c-alone.nt", "N-Triples", _wikidata(path), defects, loads=False)

    def w3c_turtle(self) -> Input | None:
        """Every W3C Turtle negative case between the two entity blocks of the WDQS chunk."""
        root = self.w3c_root()
        if root is None or not self.data.dump_chunk_ttl.exists():
            return None
        tests = {t.name: t for t in negative_tests(root, "turtle")}
        tests.pop("turtle-syntax-bad-string-03", None)
        order = [*NO_PREFIX, *sorted(set(tests) - {*NO_PREFIX, OPEN_LONG}), OPEN_LONG]
        first, second = self.data.ttl_blocks
        text, defects = first, []
        for name in order:
            if name == OPEN_LONG:
                text += "\n" + second
            text, lines = _append(text, tests[name].text.decode("utf-8", "replace"))
            defects.append(Defect(name, "w3c.ttl", lines))
        path = self.write("wikidata", "w3c.ttl", text)
        return Input("w3c.ttl", "Turtle", _wikidata(path), defects, self.data.ttl_ids)

    def hostile_names(self) -> Input | None:
        """Property keys with quotes, backticks and Cypher, as N-Triples predicates (a literal
        and an item value) and as entity-JSON claim keys, among good film entities."""
        if not self.data.film_nt.exists():
            return None
        text, defects, ids = "", list[Defect](), list[str]()
        for number, key in enumerate(HOSTILE_KEYS):
            block = self.data.nt_block(number * 3, 2)
            text, ids = text + block.text, ids + block.ids
            predicate = _iri_escape(DIRECT + key)
            for value in ('"clobbered"', f"<{WD}Q1040>"):
                text, lines = _append(text, f"<{WD}Q999999990> <{predicate}> {value} .\n")
                defects.append(Defect(f"predicate {key!r}", "hostile.nt", lines))
        nt = self.write("wikidata", "hostile.nt", text)
        found = Input("hostile.nt", "hostile names", _wikidata(nt), defects, ids)
        if self.data.entity_json_files[0].exists():
            records = [_entity_line(e) for e in self.data.entities]
            for key in HOSTILE_KEYS:
                entity = _fresh(self.data, f"Q99999{len(records):04d}")
                (statements,) = entity["claims"].values()
                for statement in statements:
                    statement["mainsnak"]["property"] = key
                entity["claims"] = {key: statements}
                records.append(_entity_line(entity))
                where = _one(len(records))
                found.defects.append(Defect(f"claim key {key!r}", "hostile.jsonl", where))
            path = self.write("wikidata", "hostile.jsonl", b"\n".join(records) + b"\n")
            found.args.append(str(path))
            found.good_ids += self.data.entity_ids
        block = self.data.nt_block(40, 2)
        text, lines = _append(block.text, f"<{WD}Q1> <{DIRECT}P31> <{WD}Q5\n")
        name = HOSTILE_FILE_NAME
        found.args.append(str(self.write("wikidata", name, text)))
        found.defects.append(Defect("cut triple in a hostile file name", name, lines))
        found.good_ids += block.ids
        return found

    def entity_json(self) -> Input | None:
        """A JSON Lines dump (Wikidata's layout) of Kahn and Karlsruhe with 24 bad lines
        between them: three rounds of eight kinds of broken entity."""
        if not self.data.entity_json_files[0].exists():
            return None
        kahn, karlsruhe = (_entity_line(e) for e in self.data.entities)
        lines, defects = [kahn], []
        for round_ in range(3):
            for name, change in ENTITY_DEFECTS.items():
                entity = _fresh(self.data, f"Q9999{round_}{len(lines):04d}")
                lines.append(change(entity))
                defects.append(Defect(name, "entities.jsonl", _one(len(lines))))
        lines.append(karlsruhe)
        path = self.write("wikidata", "entities.jsonl", b"\n".join(lines) + b"\n")
        return Input(
            "entities.jsonl", "entity JSON", _wikidata(path), defects, self.data.entity_ids
        )

    def wbgetentities(self) -> Input | None:
        """A pretty-printed wbgetentities response (thousands of lines, one JSON document)
        holding Kahn and Karlsruhe and the broken entities that are still JSON."""
        if not self.data.entity_json_files[0].exists():
            return None
        entities = {str(e["id"]): e for e in self.data.entities}
        names = []
        for name, change in ENTITY_DEFECTS.items():
            entity = _fresh(self.data, f"Q9998{len(entities):04d}")
            try:
                broken = json.loads(change(entity))
            except ValueError:
                continue  # cut, Latin-1, binary: not JSON, so not a member of a document
            key = f"probe{len(entities)}"
            entities[key] = broken
            names.append((name, key, json.dumps(broken, indent=1).count("\n") + 1))
        text = json.dumps({"entities": entities, "success": 1}, indent=1)
        lines = text.splitlines()
        defects = []
        for name, key, length in names:
            start = next(n for n, line in enumerate(lines, 1) if line == f'  "{key}": {{')
            defects.append(Defect(name, "wbgetentities.json", range(start, start + length)))
        path = self.write("wikidata", "wbgetentities.json", text + "\n")
        ids = self.data.entity_ids
        return Input("wbgetentities.json", "entity JSON", _wikidata(path), defects, ids)

    # --- episodes ----------------------------------------------------------------------
    def episodes(self) -> Input | None:
        """Real Mind2Web tasks as the project's JSONL episodes, a bad line after each."""
        path = self.data.path("benchmarks/mind2web/mind2web_raw_tasks.json")
        if not path.exists():
            return None
        tasks: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))[:24]
        lines: list[bytes] = []
        defects, ids = [], []
        bad = list(EPISODE_DEFECTS.items())
        for number, task in enumerate(tasks):
            episode = _jsonl_episode(task, number)
            lines.append(json.dumps(episode).encode())
            ids.append(f"jsonl:{episode['id']}")
            name, change = bad[number % len(bad)]
            lines.append(change(_jsonl_episode(task, 1000 + number)))
            defects.append(Defect(name, "mind2web.jsonl", _one(len(lines))))
        file = self.write("episodes", "mind2web.jsonl", b"\n".join(lines) + b"\n")
        args = ["load", "episodes", str(file)]
        return Input("mind2web.jsonl", "episodes", args, defects, ids, id_key="key")

    def episodes_all_bad(self) -> Input | None:
        """Only bad episode lines (one of each kind, from real tasks): exit 1, each located."""
        path = self.data.path("benchmarks/mind2web/mind2web_raw_tasks.json")
        if not path.exists():
            return None
        tasks: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
        lines, defects = [], []
        for number, (name, change) in enumerate(EPISODE_DEFECTS.items()):
            lines.append(change(_jsonl_episode(tasks[number], 2000 + number)))
            defects.append(Defect(name, "all-bad.jsonl", _one(len(lines))))
        file = self.write("episodes", "all-bad.jsonl", b"\n".join(lines) + b"\n")
        args = ["load", "episodes", str(file)]
        return Input("all-bad.jsonl", "episodes", args, defects, loads=False)

    def mind2web_raw(self) -> Input | None:
        """The real Mind2Web file's own layout (a JSON array of tasks): 20 tasks, each
        followed by a broken one, seven kinds in turn; a bad task is located as ``task N``."""
        path = self.data.path("benchmarks/mind2web/mind2web_raw_tasks.json")
        if not path.exists():
            return None
        tasks: list[Any] = json.loads(path.read_text(encoding="utf-8"))[:40]
        kept: list[Any] = []
        defects, ids = [], []
        kinds = list(MIND2WEB_DEFECTS.items())
        for number in range(20):
            kept.append(tasks[number])
            name, change = kinds[number % len(kinds)]
            kept.append(change(copy.deepcopy(tasks[20 + number])))
            defects.append(Defect(name, "mind2web_raw.json", record=f"task {len(kept) - 1}"))
        file = self.write("episodes", "mind2web_raw.json", json.dumps(kept, indent=1))
        args = ["load", "episodes", str(file)]
        ids = [f"task {2 * n}" for n in range(20)]
        return Input("mind2web_raw.json", "episodes", args, defects, ids, id_key="record")

    # --- documents ---------------------------------------------------------------------
    def pdfs(self) -> Input | None:
        """Broken real PDFs (parser test corpora) and cuts of a real one, beside a good PDF."""
        good = FIXTURES / "documents" / "real" / "federal-register-2020-17221-p7-9.pdf"
        if not good.exists():
            return None
        folder = self.work / "pdf"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "good.pdf").write_bytes(good.read_bytes())
        data = (FIXTURES / "documents" / "real" / "2020.acl-main.207-p3-7.pdf").read_bytes()
        made = {
            "truncated-half.pdf": data[: len(data) // 2],
            "zero-bytes.pdf": b"",
            "bad-startxref.pdf": data[: data.rfind(b"startxref")] + b"startxref\n9\n%%EOF\n",
            "markdown-named.pdf": b"# Not a PDF\n\nMarkdown saved under the wrong name.\n",
        }
        defects = []
        for name, body in made.items():
            (folder / name).write_bytes(body)
            defects.append(
                Defect("cut or mislabelled PDF", name, repairable=name.startswith("bad"))
            )
        for path in self.pdf_folder():
            (folder / path.name).write_bytes(path.read_bytes())
            defects.append(Defect("parser-corpus PDF", path.name, repairable=True))
        return Input("pdf/", "PDF", ["load", "docs", str(folder)], defects, good_files=["good.pdf"])

    def text_files(self) -> Input | None:
        """Binary and non-UTF-8 bytes named .md/.html/.json, and HTML nested 100,000 deep,
        beside a good Markdown and a good HTML page."""
        md = FIXTURES / "documents" / "real" / "dinov2-readme-pretrained.md"
        html = FIXTURES / "documents" / "real" / "wikipedia-hermitian-matrix.html"
        if not md.exists() or not html.exists():
            return None
        folder = self.work / "text"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "good.md").write_bytes(md.read_bytes())
        (folder / "good.html").write_bytes(html.read_bytes())
        png = next((FIXTURES / "episodes").rglob("*.png"), None)
        binary = png.read_bytes()[:4096] if png else bytes(range(256)) * 16
        made = {
            "binary.md": (binary, False),
            "binary.html": (binary, False),
            "entities.json": (self.data.entity_json_files[0].read_bytes()[:2000], False),
            "latin1.md": (
                "# Gr\u00fc\u00dfe\n\nStra\u00dfe und M\u00fcnchen.\n".encode("latin-1"),
                True,
            ),
            "utf16.html": (
                "<html><body><p>caf\u00e9 \u00fcber</p></body></html>".encode("utf-16"),
                True,
            ),
            "deep.html": (
                b"<html><body>" + b"<div>" * 100_000 + b"deep text" + b"</body></html>",
                True,
            ),
        }
        defects = []
        for name, (body, repairable) in made.items():
            (folder / name).write_bytes(body)
            defects.append(Defect("binary, not UTF-8 or deep", name, repairable=repairable))
        good = ["good.md", "good.html"]
        return Input("text/", "documents", ["load", "docs", str(folder)], defects, good_files=good)


def _wikidata(*paths: Path) -> list[str]:
    return ["load", "wikidata", *map(str, paths)]


def _one(line: int) -> range:
    return range(line, line + 1)


def _append(text: str, case: str) -> tuple[str, range]:
    """``text``, a blank line, ``case`` ending in a newline, a blank line; the case's lines."""
    case = case if case.endswith("\n") else case + "\n"
    text = (text if text.endswith("\n") or not text else text + "\n") + "\n"
    first = text.count("\n") + 1
    return text + case + "\n", range(first, first + max(1, case.count("\n")))


def _iri_escape(text: str) -> str:
    """N-Triples IRI text: characters not allowed raw written as \\u escapes."""
    return "".join(c if c.isalnum() or c in "/:.#_-" else f"\\u{ord(c):04X}" for c in text)


def _entity_line(entity: dict[str, Any]) -> bytes:
    return json.dumps(entity, ensure_ascii=False).encode()


def _fresh(data: RealData, qid: str) -> dict[str, Any]:
    """Kahn under a new id with his first claim only, a base to break."""
    entity = copy.deepcopy(data.entities[0])
    entity["id"] = qid
    entity.pop("sitelinks", None)
    first = next(iter(entity["claims"]))
    entity["claims"] = {first: entity["claims"][first][:1]}
    for statement in entity["claims"][first]:
        statement["id"] = f"{qid}$probe"
    return entity


def _statement(entity: dict[str, Any]) -> dict[str, Any]:
    return next(iter(entity["claims"].values()))[0]  # type: ignore[no-any-return]


def _set(entity: dict[str, Any], path: str, value: Any) -> bytes:
    if path == "mainsnak.datavalue":
        _statement(entity)["mainsnak"]["datavalue"] = value
    else:
        entity[path] = value
    return _entity_line(entity)


ENTITY_DEFECTS: dict[str, Callable[[dict[str, Any]], bytes]] = {
    "bad id": lambda e: _set(e, "id", "X1"),
    "claims a list": lambda e: _set(e, "claims", [_statement(e)]),
    "unknown datavalue": lambda e: _set(e, "mainsnak.datavalue", {"type": "holo", "value": {}}),
    "bad precision": lambda e: _set(
        e, "mainsnak.datavalue", {"type": "time", "value": {"time": "+1969", "precision": "x"}}
    ),
    "labels a list": lambda e: _set(e, "labels", ["Oliver"]),
    "cut JSON": lambda e: _entity_line(e)[:300],
    "Latin-1": lambda e: _entity_line(e)[:-1] + ', "x": "Gr\u00fc\u00dfe"}'.encode("latin-1"),
    "binary": lambda e: bytes(range(256)).replace(b"\n", b""),
}


def _jsonl_episode(task: dict[str, Any], number: int) -> dict[str, Any]:
    """A Mind2Web task as the project's JSONL episode (the shape of docs/episode-formats.md)."""
    steps = []
    for operation, role, text in task["actions"]:
        op, _, value = operation.partition(":")
        kind = {"CLICK": "tap", "TYPE": "type", "SELECT": "select", "HOVER": "hover"}
        action: dict[str, Any] = {"kind": kind.get(op.strip(), "tap")}
        action["target_role"] = role.strip("[]") or None
        if text:
            action["target_text"] = text
        if action["kind"] in ("type", "select"):
            action["text"] = value.strip()
        steps.append({"observation": {"app": task["website"]}, "action": action})
    return {
        "id": f"m2w-probe-{number}",
        "platform": "web",
        "task": task["task"],
        "app": task["website"],
        "steps": steps,
    }


def _without(episode: dict[str, Any], key: str) -> bytes:
    return json.dumps({k: v for k, v in episode.items() if k != key}).encode()


def _unknown_kind(episode: dict[str, Any]) -> bytes:
    episode["steps"][0]["action"]["kind"] = "teleport"
    return json.dumps(episode).encode()


def _task(task: dict[str, Any], key: str, value: Any) -> Any:
    task[key] = value
    return task


MIND2WEB_DEFECTS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "no actions": lambda t: {k: v for k, v in t.items() if k != "actions"},
    "actions a string": lambda t: _task(t, "actions", "CLICK"),
    "task null": lambda t: _task(t, "task", None),
    "no website": lambda t: {k: v for k, v in t.items() if k != "website"},
    "an action of one field": lambda t: _task(t, "actions", [["CLICK"]]),
    "not an object": lambda t: [t["task"]],
    "a number": lambda t: 7,
}


EPISODE_DEFECTS: dict[str, Callable[[dict[str, Any]], bytes]] = {
    "cut JSON": lambda e: json.dumps(e).encode()[:-7],
    "no task": lambda e: _without(e, "task"),
    "no steps": lambda e: _without(e, "steps"),
    "unknown action": _unknown_kind,
    "unknown key": lambda e: json.dumps({**e, "colour": "red"}).encode(),
    "Latin-1": lambda e: json.dumps(e).encode()[:-1] + ', "x": "\u00e9"}'.encode("latin-1"),
    "not an object": lambda e: b"[1, 2, 3]",
    "binary": lambda e: bytes(range(32, 256)),
}
