"""Good real records to mix defects into, read from the shared data folder.

Every case starts from records nobody on the project wrote (Wikidata dumps, entity JSON,
papers, EIPs, GUI episodes; /work/shared/data/README.md says where each comes from), so
that a loader is probed on the inputs it meets in practice, with one defect added.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

DEFAULT_DATA = Path(
    os.environ.get("TASKSPACE_SHARED_DATA", Path(__file__).resolve().parents[3] / "shared/data")
)
_NT_SUBJECT = re.compile(r"<http://www\.wikidata\.org/entity/(Q\d+)> ")


@dataclass(frozen=True)
class NtBlock:
    """Whole entities of the film slice: their lines and their QIDs."""

    lines: list[str]
    ids: list[str]

    @property
    def text(self) -> str:
        return "".join(self.lines)


class RealData:
    """Accessors for the shared data; each reads its file once."""

    def __init__(self, root: Path = DEFAULT_DATA) -> None:
        self.root = root

    def path(self, relative: str) -> Path:
        return self.root / relative

    @property
    def film_nt(self) -> Path:
        return self.path("wikidata/film_kg_atai/atai_movie_kg_slice_selected.nt")

    @property
    def q42_ttl(self) -> Path:
        return self.path("wikidata/wdqs_dump_format/Q42_Douglas_Adams.ttl")

    @property
    def dump_chunk_ttl(self) -> Path:
        return self.path("wikidata/wdqs_dump_format/small_dump_chunk.ttl")

    @property
    def entity_json_files(self) -> list[Path]:
        folder = self.path("wikidata/entity_json")
        return [
            folder / "Q131261_Oliver_Kahn.wbgetentities.json",
            folder / "Q1040_Karlsruhe.wbgetentities.json",
        ]

    @cached_property
    def film_entities(self) -> list[NtBlock]:
        """The film slice's item subjects, each with all its lines, in file order."""
        blocks: dict[str, list[str]] = {}
        with self.film_nt.open(encoding="utf-8") as lines:
            for line in lines:
                found = _NT_SUBJECT.match(line)
                if found:
                    blocks.setdefault(found.group(1), []).append(line)
        return [NtBlock(lines, [qid]) for qid, lines in blocks.items()]

    def nt_block(self, start: int, count: int) -> NtBlock:
        """``count`` whole entities from position ``start`` (wrapping around)."""
        entities = self.film_entities
        chosen = [entities[(start + i) % len(entities)] for i in range(count)]
        return NtBlock([line for e in chosen for line in e.lines], [e.ids[0] for e in chosen])

    @cached_property
    def ttl_blocks(self) -> tuple[str, str]:
        """The dump chunk cut in two self-contained halves (each repeats its @prefix lines)."""
        text = self.dump_chunk_ttl.read_text(encoding="utf-8")
        lines = text.splitlines(keepends=True)
        first = lines[0]
        cut = next(i for i in range(1, len(lines)) if lines[i] == first)
        return "".join(lines[:cut]), "".join(lines[cut:])

    @property
    def ttl_ids(self) -> list[str]:
        return ["Q31", "Q8"]

    @cached_property
    def entities(self) -> list[dict[str, Any]]:
        """The entity objects of the wbgetentities files (Kahn, Karlsruhe)."""
        found: list[dict[str, Any]] = []
        for path in self.entity_json_files:
            document = json.loads(path.read_text(encoding="utf-8"))
            found.extend(document["entities"].values())
        return found

    @property
    def entity_ids(self) -> list[str]:
        return [str(entity["id"]) for entity in self.entities]

    @property
    def good_md(self) -> Path:
        return self.path("documents/html_md/eip-2718_typed_tx_envelope.md")

    @property
    def good_md_2(self) -> Path:
        return self.path("documents/html_md/eip-1559_fee_market.md")

    @property
    def good_html(self) -> Path:
        return self.path("documents/html_md/ietf_draft_remoteStorage.html")

    @property
    def pdfs(self) -> list[Path]:
        folder = self.path("documents/pdf")
        return [
            folder / "usda-ag-energy-round-up-2017-02-24.pdf",
            folder / "N18-3011_LiteratureGraph.pdf",
        ]

    @property
    def screenshot(self) -> Path:
        return self.path("gui/aitz_episode/GOOGLE_APPS-523638528775825151_0.png")

    @property
    def aitz_episode(self) -> Path:
        return self.path("gui/aitz_episode/GOOGLE_APPS-523638528775825151.json")

    @property
    def llamatouch_trace(self) -> Path:
        return self.path("gui/llamatouch/trace_18")

    @property
    def droidbot_utg(self) -> Path:
        return self.path("gui/autodroid_utg/calendar_utg.yaml")

    @cached_property
    def mind2web_tasks(self) -> list[dict[str, Any]]:
        path = self.path("benchmarks/mind2web/mind2web_raw_tasks.json")
        tasks: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
        return tasks[:6]

    def missing(self) -> list[str]:
        """Shared files the probe needs that are absent (the probe stops with their names)."""
        needed = [
            self.film_nt,
            self.q42_ttl,
            self.dump_chunk_ttl,
            *self.entity_json_files,
            self.good_md,
            self.good_html,
            *self.pdfs,
            self.aitz_episode,
        ]
        return [str(path) for path in needed if not path.exists()]
