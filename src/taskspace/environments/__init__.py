"""What agents act in: a live browser, a replayed site, a GUI screen, a step-by-step web page."""

__all__ = ["browser", "errors", "gui", "replay", "web_steps"]
