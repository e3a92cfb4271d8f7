"""Page measures, jump rules and the same-page verdict, on real images and built screens."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from taskspace.graph.errors import InvalidNameError
from taskspace.graph.queries import fill_slots
from taskspace.sources.episodes.model import Action, Observation, UIElement
from taskspace.sources.episodes.pagegraph.features import features
from taskspace.sources.episodes.pagegraph.jump import OfflineJumpDetector, Seen, action_jumps
from taskspace.sources.episodes.pagegraph.similarity import (
    bag,
    hash_similarity,
    image_hash,
    jaccard,
    text_similarity,
)
from taskspace.sources.episodes.pagegraph.summary import (
    clip_sentences,
    offline_summary,
    unobserved_summary,
)
from taskspace.sources.episodes.pagegraph.verdict import Thresholds, compare
from tests.support import SHARED_DATA
from tests.support.pagegraph import MAIL, screen


def _seen(observation: Observation) -> Seen:
    return Seen(observation, features(observation, "android", MAIL))


def _draw(path: Path, boxes: list[tuple[int, int, int, int]], label_row: int = 0) -> Path:
    """A 270x600 'screen' with dark boxes, written as a real PNG."""
    image = Image.new("RGB", (270, 600), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 270, 40), fill=(30, 90, 200))  # toolbar every screen shares
    for box in boxes:
        draw.rectangle(box, fill=(40, 40, 40))
    draw.text((10, 60 + label_row), "12:00", fill=(0, 0, 0))
    image.save(path)
    return path


def test_bagged_jaccard_counts_repeats() -> None:
    assert jaccard(bag(["row"] * 2), bag(["row"] * 4)) == 0.5
    assert jaccard(set(), set()) == 1.0
    assert text_similarity("Search mail Inbox", "inbox search") == pytest.approx(2 / 3)


def test_screenshot_hash_tells_an_edit_from_another_page(tmp_path: Path) -> None:
    list_page = [(10, 60 + 50 * i, 260, 100 + 50 * i) for i in range(8)]
    form_page = [(10, 80, 130, 300), (140, 80, 260, 300), (60, 400, 210, 460)]
    a = image_hash(_draw(tmp_path / "a.png", list_page))
    b = image_hash(_draw(tmp_path / "b.png", list_page, label_row=12))
    c = image_hash(_draw(tmp_path / "c.png", form_page))
    assert a is not None and b is not None and c is not None and len(a) == 256
    assert hash_similarity(a, b) >= 0.9
    assert hash_similarity(a, c) < 0.8
    (tmp_path / "broken.png").write_bytes(b"not an image")
    assert image_hash(tmp_path / "broken.png") is None
    assert image_hash(tmp_path / "missing.png") is None


def test_real_screenshots_hash_apart() -> None:
    folder = SHARED_DATA / "gui" / "aitz_episode"
    shots = sorted(folder.glob("*.png"))
    if len(shots) < 2:
        pytest.skip(f"real test data is absent: {folder}")
    hashes = [image_hash(path) for path in shots]
    assert all(h is not None and len(h) == 256 for h in hashes)
    assert hashes[0] != hashes[1]


def test_verdict_order_of_evidence() -> None:
    limits = Thresholds()
    inbox, inbox_later = screen("inbox", ["a"]), screen("inbox", ["b", "c"])
    assert compare(_seen(inbox).features, _seen(inbox_later).features, limits).same is True
    assert compare(_seen(inbox).features, _seen(screen("compose")).features, limits).same is False
    other_activity = inbox_later.model_copy(update={"activity": f"{MAIL}/.Settings"})
    verdict = compare(_seen(inbox).features, _seen(other_activity).features, limits)
    assert (verdict.same, verdict.reason) == (False, "activity changed")
    keyed = [Observation(app=MAIL, state_key=key, elements=inbox.elements) for key in "xx"]
    assert compare(_seen(keyed[0]).features, _seen(keyed[1]).features, limits).reason == (
        "same state"
    )
    nothing = _seen(Observation(app=MAIL)).features
    assert compare(nothing, nothing, limits).same is None


def test_labels_count_as_layout_only_without_resource_ids() -> None:
    plain = [UIElement(uid="1", cls="button", text="Search"), UIElement(uid="2", cls="p")]
    found = features(Observation(elements=plain), "android", "app").layout
    assert found == frozenset({"button|||search#1", "p||#1"})


def test_jumps_follow_the_screens_then_the_action() -> None:
    detect = OfflineJumpDetector()
    inbox, compose = _seen(screen("inbox")), _seen(screen("compose"))
    tap = Action(kind="tap", target_text="Compose")
    assert detect(inbox, tap, compose).jumped
    assert not detect(inbox, tap, _seen(screen("inbox", ["new mail"]))).jumped
    bare = _seen(Observation(app="shop"))
    link = Action(kind="tap", target_role="link", target_text="Deals")
    assert detect(bare, link, bare).jumped and detect(bare, link, None).reason == "tapped a link"


@pytest.mark.parametrize(
    ("action", "jumped"),
    [
        (Action(kind="tap", target_role="[button]", target_text="Update search"), True),
        (Action(kind="tap", target_role="[link]", target_text="Sushi"), True),
        (Action(kind="tap", target_role="[span]", target_text="Boston"), False),
        (Action(kind="tap", target_role="[svg]", target_text=""), False),
        (Action(kind="tap", target=UIElement(uid="a", cls="a", text="Home")), True),
        (Action(kind="key", key="enter"), True),
        (Action(kind="key", key="delete"), False),
        (Action(kind="type", text="Boston", target_text="Find a location"), False),
        (Action(kind="select", text="5:00 PM", target_text="Time"), False),
        (Action(kind="open_app", text="Clock"), True),
        (Action(kind="complete"), False),
    ],
)
def test_action_heuristic_for_inputs_without_screens(action: Action, jumped: bool) -> None:
    assert action_jumps(action).jumped is jumped


def test_offline_summaries() -> None:
    assert offline_summary(_seen(screen("compose"))) == (
        "com.example.mail MainActivity: To | Subject | Message body | Send | Attach"
    )
    described = Observation(app="clock", description="The alarm list. It has 3 alarms. " * 20)
    assert offline_summary(_seen(described)).startswith("clock: The alarm list. It has 3 alarms.")
    web = Observation(url="https://Shop.example/cart/?b=2&a=1")
    assert offline_summary(Seen(web, features(web, "web", None))) == "shop.example /cart"
    assert unobserved_summary("tock", None, ["Time", "Time", ""]) == (
        "tock start page; controls used: Time"
    )
    assert clip_sentences("One. Two. Three.", 9) == "One. Two."


def test_integer_slots_are_bounded() -> None:
    assert fill_slots("->{1,{{layers}}}", {"layers": 3}) == "->{1,3}"
    for bad in (-1, 101, True):
        with pytest.raises(InvalidNameError):
            fill_slots("{{layers}}", {"layers": bad})
