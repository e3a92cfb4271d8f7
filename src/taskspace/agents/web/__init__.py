"""Web agents that act in a real browser (``taskspace.environments.browser``): one shared loop,
a policy per agent kind (heuristic, som, reflective, memory, guided)."""
