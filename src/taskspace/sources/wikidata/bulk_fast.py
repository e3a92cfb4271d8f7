"""The bulk CSV pass for N-Triples in Polars, with our reader as the referee.

Profiled on a million triples (bench.wikidata_bench --copies 67), the pure-Python pass
spends its time evenly in four layers (parsing, grouping, mapping, CSV), so only a pass
that leaves Python for the common lines helps. Most lines of a truthy N-Triples file are
one of three shapes: ``wd:Q… rdfs:label "text"@lang``, ``wd:Q… schema:description
"text"@lang`` and ``wd:Q… wdt:P… wd:Q…``. Polars (compiled, vectorised; faster than
DuckDB here: 3.2 s against 3.3 s to read and match a million lines under load 12,
and it numbers rows itself) matches those shapes with one regular expression, and
writes the item rows and claim edges of every item it can take whole straight to CSV.

An item is taken only when the result is certainly the reference pass's: every line of it
has one of those shapes (no escapes, no control characters, lower-case language tags),
its lines are one contiguous run (so the reference makes one record of them), no other
line names it as a subject or a statement's owner (those lines are parsed by our reader
to know), and no earlier input of the load described it. Every other line, including
each taken item's first line (so the referee's bounded record cache sees the same
subjects in the same order and sets records aside exactly as before), goes through the
reference path (:func:`read_numbered`, :class:`RecordGrouper`, :class:`CsvGraph`) with
its line number, so a bad line is reported with file and line and skipped as before. A
file that is not plain UTF-8 text with ``\\n`` line ends goes wholly to the referee, and
so does one too large for the memory available (the fast path holds a file in memory:
:data:`MEMORY_PER_BYTE`), since the reference pass streams.
"""

from __future__ import annotations

import bz2
import gzip
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from taskspace.sources.wikidata.loader import LoadOptions, LoadReport
from taskspace.sources.wikidata.ntriples import parse_line, read_numbered
from taskspace.sources.wikidata.records import RecordGrouper
from taskspace.sources.wikidata.terms import (
    ENTITY_ID,
    IRI,
    RDFS_LABEL,
    SCHEMA_DESCRIPTION,
    STATEMENT_NS,
    WD,
    EntityRecord,
    statement_id,
)

_QID = r"Q[1-9][0-9]{0,17}"
FAST_LINE = (
    rf"^<http://www\.wikidata\.org/entity/(?P<s>{_QID})> "
    r"<(?P<pred>http://www\.w3\.org/2000/01/rdf-schema#label|http://schema\.org/description"
    r"|http://www\.wikidata\.org/prop/direct/(?P<pid>P[1-9][0-9]{0,17}))> "
    rf"(?:<http://www\.wikidata\.org/entity/(?P<q>{_QID})>"
    r'|"(?P<text>[^"\\\x00-\x1f]*)"@(?P<lang>[a-z]+(?:-[a-z0-9]+)*)'
    r'|"(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2})"\^\^<http://www\.w3\.org/2001/XMLSchema#date>) \.$'
)
"""The three shapes taken, exactly as written (one space, no comment); the escaped
characters, control characters and upper-case tags the referee would rewrite are not."""

ITEM_HEADER = (
    "id:ID(Item),qid:string,source:string,lang:string,label:string,description:string,"
    "labels_all:string,descriptions_all:string"
)
CLAIM_HEADER = ":START_ID(Item),:END_ID(Item),:TYPE,rank:string,statement:string"
LABEL_FALLBACKS = ("mul", "und", "en")  # as mapping.LABEL_FALLBACKS
MEMORY_PER_BYTE = 9
"""Peak memory of the fast path per byte of (uncompressed) input: 10.9 GB resident for
the 1.36 GB, 10M-triple file (bench.wikidata_bench --bulk --copies 670). A file for which
that much memory is not available goes through the streaming reference pass instead."""
COMPRESSED_EXPANSION = 10
"""How much larger than its archive an N-Triples file is assumed to be before reading it
(Wikidata's dumps expand about 8 to 10 times); checked again once it is expanded."""
_UNUSUAL = (b"\r", b"\x00", b"\x01")


