"""Which files a Wikidata load reads, and whether each one is text at all.

Folders are walked as ``kg load docs`` walks them: every file whose suffix names a format
(``.nt``, ``.ttl``, ``.json``, ``.jsonl``, ``.tsv`` …, also under ``.gz``/``.bz2``), in
sorted order. A path
that does not exist is one failure with its own message. Before a file is parsed, its
first 64 KiB are checked: a NUL byte, or most lines not UTF-8, mean a binary or
mis-encoded file, reported in one line rather than as hundreds of bad lines.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from pathlib import Path

from taskspace.sources.wikidata.errors import NotTextError

FORMATS = ("auto", "nt", "ttl", "json", "entity-json", "triples-json", "kgtk")
"""``json`` is sniffed (entity JSON or triple lines, by the first record); ``entity-json``
and ``triples-json`` force one of the two; ``kgtk`` is a KGTK edge (or label) file."""
SUFFIXES = {
    ".nt": "nt",
    ".ntriples": "nt",
    ".ttl": "ttl",
    ".turtle": "ttl",
    ".json": "json",
    ".jsonl": "json",
    ".ndjson": "json",
    ".tsv": "kgtk",
}
COMPRESSED = (".gz", ".bz2")
SNIFF_BYTES = 64 << 10
_BOM = b"\xef\xbb\xbf"


def suffix_format(path: Path) -> str | None:
    """The format a file's suffixes name (``x.nt.gz`` -> ``nt``), or None."""
    suffixes = [s.lower() for s in path.suffixes]
    while suffixes and suffixes[-1] in COMPRESSED:
        suffixes.pop()
    return SUFFIXES.get(suffixes[-1]) if suffixes else None


def expand_paths(paths: Iterable[Path]) -> Iterator[Path | tuple[str, str]]:
    """In the order given: files to load, or (path, reason) for a path that has none.

    A file given by name is kept whatever its suffix (``--format`` may name it); inside a
    folder only files of known suffixes count, so a folder of dumps and notes loads.
    """
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file() and suffix_format(p))
            if not found:
                known = ", ".join(sorted(SUFFIXES))
                yield str(path), f"folder has no files of a known format ({known})"
            yield from found
        elif path.exists():
            yield path
        else:
            yield str(path), f"no such file or folder: {path}"


def sniffed(lines: Iterable[bytes]) -> Iterator[bytes]:
    """The same lines, once the first 64 KiB are known to be text; a leading BOM dropped.

    Reads and checks the head at once (not lazily), so :class:`NotTextError` comes from
    this call, before anything about the file is written.
    """
    iterator = iter(lines)
    head: list[bytes] = []
    size = 0
    for line in iterator:
        head.append(line)
        size += len(line)
        if size >= SNIFF_BYTES:
            break
    if head and head[0].startswith(_BOM):
        head[0] = head[0][len(_BOM) :]
    _check_text(head, complete=size < SNIFF_BYTES)
    return itertools.chain(head, iterator)


def _check_text(head: list[bytes], complete: bool) -> None:
    """Most lines binary (a NUL byte) or not UTF-8: the file is not text in any format we
    read, and one line says so instead of hundreds of line errors.

    A few such lines in a text file are left to the readers, which report each one and
    load the rest."""
    if head and head[0].startswith((b"\xff\xfe", b"\xfe\xff")):
        raise NotTextError("UTF-16 text (a UTF-16 byte-order mark); convert it to UTF-8")
    checked = head if complete or len(head) < 2 else head[:-1]  # the last may be cut
    binary = [number for number, line in enumerate(checked) if b"\x00" in line]
    undecodable = [number for number, line in enumerate(checked) if not _utf8(line)]
    if not checked:
        return
    if len(binary) * 2 > len(checked) or (binary and len(checked) == 1):
        raise NotTextError(
            f"binary content ({len(binary)} of the first {len(checked)} lines hold NUL "
            f"bytes, the first on line {binary[0] + 1}); not text"
        )
    if len(undecodable) * 2 > len(checked):
        raise NotTextError(
            f"not UTF-8 text ({len(undecodable)} of the first {len(checked)} lines are not "
            f"UTF-8, the first on line {undecodable[0] + 1})"
        )


def _utf8(line: bytes) -> bool:
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
