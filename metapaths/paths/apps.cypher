// Causal paths: the app information spaces the walker may move through (loaded from
// loaders/apps by `kg load wikidata --apps`): each app's entity types with their root
// classes, visible attributes and navigable actions, as JSON.
MATCH (a:App)
RETURN a.name AS name, coalesce(a.title, a.name) AS title, coalesce(a.domain, '') AS domain,
       a.entity_types_json AS entity_types
ORDER BY name