def file_lines(path: Path) -> pl.DataFrame | None:
    """``n`` (line number) and ``t`` (the line) of a plain, gzip or bzip2 N-Triples file;
    None when the file is anything but UTF-8 text with ``\\n`` line ends throughout."""
    suffix = path.suffix.lower()
    # Checked before reading: a file far larger than memory must not be read whole.
    expansion = COMPRESSED_EXPANSION if suffix in (".gz", ".bz2") else 1
    if path.stat().st_size * expansion * MEMORY_PER_BYTE > available_memory():
        return None
    data = path.read_bytes()
    try:
        if suffix == ".gz":
            data = gzip.decompress(data)
        elif suffix == ".bz2":
            data = bz2.decompress(data)
    except (OSError, EOFError, ValueError):
        return None  # a cut archive: the referee reports where reading stopped
    if len(data) * MEMORY_PER_BYTE > available_memory():
        return None
    if not data.endswith(b"\n") or data.startswith(b"\xef\xbb\xbf"):
        return None
    if any(byte in data for byte in _UNUSUAL):
        return None
    try:
        frame = pl.read_csv(
            data,
            has_header=False,
            separator="\x01",
            quote_char=None,
            new_columns=["t"],
            schema={"t": pl.String},
        )
    except pl.exceptions.PolarsError:
        return None  # not UTF-8
    if frame.height != data.count(b"\n"):
        return None
    return frame.with_row_index("n", 1).with_columns(pl.col("t").fill_null(""))


def available_memory() -> int:
    """Bytes of memory available now (``MemAvailable``), or unlimited where unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 2**62


@dataclass
class FastPart:
    """What the fast path wrote for one file, and what it leaves to the referee."""

    ids: set[str]
    """Items written here; the referee's records for them (first line only) are dropped."""
    referee: list[tuple[int, str]]
    node_files: list[Path] = field(default_factory=list)
    claim_files: list[Path] = field(default_factory=list)
    items: int = 0
    claim_rows: int = 0
    literals: int = 0
    targets: list[str] = field(default_factory=list)
    pids: list[str] = field(default_factory=list)
    claim_counts: Counter[str] = field(default_factory=Counter)
    triples: int = 0
    """Lines written here and not shown to the referee (they count as read triples)."""
    kept: Counter[str] = field(default_factory=Counter)


def _owner(subject: object) -> str | None:
    """The entity a referee line's subject adds to, as :class:`RecordGrouper` decides."""
    if not isinstance(subject, IRI):
        return None
    iri = subject.value
    if iri.startswith(STATEMENT_NS):
        found = statement_id(iri[len(STATEMENT_NS) :])
        return found[0] if found else None
    if iri.startswith(WD) and ENTITY_ID.fullmatch(iri[len(WD) :]):
        return iri[len(WD) :]
    return None


def _touched(lines: pl.DataFrame) -> set[str]:
    """Entities the lines outside the fast shapes add to (parsed exactly by our reader)."""
    owners: set[str] = set()
    for line in lines["t"]:
        try:
            parsed = parse_line(line)
        except ValueError:  # NTriplesError too: a bad line makes no record
            continue
        if parsed is not None:
            owner = _owner(parsed[0])
            if owner is not None:
                owners.add(owner)
    return owners


def _quoted(column: str) -> pl.Expr:
    value = pl.col(column)
    text = pl.lit('"') + value.str.replace_all('"', '""', literal=True) + pl.lit('"')
    return pl.when(value.is_null()).then(pl.lit("")).otherwise(text)


