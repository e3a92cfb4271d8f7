"""Folds episodes into the page graph, as PG-Agent builds it.

Walking an episode, each action is asked whether it jumped to a new page
(:mod:`taskspace.sources.episodes.pagegraph.jump`). Actions that stay on the page are queued; the
action
that leaves it closes the queue, and the whole queue becomes one ``TRANSITION`` from the
page it was performed on to the page it reached. In-page actions left over at the end of an
episode become a transition from the last page to itself ("do these here"). Declaring the
task complete is not an action on the screen and joins no queue.

Each page reached is then checked against the known screens (:mod:`matching`) and merged
into one when it is the same page; otherwise it becomes a new screen named after its first
visit (``stable_id("screen", episode id, observation index)``). A page nobody observed (the
input has no screen for it, or nothing on it to compare) is identified by how it was
reached: the start page of an app or site, or "the page this action on that screen leads
to". A step already in the graph with the same observation keeps the screen it was placed
on, so loading an input again re-decides nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from taskspace.graph.ids import stable_id
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.model import Episode, Observation
from taskspace.sources.episodes.pagegraph.features import ScreenFeatures, features
from taskspace.sources.episodes.pagegraph.jump import Jump, JumpDetector, Seen
from taskspace.sources.episodes.pagegraph.matching import (
    Candidate,
    Screen,
    ScreenMemory,
    best_match,
)
from taskspace.sources.episodes.pagegraph.summary import Summarizer, unobserved_summary
from taskspace.sources.episodes.pagegraph.verdict import Thresholds

Embedder = Callable[[Sequence[str]], list[list[float]]]

NOT_QUEUED = frozenset({"complete"})
"""Action kinds that are not done on the screen and so join no action queue."""


def step_id(episode_id: str, index: int) -> str:
    return stable_id("step", episode_id, index)


def episode_node_id(episode_id: str) -> str:
    return stable_id("episode", episode_id)


@dataclass(frozen=True)
class Known:
    """Where an earlier load put a step: the screen it was on and the one it led to, with
    digests of what it saw before and after."""

    observed: str | None
    on_screen: str | None
    observed_after: str | None
    leads_to: str | None


@dataclass(frozen=True)
class Query:
    """A page to look up in the graph's vector index."""

    ref: int
    app: str | None
    platform: str
    vector: list[float]


class KnownScreens(Protocol):
    """What the builder asks of the graph
    (``taskspace.sources.episodes.pagegraph.graph_screens``)."""

    def placements(self, step_ids: Sequence[str]) -> dict[str, Known]: ...

    def existing(self, screen_ids: Sequence[str]) -> set[str]: ...

    def candidates(
        self, queries: Sequence[Query], n: int, threshold: float
    ) -> dict[int, list[Candidate]]: ...


@dataclass
class Visit:
    """A stay on one page: the observation it began with and the steps taken there."""

    observation: int
    """Index into the episode's observations (``len(steps)`` is the final screen)."""
    seen: Seen | None
    arrived_by: int | None
    """The step whose action led here (None for the first page)."""
    steps: list[int] = field(default_factory=list)
    screen: Screen | None = None
    merged: bool = False
    """True when the page joined a screen that existed before this visit."""
    summary: str = ""
    vector: list[float] | None = None

    @property
    def observed(self) -> bool:
        return self.seen is not None and self.seen.features.has_evidence


@dataclass(frozen=True)
class Placement:
    index: int
    on_screen: str
    leads_to: str
    jump: Jump
    observed: str
    observed_after: str | None


@dataclass(frozen=True)
class Transition:
    start: str
    end: str
    actions: tuple[str, ...]
    kinds: tuple[str, ...]
    task: str
    episode: str

    @property
    def key(self) -> str:
        """One edge per (start, end, action queue): another queue is another guideline."""
        return stable_id("transition", self.start, self.end, *self.actions)


@dataclass
class EpisodeGraph:
    """One episode folded into the page graph."""

    episode: Episode
    visits: list[Visit]
    placements: list[Placement]
    transitions: list[Transition]
    new_screens: list[Screen]


def observation_digest(seen: Seen) -> str:
    """What a step saw, as a short hash: a reload that sees the same keeps its placement."""
    found = seen.features
    parts = (
        found.app, found.platform, found.activity, found.url, found.state_key,
        *sorted(found.layout), found.image, found.text,
    )  # fmt: skip
    return "obs:" + hashlib.sha1("\x1f".join(str(p) for p in parts).encode()).hexdigest()[:20]


