"""GUI environments: an episode's screens as an agent sees them, the actions it may take, a live
Android device."""

__all__ = ["actions", "android", "store", "transfer", "view"]
