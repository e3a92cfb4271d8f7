// Take back the :Source of a load that wrote nothing (an input that failed before its first
// record). Only the Source node goes: the caller knows that no node carries its id.
// Params: $id (Source id)
MATCH (s:Source {id: $id})
DETACH DELETE s
