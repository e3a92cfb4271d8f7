"""Replay of sampled web tasks in headless Chromium: steps performed, success checked.

``replay_tasks`` opens each task's start page on the site as it is served now (crawled
origins mapped to current ones), performs every step on the element its selector names,
checks each step's own criteria right after it (a chain's search, filter, submit) and
then every success criterion on the final page, reporting the first thing that went wrong.
"""

from taskspace.environments.replay.replay import replay_tasks
from taskspace.environments.replay.report import ReplayReport, TaskOutcome
from taskspace.sources.web.errors import ReplayError
from taskspace.sources.web.origins import OriginMap

__all__ = ["OriginMap", "ReplayError", "ReplayReport", "TaskOutcome", "replay_tasks"]
