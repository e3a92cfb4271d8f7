// Causal paths: every step of a batch of candidate tasks counted in one query (the lint
// `not_unique`). For each step {key, from, rel, reverse, constraints}: the items reached
// that surely meet every constraint (`matching`, with their ids and labels) and those
// that might (`possible`: a constraint on a property the item has no value for neither
// keeps nor excludes it). A step is unique when both are exactly its one target.
// Params: $steps
UNWIND $steps AS s
CALL (s) {
  MATCH (a:Item {id: s.from})-[r]-(b:Item)
  WHERE type(r) = s.rel AND (startNode(r) = a) <> s.reverse AND b <> a
  WITH DISTINCT b
  WITH b, [c IN s.constraints |
    CASE c.kind
      WHEN 'link' THEN
        CASE
          WHEN EXISTS { MATCH (b)-[l]->(:Item {id: c.value}) WHERE type(l) = c.pid } THEN true
          WHEN EXISTS { MATCH (b)-[l]->(:Item) WHERE type(l) = c.pid } THEN false
        END
      WHEN 'year' THEN
        CASE WHEN b[c.pid] IS NOT NULL THEN
          any(v IN CASE WHEN b[c.pid] IS :: LIST<ANY> THEN b[c.pid] ELSE [b[c.pid]] END
              WHERE left(toString(v), 4) = c.value)
        END
      ELSE
        CASE WHEN b[c.pid] IS NOT NULL THEN
          any(v IN CASE WHEN b[c.pid] IS :: LIST<ANY> THEN b[c.pid] ELSE [b[c.pid]] END
              WHERE toString(v) = c.value)
        END
    END] AS verdicts
  WITH b, all(v IN verdicts WHERE coalesce(v, false)) AS surely,
       none(v IN verdicts WHERE NOT coalesce(v, true)) AS maybe
  RETURN count(CASE WHEN maybe THEN 1 END) AS possible,
         collect(CASE WHEN surely THEN {id: b.id, label: b.label} END) AS matching
}
RETURN s.key AS key, possible, matching