@dataclass
class _Draft:
    """An episode cut into visits, before its pages are matched to screens."""

    episode: Episode
    seen: list[Seen]
    jumps: list[Jump]
    visits: list[Visit]
    digests: list[str]

    @property
    def step_ids(self) -> list[str]:
        return [step_id(self.episode.id, step.index) for step in self.episode.steps]

    def reuse(self, placed: dict[str, Known], screens: dict[str, Screen]) -> None:
        """Put visits whose first step an earlier load placed, with the same view, back on
        that screen."""
        ids = self.step_ids
        for visit in self.visits:
            if not visit.observed or visit.seen is None:
                continue
            if visit.observation < len(ids):
                known = placed.get(ids[visit.observation])
                same = known is not None and known.observed == self.digests[visit.observation]
                screen = known.on_screen if known and same else None
            else:
                known = placed.get(ids[-1])
                same = known is not None and known.observed_after == self.digests[-1]
                screen = known.leads_to if known and same else None
            if screen is not None:
                visit.screen = screens.get(screen) or Screen(screen, visit.seen.features, "")
                visit.merged = True


class PageGraphBuilder:
    """Builds the page graph for episodes in chunks; remembers screens across chunks.

    Per chunk, whatever its size, the graph is read at most three times (earlier placements
    of these steps; vector-index candidates for every page to match; which unobserved
    screens exist already) and the embedding model runs at most twice (summaries of the
    pages to match; summaries of new unobserved pages).
    """

    def __init__(
        self,
        detector: JumpDetector,
        summarizer: Summarizer,
        embedder: Embedder,
        known: KnownScreens,
        thresholds: Thresholds | None = None,
    ) -> None:
        self.detector = detector
        self.summarizer = summarizer
        self.embedder = embedder
        self.known = known
        self.thresholds = thresholds or Thresholds()
        self.memory = ScreenMemory()
        self.created: dict[str, Screen] = {}
        """Every screen this builder created, by id."""

    def build(self, episodes: Sequence[Episode]) -> list[EpisodeGraph | EpisodeError]:
        """Fold a chunk of episodes; one that cannot be folded comes back as its error."""
        drafts: list[_Draft | EpisodeError] = []
        for episode in episodes:
            try:
                drafts.append(self._segment(episode))
            except ValueError as error:
                drafts.append(EpisodeError(episode.source_file, episode.record, str(error)))
        good = [draft for draft in drafts if isinstance(draft, _Draft)]
        placed = self.known.placements([sid for draft in good for sid in draft.step_ids])
        for draft in good:
            draft.reuse(placed, self.created)
        pending = [v for d in good for v in d.visits if v.observed and v.screen is None]
        from_graph = self._describe_and_look_up(pending)
        graphs = {id(draft): self._fold(draft, from_graph) for draft in good}
        self._drop_known_unobserved(list(graphs.values()))
        self._embed_unobserved(list(graphs.values()))
        return [draft if isinstance(draft, EpisodeError) else graphs[id(draft)] for draft in drafts]

    def _segment(self, episode: Episode) -> _Draft:
        if not episode.steps:
            raise ValueError("the episode has no steps")
        if [step.index for step in episode.steps] != list(range(len(episode.steps))):
            raise ValueError("step indexes are not 0, 1, 2 … in order")
        seen = [Seen(o, features(o, episode.platform, episode.app)) for o in episode.observations()]
        jumps: list[Jump] = []
        visits = [Visit(0, seen[0], None)]
        for step in episode.steps:
            after = seen[step.index + 1] if step.index + 1 < len(seen) else None
            jump = self.detector(seen[step.index], step.action, after)
            jumps.append(jump)
            visits[-1].steps.append(step.index)
            if jump.jumped:
                visits.append(Visit(step.index + 1, after, step.index))
        digests = [observation_digest(s) for s in seen]
        return _Draft(episode, seen, jumps, visits, digests)

    def _describe_and_look_up(self, pending: list[Visit]) -> dict[int, list[Candidate]]:
        """Summaries and vectors for the pages to match, and their graph candidates."""
        if not pending:
            return {}
        summaries = self.summarizer([v.seen for v in pending if v.seen is not None])
        vectors = self.embedder(summaries)
        queries = []
        for visit, summary, vector in zip(pending, summaries, vectors, strict=True):
            visit.summary, visit.vector = summary, vector
            assert visit.seen is not None
            found = visit.seen.features
            queries.append(Query(id(visit), found.app, found.platform, vector))
        return self.known.candidates(queries, self.thresholds.candidates, self.thresholds.semantic)

    def _fold(self, draft: _Draft, from_graph: dict[int, list[Candidate]]) -> EpisodeGraph:
        new_screens: list[Screen] = []
        for number, visit in enumerate(draft.visits):
            if visit.screen is not None:
                continue
            if visit.observed and visit.seen is not None and visit.vector is not None:
                nearby = self.memory.nearest(
                    visit.seen.features,
                    visit.vector,
                    self.thresholds.candidates,
                    self.thresholds.semantic,
                )
                match = best_match(
                    visit.seen.features, from_graph.get(id(visit), []) + nearby, self.thresholds
                )
                if match is not None:
                    visit.screen, visit.merged = match, True
                    continue
                screen = Screen(
                    stable_id("screen", draft.episode.id, visit.observation),
                    visit.seen.features,
                    visit.summary,
                    visit.vector,
                    visit.seen.observation.screenshot,
                )
                self.memory.add(screen)
            else:
                screen = self._unobserved(draft, number)
                if screen.id in self.created:
                    visit.screen, visit.merged = self.created[screen.id], True
                    continue
            self.created[screen.id] = screen
            new_screens.append(screen)
            visit.screen = screen
        return EpisodeGraph(
            draft.episode,
            draft.visits,
            _placements(draft),
            _transitions(draft.episode, draft.visits),
            new_screens,
        )

    @staticmethod
    def _unobserved(draft: _Draft, number: int) -> Screen:
        """The screen of a page nobody observed, named by how it was reached."""
        episode, visit = draft.episode, draft.visits[number]
        base = visit.seen.features if visit.seen else _no_features(episode)
        app = base.app
        if visit.arrived_by is None:
            key, reached_by = "start", None
        else:
            parent = draft.visits[number - 1].screen
            reached_by = episode.steps[visit.arrived_by].action.summary()
            key = f"{parent.id if parent else ''}>{reached_by}"
        actions = [episode.steps[i].action for i in visit.steps]
        controls = [a.target.label() if a.target else (a.target_text or "") for a in actions]
        return Screen(
            stable_id("screen", episode.platform, app, key),
            base,
            unobserved_summary(app, reached_by, controls),
            None,
            None,
            key,
        )

    def _drop_known_unobserved(self, graphs: list[EpisodeGraph]) -> None:
        """Unobserved screens an earlier load made are visits, not new screens."""
        fresh = {s.id for g in graphs for s in g.new_screens if s.key is not None}
        known = self.known.existing(sorted(fresh)) if fresh else set()
        for graph in graphs:
            graph.new_screens = [s for s in graph.new_screens if s.id not in known]
            for visit in graph.visits:
                if visit.screen is not None and visit.screen.id in known:
                    visit.merged = True

    def _embed_unobserved(self, graphs: list[EpisodeGraph]) -> None:
        """Embed the summaries of the unobserved screens created in this chunk, in one batch."""
        pending = [s for g in graphs for s in g.new_screens if s.vector is None]
        for screen, vector in zip(
            pending, self.embedder([s.summary for s in pending]), strict=True
        ):
            screen.vector = vector


