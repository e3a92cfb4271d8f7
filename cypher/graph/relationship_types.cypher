// Every relationship type in the database.
CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType AS type ORDER BY type
