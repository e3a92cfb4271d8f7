"""Step-level evaluation of GUI agents on Android episodes: AITW / GUI Odyssey action
matching, the episode views agents see, and the live uiautomator2 environment."""
