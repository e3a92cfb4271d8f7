// Marks a document's paragraph quantities found under this version of the rules.
// Params: $document = Document id, $version = quantities.RULES_VERSION.
MATCH (d:Document {id: $document})
SET d.quantities_version = $version
