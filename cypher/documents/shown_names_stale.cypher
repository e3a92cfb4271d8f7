// Documents that have no shown name yet (loaded before it existed): every document task
// reads `shown`, so none asks about them until `kg init` derives it.
MATCH (d:Document)
WHERE d.shown IS NULL AND d.shown_ambiguous IS NULL
RETURN d.id AS id
ORDER BY id
