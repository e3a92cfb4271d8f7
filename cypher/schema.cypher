// The graph contract as schema. Applied by `kg init`; every statement is idempotent.
// One uniqueness constraint on `id` per family label; MERGE relies on them.

// Provenance
CREATE CONSTRAINT source_id IF NOT EXISTS FOR (n:Source) REQUIRE n.id IS UNIQUE;

// Documents
CREATE CONSTRAINT document_id IF NOT EXISTS FOR (n:Document) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT doc_element_id IF NOT EXISTS FOR (n:DocElement) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT section_id IF NOT EXISTS FOR (n:Section) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT paragraph_id IF NOT EXISTS FOR (n:Paragraph) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT table_id IF NOT EXISTS FOR (n:Table) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT figure_id IF NOT EXISTS FOR (n:Figure) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT list_item_id IF NOT EXISTS FOR (n:ListItem) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT code_id IF NOT EXISTS FOR (n:Code) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT chunk_id IF NOT EXISTS FOR (n:Chunk) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (n:Entity) REQUIRE n.id IS UNIQUE;

// Web
CREATE CONSTRAINT website_id IF NOT EXISTS FOR (n:WebSite) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT webpage_id IF NOT EXISTS FOR (n:WebPage) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT webelement_id IF NOT EXISTS FOR (n:WebElement) REQUIRE n.id IS UNIQUE;

// Wikidata and app information spaces
CREATE CONSTRAINT item_id IF NOT EXISTS FOR (n:Item) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT property_id IF NOT EXISTS FOR (n:Property) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT statement_id IF NOT EXISTS FOR (n:Statement) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT app_id IF NOT EXISTS FOR (n:App) REQUIRE n.id IS UNIQUE;

// Episodes and the page graph
CREATE CONSTRAINT episode_id IF NOT EXISTS FOR (n:Episode) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT step_id IF NOT EXISTS FOR (n:Step) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT screen_id IF NOT EXISTS FOR (n:Screen) REQUIRE n.id IS UNIQUE;

// Tasks and runs
CREATE CONSTRAINT task_id IF NOT EXISTS FOR (n:Task) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT run_id IF NOT EXISTS FOR (n:Run) REQUIRE n.id IS UNIQUE;

// Lookups by natural keys
CREATE INDEX item_qid IF NOT EXISTS FOR (n:Item) ON (n.qid);
CREATE INDEX property_pid IF NOT EXISTS FOR (n:Property) ON (n.pid);
CREATE INDEX webpage_url IF NOT EXISTS FOR (n:WebPage) ON (n.url);
CREATE INDEX document_path IF NOT EXISTS FOR (n:Document) ON (n.path);
CREATE INDEX task_kind IF NOT EXISTS FOR (n:Task) ON (n.kind, n.type);
// Web templates read a seeded window of elements of one kind in id order: with the kind
// first, a window of tables or forms seeks those alone instead of reading every element
// from the start id (search 14.6 -> 6.8 ms, filter_list 15.0 -> 7.6 on the bench graph).
CREATE INDEX webelement_kind_id IF NOT EXISTS FOR (n:WebElement) ON (n.kind, n.id);

// Vector indexes: all-MiniLM-L6-v2 embeddings, 384 dimensions, cosine.
CREATE VECTOR INDEX chunk_embedding IF NOT EXISTS FOR (n:Chunk) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX screen_embedding IF NOT EXISTS FOR (n:Screen) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX entity_embedding IF NOT EXISTS FOR (n:Entity) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX task_embedding IF NOT EXISTS FOR (n:Task) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}};

// Full-text indexes: document text, names and labels, web page text.
CREATE FULLTEXT INDEX doc_text IF NOT EXISTS
FOR (n:Chunk|Paragraph|Section|Table|Figure|ListItem|Code) ON EACH [n.text, n.title];
// Chunks alone: the full-text half of hybrid retrieval (taskspace.retrieval), next to
// chunk_embedding.
CREATE FULLTEXT INDEX chunk_text IF NOT EXISTS FOR (n:Chunk) ON EACH [n.text];
CREATE FULLTEXT INDEX entity_names IF NOT EXISTS
FOR (n:Entity|Item|Property|App) ON EACH [n.label, n.name, n.aliases_text, n.description];
CREATE FULLTEXT INDEX web_text IF NOT EXISTS
FOR (n:WebPage|WebElement|Screen) ON EACH [n.title, n.name, n.text, n.summary];
