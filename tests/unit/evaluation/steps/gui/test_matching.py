"""GUI action matching on the shared real episodes: our actions put into AITW's form and
judged by ``taskspace.metrics.aitw`` (the reference), its strict variant, and the
element-id rule for screens without geometry."""

from __future__ import annotations

import json
from typing import Any

from taskspace.evaluation.steps.gui.matching import (
    ELEMENT_ID,
    annotation_boxes,
    as_aitw,
    rule_name,
    same_type,
    step_matches,
)
from taskspace.evaluation.steps.gui.scoring import episode_rule, score_episode, succeeded
from taskspace.metrics.aitw import ActionType
from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.model import Action, Episode, Observation, UIElement
from tests.support import SHARED_DATA, require_shared
from tests.support.episodes import shared

AITZ_SIZE = (270, 600)


def _episode(relative: str) -> Episode:
    found = [e for e in read_episodes(shared(relative)) if isinstance(e, Episode)]
    assert found, relative
    return found[0]


def _match(episode: Episode, index: int, predicted: Action, rule: str = "aitw") -> bool:
    step = episode.steps[index]
    return step_matches(predicted, step.action, step.observation, rule)


def _from_aitw(given: dict[str, Any]) -> Action:
    """An AITW action of the conformance set as our agents would give it (pixels)."""
    width, height = AITZ_SIZE
    kind = given["action_type"]
    if kind == ActionType.DUAL_POINT:
        (ty, tx), (ly, lx) = given["touch_yx"], given["lift_yx"]
        touch, lift = (tx * width, ty * height), (lx * width, ly * height)
        if touch == lift:
            return Action(kind="tap", point=touch)
        return Action(kind="swipe", point=touch, end_point=lift)
    others = {
        ActionType.TYPE: Action(kind="type", text=given["typed_text"]),
        ActionType.PRESS_BACK: Action(kind="key", key="back"),
        ActionType.PRESS_HOME: Action(kind="key", key="home"),
        ActionType.PRESS_ENTER: Action(kind="key", key="enter"),
        ActionType.STATUS_TASK_COMPLETE: Action(kind="complete", outcome="done"),
        ActionType.STATUS_TASK_IMPOSSIBLE: Action(kind="complete", outcome="impossible"),
    }
    return others[ActionType(kind)]


def test_our_actions_on_the_real_aitz_episode_agree_with_the_reference_cases() -> None:
    """Every conformance case built on the AitZ episode's own gold: our pixel actions,
    translated by guieval.matching, get the verdict AITW's code gave."""
    episode = _episode("gui/aitz_episode")
    path = require_shared(SHARED_DATA.parent / "conformance" / "aitw_actions.jsonl")
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    real = [
        case
        for case in cases
        if case["source"] != "synthetic"
        and case["source"]["gold_from"] == "result_action_type/touch/lift"
    ]
    assert len(real) >= 400
    wrong = []
    for case in real:
        step = episode.steps[case["source"]["step"]]
        assert annotation_boxes(step.observation) == [
            tuple(box) for box in case["annotation_positions"]
        ]
        if step_matches(_from_aitw(case["pred"]), step.action, step.observation) != case["match"]:
            wrong.append(case["id"])
    assert wrong == []


def test_aitz_taps_match_within_014_or_in_one_box_enlarged_by_added_140_percent() -> None:
    episode = _episode("gui/aitz_episode")
    gold = episode.steps[2].action  # the tap on the Clock icon, no box holds it
    assert gold.kind == "tap" and gold.point is not None
    x, y = gold.point
    assert _match(episode, 2, Action(kind="tap", point=(x + 0.13 * 270, y)))
    assert not _match(episode, 2, Action(kind="tap", point=(x - 0.2 * 270, y)))
    # a long press is a DUAL_POINT with touch = lift to AITW: a tap
    assert _match(episode, 2, Action(kind="long_press", point=(x, y)))
    # "File Mener" [0.675, 0.511, 0.013, 0.167]: 2.4x its width spans x 0.394-0.794, so taps
    # at x 0.40 and 0.78 (0.38 apart) match; scaled 1.4x about the centre they would not
    seen = episode.steps[2].observation
    right = Action(kind="tap", point=(0.78 * 270, 0.68 * 600))
    assert step_matches(Action(kind="tap", point=(0.40 * 270, 0.68 * 600)), right, seen)
    assert not step_matches(Action(kind="tap", point=(0.30 * 270, 0.68 * 600)), right, seen)


