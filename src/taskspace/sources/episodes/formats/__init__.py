"""Every episode input format behind one entry point, :func:`read_episodes`.

Formats are told apart by content, not by file name: a folder holding LlamaTouch's
``eventStructs.txt`` is a trace; a JSON list of steps with ``result_action_type`` is AITW;
an object with ``device_info`` and ``steps`` is GUI Odyssey; records with ``website`` and
``actions`` are Mind2Web; tasks with an ``evaluation`` list of key steps are Mind2Web-Live
(WebCanvas); per-step records with ``action_uid`` and ``pos_candidates`` are SeeAct's;
YAML with ``records`` is a DroidBot graph; JSON objects one per line with
``task`` and ``steps`` are our JSONL. UI dumps met on the way (``N.json``, ``N.vh`` beside
a JSONL file, Rico view hierarchies) are screens, not episodes: each is reported as such
(the loader drops the report of a dump that a loaded episode uses).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from taskspace.core.json_layout import text_layout
from taskspace.core.registry import Entry, Registry
from taskspace.sources.episodes import uitree
from taskspace.sources.episodes.errors import EpisodeError, UnknownFormatError
from taskspace.sources.episodes.formats import (
    aitw,
    droidbot,
    jsonl,
    mind2web,
    mind2web_live,
    odyssey,
    seeact,
    uiautomator,
)
from taskspace.sources.episodes.model import Episode
from taskspace.sources.episodes.sources import load_yaml, parse_json, read_lines, read_text

Reader = Callable[[Path], Iterator[Episode | EpisodeError]]

_HERE = __name__


FORMATS: Registry[Reader] = Registry(
    "episode format",
    {
        "aitw": Entry(f"{_HERE}.aitw:read", "AITW step JSON as AitZ ships it"),
        "gui_odyssey": Entry(f"{_HERE}.odyssey:read", "GUI Odyssey annotation JSON"),
        "mind2web": Entry(f"{_HERE}.mind2web:read", "Mind2Web task lists and records"),
        "mind2web_live": Entry(f"{_HERE}.mind2web_live:read", "Mind2Web-Live / WebCanvas tasks"),
        "seeact": Entry(f"{_HERE}.seeact:read", "SeeAct per-step query records"),
        "uiautomator": Entry(f"{_HERE}.uiautomator:read", "LlamaTouch trace folders"),
        "droidbot": Entry(f"{_HERE}.droidbot:read", "DroidBot / AutoDroid UTG YAML"),
        "jsonl": Entry(f"{_HERE}.jsonl:read", "taskspace's own JSON Lines episodes"),
    },
    error=UnknownFormatError,
    refusal="unknown episode format {name!r}; known formats: {known}",
)
"""Format name → reader of one file (or, for ``uiautomator``, one trace folder)."""

_Matcher = Callable[[Any], bool]
_FromDocument = Callable[[Any, Path], Iterator[Episode | EpisodeError]]

_DOCUMENTS: dict[str, tuple[_Matcher, _FromDocument]] = {
    "aitw": (aitw.matches, aitw.from_document),
    "gui_odyssey": (odyssey.matches, odyssey.from_document),
    "mind2web": (mind2web.matches, mind2web.from_document),
    "mind2web_live": (mind2web_live.matches, mind2web_live.from_document),
    "seeact": (seeact.matches, seeact.from_document),
    "droidbot": (droidbot.matches, droidbot.from_document),
}
"""Formats read from one parsed JSON/YAML document, so detection parses a file once."""

_CANDIDATES = {".json", ".jsonl", ".yaml", ".yml"}
_SUFFIXES = {
    "aitw": {".json"},
    "gui_odyssey": {".json"},
    "mind2web": {".json"},
    "mind2web_live": {".json"},
    "seeact": {".jsonl", ".json"},
    "droidbot": {".yaml", ".yml"},
    "jsonl": {".jsonl", ".json"},
    "uiautomator": set(),
}
"""Which files a folder walk hands to a format named by the caller."""
_UI_DUMP = "ui dump"
UI_DUMP = "a UI dump (one screen), not an episode"
"""The reason given for a UI dump read as an input (one used by an episode is not listed)."""
NO_EPISODE = "no episode in the file"


def read_suffixes(fmt: str | None) -> list[str]:
    """What a folder walk reads for ``fmt`` (every format when None): file suffixes, and
    trace folders when LlamaTouch traces are read; a file of any other kind is no episode."""
    suffixes = sorted(_SUFFIXES[fmt] if fmt else _CANDIDATES)
    return [*suffixes, "trace folders"] if fmt in (None, "uiautomator") else suffixes


def is_trace_file(path: Path) -> bool:
    """A file a trace folder holds for the trace: its events or instruction file, or one
    screen's file (``N.png``, ``N.xml``, ``N.activity``, LlamaTouch's ``N.ess`` …)."""
    return uiautomator.is_trace(path.parent) and (
        path.stem.isdigit() or path.name in uiautomator.trace_file_names()
    )


def read_episodes(path: Path, fmt: str | None = None) -> Iterator[Episode | EpisodeError]:
    """Episodes from a file or a folder (walked in name order), auto-detected when fmt is None.

    Errors are values, not exceptions, so one bad record never stops a load: a record that
    cannot be read yields ``EpisodeError(file, record, reason)`` and reading goes on; a file
    that cannot be read at all (unreadable, not UTF-8, malformed or truncated JSON/YAML,
    or of no known format) yields one ``EpisodeError`` with ``record=None`` whose reason
    says why. The caller counts both; a command should exit non-zero when any file-level
    error (``record is None``) occurred. Raised instead: ``FileNotFoundError`` when ``path``
    itself does not exist (there is nothing to load), ``ValueError`` naming the known
    formats when ``fmt`` is not one of them.
    """
    if fmt is not None:
        FORMATS.entry(fmt)  # refuses an unknown name with the known ones
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such file or folder")
    if path.is_dir():
        yield from _walk(path, fmt)
    else:
        yield from _read_file(path, fmt)


def detect_format(path: Path) -> str | None:
    """The format of a file or trace folder by its content; None when it is none of ours.

    Raises :class:`EpisodeError` when the file cannot be read or parsed at all.
    """
    if path.is_dir():
        return "uiautomator" if uiautomator.is_trace(path) else None
    name, _ = _sniff(path)
    return None if name == _UI_DUMP else name


def _walk(folder: Path, fmt: str | None) -> Iterator[Episode | EpisodeError]:
    if uiautomator.is_trace(folder):
        if fmt in (None, "uiautomator"):
            yield from uiautomator.read(folder)
        return
    for child in sorted(folder.iterdir()):
        if child.name.startswith("."):
            continue
        if child.is_dir():
            yield from _walk(child, fmt)
        elif child.suffix.lower() in (_SUFFIXES[fmt] if fmt else _CANDIDATES):
            yield from _read_file(child, fmt)


def _read_file(path: Path, fmt: str | None) -> Iterator[Episode | EpisodeError]:
    """What one file holds; a file that gives nothing says so in one error naming it, so
    every file read is counted (loaded, or not with a reason)."""
    empty = True
    for item in _file_items(path, fmt):
        empty = False
        yield item
    if empty:
        yield EpisodeError(str(path), None, NO_EPISODE)


def _file_items(path: Path, fmt: str | None) -> Iterator[Episode | EpisodeError]:
    if fmt is not None:
        yield from FORMATS.get(fmt)(path)
        return
    try:
        name, document = _sniff(path)
    except EpisodeError as error:
        yield error
        return
    if name == _UI_DUMP:
        yield EpisodeError(str(path), None, UI_DUMP)
        return
    if name is None:
        yield EpisodeError(str(path), None, f"not a known episode format ({', '.join(FORMATS)})")
    elif name in _DOCUMENTS and document is not None:
        yield from _DOCUMENTS[name][1](document, path)
    else:
        yield from FORMATS.get(name)(path)


def _sniff(path: Path) -> tuple[str | None, Any]:
    """(format name or None, the parsed document when the format reads one)."""
    if path.suffix.lower() in (".yaml", ".yml"):
        return _shape(load_yaml(path))
    if path.suffix.lower() == ".jsonl":
        # read line by line: one undecodable line is one bad record, not the file's
        first = next((line for line in read_lines(path) if line.strip()), b"")
        return (_lines_format(first.decode("utf-8", errors="replace")), None)
    text = read_text(path)
    if text.lstrip()[:1] not in ("[", "{"):
        return (None, None)
    layout, document = text_layout(text)
    if layout == "lines":
        return (_lines_format(text), None)
    if document is None:
        document = parse_json(text, str(path))  # raises, saying where the JSON breaks
    return _shape(document)


def _shape(document: Any) -> tuple[str | None, Any]:
    for name, (matches, _) in _DOCUMENTS.items():
        if matches(document):
            return (name, document)
    if jsonl.matches(document):
        return ("jsonl", None)  # a one-line JSONL file parses as a single object
    if _is_ui_dump(document):
        return (_UI_DUMP, None)
    return (None, None)


def _lines_format(text: str) -> str:
    """JSON Lines are ours unless the first record is a SeeAct step (one bad line is one
    bad record either way)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        return "seeact" if seeact.matches(json.loads(first)) else "jsonl"
    except json.JSONDecodeError:
        return "jsonl"


def _is_ui_dump(document: Any) -> bool:
    if uitree.is_rico(document):
        return True
    nodes = document.get("views") if isinstance(document, dict) else document
    return (
        isinstance(nodes, list)
        and bool(nodes)
        and all(isinstance(node, dict) and "bounds" in node for node in nodes[:5])
    )


__all__ = [
    "FORMATS",
    "Reader",
    "UnknownFormatError",
    "detect_format",
    "is_trace_file",
    "read_episodes",
    "read_suffixes",
]
