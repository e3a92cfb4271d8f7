// Causal paths: one atomic step, the query every answer is proven and re-derived with.
// The items reached from $from along {{rel}} (against its direction when $reverse) that
// meet every constraint: 'year' (a date property's year), 'value' (a literal, as text) or
// 'link' (an edge typed c.pid to the item c.value). The step is deterministic when this
// returns exactly one row.
// Slot: {{rel}} property id. Params: $from, $reverse, $constraints = [{kind, pid, value}]
MATCH (a:Item {id: $from})-[r:{{rel}}]-(b:Item)
WHERE (startNode(r) = a) <> $reverse AND b <> a
  AND all(c IN $constraints WHERE
    CASE c.kind
      WHEN 'link' THEN EXISTS {
        MATCH (b)-[l]->(:Item {id: c.value}) WHERE type(l) = c.pid
      }
      WHEN 'year' THEN any(v IN CASE WHEN b[c.pid] IS :: LIST<ANY> THEN b[c.pid]
                                     ELSE [b[c.pid]] END
                           WHERE left(toString(v), 4) = c.value)
      ELSE any(v IN CASE WHEN b[c.pid] IS :: LIST<ANY> THEN b[c.pid] ELSE [b[c.pid]] END
               WHERE toString(v) = c.value)
    END)
RETURN DISTINCT b.id AS id, b.label AS label
ORDER BY id
