// The smallest managed read: what one Bolt round trip (BEGIN, RUN, PULL, COMMIT) costs on
// its own, beside the retrieval query that pays it too.
// Params: $value (returned as it came)
RETURN $value AS value
