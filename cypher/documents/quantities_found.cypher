// Marks documents' paragraph quantities found under this version of the rules.
// Params: $documents = Document ids, $version = quantities.RULES_VERSION.
UNWIND $documents AS document
MATCH (d:Document {id: document})
SET d.quantities_version = $version