def _texts(lines: pl.DataFrame, predicate: str, lang: str, name: str) -> pl.DataFrame:
    """Per item: the text in ``lang`` (with the fallbacks) and every language as the
    JSON ``json.dumps(sort_keys=True, ensure_ascii=False)`` gives; first line wins."""
    texts = (
        lines.filter(pl.col("pred") == predicate)
        .group_by("s", "lang")
        .agg(pl.col("text").first())  # rows are in line order
        .sort(["s", "lang"])
    )
    pairs = pl.lit('"') + pl.col("lang") + pl.lit('": "') + pl.col("text") + pl.lit('"')
    picks = [
        pl.col("text").filter(pl.col("lang") == key).first() for key in (lang, *LABEL_FALLBACKS)
    ]
    return texts.group_by("s", maintain_order=True).agg(
        pl.coalesce(picks).alias(name),
        (pl.lit("{") + pairs.str.join(", ") + pl.lit("}")).first().alias(f"{name}s_all"),
    )


def fast_part(
    frame: pl.DataFrame,
    folder: Path,
    tag: str,
    source: str,
    lang: str,
    described: set[str],
) -> FastPart:
    """Write the items this file gives whole to ``folder``; the rest goes to the referee."""
    matched = frame.with_columns(pl.col("t").str.extract_groups(FAST_LINE).alias("m")).unnest("m")
    day = pl.col("date").str.to_date("%Y-%m-%d", strict=False)
    shaped = pl.col("s").is_not_null() & (
        (pl.col("pid").is_not_null() & pl.col("q").is_not_null())
        | (pl.col("pid").is_not_null() & (day.dt.year() >= 1))  # a real day: a date
        | (pl.col("pid").is_null() & pl.col("text").is_not_null())
    )
    matched = matched.with_columns(shaped.fill_null(False).alias("ok"))
    others = matched.filter(~pl.col("ok"))
    several = (  # two days for one property: a list, left to the referee
        matched.filter(pl.col("ok") & pl.col("date").is_not_null())
        .group_by("s", "pid")
        .agg(pl.col("date").n_unique().alias("days"))
        .filter(pl.col("days") > 1)
    )
    blocked = _touched(others) | described | set(several["s"].to_list())
    runs = (
        matched.filter(pl.col("ok"))
        .group_by("s")
        .agg(pl.len().alias("count"), pl.col("n").min().alias("first"), pl.col("n").max())
        .filter(
            (pl.col("n") - pl.col("first") + 1 == pl.col("count"))
            & ~pl.col("s").is_in(pl.Series(list(blocked), dtype=pl.String).implode())
        )
    )
    marked = matched.join(runs.select("s", "first"), on="s", how="left", maintain_order="left")
    taken = marked.filter(pl.col("first").is_not_null())  # in line order
    written_line = pl.col("first").is_not_null() & (pl.col("n") != pl.col("first"))
    written = marked.filter(written_line)
    referee = marked.filter(~written_line)
    part = FastPart(
        ids=set(runs["s"].to_list()),
        referee=list(zip(referee["n"].to_list(), (t + "\n" for t in referee["t"]), strict=True)),
    )
    part.triples = written.height
    kinds = written.select(
        pl.when(pl.col("pid").is_not_null())
        .then(pl.lit("truthy claim"))
        .when(pl.col("pred") == RDFS_LABEL)
        .then(pl.lit("label or alias"))
        .otherwise(pl.lit("description"))
        .alias("kind")
    )["kind"]
    part.kept.update(dict(kinds.value_counts().iter_rows()))
    _write_items(part, taken, runs, folder / f"fast-items-{tag}", source, lang)
    _write_claims(part, taken, folder / f"fast-claims-{tag}")
    return part


def _days(taken: pl.DataFrame) -> tuple[pl.DataFrame, list[str]]:
    """Per item, one column per property holding a day (``P577``), and those properties."""
    days = taken.filter(pl.col("date").is_not_null()).unique(subset=["s", "pid"], keep="first")
    pids = sorted(days["pid"].unique().to_list())
    if not pids:
        return pl.DataFrame({"s": []}, schema={"s": pl.String}), []
    return days.pivot(on="pid", index="s", values="date"), pids


