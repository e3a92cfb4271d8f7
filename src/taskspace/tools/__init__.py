"""Tools agents call on the live graph: graph lookups and the Wikidata apps."""
