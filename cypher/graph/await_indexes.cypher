// Block until every index is ONLINE or the timeout (seconds) passes.
CALL db.awaitIndexes($timeout)
