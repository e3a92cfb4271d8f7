"""Puts GUI episodes into the graph: episodes, steps, and the page graph they fold into.

Episodes are read lazily, folded in chunks by :class:`PageGraphBuilder` and written per
chunk (screens, then episodes with their steps, then transitions), each chunk through the
batched writer. A web screen is linked to the crawled page of its URL at the end. An
episode that cannot be read or folded is reported with its file, record and reason and
skipped; the rest loads. The report gives PG-Agent's statistics: episodes, images (distinct
screenshots), nodes (screens) and edges (transitions).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from taskspace.core.progress import QUIET, Progress
from taskspace.graph.connection import Graph
from taskspace.graph.ids import file_checksum
from taskspace.graph.load_report import Failure, LoadReport
from taskspace.graph.provenance import complete_source, record_source
from taskspace.graph.writer import BatchedWriter
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats import FORMATS as READERS
from taskspace.sources.episodes.formats import UI_DUMP
from taskspace.sources.episodes.model import Episode
from taskspace.sources.episodes.pagegraph.builder import Embedder, EpisodeGraph, PageGraphBuilder
from taskspace.sources.episodes.pagegraph.jump import JumpDetector, OfflineJumpDetector
from taskspace.sources.episodes.pagegraph.known import GraphScreens
from taskspace.sources.episodes.pagegraph.rows import episode_row, screen_row, transition_rows
from taskspace.sources.episodes.pagegraph.summary import Summarizer, offline_summaries
from taskspace.sources.episodes.pagegraph.verdict import Thresholds

SOURCE_KIND = "episodes"
PARSER_NAMES = {"auto": None, "odyssey": "gui_odyssey"}
"""Names ``--format`` takes beside the readers': ``auto`` detects, ``odyssey`` is the
short spelling of ``gui_odyssey``."""
FORMATS = (*PARSER_NAMES, *READERS.names())
"""The names ``kg load episodes --format`` takes."""
USED_KINDS = {
    "screenshots": "screenshots used by episodes",
    "ui_dumps": "UI dumps used by episodes",
    "trace_files": "files of trace folders (events, instruction, each screen's files)",
}
"""Files met in a folder that serve the episodes without being inputs, and how a summary
names them."""


@dataclass(frozen=True)
class EpisodeLoadOptions:
    thresholds: Thresholds = field(default_factory=Thresholds)
    chunk: int = 32
    """Episodes folded and written together: one embedding batch and two reads each."""
    llm: bool = False
    """Claude decides jumps and writes summaries (needs ANTHROPIC_API_KEY)."""


@dataclass
class EpisodeLoadReport(LoadReport):
    """An episodes load: the shared counts (``loaded`` are the files episodes came from,
    ``failed`` those that could not be read at all), then PG-Agent's statistics and the
    episodes skipped with file, record and reason (``errors``)."""

    episodes: int = 0
    steps: int = 0
    images: set[str] = field(default_factory=set)
    screens: set[str] = field(default_factory=set)
    transitions: set[str] = field(default_factory=set)
    actions: int = 0
    """Actions queued on transitions (every action but "complete")."""
    jumps: int = 0
    merged_visits: int = 0
    """Visits to a page that joined an existing screen instead of making one."""
    screens_created: int = 0
    transitions_created: int = 0
    errors: list[tuple[str, str | None, str]] = field(default_factory=list)
    datasets: dict[str, int] = field(default_factory=dict)
    ui_dumps: set[str] = field(default_factory=set)
    """UI dumps the loaded episodes use: met as a file of a folder, such a dump is no failure."""
    used: dict[str, list[str]] = field(default_factory=lambda: {kind: [] for kind in USED_KINDS})
    """Files of the folders given that are no input but serve the episodes, by kind."""

    def add(self, graph: EpisodeGraph) -> None:
        episode = graph.episode
        self.episodes += 1
        self.steps += len(episode.steps)
        self.datasets[episode.dataset] = self.datasets.get(episode.dataset, 0) + 1
        self.images.update(o.screenshot for o in episode.observations() if o.screenshot)
        self.ui_dumps.update(_resolved(o.ui_dump) for o in episode.observations() if o.ui_dump)
        self.screens.update(v.screen.id for v in graph.visits if v.screen is not None)
        self.transitions.update(t.key for t in graph.transitions)
        self.actions += sum(len(t.actions) for t in graph.transitions)
        self.jumps += sum(p.jump.jumped for p in graph.placements)
        self.merged_visits += sum(v.merged for v in graph.visits)

    def settle(self) -> None:
        """At the end, every file read is counted: one that could not be read at all (an
        error with no record) or was no episode, and gave none, is a failed input with its
        reason; one whose every record was bad is a failed input saying how many were
        skipped (the records stay listed in ``errors``). A UI dump that a loaded episode
        uses is not listed."""
        loaded = {_resolved(file) for file in self.loaded}
        failed = {_resolved(f.input) for f in self.failed}
        kept: list[tuple[str, str | None, str]] = []
        bad_records: dict[str, int] = {}
        for file, record, reason in self.errors:
            where = _resolved(file)
            if record is None and where not in loaded:
                if reason == UI_DUMP and where in self.ui_dumps:
                    continue
                if where not in failed:
                    failed.add(where)
                    self.fail(file, reason)
            else:
                kept.append((file, record, reason))
                if record is not None and where not in loaded:
                    bad_records[file] = bad_records.get(file, 0) + 1
        for file, count in bad_records.items():
            if _resolved(file) not in failed:
                self.fail(file, f"no episode: all {count} record(s) skipped")
        self.errors = kept
        self.error_count = len(kept)

    def account(self, paths: Sequence[Path], fmt: str | None) -> None:
        """Every file under ``paths`` that is no input counted already (loaded, failed, or
        holding a bad record) is said to be used by the episodes (a screenshot, a UI dump,
        a trace folder's own file) or, like ``kg load docs`` does, warned about as not an
        episode format: no file given is passed over without a word."""
        from taskspace.core.files import iter_files, not_a_format
        from taskspace.sources.episodes.formats import is_trace_file, read_suffixes

        counted = {_resolved(file) for file in self.loaded}
        counted |= {_resolved(failure.input) for failure in self.failed}
        counted |= {_resolved(file) for file, _, _ in self.errors}
        what = f"a {fmt} episode" if fmt else "an episode"
        for file in iter_files(paths):
            key = _resolved(str(file))
            if key in counted:
                continue
            if key in self.images:
                self.used["screenshots"].append(str(file))
            elif key in self.ui_dumps:
                self.used["ui_dumps"].append(str(file))
            elif is_trace_file(file) and _resolved(str(file.parent)) in counted:
                self.used["trace_files"].append(str(file))
            else:
                self.warnings.append(
                    Failure(str(file), not_a_format(file, what, read_suffixes(fmt)))
                )

    def as_dict(self) -> dict[str, Any]:
        return {
            **super().as_dict(),
            "used": {kind: list(files) for kind, files in self.used.items()},
            "episodes": self.episodes,
            "steps": self.steps,
            "images": len(self.images),
            "screens": len(self.screens),
            "transitions": len(self.transitions),
            "actions": self.actions,
            "jumps": self.jumps,
            "merged_visits": self.merged_visits,
            "screens_created": self.screens_created,
            "transitions_created": self.transitions_created,
            "datasets": dict(sorted(self.datasets.items())),
            "error_details": [
                {"file": file, "record": record, "reason": reason}
                for file, record, reason in self.errors
            ],
        }


def _resolved(file: str) -> str:
    return str(Path(file).resolve())


def default_embedder() -> Embedder:
    from taskspace.models.embeddings import embed

    return embed


class EpisodeLoader:
    """Folds and writes episodes chunk by chunk; ``finish`` links web screens to pages."""

    def __init__(
        self,
        graph: Graph,
        options: EpisodeLoadOptions | None = None,
        *,
        detector: JumpDetector | None = None,
        summarizer: Summarizer | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        self.graph = graph
        self.options = options or EpisodeLoadOptions()
        self.writer = BatchedWriter(graph)
        self.report = EpisodeLoadReport()
        self.builder = PageGraphBuilder(
            detector or OfflineJumpDetector(self.options.thresholds),
            summarizer or offline_summaries,
            embedder or default_embedder(),
            GraphScreens(graph),
            self.options.thresholds,
        )
        self._sources: dict[str, str] = {}

    def load(self, items: Iterable[Episode | EpisodeError], progress: Progress = QUIET) -> None:
        """Fold and write everything ``items`` yields; errors go to the report."""
        iterator = iter(items)
        while chunk := list(islice(iterator, self.options.chunk)):
            episodes: list[Episode] = []
            for item in chunk:
                if isinstance(item, EpisodeError):
                    self.report.errors.append((item.file, item.record, item.reason))
                else:
                    episodes.append(item)
            self._write(self.builder.build(episodes))
            progress.advance(len(chunk))

    def _write(self, results: Sequence[EpisodeGraph | EpisodeError]) -> None:
        graphs: list[EpisodeGraph] = []
        for result in results:
            if isinstance(result, EpisodeError):
                self.report.errors.append((result.file, result.record, result.reason))
            else:
                graphs.append(result)
        if not graphs:
            return
        sources = {g.episode.id: self._source(g.episode.source_file) for g in graphs}
        screens = {
            screen.id: screen_row(screen, sources[g.episode.id])
            for g in graphs
            for screen in g.new_screens
        }
        written = self.writer.write_named("episodes/merge_screens", list(screens.values()))
        self.report.screens_created += written.nodes_created
        self.report.add_write(written)
        rows = [episode_row(g, sources[g.episode.id]) for g in graphs]
        self.report.add_write(self.writer.write_named("episodes/merge_episodes", rows))
        edges = self.writer.write_named("episodes/merge_transitions", transition_rows(graphs))
        self.report.transitions_created += edges.relationships_created
        self.report.add_write(edges)
        for graph in graphs:
            self.report.add(graph)

    def _source(self, file: str) -> str:
        if file not in self._sources:
            self._sources[file] = record_source(
                self.graph, SOURCE_KIND, file, _checksum(Path(file))
            )
            self.report.loaded.append(file)
        return self._sources[file]

    def finish(self) -> EpisodeLoadReport:
        summary = self.graph.write_text(self.graph.queries.text("episodes/link_web_pages"))
        self.report.relationships_created += summary.counters.relationships_created
        complete_source(self.graph, *self._sources.values())
        self.report.settle()
        return self.report


def _checksum(path: Path) -> str | None:
    """sha256 of a file, of a folder's files (names and contents), or None if absent."""
    if path.is_file():
        return file_checksum(path)
    if path.is_dir():
        digest = hashlib.sha256()
        for child in sorted(p for p in path.rglob("*") if p.is_file()):
            digest.update(
                f"{child.relative_to(path).as_posix()}\0{file_checksum(child)}\n".encode()
            )
        return digest.hexdigest()
    return None


def load_episode_items(
    graph: Graph,
    items: Iterable[Episode | EpisodeError],
    options: EpisodeLoadOptions | None = None,
    *,
    progress: Progress = QUIET,
    detector: JumpDetector | None = None,
    summarizer: Summarizer | None = None,
    embedder: Embedder | None = None,
) -> EpisodeLoadReport:
    """Load episodes already parsed (or errors already found) into the graph."""
    started = time.perf_counter()
    options = options or EpisodeLoadOptions()
    if options.llm and detector is None and summarizer is None:
        detector, summarizer = llm_strategies(options.thresholds)
    loader = EpisodeLoader(
        graph, options, detector=detector, summarizer=summarizer, embedder=embedder
    )
    progress.start("episodes", None)
    loader.load(items, progress)
    report = loader.finish()
    report.seconds = time.perf_counter() - started
    return report


def llm_strategies(thresholds: Thresholds) -> tuple[JumpDetector, Summarizer]:
    """Claude's jump detector and summarizer (raises LLMUnavailableError without a key)."""
    from taskspace.core.settings import load_settings
    from taskspace.models.llm.client import StructuredLLM
    from taskspace.sources.episodes.pagegraph.llm import LLMJumpDetector, LLMSummarizer

    llm = StructuredLLM(load_settings())
    return LLMJumpDetector(llm, OfflineJumpDetector(thresholds)), LLMSummarizer(llm)


def read_all(paths: Sequence[Path], fmt: str | None) -> Iterator[Episode | EpisodeError]:
    """Every episode (or error) of every path; a path that cannot be read at all is one
    error naming it, and the others still load."""
    from taskspace.sources.episodes.formats import read_episodes

    name = PARSER_NAMES.get(fmt, fmt) if fmt is not None else None
    for path in paths:
        try:
            yield from read_episodes(path, name)
        except EpisodeError as error:
            yield error
        except FileNotFoundError:
            yield EpisodeError(str(path), None, "no such file or folder")
        except (OSError, ValueError) as error:
            yield EpisodeError(str(path), None, str(error))


def load_episodes(
    graph: Graph,
    paths: Sequence[Path | str],
    fmt: str | None = None,
    options: EpisodeLoadOptions | None = None,
    *,
    progress: Progress = QUIET,
) -> EpisodeLoadReport:
    """Parse episodes from files or folders in any supported format and load them."""
    given = [Path(path) for path in paths]
    report = load_episode_items(graph, read_all(given, fmt), options, progress=progress)
    report.account(given, PARSER_NAMES.get(fmt, fmt) if fmt is not None else None)
    return report
