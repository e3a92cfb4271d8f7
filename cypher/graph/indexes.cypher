// Indexes with their state, for `kg stats` and `kg init`.
SHOW INDEXES YIELD name, type, entityType, labelsOrTypes, properties, state, populationPercent
RETURN name, type, entityType, labelsOrTypes, properties, state, populationPercent
ORDER BY name
