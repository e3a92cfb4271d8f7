// comparison: the first quantity each of two sibling sections states in its text (a
// number in digits or words, e.g. "eleven container vessels", "4 days"), compared when
// both count the same thing and every number of it one section states is above every
// number of it the other states.
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
CALL () {
  MATCH (a:Section) WHERE a.id IN $anchors RETURN a
  UNION ALL
  MATCH (first:Section) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (a:Section) WHERE a.id >= from
    WITH a ORDER BY a.id LIMIT $scan
    RETURN collect(a) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (a:Section) WHERE a.id < until
    WITH a ORDER BY a.id LIMIT $scan
    RETURN collect(a) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS a
  RETURN a
}
// The pair: an anchor and one of the next five sibling sections (a section far down the
// list is not what "sibling" suggests to a reader, and reading every sibling of every
// anchor's parent grew with how spread the anchors are: on a large graph each has its
// own parent). Each sibling's first quantity is read once per parent, however many
// pairs it is in.
MATCH (parent)-[:HAS_SECTION|CONTAINS]->(a)
WHERE NOT toLower(a.text) CONTAINS 'references'
WITH parent, collect(a) AS anchors
CALL (parent, anchors) {
  MATCH (parent)-[:HAS_SECTION|CONTAINS]->(s:Section)
  WHERE NOT toLower(s.text) CONTAINS 'references'
  WITH s ORDER BY s.position
  WITH collect(s) AS siblings
  UNWIND range(0, size(siblings) - 1) AS rank
  WITH siblings[rank] AS s, rank, siblings
  WHERE any(back IN range(0, 5) WHERE rank >= back AND siblings[rank - back] IN anchors)
  // A section's quantities: each number its paragraphs state, with what it counts (the
  // next word, and the one after unless it is a function word); the first one leads.
  // Numbers that name something ("Table 1", "section 3", "EIP 2718") are not quantities.
  CALL (s) {
    MATCH (s)-[:CONTAINS]->(p:Paragraph)
    // Only a paragraph with a number (digits or a number word) standing as a word of its
    // own after another word, followed (after hundred, thousand or million, if there) by a
    // lower-case word, can state a quantity: one regex on its text, a looser form of the
    // word-by-word rules below, spares splitting the others.
    WHERE p.text =~ '(?s).*[ \n("]([0-9]+(\\.[0-9]+)?|(?i:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety))[ \n("]+((?i:hundred|thousand|million)[.,;:)]?[ \n("]+)?[a-z][a-z-]+[.,;:)]?([ \n("].*)?'
    // Every quantity of every such paragraph, in the order of the text.
    WITH p ORDER BY p.position
    CALL (p) {
      WITH p, [w IN split(replace(replace(replace(p.text, '\n', ' '), '(', ' '), '"', ' '), ' ') WHERE w <> ''] AS words
      WITH p, words, [w IN words | toLower(CASE WHEN w =~ '.*[.,;:)]' THEN left(w, size(w) - 1) ELSE w END)] AS clean
      UNWIND range(1, size(words) - 2) AS i
      // Words that never name what a number counts: function words, and after them the
      // auxiliaries and the like that may follow the counted noun.
      WITH p, words, clean, i,
           ['in', 'of', 'to', 'for', 'by', 'at', 'on', 'and', 'or', 'the', 'a', 'an', 'with', 'from', 'between', 'during', 'per', 'before', 'after', 'every', 'is', 'are', 'was', 'were', 'that', 'which', 'as', 'than'] AS function_words,
           {two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
            eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16,
            seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40,
            fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90} AS named
      WHERE (clean[i] =~ '[0-9]+(\\.[0-9]+)?' OR named[clean[i]] IS NOT NULL)
        AND NOT words[i] =~ '.*[.,;:)]'
        // After a capitalised word a number is part of a name ("OAuth 2.0", "EIP 2718").
        AND (NOT words[i - 1] =~ '[A-Z].*' OR words[i - 1] =~ '.*[.:;]')
        AND NOT clean[i - 1] IN ['table', 'figure', 'fig', 'fig.', 'section', 'sections', 'eip', 'rfc', 'version', 'step', 'page', 'chapter', 'type', 'appendix', 'equation', 'eq.', 'layer', 'level', 'phase', 'tier', 'stage', 'part', 'round', 'item', 'rule', 'article', 'clause', 'option', 'case', 'number', 'no.', 'block', 'epoch', 'slot', 'line', 'grade', 'class', 'category', 'model', 'release', 'volume', 'issue']
      WITH p, words, clean, i, function_words,
           coalesce(toFloat(clean[i]), toFloat(named[clean[i]])) AS base,
           CASE clean[i + 1] WHEN 'hundred' THEN 100.0 WHEN 'thousand' THEN 1000.0 WHEN 'million' THEN 1000000.0 ELSE 1.0 END AS times
      WITH p, words, clean, i, function_words, base * times AS value, CASE WHEN times > 1.0 THEN i + 1 ELSE i END AS last
      // What is counted is written in lower case ("201 Created" and "2014 IETF Trust" are a
      // status code and a year, not quantities) and is not a function word.
      WHERE last + 1 < size(words) AND words[last + 1] =~ '[a-z][a-z-]+[.,;:)]?'
        AND NOT clean[last + 1] IN function_words
      WITH p, i, value, reduce(s = '', w IN words[i..last + 1] | s + CASE WHEN s = '' THEN '' ELSE ' ' END + w) AS said,
           clean[last + 1] + CASE
             WHEN last + 2 < size(words) AND NOT words[last + 1] =~ '.*[.,;:)]' AND clean[last + 2] =~ '[a-z][a-z-]+'
                  AND NOT clean[last + 2] IN function_words + ['would', 'will', 'can', 'could', 'should', 'must', 'may', 'might', 'shall', 'have', 'has', 'had', 'be', 'been', 'do', 'does', 'did', 'not', 'also', 'each']
             THEN ' ' + clean[last + 2] ELSE '' END AS counted
      // A count agrees with what it counts: one of a singular noun, more of a plural one or a
      // unit. "a new 2718 transaction type" names a type, "layer 1 multi-sig transactions" a
      // layer: neither is a quantity.
      WITH p, i, value, said, counted, split(counted, ' ') AS nouns,
           ['percent', 'per', 'kg', 'km', 'cm', 'mm', 'kb', 'mb', 'gb', 'tb', 'gwei', 'wei', 'eth', 'ether', 'gas', 'usd', 'eur', 'hz', 'khz', 'mhz', 'ghz', 'bit', 'byte'] AS units
      WITH p, i, value, said, counted, nouns, units,
           [n IN nouns WHERE (n ENDS WITH 's' AND NOT n ENDS WITH 'ss') OR n IN units] AS plural
      WHERE CASE WHEN value = 1.0
        THEN none(n IN nouns WHERE n ENDS WITH 's' AND NOT n ENDS WITH 'ss')
        ELSE size(plural) > 0
      END
      // The noun the number counts, in the singular: the word that agrees with it (the
      // first plural or unit after a number other than one, the last word after one).
      // "eleven container vessels" and "three vessels" count vessels; "four days" counts
      // days, and comparing it with vessels would ask which of two unlike things is more.
      WITH i, value, said, counted, units,
           CASE WHEN value = 1.0 THEN last(nouns) ELSE plural[0] END AS noun
      RETURN i, value, said, counted, noun IN units AS unit,
             CASE WHEN noun IN units THEN noun
                  WHEN noun ENDS WITH 'ies' AND size(noun) > 4 THEN left(noun, size(noun) - 3) + 'y'
                  WHEN noun ENDS WITH 's' AND NOT noun ENDS WITH 'ss' THEN left(noun, size(noun) - 1)
                  ELSE noun END AS noun
    }
    WITH p, i, value, said, counted, unit, noun ORDER BY p.position, i
    RETURN collect({paragraph: p, value: value, said: said, counted: counted, unit: unit, noun: noun}) AS found
  }
  // Every quantity the section states of the noun its first one counts: a section that
  // states "2 gas per word" and later "16 gas per byte" has no single number of gas.
  WITH s, rank, found WHERE size(found) > 0
  WITH s, rank, found[0] AS first, [q IN found WHERE q.noun = found[0].noun | q.value] AS values
  RETURN collect({section: s, rank: rank, paragraph: first.paragraph, value: first.value,
                  said: first.said, counted: first.counted, unit: first.unit, noun: first.noun,
                  low: reduce(m = values[0], v IN values | CASE WHEN v < m THEN v ELSE m END),
                  high: reduce(m = values[0], v IN values | CASE WHEN v > m THEN v ELSE m END)}) AS quantities
}
UNWIND anchors AS a
WITH a, quantities, [x IN quantities WHERE x.section = a] AS mine
WHERE size(mine) = 1
// The nearest of the next five siblings that counts the same thing, every number of it
// on one side of every number of it the anchor states: then "which states the larger
// number" has one answer however the reader takes the sections' other mentions.
UNWIND [x IN quantities WHERE mine[0].rank < x.rank <= mine[0].rank + 5
          AND trim(x.section.text) <> trim(a.text) AND x.noun = mine[0].noun
          AND (x.low > mine[0].high OR x.high < mine[0].low)] AS other
WITH a, mine[0] AS own, other ORDER BY other.section.position
WITH a, own, head(collect(other)) AS other
WITH a, other.section AS b, [own, other] AS pair
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE a.unique_title AND b.unique_title
MATCH (d:Document {path: a.file})
RETURN a.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document,
       trim(a.text) AS first, trim(b.text) AS second,
       pair[0].counted AS first_counted, pair[1].counted AS second_counted,
       pair[0].said AS first_said, pair[1].said AS second_said,
       // Gas, ether or percent is an amount, not a number of something.
       CASE WHEN pair[0].unit THEN 'amount' ELSE 'number' END AS measure,
       CASE WHEN pair[0].value > pair[1].value THEN trim(a.text) ELSE trim(b.text) END AS larger,
       a.page AS page, d.id AS document_id,
       [{label: 'Section', id: a.id}, {label: 'Section', id: b.id},
        {label: 'Paragraph', id: pair[0].paragraph.id}, {label: 'Paragraph', id: pair[1].paragraph.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
