// LINKS_TO from every document to the documents its `related` keys name (front-matter
// 'requires', links to local files): a key matches a document's file name exactly, or its
// start followed by '_', '-', '.' or ' ' ('eip-2718' names 'eip-2718_typed_tx_envelope').
// Run over all documents after each load, so the order in which files arrive does not matter.
MATCH (d:Document)
WHERE size(coalesce(d.related, [])) > 0
UNWIND d.related AS key
MATCH (target:Document)
WHERE target <> d
  AND (toLower(target.name) = key
    OR any(sep IN ['_', '-', '.', ' '] WHERE toLower(target.name) STARTS WITH key + sep))
MERGE (d)-[:LINKS_TO]->(target)
