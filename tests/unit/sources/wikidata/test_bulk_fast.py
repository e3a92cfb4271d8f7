"""The bulk CSV pass's fast path (Polars) against the reference pass on real inputs:
the same nodes and relationships, the same counts, the same bad lines."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import pytest

from taskspace.sources.wikidata import bulk_fast
from taskspace.sources.wikidata.bulk import write_csv
from taskspace.sources.wikidata.bulk_fast import fast_part, file_lines
from taskspace.sources.wikidata.loader import LoadOptions, LoadReport
from tests.support.import_csv import canonical
from tests.support.wikidata import BAD, FILM_SLICE, FILMS, FIXTURES, shared

W3C_NT = sorted((FIXTURES / "w3c" / "rdf-n-triples").glob("*.nt"))


def both(paths: list[Path], tmp_path: Path) -> tuple[Any, Any, LoadReport, LoadReport]:
    results = []
    for fast in (True, False):
        folder = tmp_path / ("fast" if fast else "reference")
        folder.mkdir()
        report = LoadReport()
        _, files = write_csv(paths, folder, LoadOptions(), report, fast=fast)
        results.append((canonical(files), report))
    (fast_rows, fast_report), (reference_rows, reference_report) = results
    return fast_rows, reference_rows, fast_report, reference_report


def summary(report: LoadReport) -> dict[str, Any]:
    shown = report.as_dict()
    shown.pop("seconds", None)
    return shown


def test_film_slice_and_a_second_input_give_the_reference_rows(tmp_path: Path) -> None:
    film = shared(FILM_SLICE)
    head = tmp_path / "film_head.nt"  # items described again: the referee sets them aside
    head.write_text("".join(film.read_text(encoding="utf-8").splitlines(True)[:2000]))
    fast, reference, fast_report, reference_report = both([film, head], tmp_path)
    assert fast == reference
    assert summary(fast_report) == summary(reference_report)
    assert fast_report.triples == 14930 + 2000


def test_most_film_lines_take_the_fast_path(tmp_path: Path) -> None:
    frame = file_lines(shared(FILM_SLICE))
    assert frame is not None and frame.height == 14930
    part = fast_part(frame, tmp_path, "0", "source-x", "en", set())
    assert part.triples + len(part.referee) == 14930
    assert part.triples > 13_000  # the property lines and two-day items go to the referee
    assert part.items == len(part.ids) > 800


def test_lines_the_referee_must_read_give_the_same_rows(tmp_path: Path) -> None:
    """Escapes, datatypes, upper-case tags, blank nodes, comments, a scattered item, a bad
    line and a statement owner in one file: each such item goes whole to the referee."""
    e, d = "<http://www.wikidata.org/entity/", "<http://www.wikidata.org/prop/direct/"
    label = "<http://www.w3.org/2000/01/rdf-schema#label>"
    lines = [
        f'{e}Q1> {label} "one"@en .',
        f'{e}Q1> {label} "eins"@de .',
        f"{e}Q1> {d}P31> {e}Q5> .",
        f"{e}Q1> {d}P31> {e}Q5> .",  # the same triple twice is one edge
        f'{e}Q2> {label} "two \\"quoted\\""@en .',  # an escape
        f"{e}Q2> {d}P31> {e}Q5> .",
        f'{e}Q3> {label} "THREE"@EN .',  # an upper-case tag
        f'{e}Q4> {d}P577> "2001-01-01"^^<http://www.w3.org/2001/XMLSchema#date> .',
        f"{e}Q4> {d}P31> {e}Q5> .",
        f"_:b1 {d}P31> {e}Q5> .",
        "# a comment",
        "",
        f"{e}Q6> {d}P31> {e}Q5> .",
        f"{e}Q7> {d}P31> {e}Q5> .",
        f"{e}Q6> {d}P17> {e}Q30> .",  # Q6 again after Q7: not one run
        f"{e}Q8> {d}P31> <broken .",  # a bad line, reported with its number
        f"{e}Q9> {d}P31> {e}Q5> .",
        f"{e}statement/Q9-abc> <http://www.wikidata.org/prop/statement/P31> {e}Q5> .",
        f"{e}Q10> {d}P31> {e}Q5> .",
        f"{e}Q10> {d}P31> {e}Q11> .",
        f'{e}Q12> {d}P577> "2001-02-30"^^<http://www.w3.org/2001/XMLSchema#date> .',  # no day
        f'{e}Q13> {d}P577> "2001-02-03"^^<http://www.w3.org/2001/XMLSchema#date> .',
        f'{e}Q13> {d}P577> "2002-02-03"^^<http://www.w3.org/2001/XMLSchema#date> .',  # a list
        f'{e}Q14> {d}P577> "2001-02-03"^^<http://www.w3.org/2001/XMLSchema#date> .',
        f'{e}Q14> {d}P577> "2001-02-03"^^<http://www.w3.org/2001/XMLSchema#date> .',
        f'{e}Q14> {d}P580> "0999-12-31"^^<http://www.w3.org/2001/XMLSchema#date> .',
    ]
    nt = tmp_path / "odd.nt"
    nt.write_text("\n".join(lines) + "\n", encoding="utf-8")
    fast, reference, fast_report, reference_report = both([nt], tmp_path)
    assert fast == reference
    assert summary(fast_report) == summary(reference_report)
    assert [(e.line, e.file) for e in fast_report.errors] == [(16, str(nt))]
    part = fast_part(file_lines(nt), tmp_path, "x", "s", "en", set())  # type: ignore[arg-type]
    assert part.ids == {"Q1", "Q4", "Q7", "Q10", "Q14"}


@pytest.mark.parametrize(
    "name",
    [
        "bad_escape.nt",
        "bad_iri.nt",
        "bad_utf8.nt",
        "missing_dot.nt",
        "truncated.nt.gz",
        "truncated_last_line.nt",
        "unterminated_literal.nt",
    ],
)
def test_bad_files_report_the_same_lines(name: str, tmp_path: Path) -> None:
    fast, reference, fast_report, reference_report = both([BAD / name], tmp_path)
    assert fast == reference
    assert summary(fast_report) == summary(reference_report)


def test_w3c_ntriples_suite_and_mini_films_give_the_reference_rows(tmp_path: Path) -> None:
    fast, reference, fast_report, reference_report = both([*W3C_NT, FILMS], tmp_path)
    assert fast == reference
    assert summary(fast_report) == summary(reference_report)


def test_gzip_input_takes_the_fast_path(tmp_path: Path) -> None:
    packed = tmp_path / "films.nt.gz"
    packed.write_bytes(gzip.compress(FILMS.read_bytes()))
    frame = file_lines(packed)
    assert frame is not None and frame.height == FILMS.read_bytes().count(b"\n")
    fast, reference, *_ = both([packed], tmp_path)
    assert fast == reference


def test_a_file_too_large_for_memory_streams_through_the_reference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bulk_fast, "available_memory", lambda: FILMS.stat().st_size)
    assert file_lines(FILMS) is None
    fast, reference, fast_report, reference_report = both([FILMS], tmp_path)
    assert fast == reference
    assert summary(fast_report) == summary(reference_report)


def test_a_file_too_large_for_memory_is_never_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    packed = tmp_path / "films.nt.gz"
    packed.write_bytes(gzip.compress(FILMS.read_bytes()))
    # memory for the plain file's fast path, but not for what its archive might expand to
    monkeypatch.setattr(
        bulk_fast, "available_memory", lambda: FILMS.stat().st_size * bulk_fast.MEMORY_PER_BYTE
    )

    def refuse(self: Path) -> bytes:
        raise AssertionError(f"{self} was read whole")

    assert file_lines(FILMS) is not None
    monkeypatch.setattr(Path, "read_bytes", refuse)
    assert packed.stat().st_size * 10 > FILMS.stat().st_size  # the archive's assumed expansion
    assert file_lines(packed) is None
    monkeypatch.setattr(bulk_fast, "available_memory", lambda: FILMS.stat().st_size)
    assert file_lines(FILMS) is None
