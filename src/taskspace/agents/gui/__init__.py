"""GUI step agents: at each step of an episode they see one screen and predict an action in
the common action space (``taskspace.guieval``)."""

__all__ = ["jarvis", "llm", "pg_agent", "replay", "steps", "topology"]
