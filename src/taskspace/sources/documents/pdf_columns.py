"""Columns of a PDF page from its word positions: the gutters between them and the regions.

pdfplumber reads a page row by row, so a two- or three-column page comes out with the
columns interleaved. A gutter is a vertical strip that (almost) no word covers; words that
do cross it (titles, wide tables, page headers) mark full-width bands, and between bands
each column is read on its own. Two gutters that cut the page into three columns of
comparable width (the Federal Register) win over a single one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import pairwise
from typing import Any

Box = tuple[float, float, float, float]
Word = dict[str, Any]

_NAMES = {1: ["full"], 2: ["left", "right"], 3: ["left", "middle", "right"]}


def column_names(count: int) -> list[str]:
    """Names of ``count`` side-by-side columns, left to right."""
    return _NAMES.get(count) or [f"column{i + 1}" for i in range(count)]


def find_gutters(
    words: list[Word], width: float, height: float, previous: list[float] | None = None
) -> list[float]:
    """The x of each empty strip between columns: none, one, or two (three columns).

    A page with too little text to tell (figures with a few numbered paragraphs between
    them) keeps the ``previous`` page's three columns when no word of its body crosses
    their gutters. A single gutter is not carried over: on report pages a lone gutter is
    often a table's gap, which the next page need not share.
    """
    found = _detect(words, width) if len(words) >= 40 else []
    if found or not previous or len(previous) < 2 or not words:
        return found
    body = [w for w in words if 0.08 * height < float(w["top"]) < 0.92 * height]
    crossed = any(float(w["x0"]) < g < float(w["x1"]) for g in previous for w in body)
    return [] if crossed else list(previous)


def _detect(words: list[Word], width: float) -> list[float]:
    rows = len({round(float(w["top"]) / 3) for w in words})
    coverage = _coverage(words)
    limit = max(2, rows // 4)
    three = _three_columns(words, coverage, width, limit)
    if three:
        return three
    single = _single_gutter(words, coverage, width, limit)
    return [single] if single is not None else []


def _coverage(words: list[Word]) -> Counter[int]:
    coverage = Counter[int]()
    for word in words:
        for x in range(int(word["x0"]), int(word["x1"]) + 1):
            coverage[x] += 1
    return coverage


def _runs(xs: Iterable[int], keep: Any) -> list[list[int]]:
    runs: list[list[int]] = []
    for x in xs:
        if keep(x):
            if runs and runs[-1][-1] == x - 1:
                runs[-1].append(x)
            else:
                runs.append([x])
    return runs


def _three_columns(
    words: list[Word], coverage: Counter[int], width: float, limit: int
) -> list[float]:
    """Two gutters, one in each of the outer thirds' inner halves, with text between them.

    Each gutter is the emptiest strip of its own search window, at least 4 points wide;
    each of the three columns must hold a tenth of the words, overlap the others, and be
    set text (a spreadsheet's three blocks of cells are not three columns).
    """
    gutters: list[float] = []
    for low, high in ((0.22, 0.45), (0.55, 0.78)):
        xs = range(int(width * low), int(width * high))
        floor = min(coverage[x] for x in xs)
        if floor > limit:
            return []
        runs = [r for r in _runs(xs, lambda x, f=floor: coverage[x] <= f + 1) if len(r) >= 4]
        if not runs:
            return []
        best = max(runs, key=len)
        gutters.append((best[0] + best[-1]) / 2)
    if not _balanced(words, gutters, width):
        return []
    edges = [0.0, *gutters, width + 1]
    return gutters if all(_prose(words, a, b) for a, b in pairwise(edges)) else []


def _prose(words: list[Word], left: float, right: float) -> bool:
    """Most rows run across the column, as set text does (tables leave gaps), and most
    words have letters (a grid of scores fills its rows too)."""
    rows: dict[int, list[Word]] = {}
    for word in words:
        if left < float(word["x0"]) and float(word["x1"]) < right:
            rows.setdefault(round(float(word["top"])), []).append(word)
    x0 = min(float(w["x0"]) for row in rows.values() for w in row)
    x1 = max(float(w["x1"]) for row in rows.values() for w in row)
    fills = sorted(
        (max(float(w["x1"]) for w in row) - min(float(w["x0"]) for w in row)) / (x1 - x0)
        for row in rows.values()
    )
    words = [w for row in rows.values() for w in row]
    lettered = sum(1 for w in words if any(ch.isalpha() for ch in str(w["text"])))
    return fills[len(fills) // 2] >= 0.7 and lettered >= 0.6 * len(words)


def _single_gutter(
    words: list[Word], coverage: Counter[int], width: float, limit: int
) -> float | None:
    """Of the emptiest strips of the middle half the widest wins (a table's gap is narrow)."""
    xs = range(int(width * 0.25), int(width * 0.75))
    floor = min(coverage[x] for x in xs)
    if floor > limit:
        return None
    runs = _runs(xs, lambda x: coverage[x] <= floor + 1)
    best = max(runs, key=lambda run: (len(run), -abs((run[0] + run[-1]) / 2 - width / 2)))
    gutter = (best[0] + best[-1]) / 2
    return gutter if _balanced(words, [gutter], width) else None


def _balanced(words: list[Word], gutters: list[float], width: float) -> bool:
    """Every column holds enough words, and neighbouring columns share some height."""
    edges = [0.0, *gutters, width + 1]
    columns = [
        [w for w in words if left < float(w["x0"]) and float(w["x1"]) < right]
        for left, right in pairwise(edges)
    ]
    need = max(8, len(words) // 10)
    if any(len(column) < need for column in columns):
        return False
    for a, b in pairwise(columns):
        overlap = min(max(w["bottom"] for w in a), max(w["bottom"] for w in b)) - max(
            min(w["top"] for w in a), min(w["top"] for w in b)
        )
        if overlap <= 0:
            return False
    return True


def regions(
    words: list[Word],
    gutters: list[float],
    width: float,
    height: float,
    drawings: list[Box] | None = None,
) -> Iterable[tuple[str, Box]]:
    """Full-width bands and, between them, the columns left to right, top to bottom.

    Words and drawings (images, figure frames) that cross a gutter make a band: text
    below a page-wide figure is read after it, not as the rest of the columns above it.
    """
    if not gutters:
        yield "full", (0.0, 0.0, width, height + 1)
        return
    crossing = [
        w
        for gutter in gutters
        for w in [*words, *_bridges(words, gutter)]
        if w["x0"] < gutter < w["x1"]
    ]
    crossing += [
        {"x0": d[0], "top": d[1], "x1": d[2], "bottom": d[3]}
        for d in drawings or []
        if any(d[0] < gutter < d[2] for gutter in gutters)
    ]
    spans = sorted((float(w["top"]) - 1, float(w["bottom"]) + 1) for w in crossing)
    bands: list[list[float]] = []
    for top, bottom in spans:
        if bands and top <= bands[-1][1] + 2:
            bands[-1][1] = max(bands[-1][1], bottom)
        else:
            bands.append([top, bottom])
    edges = [0.0, *gutters, width]
    names = column_names(len(edges) - 1)
    cursor = 0.0
    for top, bottom in [*bands, [height + 1, height + 1]]:
        if top > cursor:
            for name, left, right in zip(names, edges, edges[1:], strict=False):
                yield name, (left, cursor, right, top)
        if bottom > top:
            yield "full", (0.0, top, width, bottom)
        cursor = max(cursor, bottom)


def _bridges(words: list[Word], gutter: float) -> list[Word]:
    """Word gaps that straddle the gutter but are only word spaces: a centred full-width line."""
    rows: dict[int, list[Word]] = {}
    for word in words:
        rows.setdefault(round(float(word["top"])), []).append(word)
    bridges = []
    for row in rows.values():
        before = [w for w in row if w["x1"] <= gutter]
        after = [w for w in row if w["x0"] >= gutter]
        if before and after:
            left = max(before, key=lambda w: w["x1"])
            right = min(after, key=lambda w: w["x0"])
            if right["x0"] - left["x1"] < 7:
                bridges.append({**left, "x1": right["x1"]})
    return bridges
