// Documents whose paragraphs' quantities were found under an older version of the rules,
// or never (loaded before the rules existed): what `kg init` finds them again for.
// Params: $version = taskspace.sources.documents.quantities.RULES_VERSION.
MATCH (d:Document)
WHERE coalesce(d.quantities_version, 0) < $version
RETURN d.id AS id
ORDER BY id