def test_aitz_scrolls_match_by_main_axis_and_the_strict_variant_by_direction() -> None:
    episode = _episode("gui/aitz_episode")
    swipe = episode.steps[1].action  # finger from y 0.54 to y 0.001: scroll up
    assert swipe.kind == "swipe" and swipe.point is not None
    start = swipe.point
    up = Action(kind="swipe", point=start, end_point=(start[0], start[1] - 200))
    down = Action(kind="swipe", point=start, end_point=(start[0], start[1] + 200))
    sideways = Action(kind="swipe", point=start, end_point=(start[0] + 200, start[1]))
    short = Action(kind="swipe", point=start, end_point=(start[0] + 5, start[1] + 10))
    assert _match(episode, 1, up) and _match(episode, 1, up, "aitw-strict")
    assert _match(episode, 1, down)  # AITW compares the axis, not the direction
    assert not _match(episode, 1, down, "aitw-strict")
    assert not _match(episode, 1, sideways)
    assert not _match(episode, 1, short)  # 0.019 x 0.017 apart: a tap, never a scroll
    assert _match(episode, 1, Action(kind="swipe", direction="up"))
    assert same_type(short, episode.steps[2].action, episode.steps[2].observation)


def test_aitz_types_keys_and_status_actions() -> None:
    episode = _episode("gui/aitz_episode")
    assert _match(episode, 0, Action(kind="key", key="home"))
    assert not _match(episode, 0, Action(kind="key", key="back"))
    assert _match(episode, 3, Action(kind="complete", outcome="done"))
    assert not _match(episode, 3, Action(kind="complete", outcome="impossible"))
    seen = episode.steps[0].observation
    typed = Action(kind="type", text="clock")
    # AITW never compares typed text; the strict variant does
    assert step_matches(Action(kind="type", text="calendar"), typed, seen)
    assert not step_matches(Action(kind="type", text="calendar"), typed, seen, "aitw-strict")
    assert step_matches(Action(kind="type", text=" Clock "), typed, seen, "aitw-strict")


def test_ui_tree_boxes_are_the_labelled_elements_every_one_kept() -> None:
    episode = _episode("gui/llamatouch/trace_18")
    seen = episode.steps[3].observation
    labelled = [e for e in seen.elements if e.text.strip() or e.content_desc.strip()]
    assert len(annotation_boxes(seen)) == len(labelled) > 0
    # gold: the START +10 XP button at (644.6, 1283.3) on 1080x2400
    assert _match(episode, 3, Action(kind="tap", point=(900, 1250)))
    button = next(e for e in seen.elements if e.uid.startswith("com.duolingo:id/learnB"))
    assert _match(episode, 3, Action(kind="tap", target=button))  # its centre
    assert not _match(episode, 3, Action(kind="tap", point=(130, 2300)))


def test_screens_without_geometry_are_matched_by_element_id_under_their_own_name() -> None:
    episode = _episode("gui/autodroid_utg/calendar_utg.yaml")
    assert episode_rule(episode) == ELEMENT_ID
    first = episode.steps[0]
    assert rule_name(first.action, first.observation) == ELEMENT_ID
    assert _match(episode, 0, Action(kind="tap", target=UIElement(uid="2")))
    assert not _match(episode, 0, Action(kind="tap", target=UIElement(uid="3")))
    typed = episode.steps[24].action
    assert typed.kind == "type" and typed.text == "hello"
    assert _match(episode, 24, Action(kind="type", text=" Hello", target=typed.target))
    assert not _match(episode, 24, Action(kind="type", text="hell", target=typed.target))


def test_kinds_aitw_lacks_match_only_their_own_kind() -> None:
    seen = Observation(width=1000, height=1000)
    assert as_aitw(Action(kind="open_app", text="Chrome"), (1000, 1000)).action_type > 11
    app = Action(kind="open_app", text="Chrome")
    assert step_matches(Action(kind="open_app", text="Gmail"), app, seen)
    assert not step_matches(Action(kind="open_app", text="Gmail"), app, seen, "aitw-strict")
    assert not step_matches(Action(kind="wait"), app, seen)


def test_episode_success_needs_every_step() -> None:
    episode = _episode("gui/aitz_episode")
    gold = [step.action for step in episode.steps]
    assert succeeded(score_episode(episode, gold))
    assert not succeeded(score_episode(episode, [*gold[:-1], None]))
