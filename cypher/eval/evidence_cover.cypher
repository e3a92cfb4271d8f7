// Which grounding nodes a cited chunk stands for: the elements it holds, the entities it
// mentions and its document. Citation scores credit a chunk for those (agents cite chunks,
// tasks are grounded in elements, entities and documents).
MATCH (c:Chunk)-[:HAS_ELEMENT]->(g:DocElement) WHERE g.id IN $grounding
RETURN c.id AS node, collect(DISTINCT g.id) AS covers
UNION
MATCH (c:Chunk)-[:MENTIONS]->(g:Entity) WHERE g.id IN $grounding
RETURN c.id AS node, collect(DISTINCT g.id) AS covers
UNION
MATCH (c:Chunk)-[:FROM_DOCUMENT]->(g:Document) WHERE g.id IN $grounding
RETURN c.id AS node, collect(DISTINCT g.id) AS covers