def _no_features(episode: Episode) -> ScreenFeatures:
    return features(Observation(app=episode.app), episode.platform, episode.app)


def _placements(draft: _Draft) -> list[Placement]:
    visits = draft.visits
    where = {index: number for number, visit in enumerate(visits) for index in visit.steps}
    rows = []
    for step in draft.episode.steps:
        number = where[step.index]
        jump = draft.jumps[step.index]
        on = visits[number].screen
        to = visits[number + 1].screen if jump.jumped else on
        if on is None or to is None:
            raise RuntimeError("a visit was left without a screen")
        after = step.index + 1
        rows.append(
            Placement(
                step.index,
                on.id,
                to.id,
                jump,
                draft.digests[step.index],
                draft.digests[after] if after < len(draft.digests) else None,
            )
        )
    return rows


def _transitions(episode: Episode, visits: list[Visit]) -> list[Transition]:
    """One transition per visit with queued actions: to the next page, or (the last visit)
    to itself."""
    found: list[Transition] = []
    for number, visit in enumerate(visits):
        actions = [
            episode.steps[i].action
            for i in visit.steps
            if episode.steps[i].action.kind not in NOT_QUEUED
        ]
        end = visit.screen if number == len(visits) - 1 else visits[number + 1].screen
        if not actions or visit.screen is None or end is None:
            continue
        found.append(
            Transition(
                visit.screen.id,
                end.id,
                tuple(action.summary() for action in actions),
                tuple(action.kind for action in actions),
                episode.task,
                episode.id,
            )
        )
    return found