def _write_items(
    part: FastPart, taken: pl.DataFrame, runs: pl.DataFrame, stem: Path, source: str, lang: str
) -> None:
    days, day_pids = _days(taken)
    part.literals = (
        int(days.select(pl.col(day_pids).is_not_null().sum()).sum_horizontal()[0])
        if day_pids
        else 0
    )
    items = (
        runs.select("s", "first")
        .join(days, on="s", how="left")
        .join(_texts(taken, RDFS_LABEL, lang, "label"), on="s", how="left")
        .join(_texts(taken, SCHEMA_DESCRIPTION, lang, "description"), on="s", how="left")
        .sort("first")
        .with_columns(pl.lit(source).alias("source"), pl.lit(lang).alias("lang"))
    )
    part.items = items.height
    if not items.height:
        return
    columns = ["s", "s", "source", "lang", "label", "description", "labels_all"]
    columns += ["descriptions_all", *day_pids]
    row = pl.concat_str([_quoted(c) for c in columns], separator=",")
    header, data = stem.with_suffix(".header.csv"), stem.with_suffix(".csv")
    names = [ITEM_HEADER, *(f"{pid}:date" for pid in day_pids)]
    header.write_text(",".join(names) + "\n", encoding="utf-8")
    items.select(row.alias("row")).write_csv(data, include_header=False, quote_style="never")
    part.node_files = [header, data]


def _write_claims(part: FastPart, taken: pl.DataFrame, stem: Path) -> None:
    truthy = taken.filter(pl.col("pid").is_not_null()).unique(subset=["s", "pid", "q", "date"])
    part.claim_counts.update(dict(truthy["pid"].value_counts().iter_rows()))
    part.pids = truthy["pid"].unique().to_list()
    claims = truthy.filter(pl.col("q").is_not_null()).select("s", "pid", "q")
    part.claim_rows = claims.height
    part.targets = claims["q"].unique().to_list()
    if not claims.height:
        return
    row = pl.concat_str([_quoted("s"), _quoted("q"), _quoted("pid")], separator=",") + pl.lit(",,")
    header, data = stem.with_suffix(".header.csv"), stem.with_suffix(".csv")
    header.write_text(CLAIM_HEADER + "\n", encoding="utf-8")
    claims.select(row.alias("row")).write_csv(data, include_header=False, quote_style="never")
    part.claim_files = [header, data]


def write_bare_items(
    stem: Path, named: dict[str, str], described: set[str]
) -> tuple[list[Path], int] | None:
    """Items only named as values (``id``, ``qid``, ``source``), as :class:`CsvGraph`
    writes them; ``[header, data]`` and the row count, or None when there are none."""
    bare = pl.DataFrame(
        {"s": list(named), "source": list(named.values())},
        schema={"s": pl.String, "source": pl.String},
    ).filter(~pl.col("s").is_in(pl.Series(list(described), dtype=pl.String).implode()))
    if not bare.height:
        return None
    header, data = stem.with_suffix(".header.csv"), stem.with_suffix(".csv")
    header.write_text("id:ID(Item),qid:string,source:string\n", encoding="utf-8")
    row = pl.concat_str([_quoted("s"), _quoted("s"), _quoted("source")], separator=",")
    bare.select(row.alias("row")).write_csv(data, include_header=False, quote_style="never")
    return [header, data], bare.height


def referee_records(
    part: FastPart, file: str, options: LoadOptions, report: LoadReport
) -> Iterator[EntityRecord]:
    """The reference pass over the lines the fast path left, with their own numbers; its
    counts go to ``report`` as :func:`~taskspace.sources.wikidata.loader.file_records` does."""
    grouper = RecordGrouper(max_open=options.max_open_entities, file=file, on_issue=report.issue)
    try:
        yield from grouper.records(read_numbered(part.referee, file, report.issue))
    finally:
        report.triples += grouper.triples + part.triples
        report.ignored_triples += grouper.ignored
        report.ignored_by_reason.update(grouper.ignored_by)
        report.kept_triples.update(grouper.kept)
        report.kept_triples.update(part.kept)
        report.rejected_triples += grouper.rejected
