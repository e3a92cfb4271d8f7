"""GUI agents. Step agents: at each step of an episode they see one screen and predict an
action in the common action space (``taskspace.guieval``); ``route``: a whole GUI
navigation task (``kg sample gui``) answered with a route over the page graph."""

__all__ = ["jarvis", "llm", "pg_agent", "replay", "route", "steps", "topology"]
