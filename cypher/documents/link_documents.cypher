// LINKS_TO from every document to the documents its `related` keys name (front-matter
// 'requires', links to local files): a key matches a document's file name exactly, or its
// start followed by '_', '-', '.' or ' ' ('eip-2718' names 'eip-2718_typed_tx_envelope').
// Run over all documents after each load, so the order in which files arrive does not
// matter; a link its document no longer names (an edited file) goes.
MATCH (d:Document)
CALL (d) {
  MATCH (d)-[r:LINKS_TO]->(target:Document)
  WHERE NOT any(key IN coalesce(d.related, [])
                WHERE toLower(target.name) = key
                  OR any(sep IN ['_', '-', '.', ' '] WHERE toLower(target.name) STARTS WITH key + sep))
  DELETE r
}
WITH d WHERE size(coalesce(d.related, [])) > 0
UNWIND d.related AS key
MATCH (target:Document)
WHERE target <> d
  AND (toLower(target.name) = key
    OR any(sep IN ['_', '-', '.', ' '] WHERE toLower(target.name) STARTS WITH key + sep))
MERGE (d)-[:LINKS_TO]->(target)
