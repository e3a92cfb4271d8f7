// The grounding nodes of one label, for the review page: every property but vectors.
// Slots: {{label}} (validated). Params: $ids = [node id]
MATCH (n:{{label}})
WHERE n.id IN $ids
RETURN n.id AS id, labels(n) AS labels,
       n {.*, embedding: null, aliases_text: null, labels_all: null, descriptions_all: null,
          aliases_all: null, layout: null, image_hash: null} AS props
