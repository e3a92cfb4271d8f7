"""One app's page graph as the GUI sampler reads it: screens, transitions, episode walks.

Three named reads per app (``cypher/gui_tasks/``); a sampling run reads each app once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from taskspace.generators.gui.screens import ScreenIndex, screen_view
from taskspace.generators.gui.walks import Hop, Walks
from taskspace.graph.connection import Graph
from taskspace.sources.episodes.model import Platform


@dataclass(frozen=True)
class AppSpace:
    app: str
    platform: Platform
    screens: ScreenIndex
    walks: Walks


def read_space(graph: Graph, app: str, platform: str) -> AppSpace:
    kind = cast(Platform, platform)
    rows = graph.read("gui_tasks/app_screens", app=app, platform=platform)
    screens = ScreenIndex(screen_view(row, app, kind) for row in rows)
    hops = [
        Hop(
            key=row["key"],
            start=row["start"],
            end=row["end"],
            actions=tuple(row["actions"] or ()),
            kinds=tuple(row["kinds"] or ()),
            tasks=tuple(row["tasks"] or ()),
        )
        for row in graph.read("gui_tasks/app_transitions", app=app, platform=platform)
    ]
    walks = [row["walk"] for row in graph.read("gui_tasks/app_walks", app=app, platform=platform)]
    return AppSpace(app, kind, screens, Walks(hops, walks))
