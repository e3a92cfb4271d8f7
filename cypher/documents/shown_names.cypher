// The name a task calls each document by (`shown`): its title, or its file name when it has
// no title or another document has the same title; none when the file name is shared too
// (`shown_ambiguous`), so that no task names a document a reader could take for another.
// Run over all documents after each load, since a new document can make an older one's
// title ambiguous; a document whose name stays the same is not written again.
MATCH (d:Document)
WITH d, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS title
WITH title, collect(d) AS titled
UNWIND titled AS d
WITH d, CASE WHEN size(titled) = 1 THEN title ELSE d.name END AS candidate
WITH candidate, collect(d) AS named
UNWIND named AS d
WITH d, CASE WHEN size(named) = 1 THEN candidate END AS shown
WITH d, shown
WHERE coalesce(d.shown, '') <> coalesce(shown, '')
   OR coalesce(d.shown_ambiguous, false) <> (shown IS NULL)
SET d.shown = shown, d.shown_ambiguous = CASE WHEN shown IS NULL THEN true END
