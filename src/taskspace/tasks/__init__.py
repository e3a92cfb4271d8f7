"""The task contract every generator, agent and scorer shares: the model, its stores, ids."""
