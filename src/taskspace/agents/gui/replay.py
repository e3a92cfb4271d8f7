"""``replay-nearest``: the offline baseline. At each step it embeds the shown screen's
offline summary, finds the most similar known screen of another episode in the page graph
(``cypher/gui_steps/nearest_steps``) and replays the action taken there, carried over to
the shown screen (``taskspace.environments.gui.transfer``). Screens of the evaluated episode are
never neighbours, so it cannot replay its own gold."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from inspect_ai.solver import Solver

from taskspace.agents.gui.steps import Predict, gui_solver
from taskspace.agents.spec import AgentSpec
from taskspace.agents.trace import looked_at
from taskspace.environments.gui.store import EpisodeStore
from taskspace.environments.gui.transfer import transfer
from taskspace.environments.gui.view import GuiView
from taskspace.graph.connection import Graph
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.model import Action
from taskspace.sources.episodes.pagegraph.features import features
from taskspace.sources.episodes.pagegraph.jump import Seen
from taskspace.sources.episodes.pagegraph.summary import offline_summary

Embedder = Callable[[Sequence[str]], list[list[float]]]
CANDIDATES = 50


def screen_text(view: GuiView) -> str:
    """The shown screen's summary, as the page graph summarised the screens it holds."""
    seen = Seen(view.observation, features(view.observation, "android", view.app))
    return offline_summary(seen)


class ReplayNearest:
    def __init__(
        self, graph: Graph, k: int, embedder: Embedder | None = None, name: str = "replay-nearest"
    ) -> None:
        self.graph = graph
        self.k = k
        self.name = name
        self.store = EpisodeStore()
        self._embedder = embedder

    def _embed(self, text: str) -> list[float]:
        if self._embedder is None:
            from taskspace.models.embeddings import embed

            self._embedder = embed
        return self._embedder([text])[0]

    def neighbours(self, view: GuiView) -> list[dict[str, object]]:
        return self.graph.read(
            "gui_steps/nearest_steps",
            vector=self._embed(screen_text(view)),
            candidates=max(CANDIDATES, self.k * 5),
            episode=view.episode,
            limit=self.k,
        )

    async def predict(self, view: GuiView) -> Action | None:
        """The action replayed from the nearest usable neighbour; the transcript gets the
        neighbours (screen id, similarity, episode and step) and which one was replayed."""
        rows = self.neighbours(view)
        for row in rows:
            try:
                episode = self.store.get(str(row["file"]), str(row["key"]))
            except EpisodeError:
                continue  # its file is gone: try the next neighbour
            index = int(str(row["index"]))
            if index < len(episode.steps):
                step = episode.steps[index]
                action = transfer(step.action, step.observation, view.observation)
                self._trace(view, rows, row, action)
                return action
        self._trace(view, rows, None, None)
        return None

    def _trace(
        self,
        view: GuiView,
        rows: list[dict[str, object]],
        used: dict[str, object] | None,
        action: Action | None,
    ) -> None:
        looked_at(
            self.name,
            "neighbours",
            step=view.index,
            screens=[
                {
                    "screen": str(row["screen"]),
                    "similarity": float(str(row["score"])),
                    "episode": str(row["key"]),
                    "step": int(str(row["index"])),
                }
                for row in rows
            ],
            replayed=None if used is None else str(used["screen"]),
            action=action.summary() if action else None,
        )


def build(spec: AgentSpec, graph: Graph) -> Solver:
    memory = ReplayNearest(graph, spec.k, name=spec.name)

    def fresh() -> Predict:
        return memory.predict

    return gui_solver(spec.name, fresh)
