"""AITW / GUI Odyssey action matching on hand-checked pairs from the shared real episodes."""

from __future__ import annotations

import pytest

from taskspace.episodes.formats import read_episodes
from taskspace.episodes.model import Action, Episode, UIElement
from taskspace.guieval.matching import (
    AITW,
    ODYSSEY,
    actions_match,
    episode_success,
    gesture,
    rule_for,
)
from tests.episode_support import shared


def _episode(relative: str) -> Episode:
    found = [e for e in read_episodes(shared(relative)) if isinstance(e, Episode)]
    assert found, relative
    return found[0]


def _match(episode: Episode, index: int, predicted: Action) -> bool:
    step = episode.steps[index]
    seen = step.observation
    size = (seen.width, seen.height) if seen.width and seen.height else None
    return actions_match(predicted, step.action, seen.elements, size, rule_for(episode.dataset))


def test_aitz_taps_within_014_match_and_far_ones_do_not() -> None:
    episode = _episode("gui/aitz_episode")
    # gold: tap on "Clock" at touch_yx (0.498, 0.607) of the 270x600 screenshot
    gold = episode.steps[2].action
    assert gold.kind == "tap" and gold.point is not None
    x, y = gold.point
    assert _match(episode, 2, Action(kind="tap", point=(x + 0.13 * 270, y)))
    # 0.2 of the width to the left: "Chru" (ocr/21) boxes hold neither point
    assert not _match(episode, 2, Action(kind="tap", point=(x - 0.2 * 270, y)))
    # a different kind never matches
    assert not _match(episode, 2, Action(kind="long_press", point=(x, y)))


def test_aitz_two_point_actions_are_taps_or_scrolls_by_length() -> None:
    episode = _episode("gui/aitz_episode")
    swipe = episode.steps[1].action  # touch (0.507, 0.541) lift (0.578, 0.001): scroll up
    assert swipe.kind == "swipe" and swipe.point is not None
    start = swipe.point
    up = Action(kind="swipe", point=start, end_point=(start[0], start[1] - 200))
    down = Action(kind="swipe", point=start, end_point=(start[0], start[1] + 200))
    short = Action(kind="swipe", point=start, end_point=(start[0] + 5, start[1] + 10))
    assert _match(episode, 1, up)
    assert not _match(episode, 1, down)
    assert not _match(episode, 1, short)  # 0.02 x 0.017 apart: a tap, not a scroll
    assert gesture(short, (270, 600), AITW).kind == "tap"
    # and a short swipe predicted on the tap step is that tap
    tap = episode.steps[2].action.point
    assert tap is not None
    assert _match(episode, 2, Action(kind="swipe", point=tap, end_point=(tap[0] + 3, tap[1])))


def test_aitz_keys_and_completion() -> None:
    episode = _episode("gui/aitz_episode")
    assert _match(episode, 0, Action(kind="key", key="home"))
    assert not _match(episode, 0, Action(kind="key", key="back"))
    assert _match(episode, 3, Action(kind="complete"))


def test_llamatouch_taps_in_one_enlarged_box_match() -> None:
    episode = _episode("gui/llamatouch/trace_18")
    # gold: START +10 XP at (644.6, 1283.3) on 1080x2400
    assert _match(episode, 3, Action(kind="tap", point=(900, 1250)))  # same button, 0.24 away
    # under the popup "Use basic phrases" (84,980,996,1402): in it only once enlarged 1.4x
    assert _match(episode, 3, Action(kind="tap", point=(130, 1420)))
    # below every enlarged box holding the gold point, 0.48 away
    assert not _match(episode, 3, Action(kind="tap", point=(130, 1500)))


def test_llamatouch_id_based_tap_matches_by_the_element_box() -> None:
    episode = _episode("gui/llamatouch/trace_18")
    elements = {e.uid: e for e in episode.steps[3].observation.elements}
    button = next(e for uid, e in elements.items() if uid.startswith("com.duolingo:id/learnB"))
    assert _match(episode, 3, Action(kind="tap", target=button))
    root = UIElement(uid="x", bounds=(0, 0, 100, 100))
    assert not _match(episode, 3, Action(kind="tap", target=root))


def test_droidbot_steps_match_by_element_id_and_typed_text() -> None:
    episode = _episode("gui/autodroid_utg/calendar_utg.yaml")
    first = episode.steps[0].action
    assert first.target is not None and first.target.uid == "2"
    assert _match(episode, 0, Action(kind="tap", target=UIElement(uid="2")))
    assert not _match(episode, 0, Action(kind="tap", target=UIElement(uid="3")))
    typed = episode.steps[24].action
    assert typed.kind == "type" and typed.text == "hello"
    assert _match(episode, 24, Action(kind="type", text=" Hello"))
    assert not _match(episode, 24, Action(kind="type", text="hell"))


def test_odyssey_grid_gives_the_same_verdicts_on_0_1000() -> None:
    size = (1080, 2400)
    gold = Action(kind="tap", point=(540.0, 1200.0))
    assert gesture(gold, size, ODYSSEY).point == pytest.approx((500.0, 500.0))
    for dx in (100, 151, 400):
        predicted = Action(kind="tap", point=(540.0 + dx, 1200.0))
        assert actions_match(predicted, gold, [], size, ODYSSEY) == actions_match(
            predicted, gold, [], size, AITW
        )
    near = Action(kind="tap", point=(540.0 + 0.139 * 1080, 1200.0))
    far = Action(kind="tap", point=(540.0 + 0.141 * 1080, 1200.0))
    assert actions_match(near, gold, [], size, ODYSSEY)
    assert not actions_match(far, gold, [], size, ODYSSEY)
    assert rule_for("gui_odyssey") is ODYSSEY and rule_for("aitw") is AITW


def test_episode_success_needs_every_step() -> None:
    assert episode_success([True, True])
    assert not episode_success([True, False])
    assert not episode_success([])
