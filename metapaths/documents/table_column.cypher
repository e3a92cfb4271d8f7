// A table's first numeric column, parsed from its rows in Cypher, with the figures three
// templates ask about: its total (aggregation), the gap between its largest and smallest
// rows (table_qa) and the one row above or below its average (analysis).
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
CALL () {
  MATCH (t:Table) WHERE t.id IN $anchors RETURN t
  UNION ALL
  MATCH (first:Table) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (t:Table) WHERE t.id >= from
    WITH t ORDER BY t.id LIMIT $scan
    RETURN collect(t) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (t:Table) WHERE t.id < until
    WITH t ORDER BY t.id LIMIT $scan
    RETURN collect(t) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS t
  RETURN t
}
// rows_json is a JSON list of rows of strings: [["h1", "h2"], ["a", "1"]]. Cells holding
// an escape or a bracket are left alone (the split below would misread them).
WITH t WHERE t.rows_json STARTS WITH '[["' AND t.rows_json ENDS WITH '"]]'
  AND NOT t.rows_json CONTAINS '\\'
WITH t, split(substring(t.rows_json, 3, size(t.rows_json) - 6), '"], ["') AS lines
WITH t, [line IN lines | [cell IN split(line, '", "') | trim(cell)]] AS rows
WHERE size(rows) >= 4
WITH t, rows[0] AS header, rows[1..] AS data
// Every data row as wide as the header, labelled (by words, not a number), and labelled once.
WHERE all(r IN data WHERE size(r) = size(header) AND size(r[0]) > 0 AND toFloat(r[0]) IS NULL)
  AND all(i IN range(1, size(data) - 1) WHERE none(k IN range(0, i - 1) WHERE data[k][0] = data[i][0]))
UNWIND range(1, size(header) - 1) AS j
WITH t, header, data, j
WHERE size(header[j]) > 0 AND toFloat(header[j]) IS NULL AND all(r IN data WHERE toFloat(r[j]) IS NOT NULL)
WITH t, header, data, min(j) AS j
// The column's precision: the most decimals any of its cells is written with ("0.583" -> 3).
// Computed figures are given at that precision, never rounded more coarsely than their inputs.
WITH t, header, data, j, [r IN data | toFloat(r[j])] AS values,
     reduce(p = 0, r IN data | CASE WHEN r[j] CONTAINS '.' AND size(split(r[j], '.')[1]) > p
                                    THEN size(split(r[j], '.')[1]) ELSE p END) AS places
WITH t, header[j] AS column, [r IN data | r[0]] AS labels, values, places, [r IN data | r[j]] AS cells,
     reduce(s = 0.0, v IN values | s + v) AS total,
     reduce(m = values[0], v IN values | CASE WHEN v > m THEN v ELSE m END) AS top,
     reduce(m = values[0], v IN values | CASE WHEN v < m THEN v ELSE m END) AS bottom
WITH t, column, labels, values, places, cells, total, top, bottom, total / size(values) AS mean,
     [i IN range(0, size(values) - 1) WHERE values[i] = top] AS tops,
     [i IN range(0, size(values) - 1) WHERE values[i] = bottom] AS bottoms
// One largest and one smallest row, so that "the largest" names one row. Values of one
// kind: no exponent notation and no three orders of magnitude between them (a batch size
// beside learning rates is no column to add up or average).
WHERE size(tops) = 1 AND size(bottoms) = 1 AND top > bottom
  AND none(c IN cells WHERE c =~ '.*[0-9][eE][-+]?[0-9].*')
  AND (bottom <= 0 OR top < 1000 * bottom)
// Above or below the average by more than half a unit of the column's last decimal: a
// value that equals the average at the precision it is written with is on neither side.
WITH t, column, labels, values, places, cells, total, top, bottom, mean, tops[0] AS hi, bottoms[0] AS lo,
     0.5 * 10.0 ^ (-places) AS half
WITH t, column, labels, values, places, cells, total, top, bottom, hi, lo,
     [i IN range(0, size(values) - 1) WHERE values[i] > mean + half] AS above,
     [i IN range(0, size(values) - 1) WHERE values[i] < mean - half] AS below,
     [i IN range(0, size(values) - 1) WHERE abs(values[i] - mean) <= half] AS level
MATCH (d:Document {path: t.file})
WITH t, d, column, labels, values, places, cells, round(total, places) AS total,
     round(top - bottom, places) AS gap, hi, lo, above, below, level,
     CASE WHEN trim(coalesce(t.caption, '')) <> '' THEN trim(t.caption) END AS caption,
     COUNT { MATCH (d)-[:HAS_SECTION|CONTAINS]->+(o:Table) WHERE o.position <= t.position } AS ordinal
RETURN t.id AS anchor,
       d.shown AS document,
       coalesce(caption, 'the table on page ' + toString(t.page),
                'the table under the heading ' + last(t.heading_path),
                'table number ' + toString(ordinal) + ' of the document') AS caption,
       column, size(labels) AS row_count, labels[hi] AS largest_row, labels[lo] AS smallest_row,
       // At the column's precision, with its trailing zeros: "0.300", not "0.3".
       CASE WHEN places = 0 THEN toString(toInteger(total))
            ELSE toString(total) + substring('0000000000', 0, places - size(coalesce(split(toString(total), '.')[1], '')))
       END AS total,
       CASE WHEN places = 0 THEN toString(toInteger(gap))
            ELSE toString(gap) + substring('0000000000', 0, places - size(coalesce(split(toString(gap), '.')[1], '')))
       END AS gap,
       cells AS inputs,
       // The single row on the far side of the average, when one row stands out and no row
       // sits on the average itself.
       CASE WHEN size(level) > 0 THEN null WHEN size(above) = 1 THEN 'above' WHEN size(below) = 1 THEN 'below' END AS side,
       CASE WHEN size(level) > 0 THEN null WHEN size(above) = 1 THEN labels[above[0]] WHEN size(below) = 1 THEN labels[below[0]] END AS outlier,
       t.page AS page, d.id AS document_id,
       [{label: 'Table', id: t.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
