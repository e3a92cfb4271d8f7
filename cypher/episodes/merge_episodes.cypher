// Episodes with their steps, each step placed on the screen it was taken on (ON_SCREEN)
// and the one it led to (LEADS_TO; the same screen for an in-page action). Steps the
// episode no longer has, and placements that moved, are removed first.
// Params: $rows = [{id, props, step_ids, steps: [{id, props, on_screen, leads_to}]}]
UNWIND $rows AS ep
MERGE (e:Episode {id: ep.id})
SET e += ep.props
WITH e, ep
CALL (e, ep) {
  MATCH (e)-[:HAS_STEP]->(old:Step)
  WHERE NOT old.id IN ep.step_ids
  DETACH DELETE old
}
CALL (e, ep) {
  UNWIND ep.steps AS row
  MERGE (st:Step {id: row.id})
  SET st += row.props
  MERGE (e)-[:HAS_STEP]->(st)
  WITH st, row
  MATCH (on:Screen {id: row.on_screen})
  MATCH (to:Screen {id: row.leads_to})
  CALL (st, on, to) {
    MATCH (st)-[old:ON_SCREEN|LEADS_TO]->(x:Screen)
    WHERE (type(old) = 'ON_SCREEN' AND x <> on) OR (type(old) = 'LEADS_TO' AND x <> to)
    DELETE old
  }
  MERGE (st)-[:ON_SCREEN]->(on)
  MERGE (st)-[:LEADS_TO]->(to)
}
