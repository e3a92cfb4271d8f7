"""GUI step agents: at each step of an episode they see one screen and predict an action in
the common action space (``taskspace.guieval``)."""
