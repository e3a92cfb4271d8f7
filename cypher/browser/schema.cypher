// The graph's schema as Neo4j Browser draws it: every label, and every relationship type
// between them, as one picture (the Browser guide's first query).
CALL db.schema.visualization()
