// Every loaded document's sampled shingles, to tell a copy or a fragment of one of them
// (taskspace.sources.documents.duplicates). Documents loaded before samples were kept have none;
// those loaded before keys were kept are known by their path.
MATCH (d:Document)
WHERE d.text_sample IS NOT NULL
RETURN coalesce(d.key, d.path) AS key, d.path AS path, d.text_sample AS sample
