// comparison: the first quantity each of two sibling sections states in its text (a
// number in digits or words, e.g. "eleven container vessels", "4 days"), compared when
// both count the same thing and every number of it one section states is above every
// number of it the other states.
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
CALL () {
  MATCH (a:Section) WHERE a.id IN $anchors RETURN a
  UNION ALL
  MATCH (first:Section) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (a:Section) WHERE a.id >= from
    WITH a ORDER BY a.id LIMIT $scan
    RETURN collect(a) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (a:Section) WHERE a.id < until
    WITH a ORDER BY a.id LIMIT $scan
    RETURN collect(a) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS a
  RETURN a
}
// The pair: an anchor and one of the next five sibling sections (a section far down the
// list is not what "sibling" suggests to a reader, and reading every sibling of every
// anchor's parent grew with how spread the anchors are: on a large graph each has its
// own parent). Each sibling's first quantity is read once per parent, however many
// pairs it is in.
MATCH (parent)-[:HAS_SECTION|CONTAINS]->(a)
WHERE NOT toLower(a.text) CONTAINS 'references'
WITH parent, collect(a) AS anchors
CALL (parent, anchors) {
  MATCH (parent)-[:HAS_SECTION|CONTAINS]->(s:Section)
  WHERE NOT toLower(s.text) CONTAINS 'references'
  WITH s ORDER BY s.position
  WITH collect(s) AS siblings
  UNWIND range(0, size(siblings) - 1) AS rank
  WITH siblings[rank] AS s, rank, siblings
  WHERE any(back IN range(0, 5) WHERE rank >= back AND siblings[rank - back] IN anchors)
  // A section's quantities: each number its paragraphs state, with what it counts, as the
  // loader found them (sources/documents/quantities.py: the number as a word of its own,
  // followed by the lower-case noun it counts, count and noun agreeing; numbers that name
  // something, "Table 1", "EIP 2718", left out). The first one leads.
  CALL (s) {
    MATCH (s)-[:CONTAINS]->(p:Paragraph)
    WHERE p.quantity_values IS NOT NULL
    UNWIND range(0, size(p.quantity_values) - 1) AS i
    WITH p, i ORDER BY p.position, i
    RETURN collect({paragraph: p, value: p.quantity_values[i], said: p.quantity_said[i],
                    counted: p.quantity_counted[i], unit: p.quantity_units[i],
                    noun: p.quantity_nouns[i]}) AS found
  }
  // Every quantity the section states of the noun its first one counts: a section that
  // states "2 gas per word" and later "16 gas per byte" has no single number of gas.
  WITH s, rank, found WHERE size(found) > 0
  WITH s, rank, found[0] AS first, [q IN found WHERE q.noun = found[0].noun | q.value] AS values
  RETURN collect({section: s, rank: rank, paragraph: first.paragraph, value: first.value,
                  said: first.said, counted: first.counted, unit: first.unit, noun: first.noun,
                  low: reduce(m = values[0], v IN values | CASE WHEN v < m THEN v ELSE m END),
                  high: reduce(m = values[0], v IN values | CASE WHEN v > m THEN v ELSE m END)}) AS quantities
}
UNWIND anchors AS a
WITH a, quantities, [x IN quantities WHERE x.section = a] AS mine
WHERE size(mine) = 1
// The nearest of the next five siblings that counts the same thing, every number of it
// on one side of every number of it the anchor states: then "which states the larger
// number" has one answer however the reader takes the sections' other mentions.
UNWIND [x IN quantities WHERE mine[0].rank < x.rank <= mine[0].rank + 5
          AND trim(x.section.text) <> trim(a.text) AND x.noun = mine[0].noun
          AND (x.low > mine[0].high OR x.high < mine[0].low)] AS other
WITH a, mine[0] AS own, other ORDER BY other.section.position
WITH a, own, head(collect(other)) AS other
WITH a, other.section AS b, [own, other] AS pair
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE a.unique_title AND b.unique_title
MATCH (d:Document {path: a.file})
RETURN a.id AS anchor, d.shown AS document,
       trim(a.text) AS first, trim(b.text) AS second,
       pair[0].counted AS first_counted, pair[1].counted AS second_counted,
       pair[0].said AS first_said, pair[1].said AS second_said,
       // Gas, ether or percent is an amount, not a number of something.
       CASE WHEN pair[0].unit THEN 'amount' ELSE 'number' END AS measure,
       CASE WHEN pair[0].value > pair[1].value THEN trim(a.text) ELSE trim(b.text) END AS larger,
       a.page AS page, d.id AS document_id,
       [{label: 'Section', id: a.id}, {label: 'Section', id: b.id},
        {label: 'Paragraph', id: pair[0].paragraph.id}, {label: 'Paragraph', id: pair[1].paragraph.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
