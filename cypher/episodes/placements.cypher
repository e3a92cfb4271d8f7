// Where earlier loads placed these steps: the screen each was on and the one it led to,
// with digests of what it saw before and after (a reload that sees the same keeps them).
// Params: $steps = [Step id]
UNWIND $steps AS id
MATCH (st:Step {id: id})
OPTIONAL MATCH (st)-[:ON_SCREEN]->(on:Screen)
OPTIONAL MATCH (st)-[:LEADS_TO]->(to:Screen)
RETURN st.id AS id, st.observed AS observed, st.observed_after AS observed_after,
       on.id AS on, to.id AS to
